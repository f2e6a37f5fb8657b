"""What tripped a blind newcomer on a second playthrough (tmux, ``--speech
text``, 40 and 20 braille cells, ``set brief``): set-up with three and
four players, the hot seat, the tutorial, hint, spots, review, a saved
game opened again; each checked through the console's own paths."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import joined, passers, session, snapshot


# ---------------------------------------------------------------- set-up
@pytest.mark.skipif(not services.engine_available(), reason="computer players need the move engine")
def test_player_1s_name_question_says_a_computer_can_play():
    # "Player 1, your name?" alone: a newcomer wanting to play the computer
    # first heard of it at player 2, or not at all in --players
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    assert s.handle_line("") == ["2 players.", "Player 1, your name?", "Type computer for a computer opponent."]
    assert s.handle_line(" ") == ["Type a name, like Alice, or computer."]
    assert s.handle_line("help")[:2] == ["The first player's name, like Alice,", "or computer for a computer player."]
    assert s.handle_line("computer:expert") == ["Expert computer joins the game.", "Player 2, your name?",
                                                "Type computer for a computer opponent."]
    assert s.handle_line("Ann")[0] == "Ann plays."



def test_computer_at_the_count_question_says_a_computer_counts_as_a_player():
    # "'computer' is not 2, 3 or 4; type how many are playing.": the newcomer
    # who wants to play the computer was not told how
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    for typed in ("computer", "Computer expert"):
        assert joined(s.handle_line(typed)) == (
            "A computer counts as a player: type 2, then computer as one player's name.")
        assert s.setup.count is None and s.game is None
    s.handle_line("set verbosity brief")
    assert s.handle_line("computer") == ["Count the computer: type 2."]


def test_two_names_at_one_players_question_are_never_one_player_unasked():
    # "Ann and Bob" at player 1's name was taken as one player, "Ann and Bob plays."
    # (changed by the fourth playthrough: asked, two players or one, not refused;
    # test_newcomer_fourth.py checks both answers)
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    s.handle_line("")
    for typed in ("Ann and Bob", "ann & bob"):
        assert s.handle_line(typed)[0].lower() == "two players, ann and bob,", typed
        assert s.setup.players == []
        s.handle_line("back")
    assert s.handle_line("Sandy Anderson")[0] == "Sandy Anderson plays."  # "and" inside a word is a name
    from audio_scrabble.console.asking.setup import parse_players
    from audio_scrabble.errors import NotationError

    with pytest.raises(NotationError, match="names two players; give names like Alice,Bob"):
        parse_players("Ann and Bob")

# ---------------------------------------------------------------- playing
@pytest.mark.parametrize("typed, said", [
    ("play 8H FEZ across down", "like play FEZ from 8H across."),
    ("play FEZ from H8 down across", "like play FEZ from H8 across."),
    ("check 8H FEZ down across", "like check FEZ from 8H across."),
])
def test_two_directions_are_refused_plainly_as_two_directions(typed, said):
    # it asked "Which is the word in 'FEZ across'? Type one word, like play 8D TRAIN."
    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    before = snapshot(s)
    out = s.handle_line(typed)
    assert joined(out) == "A play goes one way only; type across or down, not both, " + said
    assert all(len(x) <= 40 for x in out) and s.question is None and snapshot(s) == before
    s.handle_line("set verbosity brief")
    assert s.handle_line(typed) == ["Two directions: type one."]


def test_exchanging_a_tile_not_held_says_which_tiles_there_are():
    # "You have no Q on your rack to exchange." said what was wrong, not what to do
    s, _ = session(players="Ann,Bob", seed=11)
    s.handle_line("")
    assert s.handle_line("rack") == ["Rack: U E M L I N I."]
    before = snapshot(s)
    assert s.handle_line("exchange QZ") == ["You have no Q on your rack to exchange;",
                                            "exchange from your tiles: U E M L I N I."]
    assert joined(s.handle_line("exchange EEE")) == (
        "You have only one E on your rack; exchange from your tiles: U E M L I N I.")
    assert snapshot(s) == before
    s.handle_line("set verbosity brief")
    assert s.handle_line("exchange QZ") == ["No Q on your rack."]


def test_a_play_challenged_off_is_taken_back_with_its_points_not_fined():
    # "The play is taken back." then "Ann loses 70 points.": heard as a penalty
    s, _ = session(players="Ann,Bob", seed=3, lexicon=services.WordSet(["QI"]))
    s.handle_line("")
    assert s.game.names[s.game.current] == "Ann"
    s.handle_line("play 8H FEZ")
    s.handle_line("")  # Bob's hand-over
    out = s.handle_line("challenge")
    assert out[:3] == ["Bob challenges Ann's play.", "FEZ is not acceptable.",
                       "Ann's play is taken back: 30 points off."], out
    assert not any("lose" in x for x in out), out


def test_every_seat_hears_a_play_taken_back_as_its_points_off():
    from audio_scrabble.core.events import ChallengeResolved
    from audio_scrabble.presentation.phrases import Audience, event_phrases

    def said(name: str, you: int | None) -> list[str]:
        names = (name, "Ann")
        ev = ChallengeResolved(2, 1, "Ann", 0, name, ("FEZQ",), ("FEZQ",), True, 70, False, (0, 0), 0)
        return event_phrases(ev, Audience(names, frozenset(), you))[2:-1]

    assert said("Club computer", 1) == ["Club computer's play is taken back:", "70 points off."]
    assert said("Bob", None) == ["Bob's play is taken back: 70 points off."]
    assert said("Bob", 0) == ["Your play is taken back: 70 points off."]


# ---------------------------------------------------------------- teaching
def test_the_review_says_once_what_equity_is():
    # "Best by equity: ... 12 of equity missed." with "equity" never explained
    from audio_scrabble.lexicon import Lexicon

    s = Session(Options(players="Ann,Bob", seed=11), lexicon=Lexicon.default())
    s.start()
    while not s.game.is_over:
        s.handle_line("")
        s.handle_line("pass")
    out = s.handle_line("review")
    assert out[:3] == ["Review of 4 turns; Enter for the next.", "Equity: the score,",
                       "plus the worth of the tiles kept."], out
    assert "of equity missed." in out[-1]
    later = s.handle_line("") + s.handle_line("")
    assert "of equity missed." in joined(later) and "worth" not in joined(later)  # said once, not every turn
    assert "equity, the score plus the worth" in joined(s.handle_line("help review"))


def test_help_spots_is_short_first_and_the_rest_on_asking():
    # help spots was 25 lines; a newcomer needs what spots are and how to ask
    s, _ = session()
    s.handle_line("")
    first = s.handle_line("help spots")
    assert first[:4] == ["Where plays can go: the best premiums.", "Type spots.", "Type spots all.",
                         "Each is a square, its premium mark,"], first
    assert len(first) <= 8 and first[-1] == "help spots more: the rest." and "help premiums" in joined(first)
    rest = s.handle_line("help spots more")
    for needed in ("top left", "row 5", "F7 walks", "F9 or Alt-P", "set aids off", "It names no words."):
        assert needed in joined(rest), needed
    assert not set(rest) & set(first) and all(len(x) <= 40 for x in first + rest)


def test_next_and_tutorial_next_go_on_to_the_tutorials_next_step():
    # after "Type tutorial 3 for step 3.", "next" said "next steps through the
    # review; type review when the game is over." and "tutorial next" named the steps
    s, _ = session()
    s.handle_line("")
    before = snapshot(s)
    assert s.handle_line("tutorial 2")[0] == "Step 2: your rack."
    assert s.handle_line("next")[0] == "Step 3: a first word."
    assert s.handle_line("tutorial next")[0] == "Step 4: where to play next."
    s.handle_line("tutorial 6")
    assert s.handle_line("next") == ["next steps through the review;", "type review when the game is over."]
    assert snapshot(s) == before
    fresh, _ = session()
    fresh.handle_line("")
    assert fresh.handle_line("tutorial next")[0] == "Step 1: the board."


def test_playing_a_tile_not_held_says_which_tiles_there_are_in_the_order_kept():
    # "You have no Q on your rack to play." said what was wrong, not what to do
    s, _ = session(players="Ann,Bob", seed=11)
    s.handle_line("")
    s.handle_line("arrange NIMIULE")
    before = snapshot(s)
    assert s.handle_line("play 8H QI") == ["You have no Q on your rack to play;",
                                           "play from your tiles: N I M I U L E."]
    assert s.handle_line("check 8H QI")[1:] == ["You have no Q on your rack to play;",
                                                "play from your tiles: N I M I U L E."]
    assert snapshot(s) == before
    s.handle_line("set verbosity brief")
    assert s.handle_line("play 8H QI") == ["No Q on your rack."]



@pytest.mark.parametrize("said", ["the letter c", "blank is C", "Letter C.", "c."])
def test_the_blanks_letter_may_be_said_whole(said):
    # "the letter c" at "Which letter is the blank on H8?" was refused:
    # "Type one letter, A to Z, for the blank on H8, or cancel."
    from audio_scrabble.core.tiles import BLANK
    from console_kit import AcceptAll, seed_where

    seed = seed_where(lambda g: BLANK in g.current_player.rack and "A" in g.current_player.rack
                      and "M" in g.current_player.rack, names=("Ann", "Bob"))
    s, _ = session(players="Ann,Bob", seed=seed, lexicon=AcceptAll())
    s.handle_line("")
    assert s.handle_line("play 8H ?AM") == ["Which letter is the blank on H8?"]
    out = s.handle_line(said)
    assert out[:2] == ["Blank on H8 is C.", "Ann played CAM (blank C), H8 across, 8."], out
    # a word is not a letter: the question stays
    s2, _ = session(players="Ann,Bob", seed=seed, lexicon=AcceptAll())
    s2.handle_line("")
    s2.handle_line("play 8H ?AM")
    assert joined(s2.handle_line("cat")) == "Type one letter, A to Z, for the blank on H8, or cancel."
    assert s2.question is not None

# ---------------------------------------------------------------- braille
def test_on_a_20_cell_display_the_racks_tiles_stay_on_one_line():
    # "Rack: T P X blank D" / "M E.": the tiles parted across two lines
    from audio_scrabble.core.tiles import BLANK
    from console_kit import seed_where

    seed = seed_where(lambda g: BLANK in g.current_player.rack, names=("Ann", "Bob"))
    s, _ = session(players="Ann,Bob", seed=seed, braille_width=20)
    s.handle_line("")
    out = s.handle_line("rack")
    rack = s.playing().rack_of(s.game.current)
    letters = " ".join("blank" if t == BLANK else t for t in rack) + "."
    assert out[-2:] == ["Rack:", letters], out
    assert all(len(x) <= 20 for x in out)
    s.handle_line("set braille 40")
    assert s.handle_line("rack")[-1] == f"Rack: {letters}"


def test_a_play_with_its_blank_typed_and_a_tile_not_held_is_told_the_tiles_there_are():
    # "play 8H ?AT" with no T and the one blank typed: "You have no T on your
    # rack to play." alone (a play with a ? was refused before the advice)
    from audio_scrabble.core.tiles import BLANK
    from console_kit import seed_where

    seed = seed_where(lambda g: g.current_player.rack.count(BLANK) == 1 and "T" not in g.current_player.rack
                      and "A" in g.current_player.rack, names=("Ann", "Bob"))
    s, _ = session(players="Ann,Bob", seed=seed)
    s.handle_line("")
    tiles = " ".join("blank" if t == BLANK else t for t in s.playing().rack_of(s.game.current))
    assert joined(s.handle_line("play 8H ?AT")) == f"You have no T on your rack to play; play from your tiles: {tiles}."
    assert s.question is None
    # the blank still free: how to use it, as before
    assert joined(s.handle_line("play 8H AT")).startswith("You have no T on your rack to play; to use your blank as T,")


# ---------------------------------------------------------------- the end
#: Two club computers' game (seed 909) past the bag's end: Ann holds U F R
#: and goes out with FURO, G4 down (tests/console/test_coach_endgame.py's)
POS = ("14V/13WO/CIVIC7ION/I11NO1/E8SLIDE1/n8MOTED1/A2JATO1WO2X2/GELADA1TOUGH3/A1I2DROPS5/S1B4U7/"
       "1TE1LiNGULAE3/1AR4H2MY3/1BA2FREAKIER2/1ET1EYES1INN3/PREZ3T7 UFR/QNI 438/407 0")


def test_help_at_challenge_or_accept_is_that_questions_help_then_the_question():
    # help there printed the game's 24-line command list; the question was gone
    s = Session(Options(players="Ann,Bob", position=POS), lexicon=services.load_lexicon(None))
    s.start()
    s.handle_line("")
    assert s.handle_line("play G4 FURO")[-1] == "Bob, challenge or accept?"
    before = snapshot(s)
    out = s.handle_line("help")
    assert out[0] == "If the last play stands, the game ends." and len(out) <= 10, out
    assert "accept: the game ends and is scored." in out
    assert out[-2:] == ["Ann went out with the bag empty.", "Bob, challenge or accept?"]
    assert not any(x.startswith(("Commands", "Turn:")) for x in out) and all(len(x) <= 40 for x in out)
    assert s.handle_line("?") == out and snapshot(s) == before
    assert s.handle_line("help challenge")[0] == "Challenge the words of the last play."
    assert s.handle_line("accept")[0] == "Game over."
    assert s.handle_line("help")[0] == "Commands, by group:"  # the question answered: the list again


def test_whose_turn_is_answered():
    # "whose turn" said "'whose' is not a command; type help for the list."
    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    assert s.handle_line("whose turn")[0] == "It is Ann's turn."


def test_opening_the_game_in_play_says_what_to_do_instead(tmp_path):
    # "That game is the one in play." had no instead
    from audio_scrabble.persistence.store import SaveStore

    store = SaveStore(tmp_path)
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    s.handle_line("games")
    assert joined(s.handle_line("open 1")) == "Game 1 is in play; open another by its number."
    s.handle_line("set verbosity brief")
    assert s.handle_line("open 1") == ["Game 1 is in play."]
