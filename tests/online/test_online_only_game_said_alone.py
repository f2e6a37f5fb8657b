"""The player's only online game is said with the count and no number
(presentation/online_prompts.py: ALONE, game_entry and the clocked
entries; console/homes/online_games.games_lines; online_commands.cmd_open).

``games`` with one online game said "1 online game:" and then "1. With
Bob (honour): your turn.": "1" read twice aloud. Now it says "1 online
game: with Bob (honour), your turn." on one line; ``open 1`` still opens
it, and so does ``open`` alone (it was refused: "Type open and a game's
number"). Two or more games keep the numbered list, and ``open`` alone
is still refused there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts, prompts_saving

from honour_kit import BOB, Loop  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_one_game_said_without_a_number() -> None:
    lines = online_prompts.game_entry(online_prompts.ALONE, ["Bob"], "play", "", 0, 0)
    assert lines == ["1 online game: with Bob, your turn."], lines
    clocked = online_prompts.clocked_entry(online_prompts.ALONE, ["Bob"], "", "3 days")
    assert joined(clocked) == "1 online game: your turn with Bob, 3 days left.", clocked
    late = online_prompts.time_out_entry(online_prompts.ALONE, "Bob")
    assert joined(late) == "1 online game: Bob's time ran out; type claim 1 to win.", late
    assert online_prompts.game_entry(2, ["Bob"], "play", "", 0, 0) == ["2. With Bob: your turn."]


def test_games_says_the_only_game_once_and_open_opens_it(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()  # Alice's honour game with Bob, her only one
        loop.host.idle()
        home = loop.host.home
        listed = loop.host.line("games")
        assert "1 online game: with Bob (honour), Bob's turn." in joined(listed), listed
        assert "1. With" not in joined(listed), listed
        for typed in ("open 1", "open"):
            opened = joined(loop.host.line(typed))
            assert prompts_saving.OPEN_WHICH not in opened, (typed, opened)
            assert home.table is not None and home.table.link is home.honour[loop.room()], (typed, opened)
        # a second game: numbered again, and open alone asks which
        loop.host.line(f"invite {BOB} honour")
        two = loop.host.line("games")
        assert "2 online games:" in two and any(line.startswith("1. With Bob") for line in two), two
        assert joined(loop.host.line("open")) == prompts_saving.OPEN_WHICH
    finally:
        loop.host.close()
        loop.bob.close()
