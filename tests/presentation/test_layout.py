"""Line layout (presentation/layout.py): the one place where text becomes
lines for a width, and the one layout of a reply (``lay_out``).

The breaker itself (``wrap``) is tested with the braille tables in
test_braille.py and through whole games in tests/console/test_brailleview.py;
here: that it has one home, the record's notes broken by it, and the
reply's layout for a display and a terminal.
"""

from __future__ import annotations

from pathlib import Path

import audio_scrabble
from audio_scrabble.console.output import brailleview
from audio_scrabble.presentation import braille, braille_lines, layout, phrases, prompts, record_phrases

PACKAGE = Path(audio_scrabble.__file__).parent


def test_every_module_breaks_lines_with_the_layouts_functions() -> None:
    assert braille.wrap is layout.wrap and braille.break_path is layout.break_path
    assert prompts.wrap is layout.wrap
    assert phrases.fit is layout.list_lines and phrases.clauses is layout.clauses
    assert phrases.short_lines is layout.short_lines and phrases.LINE_WIDTH == layout.LINE_WIDTH
    assert record_phrases.wrapped is layout.wrapped
    assert braille_lines.is_cells_line is layout.is_cells_line
    assert not any(hasattr(brailleview, name) for name in ("fit", "terminal_fit", "fit_prompt", "sentences"))
    others = [f.relative_to(PACKAGE) for f in PACKAGE.rglob("*.py")
              if f.name != "layout.py" and "textwrap" in f.read_text(encoding="utf-8")]
    assert others == []  # one breaker, not textwrap besides it


def test_a_records_note_is_broken_where_a_reader_pauses() -> None:
    note = "Note: an auspicious beginning. The opponent played a fine word here, and I had no answer."
    lines = layout.wrapped(note)
    assert lines[0] == "Note: an auspicious beginning."  # not "... beginning. The"
    assert all(len(line) <= 40 for line in lines) and " ".join(lines) == note


def test_a_records_note_keeps_an_address_whole_and_tidies_white_space() -> None:
    address = "https://example.org/scrabble/annotated/games/2026/club-final"
    lines = layout.wrapped(f"Note:\tsee  {address} for more.\n\n  Second  thought.")
    assert lines == ["Note: see", address, "for more.", "Second thought."]


def test_a_reply_is_laid_out_for_the_display_then_the_terminal() -> None:
    said = ["Club computer played QI (blank Q), G8 across, 2.", "Rack: C D A F R I E."]
    assert layout.lay_out(said) == said  # no display, no terminal: as they are
    on_20 = layout.lay_out(said, cells=20, names=["Club computer"])
    assert on_20 == ["Club computer", "played QI (blank Q),", "G8 across, 2.", "Rack: C D A F R I E."]
    assert layout.lay_out(said, cells=40, columns=20, names=["Club computer"]) == [
        "Club computer played", "QI (blank Q),", "G8 across, 2.", "Rack: C D A F R I E."]
    cells = "⠉⠉⠀⠙⠃⠀⠁⠁⠀⠋⠙⠀⠗⠁⠀⠊⠁⠀⠑⠁"
    assert layout.lay_out([cells], columns=10) == [cells]  # a line of cells is the display's, not the terminal's


def test_a_laid_out_reply_fits_both_widths() -> None:
    said = ["That game is finished; audio-scrabble review Eve-v-Fay.gcg steps through it.",
            "You 0, Club computer 2.", "", "  indented"]
    for cells in (14, 20, 32, 40, None):
        for columns in (16, 30, 80, None):
            out = layout.lay_out(said, cells, columns, ["Club computer"])
            widest = min(w for w in (cells, columns, 10_000) if w is not None)
            assert all(len(line) <= widest for line in out), (cells, columns, out)
            assert " ".join(out).split() == " ".join(said).split()
