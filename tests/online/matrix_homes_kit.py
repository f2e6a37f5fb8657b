"""Shared by the tests of the online console over a real homeserver (the
``synapse`` fixture): importing it skips the test module when matrix-nio
is missing. A home is one console (a Session with its online home, its
data folder and Matrix device of its own) for a new user of the fixture's
Synapse, signed in through the ``online`` questions; ``until`` types a
line (Enter, or a command) until what the test waits for has come."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("nio")

from audio_scrabble.console.homes.online_commands import install  # noqa: E402
from audio_scrabble.console.homes.online_home import OnlineHome  # noqa: E402
from audio_scrabble.console.session import NEW, Options, Session  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.presentation import online_prompts  # noqa: E402

#: how long a step over the homeserver may take (s)
WAIT = 60.0


class Home:
    """One console for a new user ``name`` (data in ``tmp``/``name``);
    ``name`` as the program says it: the user id's local part, capitalised."""

    def __init__(self, synapse: Any, name: str, tmp: Path, lexicon: Any) -> None:
        self.user, self.password = synapse.new_user(name)
        self.name = self.user.lstrip("@").split(":")[0].capitalize()
        self.session = Session(Options(saved_game=NEW), lexicon=lexicon)
        self.home = install(self.session, OnlineHome(self.session, OnlineStore(tmp / name)))
        self.heard: list[str] = []

    def line(self, text: str) -> list[str]:
        out = self.session.handle_line(text)
        self.heard.extend(out)
        return out

    def sign_in(self, url: str) -> list[str]:
        """``online``, its questions answered: what the last answer said."""
        assert self.line("online") == [online_prompts.ASK_HOMESERVER]
        self.line(url)
        self.line(self.user)
        return self.line(self.password)

    def until(self, ok: Callable[[], bool], what: str, command: str = "") -> list[str]:
        """Type ``command`` (Enter by default) until ``ok()``: what the last
        one said; ``what`` names what did not come within WAIT."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            out = self.line(command)
            if ok():
                return out
            time.sleep(0.1)
        raise AssertionError(f"{what}; heard: {self.heard[-12:]}")
