"""presentation/phrases.py: what the scorekeeper and the board say."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audio_scrabble.core.board import ACROSS, DOWN, Board, Square
from audio_scrabble.core.events import Adjustment, FirstPlayerDrawn, GameEnded
from audio_scrabble.core.game import Game
from audio_scrabble.core.play import PlacedTile, Play
from audio_scrabble.core.rules import rules_named
from audio_scrabble.presentation import phrases
from audio_scrabble.presentation.phrases import Audience, Style


def board_with(*placed: tuple[str, str]) -> Board:
    b = Board()
    for name, tile in placed:
        b.put(Square.parse(name), tile)
    return b


# ---------------------------------------------------------------- squares
@pytest.mark.parametrize(
    "square, said",
    [("I8", "I8."), ("H8", "H8, star."), ("D8", "D8, two dots."), ("A1", "A1, three bars."),
     ("B2", "B2, two bars."), ("F2", "F2, three dots.")],
)
def test_empty_squares_say_coordinate_then_mark(square, said):
    assert phrases.square_phrase(Board(), Square.parse(square)) == said


def test_a_tile_is_said_and_its_covered_premium_is_not():
    b = board_with(("D8", "T"), ("H8", "n"))
    assert phrases.square_phrase(b, Square.parse("D8")) == "D8, T."
    assert phrases.square_phrase(b, Square.parse("H8")) == "H8, blank N."  # as a word says it: (blank N)


@pytest.mark.parametrize(
    "marks, said",
    [("marks", "D8, two dots."), ("names", "D8, double letter score."),
     ("colours", "D8, double letter score, light blue.")],
)
def test_premium_naming_modes(marks, said):
    assert phrases.square_phrase(Board(), Square.parse("D8"), marks) == said


def test_star_in_names_mode_keeps_the_word_star():
    assert phrases.square_phrase(Board(), Square.parse("H8"), "names") == "H8, star, double word score."


def test_where_counts_pegs_from_the_top_left():
    assert phrases.where_phrases(Square.parse("D8")) == [
        "D8.", "Column D, 4th from the left.", "Row 8, 8th from the top."]
    assert phrases.where_phrases(Square.parse("K13"))[1:] == [
        "Column K, 11th from the left.", "Row 13, 13th from the top."]


@pytest.mark.parametrize("n, text", [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                                     (12, "12th"), (13, "13th"), (15, "15th"), (21, "21st")])
def test_ordinals(n, text):
    assert phrases.ordinal(n) == text


# ---------------------------------------------------------------- rows and columns
def test_row_groups_empty_runs_and_reads_words_whole():
    b = board_with(("D8", "T"), ("E8", "R"), ("F8", "A"), ("G8", "I"), ("H8", "N"))
    lines = phrases.line_phrases(b, 7, ACROSS)
    assert lines == [
        "Row 8:", "A8, three bars.", "B8 to C8, empty.", "D8 to H8, TRAIN.", "I8 to K8, empty.",
        "L8, two dots.", "M8 to N8, empty.", "O8, three bars.",
    ]


def test_brief_row_skips_premiums():
    b = board_with(("H8", "A"))
    assert phrases.line_phrases(b, 7, ACROSS, Style("brief")) == ["Row 8:", "A8 to G8, empty.", "H8, A.", "I8 to O8, empty."]
    assert phrases.line_phrases(Board(), 0, ACROSS, Style("brief")) == ["Row 1, all empty."]


def test_column_reads_top_to_bottom_and_names_blanks():
    b = board_with(("H7", "A"), ("H8", "t"))
    lines = phrases.line_phrases(b, 7, DOWN)
    assert lines[0] == "Column H:"
    assert "H7 to H8, AT (blank T)." in lines
    assert lines[1] == "H1, three bars."


def test_words_on_the_board():
    b = board_with(("D8", "T"), ("E8", "O"), ("E9", "X"))
    assert phrases.words_phrases(b) == ["2 words on board:", "TO, D8 across.", "OX, E8 down."]
    assert phrases.words_phrases(Board()) == ["The board is empty."]


# ---------------------------------------------------------------- racks and tiles
def test_rack_at_each_verbosity():
    rack = ["Q", "A", "?"]
    assert phrases.rack_phrases(rack) == ["Rack: Q A blank."]
    assert phrases.rack_phrases(rack, owner="Bob") == ["Bob, your rack: Q A blank."]
    full = phrases.rack_phrases(rack, Style("full"))
    assert full == ["Rack, 3 tiles, worth 11:", "Q 10, A 1, blank 0."]
    assert phrases.rack_phrases([]) == ["Your rack is empty."]


def test_word_text_names_blanks():
    assert phrases.word_text("TRAiN") == "TRAIN (blank I)"
    assert phrases.word_text("bOAt") == "BOAT (blanks B and T)"
    assert phrases.word_text("TRAIN") == "TRAIN"


def test_unseen_by_letter_fits_braille_lines():
    lines = phrases.unseen_phrases(Counter({"A": 3, "?": 1, "Z": 1}))
    assert lines == ["5 tiles unseen:", "A 3, Z 1, blank 1."]
    assert phrases.unseen_phrases(Counter({"A": 3}), Style("brief")) == ["3 tiles unseen."]


def test_fit_never_exceeds_width_and_keeps_items_whole():
    items = [f"{c} {n}" for c, n in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", range(1, 27))]
    lines = phrases.fit(items)
    assert all(len(line) <= 40 for line in lines)
    assert ", ".join(line.rstrip(",.") for line in lines) == ", ".join(items)


# ---------------------------------------------------------------- events
def _game_after_train() -> tuple[Game, tuple[int, ...]]:
    """A game where the first player plays TRAIN at 8D (rack forced)."""
    g = Game(["Alice", "Bob"], rules_named("house"), seed=1)
    p = g.current_player
    p.rack = list("TRAINXY")
    before = g.scores()
    tiles = [PlacedTile(Square.parse(sq), ch) for sq, ch in zip(["D8", "E8", "F8", "G8", "H8"], "TRAIN")]
    g.place(Play.of(tiles))
    return g, before


def test_play_announcement_reads_the_event():
    g, before = _game_after_train()
    ev = g.last_events[0]
    aud = Audience(g.names)
    lines = phrases.announce(g.last_events, aud, before, Style())
    first = g.names[ev.player]
    # issue 23: one form, who, the word, where, the score, in one line
    assert lines[0] == f"{first} played TRAIN, D8 across, 12."
    assert f"{first} drew 5 tiles." in lines
    assert phrases.scores_line(g.names, g.scores()) in lines
    # the scorekeeper's order: play and score, totals, tiles drawn
    assert lines.index(phrases.scores_line(g.names, g.scores())) < lines.index(f"{first} drew 5 tiles.")
    # the drawn letters are private unless the audience may hear them
    assert not any(" ".join(ev.drawn) in line for line in lines if "drew" in line)
    revealed = phrases.announce(g.last_events, Audience(g.names, frozenset({ev.player})), before)
    assert any(phrases.tiles_list(ev.drawn) in line for line in revealed)


def test_full_verbosity_names_premiums_with_marks_or_names():
    g, before = _game_after_train()
    full = phrases.announce(g.last_events, Audience(g.names), before, Style("full"))
    assert "TRAIN: 6, doubled, 12." in full
    assert "T on D8, two dots." in full
    assert "N on H8, star." in full
    named = phrases.announce(g.last_events, Audience(g.names), before, Style("full", "names"))
    assert "T on D8, double letter score." in named


def test_announcer_does_not_compute_the_score():
    """The words said come from the event's breakdown, even if it were odd."""
    import dataclasses

    g, before = _game_after_train()
    ev = g.last_events[0]
    odd = dataclasses.replace(ev, breakdown=dataclasses.replace(ev.breakdown, total=99))
    lines = phrases.event_phrases(odd, Audience(g.names), Style())
    assert lines[0].endswith(", 99.")  # issue 23: the score ends the play's line


