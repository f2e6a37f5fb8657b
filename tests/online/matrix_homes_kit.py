"""Shared by the tests of the online console over a real homeserver (the
``synapse`` fixture): importing it skips the test module, saying why,
when matrix-nio is missing (``skip_without_encryption`` when it cannot
encrypt). A home is one console (a Session with its online home, its
data folder and Matrix device of its own) for a new user of the
fixture's Synapse (or another device of a user's: ``account``), signed
in through the ``online`` questions; ``until`` types a line (Enter, or a
command) until what the test waits for has come; ``seated``, ``passes``
and ``two_passes`` are the steps of a game that tests begin with."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")

from audio_scrabble.console.homes.online_commands import install  # noqa: E402
from audio_scrabble.console.homes.online_home import OnlineHome  # noqa: E402
from audio_scrabble.console.session import NEW, Options, Session  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.presentation import online_prompts  # noqa: E402

#: how long a step over the homeserver may take (s)
WAIT = 90.0


def skip_without_encryption() -> None:
    """Skips the test module that calls it, saying why, where matrix-nio
    cannot encrypt (vodozemac missing)."""
    from nio.crypto import ENCRYPTION_ENABLED

    if not ENCRYPTION_ENABLED:
        pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)


class Home:
    """One console for a new user ``name`` (data in ``tmp``/``name``);
    ``name`` as the program says it: the user id's local part, capitalised.
    With ``account`` (user id, password): a device of that user's instead,
    its data in ``tmp``/``name`` (a new device where nothing is there)."""

    def __init__(self, synapse: Any, name: str, tmp: Path, lexicon: Any,
                 account: tuple[str, str] | None = None) -> None:
        self.user, self.password = account if account is not None else synapse.new_user(name)
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
        return self._answer(url)

    def online(self, url: str) -> list[str]:
        """``online``: with the account on file, what it said (no question);
        else its questions answered, what the last answer said."""
        out = self.line("online")
        if self.home.signed_in:
            return out
        return self._answer(url)

    def _answer(self, url: str) -> list[str]:
        self.line(url)
        self.line(self.user)
        return self.line(self.password)

    def games_until(self, text: str) -> list[str]:
        """``games`` until it lists ``text``: what it listed."""
        end = time.monotonic() + WAIT
        listed: list[str] = []
        while time.monotonic() < end:
            listed = self.line("games")
            if any(text in line for line in listed):
                return listed
            time.sleep(0.2)
        raise AssertionError(f"no {text!r} in {listed}")

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


def seated(alice: Home, bob: Home) -> None:
    """Alice invites Bob, he accepts once ``games`` lists it, both tables seated."""
    alice.line(f"invite {bob.user}")
    bob.games_until("invites you")
    bob.line("accept 1")
    bob.until(lambda: bob.session.game is not None, "Bob's game seated")
    alice.until(lambda: alice.session.game is not None, "Alice's game seated")


def passes(alice: Home, bob: Home, room: str, n: int = 2) -> None:
    """``n`` passes in ``room``, each applied on the other side before the next."""
    alice_seat = alice.home.links[room].state.my_seat
    for _ in range(n):
        game = alice.session.game
        assert game is not None
        mover = alice if game.current == alice_seat else bob
        other = bob if mover is alice else alice
        assert "You passed." in mover.line("pass")
        other.until(lambda: len(other.home.links[room].state.log) == len(mover.home.links[room].state.log),
                    "the pass applied")


def two_passes(alice: Home, bob: Home, url: str) -> tuple[str, str]:
    """Both signed in (or on file), seated, two passes made: the game's
    room and Alice's name as the game says it."""
    alice.online(url)
    bob.online(url)
    seated(alice, bob)
    room = alice.home.rooms[0]
    alice_seat = alice.home.links[room].state.my_seat
    alice_name = alice.home.links[room].state.names[alice_seat or 0]
    passes(alice, bob, room)
    return room, alice_name
