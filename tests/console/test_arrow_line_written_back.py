"""Arrow after arrow: the last answer's line is blank while the next is
drawn below it, and written back after (console/output/answer_line.py,
AnswerLine.restore), so that at the bottom of a full screen Orca reads the
new answer alone (tests/e2e/test_orca_full_screen_arrows.py) and every
answer stays on the screen.

The real console (prompt_toolkit over a pipe, its terminal output kept):
the line break below the first answer comes with spaces over it, and the
first answer is written back over them, the cursor saved and put back
around it; in a real terminal (tmux) the screen keeps both answers, one
under the other. On Linux, where it was measured (not where NVDA or JAWS
read a console by its lines)."""

from __future__ import annotations

import shutil
import sys
import time

import pytest

from piped_terminal_kit import RIGHT, key_answers, typed_at_a_terminal  # type: ignore[import-not-found]
from tmux_terminal import terminal_factory  # noqa: F401 - a fixture

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the answer's line is blanked on Linux only")


def test_the_last_answer_is_blank_under_the_break_and_written_back() -> None:
    first, second = key_answers("right", "right")
    written, _ = typed_at_a_terminal(RIGHT + RIGHT)
    blank = "\r" + " " * len(first) + "\r\n"
    back = f"\x1b7\x1b[1A\r{first}\x1b8"
    assert blank in written and back in written, written[-600:]
    assert written.index(first) < written.index(blank) < written.index(second) < written.index(back)
    assert written.count(back) == 1


def test_in_a_real_terminal_both_answers_stay(terminal_factory) -> None:  # type: ignore[no-untyped-def]
    if not shutil.which("tmux"):
        pytest.skip("Debian package tmux is not installed")
    first, second = key_answers("right", "right")
    t = terminal_factory(["--players", "Alice,Bob", "--seed", "1", "--new", "--speech", "text"])
    t.wait_for_prompt()
    t.type("")
    t.wait_for_prompt()
    t.key("Right")
    t.wait_for(first)
    t.key("Right")
    t.wait_until(lambda sc: second in sc, "the second answer")
    time.sleep(0.6)  # the first is written back
    lines = [line.strip() for line in t.screen().splitlines() if line.strip()]
    assert lines[-2:] == [first, second], lines[-4:]
    t.type("quit")
    t.type("yes")
