"""Survey the board: hot spots, lanes, around, fit and the cursor's jumps.

* Hot spots and lanes never name a square no play can reach, and name
  every premium one can: checked on many positions from seeded random
  games (tests/randplay.py) against a brute force that lays every line of
  1 to rack-size tiles on the board and asks the core's own
  validate_placement. The route said for each spot is itself a legal
  placement, and no shorter one covers the square.
* ``fit WORD`` finds exactly the placements of that word the move
  generator finds (same squares, same best score) on many positions of
  games between move-generator players, and says in one sentence why a
  word fits nowhere.
* The phrases: lines of at most 40 characters, the wording of each kind
  of spot, around, fit, and the jumps' wording.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict

import pytest

from audio_scrabble.core import ACROSS, DOWN, Board, Game, PlacedTile, Play, Square, score_play, validate_placement
from audio_scrabble.core.board import CENTRE, SIZE, premium_at
from audio_scrabble.core.play import words_formed
from audio_scrabble.engine.survey import (
    Area,
    around,
    board_words,
    fit_word,
    hot_spots,
    lanes,
    next_hot_spot,
    next_word,
    parse_area,
    parse_spots,
    word_jump,
    route_to,
    survey,
)
from audio_scrabble.errors import IllegalPlay, NotationError
from audio_scrabble.presentation.phrases import BRIEF, FULL, NAMES, Style
from audio_scrabble.presentation.survey_phrases import (
    aids_off_phrase,
    around_answer,
    around_phrases,
    fit_answer,
    fit_phrases,
    spots_answer,
    hot_spot_jump_phrases,
    spot_sentence,
    spots_phrases,
    word_jump_phrases,
)

from movegen_kit import gen, lexicon  # type: ignore[import-not-found]  # noqa: F401 - fixtures
from randplay import PseudoLexicon, step

SQUARE_RE = re.compile(r"\b([A-O])([0-9]{1,2})\b")
STYLES = (Style(), Style(BRIEF), Style(FULL), Style(marks=NAMES))
AREAS = ("", "top", "bottom left", "right", "row 8", "column H", "3", "k")


def board_of(*words: tuple[str, str, str]) -> Board:
    """Board from (start square, direction, letters) triples; lower case = blank."""
    b = Board()
    for start, direction, letters in words:
        sq = Square.parse(start)
        for ch in letters:
            b.put(sq, ch)
            sq = sq.step(direction)
    return b


# ---------------------------------------------------------------- brute force
def brute_reach(board: Board, rack_size: int) -> dict[Square, int]:
    """Every free square some legal placement of 1..rack_size tiles covers,
    with the fewest tiles of such a placement, by the core's own rules."""
    best: dict[Square, int] = {}
    for direction in (ACROSS, DOWN):
        for line in range(SIZE):
            for first in range(SIZE):
                start = Square(line, first) if direction == ACROSS else Square(first, line)
                if board[start]:
                    continue
                tiles: list[PlacedTile] = []
                sq = start
                for _ in range(rack_size):
                    while sq.on_board and board[sq]:
                        sq = sq.step(direction)
                    if not sq.on_board:
                        break
                    tiles.append(PlacedTile(sq, "E"))
                    sq = sq.step(direction)
                    play = Play.of(tiles, direction if len(tiles) == 1 else None)
                    try:
                        validate_placement(board, play)
                    except IllegalPlay:
                        continue
                    for t in tiles:
                        best[t.square] = min(best.get(t.square, 99), len(tiles))
    return best


