"""An offer's terms travel in its room's name, and a real homeserver (the
``synapse`` fixture; skipped with the reason when Synapse is not
installed) carries that name to the invited player before they join: Bob's
``games`` says what Alice's game is played by (rules, days a move) before
``accept``; Carol's invitation to an honour game says it is played from a
Matrix app. The loopback test (test_online_invitation_terms.py) cannot
show that Matrix's invitation (its stripped state) holds the name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from matrix_homes_kit import Home, skip_without_encryption  # type: ignore[import-not-found]  # (skips without nio)

skip_without_encryption()

from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.presentation import prompts_homes  # noqa: E402


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_synapse_carries_the_terms_in_the_rooms_name_before_joining(synapse: Any, tmp_path: Path,
                                                                   lexicon: Any) -> None:
    alice, bob, carol = (Home(synapse, n, tmp_path, lexicon) for n in ("alice", "bob", "carol"))
    try:
        for h in (alice, bob, carol):
            h.online(synapse.url)
        alice.line(f"invite {bob.user} days 3 rules double")
        alice.line(f"invite {carol.user} honour")
        listed = bob.games_until("invites you")
        at = next(i for i, line in enumerate(listed) if "invites you" in line)
        terms = " ".join(listed[at + 1:])
        assert "Played by" in terms and "double challenge" in terms and "3 days a move" in terms, listed
        assert all(len(line) <= 40 for line in listed[at:]), listed  # (a path above may be longer: kept whole)
        assert bob.home.links == {}  # said before joining
        listed = carol.games_until("invites you")
        assert prompts_homes.HONOUR_INVITATION[0] in listed, listed
        out = bob.line("accept 1")
        assert out[0].startswith("Accepted; dealing the bag"), out
    finally:
        for h in (alice, bob, carol):
            h.home.close()
