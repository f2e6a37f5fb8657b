"""An offer's terms (rules, days a move, word list) are said with the
invitation in ``games``, before the invited player accepts
(console/homes/online_terms.py: the terms go in the room's name, which an
invitation carries before joining); an invitation to an honour game says
it is played from a Matrix app. Before, the terms were learnt only after
joining. Over the loopback transport."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts, prompts_homes

from homes_kit import settle, signed_in  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_invitation_says_the_rules_and_the_days_before_accepting(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = signed_in(net, "Alice", tmp_path / "a", lexicon)
    bob = signed_in(net, "Bob", tmp_path / "b", lexicon)
    carol = signed_in(net, "Carol", tmp_path / "c", lexicon)
    try:
        alice.line("invite @bob:loopback days 3 rules double")
        alice.line("invite @carol:loopback honour")
        settle(alice, bob, carol)
        listed = bob.line("games")
        at = listed.index(online_prompts.invitation_line(1, "Alice")[-1])
        terms = " ".join(listed[at + 1:])
        assert "Played by" in terms and "double challenge" in terms and "3 days a move" in terms, listed
        assert all(len(line) <= 40 for line in listed[at + 1:at + 3]), listed
        assert bob.home.links == {}  # not joined: said before accepting
        out = bob.line("accept 1")
        assert out[0] == online_prompts.accepted_game("Alice")[0], out
        # a game with the default terms says them too
        alice.line("invite @carol:loopback")
        settle(alice, carol)
        listed = carol.line("games")
        assert prompts_homes.HONOUR_INVITATION[0] in listed, listed  # the honour game's invitation
        assert any(line.startswith("Played by") and "single challenge" in " ".join(listed) for line in listed), listed
    finally:
        for p in (alice, bob, carol):
            p.close()
