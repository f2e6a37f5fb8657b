"""A play refused for its place (off the star, touching no tile) with a
blank not yet named is answered with its place and the other way to
type, never with a word made of the program's stand-in letter. Under
rules without challenges (void), "play Q? from H7 across" on the empty
board was answered "QE is not in the word list; try another word.": the
program tries the blank as an E to refuse at once what no letter could
make legal, and the other way (down, across the star) was then refused
for QE, a word the player never typed (the blank may be an I: QI). Now
the other way's words are not judged while a blank is unnamed: "Q? from
H7 runs across, off the star; type play Q? from H7 down.", as under
rules with challenges."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from refusal_corpus import joined


@pytest.mark.parametrize("rules", ["void", "house"])
@pytest.mark.parametrize("aids", [False, True])
def test_off_the_star_with_a_blank_unnamed(rules: str, aids: bool) -> None:
    s = Session(Options(players="Ann,Bob", seed=7, rules=rules), lexicon=services.WordSet(["QI", "ZA", "AT"]))
    s.start()
    game = s.match.game  # type: ignore[union-attr]
    game.players[game.current].rack[:] = list("Q?AXYZE")
    s.handle_line("")
    if aids:
        s.handle_line("set aids on")
    said = joined(s.handle_line("play Q? from H7 across"))
    assert "QE" not in said, said
    assert said == "Q? from H7 runs across, off the star; type play Q? from H7 down.", said
    assert game.board.is_empty()