def test_brief_play_is_one_line_then_totals():
    g, before = _game_after_train()
    lines = phrases.announce(g.last_events, Audience(g.names), before, Style("brief"), next_player=g.current)
    assert lines[0].endswith("TRAIN, D8 across, 12.")
    assert lines[-1] == f"{phrases.possessive(g.names[g.current])} turn."


def test_first_player_draw():
    """Each tile is named once, in the draw; then who plays first."""
    ev = FirstPlayerDrawn(1, ((("Alice", "E"), ("Bob", "A")),), 1, "Bob")
    assert phrases.first_player_phrases(ev) == ["Alice drew E, Bob drew A.", "Bob plays first."]
    tie = FirstPlayerDrawn(1, ((("Alice", "A"), ("Bob", "A")), (("Alice", "?"), ("Bob", "C"))), 0, "Alice")
    assert phrases.first_player_phrases(tie) == [
        "Alice drew A, Bob drew A.", "Alice and Bob tie and draw again.", "Alice drew a blank, Bob drew C.",
        "Alice plays first."]


def test_a_tie_in_the_draw_says_who_draws_again():
    """With three or four players a tie is not everyone's: those tied are
    named ("you" for the one person at the table), in lines of 40 at most."""
    three = FirstPlayerDrawn(1, ((("Ann", "A"), ("Bob", "C"), ("Cy", "A")), (("Ann", "E"), ("Cy", "B"))), 2, "Cy")
    assert phrases.first_player_phrases(three) == [
        "Ann drew A, Bob drew C, Cy drew A.", "Ann and Cy tie and draw again.", "Ann drew E, Cy drew B.",
        "Cy plays first."]
    four = FirstPlayerDrawn(1, ((("Me", "A"), ("Club computer", "A"), ("Expert computer", "D"), ("Ann", "A")),
                                (("Me", "B"), ("Club computer", "B"), ("Ann", "C")),
                                (("Me", "E"), ("Club computer", "D"))), 1, "Club computer")
    lines = phrases.first_player_phrases(four, you="Me")
    assert lines[2:4] == ["You, Club computer and Ann tie", "and draw again."]
    assert lines[6:9] == ["You and Club computer tie", "and draw again.", "You drew E, Club computer drew D."]
    assert all(len(x) <= 40 for x in lines), lines


