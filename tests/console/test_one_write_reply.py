"""Each reply reaches the terminal in one write, the computer's move with it.

Orca's terminal script garbled a reply the game wrote in two bursts (the
player's move, then the computer's about 30 ms later): it read the
computer's lines twice and lost "You played ..." (issue 22, point 4). The
screen stream (brailleview.FittedWriter) is wrapped here in a stream that
counts the writes handed to the terminal.
"""

from __future__ import annotations

import io

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.output.brailleview import FittedWriter
from audio_scrabble.console.plain import run_plain
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import TextSpeaker


class CountedTerminal(io.StringIO):
    """What the terminal was given, write by write."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)


def _session() -> Session:
    words = services.WordSet(["QI", "ZA", "AT", "TA"])
    return Session(Options(players="Ann,computer:club", seed=7), lexicon=words)


def _the_write_holding(writes: list[str], text: str) -> str:
    found = [w for w in writes if text in w]
    assert len(found) == 1, (text, writes)
    return found[0]


def _check(writes: list[str]) -> None:
    # the opening: the draw for first turn and the computer's first move
    opening = _the_write_holding(writes, "Club computer plays first.")
    assert "Audio Scrabble." in opening and "Club computer played QI" in opening  # the one form of a play (issue 23 item 10)
    # the player's move and the computer's answer to it, in one write
    reply = _the_write_holding(writes, "You passed.")
    assert "Club computer exchanged" in reply
    assert reply.index("You passed.") < reply.index("Club computer exchanged")
    # the answer to scores is one write of its own
    assert "You 0, Club computer 2.\n" in writes


def test_piped_lines_each_reply_one_write() -> None:
    terminal = CountedTerminal()
    screen = FittedWriter(terminal, lambda: None)
    code = run_plain(_session(), TextSpeaker(screen), io.StringIO("pass\nscores\nquit\nyes\n"),  # type: ignore[arg-type]
                     screen)  # type: ignore[arg-type]
    assert code == 0
    _check(terminal.writes)


def test_the_prompt_each_reply_one_write() -> None:
    terminal = CountedTerminal()
    screen = FittedWriter(terminal, lambda: None)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(_session(), TextSpeaker(screen), screen=screen)  # type: ignore[arg-type]
        inp.send_text("pass\rscores\rquit\ryes\r")
        assert app.run() == 0
    _check(terminal.writes)


def test_a_held_screen_writes_once_and_fits_each_line() -> None:
    terminal = CountedTerminal()
    screen = FittedWriter(terminal, lambda: 20)
    with screen.held():
        screen.write("You played FACED, E7 across, 24 points.\n")
        screen.flush()
        screen.write("Club computer: QI,\nG8 across, 2.\n")
        assert terminal.writes == []
    assert len(terminal.writes) == 1
    assert all(len(line) <= 20 for line in terminal.writes[0].splitlines())
    assert "Club computer: QI," in terminal.writes[0]
