"""What a blind newcomer still tripped on after three playthroughs (tmux,
``--speech text``, 40 and 20 braille cells): ``in play`` parted at 20
cells, two names joined by "and" refused even as one name, a game put
away said by its file's long path when the save found it in the way; and
what the fourth playthrough, whole games to their end against the expert
and against two computers, found: a hint with a blank typed back
refused, a file name's extension alone on a line, a hint's kept tiles
and a word's blank parted at 20 cells, ``unseen`` not saying whose rack
holds the tiles once the bag is empty, the review's "end game" and
"best play" parted, a long name's prompt cut mid-word, "the bag's end",
a count's word taken as a name. Each is checked through the console's
own paths (a session driven line by line, as over piped input) or the
layout they go through. The tutorial's step kept past the set-up is
checked in test_newcomer_third.py, where the test it changed lives."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence.store import SaveStore
from console_kit import joined, passers


# ---------------------------------------------------------------- 1. "in play" whole at 20 cells
def test_at_20_cells_in_play_and_put_away_stay_whole_in_the_games_list(tmp_path):
    # "1. Ann and Bob, in" / "play, 28 Nov 2026:": the game's state parted
    s = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("new")
    s.handle_line("yes")
    s.handle_line("")
    out = s.handle_line("games")
    assert all(len(x) <= 20 for x in out), out
    assert any(x.startswith("1. In play:") for x in out), out
    assert any(x.startswith("2. Put away:") for x in out), out
    assert not any(x.endswith((" in", " put")) for x in out), out


def test_a_kept_phrase_is_parted_only_when_it_cannot_fit_a_line():
    from audio_scrabble.presentation import layout

    text = "1. Ann and Bob, in play, 28 Nov 2026:"
    assert layout.wrap(text, 20) == ["1. Ann and Bob,", "in play,", "28 Nov 2026:"]
    assert "in another window," in layout.wrap("2. Ann and Bob, open in another window, 28 Nov 2026.", 20)
    assert layout.wrap("We play in play mode.", 7) == ["We play", "in play", "mode."]


# ---------------------------------------------------------------- 2. "Tom and Jerry": two players, or one?
def _set_up(*answers: str, **opts) -> tuple[Session, list[list[str]]]:
    s = Session(Options(seed=2, **opts), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    return s, [s.handle_line(a) for a in answers]


def test_names_joined_at_one_name_ask_two_players_or_one():
    # "'Tom and Jerry' names two players": refused, so no player could be called so
    s, said = _set_up("", "Tom and Jerry")
    assert said[1] == ["Two players, Tom and Jerry,", "or one called Tom and Jerry?", "Type two or one."]
    assert s.setup.players == []
    assert s.handle_line("one") == ["Tom and Jerry plays.", "Player 2, your name?",
                                    "Type computer for a computer opponent."]
    s.handle_line("Bob")
    s.handle_line("")
    assert s.game is not None and s.game.names == ("Tom and Jerry", "Bob")


def test_two_at_the_joined_question_seats_both_counting_one_more_when_needed():
    s, said = _set_up("", "Tom and Jerry", "two", "")
    assert said[2][:2] == ["Tom plays.", "Jerry plays."]
    assert s.game is not None and s.game.names == ("Tom", "Jerry")
    s, said = _set_up("", "Ann", "Tom & Jerry", "2", "")
    assert said[3][:3] == ["3 players.", "Tom plays.", "Jerry plays."], said[3]
    assert s.game is not None and s.game.names == ("Ann", "Tom", "Jerry")


def test_a_wrong_answer_or_back_at_the_joined_question_changes_nothing():
    s, said = _set_up("", "Tom and Jerry", "maybe")
    assert joined(said[2]) == "Type two for two players, or one for one called Tom and Jerry."
    assert s.setup.players == [] and s.setup.asking == "joined"
    assert s.handle_line("help")[0] == "Names joined by and, like Tom and Jerry."
    assert s.handle_line("back")[:2] == ["Back to player 1's name.", "Player 1, your name?"]
    assert s.setup.players == [] and s.setup.asking == "name" and s.setup.count == 2


def test_names_joined_that_cannot_be_one_name_or_two_players_are_not_asked_about():
    s, said = _set_up("", "Alexandra and Bartholomew")  # 25 letters: no one name
    assert joined(said[1]).startswith("'Alexandra and Bartholomew' names two players;")
    s, said = _set_up("", "Ann and computer")  # a computer is no one's name
    assert joined(said[1]).startswith("'Ann and computer' names two players;")
    s, said = _set_up("4", "A", "B", "C", "Tom and Jerry")  # no seat for a fifth: one name
    assert said[4][0] == "Tom and Jerry plays."


def test_players_listed_with_commas_take_a_name_joined_by_and_as_one():
    from audio_scrabble.console.asking.setup import parse_players

    assert [seat.name for seat in parse_players("Tom and Jerry,Bob")] == ["Tom and Jerry", "Bob"]
    s = Session(Options(players="Tom and Jerry,Bob", seed=2), lexicon=services.WordSet(["QI"]))
    s.start()
    assert s.game is not None and s.game.names == ("Tom and Jerry", "Bob")


# ---------------------------------------------------------------- 3. a game the save finds in the way
def test_a_game_the_save_finds_in_the_way_is_said_by_its_players_not_its_file(tmp_path, monkeypatch):
    # "The unfinished game of Ann and Bob was kept as
    # games/2026-11-28-010203-Ann-v-Bob.unfinished.json.": the store's own
    # sentence, said when the put-away before a new game failed once and the
    # save then cleared the way itself
    from audio_scrabble.console.options import NEW
    from audio_scrabble.persistence.savefile import SaveFailed

    first = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    first.start()
    first.handle_line("")
    first.handle_line("pass")
    first.store.release()

    def refused(self):
        raise SaveFailed("The disk said no.")

    monkeypatch.setattr(SaveStore, "archive_unfinished", refused)
    s = Session(Options(players="Cy,Dee", seed=4, saved_game=NEW), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    out = s.start()
    assert not any("games/" in x or "json" in x or "kept as" in x for x in out), out
    at = out.index("Game put away: Ann and Bob.")
    assert out[at + 1].startswith("To resume it, type open ") and out[at + 1].endswith("."), out
    number = out[at + 1].split()[-1].rstrip(".")
    monkeypatch.undo()
    back = s.handle_line(f"open {number}")
    assert s.game is not None and s.game.names == ("Ann", "Bob"), back


def test_the_store_says_what_it_put_away_as_players_and_file_not_a_sentence(tmp_path):
    from audio_scrabble.core.game import Game
    from audio_scrabble.core.rules import rules_named

    store = SaveStore(tmp_path)
    old = Game(["Ann", "Bob"], rules_named("house"), 1)
    store.save(old)
    outcome = store.save(Game(["Cy", "Dee"], rules_named("house"), 2))
    assert outcome.notice is None
    (names, path), = outcome.put_away
    assert names == ("Ann", "Bob") and path.parent == tmp_path / "games" and path.exists()


# ---------------------------------------------------------------- 4. a hint with a blank typed back
def test_a_play_typed_back_as_the_game_says_it_names_its_blanks():
    # hint: "1. SPATHED (blanks S, E), H9 across, 88 points"; "play SPATHED
    # (blanks S, E), H9 across" (as help hint says: type it back) was refused:
    # "Which is the word in 'SPATHED (blanks S E)'?"
    from console_kit import AcceptAll, seed_where
    from audio_scrabble.core.board import Square
    from audio_scrabble.core.tiles import BLANK

    seed = seed_where(lambda g: BLANK in g.current_player.rack and any(t not in (BLANK, "Q") for t in g.current_player.rack))
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    first = next(t for t in s.game.current_player.rack if t not in (BLANK, "Q"))
    out = s.handle_line(f"play {first}Q (blank Q), 8H across")
    assert joined(out).startswith(f"Alice played {first}Q (blank Q), H8 across,"), out
    assert s.game.board[Square(7, 8)] == "q"  # a blank standing for Q
    # a letter named a blank that the word places twice: which one?
    s.handle_line("")
    before = list(s.game.actions)
    out = s.handle_line("play 9H QQ (blank Q)")
    assert "lower case" in joined(out) and s.game.actions == before, out


# ---------------------------------------------------------------- 5. a record's name at 20 cells
def test_at_20_cells_a_file_names_extension_is_not_left_alone_on_a_line():
    # "v-Expert_computer." / "gcg": the record of a game against two computers
    from audio_scrabble.presentation import layout

    name = "2026-11-28-011345-Ann-v-Club_computer-v-Expert_computer.gcg"
    pieces = layout.wrap(f"Game record saved: {name}", 20)
    assert pieces[-1] == "Expert_computer.gcg", pieces  # newcomer 8: the player's name whole too
    assert "".join(pieces[1:]) == name and all(len(p) <= 20 for p in pieces), pieces
    assert layout.break_path("abcdefghijklmnopqrstuvwxyz.gcg", 20)[-1] == "uvwxyz.gcg"  # no mark before: cut


# ---------------------------------------------------------------- 6. the tiles a hint keeps, whole at 20 cells
def test_at_20_cells_a_list_of_tiles_joined_by_and_stays_on_one_line():
    # hint: "16 points; keeps E" / "and R."; "39 points; keeps A," / "S and T."
    from audio_scrabble.presentation import layout

    assert layout.wrap("16 points; keeps E and R.", 20) == ["16 points;", "keeps E and R."]
    assert layout.wrap("39 points; keeps A, S and T.", 20) == ["39 points;", "keeps A, S and T."]
    assert layout.wrap("48 points; keeps blank and D.", 20) == ["48 points;", "keeps blank and D."]
    assert layout.wrap("New tiles: A, C, E, L, N and N.", 20) == ["New tiles:", "A, C, E, L, N and N."]


def test_at_20_cells_the_hint_keeps_its_tiles_together():
    import pytest

    if not services.engine_available():
        pytest.skip("hints need the move engine")
    # seed 1: "42 points; keeps T" / "and V.", "22 points; keeps A," / "F, R, T and V."
    s = Session(Options(players="Ann,Bob", seed=1, braille_width=20, hints=True))
    s.start()
    s.handle_line("")
    out = s.handle_line("hint")
    assert all(len(x) <= 20 for x in out), out
    keeps = [k for k, x in enumerate(out) if "keeps" in x]
    assert keeps, out
    for k in keeps:  # the tiles kept, whole on one line: with "keeps", or the line after it
        tiles = out[k] if not out[k].endswith("keeps") else out[k + 1]
        assert tiles.endswith("."), out
        assert not out[k + 1].startswith("and "), out


# ---------------------------------------------------------------- 7. unseen with the bag empty
def test_unseen_with_the_bag_empty_says_whose_rack_holds_them():
    # end game: "6 tiles unseen: E 1, I 1, M 1, R 1, S 1, X 1." and nothing
    # said of where they are (the opponent's rack, every one of them)
    s = Session(Options(players="Ann,computer:expert", seed=1), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    s.start()
    assert s.handle_line("unseen")[0] == "93 tiles unseen:"  # 100 less my 7
    s.game.bag.tiles.clear()  # the bag empty (tiles taken out: only for this test)
    out = s.handle_line("unseen")
    assert out[0].endswith(" tiles unseen, all Expert computer's:"), out
    s = Session(Options(players="Ann,computer:club,computer:expert", seed=1), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    s.start()
    s.game.bag.tiles.clear()
    assert s.handle_line("unseen")[0].endswith(" tiles unseen, all on other racks:")
    s.handle_line("set verbosity brief")
    assert s.handle_line("unseen")[0].endswith(" tiles unseen, all on other racks.")


# ---------------------------------------------------------------- 8. a word and its blank at 20 cells
def test_at_20_cells_a_word_stays_with_its_blank_and_value():
    # "DZO 13, URE" / "(blank E) 3, DEF 7.": the word parted from its blank
    from audio_scrabble.presentation import layout

    assert layout.wrap("Words: DAUD 7, DZO 13, URE (blank E) 3, DEF 7.", 20) == [
        "Words: DAUD 7,", "DZO 13,", "URE (blank E) 3,", "DEF 7."]
    assert layout.wrap("2. THEOW (blank O), B2 down, 57 points.", 20)[0] == "2. THEOW (blank O),"
    # too long for a line with its number: parted as before, the number kept with the word
    assert layout.wrap("1. DATABUS (blank U), H15 across, 94 points.", 20)[:2] == ["1. DATABUS", "(blank U),"]


def test_at_20_cells_the_reviews_summary_keeps_end_game_and_best_play_whole():
    # "spread in the end" / "game, best" / "play 10 of 10 turns."
    from audio_scrabble.presentation import layout

    out = layout.wrap("You missed 0 of equity, 0 of spread in the end game, best play 10 of 10 turns.", 20)
    assert any("end game," in x for x in out) and any(x.startswith("best play") for x in out), out


# ---------------------------------------------------------------- 9. a long name's prompt at 20 cells
def test_at_20_cells_a_prompt_too_long_keeps_whole_words_of_the_name():
    # "Tom and Jerr> ": the name cut mid-word to leave room for typing
    s = Session(Options(players="Tom and Jerry,computer:expert", seed=2, braille_width=20),
                lexicon=services.WordSet(["QI"]), computer_factory=lambda level, lexicon, seed: (
                    lambda game, i: services.ComputerMove("pass")))
    s.start()
    assert s.game.names[s.game.current] == "Tom and Jerry"
    assert s.prompt_text() == "Tom & Jerry> "  # the whole name, and fits (was "Tom> ": test_newcomer_fifth.py)
    from audio_scrabble.presentation import layout

    assert layout.fit_prompt("Bartholomew Jones> ", None, 20) == "Bartholomew> "
    assert layout.fit_prompt("Alexandrinaaaaaaaaa> ", None, 14) == "Alexan> "  # one word: cut, as before


# ---------------------------------------------------------------- 10. the hint near the bag's end, in plain words
def test_a_hint_with_the_bag_nearly_empty_says_so_in_plain_words():
    # "Ranked by equity and the bag's end.": the bag's end is no term a newcomer knows
    import pytest

    if not services.engine_available():
        pytest.skip("hints need the move engine")
    s = Session(Options(players="Ann,computer:expert", seed=1, hints=True))
    s.start()
    s.game.bag.tiles[:] = s.game.bag.tiles[:5]  # 5 tiles left (only for this test)
    out = s.handle_line("hint")
    assert out[-3] == "Ranked by equity, the bag nearly empty.", out  # then how to type it back


def test_a_count_word_at_a_name_question_is_refused_as_a_number():
    # "two" at player 2's name (the answer to "two players, or one?" typed
    # once more): "two plays."
    s, said = _set_up("", "Ann", "two")
    assert joined(said[2]) == "'two' is a number, not a name; type a name, like Alice, or back."
    assert [seat.name for seat in s.setup.players] == ["Ann"]
