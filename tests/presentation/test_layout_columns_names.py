"""The terminal's breaking keeps a player's name whole, as a braille
display's does: fit_columns passes the players' names to wrap, and
lay_out gives them. Before, a terminal of 30 columns parted "Mary" from
"Ann Smith's turn" (fit_columns called wrap without the names)."""

from __future__ import annotations

from audio_scrabble.presentation.layout import fit_columns, lay_out

NAMES = ("Mary Ann Smith", "Bob Jones")
LINE = "1. With Mary Ann Smith: Mary Ann Smith's turn, for 3 days."


def test_fit_columns_keeps_a_name_of_several_words_on_one_line() -> None:
    lines = fit_columns([LINE], 30, NAMES)
    assert all(len(x) <= 30 for x in lines), lines
    assert " ".join(lines) == LINE
    assert sum(x.count("Mary Ann Smith") for x in lines) == 2, lines


def test_lay_out_passes_the_names_to_the_terminal_s_breaking() -> None:
    lines = lay_out([LINE], None, 30, NAMES)
    assert lines == fit_columns([LINE], 30, NAMES)
    assert not any(x.endswith("Mary") or x.startswith("Ann") for x in lines), lines
