"""The online console over a real homeserver (the ``synapse`` fixture:
Synapse from PyPI on 127.0.0.1; skipped with the reason when it is not
installed): two Sessions in one process, each with its own data folder
and Matrix device, sign in through the ``online`` questions, invite,
accept, move, chat and resign; every move heard once on the other side;
the deal checked on both; the server stored only encrypted events."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from matrix_homes_kit import WAIT, Home, seated  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.presentation import online_prompts, prompts

from lines_kit import said as said_in, starts  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_two_consoles_over_a_real_homeserver(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    try:
        assert starts(online_prompts.signed_in(alice.user), alice.sign_in(synapse.url))
        assert starts(online_prompts.signed_in(bob.user), bob.sign_in(synapse.url))
        out = alice.line(f"invite {bob.user}")
        assert out[0].startswith("Invited "), out
        room = alice.home.rooms[0]
        end = time.monotonic() + WAIT
        listed: list[str] = []
        while time.monotonic() < end and not any("invites you" in x for x in listed):
            listed = bob.line("games")
            time.sleep(0.2)
        said = " ".join(listed)
        assert "invites you to a game. Played by " in said and said.endswith("Type accept 1 or decline 1."), listed
        assert bob.line("accept 1")[0].startswith("Accepted; dealing the bag")
        bob.until(lambda: bob.session.game is not None, "Bob's game seated")
        alice.until(lambda: alice.session.game is not None, "Alice's game seated")
        first, second = (alice, bob) if alice.session.game.current == 0 else (bob, alice)
        # a few moves, each heard once on the other side
        for mover, other in ((first, second), (second, first), (first, second)):
            out = mover.line("pass")
            assert any(x == "You passed." for x in out), out
            name = mover.home.transport.user_id.lstrip("@").split(":")[0]
            other.until(lambda: any(x.endswith("passed.") and not x.startswith("You") for x in other.heard[-8:]),
                        "the pass heard")
            assert prompts.move_arrived(name.capitalize()) in other.heard
        second.line("say good one")
        first.until(lambda: any(x.endswith("says: good one") for x in first.heard), "the chat line")
        first.line("resign")
        for p in (alice, bob):
            p.until(lambda: "The deal checked out." in p.heard, "the deal checked")
            assert p.heard.count("The deal checked out.") == 1
        finals = [p.home.links[room].state.final for p in (alice, bob)]
        assert finals[0] is not None and finals[0] == finals[1]
        types = set(synapse.event_types(room))
        assert "m.room.encrypted" in types and "m.room.message" not in types, types
        for p in (alice, bob):
            assert not any(p.password in x for x in p.heard)
    finally:
        alice.home.close()
        bob.home.close()


def test_a_console_that_quits_comes_back_and_catches_up(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    """Bob quits mid-game; Alice moves meanwhile; Bob's next program signs
    in from the account on file (no password asked), says Alice moved while
    he was away, and open 1 brings the game back as it stands."""
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    try:
        alice.sign_in(synapse.url)
        bob.sign_in(synapse.url)
        seated(alice, bob)
        if bob.session.game.current == bob.home.links[bob.home.rooms[0]].state.my_seat:
            bob.line("pass")
            alice.until(lambda: any(x.endswith("passed.") for x in alice.heard), "Bob's pass")
        bob.home.close()  # Bob quits
        alice.line("pass")  # Alice moves while he is away
        again = Session(Options(saved_game=NEW), lexicon=lexicon)
        home = install(again, OnlineHome(again, OnlineStore(tmp_path / "bob")))
        out = again.handle_line("online")  # the account on file: no question
        assert starts(online_prompts.signed_in(bob.user), out), out
        alice_name = alice.user.lstrip("@").split(":")[0].capitalize()
        assert said_in(online_prompts.moved_while_away(alice_name, 1), out), out
        out = again.handle_line("open 1")
        assert said_in(online_prompts.game_with([alice_name]), out), out
        assert "Your turn." in out, out
        assert again.handle_line("pass")[0] == "You passed."
        alice.until(lambda: alice.heard.count(prompts.move_arrived(
            bob.user.lstrip("@").split(":")[0].capitalize())) >= 1, "Bob's move after his return")
        home.close()
    finally:
        alice.home.close()
        bob.home.close()
