"""A game between homes opened at the table (OnlineHome._open, then
OnlineTable.attach): a move of the other player's that lands while the
table is being wired is said once. Unlike the honour table (see
test_honour_move_while_opening.py), this one was already safe, and these
keep it so: a record heard before ``attach`` is dropped by the table's
callback (no link yet) and is in the game seated from the link's state;
one heard after it is queued before the game is seated, and taken as a
step of the set-up (OnlineTable._relayed: the game is seated from the
state once no record is left in the queue, with it); one heard after the
seat is past it. Bob's pass is made at each of the two moments. (This
passes on ed909e5 too: no bug here.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_table import OnlineTable
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork

from homes_kit import seated_pair, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


@pytest.mark.parametrize("moment", ["before", "after"])
def test_the_others_move_made_as_the_game_is_opened_is_said_once(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch, moment: str) -> None:
    net = LoopbackNetwork()
    alice, bob = seated_pair(net, tmp_path, lexicon)
    try:
        if alice.home.links[alice.home.rooms[0]].pending() == "play":
            assert "You passed." in alice.line("pass")
            settle(alice, bob)
            bob.line("")
        link = alice.home.links[alice.home.rooms[0]]
        assert link.pending() != "play"  # Bob's turn
        alice.home.close_table()
        alice.line("")
        attach = OnlineTable.attach
        count = len(link.state.log)

        def bob_passes_meanwhile(table: OnlineTable, link_: Any) -> None:
            monkeypatch.setattr(OnlineTable, "attach", attach)
            if moment == "after":
                attach(table, link_)
            assert "You passed." in bob.line("pass")
            settle(alice, bob)
            if moment == "before":
                attach(table, link_)

        monkeypatch.setattr(OnlineTable, "attach", bob_passes_meanwhile)
        said = alice.home.open(1) + alice.line("")
        settle(alice, bob)
        said += alice.line("") + alice.line("")
        assert len(link.state.log) > count  # the pass was made
        assert joined(said).count("Bob passed") == 1, said
    finally:
        alice.close()
        bob.close()
