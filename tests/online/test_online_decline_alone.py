"""``decline`` typed alone with no offer to end standing at the table
says what decline takes ("No offer to end stands; type decline and an
invitation's number, like decline 1."), nothing sent. Before (the
invitation's number made optional for the offer's sake), it answered
with the invitation's question meant for accept: "Which invitation? Type
accept and its number, like accept 1.". Over the loopback (homes_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import pair_at_a_game, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_decline_alone_with_no_offer(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        room = alice.home.rooms[0]
        count = len(alice.net.messages(room))
        said = joined(alice.line("decline"))
        assert "No offer to end stands; type decline and an invitation's number, like decline 1." in said, said
        assert "accept" not in said, said
        settle(alice, bob)
        assert len(alice.net.messages(room)) == count
        alice.home.close_table()
        said = joined(alice.line("decline"))
        assert "accept" not in said and "decline 1" in said, said
