"""notation.typed: the lenient reader of what a player types.

Squares in either order and in two parts, spoken forms of a play, left-out
board letters, ``?`` blanks; every mistake it shares with the strict
reader (notation.plays) gets the strict reader's one sentence; and the
word a draft really makes.
"""

from __future__ import annotations

import pytest

from audio_scrabble.core.board import ACROSS, DOWN, Board, Square
from audio_scrabble.core.play import Play, PlacedTile
from audio_scrabble.core.scoring import score_play
from audio_scrabble.errors import NotationError
from audio_scrabble.notation.plays import parse_play, parse_position
from audio_scrabble.notation.typed import (
    build_draft,
    parse_draft,
    parse_request,
    read_square,
    word_made,
)


def board_with(*placements: tuple[str, str]) -> Board:
    board = Board()
    for position, word in placements:
        start, direction = parse_position(position)
        for i, ch in enumerate(word):
            board.put(start.step(direction, i), ch)
    return board


def sentence(fn, *args) -> str:
    with pytest.raises(NotationError) as e:
        fn(*args)
    return str(e.value)


# ---------------------------------------------------------------- squares
@pytest.mark.parametrize("text", ["H8", "h8", "8H", "8h", "H 8", "8 h", "h-8", " 8H "])
def test_a_square_is_read_in_either_order_and_in_two_parts(text):
    assert read_square(text) == Square(7, 7)


@pytest.mark.parametrize("text", ["P8", "8P", "Q3", "H16", "16H", "H0"])
def test_a_square_off_the_board_has_the_one_sentence_of_core_and_plays(text):
    said = sentence(read_square, text)
    assert said == f"{text.upper()} is off the board; columns run A to O and rows 1 to 15."
    if text[0].isalpha():
        assert sentence(Square.parse, text) == said  # the core's own reader
    assert sentence(parse_play, f"{text} JET", Board()) == said
    assert sentence(parse_draft, f"play JET {text}", Board(), None) == said


def test_what_is_no_square_at_all_is_said_so():
    assert sentence(read_square, "star") == "'star' is not a square; name a square by column and row, like H8."


# ---------------------------------------------------------------- one sentence per mistake
THROB = board_with(("8B", "TRAIN"))


@pytest.mark.parametrize(
    "board, text",
    [
        (Board(), "8N ABC"),  # runs off the board
        (Board(), "H12 TRAINER"),
        (THROB, "B8 (S)HROB"),  # a bracketed letter that is not there
        (Board(), "8H .AT"),  # a board letter marked on an empty square
        (Board(), "8H (A)T"),
        (board_with(("8D", "CAT")), "8D CAT"),  # no tile placed
        (Board(), "8D TR(A"),  # brackets gone wrong
        (Board(), "8D TR)A"),
        (Board(), "8D T()A"),
        (Board(), "8D (T(R))A"),
        (Board(), "8D T(.)A"),
        (Board(), "8D TR4IN"),  # not a letter
        (Board(), "8D ()"),
    ],
)
def test_a_mistake_both_readers_meet_gets_one_sentence(board, text):
    strict = sentence(parse_play, text, board)
    assert sentence(parse_draft, text, board) == strict
    assert board.rows_text() == board.rows_text()  # reading never changes the board


def test_the_shared_sentences_say_what_to_do():
    assert sentence(parse_draft, "8N ABC", Board()) == (
        "The word runs off the board with C left over; start it nearer the left.")
    assert sentence(parse_draft, "B8 (S)HROB", THROB) == "B8 holds T, but (S)HROB has S there."
    assert sentence(parse_draft, "CAT from D8 across", board_with(("8D", "CAT"))) == (
        "CAT at 8D places no tile; every square of it is already filled.")


# ---------------------------------------------------------------- the lenient forms
@pytest.mark.parametrize(
    "text, start, direction",
    [
        ("8D TRAIN", "D8", ACROSS),
        ("D8 TRAIN", "D8", DOWN),
        ("TRAIN from D8 across", "D8", ACROSS),
        ("TRAIN at D8 down", "D8", DOWN),
        ("D8 across TRAIN", "D8", ACROSS),
        ("train at d 8", "D8", DOWN),
        ("TRAIN, 8 D", "D8", ACROSS),
    ],
)
def test_spoken_and_tournament_forms(text, start, direction):
    req = parse_request(text)
    assert (req.start, req.direction, req.word.upper()) == (Square.parse(start), direction, "TRAIN")


def test_with_no_square_the_word_starts_at_the_cursor():
    assert parse_request("TRAIN across", Square.parse("C3")).start == Square.parse("C3")
    assert sentence(parse_request, "TRAIN across") == "Say where it goes, like play TRAIN from D8 across."


def test_board_letters_typed_bracketed_or_left_out_make_the_same_tiles():
    board = board_with(("8H", "A"))
    drafts = [parse_draft(t, board) for t in ("H8 AT", "H8 (A)T", "H8 .T", "H8 T")]
    assert {d.tiles for d in drafts} == {(PlacedTile(Square.parse("H9"), "T"),)}
    assert drafts[-1].untyped == ((Square.parse("H8"), "A"),)


def test_blanks_by_case_and_by_question_mark():
    assert parse_draft("8D TRaIN", Board()).tiles[2] == PlacedTile(Square.parse("F8"), "A", True)
    assert all(not t.blank for t in parse_draft("8D train", Board()).tiles)  # all lower case: plain tiles
    draft = parse_draft("8D TR?IN", Board())
    assert draft.open_blanks == (Square.parse("F8"),)
    assert draft.with_blank(Square.parse("F8"), "a").tiles[2] == PlacedTile(Square.parse("F8"), "A", True)


# ---------------------------------------------------------------- the word it makes
def made(board: Board, text: str):
    draft = parse_draft(text, board)
    return word_made(draft, score_play(board, draft.play()))


def test_the_word_typed_in_full_is_the_word_made():
    got = made(board_with(("8H", "A")), "H8 AT")
    assert not got.differs and got.word.word == "AT" and got.joined == () and got.played_through == ()


def test_board_letters_joined_at_the_ends_are_found():
    got = made(board_with(("9D", "NT"), ("8H", "X")), "9F TOLA")
    assert got.differs and got.word.word == "NTTOLA"
    assert got.joined == ((Square.parse("D9"), "N"), (Square.parse("E9"), "T"))


def test_a_board_letter_left_out_inside_the_word_is_found():
    got = made(board_with(("8H", "O")), "ZAP from H6 down")
    assert got.differs and got.word.word == "ZAOP" and got.played_through == ((Square.parse("H8"), "O"),)


def test_one_tile_typed_across_that_only_makes_a_word_down():
    got = made(board_with(("8H", "A")), "9H T")  # typed across from H9: the word is AT, down
    assert got.differs and got.word.word == "AT" and got.word.direction == DOWN


def test_no_word_made_differs():
    draft = build_draft(Board(), parse_request("8H A"))
    assert word_made(draft, score_play(Board(), Play.of(draft.tiles))).differs
