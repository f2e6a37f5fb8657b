"""A newcomer's first game between homes, in the order it comes in life:
Alice signs in and invites Bob before Bob's program has ever signed in
(Bob has no device yet when Alice's offer goes to the room). Over a
real homeserver (the ``synapse`` fixture), since only real encryption
shows it: the offer's keys went to the devices in the room then, none of
Bob's. Bob accepts; the deal must still be done and the game come to both
tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from matrix_homes_kit import Home, skip_without_encryption  # type: ignore[import-not-found]  # (skips without nio)

from audio_scrabble.console.homes import online_home
from audio_scrabble.lexicon import Lexicon

skip_without_encryption()


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_invited_before_his_first_sign_in(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)  # his account, no device yet
    try:
        alice.sign_in(synapse.url)
        assert alice.line(f"invite {bob.user}")[0].startswith("Invited ")
        bob.sign_in(synapse.url)  # his first device, made after the offer was sent
        bob.games_until("invites you")
        assert bob.line("accept 1")[0].startswith("Accepted; dealing the bag")
        bob.until(lambda: bob.session.game is not None, "Bob's game seated")
        alice.until(lambda: alice.session.game is not None, "Alice's game seated")
    finally:
        for home in (alice, bob):
            home.home.close()


def test_accepted_by_an_older_program_then_restarted(synapse: Any, tmp_path: Path, lexicon: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob accepted with a program that did not ask for the offer it could
    not read (before this was mended: nothing is asked at accept here),
    and the game stood "with nobody yet, being dealt" for ever, at every
    start. At his next start the game is asked for, and dealt."""
    alice = Home(synapse, "alice", tmp_path, lexicon)
    bob = Home(synapse, "bob", tmp_path, lexicon)
    homes = [alice, bob]
    try:
        alice.sign_in(synapse.url)
        alice.line(f"invite {bob.user}")
        bob.sign_in(synapse.url)
        bob.games_until("invites you")
        with monkeypatch.context() as older:  # an older program's accept: nothing asked
            older.setattr(online_home.online_catching, "ask_again", lambda link: None)
            assert bob.line("accept 1")[0].startswith("Accepted; dealing the bag")
        bob.home.close()
        bob = Home(synapse, "bob", tmp_path, lexicon, account=(bob.user, bob.password))
        homes.append(bob)
        bob.online(synapse.url)  # his next start, this program: asked for
        listed = bob.games_until("turn")  # dealt: whose turn is said
        assert any("with Alice" in line for line in listed), listed
    finally:
        for home in homes:
            home.home.close()
