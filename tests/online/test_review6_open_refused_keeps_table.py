"""``open`` refused at the table of a game between homes changes nothing
(the sixth review): ``open abc``, ``open`` alone, ``open 0`` went to the
games on file, which refused them, but the online game's table was
closed first, so the player, told only that the number was wrong, found
their next move refused ('This online game is closed here')."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services

from homes_kit import by_turn, pair_at_a_game, settle  # type: ignore[import-not-found]


@pytest.mark.parametrize("typed", ["open abc", "open", "open 0"])
def test_open_refused_leaves_the_online_game_open(tmp_path, typed):
    with pair_at_a_game(tmp_path, services.WordSet(["QI", "ZA"])) as (alice, bob):
        mover, other = by_turn(alice, bob)
        table = mover.home.table
        said = mover.line(typed)
        assert "closed" not in " ".join(said), said
        assert mover.home.table is table  # still open at the table
        out = mover.line("pass")
        assert out[0] == "You passed.", out  # the move goes, as before the refusal
        settle(alice, bob)
        assert any("passed" in line for line in other.line("")), other.heard
