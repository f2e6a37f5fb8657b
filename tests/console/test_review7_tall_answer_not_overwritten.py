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

import io
import sys

import pytest

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import TextSpeaker

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the answer's line is blanked on Linux only")

RIGHT = "\x1b[C"


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


class _Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def _session() -> Session:
    return Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())


def _written(rows: int) -> tuple[str, str]:
    s = _session()
    s.start()
    s.handle_line("")
    first = s.key("right")[-1]
    raw = _Raw()
    output = Vt100_Output(raw, lambda: Size(rows=rows, columns=80), term="xterm")
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(_session(), TextSpeaker(io.StringIO()), screen=io.StringIO(), output=output)
        inp.send_text("\r" + RIGHT + RIGHT + "quit\ryes\r")
        assert app.run() == 0
    return raw.getvalue(), first


def test_an_answer_filling_the_screen_is_not_written_over() -> None:
    written, first = _written(1)
    assert f"\x1b7\x1b[1A\r{first}\x1b8" not in written, written[-600:]


def test_below_a_full_screen_the_line_is_still_written_back() -> None:
    written, first = _written(2)
    assert f"\x1b7\x1b[1A\r{first}\x1b8" in written, written[-600:]
