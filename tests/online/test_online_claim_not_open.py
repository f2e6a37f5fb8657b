"""A win on time claimed in a game between homes that is not open at the
table (another game is) is said at once, naming the game ("In your game
with Bob: You lost on time."), as a move or a resignation there is.
Before, the claim was refereed and nothing was said: the late player
lost the game without a word until they opened it or listed the games.
Over the loopback transport with one injected clock (homes_kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.presentation import online_prompts

from homes_kit import by_turn, clocked_homes, invited, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_late_player_hears_they_lost_on_time_in_a_game_not_open(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, _, alice, bob):
        seated(alice, bob, "days 1")
        late, waiting = by_turn(alice, bob)
        invited(waiting, late)  # a second game, at both tables now
        late.line("")
        waiting.line("")
        clock.now += DAY_MS
        claimed = waiting.line("claim 1")
        assert online_prompts.CLAIM_SENT[0] in claimed, claimed
        settle(alice, bob)
        news = late.line("")
        first = late.home.links[late.home.rooms[0]]
        assert first.state.timed_out == first.state.my_seat  # refereed here: lost on time
        said = " ".join(online_prompts.refused_not_open([waiting.name], " ".join(
            online_prompts.lost_on_time(late.name, True))))
        assert said in joined(news), news
