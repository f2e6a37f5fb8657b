"""A hint's play typed back without its way, after the first word
(console/table/plays.py). newcomer8 taught the hint's typed form, ``play
JUGA from C7 across.``, and told the first word typed without ``across``
which way it ran (a square written column first runs down). Later in the
game the same trip, ``play JUGA from C7``, was answered only "The play
must touch a tile already on the board.": true of the word run down, but
the player, who typed the hint's word at the hint's square, does not
learn that it ran down nor what to type. Now it says so, and the way
that plays, in one sentence; nothing changes."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

from console_kit import snapshot  # type: ignore[import-not-found]
from newcomer_kit import passers  # type: ignore[import-not-found]


def test_the_hint_typed_without_across_touching_nothing_is_told_its_way() -> None:
    if not services.engine_available():
        pytest.skip("hints need the move engine")
    s = Session(Options(players="Ann,computer:beginner", seed=6, hints=True), computer_factory=passers)
    s.start()
    first = s.handle_line("hint")[-1].rstrip(".")
    assert s.handle_line(first)[0].startswith("You played"), first
    typed = s.handle_line("hint")[-1].rstrip(".")
    assert typed == "play JUGA from C7 across", typed  # the deal or the engine changed
    before = snapshot(s)
    out = s.handle_line("play JUGA from C7")
    assert out == ["JUGA from C7 runs down,", "touching no tile;", "type play JUGA from C7 across."], out
    assert snapshot(s) == before
    assert s.handle_line("play JUGA from C7 across")[0].startswith("You played JUGA"), "the way said plays"


def test_touching_nothing_either_way_says_the_rule_alone() -> None:
    s = Session(Options(players="Ann,computer:beginner", seed=3), computer_factory=passers)
    s.start()
    s.handle_line("play JEEZ from E8 across")
    out = s.handle_line("play LEFT from A1")  # neither way touches a tile
    assert out == ["The play must touch a tile already on", "the board."], out
