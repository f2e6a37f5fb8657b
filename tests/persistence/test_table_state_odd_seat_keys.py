"""A save's seat numbers (the ``computers`` and ``racks`` tables of its
settings) that are no small ASCII number are left out, as any other value
of the wrong kind is: ``str.isdigit`` takes ``²``, Arabic-Indic digits
and a key of 5,000 digits, on which ``int()`` raised ValueError, so the
whole save could not be read back ('Something went wrong inside the
game')."""

from __future__ import annotations

import pytest

from audio_scrabble.persistence import TableState


@pytest.mark.parametrize("odd", ["²", "١", "9" * 5000, "1²"], ids=["superscript", "arabic-indic", "5000-digits", "1-superscript"])
def test_an_odd_seat_key_is_left_out_and_the_good_ones_kept(odd: str) -> None:
    settings = {
        "computers": {odd: "easy", "1": "hard"},
        "racks": {odd: "ABC", "0": "RETAINS"},
        "verbosity": "normal",
    }
    state = TableState.from_json(settings, 2)
    assert state.computers == {1: "hard"}
    assert state.racks == {0: "RETAINS"}
    assert state.verbosity == "normal"


def test_a_seat_past_the_players_is_still_left_out() -> None:
    state = TableState.from_json({"computers": {"2": "easy", "0": "easy"}}, 2)
    assert state.computers == {0: "easy"}
