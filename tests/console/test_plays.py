"""Reading a play before it is made (console/table/plays.py): check, the blank's
question, left-out board letters, the word a play really makes, and
why an illegal play is refused; driven through ``Session.handle_line``."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.asking.questions import BlankQuestion
from audio_scrabble.core.board import CENTRE, Square
from audio_scrabble.core.play import PlacedTile, Play
from audio_scrabble.core.scoring import score_play
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.errors import NotationError
from audio_scrabble.notation.typed import parse_request

from console_kit import AcceptAll, WORDS, _first_two, ready, seed_where, session, snapshot, joined as joined_console, pair
from refusal_corpus import joined


def test_illegal_play_says_which_rule():
    s, _ = session()
    ready(s)
    rack = s.game.current_player.rack
    letters = "".join(t for t in rack if t != BLANK)[:2]
    assert s.handle_line(f"play 1A {letters}") == [  # which way it ran, what to do (newcomer 8)
        f"{letters} from A1 runs across, off the star;", "the first word must cross H8."]
    missing = next(ch for ch in "QZXJKVWY" if ch not in rack)
    out = s.handle_line(f"play 8H {missing}{letters[0]}")
    assert out[0].startswith(f"You have no {missing} on your rack to play")
    assert joined(s.handle_line("play 8N ABC")).startswith("The word runs off the board with C left over")


@pytest.mark.parametrize("line", ["play 8P JET", "play JET Z8", "play 8z ga", "check Q3 AT"])
def test_a_column_past_o_is_called_off_the_board(line):
    s, _ = session()
    ready(s)
    square = next(t for t in line.split() if any(c.isdigit() for c in t)).upper()
    assert joined(s.handle_line(line)) == f"{square} is off the board; columns run A to O and rows 1 to 15."


def test_check_says_score_and_premiums_and_changes_nothing():
    s, _ = session(seed=seed_where(lambda g: sum(t != BLANK for t in g.current_player.rack) >= 2))
    ready(s)
    two = _first_two(s)
    before = snapshot(s)
    out = s.handle_line(f"check 8G {two}")
    if out[0] == f"Not in the word list: {two}.":  # issue 23: aids on, check says so first
        out = out[1:]
    assert out[0].startswith(f"{two}, G8 across, would score ")
    assert any(line.startswith("on H8, star.", 2) for line in out)
    assert snapshot(s) == before


def test_play_in_three_forms_lands_the_same_tiles():
    seed = seed_where(lambda g: sum(t != BLANK for t in g.current_player.rack) >= 2)
    boards = []
    for form in ("play 8G {w}", "play {w} from G8 across", "play {w} at g8 across"):
        s, _ = session(seed=seed)
        ready(s)
        out = s.handle_line(form.format(w=_first_two(s)))
        assert "played" in out[0], out
        boards.append(s.game.board.rows_text())
    assert boards[0] == boards[1] == boards[2]
    s, _ = session(seed=seed)
    ready(s)
    w = _first_two(s)
    s.handle_line("goto H7")
    s.handle_line(f"play {w} down")
    assert s.game.board[Square.parse("H7")] == w[0] and s.game.board[Square.parse("H8")] == w[1]


def test_scorekeeper_after_a_play():
    seed = seed_where(lambda g: sum(t != BLANK for t in g.current_player.rack) >= 2)
    s, _ = session(seed=seed)
    g = s.game
    ready(s)
    w = _first_two(s)
    name = g.names[g.current]
    out = s.handle_line(f"play 8H {w}")
    ev = g.last_events[0]
    assert out[0] == f"{name} played {w}, H8 across, {ev.score}."  # issue 23: one form
    assert f"{name} drew 2 tiles." in out
    assert ", ".join(f"{n} {t}" for n, t in zip(g.names, g.scores())) + "." in out
    assert out[-1] == f"{g.names[g.current]}, press Enter to hear your rack."


def test_blank_needs_a_letter_and_the_game_asks_for_it():
    seed = seed_where(lambda g: BLANK in g.current_player.rack
                      and any(t != BLANK for t in g.current_player.rack))
    s, _ = session(seed=seed)
    g = s.game
    ready(s)
    other = next(t for t in g.current_player.rack if t != BLANK)
    before = snapshot(s)
    out = s.handle_line(f"play 8H ?{other}")
    assert out == ["Which letter is the blank on H8?"]
    assert s.prompt_text() == "letter> "
    assert snapshot(s) == before
    assert joined(s.handle_line("rack")) == "Type one letter, A to Z, for the blank on H8, or cancel."
    out = s.handle_line("e")
    assert out[0] == "Blank on H8 is E."
    assert g.board[CENTRE] == "e"
    assert "(blank E)" in out[1]


def test_blank_question_can_be_cancelled():
    seed = seed_where(lambda g: BLANK in g.current_player.rack
                      and any(t != BLANK for t in g.current_player.rack))
    s, _ = session(seed=seed)
    ready(s)
    other = next(t for t in s.game.current_player.rack if t != BLANK)
    before = snapshot(s)
    s.handle_line(f"check 8H ?{other}")
    assert s.handle_line("cancel") == ["Cancelled; nothing was played."]
    assert snapshot(s) == before
    s.handle_line(f"play 8H ?{other}")
    assert s.interrupt() == ["Cancelled; nothing was played."]
    assert snapshot(s) == before


def test_blank_question_is_not_asked_for_an_impossible_play():
    seed = seed_where(lambda g: BLANK in g.current_player.rack
                      and any(t != BLANK for t in g.current_player.rack))
    s, _ = session(seed=seed)
    ready(s)
    other = next(t for t in s.game.current_player.rack if t != BLANK)
    assert s.handle_line(f"play 1A ?{other}") == [  # which way it ran, what to do (newcomer 8)
        f"?{other} from A1 runs across, off the star;", "the first word must cross H8."]
    assert not isinstance(s.question, BlankQuestion)


def test_missing_letter_with_a_blank_on_the_rack_says_how_to_use_it():
    seed = seed_where(lambda g: BLANK in g.current_player.rack and "Q" not in g.current_player.rack
                      and any(t != BLANK for t in g.current_player.rack))
    s, _ = session(seed=seed)
    ready(s)
    other = next(t for t in s.game.current_player.rack if t != BLANK)
    out = s.handle_line(f"play 8H Q{other}")
    # the one letter the play lacks: the word as typed with it in lower case among capitals
    # (review8: 'type a lower-case q' failed a word typed all in lower case, read as ordinary tiles)
    assert out == ["You have no Q on your rack to play;", "to use your blank as Q,",
                   f"type the word as q{other},", "or ? in its place."]
    assert all(len(x) <= 40 for x in out)
    # two letters lacking, one blank: how to type a blank, as before
    if "Z" not in s.game.current_player.rack and s.game.current_player.rack.count(BLANK) == 1:
        assert s.handle_line(f"play 8H QZ{other}")[1:] == ["to use your blank, type ? in its place."]
    # typed as it says, the blank is that letter (the word list may refuse the word, not the tiles)
    out = s.handle_line(f"play 8H q{other}")
    assert not any("on your rack" in x for x in out), out


def test_two_missing_letters_with_two_blanks_say_both_lower_case():
    """A hint said "UNDEIFIED (blanks N, F)": typed as said, the refusal
    names both letters to type in lower case, and typed so, the blanks
    are those letters."""
    seed = seed_where(lambda g: True)
    s, _ = session(seed=seed)
    ready(s)
    rack = s.game.current_player.rack
    rack[:2] = [BLANK, BLANK]
    s.racks.order[s.game.current] = list(rack)
    keep = [t for t in rack if t != BLANK][:1]
    lacking = [x for x in "QZ" if x not in rack]
    if len(lacking) < 2:
        pytest.skip("the rack holds Q or Z")
    out = s.handle_line(f"play 8H QZ{keep[0]}")
    assert out[1:] == ["to use your blanks as Q and Z,", f"type the word as qz{keep[0]},", "or ? in their places."]
    assert not any("on your rack" in x for x in s.handle_line(f"play 8H qz{keep[0]}"))


def test_played_through_letters_may_be_typed_bracketed_or_left_out():
    words = ["AT", "TA", "ATE", "EAT", "TEA"] + WORDS
    seed = seed_where(lambda g: True)
    for form in ("play H8 (A)T", "play H8 AT", "play H9 T", "play H8 .T"):
        s, _ = session(seed=seed, lexicon=services.WordSet(words))
        g = s.game
        g.board.put(CENTRE, "A")  # a position with A on the star (the cursor of a test)
        ready(s)
        g.current_player.rack[0] = "T"
        s.racks.order[g.current] = list(g.current_player.rack)
        out = s.handle_line(form)
        if form == "play H9 T":  # the word made (AT) is not the word typed (T): asked first
            assert out == ["That makes AT, H8 down.", "That joins A on H8.", "Play it? Type yes or no."]
            out = s.handle_line("yes")
        assert "played AT, H8 down, " in out[0], (form, out)
        assert g.board[Square.parse("H9")] == "T"


def _zap_typed_past_an_o():
    """An O on H9, ZAP in the rack: ``play ZAP from H7 down`` (the O left
    out) typed. The session, its snapshot before, and what it answered."""
    s, _ = session(seed=1, lexicon=AcceptAll())
    g = s.game
    g.board.put(Square.parse("H9"), "O")
    ready(s)
    g.current_player.rack[:3] = ["Z", "A", "P"]
    s.racks.order[g.current] = list(g.current_player.rack)
    before = snapshot(s)
    return s, before, s.handle_line("play ZAP from H7 down")


def test_a_board_letter_left_out_inside_the_word_is_confirmed_first():
    s, before, out = _zap_typed_past_an_o()
    g = s.game
    assert out == ["That makes ZAOP, H7 down.", "That plays through O on H9.", "Play it? Type yes or no."]
    assert s.prompt_text() == "play it> "
    assert snapshot(s) == before
    assert s.handle_line("no") == ["Not played; still your turn."]
    assert snapshot(s) == before
    # the word made is said before its score (issue 11, finding 6)
    out = s.handle_line("check ZAP from H7 down")
    assert out[:2] == ["That makes ZAOP, H7 down.", "That plays through O on H9."]
    assert out[2].startswith("It would score ")
    s.handle_line("play ZAP from H7 down")
    out = s.handle_line("yes")
    assert "played ZAOP, H7 down, " in out[0]
    assert g.board[Square.parse("H10")] == "P"


def test_check_says_the_word_a_play_really_makes_before_scoring_it():
    """Issue 11, finding 6: ``check 9F TOLA`` beside N and T scored NTTOLA
    and only named the joined letters after the score."""
    s, _ = session(seed=1, lexicon=AcceptAll())
    g = s.game
    for name, letter in (("D9", "N"), ("E9", "T"), ("H8", "X")):
        g.board.put(Square.parse(name), letter)
    ready(s)
    g.current_player.rack[:4] = list("TOLA")
    s.racks.order[g.current] = list(g.current_player.rack)
    before = snapshot(s)
    tiles = [PlacedTile(Square.parse(f"{c}9"), ch) for c, ch in zip("FGHI", "TOLA")]
    score = score_play(g.board, Play.of(tiles)).total
    out = s.handle_line("check 9F TOLA")
    assert out[:3] == ["That makes NTTOLA, D9 across.", "That joins N on D9 and T on E9.", f"It would score {score}."]
    assert not any("NTTOLA, D9 across" in x for x in out[1:]), out  # the word is said once
    out = s.handle_line("play 9F TOLA")
    assert out == ["That makes NTTOLA, D9 across.", "That joins N on D9 and T on E9.", "Play it? Type yes or no."]
    s.handle_line("no")
    assert snapshot(s) == before
    # a word typed in full is scored at once, as before
    assert s.handle_line("check 9D (NT)TOLA")[0] == f"NTTOLA, D9 across, would score {score}."


def test_exchange_with_no_tiles_named_shows_how_to_name_them():
    s, _ = session()
    ready(s)
    before = snapshot(s)
    assert joined(s.handle_line("exchange")) == "Say which tiles: exchange AEI, or exchange all."
    assert snapshot(s) == before


@pytest.mark.parametrize("line", ["play AT 8H", "play at 8H", "check AT 8H"])
def test_a_word_that_is_also_a_filler_is_played_when_it_comes_first(line):
    s, _ = session()
    ready(s)
    g = s.game
    g.players[g.current].rack[:2] = ["A", "T"]
    name = g.names[g.current]
    out = s.handle_line(line)
    assert out[0].startswith(("AT, H8 across", f"{name} played AT, H8 across")), out


def test_a_word_alone_from_the_rack_is_answered_with_how_to_play_it():
    s, _ = session()
    ready(s)
    g = s.game
    g.players[g.current].rack[:] = list("PLYARTS")
    before = snapshot(s)
    assert joined(s.handle_line("part")) == "To play PART, say where and which way: play PART from H8 across."
    assert joined(s.handle_line("plya")) == "'plya' is not a command; did you mean play? Type help for the list."
    # issue 23: undo says what to do instead
    assert joined(s.handle_line("undo")) == "There is no undo: a play made stands; to test one first, type check."
    assert joined(s.handle_line("train")) == "'train' is not a command; type help for the list."  # not "show"
    assert snapshot(s) == before


def test_check_of_an_illegal_play_says_not_legal_then_the_reason_as_its_own_sentence():
    s, _ = session()
    ready(s)
    before = snapshot(s)
    assert s.handle_line("check 1A AT") == ["Not legal.", "AT from A1 runs across, off the star;",  # newcomer 8
                                            "the first word must cross H8."]
    assert snapshot(s) == before


def test_at_play_it_quit_does_not_play_and_help_or_repeat_keep_the_question_open():
    s, before, asked = _zap_typed_past_an_o()
    assert s.handle_line("help") == ["Yes plays that word; no keeps your turn.", "Type yes or no."]
    assert s.handle_line("repeat") == ["Yes plays that word; no keeps your turn.", "Type yes or no."]
    assert s.prompt_text() == "play it> " and snapshot(s) == before
    out = s.handle_line("quit")
    assert out == ["Not played; still your turn.", "Leave the game? Type yes or no."]
    assert snapshot(s) == before and not s.finished
    out = s.handle_line("play")
    assert out[0] == "Staying in the game." and joined(out[1:]) == "Say what to play and where, like play TRAIN from D8 across."
    assert not s.finished
    assert s.handle_line("play ZAP from H7 down") == asked
    assert s.handle_line("again") == asked
    assert "played ZAOP, H7 down, " in s.handle_line("yes")[0]


def test_check_of_one_plain_word_says_its_score_once():
    s, _ = session(lexicon=AcceptAll())
    g = s.game
    g.board.put(Square.parse("H8"), "A")
    ready(s)
    g.current_player.rack[:2] = ["T", "E"]
    s.racks.order[g.current] = list(g.current_player.rack)
    assert s.handle_line("check 8G TAE") == ["TAE, G8 across, would score 3."]  # not "TAE: 3." again
    out = s.handle_line("check 9H TE")  # two words: each is said
    assert out == ["TE, H9 across, would score 5.", "TE: 3.", "E on I9, two dots.", "AT: 2."]


# ---------------------------------------------------------------- 4: a wrong direction
@pytest.mark.parametrize("typed, wrong", [("RUIN from N5 acros", "acros"), ("WINY from N11 sideways", "sideways"),
                                          ("N5 acros RUIN", "acros"), ("RUIN N5 dwon", "dwon")])
def test_a_direction_not_understood_is_named_with_the_two_it_takes(typed, wrong):
    with pytest.raises(NotationError) as e:
        parse_request(typed)
    assert f"'{wrong}' is not a direction" in str(e.value) and "across or down" in str(e.value)
    assert "word" not in str(e.value).lower()  # never "Two words given"
    assert len(e.value.brief) <= 40 and wrong in e.value.brief and "across or down" in e.value.brief


@pytest.mark.parametrize("verbosity", ["brief", "normal"])
def test_play_with_a_misspelt_direction_names_it_and_changes_nothing(verbosity):
    s = pair(verbosity)
    for typed, wrong in (("play RUIN from N5 acros", "acros"), ("play WINY from N11 sideways", "sideways")):
        out = s.handle_line(typed)
        assert wrong in joined_console(out) and "across or down" in joined_console(out), out
        assert "Two words" not in joined_console(out) and "Which is the word" not in joined_console(out), out
        assert all(len(x) <= 40 for x in out)
        if verbosity == "brief":
            assert len(out) == 1, out
        assert s.question is None and not s.game.history[1:]
