"""Chat lines between homes in a burst, at the real prompt: Alice's
console (prompt_toolkit pipe input) with her online home over the
loopback transport; Bob (through ``Session.handle_line``) says two lines
one after the other while Alice has half a line typed. Each is said once
above her prompt, her half line kept; ``repeat`` then says both, in
order, not only the last (before, the first was lost to ``repeat`` once
the second came)."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.presentation import online_prompts


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Home:
    def __init__(self, net: LoopbackNetwork, name: str, folder: Path, lexicon: Any) -> None:
        self.net, self.name = net, name
        self.user = f"@{name.lower()}:loopback"
        self.transports: list[LoopbackTransport] = []
        self.session = Session(Options(saved_game=NEW), lexicon=lexicon)
        self.home = install(self.session, OnlineHome(self.session, OnlineStore(folder), connect=self._connect,
                                                     sign_in=lambda hs, user, pw: self._connect()))

    def _connect(self) -> LoopbackTransport:
        t = LoopbackTransport(self.net, self.user)
        self.transports.append(t)
        return t

    def line(self, text: str) -> list[str]:
        return self.session.handle_line(text)

    def idle(self) -> None:
        for t in self.transports:
            if not t.closed:
                t.wait_idle()
        self.home.wait_idle()

    def close(self) -> None:
        self.home.close()
        for t in self.transports:
            t.close()


def settle(*homes: Home) -> None:
    for _ in range(6):
        for h in homes:
            h.idle()


def _wait(ok: Callable[[], bool], failed: list[str], what: str, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ok():
            return
        time.sleep(0.01)
    failed.append(what)


def test_two_chat_lines_in_a_row_are_each_said_once_and_repeat_says_both(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = Home(net, "Alice", tmp_path / "a", lexicon)
    bob = Home(net, "Bob", tmp_path / "b", lexicon)
    try:
        for h in (alice, bob):
            for text in ("online", "example.org", h.name.lower(), "a password"):
                h.line(text)
        alice.line("invite @bob:loopback")
        settle(alice, bob)
        bob.line("games")
        bob.line("accept 1")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        settle(alice, bob)
        assert alice.session.game is not None and bob.session.game is not None
        first, second = online_prompts.chat_line("Bob", "well played"), online_prompts.chat_line("Bob", "your go")
        speaker = services.ListSpeaker()
        failed: list[str] = []
        seen: dict = {}
        with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
            app = ConsoleApp(alice.session, speaker, screen=io.StringIO())

            def script() -> None:
                try:
                    _wait(lambda: app.prompt.app.is_running, failed, "Alice's prompt")
                    inp.send_text("sco")
                    _wait(lambda: app.prompt.default_buffer.text == "sco", failed, "the half line")
                    bob.line("say well played")
                    bob.line("say your go")
                    settle(alice, bob)
                    _wait(lambda: any(second[-1] in m for m in speaker.messages), failed, "the chat said")
                    time.sleep(0.2)
                    seen["typed"] = app.prompt.default_buffer.text
                    seen["said"] = list(speaker.messages)
                    n = len(speaker.messages)
                    inp.send_text("\x15repeat\r")
                    _wait(lambda: len(speaker.messages) > n, failed, "the repeat")
                    seen["repeat"] = speaker.messages[n:]
                except Exception as e:  # reported by the test
                    failed.append(repr(e))
                finally:
                    inp.send_text("\x15quit\ryes\r")

            thread = threading.Thread(target=script, daemon=True)
            thread.start()
            assert app.run() == 0
            thread.join(10)
        assert failed == []
        assert seen["typed"] == "sco"
        said = "\n".join(seen["said"])
        assert said.count("\n".join(first)) == 1 and said.count("\n".join(second)) == 1, seen["said"]
        assert said.index("\n".join(first)) < said.index("\n".join(second))
        assert seen["repeat"] == ["\n".join([*first, *second])], seen["repeat"]
    finally:
        alice.close()
        bob.close()
