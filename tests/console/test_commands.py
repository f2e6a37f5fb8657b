"""The commands (console/commands.py, board_commands.py, registry.py): any
line gets one answer, a refusal changes nothing, the board and rack
commands, settings, completion; driven through ``Session.handle_line``."""

from __future__ import annotations

import io
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audio_scrabble.console.commands import complete
from audio_scrabble.core.board import CENTRE, Square
from audio_scrabble.core.tiles import BLANK

from console_kit import AcceptAll, ready, said, session, snapshot
from refusal_corpus import joined


# ---------------------------------------------------------------- answering every line
def test_unknown_command_suggests_the_closest_and_help():
    s, _ = session()
    assert joined(s.handle_line("paly 8D TRAIN")) == "'paly' is not a command; did you mean play? Type help for the list."
    assert joined(s.handle_line("scroes")) == "'scroes' is not a command; did you mean scores? Type help for the list."
    assert joined(s.handle_line("xyzzy")) == "'xyzzy' is not a command; type help for the list."


def test_a_play_without_the_word_play_is_not_made():
    s, _ = session()
    ready(s)
    before = snapshot(s)
    assert joined(s.handle_line("8D TRAIN")) == "To play that, type play 8D TRAIN; to test it first, check 8D TRAIN."
    assert snapshot(s) == before


def test_bare_square_reads_it():
    s, _ = session()
    assert s.handle_line("H8") == ["H8, star."]
    assert s.handle_line("d8") == ["D8, two dots."]


def test_empty_line_is_answered_in_every_state():
    s, _ = session()
    ready(s)
    assert s.handle_line("")[0].endswith("Type help for commands.")


REFUSALS = [
    "play",
    "play 8D",
    "play 8A ZZZZZZZZZZZZZZZZ",
    "play 8D QQQQQ",
    "play 8H ZZ",
    "play 1A AT",
    "play P8 AT",
    "play 8D T(R)AIN",
    "play 8D TR(AIN",
    "play TRAIN",
    "play 8D 8E AT",
    "check 1A AT",
    "exchange QQQ",
    "exchange 123",
    "exchange",
    "challenge",
    "challenge Zed",
    "accept",
    "row 16",
    "row x",
    "column Z",
    "goto P1",
    "goto",
    "square 8H",
    "set verbosity loud",
    "set marks smell",
    "set braille 3",
    "set nothing 1",
    "arrange XYZ",
    "arrange",
    "history x",
    "!!!",
    "play 8D TR@IN",
    "help nonsense",
    "\x1b[A",
    "ＡＢＣ",
]


REFUSALS += ["row \u00b2", "row " + "9" * 5000, "history \u00b2", "history " + "9" * 5000,
             "set braille \u00b2", "set braille " + "4" * 5000, "play \u00b2D AT", "goto H\u0668"]


@pytest.mark.parametrize("line", REFUSALS)
def test_refusals_change_nothing_and_say_one_thing(line):
    s, _ = session()
    ready(s)
    before = snapshot(s)
    cursor = s.reader.cursor.square
    out = s.handle_line(line)
    assert out and all(isinstance(x, str) and x for x in out)
    assert "Traceback" not in said(out) and "went wrong" not in said(out)
    assert snapshot(s) == before
    assert s.reader.cursor.square == cursor


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=30))
def test_any_line_at_all_gets_an_answer_and_never_an_error(text):
    s, _ = session(seed=4)
    ready(s)
    out = s.handle_line(text)
    assert out and all(isinstance(x, str) for x in out)
    assert not any("went wrong" in x for x in out), out


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(
    ["play", "check", "exchange", "row", "column", "goto", "square", "set", "help", "arrange", "challenge"]
), min_size=1, max_size=1), st.text(alphabet="ABCDEHIMNOQRSTXZ?abc().0123456789 ", max_size=20))
def test_commands_with_random_arguments_never_break(cmd, args):
    s, _ = session(seed=5)
    ready(s)
    out = s.handle_line(f"{cmd[0]} {args}")
    assert out and not any("went wrong" in x for x in out), out


