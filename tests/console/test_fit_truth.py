"""``fit`` and ``check`` tell the truth (issue 23, items 3, 5 and 6).

* Item 3: a place for a word typed with ``?`` is named only if some
  letter for the blank makes every word it forms (its own and the
  cross-words) a word in the list: ``fit ENTAIL?`` named G15 across for
  84, needing SYNTENIC? across and ENTAIL? with one letter, which no
  letter makes. Checked on a fixed position and against the move
  generator on positions of seeded games: every place named is made
  legal by some letter (the core's own words), and every move the
  generator finds with a blank there is named.
* Item 5: ``fit XU`` with the X on the board but no place for it says
  which board letters were tried and why each fails, not "no place has
  the X it needs".
* Item 6: with the aids on, ``fit`` and ``check`` say when the word is
  not in the list, and ``set confirm on`` asks before playing such a
  word; with the aids off (strict play) nothing is said and a bluff is
  played as typed.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core import ACROSS, Board, Game, PlacedTile, Play, Square
from audio_scrabble.core.play import words_formed
from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine.survey import fit_word
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation.survey_phrases import fit_phrases

#: ten turns of a seeded game (the board ``fit ENTAIL?`` went wrong on)
ROWS = (
    "...........T...",
    ".........B.I...",
    ".........L.C...",
    ".........AWE...",
    ".........HA....",
    "..........Z....",
    "..MARRY...O.S..",
    "GOUT..EUTROPY..",
    "....KEX...S.N..",
    "...OOF......T..",
    "....I.......E..",
    "............N..",
    "............I..",
    "............C..",
    "...............",
)
WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"


def board_rows(rows) -> Board:
    b = Board()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != ".":
                b.put(Square(r, c), ch)
    return b


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def some_letter_makes_it(board: Board, fit, lexicon) -> bool:
    """Whether a letter for each ``?`` of a fit makes every word of the
    play (by the core's own words_formed) a word in the list."""
    for letters in product("ABCDEFGHIJKLMNOPQRSTUVWXYZ", repeat=len(fit.wild)):
        chosen = dict(zip(fit.wild, letters))
        tiles = [PlacedTile(t.square, chosen.get(t.square, t.letter), t.blank or t.square in chosen)
                 for t in fit.play.tiles]
        play = Play.of(tiles, fit.direction if len(tiles) == 1 else None)
        if all(w.word in lexicon for w in words_formed(board, play)):
            return True
    return False


# ---------------------------------------------------------------- item 3
def test_fit_with_a_blank_names_no_place_that_no_letter_makes_legal(lexicon):
    b = board_rows(ROWS)
    rack = list("ENTAIL??")
    entail = fit_word(b, rack, "ENTAIL?", lexicon)
    named = {(f.start.name, f.direction) for f in entail.fits}
    assert ("G15", ACROSS) not in named  # SYNTENIC? and ENTAIL? want different letters
    assert ("D1", ACROSS) not in named  # ?BLAH: no letter makes it a word
    assert named  # I6 down and I13 across are real places
    for word in ("ENTAIL?", "?ENTAL", "RAT?O", "TAIL?", "?AT", "?ATE", "L?NE", "LOL?Y", "?A?"):
        result = fit_word(b, rack, word, lexicon)
        for f in result.fits:
            assert some_letter_makes_it(b, f, lexicon), (word, f.start.name, f.direction)
    # the answer names the places left, with the blank's square, not its letter
    lines = fit_phrases(entail)
    assert lines[0] == f"ENTAIL?: {len(entail.fits)} place{'s' if len(entail.fits) > 1 else ''}."
    assert not any("G15" in line for line in lines)


def test_fit_with_a_blank_agrees_with_the_move_generator(lexicon):
    """Every move the generator finds, its blank typed as ``?``, is
    named by fit at its place; every place fit names is made legal by
    some letter."""
    gen = MoveGenerator(lexicon)
    rng = random.Random(23)
    checked = 0
    for _ in range(2):
        game = Game(["a", "b"], seed=rng.randrange(1 << 30), lexicon=lexicon)
        turns = 0
        while not game.is_over and turns < 14:
            turns += 1
            board, rack = game.board, list(game.current_player.rack)
            moves = gen.generate(board, rack)
            if not moves:
                break
            if turns > 2:
                for m in {moves[0], rng.choice(moves[:40])}:
                    k = rng.choice(m.new_positions()) - m.start
                    letter = m.word[k]
                    if "?" in rack or letter not in rack:
                        continue
                    blank_rack = list(rack)
                    blank_rack.remove(letter)
                    blank_rack.append("?")
                    pattern = m.word[:k] + "?" + m.word[k + 1:]
                    result = fit_word(board, blank_rack, pattern, lexicon)
                    places = {(f.start, f.direction) for f in result.fits}
                    if m.tile_count > 1:
                        assert (m.start_square, m.direction) in places, (pattern, m)
                    for f in result.fits:
                        assert some_letter_makes_it(board, f, lexicon), (pattern, f.start.name)
                    checked += 1
            game.place(moves[rng.randrange(min(3, len(moves)))].play)
    assert checked >= 12


# ---------------------------------------------------------------- item 5
def test_fit_says_which_board_letters_were_tried_and_why_each_fails(lexicon):
    b = Board()
    for sq, ch in (("B1", "A"), ("C1", "X"), ("D1", "E"), ("B2", "Z"), ("C2", "O")):
        b.put(Square.parse(sq), ch)
    result = fit_word(b, list("UAEIRST"), "XU", lexicon)
    assert result.fits == ()
    assert result.reason == "XU: the X on C1: tiles in the way."
    assert fit_phrases(result) == ["XU: the X on C1: tiles in the way."]
    # a word through board letters the rack lacks: each tried, and why
    quirt = Board()
    for k, ch in enumerate("QUIRT"):
        quirt.put(Square(7, 5 + k), ch)
    reason = fit_word(quirt, list("AEIZZES"), "QUIZ", lexicon).reason
    assert reason == "QUIZ: the Q on F8, the U on G8: letters you lack or tiles in the way."
    assert all(len(line) <= 40 for line in fit_phrases(fit_word(quirt, list("AEIZZES"), "QUIZ", lexicon)))
    # unlisted cross-words are a reason of their own
    hooks = Board()
    for k, ch in enumerate("XI"):
        hooks.put(Square(7, 7 + k), ch)
    hooks.put(Square(6, 8), "Q")  # Q above the I: any word down through the X's row meets it
    said = fit_word(hooks, list("ABCDEFG"), "AX", lexicon).reason
    assert said is not None and said.startswith("AX: the X on H8:")


# ---------------------------------------------------------------- item 6
def test_fit_says_first_when_the_word_is_not_in_the_list(lexicon):
    b = board_rows(ROWS)
    result = fit_word(b, list("GILDEAA"), "GILDE", lexicon)
    assert result.unlisted and result.fits
    lines = fit_phrases(result)
    assert lines[:2] == ["GILDE: not in the word list;", f"{len(result.fits)} places."]
    listed = fit_word(b, list("GLIDEAA"), "GLIDE", lexicon)
    assert not listed.unlisted and fit_phrases(listed)[0].startswith("GLIDE: ")
    assert fit_word(b, list("GILDEAA"), "GILDE").unlisted is False  # no list: nothing judged


@pytest.fixture(scope="module")
def console_lexicon():
    return services.load_lexicon(None)


def windy(console_lexicon) -> Session:
    s = Session(Options(position=WINDY, seed=9), lexicon=console_lexicon)
    s.start()
    return s


def test_check_says_a_word_is_not_in_the_list_where_aids_are_on(console_lexicon):
    s = windy(console_lexicon)
    out = s.handle_line("check GILDE from G5 down")
    assert out[0] == "Not in the word list: GILDE."
    assert out[1] == "GILDE, G5 down, would score 9."
    assert s.handle_line("check GLIDE from G5 down")[0] == "GLIDE, G5 down, would score 9."
    # a word made through a board letter: the word made, then that it is not listed, then the score
    assert s.handle_line("check GL from G7 down")[:4] == [
        "That makes GDL, G7 down.", "That plays through D on G8.", "Not in the word list: GDL.", "It would score 8."]
    assert s.handle_line("set aids off") == ["Aids off: no spots, fit or hot spots."]
    assert s.handle_line("check GILDE from G5 down")[0] == "GILDE, G5 down, would score 9."


def test_set_confirm_on_asks_before_a_word_not_in_the_list(console_lexicon):
    s = windy(console_lexicon)
    assert s.handle_line("set confirm on") == ["Confirm on: asks before unlisted words."]
    assert s.handle_line("play GILDE from G5 down") == ["Not in the word list: GILDE.", "Play it? Type yes or no."]
    assert s.handle_line("no") == ["Not played; still your turn."]
    assert s.game.history == []
    assert s.handle_line("play GILDE from G5 down")[-1] == "Play it? Type yes or no."
    assert s.handle_line("yes")[0] == "You played GILDE, G5 down, 9."  # the one form of issue 23 item 10
    assert all(len(line) <= 40 for line in s.handle_line("set confirm off"))


def test_a_word_not_in_the_list_is_played_as_typed_by_default_and_in_strict_play(console_lexicon):
    s = windy(console_lexicon)  # confirm is off by default: the word is the player's own
    assert s.handle_line("play GILDE from G5 down")[0] == "You played GILDE, G5 down, 9."
    strict = windy(console_lexicon)
    strict.handle_line("set confirm on")
    strict.handle_line("set aids off")  # strict play: bluffing stays possible, nothing is said
    assert strict.handle_line("play GILDE from G5 down")[0] == "You played GILDE, G5 down, 9."
    # a listed word is never asked about
    plain = windy(console_lexicon)
    plain.handle_line("set confirm on")
    assert plain.handle_line("play GLIDE from G5 down")[0] == "You played GLIDE, G5 down, 9."


def test_set_confirm_is_kept_with_the_game(console_lexicon, tmp_path):
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(position=WINDY, seed=2), lexicon=console_lexicon, store=store)
    s.start()
    s.handle_line("set confirm on")
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(saved_game="resume"), lexicon=console_lexicon, store=store)
    again.start()
    assert again.settings.confirm is True
    assert again.handle_line("play GILDE from G5 down")[-1] == "Play it? Type yes or no."
