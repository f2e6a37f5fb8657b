"""The sighted helper and the braille reader at the table (helper2's
round): what a helper beside a blind player glances at (the large-print
board, the summary) and what a braille display of 14, 20 or 32 cells
shows."""

from __future__ import annotations

import io
import sys

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.tiles import tile_value
from audio_scrabble.presentation import largeprint


def _shown_after_a_play(monkeypatch: pytest.MonkeyPatch) -> tuple[Session, str, list[str]]:
    """Ann and Bob; the first player puts two tiles on H8 down;
    what show then prints (no colour: a pipe)."""
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    word = "".join(t for t in s.playing().rack_of(s.game.current) if t != "?")[:2]
    s.handle_line(f"play H8 {word}")
    s.take_display()
    assert s.handle_line("show") == ["Large-print board shown on screen."]
    return s, word, s.take_display()


def _grid(shown: list[str]) -> list[str]:
    top = next(i for i, x in enumerate(shown) if x.split() == list("ABCDEFGHIJKLMNO"))
    return shown[top:top + 32]


def test_the_large_print_board_has_row_numbers_on_both_sides(monkeypatch):
    """Trip 1: row numbers on the left only; a helper glancing at the right
    half of the board counted rows. Now each row's top line ends with its
    number too, and the whole still fits 80 columns."""
    _, _, shown = _shown_after_a_play(monkeypatch)
    grid = _grid(shown)
    tops = grid[1:31:2]
    for r, line in enumerate(tops, start=1):
        assert line.split()[0] == str(r) and line.split()[-1] == str(r), line
    assert max(map(len, shown)) <= 80


def test_the_large_print_board_marks_the_last_play_without_colour(monkeypatch):
    """Trip 2: nothing told the last play's tiles from the others; a helper
    asked "what did the computer just play?" had to search. Now its tiles
    have + before their points (and a colour of their own on a terminal),
    and the legend says so."""
    s, word, shown = _shown_after_a_play(monkeypatch)
    grid = _grid(shown)
    under8 = grid[16]
    col_h = 3 + 7 * 5
    assert under8[col_h + 1:col_h + 4] == f"+{tile_value(word[0]):>2}"
    assert grid[18][col_h + 1:col_h + 4] == f"+{tile_value(word[1]):>2}"  # H9
    assert "+ before the points: the last play." in shown
    # the next play is marked, the first no longer
    s.handle_line("")
    s.handle_line("pass")
    s.take_display()
    s.handle_line("show")
    again = _grid(s.take_display())
    assert again[16][col_h + 1:col_h + 4] == f"+{tile_value(word[0]):>2}"  # a pass leaves the last play marked
    coloured = largeprint.board_lines(s.board, colour=True, last=[sq for sq in s.game.history[-2].play.squares])
    assert any(largeprint.LAST_COLOUR in x for x in coloured)
    assert all(len(x) <= 40 for x in largeprint.LAST_LEGEND + largeprint.LAST_COLOUR_LEGEND)


def test_no_play_no_mark(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    s.handle_line("show")
    shown = s.take_display()
    assert not any("last play" in x for x in shown)


def test_show_large_gives_a_helper_large_print_while_braille_mode_stays_on(monkeypatch):
    """Trip 3: in braille mode show gave the braille board, and a sighted
    helper at the screen had large print only after the braille reader
    turned braille mode off (and on again after). Now show says to type
    show large, which prints the large-print board on screen and leaves
    braille mode on; anything else after show is refused as before."""
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    said = s.handle_line("show")
    assert said[:3] == ["Large print:", "type show large.", "Here is the"]
    assert s.take_display() == []
    assert s.handle_line("show large") == ["Large-print board", "shown on screen."]
    shown = s.take_display()
    assert any(x.split() == list("ABCDEFGHIJKLMNO") for x in shown)
    assert s.braille_mode
    assert all(len(x) <= 20 for x in s.handle_line("rack"))
    refused = " ".join(s.handle_line("show huge"))
    assert refused.startswith("'show' takes no words after it")
    assert s.take_display() == []


def test_show_large_reaches_the_screen_whole_in_braille_mode():
    """Trip 3, on the screen: the large-print board went through the
    braille display's fitting (the session's and the screen writer's) and
    came out in pieces of 20 characters; now its lines reach the screen
    whole, and the reply and everything else still fit the display."""
    from audio_scrabble.console.app import Voice
    from audio_scrabble.console.output.brailleview import FittedWriter
    from audio_scrabble.presentation.speech import TextSpeaker

    terminal = io.StringIO()
    screen = FittedWriter(terminal, lambda: 20)
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]))
    s.start()
    voice = Voice(s, TextSpeaker(screen), screen=screen)  # type: ignore[arg-type]
    s.handle_line("")
    voice.emit(s.handle_line("show large"))
    printed = terminal.getvalue().splitlines()
    header = [x for x in printed if x.split() == list("ABCDEFGHIJKLMNO")]
    assert len(header) == 2 and len(header[0]) > 70
    assert any(x.startswith(" 8 ") and x.endswith("8") for x in printed)
    assert "Large-print board" in printed and "shown on screen." in printed
    screen.write("a line of words written by someone else, far wider than the display\n")
    assert all(len(x) <= 20 for x in terminal.getvalue().splitlines()[len(printed):])


