"""What a blind newcomer tripped on in the eighth round: the hint said
"JEEZ, E8 across" where the play is typed "8E JEEZ"; the chance to
challenge came after the scores line in a round heard at once; at 20
cells the put-away names and the games list broke where no reader
expects; a review of a game begun from a position. Each is checked
through the console's own paths (a session driven line by line, as over
piped input) or the layout the lines go through."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

from newcomer_kit import passers  # type: ignore[import-not-found]


def _engine() -> None:
    if not services.engine_available():
        pytest.skip("hints need the move engine")


# ---------------------------------------------------------------- 1. the hint and what is typed name a square one way
def test_the_hint_says_its_play_as_it_is_typed_in_the_words_it_was_said_in():
    from console_kit import snapshot  # type: ignore[import-not-found]

    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3, hints=True), computer_factory=passers)
    s.start()
    out = s.handle_line("hint")
    assert out[1] == "1. JEEZ, E8 across,", out  # said as a player says it
    assert out[-2:] == ["To play one, type it back:", "play JEEZ from E8 across."], out  # and typed so
    assert all(len(x) <= 40 for x in out), out
    before = snapshot(s)
    told = " ".join(s.handle_line("play 2"))
    assert told == "'2' is a number; for hint 2, type play JEFE from E8 across.", told  # not "play 8E JEFE"
    assert snapshot(s) == before
    played = s.handle_line("play JEEZ from E8 across")  # typed back as said, it plays
    assert played[0] == "You played JEEZ, E8 across, 40.", played


# ---------------------------------------------------------------- 3. the chance to challenge, right after the play
def test_in_a_round_heard_at_once_the_chance_to_challenge_comes_before_the_scores():
    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3))
    s.start()
    out = s.handle_line("play JEEZ from E8 across")
    assert out[1:3] == ["Beginner computer played JILT,", "E8 down, 22."], out
    assert out[3] == "To challenge it, type challenge.", out  # was after the scores line
    assert out[4] == "You 40, Beginner computer 22.", out
    assert out.count("To challenge it, type challenge.") == 1, out
    assert out[-1].startswith("Rack: "), out


# ---------------------------------------------------------------- 2. the put-away names keep their "and"
def _put_away_by_new(tmp_path, width):
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:beginner", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.store.release()
    s = Session(Options(seed=3, braille_width=width), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path),
                computer_factory=passers)
    s.start()
    for answer in ("no", "2", "Ann", "computer:expert"):
        s.handle_line(answer)
    return s.handle_line("")  # house rules: the new game begins, the old one put away


def test_at_20_cells_the_put_away_names_keep_their_and(tmp_path):
    out = _put_away_by_new(tmp_path, 20)
    at = out.index("Game put away:")
    assert out[at + 1:at + 3] == ["Ann and", "Beginner computer."], out  # was "Ann," / "Beginner computer."
    assert all(len(x) <= 20 for x in out), out


def test_at_40_cells_the_put_away_names_too_long_for_one_line_keep_their_and(tmp_path):
    out = _put_away_by_new(tmp_path, 40)  # "Game put away: Ann and Beginner computer." is 41
    at = out.index("Game put away:")
    assert out[at + 1] == "Ann and Beginner computer.", out  # was "Ann, Beginner computer."


# ---------------------------------------------------------------- 4. games and its file names at 20 cells
def test_at_20_cells_a_finished_games_file_name_keeps_each_players_name_whole(tmp_path):
    from newcomer_kit import over  # type: ignore[import-not-found]

    s = over(tmp_path, 20)
    s.handle_line("games")
    out = s.handle_line("open 1")  # finished: the command that reviews it
    at = out.index("review")
    assert out[at + 1].endswith("-") and out[at + 1][:4].isdigit(), out  # when it began
    assert out[at + 2:] == ["Ann-v-", "Expert_computer.gcg"], out  # was "Ann-v-Expert_" / "computer.gcg"
    assert all(len(x) <= 20 for x in out), out


def test_a_games_entry_too_long_for_a_line_keeps_the_and_between_the_names():
    from datetime import datetime

    from audio_scrabble.presentation import layout, prompts_saving

    names = ["Bartholomew Jones", "Expert computer"]
    lines = prompts_saving.game_entry_line(1, names, "finished", datetime(2026, 11, 28), [300, 280])
    assert lines[:2] == ["1. Finished:", "Bartholomew Jones and Expert computer,"], lines  # was "..., Expert computer,"
    assert layout.break_path("2026-11-28-011345-Ann-v-Club_computer-v-Expert_computer.gcg", 20) == [
        "2026-11-28-011345-", "Ann-v-", "Club_computer-v-", "Expert_computer.gcg"]


# ---------------------------------------------------------------- 5. the review of a game begun from a position
def test_the_review_of_a_game_begun_from_a_position_says_where_turn_1_starts(tmp_path):
    from audio_scrabble.persistence import SaveStore

    from test_records import POS  # type: ignore[import-not-found]  # you 438 against 407, the bag empty

    _engine()
    s = Session(Options(position=POS, players="Ann,computer:expert", seed=7), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    s.handle_line("pass")
    s.handle_line("pass")  # every player passed twice: the game is over
    assert s.game.is_over
    out = s.handle_line("review")
    assert out[0] == "Review of 4 turns; Enter for the next.", out
    assert out[1:3] == ["Begun from a position: You 438,", "Expert computer 407."], out  # as the saved game's review says
    assert out[3].startswith("Turn 1, you passed."), out  # the first turn after the position
    assert all(len(x) <= 40 for x in out), out


# ---------------------------------------------------------------- found in tmux: a premium's name whole at 20 cells
def test_at_20_cells_spots_keeps_a_count_with_its_premiums_name():
    # spots: "5 three bars, 10 two" / "bars, 10 three dots,": "bars" alone read as nothing
    from audio_scrabble.presentation import layout

    assert layout.wrap("And 43 more: 5 three bars, 10 two bars, 10 three dots, 18 two dots.", 20) == [
        "And 43 more:", "5 three bars,", "10 two bars,", "10 three dots,", "18 two dots."]
    assert layout.wrap("And 9 more: 1 triple word, 2 double word, 6 double letter.", 20) == [
        "And 9 more:", "1 triple word,", "2 double word,", "6 double letter."]
    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3, braille_width=20))
    s.start()
    s.handle_line("play JEEZ from E8 across")
    out = s.handle_line("spots")
    assert not any(x.endswith((" two", " three")) or x.startswith(("bars", "dots")) for x in out), out
    assert all(len(x) <= 20 for x in out), out


# ---------------------------------------------------------------- found in tmux: new said the game ends, and put it away
def test_new_asks_to_put_the_game_away_when_games_are_saved(tmp_path):
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    s.handle_line("pass")
    asked = s.handle_line("new")
    assert asked == ["Start a new game?", "This one is put away, to open later.", "Type yes or no."], asked  # was "ends unscored"
    assert s.handle_line("help") == ["Yes puts this game away, to open later; no stays.", "Type yes or no."]
    told = " ".join(s.handle_line("maybe"))
    assert "type yes to put this game away, or no to stay." in told, told
    out = s.handle_line("yes")
    assert out[1:3] == ["Game put away: Ann and Expert computer.", "To resume it, type open 2."], out  # as asked


def test_new_without_saving_still_says_the_game_ends_unscored():
    s = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    s.handle_line("pass")
    assert s.handle_line("new")[1] == "This one ends unscored."
    assert not any("put away" in x for x in s.handle_line("yes"))  # nothing kept: it did end


# ---------------------------------------------------------------- found in tmux: two names joined, parted after the "and"
def test_at_20_cells_the_put_away_line_parts_two_names_after_the_and(tmp_path):
    # quit, then a start with --position: "Game put away: Ann" / "and Expert computer."
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.presentation import layout

    from test_records import POS  # type: ignore[import-not-found]

    assert layout.wrap("Game put away: Ann and Expert computer.", 20) == [
        "Game put away:", "Ann and", "Expert computer."]
    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.store.release()
    s = Session(Options(position=POS, players="Ann,computer:expert", seed=7, braille_width=20),
                lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path), computer_factory=passers)
    out = s.start()
    at = out.index("Game put away:")
    assert out[at + 1:at + 3] == ["Ann and", "Expert computer."], out


# ---------------------------------------------------------------- found in tmux: history's first line
def test_history_says_who_plays_first_as_the_opening_said_it():
    # history before a move: "You drew first." (the first to draw a tile?),
    # where the opening said "You drew D, Beginner computer drew G." / "You play first."
    s = Session(Options(players="Ann,computer:beginner", seed=11), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    opening = s.start()
    assert "You play first." in opening, opening
    assert s.handle_line("history") == ["You play first, by the draw."]


# ---------------------------------------------------------------- found in tmux: the first word off the star
def test_a_first_word_off_the_star_says_which_way_it_ran_and_what_to_type():
    # "play JEEZ from E8" (the hint's words without "across"): "The first
    # word must cover the star, H8." said nothing of the word running down
    from console_kit import snapshot  # type: ignore[import-not-found]

    s = Session(Options(players="Ann,computer:beginner", seed=3), lexicon=services.WordSet(["JEEZ"]),
                computer_factory=passers)
    s.start()
    before = snapshot(s)
    out = s.handle_line("play JEEZ from E8")
    assert out == ["JEEZ from E8 runs down, off the star;", "type play JEEZ from E8 across."], out
    assert snapshot(s) == before  # nothing played
    out = s.handle_line("play H4 JEEZ")  # no way from H4 covers H8 with four letters down or across
    assert out == ["JEEZ from H4 runs down, off the star;", "the first word must cross H8."], out
    assert s.handle_line("play JEEZ from E8 across")[0] == "You played JEEZ, E8 across, 40."  # as told