def test_game_end_reads_adjustments_and_winner():
    ev = GameEnded(
        30, "out", 1,  # going out: the presentation names who went out
        (Adjustment(0, "Alice", ("X", "A"), -9), Adjustment(1, "Bob", (), 9)), (200, 250), (1,),
    )
    lines = phrases.event_phrases(ev, Audience(("Alice", "Bob")))
    assert lines[:4] == ["Game over.", "Bob went out with the bag empty.", "Alice loses 9 points for X and A.",
                         "Bob gains 9 points."]
    assert sum("went out" in x for x in lines) == 1  # going out said once (issue 11)
    assert lines[-3:] == ["Final scores:", "Bob 250, Alice 200.", "Bob wins with 250."]
    tie = GameEnded(9, "all_passed_twice", None, (), (10, 10), (0, 1))
    assert phrases.event_phrases(tie, Audience(("Alice", "Bob")))[-1] == "A tie: Alice and Bob, 10 each."


def test_the_tiles_left_at_the_end_say_who_loses_how_much_first():
    """Who loses how much, then for which tiles: one line when it fits,
    else broken before "for" (not inside the list of tiles); "You" for the
    one person; the gain beside it alike; nothing lost under the North
    American rule."""
    names = ("Club computer", "Me")
    seven = GameEnded(30, "out", 1, (Adjustment(0, "Club computer", tuple("NLWSECO"), -12),
                                         Adjustment(1, "Me", (), 12)), (188, 262), (1,), waited=True)
    assert phrases.event_phrases(seven, Audience(names, frozenset({1}), 1))[1:4] == [
        "Club computer loses 12 points", "for N, L, W, S, E, C and O.", "You gain 12 points."]
    mine = GameEnded(30, "out", 0, (Adjustment(0, "Club computer", (), 4),
                                        Adjustment(1, "Me", ("Q", "?"), -10)), (204, 240), (1,), waited=True)
    assert phrases.event_phrases(mine, Audience(names, frozenset({1}), 1))[1:3] == [
        "You lose 10 points for Q and blank.", "Club computer gains 4 points."]
    north_american = GameEnded(30, "out", 1, (Adjustment(0, "Alice", ("X", "A"), 0),
                                                  Adjustment(1, "Bob", (), 18)), (200, 268), (1,), waited=True)
    assert phrases.event_phrases(north_american, Audience(("Alice", "Bob")))[1:3] == [
        "Alice loses nothing for X and A.", "Bob gains 18 points."]


@pytest.mark.parametrize("reason, count, why", [
    ("all_passed_twice", 0, "Every player passed twice in a row."),
    ("no_moves", 0, "No player can make a play."),
    ("scoreless_turns", 6, "There were 6 scoreless turns in a row."),
])
def test_why_a_game_ended_is_worded_from_the_events_reason_code(reason, count, why):
    """The core gives a reason code (and for scoreless turns their count);
    the sentence is the presentation's."""
    ev = GameEnded(30, reason, None, (Adjustment(0, "Alice", ("X",), -8), Adjustment(1, "Bob", (), 0)),
                   (192, 241), (1,), scoreless_turns=count)
    assert phrases.event_phrases(ev, Audience(("Alice", "Bob")))[:3] == [
        "Game over.", why, "Alice loses 8 points for X."]


