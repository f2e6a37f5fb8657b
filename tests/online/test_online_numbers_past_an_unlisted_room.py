"""The number ``games`` says is the number ``open`` and ``claim`` take,
when a room of ``home.rooms`` is known as no game for a moment
(console/homes/online_games.py: entries, listed; online_home.open;
online_corresp._link_numbered).

``games`` leaves out a room with no game behind it (an honour game asked
back whose log did not replay, between being unlisted from one list and
the other, on the worker's thread), and numbered the games after it one
lower; ``open N`` and ``claim N`` counted every room, so ``open 2`` of
"2. With Carol" reached the room left out and was refused ("That game
just moved to your other computer"), and ``open 3`` opened Carol's game,
which ``games`` had not said. Now all of them count the rooms ``games``
lists. The moment is made certain by a room put in ``home.rooms`` with
nothing behind it, between Alice's honour games with Bob and Carol."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import honour_prompts, online_prompts

from honour_kit import room_of, two_games, with_bob_and_carol  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]

#: the room with nothing behind it (as between the two lists, on the worker's thread)
GONE = "!gone:loopback"


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_open_and_claim_take_the_number_games_said(tmp_path: Path, lexicon: Any) -> None:
    with with_bob_and_carol(tmp_path, lexicon) as (host, bob, carol):
        two_games(host, bob, carol)
        home = host.home
        carols = room_of(host, carol.user_id)
        home.rooms.insert(1, GONE)  # Bob's, the room with no game, Carol's
        out = joined(host.line("games"))
        assert "2 online games:" in out and "2. With Carol (honour)" in out, out
        assert "3. With" not in out, out
        host.line("open 1")  # Bob's at the table: Carol's is not open
        opened = joined(host.line("open 2"))
        assert online_prompts.GAME_MOVED_MEANWHILE not in opened, opened
        table = home.table
        assert table is not None and table.link is home.honour[carols], opened
        # claim counts the same way: Carol's honour game (no claim there), not the room left out
        assert joined(host.line("claim 2")) == honour_prompts.HONOUR_NO_CLAIM
        # a number past the games said is refused as any such number
        assert joined(host.line("open 3")) == online_prompts.no_online_game(2)
