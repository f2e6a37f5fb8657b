"""What a slow command says at once (``Session.say_at_once``, homes12:
``accept N``'s first words before the room is joined) reaches the screen
at once, in the prompt application and over piped lines. The reply it
belongs to is written inside :meth:`Voice.one_reply`, where the screen
(:class:`FittedWriter`, the one stream everything goes through) holds what
is written until the reply ends: homes12 handed the session
``Voice.emit`` itself, so the words waited with the rest, printed (and
read by a screen reader) only once the slow part was over. Now the words
said at once are handed on as they are said (``FittedWriter.release``)."""

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
from audio_scrabble.presentation.speech import RecordingSpeaker


class Slow(Session):
    """``slow`` says "Working on it." at once, then notes what the terminal
    showed by then, and answers as ``rack`` does."""

    terminal: io.StringIO
    seen: list[str]

    def handle_line(self, text: str) -> list[str]:
        if text.strip() != "slow":
            return super().handle_line(text)
        assert self.say_at_once is not None
        self.say_at_once(["Working on it."])
        self.seen.append(self.terminal.getvalue())
        return super().handle_line("rack")


def _slow(terminal: io.StringIO) -> Slow:
    words = services.WordSet(["QI", "ZA", "AT", "TA"])
    session = Slow(Options(players="Ann,Bob", seed=7), lexicon=words)
    session.terminal, session.seen = terminal, []
    return session


def test_the_prompt_shows_it_before_the_slow_part_ends() -> None:
    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: None)
    session = _slow(terminal)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(session, RecordingSpeaker(screen), screen=screen)  # type: ignore[arg-type]
        inp.send_text("slow\rquit\ryes\r")
        assert app.run() == 0
    assert session.seen and "Working on it." in session.seen[0], session.seen
    assert terminal.getvalue().count("Working on it.") == 1


def test_piped_lines_show_it_before_the_slow_part_ends() -> None:
    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: None)
    session = _slow(terminal)
    assert run_plain(session, RecordingSpeaker(screen), io.StringIO("slow\nquit\nyes\n"), screen) == 0  # type: ignore[arg-type]
    assert session.seen and "Working on it." in session.seen[0], session.seen
    assert terminal.getvalue().count("Working on it.") == 1
