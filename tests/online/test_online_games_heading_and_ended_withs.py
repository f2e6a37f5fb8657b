"""Two lines said of games between homes, read aloud and on a braille line.

``games``: the online games' heading said its count as a sentence of its
own, "Online games: 1.", read on into the first game, "1. With Bob": the
number twice. It now says the count before its noun, as the games on file
do ("2 games on file:"): "1 online game:" (online_prompts.online_heading,
online_games.games_lines).

The ends found at the first start that notes them (prompts_homes.
ended_earlier) could leave "with" alone at the end of a 40-cell line
("Games that ended earlier: with Bob; with" / "Carol; with Dave. ..."):
"with" is now kept with the name after it."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts, prompts_homes
from audio_scrabble.presentation.layout import LINE_WIDTH

from honour_kit import BOB, Computers  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


NAMES = ["Bob", "Carol", "Dave", "Ann", "Eve", "Jo", "Alexandra", "Christopher", "Maximilian", "Mary Ann"]


def _number_twice(lines: list[str]) -> list[str]:
    """Where the text read on says a number and the same number again ("1. 1.")."""
    return [m.group(0) for m in re.finditer(r"\b(\d+)[.:] \1\.", joined(lines))]


@pytest.mark.parametrize("count", [1, 2, 3])
def test_heading_counts_before_its_noun(count: int) -> None:
    heading = online_prompts.online_heading(count)
    assert heading == (f"{count} online game:" if count == 1 else f"{count} online games:")
    first = online_prompts.game_entry(1, ["Bob"], "play", "", 0, 0)
    assert not _number_twice([heading, *first]), [heading, *first]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_games_says_no_number_twice(tmp_path: Path, lexicon: Any) -> None:
    """At the console: ``games`` with one honour game, then a second."""
    homes = Computers(tmp_path, lexicon)
    try:
        host, _ = homes.invited("home")
        homes.idle(host)
        out = host.line("games")
        # the only game: said with the count, no number (test_online_only_game_said_alone)
        assert any(line.startswith("1 online game: with Bob") for line in out) and not _number_twice(out), out
        host.line(f"invite {BOB} honour")
        homes.idle(host)
        out = host.line("games")
        assert "2 online games:" in out and not _number_twice(out), out
    finally:
        homes.close()


def _ends() -> list[list[list[str]]]:
    """Two and three games, each with one of :data:`NAMES`, and a few with several players."""
    alone = [[n] for n in NAMES]
    return [list(c) for size in (2, 3) for c in itertools.permutations(alone, size)] + [
        [["Bob"], ["Carol", "Dave"]], [["Bob", "Eve"], ["Carol"], ["Mary Ann", "Jo"]], [["Alexandra", "Christopher"]]]


def test_with_never_ends_a_line() -> None:
    hanging = []
    for games in _ends():
        lines = prompts_homes.ended_earlier(games)
        assert all(len(line) <= LINE_WIDTH for line in lines), lines
        text = joined(lines)
        assert all(f"with {others[0]}" in text for others in games), lines  # every game still named
        if any(line.rstrip(";,.").endswith(" with") or line == "with" for line in lines):
            hanging.append(lines)
    assert not hanging, (len(hanging), hanging[:3])