def test_on_a_screen_of_40_columns_show_gives_a_narrow_board_that_fits(monkeypatch):
    """Trip 4: on a magnified screen of 40 columns the large-print board's
    78-column lines were wrapped by the terminal, each row in two halves,
    unreadable. Now a screen under 80 columns gets a board a square two
    characters across, a row a line, row numbers on both sides, the last
    play's tiles with + before them: every line within 40."""
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.out.follow_columns(lambda: 40)
    s.start()
    s.handle_line("")
    word = "".join(t for t in s.playing().rack_of(s.game.current) if t != "?")[:2]
    s.handle_line(f"play H8 {word}")
    s.take_display()
    s.handle_line("show")
    shown = s.take_display()
    assert shown and max(map(len, shown)) <= 40
    top = next(i for i, x in enumerate(shown) if x.split() == list("ABCDEFGHIJKLMNO"))
    rows = shown[top + 1:top + 16]
    assert [(x.split()[0], x.split()[-1]) for x in rows] == [(str(r), str(r)) for r in range(1, 16)]
    col_h = 3 + 7 * 2
    assert rows[7][col_h:col_h + 2] == f"+{word[0]}" and rows[8][col_h:col_h + 2] == f"+{word[1]}"
    assert "+ before a tile: the last play." in shown
    assert rows[0][3:5] == "3W"  # A1, its code without colour
    s.out.follow_columns(lambda: 100)
    s.handle_line("show")
    assert max(map(len, s.take_display())) > 70  # a wide screen: the big board


def test_a_lane_keeps_empty_with_its_column_at_20_cells():
    """Trip 5: at 20 cells spots ended 'G1 to G14; empty' / 'column I,
    I1 to I14.': 'empty' parted from the column it tells. Now the break
    goes after the semicolon."""
    from audio_scrabble.presentation import layout

    said = ["Lanes, free runs a word can fill:", "empty column G, G1 to G14; empty column I, I1 to I14."]
    lines = layout.fit_cells(said, 20)
    assert "empty column I," in lines and not any(x.endswith("empty") for x in lines), lines
    assert all(len(x) <= 20 for x in lines)


@pytest.mark.parametrize("width", [14, 20, 32])
def test_the_summary_of_a_game_over_says_who_won(width):
    """Trip 6: summary after the game said it was over and the scores,
    but not who won: the first thing a helper is asked. Now it says so,
    second; every line within the display."""
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=width), lexicon=services.WordSet(["QI"]))
    s.start()
    for _ in range(4):
        s.handle_line("")
        s.handle_line("pass")
    assert s.game.is_over
    winner = s.game.names[s.game.ended.winners[0]]
    said = s.handle_line("summary")
    assert " ".join(said).startswith(f"The game is over. {winner} won. Scores:")
    assert all(len(x) <= width for x in said)


def test_a_review_marks_the_tiles_the_move_put_down(monkeypatch):
    """Trip 2 in a review: show marks the tiles the move reached put down
    (the record's second move, GALE on C7 to F7: its four tiles), none of
    the first move's (WINDY, row 8)."""
    from pathlib import Path

    from audio_scrabble.console.review import ReviewSession
    from audio_scrabble.notation.gcg import read_gcg

    monkeypatch.setattr(sys, "stdout", io.StringIO())
    record = read_gcg((Path(__file__).parents[1] / "records" / "multiplayer_racks.gcg").read_bytes())
    s = ReviewSession(record)
    s.handle_line("next")
    s.handle_line("next")
    s.handle_line("show")
    shown = s.take_display()
    grid = _grid(shown)
    marked = [(r, c) for r in range(15) for c in range(15) if grid[2 + 2 * r][3 + 5 * c + 1:3 + 5 * c + 2] == "+"]
    assert marked == [(6, 2), (6, 3), (6, 4), (6, 5)]  # C7 to F7
    assert "+ before the points: the last play." in shown


@pytest.mark.parametrize("topic", ["braille", "show"])
def test_help_leaves_no_joining_word_alone_at_14_cells(topic):
    """Trip 7: at 14 cells help braille read 'the letter,' / 'then' / 'the
    value.' and help show 'Set NO_COLOR' / 'for' / 'no colours.': a
    joining word alone on a line. Reworded ('a letter and its value.',
    'No colours: set NO_COLOR.')."""
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=14), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    said = s.handle_line(f"help {topic}")
    assert all(len(x) <= 14 for x in said)
    assert not [x for x in said if x.strip(".,:;").lower() in {"and", "or", "for", "then", "from", "to", "with"}], said