def random_positions(games: int, seed: int):
    """Boards (with the mover's rack) before turns of seeded random games."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game(["a", "b"], seed=rng.randrange(1 << 30), lexicon=PseudoLexicon())
        turns = 0
        while not game.is_over and turns < 60:
            if not game.awaiting_final_challenge:
                yield game.board.copy(), list(game.current_player.rack)
            step(game, rng)
            turns += 1


def named_free_squares(lines: list[str], board: Board) -> set[Square]:
    out = set()
    for m in SQUARE_RE.finditer(" ".join(lines)):
        sq = Square.parse(m.group(0))
        if not board[sq]:
            out.add(sq)
    return out


def test_hot_spots_and_lanes_name_only_reachable_squares_on_many_positions():
    rng = random.Random(7)
    positions = 0
    named = 0
    for board, rack in random_positions(games=6, seed=11):
        if rng.random() < 0.6:
            continue  # a spread of positions, not every one
        positions += 1
        n = rng.choice([len(rack), len(rack), 1, 2, 3, 7])
        reach = brute_reach(board, n)
        # route_to agrees with the brute force on every free square
        for r in range(SIZE):
            for c in range(SIZE):
                sq = Square(r, c)
                if board[sq]:
                    continue
                route = route_to(board, sq, n)
                if sq not in reach:
                    assert route is None, (board, sq, n, route)
                    continue
                assert route is not None, (board, sq, n)
                assert route.tiles == reach[sq], (board, sq, n, route)
                # the route is itself a legal placement covering the square
                tiles = [PlacedTile(s, "E") for s in route.squares]
                validate_placement(board, Play.of(tiles, route.direction if len(tiles) == 1 else None))
                assert route.squares[0] == sq and len(route.squares) == route.tiles
        # hot spots: exactly the live premiums in reach
        spots = hot_spots(board, n)
        expected = {sq for sq in reach if premium_at(sq) is not None}
        assert {s.square for s in spots} == expected
        ranks = [(s.rank, -s.route.tiles) for s in spots]
        assert ranks == sorted(ranks, reverse=True)  # most valuable, then nearest, first
        # lanes: free squares only, each reachable along the lane
        for lane in lanes(board, n):
            assert lane.length >= min(n, 7)
            for sq in lane.squares:
                assert sq in reach and not board[sq]
        # every free square an answer names is reachable (styles and areas sampled)
        for style, area_text in rng.sample([(st, a) for st in STYLES for a in AREAS], 3):
            area = parse_area(area_text)
            lines = spots_phrases(survey(board, n, area), style, limit=99, lane_limit=99)
            found = named_free_squares(lines, board)
            named += len(found)
            assert found <= set(reach), (area_text, found - set(reach))
            if area is not None:  # every spot in the area, and only those; lanes cut to it
                sv = survey(board, n, area)
                assert {s.square for s in sv.spots} == {s for s in expected if s in area}
                assert all(sq in area for lane in sv.lanes for sq in lane.squares)
    print(f"{positions} positions, {named} free squares named")
    assert positions >= 60 and named > 500


def test_empty_board_spots_are_on_the_star_lines_only():
    b = Board()
    spots = hot_spots(b, 7)
    assert {s.square.name for s in spots} == {"H8", "D8", "L8", "H4", "H12"}
    assert hot_spots(b, 1) == []  # a first play needs two tiles
    assert spots[0].square == CENTRE  # two bars before two dots
    lines = spots_phrases(survey(b, 7), Style(), limit=99)
    assert lines[:2] == ["5 hot spots:", "H8, star: the first word covers it."]
    assert "H4, two dots: down column H," in lines
    assert "5 squares to the star." in lines
    assert lines[-3:] == ["Lanes, free runs a word can fill:", "empty row 8, B8 to N8;", "empty column H, H2 to H14."]


def test_a1_is_never_named_when_the_only_word_is_on_row_8():
    b = board_of(("D8", ACROSS, "QUIRT"))
    assert route_to(b, Square.parse("A1")) is None
    text = " ".join(spots_phrases(survey(b), Style(FULL), limit=99, lane_limit=99))
    assert "A1" not in text and "O15" not in text
    assert "A8, three bars" in text  # reachable: A8 to C8 then the Q


def test_spot_wording_for_each_kind_of_route():
    b = board_of(("F8", ACROSS, "QUIRT"), ("N2", DOWN, "Ox"))
    by = {s.square.name: s for s in hot_spots(b, 7)}
    assert spot_sentence(by["H1"]) == "H1, three bars: down column H, 7 squares to the I on H8."
    assert spot_sentence(by["H15"]) == "H15, three bars: up column H, 7 squares to the I on H8."
    assert spot_sentence(by["G7"]) == "G7, two dots: next to the U on G8."
    assert spot_sentence(by["E5"]) == "E5, two bars: down column E, 4 squares to E8, left of the Q."
    assert spot_sentence(by["O1"]) == "O1, three bars: down column O, 2 squares to O2, right of the O."
    assert spot_sentence(by["M3"]) == "M3, two bars: next to the blank X on N3."
    assert spot_sentence(by["H1"], Style(BRIEF)) == "H1 three bars: 7 down to H8."
    assert spot_sentence(by["E5"], Style(BRIEF)) == "E5 two bars: 4 down to E8."
    assert spot_sentence(by["H1"], Style(marks=NAMES)).startswith("H1, triple word score: down column H,")


def test_spots_answer_is_short_and_best_first():
    b = board_of(("F8", ACROSS, "QUIRT"))
    lines = spots_phrases(survey(b, 7))
    assert lines[0] == "32 hot spots, best 3:"
    assert lines[1:3] == ["A8, three bars: right along row 8,", "5 squares to the Q on F8."]
    assert lines[-3:] == [
        "Lanes, free runs a word can fill:",
        "empty row 7, A7 to O7;",
        "empty row 9, A9 to O9.",
    ]
    assert len(lines) <= 12 and all(len(x) <= 40 for x in lines)
    brief = spots_phrases(survey(b, 7), Style(BRIEF))
    assert brief == [
        "32 hot spots, best 3:",
        "A8 three bars: 5 right to F8.",
        "O8 three bars: 5 left to J8.",
        "H1 three bars: 7 down to H8.",
        "And 29 more.",
        "Lane: empty row 7, A7 to O7.",
    ]
    assert spots_phrases(survey(b, 0)) == ["No hot spots: your rack is empty."]
    corner = spots_phrases(survey(b, 7, parse_area("bottom right")))
    assert corner[0] == "10 hot spots in the bottom right, best 3:"
    assert corner[1] == "O8, three bars: left along row 8,"


def test_every_spots_line_fits_a_braille_line():
    for board, rack in random_positions(games=2, seed=3):
        for style in (Style(), Style(BRIEF)):
            for line in spots_phrases(survey(board, len(rack)), style, limit=99, lane_limit=99):
                assert len(line) <= 40, line


def test_areas_parse_and_refuse():
    assert parse_area("") is None and parse_area("all") is None
    top = parse_area("top")
    assert top == Area("the top", (0, 7), (0, 14))
    assert parse_area("Top-Left") == parse_area("left top") == Area("the top left", (0, 7), (0, 7))
    assert parse_area("lower right") == Area("the bottom right", (7, 14), (7, 14))
    assert parse_area("row 5") == parse_area("5") == Area("row 5", (4, 4), (0, 14))
    assert parse_area("column c") == parse_area("C") == Area("column C", (0, 14), (2, 2))
    assert Square.parse("H8") in top and Square.parse("H9") not in top
    assert parse_spots("") == (None, False) and parse_spots("all") == (None, True)
    assert parse_spots("top left ALL") == (parse_area("top left"), True)
    for bad, says in (
        ("middle", "'middle' is not an area; say top, left, top left, row 5 or column C."),
        ("row 16", "There is no row 16; rows run 1 to 15."),
        ("column p", "There is no column P; columns run A to O."),
        ("top bottom", "'top bottom' is not an area;"),
    ):
        with pytest.raises(NotationError) as e:
            parse_area(bad)
        assert str(e.value).startswith(says)


# ---------------------------------------------------------------- around
def test_around_says_each_side_in_two_lines():
    b = board_of(("F8", ACROSS, "QUIRt"), ("H3", ACROSS, "ZO"))
    assert around_phrases(around(b, Square.parse("H7"))) == [
        "H7: up 3 to Z, down I.",
        "Left 7 free, right 7 free.",
    ]
    assert around_phrases(around(b, Square.parse("H8"))) == [
        "H8, I: up 4 to Z, down 7 free.",
        "Left U, right R.",
    ]
    assert around_phrases(around(b, Square.parse("A1"))) == [
        "A1, three bars: up edge, down 14 free.",
        "Left edge, right 14 free.",
    ]
    assert around_phrases(around(b, Square.parse("L8"))) == [
        "L8, two dots: up 7 free, down 7 free.",
        "Left 1 to T, right 3 free.",
    ]
    assert around_phrases(around(b, Square.parse("J8"))) == [
        "J8, blank T: up 7 free, down 7 free.",
        "Left R, right 5 free.",
    ]
    a = around(b, Square.parse("J3"))
    assert a.side("left").tile == "O" and a.side("left").free == 0


def test_around_is_two_short_lines_everywhere():
    for board, _ in random_positions(games=1, seed=5):
        for r in range(SIZE):
            for c in range(SIZE):
                sq = Square(r, c)
                a = around(board, sq)
                lines = around_phrases(a)
                assert len(lines) == 2 and all(len(x) <= 40 for x in lines), lines
                for side in a.sides:  # the free count runs to a tile or the edge
                    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[side.way]
                    end = Square(r + dr * (side.free + 1), c + dc * (side.free + 1))
                    assert (side.tile_square == end and board[end] == side.tile) if end.on_board else side.at_edge


# ---------------------------------------------------------------- fit
def movegen_places(board: Board, moves) -> dict[str, dict[tuple[Square, str], int]]:
    """word -> {(start, direction): best score} from the generator's moves.

    A one-tile move is listed once by the generator, under one of the two
    words it may form; it is a placement of either word.
    """
    out: dict[str, dict[tuple[Square, str], int]] = defaultdict(dict)
    for m in moves:
        if m.tile_count == 1:
            found = [(w.word, w.start, w.direction) for w in words_formed(board, m.play)]
        else:
            found = [(m.word, m.start_square, m.direction)]
        for word, start, direction in found:
            key = (start, direction)
            out[word][key] = max(out[word].get(key, -1), m.score)
    return out


def assert_fit_matches(board: Board, rack: list[str], places, word: str, lexicon) -> None:
    """fit's placements of ``word`` are the generator's (``places``, from
    :func:`movegen_places`): same squares, same best scores."""
    result = fit_word(board, rack, word, lexicon)
    got = {(f.start, f.direction): f.score for f in result.fits}
    assert got == places[word], (board, rack, word)
    best = max(places[word].values())
    assert result.fits[0].score == best
    assert (result.fits[0].start, result.fits[0].direction) in {k for k, v in places[word].items() if v == best}
    # each fit is a play the core accepts from this rack, scored the same
    for f in result.fits:
        validate_placement(board, f.play)
        assert score_play(board, f.play).total == f.score
        assert not Counter(f.play.rack_tiles()) - Counter(rack)


def test_fit_agrees_with_the_move_generator_on_many_positions(gen, lexicon):
    rng = random.Random(2024)
    checked = words_checked = with_blank = 0
    for g in range(5):
        game = Game(["a", "b"], seed=rng.randrange(1 << 30), lexicon=lexicon)
        while not game.is_over:
            if game.awaiting_final_challenge:
                game.accept()
                continue
            board, rack = game.board, list(game.current_player.rack)
            moves = gen.generate(board, rack)
            if moves and rng.random() < 0.5:
                places = movegen_places(board, moves)
                for word in {moves[0].word, rng.choice(moves).word, rng.choice(moves).word}:
                    assert_fit_matches(board, rack, places, word, lexicon)
                    words_checked += 1
                checked += 1
                if "?" not in rack and rng.random() < 0.3:
                    # the same position with a blank on the rack: fit places it where it loses least
                    blank_rack = rack[:-1] + ["?"]
                    blank_moves = gen.generate(board, blank_rack)
                    places = movegen_places(board, blank_moves)
                    for word in {blank_moves[0].word, rng.choice(blank_moves).word}:
                        assert_fit_matches(board, blank_rack, places, word, lexicon)
                        with_blank += 1
            if moves:
                pick = moves[rng.randrange(min(len(moves), 5))]
                game.place(pick.play)
            elif game.why_not_exchange(rack) is None:
                game.exchange(rack)
            else:
                game.pass_turn()
    print(f"{checked} positions, {words_checked} words, {with_blank} with a blank")
    assert checked >= 40 and words_checked >= 80 and with_blank >= 15


def test_fit_says_where_a_word_goes_best_first():
    b = board_of(("F8", ACROSS, "QUIRT"))
    result = fit_word(b, list("AEIZZ?S"), "QUIZ")
    assert fit_phrases(result) == [
        "QUIZ: 2 places.",
        "F8 down, 23 points, three dots, blank U.",
        "G7 down, 13 points, two dots twice,",
        "blank Q.",
    ]
    # the player chooses where the blank goes: lower case
    def through_q(result):
        return [f for f in result.fits if f.start.name == "F8" and f.direction == DOWN]

    assert [f.score for f in through_q(fit_word(b, list("UEIZZ?S"), "QUIZ"))] == [24]
    forced = fit_word(b, list("UEIZZ?S"), "QUiZ")
    assert [f.score for f in through_q(forced)] == [21]  # the I on the three dots is a blank now
    assert "F8 down, 21, three dots, blank I." in fit_phrases(forced, Style(BRIEF), limit=None)
    # a word typed all in lower case is ordinary tiles; board letters may be bracketed
    assert fit_word(b, list("AEIZZ?S"), "quiz").fits == result.fits
    assert fit_word(b, list("AEIZZ?S"), "(Q)UIZ").fits == result.fits
    many = fit_word(b, list("ZEASXYZ"), "ZEAS")
    lines = fit_phrases(many)
    assert lines[0] == f"ZEAS: {len(many.fits)} places." and lines[-1] == f"And {len(many.fits) - 5} more."
    assert all(len(x) <= 40 for x in lines)
    full = fit_phrases(many, Style(FULL), limit=1)
    assert full[1:] == ["G7 across, 52 points, two dots twice.", "Also ZU, EI, AR, ST.", f"And {len(many.fits) - 1} more."]


def test_fit_gives_one_sentence_when_a_word_fits_nowhere(lexicon):
    b = board_of(("F8", ACROSS, "QUIRT"))
    cases = {
        "JAZZ": (list("AEIZZES"), "No J on your rack or board for JAZZ."),
        "QUIZ": (list("AEIZZES"), "QUIZ: the Q on F8, the U on G8: letters you lack or tiles in the way."),
        "QUiZ": (list("AEIZZES"), "No blank on your rack for QUiZ."),
        "QUIRTS": (list("AEIZZE"), "No S on your rack or board for QUIRTS."),
    }
    for word, (rack, reason) in cases.items():
        result = fit_word(b, rack, word, lexicon)
        assert result.fits == () and result.reason == reason
        assert " ".join(fit_phrases(result)) == reason and reason.count(".") == 1
    # no room: every line through the only tile is blocked for an 8-letter word
    cramped = Board()
    for r in range(SIZE):
        for c in (3, 7, 11):
            cramped.put(Square(r, c), "E")
            cramped.put(Square(c, r), "E")
    result = fit_word(cramped, list("BCDFGHL"), "BCDF")
    assert result.reason == "No room for BCDF next to the tiles."
    assert fit_word(cramped, list("BCDFGHL"), "BED").fits  # through an E it goes
    # rules that refuse unlisted words: fit says so; otherwise it does not judge the word
    assert fit_word(b, list("ZZXAEIO"), "ZZXQ", lexicon, check_word=True).reason == "ZZXQ is not in the word list."
    assert fit_word(b, list("ZZXAEIO"), "ZZXQ", lexicon).fits
    assert fit_word(b, list("ZZXAEIO"), "ZZXA", lexicon).reason == (
        "ZZXA fits only by making unlisted words.")
    # the other words must be in the list when a list is given
    hooks = fit_word(b, list("XXAEIOU"), "XU", lexicon)
    assert all(w.upper() in lexicon for f in hooks.fits for w in f.other_words)
    for bad, says in (("", "Name the word"), ("Q???", "A word has at most two blanks"), ("Q", "A word has at least two"),
                      ("QU1Z", "'1' is not a letter"), ("A" * 16, "Too long: the board is 15")):
        with pytest.raises(NotationError) as e:
            fit_word(b, list("AEIZZES"), bad)
        assert str(e.value).startswith(says)


def test_fit_on_an_empty_board_covers_the_star():
    result = fit_word(Board(), list("TRAINER"), "TRAIN")
    assert {(f.start.name, f.direction) for f in result.fits} == {
        (f"{c}8", ACROSS) for c in "DEFGH"} | {(f"H{r}", DOWN) for r in (4, 5, 6, 7, 8)}
    assert result.fits[0].score == 12  # RULES.md: TRAIN at 8D scores 12
    assert fit_word(Board(), list("TRAINER"), "TRAINS").reason == "No S on your rack or board for TRAINS."


# ---------------------------------------------------------------- jumps
def test_hot_spot_jumps_visit_every_spot_in_reading_order():
    for board, rack in list(random_positions(games=1, seed=9))[::7]:
        spots = hot_spots(board, len(rack))
        order = sorted((s.square for s in spots), key=lambda q: (q.row, q.col))
        seen = []
        sq = Square(0, 0)
        if any(s.square == sq for s in spots):
            seen.append(sq)
        while (s := next_hot_spot(board, sq, len(rack))) is not None:
            seen.append(s.square)
            sq = s.square
        assert seen == order
        back = []
        while (s := next_hot_spot(board, sq, len(rack), forward=False)) is not None:
            back.append(s.square)
            sq = s.square
        assert back == order[-2::-1] if order else back == []
    b = board_of(("F8", ACROSS, "QUIRT"))
    spot = next_hot_spot(b, Square.parse("H8"))
    assert hot_spot_jump_phrases(spot, Square.parse("H8")) == [
        "L8, two dots: left along row 8,", "2 squares to the T on J8."]
    assert hot_spot_jump_phrases(None, Square.parse("O15")) == ["No hot spot can be reached."]


def test_word_jumps_visit_every_word_once_landing_on_its_first_letter():
    b = board_of(("F8", ACROSS, "QUIRT"), ("F8", DOWN, "QAT"), ("J6", DOWN, "HiT"))
    words = board_words(b)
    said = []
    sq, direction = Square(0, 0), None
    while (w := next_word(b, sq, direction)) is not None:
        said.append(word_jump_phrases(w, sq)[0])
        sq, direction = w.start, w.direction
    assert said == ["HIT (blank I), J6 down.", "QUIRT, F8 across.", "QAT, F8 down."]
    assert len(said) == len(words)
    assert word_jump_phrases(next_word(b, sq, direction), sq) == ["No word after F8."]
    back = []
    while (w := next_word(b, sq, direction, forward=False)) is not None:
        back.append(w.letters)
        sq, direction = w.start, w.direction
    assert back == ["QUIRT", "HiT"]
    # from a square, without a remembered direction, words starting there are skipped
    assert next_word(b, Square.parse("F8")) is None
    assert next_word(b, Square.parse("F8"), forward=False).letters == "HiT"
    assert word_jump_phrases(None, Square(0, 0), any_words=False) == ["There are no words on the board yet."]
    # the console keeps the last word jumped to; moving the cursor forgets it
    last = None
    sq = Square(0, 0)
    for expected in ("HiT", "QUIRT", "QAT", None):
        last = word_jump(b, sq, last)
        assert (last.letters if last else None) == expected
        if last:
            sq = last.start
    last = word_jump(b, Square.parse("F8"), None, forward=False)
    assert last.letters == "HiT"
    assert word_jump(b, Square.parse("F8"), last) is None  # the cursor is not on HIT's first letter


# ---------------------------------------------------------------- a review board
def test_survey_works_on_the_boards_of_a_reviewed_record(shared_gcg_dir):
    from audio_scrabble.notation.replay import load_record, replay_steps

    path = sorted(shared_gcg_dir.glob("*.gcg"))[0]
    steps = replay_steps(load_record(path))
    for st in steps[:: max(1, len(steps) // 6)]:
        reach = brute_reach(st.board, 7)
        assert {s.square for s in hot_spots(st.board, 7)} == {q for q in reach if premium_at(q) is not None}
        assert all(len(x) <= 40 for x in spots_phrases(survey(st.board, 7)))


# ---------------------------------------------------------------- whole answers
def test_whole_answers_for_the_console_to_say(lexicon):
    b = board_of(("F8", ACROSS, "QUIRT"))
    assert spots_answer(b, 7) == spots_phrases(survey(b, 7))
    every = spots_answer(b, 7, "top ALL", Style(BRIEF))
    assert every[0] == "18 hot spots in the top:" and every[-1] == "empty column K, K2 to K8."
    assert every[19] == "Lanes: empty row 7, A7 to O7;" and len(every) == 1 + 18 + 6
    with pytest.raises(NotationError):
        spots_answer(b, 7, "middle")
    assert around_answer(b, Square.parse("H7")) == ["H7: up 6 free, down I.", "Left 7 free, right 7 free."]
    rack = list("ZEASXYZ")
    assert fit_answer(b, rack, "ZEAS", lexicon) == fit_phrases(fit_word(b, rack, "ZEAS", lexicon))
    assert len(fit_answer(b, rack, "ZEAS", show_all=True)) == 1 + 24 > len(fit_answer(b, rack, "ZEAS"))
    assert fit_answer(b, rack, "ZEAS", lexicon) == ["ZEAS: 2 places.", "E5 down, 41 points, two bars.", "K5 down, 41 points, two bars."]
    assert fit_answer(b, rack, "ZEAS", lexicon, check_word=True) == fit_answer(b, rack, "ZEAS", lexicon)
    assert aids_off_phrase("spots") == "Spots is off: set aids on to use it."
    assert aids_off_phrase("fit") == "Fit is off: set aids on to use it."
