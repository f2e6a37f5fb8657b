"""News that comes on its own is never lost for ``repeat``: the real
console (prompt_toolkit pipe input), one person at the table and the
others' moves arriving from elsewhere (remote seats, whose inbox a
transport's thread fills) or made by computers after the person's line.

Each piece is said once, above the prompt, the half line being typed kept;
``repeat`` (and F4) then says every piece that came since the person's
last line, in order, not only the last one: a key pressed while the first
was spoken cuts all of it short (tts), and before, ``repeat`` had only the
last piece to give. A line typed after it starts afresh.
"""

from __future__ import annotations

import io
import threading
import time
from typing import Callable

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove


class AcceptAll:
    """A word list that accepts every word (the flow only)."""

    def __contains__(self, word: object) -> bool:
        return True


def _wait(ok: Callable[[], bool], failed: list[str], what: str, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ok():
            return
        time.sleep(0.01)
    failed.append(what)


def _remote_table() -> tuple[Session, RemoteSeat, RemoteSeat]:
    """Alice here, Bob and Carol remote; a seed where Alice plays first."""
    for seed in range(1, 60):
        bob, carol = RemoteSeat(), RemoteSeat()
        s = Session(Options(players="Alice,Bob,Carol", seed=seed, saved_game=NEW), lexicon=AcceptAll(),
                    remotes={"Bob": bob, "Carol": carol}, outward=lambda events: None)
        s.start()
        if s.game.current == 0:
            return s, bob, carol
    raise AssertionError("no seed where Alice plays first")


def _run(s: Session, script: Callable[[ConsoleApp, object, services.ListSpeaker, list[str]], None]
         ) -> tuple[services.ListSpeaker, list[str]]:
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


def _answer(inp, speaker: services.ListSpeaker, failed: list[str], line: str) -> list[str]:
    n = len(speaker.messages)
    inp.send_text(line + "\r")
    _wait(lambda: len(speaker.messages) > n, failed, f"an answer to {line!r}")
    time.sleep(0.05)
    return speaker.messages[n:]


def test_repeat_after_two_remote_moves_says_both_and_the_half_line_is_kept():
    s, bob, carol = _remote_table()
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        up = lambda: app.prompt.app.is_running  # noqa: E731
        _wait(up, failed, "the first prompt")
        inp.send_text("pass\r")
        _wait(lambda: s.game.current == 1 and up(), failed, "Bob's turn")
        time.sleep(0.1)
        inp.send_text("sco")  # half a line, typed while Bob's move is awaited
        _wait(lambda: app.prompt.default_buffer.text == "sco", failed, "the half line")
        bob.put(SeatMove(PASS))
        _wait(lambda: s.game.current == 2 and any("Bob passed." in m for m in speaker.messages), failed, "Bob's")
        carol.put(SeatMove(PASS))
        _wait(lambda: s.game.current == 0 and any("Carol passed." in m for m in speaker.messages), failed,
              "Carol's")
        time.sleep(0.1)
        seen["typed"] = app.prompt.default_buffer.text
        seen["news"] = list(speaker.messages)
        seen["f4"] = s.key("repeat")
        seen["repeat"] = _answer(inp, speaker, failed, "\x15repeat")
        seen["scores"] = _answer(inp, speaker, failed, "scores")
        seen["repeat after"] = _answer(inp, speaker, failed, "repeat")

    speaker, failed = _run(s, script)
    assert failed == []
    assert seen["typed"] == "sco"  # what Alice had typed is still on her line
    news = seen["news"]
    bobs = [m for m in news if "Bob passed." in m]
    carols = [m for m in news if "Carol passed." in m]
    assert len(bobs) == 1 and len(carols) == 1  # each said once
    assert news.index(bobs[0]) < news.index(carols[0])
    both = bobs[0].split("\n") + carols[0].split("\n")
    assert seen["f4"] == both
    assert seen["repeat"] == ["\n".join(both)]  # both pieces, in order, as one message
    assert seen["scores"] == ["You 0, Bob 0, Carol 0."]
    assert seen["repeat after"] == seen["scores"]  # a line typed since: its answer only


def _passing(level, lexicon, seed):  # type: ignore[no-untyped-def]
    return lambda game, i: services.ComputerMove("pass")


def test_repeat_after_two_computers_moved_says_both_moves():
    """Alice and two computers (stand-ins that pass): after her pass both
    move at once, one reply each; repeat says both."""
    for seed in range(1, 60):
        s = Session(Options(players="Alice,computer:club,computer:expert", seed=seed, saved_game=NEW),
                    lexicon=AcceptAll(), computer_factory=_passing)
        s.start()
        if s.game.current == 0:
            break
    s.defer_computers()
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        _wait(lambda: app.prompt.app.is_running, failed, "the first prompt")
        n = len(speaker.messages)
        inp.send_text("pass\r")
        _wait(lambda: s.game.current == 0 and app.prompt.app.is_running
              and any("Expert computer passed." in m for m in speaker.messages[n:]), failed,
              "both computers' passes")
        time.sleep(0.05)
        seen["said"] = speaker.messages[n:]
        seen["repeat"] = _answer(inp, speaker, failed, "repeat")

    speaker, failed = _run(s, script)
    assert failed == []
    said = seen["said"]
    assert said[0].startswith("You passed.")
    club = [m for m in said if "Club computer passed." in m]
    expert = [m for m in said if "Expert computer passed." in m]
    assert len(club) == 1 and len(expert) == 1
    assert seen["repeat"] == ["\n".join(club + expert)]


def test_news_at_an_open_question_is_said_once_and_the_question_stays_open():
    """Alice has typed quit (leave the game? yes or no) when Bob's move
    arrives: it is said once, above the question's prompt, which stays;
    repeat there says the news; no keeps her in the game, her turn."""
    s, bob, carol = _remote_table()
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        up = lambda: app.prompt.app.is_running  # noqa: E731
        _wait(up, failed, "the first prompt")
        inp.send_text("pass\r")
        _wait(lambda: s.game.current == 1 and up(), failed, "Bob's turn")
        seen["question"] = _answer(inp, speaker, failed, "quit")
        _wait(lambda: up() and app._message() == "yes or no> ", failed, "the question's prompt")
        bob.put(SeatMove(PASS))
        _wait(lambda: s.game.current == 2 and any("Bob passed." in m for m in speaker.messages), failed, "Bob's")
        time.sleep(0.1)
        seen["prompt"], seen["open"] = app._message(), s.question is not None
        seen["repeat"] = _answer(inp, speaker, failed, "repeat")
        seen["no"] = _answer(inp, speaker, failed, "no")
        seen["after"] = (s.question, s.finished, s.game.current)
        carol.put(SeatMove(PASS))
        _wait(lambda: s.game.current == 0, failed, "Carol's")

    speaker, failed = _run(s, script)
    assert failed == []
    assert seen["question"] == ["Leave the game? Type yes or no."]
    bobs = [m for m in speaker.messages if "Bob passed." in m]
    assert len(bobs) == 2 and bobs[1] == seen["repeat"][0]  # said once, then once more on asking
    assert seen["prompt"] == "yes or no> " and seen["open"]
    assert seen["no"] == ["Staying in the game."]
    assert seen["after"] == (None, False, 2)
