"""Shared by the console tests that read what the real console wrote to a
terminal (tests/console/test_arrow_line_written_back.py,
test_review7_tall_answer_not_overwritten.py, test_fkey_typed_line.py):
a two-player game (Alice and Bob, seed 1, every word accepted), the
answers of board keys in that game, and the keys typed into ConsoleApp
through prompt_toolkit's pipe input with a terminal of a given height
that keeps every byte written to it."""

from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import TextSpeaker

from console_kit import AcceptAll  # type: ignore[import-not-found]

#: the right arrow, as a terminal sends it
RIGHT = "\x1b[C"
#: Enter on the opening (the hand-over), then Bob's turn
BEGIN = "\r"
#: the program left
LEAVE = "quit\ryes\r"


class _Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def pair_session() -> Session:
    """Alice and Bob, seed 1, every word accepted; not started."""
    return Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())


def key_answers(*actions: str) -> list[str]:
    """The last line of each board key's answer (an action per key), one
    after the other in the game of pair_session, Enter pressed on its opening."""
    s = pair_session()
    s.start()
    s.handle_line("")
    return [s.key(action)[-1] for action in actions]


def typed_at_a_terminal(keys: str, rows: int = 24) -> tuple[str, str]:
    """``keys`` typed into ConsoleApp over pair_session (BEGIN before them,
    LEAVE after) on a terminal ``rows`` high and 80 wide: every byte it
    wrote, and what the speaker printed."""
    raw = _Raw()
    output = Vt100_Output(raw, lambda: Size(rows=rows, columns=80), term="xterm")
    screen = io.StringIO()
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(pair_session(), TextSpeaker(screen), screen=screen, output=output)
        inp.send_text(BEGIN + keys + LEAVE)
        assert app.run() == 0
    return raw.getvalue(), screen.getvalue()
