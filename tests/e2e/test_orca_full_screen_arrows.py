"""Arrow after arrow at the bottom of a full screen, under the test's own
Orca: each answer heard once, shown on Orca's braille line, and every
answer kept on the screen, one under the other.

An arrow's answer is drawn on the input line, the next one below it
(console/output/answer_line.py). Once the terminal is full, the line
break between them scrolls it, and VTE reports the scroll and the new
answer as one insertion beginning at the end of the line above: Orca's
terminal script read it from that line's start and said the last
answer again ("I8.", "J8." after the second Right). The break alone
first is a caret move Orca says after an arrow ("blank"). Now the last
answer's line is blank while the next is drawn and written back after
(AnswerLine.restore). Here the screen is filled (``help`` twice and
``help keys``), then arrows are pressed one at a time, listening to
each, and then three quickly (150 ms apart, before a blank line's
restore is due: it is written back at the next key).

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

import time
from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, _plain, board_key_answers, decoy, desktop, full_screen, key_answered, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

KEYS = (("Right", "right"), ("Right", "right"), ("Down", "down"), ("Left", "left"), ("Up", "up"))
QUICK = (("Right", "right"), ("Right", "right"), ("Right", "right"))


def _screen(desktop: Desktop) -> list[str]:
    return [line.strip() for line in desktop.terminal_text().split("\f")[0].rstrip("\n").split("\n")]


def test_each_arrow_heard_once_and_kept_at_the_bottom_of_a_full_screen(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    answers = board_key_answers([action for _, action in KEYS + QUICK])
    full_screen(desktop, start_game)
    rows = len(_screen(desktop))
    heard, braille = [], []
    for (key, _), answer in zip(KEYS, answers):
        pressed = key_answered(desktop, key, answer[-1])
        heard.append([line for line in desktop.spoken_since(pressed) if line != key])
        braille.append(desktop.braille_since(pressed))
        time.sleep(0.3)
    pressed = desktop.terminal_mark()
    desktop.key(*(key for key, _ in QUICK))
    desktop.wait_spoken(pressed, answers[-1][-1], 10)
    desktop.settle(1.0)
    quick = [line for line in desktop.spoken_since(pressed) if line not in ("Right",)]
    screen = _screen(desktop)
    wanted = [[_plain(line) for line in answer] for answer in answers]
    print(f"{rows} rows; heard {heard}, then quickly {quick}; braille {braille}; "
          f"the screen's last lines {screen[-10:]}")
    assert rows >= 60  # full: the line breaks scroll it
    assert heard == wanted[:len(KEYS)]
    assert quick == [line for answer in wanted[len(KEYS):] for line in answer]
    assert all(answer[-1] in shown for answer, shown in zip(wanted, braille)), braille
    kept = [line for answer in answers for line in answer]
    assert screen[-len(kept):] == kept, screen[-len(kept) - 2:]
