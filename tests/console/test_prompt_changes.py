"""``set prompt changes``: a prompt the screen reader does not read after
every reply (issue 22, point 6).

Orca read "Ann>" after almost every reply (16 to 18 times in 22 steps),
and "greater" after some questions. With ``changes`` nothing is written
before the cursor; the prompt's words, without the ``>``, end the reply on
a line of their own when they are not the ones told last. It is the
default at a terminal when a screen reader runs and the game does not
speak itself.
"""

from __future__ import annotations

import io
import sys

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services, start
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.prompts_settings import prompt_when_changed
from audio_scrabble.presentation.speech import TextSpeaker


def _app(prompt: str) -> tuple[ConsoleApp, Session, io.StringIO]:
    session = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    session.start()
    session.handle_line("")  # Ann hears her rack
    assert session.handle_line(f"set prompt {prompt}")
    screen = io.StringIO()
    return ConsoleApp(session, TextSpeaker(screen), screen=screen), session, screen


def test_the_prompt_is_told_only_when_it_changes() -> None:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app, session, screen = _app("changes")
        before_cursor = [app._prompt_now()]
        for line in ("scores", "rack", "bag"):
            session.handle_line(line)
            before_cursor.append(app._prompt_now())
        session.handle_line("quit")  # a question: its own prompt, once
        before_cursor.append(app._prompt_now())
        session.handle_line("no")
        before_cursor.append(app._prompt_now())
    assert before_cursor == [""] * 6
    told = screen.getvalue().splitlines()
    assert told == ["Ann", "yes or no", "Ann"]


def test_full_is_written_every_time() -> None:
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app, session, _ = _app("full")
        written = [app._prompt_now()]
        session.handle_line("scores")
        written.append(app._prompt_now())
    assert written == ["Ann> ", "Ann> "]


def test_the_words_of_a_prompt_without_its_sign() -> None:
    assert prompt_when_changed("move 3 of 27> ") == "move 3 of 27"
    assert prompt_when_changed("> ") == ""
    assert prompt_when_changed("yes/no> ") == "yes/no"


def test_set_prompt_changes_is_confirmed_and_listed() -> None:
    session = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    session.start()
    assert session.handle_line("set prompt changes") == ["Prompt: only when it changes."]
    assert "prompt changes." in session.handle_line("set")
    assert session.handle_line("set prompt loud")[0].startswith("The prompt is full, short or changes")


@pytest.mark.parametrize(("argv", "reader", "expected"), [
    ([], True, "changes"),
    (["--speech", "text"], True, "changes"),
    ([], False, "full"),
    (["--prompt", "full"], True, "full"),
    (["--prompt", "short"], True, "short"),
])
def test_changes_is_the_default_where_a_screen_reader_reads_the_console(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], reader: bool, expected: str,
) -> None:
    from audio_scrabble.cli import build_parser

    seen: list[str] = []

    def run(self: ConsoleApp) -> int:
        seen.append(self.session.settings.prompt)
        return 0

    monkeypatch.setattr(ConsoleApp, "run", run)
    monkeypatch.setattr(services, "screen_reader_name", lambda: "Orca" if reader else None)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    args = build_parser([]).parse_args(["--players", "Ann,Bob", "--new", *argv])
    assert start.run(args) == 0
    assert seen == [expected]