def test_the_end_after_a_wait_on_the_last_play_does_not_say_why_again():
    """The question said "Bob went out with the bag empty." (or why else
    the game waited): the end goes on to the tiles left, the gain last."""
    adjustments = (Adjustment(0, "Alice", ("X", "A"), -9), Adjustment(1, "Bob", (), 9))
    out = GameEnded(30, "out", 1, adjustments, (200, 250), (1,), waited=True)
    assert phrases.event_phrases(out, Audience(("Alice", "Bob")))[:3] == [
        "Game over.", "Alice loses 9 points for X and A.", "Bob gains 9 points."]
    assert phrases.event_phrases(out, Audience(("Alice", "Bob"), frozenset({1}), 1))[:3] == [
        "Game over.", "Alice loses 9 points for X and A.", "You gain 9 points."]
    stuck = GameEnded(30, "no_moves", None, adjustments[:1], (191, 241), (1,), True)
    assert phrases.event_phrases(stuck, Audience(("Alice", "Bob")))[:2] == ["Game over.", "Alice loses 9 points for X and A."]
    assert phrases.went_out_line("Bob") == "Bob went out with the bag empty."
    assert phrases.went_out_line("Me", you=True) == "You went out with the bag empty."


def test_summary_paragraph():
    g, _ = _game_after_train()
    ev = g.last_events[0]
    lines = phrases.summary_phrases(g.names, g.scores(), g.current, ev, len(g.bag), False)
    assert lines[0] == f"It is {phrases.possessive(g.names[g.current])} turn."
    assert " ".join(lines[2:4]) == f"Last move: {ev.name} played TRAIN, D8 across for 12."
    assert all(len(x) <= 40 for x in lines)
    assert lines[4] == f"{len(g.bag)} tiles in the bag."


def test_premium_legend_in_marks():
    assert phrases.premium_legend()[0] == "two dots: double letter."


# ---------------------------------------------------------------- lines for a braille display
@pytest.mark.parametrize("text, lines", [
    ("Alice, press Enter to hear your rack.", ["Alice, press Enter to hear your rack."]),
    ("Bartholomew Jones, press Enter to hear your rack.", ["Bartholomew Jones,", "press Enter to hear your rack."]),
    ("Bartholomew Jones drew D and plays first.", ["Bartholomew Jones drew D", "and plays first."]),
    ("Expert computer went out with the bag empty.", ["Expert computer went out", "with the bag empty."]),
    ("Christopher Anderson challenges Bartholomew Jones' play.",
     ["Christopher Anderson challenges", "Bartholomew Jones' play."]),
    ("Expert computer went out. Bartholomew Jones: challenge or accept?",
     ["Expert computer went out.", "Bartholomew Jones: challenge or accept?"]),
    ("Bartholomew Jones drew 3 tiles; the bag is empty.", ["Bartholomew Jones drew 3 tiles;", "the bag is empty."]),
    ("Maximilian played QUIZ (blanks Q, Z), H8 across, 12 points.",
     ["Maximilian played QUIZ (blanks Q, Z),", "H8 across, 12 points."]),
    # a group in parentheses longer than a line breaks like any words (it once stood whole, 80 wide)
    ("The game could not be written as a GCG record (the #lexicon pragma holds a line break; "
     "only notes may run over several lines), so it was kept as a save file.",
     ["The game could not be written as a GCG", "record (the #lexicon pragma holds a line", "break;",
      "only notes may run over several lines),", "so it was kept as a save file."]),
])
def test_clauses_break_after_punctuation_then_before_joining_words(text, lines):
    from audio_scrabble.presentation.phrases import clauses

    assert clauses(text) == lines
    assert " ".join(lines) == text


@given(st.lists(st.text(alphabet="abcdefghij,.:;()", min_size=1, max_size=14), min_size=1, max_size=20),
       st.integers(10, 60))
def test_clauses_keep_every_word_and_fit_unless_a_word_is_longer(words, width):
    from audio_scrabble.presentation.phrases import clauses

    text = " ".join(words)
    lines = clauses(text, width)
    assert " ".join(lines).split() == text.split()
    for line in lines:
        assert len(line) <= width or " " not in line  # only a single word longer than a line stands out


