"""A game that ended while the program was not running, just before the
first start that notes ends (after an upgrade), is said as new, not named
as old ("ended earlier") (console/homes/online_away.start_lines,
honour_table.ended_at_start, online_home._start).

That first start names as old the games it finds over with no end noted.
A game between homes is found over only when its deal is checked, which
needs this player's keys of the deal: their program shows them by itself
once the game is over, so a game that ended while it was off is not yet
checked as it is read at that start (the keys go then) and its end is
said as it is checked, after the start, as new. An honour game is found
over only when its log already held the end before the start's catch-up
(the friend's resignation answered now is new). So the log tells them
apart without a time; these tests pin it (they passed before: a guard).
Over the loopback transport (homes_kit, honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.store import OnlineStore

from honour_kit import Loop  # type: ignore[import-not-found]
from homes_kit import pair_at_a_game, resigns, restarted  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def before_the_upgrade(folder: Path) -> None:
    """The data folder as a program that noted no ends left it: no ends_noted mark
    (the game's log holds no end note: the end came while the program was off)."""
    store = OnlineStore(folder)
    store.ends_noted_path.unlink(missing_ok=True)
    assert not store.ends_noted()


def test_a_game_between_homes_ended_while_off_is_said_as_new(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.close()
        resigns(alice)  # while Bob's program is off
        before_the_upgrade(bob.folder)
        said = [restarted(bob, alice, rounds=2), restarted(bob, alice)]  # that start, and the next
        assert OnlineStore(bob.folder).ends_noted()  # from that start on, ends are noted
        assert said[0].count("In your game with Alice: Alice resigned; you won.") == 1, said
        assert not any("ended earlier" in news for news in said) and "resigned" not in said[1], said


def test_an_honour_game_ended_while_off_is_said_as_new(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        room = loop.room()
        loop.off()
        loop.bob.send(room, "resign", None, "bob.resign")  # while Alice's program is off
        before_the_upgrade(loop.folder)
        host = loop.again()
        news = joined(host.sign_in() + host.line(""))
        assert "ended earlier" not in news, news
        assert "Bob resigned" in news, news
    finally:
        loop.host.close()
        loop.bob.close()