# ---------------------------------------------------------------- asking again
def test_asking_again():
    s, _ = session(seed=3)
    g = s.game
    ready(s)
    assert s.handle_line("bag") == [f"{len(g.bag)} tiles in the bag."]
    assert s.handle_line("last") == ["No move has been made yet."]
    assert s.handle_line("history") == [f"{g.names[g.current]} drew first."]
    unseen = s.handle_line("unseen")
    assert unseen[0] == f"{sum(g.unseen().values())} tiles unseen:"
    s.handle_line("pass")
    assert s.handle_line("last") == [f"{g.names[1 - g.current]} passed."]
    assert s.handle_line("history")[-1] == f"1. {g.names[1 - g.current]} passed."
    summary = s.handle_line("summary")
    assert summary[0] == f"It is {g.names[g.current]}'s turn."
    assert summary[2] == f"Last move: {g.names[1 - g.current]} passed."
    assert s.handle_line("repeat") == summary
    assert s.handle_line("again") == summary
    assert s.handle_line("rules")[0] == "House rules (RNIB leaflet)."


def test_words_row_column_goto_and_where():
    s, _ = session()
    assert s.handle_line("words") == ["The board is empty."]
    assert s.handle_line("goto D8") == ["D8, two dots."]
    assert s.reader.cursor.square == Square.parse("D8")
    assert s.handle_line("where") == ["D8.", "Column D, 4th from the left.", "Row 8, 8th from the top."]
    assert s.handle_line("row")[0] == "Row 8:"
    assert s.handle_line("column")[0] == "Column D:"
    assert s.handle_line("square") == ["D8, two dots."]
    assert s.handle_line("goto star") == ["H8, star."]


def test_rack_shuffle_sort_arrange_keep_the_tiles():
    s, _ = session(seed=3)
    g = s.game
    ready(s)
    i = g.current
    actual = Counter(g.players[i].rack)
    s.handle_line("shuffle")
    assert Counter(s.playing().rack_of(i)) == actual
    out = s.handle_line("sort")
    assert s.playing().rack_of(i) == sorted(g.players[i].rack, key=lambda t: (t == BLANK, t))
    assert out[0] == "Sorted."
    last = s.playing().rack_of(i)[-1]
    s.handle_line(f"arrange {last}")
    assert s.playing().rack_of(i)[0] == last
    assert Counter(s.playing().rack_of(i)) == actual
    # the game's own rack is never touched by arranging
    assert Counter(g.players[i].rack) == actual