def test_whose_turn_and_play_for_you_names_and_pronoun_names():
    """The one person at the table is "you"; a name that is a pronoun
    (any case) follows the noun; any other name keeps its own case, even
    at the start of a sentence."""
    assert phrases.turn_line("Alice") == "Alice's turn."
    assert phrases.turn_line("James") == "James' turn."
    assert phrases.turn_line("Me", you=True) == "Your turn."
    assert phrases.turn_line("Alice", you=True) == "Your turn."
    for name in ("Me", "me", "I", "MYSELF", "You", "yourself"):
        assert phrases.turn_line(name) == f"Turn for {name}."
        assert phrases.whose("play", name) == f"the play by {name}"
        assert phrases.whose("rack", name, start=True) == f"The rack of {name}"
    assert phrases.turn_line("Your Majesty") == "Your Majesty's turn."
    assert phrases.turn_clause("Your Majesty") == "Your Majesty's turn"
    assert phrases.turn_clause("Me") == "turn for Me" and phrases.turn_clause("Me", you=True) == "your turn"
    assert phrases.whose("rack", "doug", start=True) == "doug's rack"
    assert not phrases.is_pronoun("Mel") and not phrases.is_pronoun("Ivy")


# ---------------------------------------------------------------- you, the one person at the table
@pytest.mark.parametrize("verb, after_you", [
    ("loses", "lose"), ("wins", "win"), ("gains", "gain"), ("has", "have"), ("is", "are"), ("goes", "go"),
    ("challenges", "challenge"), ("passes", "pass"), ("misses", "miss"), ("leads", "lead"), ("accepts", "accept"),
    ("plays", "play"), ("played", "played"), ("went", "went"), ("had", "had"), ("accept", "accept"),
])
def test_a_verb_agrees_with_you_and_stays_after_a_name(verb, after_you):
    assert phrases.agree(verb, you=True) == after_you
    assert phrases.agree(verb) == verb
    assert phrases.does("Me", verb) == f"Me {verb}"
    assert phrases.does("Me", verb, you=True) == f"You {after_you}"
    assert phrases.does("Me", verb, you=True, start=False) == f"you {after_you}"


def test_challenge_lines_say_you_whichever_side_you_are_on():
    """The forms the console cannot reach with its own computers (they
    challenge only words not in the list): your play stands and you gain
    (5-point rule); a computer loses its next turn (double challenge)."""
    from audio_scrabble.core.events import ChallengeResolved

    aud = Audience(("Me", "Club computer"), frozenset({0}), 0)
    stands = ChallengeResolved(3, 1, "Club computer", 0, "Me", ("CAT",), (), False, 0, False, (25, 30), 1, 5)
    assert phrases.event_phrases(stands, aud) == [
        "Club computer challenges your play.", "CAT is acceptable.", "You gain 5 points.", "You 25, Club computer 30."]
    lost = ChallengeResolved(3, 1, "Club computer", 0, "Me", ("CAT",), (), False, 0, True, (20, 30), 0)
    assert phrases.event_phrases(lost, aud)[2] == "Club computer loses the next turn."
    shared = Audience(("Me", "Club computer"))  # no one "you": the names stay
    assert phrases.event_phrases(stands, shared) == [
        "Club computer challenges the play by Me.", "CAT is acceptable.", "Me gains 5 points.", "Me 25, Club computer 30."]


def test_a_tie_and_the_draw_for_first_with_you():
    aud = Audience(("Me", "Bob"), frozenset({0}), 0)
    tie = GameEnded(9, "all_passed_twice", None, (), (10, 10), (0, 1))
    assert phrases.event_phrases(tie, aud)[-2:] == ["You 10, Bob 10.", "A tie: you and Bob, 10 each."]
    ev = FirstPlayerDrawn(1, ((("Me", "E"), ("Bob", "A")),), 1, "Bob")
    assert phrases.first_player_phrases(ev, "Me") == ["You drew E, Bob drew A.", "Bob plays first."]
    mine = FirstPlayerDrawn(1, ((("Me", "A"), ("Bob", "E")),), 0, "Me")
    assert phrases.first_player_phrases(mine, "Me") == ["You drew A, Bob drew E.", "You play first."]
    second = FirstPlayerDrawn(1, ((("Bob", "E"), ("Me", "A")),), 1, "Me")  # "you" inside the sentence
    assert phrases.first_player_phrases(second, "Me") == ["Bob drew E, you drew A.", "You play first."]
