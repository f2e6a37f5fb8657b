"""Typed lines the sixth review found raising instead of refusing: each
is refused with a sentence and changes nothing (the console's own
dispatch, without handle_line's catch-all that would hide the exception)."""

from __future__ import annotations

import pytest

from audio_scrabble.errors import ScrabbleError

from newcomer_kit import over  # type: ignore[import-not-found]


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "\u00b9\u00b2"])
def test_open_with_a_digit_that_is_no_ascii_digit_is_refused(tmp_path, number):
    """``open ²`` after a game (str.isdigit takes '²', int() does not):
    it raised ValueError ('Something went wrong inside the game')."""
    s = over(tmp_path, 40)
    s.handle_line("games")
    with pytest.raises(ScrabbleError) as refused:
        s._handle(f"open {number}")
    assert any(x in str(refused.value) for x in ("open and a game's number", "numbered", "type open 1"))
    assert s.game.is_over  # nothing opened
