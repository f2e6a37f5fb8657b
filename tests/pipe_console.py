"""The real console at a pipe, shared by the tests of every room that type
at ConsoleApp's prompt (prompt_toolkit pipe input, no terminal) from a
script thread while other players' news arrives: a wait that names what
did not come, a table with Alice here and the others remote (a seed
where she plays first), the app run with a script (whatever the script
raised reported, the program left with quit), Alice's first pass, and a
line typed with the speaker's answer to it."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.console.table.seats import RemoteSeat

#: what a script does at the prompt: (app, pipe input, speaker, failed)
Script = Callable[[ConsoleApp, Any, services.ListSpeaker, list[str]], None]


class AcceptAll:
    """A word list that accepts every word (the flow only)."""

    def __contains__(self, word: object) -> bool:
        return True


def wait(ok: Callable[[], bool], failed: list[str], what: str, timeout: float = 15.0) -> None:
    """Until ``ok()``; ``what`` goes to ``failed`` when it did not come in ``timeout`` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ok():
            return
        time.sleep(0.01)
    failed.append(what)


def remote_table(*others: str) -> tuple[Session, list[RemoteSeat]]:
    """Alice here, ``others`` remote (their inboxes filled by hand); a seed where Alice plays first."""
    for seed in range(1, 60):
        remotes = {name: RemoteSeat() for name in others}
        s = Session(Options(players=",".join(("Alice", *others)), seed=seed, saved_game=NEW),
                    lexicon=AcceptAll(), remotes=remotes, outward=lambda events: None)
        s.start()
        if s.game is not None and s.game.current == 0:
            return s, list(remotes.values())
    raise AssertionError("no seed where Alice plays first")


def run_at_prompt(s: Session, script: Script) -> tuple[services.ListSpeaker, list[str]]:
    """ConsoleApp over ``s`` with a pipe for its keys and ``script`` typing
    from a thread: the speaker (what was said) and what failed, the
    script's own error among them; the script ends the program (quit, yes)
    unless the session is over."""
    speaker = services.ListSpeaker()
    failed: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=io.StringIO())

        def run_script() -> None:
            try:
                script(app, inp, speaker, failed)
            except Exception as e:  # reported by the test
                failed.append(repr(e))
            finally:
                if not s.finished:
                    inp.send_text("\x15quit\ryes\r")

        t = threading.Thread(target=run_script, daemon=True)
        t.start()
        assert app.run() == 0
        t.join(10)
    return speaker, failed


def passed_to_bob(app: ConsoleApp, inp: Any, s: Session, failed: list[str]) -> Callable[[], bool]:
    """At the first prompt Alice passes; until Bob's turn (the second
    seat), the prompt up again. Whether the prompt is up, to wait on."""
    up = lambda: app.prompt.app.is_running  # noqa: E731
    wait(up, failed, "the first prompt")
    inp.send_text("pass\r")
    wait(lambda: s.game is not None and s.game.current == 1 and up(), failed, "Bob's turn")
    return up


def answer(inp: Any, speaker: services.ListSpeaker, failed: list[str], line: str) -> list[str]:
    """Type ``line`` and Enter: what the speaker said to it."""
    n = len(speaker.messages)
    inp.send_text(line + "\r")
    wait(lambda: len(speaker.messages) > n, failed, f"an answer to {line!r}")
    time.sleep(0.05)
    return speaker.messages[n:]
