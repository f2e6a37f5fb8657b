"""A claim against a player whose program does not run again: the win on
time stands, but the deal cannot be checked until that program shows its
keys. The claimant hears it plainly at the claim and when the game is
opened again (console/homes/online_since.py unchecked_lines,
presentation/prompts_homes.py deal_unchecked); before, only "Bob lost on
time." was said and the end's check was left open without a word. Once
the late program runs and the deal checks out, it is said no more. Over
the loopback transport with one injected clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.presentation import online_prompts, prompts_homes

from homes_kit import by_turn, clocked_homes, seated, settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_claimant_hears_the_deal_could_not_be_checked_and_why(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, _, alice, bob):
        seated(alice, bob, "days 1")
        late, waiting = by_turn(alice, bob)
        late.close()  # its program does not run again
        clock.now += DAY_MS
        assert waiting.line("claim 1")[0] == online_prompts.CLAIM_SENT[0]
        settle(waiting)
        waiting.line("")
        unchecked = prompts_homes.deal_unchecked(late.name)
        heard = waiting.heard
        lost = online_prompts.lost_on_time(late.name, False)
        at = heard.index(lost[0]) + len(lost) - 1
        assert heard[at + 1:at + 1 + len(unchecked)] == unchecked, heard[-8:]
        assert all(len(line) <= 40 for line in unchecked)
        # opened again: said again, after where the game stands
        opened = waiting.line("open 1")
        assert opened[-len(unchecked):] == unchecked or " ".join(unchecked) in " ".join(opened), opened
        # the late program runs again: its keys come, the deal checks out, no more said
        late.start()
        settle(alice, bob)
        waiting.line("")
        late.line("open 1")
        settle(alice, bob)
        waiting.line("")
        assert "The deal checked out." in waiting.heard
        assert unchecked[0] not in waiting.line("open 1")
