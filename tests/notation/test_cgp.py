"""CGP position strings: parse, format, round trip, errors."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from audio_scrabble.core import TILE_COUNTS, Board, Game, Square, rules_named
from audio_scrabble.errors import RecordError
from audio_scrabble.notation import Position, format_cgp, parse_play, position_from_cgp, position_from_game

WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"
MAVEN = (
    "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
    "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;"
)


def test_parse_the_windy_example():
    pos = position_from_cgp(WINDY)
    assert pos.board.rows_text()[7] == "...WINDY......."
    assert pos.board.tile_count() == 5
    assert pos.racks == (tuple("ADEEGIL"), ())
    assert pos.scores == (0, 32)
    assert pos.zero_turns == 0
    assert pos.opcodes == (("lex", "NWL20"),)
    assert pos.lexicon == "NWL20" and pos.opcode("cr") is None


def test_blanks_on_the_board_are_lower_case():
    pos = position_from_cgp(MAVEN)
    assert pos.board[Square(5, 9)] == "c"  # J6
    assert pos.racks[1] == tuple("AEINRU?")


@pytest.mark.parametrize("text", [WINDY, MAVEN, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm -2;"])
def test_canonical_strings_round_trip_exactly(text):
    assert format_cgp(position_from_cgp(text)) == text


def test_no_opcodes_and_loose_spacing():
    text = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 1/2 3"
    pos = position_from_cgp(text)
    assert pos.opcodes == () and pos.zero_turns == 3
    assert format_cgp(pos) == text
    loose = position_from_cgp(text + "  lex   CSW21 ;cr double;")
    assert loose.opcodes == (("lex", "CSW21"), ("cr", "double"))
    assert format_cgp(loose) == text + " lex CSW21; cr double;"


def test_three_players_and_negative_scores():
    pos = position_from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B/C 10/-5/0 0")
    assert pos.scores == (10, -5, 0) and len(pos.racks) == 3


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("15/15/15", "needs four fields"),
        ("15/15/15/15 A/B 0/0 0", "has 4 rows"),
        ("15/15/15/15/15/15/15/14/15/15/15/15/15/15/15 A/B 0/0 0", "Row 8 (14) covers 14 squares"),
        ("15/15/15/15/15/15/15/3WINDY8/15/15/15/15/15/15/15 A/B 0/0 0", "longer than 15"),
        ("15/15/15/15/15/15/15/3WI!DY7/15/15/15/15/15/15/15 A/B 0/0 0", "has '!'"),
        ("15/15/15/15/15/15/15/0A14/15/15/15/15/15/15/15 A/B 0/0 0", "run of 0"),
        ("15/15/15/15/15/15/15/[CH]13/15/15/15/15/15/15/15 A/B 0/0 0", "English tiles only"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B/C 0/0 0", "3 racks but 2 scores"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A 0 0", "a game has 2 to 4"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A1/B 0/0 0", "Rack 1"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCDEFGH/B 0/0 0", "at most 7"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B x/0 0", "score 'x'"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 -1", "cannot be negative"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0 lex NWL20", "must end with a semicolon"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0 9x y;", "not an operation name"),
        ("15/15/15/15/15/15/15/7ZZ6/15/15/15/15/15/15/15 A/B 0/0 0", "2 Z tiles"),
        ("15/15/15/15/15/15/15/7ab6/15/15/15/15/15/15/15 ?/B 0/0 0", "3 blanks"),
    ],
)
def test_errors_are_sentences(text, fragment):
    with pytest.raises(RecordError) as e:
        position_from_cgp(text)
    assert fragment in str(e.value)
    assert str(e.value).rstrip().endswith((".", ".;."))


def test_position_from_a_game():
    game = Game(["Ann", "Bob"], rules_named("house"), seed=4)
    pos = position_from_game(game, opcodes=(("lex", "TEST"),))
    assert pos.racks[0] == tuple(game.current_player.rack)
    again = position_from_cgp(format_cgp(pos))
    assert again == pos


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@st.composite
def positions(draw):
    cells = [["" for _ in range(15)] for _ in range(15)]
    for _ in range(draw(st.integers(0, 30))):
        cells[draw(st.integers(0, 14))][draw(st.integers(0, 14))] = draw(st.sampled_from("AEIOURSTe"))
    board = Board(cells)
    n = draw(st.integers(2, 4))
    racks = tuple(tuple(draw(st.lists(st.sampled_from(list("BCDFGHLMNPW")), max_size=7))) for _ in range(n))
    scores = tuple(draw(st.integers(-50, 700)) for _ in range(n))
    ops = tuple(draw(st.lists(st.sampled_from([("lex", "NWL20"), ("cr", "double"), ("lm", "8D WINDY"), ("bb", "50")]), max_size=3)))
    return Position(board, racks, scores, draw(st.integers(0, 6)), ops)


@given(positions())
def test_positions_round_trip(pos):
    """Every position writes and reads back; one holding more tiles than the set is refused."""
    counts = Counter(t.upper() if t.isupper() else "?" for _, t in pos.board.occupied())
    for r in pos.racks:
        counts.update(r)
    if any(n > TILE_COUNTS[t] for t, n in counts.items()):
        with pytest.raises(RecordError):
            position_from_cgp(format_cgp(pos))
        return
    text = format_cgp(pos)
    assert position_from_cgp(text) == pos
    assert format_cgp(position_from_cgp(text)) == text


def test_last_move_operand_can_be_read_as_a_play():
    pos = position_from_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0 lm 8D WINDY;")
    play = parse_play(pos.opcode("lm"), Board())
    assert [t.square.name for t in play.tiles][0] == "D8"
