"""A resignation or a loss on time in a game between homes not open at
the table is said once, as the end sentence ("In your game with Alice:
Alice resigned; you won."), as the record arrives: not first the short
line ("Alice resigned in another game.") and then the end sentence when
the end is checked (the other side's keys came). When the check is slow
(the keys never come) the end is said all the same; when it fails, what
failed is said too. Over the loopback transport (homes_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.online.referee import FinalCheck

from homes_kit import by_turn, clocked_homes, pair_at_a_game, resigns, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_resignation_not_open_is_said_once_as_the_end(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.home.close_table()
        resigns(alice, bob, rounds=2)
        link = bob.home.links[bob.home.rooms[0]]
        assert link.state.final is not None and link.state.final.checked
        news = joined(bob.line("") + bob.line(""))
        assert "resigned in another game" not in news, news
        assert news.count("Alice resigned") == 1, news
        assert "In your game with Alice: Alice resigned; you won." in news, news


def test_a_resignation_whose_check_never_comes_is_said_at_once(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.home.close_table()
        link = bob.home.links[bob.home.rooms[0]]
        hooked = link.on_record
        assert hooked is not None
        seen: list[Any] = []

        def no_check(applied: Any) -> None:  # the end's keys held back: the check is slow
            seen.append(applied)
            if applied.final is None:
                hooked(applied)

        link.on_record = no_check
        resigns(alice, bob)
        news = joined(bob.line(""))
        assert "In your game with Alice: Alice resigned; you won." in news, news
        # the check then fails: what failed is news, said naming the game
        failed = next(a for a in seen if a.final is not None)
        bad = FinalCheck(failed.final.totals, "", failed.final.resigned, ("The deal did not check out.",),
                         checked=False)
        hooked(type(failed)(failed.record, final=bad))
        again = joined(bob.line(""))
        assert "The deal did not check out." in again, again


def test_a_loss_on_time_not_open_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, _, alice, bob):
        seated(alice, bob, "days 1")
        late, waiting = by_turn(alice, bob)
        waiting.line(f"invite {late.user}")  # a second game, at both tables now
        settle(alice, bob)
        late.line("games")
        late.line("accept 1")
        settle(alice, bob)
        late.line("")
        waiting.line("")
        clock.now += DAY_MS
        waiting.line("claim 1")
        settle(alice, bob)
        settle(alice, bob)
        first = late.home.links[late.home.rooms[0]]
        assert first.state.final is not None  # the end checked at the late player's
        news = joined(late.line("") + late.line(""))
        assert news.count("lost on time") == 1, news
        assert f"In your game with {waiting.name}: You lost on time. {waiting.name} won." in news, news
