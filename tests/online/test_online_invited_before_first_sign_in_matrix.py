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
        assert bob.line("accept 1")[0].startswith("You accepted")
        bob.until(lambda: bob.session.game is not None, "Bob's game seated")
        alice.until(lambda: alice.session.game is not None, "Alice's game seated")
    finally:
        for home in (alice, bob):
            home.home.close()