def test_show_prints_a_large_print_board_only_on_screen(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    s, _ = session()
    assert s.take_display() == []
    out = s.handle_line("show")
    assert out == ["Large-print board shown on screen."]
    grid = s.take_display()
    top = next(i for i, line in enumerate(grid) if line.split() == list("ABCDEFGHIJKLMNO"))
    assert "\x1b" not in "".join(grid)
    assert "3W" in grid[top + 1] and "[** ]" in grid[top + 15]  # row 8's first line

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(sys, "stdout", Terminal())
    s.handle_line("show")
    assert "\x1b[" in "".join(s.take_display())


# ---------------------------------------------------------------- settings
def test_settings_change_the_wording():
    s, _ = session()
    assert s.handle_line("set marks names") == ["Premiums named as double letter score."]
    assert s.handle_line("D8") == ["D8, double letter score."]
    s.handle_line("set marks colours")
    assert s.handle_line("D8") == ["D8, double letter score, light blue."]
    assert s.handle_line("set")[2] == "marks: names and colours."
    s.handle_line("set marks marks")
    assert s.handle_line("set") == ["Settings:", "verbosity normal.", "marks: braille-board marks.", "braille off.",
                                  "speech text.", "hints off.", "aids on.", "confirm off.", "sounds off.",
                                  "echo off.", "prompt full.", "think 3 seconds."]
    ready(s)
    s.handle_line("set verbosity full")
    assert s.handle_line("rack")[0].startswith("Rack, 7 tiles, worth ")


def test_completion_of_commands_and_squares():
    s, _ = session()
    assert complete(s, "sh") == ["shuffle", "show"]
    assert complete(s, "goto H1") == ["H1", "H10", "H11", "H12", "H13", "H14", "H15"]
    assert complete(s, "set ") == ["verbosity", "marks", "braille", "speech", "hints", "aids", "confirm", "sounds",
                                   "echo", "prompt", "think"]
    assert complete(s, "set verbosity f") == ["full"]
    assert complete(s, "challenge B") == ["Bob"]
    assert complete(s, "row 1") == ["1", "10", "11", "12", "13", "14", "15"]


def test_repeat_key_and_board_keys_through_the_session():
    s, _ = session()
    assert s.key("right") == ["I8."]
    assert s.key("repeat") == ["I8."]
    s.key("row_start")
    assert s.key("left") == ["Left edge: A8, three bars."]
    assert s.key("star") == ["H8, star."]
    assert s.key("where")[0] == "H8."
    assert s.key("next_right") == ["No more tiles right of H8."]
    assert s.key("column_top") == ["H1, three bars."]
    assert s.key("up") == ["Top edge: H1, three bars."]


#: what a challenge costs, as ``rules`` says it (worded by the presentation from the rules' code)
CHALLENGE_LINES = {
    "house": "A challenged word that stands costs the challenger nothing.",
    "naspa": "A challenger whose challenge fails loses their next turn.",
    "wespa": "A play that stands after a challenge gains its player 5 points.",
    "single": "A failed challenge costs nothing.",
    "ten": "A play that stands after a challenge gains its player 10 points.",
    "void": "There are no challenges; a word not in the list is refused when played.",
}


@pytest.mark.parametrize("rules", ["house", "naspa", "wespa", "single", "ten", "void"])
def test_the_rules_command_answers_in_short_whole_lines(rules):
    s, _ = session(rules=rules)
    out = s.handle_line("rules")
    assert all(len(line) <= 40 for line in out), out
    assert CHALLENGE_LINES[rules] in " ".join(out)
    assert out[-1].startswith("Seed ") and not any(line.endswith(":") for line in out)


@pytest.mark.parametrize("answer", ["yes", "no", "y", "OK"])
def test_yes_or_no_with_no_question_open_is_not_sent_to_quit(answer):
    s, _ = session()
    ready(s)
    before = snapshot(s)
    assert joined(s.handle_line(answer)) == "No question is open; type help for the list."
    assert snapshot(s) == before


def test_skip_is_understood_as_pass():
    s, _ = session()
    ready(s)
    name = s.game.names[s.game.current]
    assert s.handle_line("skip")[0] == f"{name} passed."


def test_a_column_asked_as_a_row_and_a_row_as_a_column_are_pointed_to_the_other_command():
    s, _ = session()
    ready(s)
    assert s.handle_line("row h") == ["H is a column; type column H."]
    assert s.handle_line("column 8") == ["8 is a row; type row 8."]
    assert joined(s.handle_line("row 16")) == "'16' is not a row; rows are numbered 1 to 15 from the top."


@pytest.mark.parametrize("line", ["play 8 G AT", "play AT at G 8 across", "play 8-G AT", "play AT from g-8 across"])
def test_a_square_typed_in_two_parts_is_read_as_one(line):
    s, _ = session(lexicon=AcceptAll())
    ready(s)
    g = s.game
    g.players[g.current].rack[:2] = ["A", "T"]
    name = g.names[g.current]
    assert s.handle_line(line)[0] == f"{name} played AT, G8 across, 4."


@pytest.mark.parametrize("line", ["h 8", "H 8", "h-8"])
def test_a_square_alone_in_two_parts_is_read_not_taken_for_help(line):
    s, _ = session()
    ready(s)
    assert s.handle_line(line) == ["H8, star."]
    assert joined(s.handle_line("q 3")) == "Q3 is off the board; columns run A to O and rows 1 to 15."
    assert not s.finished and s.question is None


@pytest.mark.parametrize("line", ["square 8H", "square 8h", "square h8", "square 8 H", "8H", "goto 8h"])
def test_a_square_is_read_in_either_order(line):
    """Issue 11, finding 5: ``square 8H`` was refused; a square alone has no direction."""
    s, _ = session()
    ready(s)
    s.reader.cursor.goto(Square.parse("A1"))
    out = s.handle_line(line)
    if line.startswith("goto"):
        assert s.reader.cursor.square == CENTRE and "H8" in out[0], out
    else:
        assert out == ["H8, star."]
    assert joined(s.handle_line("square 8P")) == "8P is off the board; columns run A to O and rows 1 to 15."


def test_the_word_blank_names_the_blank_in_exchange_and_arrange():
    s, _ = session()
    ready(s)
    g = s.game
    g.players[g.current].rack[:] = list("AB?DEFG")
    s.racks.order[g.current] = list(g.current_player.rack)
    assert s.handle_line("arrange blank, A") == ["Arranged.", "Rack: blank A B D E F G."]
    name = g.names[g.current]
    assert s.handle_line("exchange blank a")[0] == f"{name} exchanged 2 tiles."


def test_the_rules_on_a_20_cell_display_break_once_at_its_width():
    s, _ = session(braille_width=20)
    out = s.handle_line("rules")
    assert all(len(x) <= 20 for x in out)
    # broken once, from the whole sentence: no word left alone on a line
    assert [x for x in out if len(x.split()) == 1] == [], out
    assert "Seed 1," in out and "for a replay." in out
