"""An arrow's answer as tall as the screen or taller (a large font, a
few rows; news after an arrow) is not overwritten by the last answer's
line written back (console/output/answer_line.py, AnswerLine.restore).

The line above the new answer is blanked while it is drawn and written
back after, the cursor moved up over the new answer's rows. When those
rows fill the screen, the blanked line has scrolled off it: the cursor
stops at the screen's top row, the new answer's own first line, and the
old line was written over it, so the screen showed the last answer where
the new one should be. Now nothing is written back then (the line is in
the scrollback, out of reach). Over the real console (prompt_toolkit
over a pipe), as tests/console/test_arrow_line_written_back.py, with a
screen one row high: the answer (one line) fills it."""

from __future__ import annotations

import sys

import pytest

from piped_terminal_kit import RIGHT, key_answers, typed_at_a_terminal  # type: ignore[import-not-found]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the answer's line is blanked on Linux only")


def _written(rows: int) -> tuple[str, str]:
    first = key_answers("right")[0]
    written, _ = typed_at_a_terminal(RIGHT + RIGHT, rows)
    return written, first


def test_an_answer_filling_the_screen_is_not_written_over() -> None:
    written, first = _written(1)
    assert f"\x1b7\x1b[1A\r{first}\x1b8" not in written, written[-600:]


def test_below_a_full_screen_the_line_is_still_written_back() -> None:
    written, first = _written(2)
    assert f"\x1b7\x1b[1A\r{first}\x1b8" in written, written[-600:]
