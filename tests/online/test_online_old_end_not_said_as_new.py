"""After an upgrade: a game that ended before this program noted ends in
its game log (no end_said or record_kept note: an older program said the
end and kept no note) is not announced at the next start as if it had
just ended; the first start that notes ends names such games together,
as old ("Your game with Alice ended earlier; open it to hear how."),
once. A game between homes and an honour game; a game that ends after
that start is said as new (the store's ends_noted mark). Before, the
game between homes was said as new: "In your game with Alice: Alice
resigned; you won."; the honour game said nothing (the named line is new).
Over the loopback transport (homes_kit, honour_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_since
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.store import OnlineStore

from honour_kit import Loop  # type: ignore[import-not-found]
from homes_kit import pair_at_a_game, resigns, restarted, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def as_an_older_program_left_it(folder: Path) -> None:
    """The data folder as a program that noted no ends left it: no end
    notes in the games' logs, no ends_noted mark."""
    store = OnlineStore(folder)
    for log in store.game_logs():
        entries = log.entries()
        kept = [e for e in entries if e.get("kind") not in (online_since.END_SAID, online_since.RECORD_KEPT)]
        assert len(kept) < len(entries)  # the end was noted: said here
        log.replace(kept)
    store.ends_noted_path.unlink(missing_ok=True)


def test_a_game_between_homes_that_ended_before_the_upgrade_is_named_as_old(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        resigns(alice, bob, rounds=2)
        assert "Alice resigned" in joined(bob.line("") + bob.line(""))  # said at his table
        bob.close()
        as_an_older_program_left_it(bob.folder)
        news = restarted(bob, alice)
        assert "Alice resigned; you won" not in news, news
        assert news.count("Your game with Alice ended earlier; open it to hear how.") == 1, news
        again = restarted(bob, alice)
        assert "ended earlier" not in again and "resigned" not in again, again


def test_an_honour_game_that_ended_before_the_upgrade_is_named_as_old(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.types("resign")
        assert "Bob resigned" in joined(loop.host.line("") + loop.host.line(""))  # said at her table
        loop.host.close()
        for t in loop.host.transports:
            t.close()
        as_an_older_program_left_it(loop.folder)
        loop.host = loop.new_host()
        news = joined(loop.host.sign_in() + loop.host.line(""))
        assert "Bob resigned" not in news, news
        assert news.count("Your game with Bob ended earlier; open it to hear how.") == 1, news
    finally:
        loop.host.close()
        loop.bob.close()


def test_after_the_first_start_that_notes_ends_an_end_while_away_is_new(tmp_path: Path, lexicon: Any) -> None:
    """The mark made at that start: a game ending later while the program
    is not running is said as it ended, at the next start."""
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        assert OnlineStore(bob.folder).ends_noted()
        bob.close()
        resigns(alice)
        news = restarted(bob, alice)
        settle(bob, alice)
        news += joined(bob.line(""))
        assert "In your game with Alice: Alice resigned; you won." in news, news
        assert "ended earlier" not in news, news
