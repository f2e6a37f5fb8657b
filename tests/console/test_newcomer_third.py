"""What a blind newcomer still tripped on after two playthroughs (tmux,
``--speech text``, 40 and 20 braille cells): names parted at 20 cells, a
refusal's tiles parted, words after a command that takes none, the long
path said when a game was put away, review offered with no person
playing, the tutorial's step kept into a new game, a question left open
under news, ``open N`` putting the game in play away unsaid. Each is
checked through the console's own paths (a session driven line by line,
as over piped input)."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence.store import SaveStore
from console_kit import joined, passers


# ---------------------------------------------------------------- 1. a name kept whole at 20 cells
@pytest.mark.skipif(not services.engine_available(), reason="computer players need the move engine")
def test_at_20_cells_the_scores_keep_beginner_computer_on_one_line():
    # "You 11, Beginner" / "computer 28,": the computer's name parted
    # (seed 5: the beginner answers a pass with RAVE for 14)
    s = Session(Options(players="Ann,computer:beginner", seed=5, braille_width=20))
    s.start()
    s.handle_line("pass")
    assert s.game.scores()[1] >= 10
    for command in ("scores", "summary"):
        out = s.handle_line(command)
        assert all(len(x) <= 20 for x in out), out
        assert "Beginner computer" in out, out
        assert not any(x.endswith("Beginner") for x in out), out


def test_at_20_cells_the_games_list_keeps_the_players_of_a_game_together(tmp_path):
    # "1. Ann" / "and Bob, finished,": the game's players parted
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    s.start()
    for _ in range(4):  # every player passes twice: the game is over
        s.handle_line("")
        s.handle_line("pass")
    assert s.game.is_over
    out = s.handle_line("games")
    entry = next(k for k, x in enumerate(out) if x.startswith("1."))
    assert out[entry:entry + 2] == ["1. Finished:", "Ann and Bob,"], out
    assert all(len(x) <= 20 for x in out), out


# ---------------------------------------------------------------- 2. a refusal's tiles on one line
def test_at_20_cells_the_tiles_to_play_from_stay_whole_on_their_own_line():
    # "...; play from your tiles: N I M" / "I U L E.": the tiles parted
    from console_kit import session, snapshot

    s, _ = session(players="Ann,Bob", seed=11, braille_width=20)
    s.handle_line("")
    s.handle_line("arrange NIMIULE")
    before = snapshot(s)
    for typed in ("play 8H QI", "exchange Q"):
        out = s.handle_line(typed)
        assert out[-1] == "N I M I U L E.", out
        assert out[-2].endswith("tiles:"), out
        assert all(len(x) <= 20 for x in out), out
    assert snapshot(s) == before


# ---------------------------------------------------------------- 3. words after a command that takes none
def test_board_row_8_reads_row_8_and_board_column_c_column_c():
    # "board row 8" read the whole braille board, the words ignored
    from console_kit import session

    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    assert s.handle_line("board row 8") == s.handle_line("row 8")
    assert s.handle_line("board column C") == s.handle_line("column C")
    assert s.handle_line("brd square H8") == ["H8, star."]
    assert s.handle_line("show column C") == s.handle_line("column C")


def test_every_command_that_takes_nothing_refuses_words_after_it_and_changes_nothing():
    # "rack AEI", "pass 8H QI", "new Cy": the words silently ignored (pass passed)
    from audio_scrabble.console.handlers.commands import REGISTRY
    from console_kit import session, snapshot

    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    before = snapshot(s)
    said_before = s.handle_line("repeat")
    bare = [c for c in REGISTRY.commands if not c.args and "game" in c.modes]
    assert {"pass", "rack", "board", "scores", "new", "quit", "hint", "next"} <= {c.name for c in bare}
    for command in bare:
        for typed in (command.name, *command.aliases):
            out = s.handle_line(f"{typed} xyz")
            assert joined(out).startswith(f"'{typed}' takes no words after it; type {typed} alone"), out
            assert joined(out).endswith("."), out
            assert s.question is None and snapshot(s) == before, typed
    assert joined(s.handle_line("rack AEI")) == "'rack' takes no words after it; type rack alone."
    assert joined(s.handle_line("board 8")) == (
        "'board' takes no words after it; type board alone, or row 8 to hear one row.")
    assert joined(s.handle_line("last 3")) == (
        "'last' takes no words after it; type last alone, or history 3 for the last 3 turns.")
    s.handle_line("set verbosity brief")
    assert s.handle_line("pass now") == ["Type pass alone."]
    assert snapshot(s) == before and said_before


def test_words_a_command_is_said_with_still_work():
    from console_kit import session

    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    assert s.handle_line("whose turn")[0] == "It is Ann's turn."
    assert s.handle_line("whose turn is it?")[0] == "It is Ann's turn."
    assert s.handle_line("Rack.")[0].startswith("Rack:")
    assert s.handle_line("history 1") == s.handle_line("history")[-1:]
    assert s.handle_line("new game")[0] == "Start a new game?"
    s.handle_line("no")
    assert s.handle_line("quit game")[0].startswith("Leave the game?")


def test_the_review_s_commands_that_take_nothing_refuse_words_too():
    from audio_scrabble.console.review import ReviewSession
    from audio_scrabble.notation.gcg import read_gcg

    gcg = "#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n>ann: AEINRST 8D TRAINS +74 74\n"
    s = ReviewSession(read_gcg(gcg.encode()))
    s.start()
    s.handle_line("next")
    assert s.handle_line("board row 8") == s.handle_line("row 8")
    assert joined(s.handle_line("rack AEI")) == "'rack' takes no words after it; type rack alone."
    assert s.handle_line("move 1") == s.handle_line("move")


# ---------------------------------------------------------------- 4. a game put away, said alike
def _left_unfinished(folder):
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(folder))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.store.release()


def test_no_at_the_resume_offer_says_game_put_away_as_new_does(tmp_path):
    # "...was kept as games/2026-11-27-223710-Ann-v-Bob.unfinished.json."
    from audio_scrabble.console.options import NEW

    _left_unfinished(tmp_path / "a")
    s = Session(Options(players="Ann,Bob", seed=4), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path / "a"))
    s.start()
    declined = s.handle_line("no")
    _left_unfinished(tmp_path / "b")
    fresh = Session(Options(players="Ann,Bob", seed=4, saved_game=NEW), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path / "b"))
    started = fresh.start()
    assert "Game put away: Ann and Bob." in started
    assert "Game put away: Ann and Bob." in declined, declined
    assert not any("games/" in x or "json" in x for x in declined), declined
    assert len(list((tmp_path / "a" / "games").glob("*.unfinished.json"))) == 1


def test_new_in_a_game_says_game_put_away_not_the_file(tmp_path):
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("new")
    out = s.handle_line("yes")
    assert "Game put away: Ann and Bob." in out, out
    assert not any("games/" in x or "json" in x for x in out), out
    assert len(list((tmp_path / "games").glob("*.unfinished.json"))) == 1


# ---------------------------------------------------------------- 5. review offered only when a person played
@pytest.mark.skipif(not services.engine_available(), reason="the review needs the move engine")
def test_the_review_is_offered_only_when_a_person_played():
    # two computers' game ended with "Type review to hear what you missed."
    from audio_scrabble.presentation import prompts

    s = Session(Options(players="computer:beginner,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    out = s.start()
    assert s.game.is_over and prompts.NEW_OR_QUIT in out
    assert prompts.REVIEW_OFFER not in out, out
    # a person at the table who played: offered, as before
    s = Session(Options(players="Ann,computer:beginner", seed=3), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    s.start()
    out = s.handle_line("pass") + s.handle_line("pass")
    assert s.game.is_over and out[-2:] == [prompts.REVIEW_OFFER, prompts.NEW_OR_QUIT], out


# ---------------------------------------------------------------- 6. the tutorial's step goes with its game
def test_a_new_games_next_does_not_go_on_with_the_last_games_tutorial():
    # tutorial 2 in one game, then new: "next" said "Step 3: a first word."
    from console_kit import session

    s, _ = session(players="Ann,Bob", seed=3)
    s.handle_line("")
    assert s.handle_line("tutorial 2")[0] == "Step 2: your rack."
    assert s.handle_line("next")[0] == "Step 3: a first word."
    s.handle_line("new")
    s.handle_line("yes")
    s.handle_line("")
    assert not s.handle_line("next")[0].startswith("Step"), "the old game's tutorial went on"
    assert s.handle_line("tutorial next")[0] == "Step 1: the board."
    assert s.handle_line("next")[0] == "Step 2: your rack."  # this game's own tutorial goes on


def test_a_tutorial_step_heard_at_the_set_up_stays_with_the_set_up():
    # changed by the fourth playthrough: a step belongs to where it was
    # given; the first game's next went on with "Step 2: your rack."
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    assert s.handle_line("tutorial")[0] == "Step 1: the board."
    assert s.handle_line("tutorial next")[0] == "Step 2: your rack."  # at the set-up it goes on
    for answer in ("", "Ann", "Bob", ""):  # two players, their names, house rules
        s.handle_line(answer)
    assert s.game is not None, "the game did not start"
    s.handle_line("")
    assert not s.handle_line("next")[0].startswith("Step"), "the set-up's tutorial went on into the game"
    assert s.handle_line("tutorial next")[0] == "Step 1: the board."
    assert s.handle_line("next")[0] == "Step 2: your rack."  # this game's own tutorial goes on


# ---------------------------------------------------------------- 7. open N says where the game in play went
def test_open_n_in_a_game_says_the_game_put_away_and_the_number_back_to_it(tmp_path):
    # "Game put away: Ann and Bob." alone: nothing said of how to go back
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("new")
    s.handle_line("yes")
    second = s.game.seed
    s.handle_line("")
    s.handle_line("pass")
    listed = s.handle_line("games")
    assert "2. Put away: Ann and Bob, " in joined(listed)
    out = s.handle_line("open 2")
    assert out[:2] == ["Game put away: Ann and Bob.", "To resume it, type open 2."], out
    first = s.game.seed
    assert first != second
    back = s.handle_line("open 2")  # the number said is the one open takes, no games needed between
    assert back[:2] == ["Game put away: Ann and Bob.", "To resume it, type open 2."], back
    assert s.game.seed == second


# ---------------------------------------------------------------- and: the games folder's path at 20 cells
def test_at_20_cells_the_games_folders_path_does_not_run_into_the_count_of_games(tmp_path, monkeypatch):
    # "~/.../" / "games 1 game" / "on file:": the path's last piece run on
    from audio_scrabble.console.handlers.file_commands import shown_path

    monkeypatch.setenv("HOME", str(tmp_path))  # the path said: ~/ddddddddddddddddddd/games
    store = SaveStore(tmp_path / ("d" * 19))
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    out = s.handle_line("games")
    path = shown_path(store.games_dir)
    assert len(path) > 20 and out[0] == "Games folder:", out
    end = out.index("1 game on file:")
    assert "".join(out[1:end]) == path and out[end - 1] == "games", out
    assert all(len(x) <= 20 for x in out), out
