"""A reply is laid out once (issue 25): where its lines leave the game for
the terminal, the speech and the braille display
(``presentation.layout.lay_out``, called by the session's transcript), not
again by the voice or the screen stream; ``repeat`` says the same lines.

The layout's functions are wrapped in counters and a few commands are
played through the real console (the prompt application and the piped
one) in braille mode, where laying out changes the lines.
"""

from __future__ import annotations

import io
from typing import Any, Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.output.brailleview import FittedWriter
from audio_scrabble.console.output.output import Transcript
from audio_scrabble.console.plain import run_plain
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation import layout
from audio_scrabble.presentation.speech import RecordingSpeaker

CELLS = 20
COMMANDS = ["rack", "scores", "pass", "repeat", "help", "quit", "yes"]


class Counted:
    """A layout function that counts its calls and keeps what each returned."""

    def __init__(self, real: Callable[..., list[str]]):
        self.real = real
        self.outputs: list[list[str]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> list[str]:
        out = self.real(*args, **kwargs)
        self.outputs.append(list(out))
        return out

    @property
    def calls(self) -> int:
        return len(self.outputs)


@pytest.fixture
def counted(monkeypatch) -> dict[str, Counted]:
    found = {}
    for name in ("lay_out", "fit_cells", "fit_columns"):
        found[name] = Counted(getattr(layout, name))
        monkeypatch.setattr(layout, name, found[name])
    return found


@pytest.fixture
def replies(monkeypatch) -> list[list[str]]:
    """Every reply the session's transcript gave out, as given."""
    given: list[list[str]] = []
    real = Transcript.reply

    def reply(self: Transcript, lines, remember: bool = True) -> list[str]:
        out = real(self, lines, remember)
        given.append(list(out))
        return out

    monkeypatch.setattr(Transcript, "reply", reply)
    return given


def _session() -> Session:
    words = services.WordSet(["QI", "ZA", "AT", "TA"])
    return Session(Options(players="Ann,computer:club", seed=7, braille_width=CELLS), lexicon=words)


def _runs(lines: list[str], outputs: list[list[str]]) -> bool:
    """Whether ``lines`` stand together, as they are, in one of the outputs."""
    n = len(lines)
    return any(out[k:k + n] == lines for out in outputs for k in range(len(out) - n + 1))


def _check(counted: dict[str, Counted], replies: list[list[str]], speaker: RecordingSpeaker,
           terminal: io.StringIO) -> None:
    lay_out = counted["lay_out"]
    assert len(replies) >= len(COMMANDS)  # the opening, each command, the computer's moves
    # one layout a reply (but repeat's, which says the lines said before as
    # they were), and nothing laid out again after it: not by the voice
    # (the terminal's columns), not by the screen stream (the cells)
    repeated = [k for k in range(1, len(replies)) if replies[k] == replies[k - 1]]
    assert len(repeated) == 1
    assert lay_out.calls == len(replies) - 1
    assert counted["fit_cells"].calls == lay_out.calls
    assert counted["fit_columns"].calls == lay_out.calls
    assert lay_out.outputs == replies[:repeated[0]] + replies[repeated[0] + 1:]
    # what was said is a reply's lines as laid out, and so is what was printed
    said = [text.split("\n") for text, kind in zip(speaker.messages, speaker.kinds) if kind == "reply"]
    assert said and all(_runs(lines, lay_out.outputs) for lines in said)
    printed = terminal.getvalue().splitlines()
    assert printed and all(len(line) <= CELLS for line in printed)
    laid = {line for out in lay_out.outputs for line in out}
    answers = [line.split("> ", 1)[-1] for line in printed]  # a piped answer follows its prompt
    assert all(line in laid for line in answers if line.strip()), printed
    # repeat says the reply before it (the computer's answer to the pass), the same lines
    assert any(replies[k] == replies[k - 1] and "exchanged 4 tiles." in replies[k]
               for k in range(1, len(replies)))


def test_the_prompt_lays_each_reply_out_once(counted, replies) -> None:
    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: CELLS)
    speaker = RecordingSpeaker(screen)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(_session(), speaker, screen=screen)  # type: ignore[arg-type]
        inp.send_text("\r".join(COMMANDS) + "\r")
        assert app.run() == 0
    _check(counted, replies, speaker, terminal)


def test_piped_lines_lay_each_reply_out_once(counted, replies) -> None:
    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: CELLS)
    speaker = RecordingSpeaker(screen)
    code = run_plain(_session(), speaker, io.StringIO("\n".join(COMMANDS) + "\n"), screen)  # type: ignore[arg-type]
    assert code == 0
    _check(counted, replies, speaker, terminal)


def test_repeat_says_the_lines_said_not_laid_out_again(counted) -> None:
    """On 14 cells, ``help keys`` ends ``help keys`` / ``more:`` / ``the
    rest.``; laid out again, those lines came back as ``help`` / ``keys
    more:``: what is repeated is what was said."""
    s = Session(Options(players="Ann,computer:club", seed=1, braille_width=14), lexicon=services.WordSet(["QI"]))
    s.start()
    said = s.handle_line("help keys")
    calls = counted["lay_out"].calls
    assert s.handle_line("repeat") == said and s.handle_line("again") == said
    assert said[-3:] == ["help keys", "more:", "the rest."]
    assert counted["lay_out"].calls == calls  # nothing laid out to say it again
    assert s.key("repeat") == said


def test_a_reply_is_laid_out_for_the_terminal_it_leaves_for(counted) -> None:
    out = Transcript(lambda: None)
    out.follow_columns(lambda: 24)
    lines = out.reply(["'plya' is not a command; did you mean play?"])
    assert lines == ["'plya' is not a command;", "did you mean play?"]
    assert counted["lay_out"].calls == 1 and out.last_reply == lines
    assert out.reply(["Short."]) == ["Short."]


def test_the_screen_lays_out_only_a_line_that_does_not_fit(counted) -> None:
    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: CELLS)
    screen.write("Fits the display.\nSpeech has stopped working; using text.\n")
    screen.flush()
    assert counted["fit_cells"].calls == 1  # the second line only
    assert all(len(line) <= CELLS for line in terminal.getvalue().splitlines())
