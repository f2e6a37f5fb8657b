"""What a blind newcomer tripped on in the fifth round of playthroughs,
the ones the fourth left (tests/console/test_newcomer_fourth.py): the
chance to challenge said after the rack; at 20 cells a count parted
from its noun ("Searched 4" / "turns deep."), "challenge" / "it:", two
players parted before "and", "Tom" and "Tom and Jerry" both prompted
"Tom> "; a blank said three ways; next refused at a set-up question;
the damaged-save sentences long. And new ones, found playing whole
games in tmux at 20 and 40 cells: a list of tiles parted from its verb
("You put" / "back C, F and H."), save said in seven lines, joined names
asked about though one already plays, "play 1" refused in notation
terms, a computer's name from another game parted in the games list,
"played" alone before a word and its blank, "all seven tiles" parted.
Each is checked through the console's own paths (a session driven line
by line, as over piped input) or the layout the lines go through."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import AcceptAll, joined, passers, seed_where


# ---------------------------------------------------------------- the chance to challenge, before the rack
def test_after_the_computers_play_the_challenge_chance_comes_before_the_rack():
    # "MOPOKE (blank O), H8 across, 36." / "You 0, Club computer 36." /
    # "Type play, ..." / "Rack: C D A F R I E." / "You may challenge it:
    # type challenge.": the chance to challenge heard last, after the rack
    import pytest

    if not services.engine_available():
        pytest.skip("the club computer needs the move engine")
    s = Session(Options(players="Ann,computer:club", seed=7))
    out = s.start()
    at = out.index("To challenge it, type challenge.")
    assert out[at - 1] == "H8 across, 36.", out  # right after the play (newcomer 8: before the scores)
    assert out[at + 1].startswith("You 0, Club computer"), out
    assert out[-1].startswith("Rack: "), out  # the rack last, where the display shows it


def test_after_a_bingo_at_a_shared_computer_the_challenge_chance_comes_first():
    # "Bob's turn." / "Bob, your rack: ..." / "You may challenge Ann's play:" / "type challenge before you play."
    from audio_scrabble.core.tiles import BLANK

    seed = seed_where(lambda g: BLANK not in g.current_player.rack)
    s = Session(Options(players="Ann,Bob", seed=seed), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    out = s.handle_line(f"play 8H {''.join(s.game.current_player.rack)}")
    assert any("50 bonus" in x for x in out), out
    out = s.handle_line("")
    assert out[:3] == ["Bob's turn.", "You may challenge Ann's play:", "type challenge before you play."], out
    assert out[-1].startswith("Bob, your rack:"), out


# ---------------------------------------------------------------- 1. at 20 cells: what is read together
def test_at_20_cells_a_count_stays_with_its_noun():
    # the review of an end-game turn: "Searched 4" / "turns deep."
    from audio_scrabble.presentation import layout

    assert layout.wrap("Searched 4 turns deep.", 20) == ["Searched", "4 turns deep."]
    assert layout.wrap("Searched 12 turns deep.", 14) == ["Searched", "12 turns deep."]
    assert layout.wrap("Ranked by end-game search, 4 turns deep.", 20)[-1] == "4 turns deep."
    # a number that ends a name counts nothing: the name is what is kept
    assert "Club computer 2" in layout.wrap("Scores: Club computer 2 drew O, Ann 12.", 20,
                                             names=("Club computer 2", "Ann"))


def test_at_20_cells_challenge_it_stays_together():
    # "You may challenge" / "it: type challenge.": "it:" alone at a line's start
    from audio_scrabble.presentation import layout

    assert layout.wrap("You may challenge it: type challenge.", 20) == ["You may", "challenge it:", "type challenge."]
    assert layout.wrap("You may challenge it.", 20) == ["You may", "challenge it."]


def test_at_20_cells_the_games_list_parts_two_players_after_and():
    # "1. Ann" / "and Expert computer,": the first line read alone is Ann's game
    from audio_scrabble.presentation import layout

    out = layout.wrap("1. Ann and Expert computer, in play, 28 Nov 2026:", 20, names=("Ann", "Expert computer"))
    assert out[:2] == ["1. Ann and", "Expert computer,"], out


def test_at_20_cells_the_games_list_against_the_computer_as_the_console_says_it(tmp_path):
    from audio_scrabble.persistence.store import SaveStore

    s = Session(Options(players="Ann,computer:expert", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    out = s.handle_line("games")
    assert "1. In play: Ann and" in out and "Expert computer," in out, out
    assert not any(x.startswith("and ") for x in out), out


def test_players_whose_prompts_a_narrow_display_would_cut_alike_are_told_apart():
    # "Tom" and "Tom and Jerry" at 20 cells: both prompted "Tom> "
    for cells, theirs in ((20, "Tom & Jerry> "), (14, "Tom J> ")):
        s = Session(Options(players="Tom,Tom and Jerry", seed=2, braille_width=cells), lexicon=services.WordSet(["QI"]))
        s.start()
        assert s.game.current == 0 and s.prompt_text() == "Tom> "
        s.handle_line("")
        s.handle_line("pass")
        assert s.game.current == 1 and s.prompt_text() == theirs, cells
    from audio_scrabble.presentation import layout

    # two names cut alike: each keeps the first letter of what it drops
    assert layout.fit_prompt("Tom Smith> ", None, 14, others=["Tom Jones> "]) == "Tom S> "
    assert layout.fit_prompt("Tom Jones> ", None, 14, others=["Tom Smith> "]) == "Tom J> "
    assert layout.fit_prompt("Bartholomew Jones> ", None, 20, others=["Ann> "]) == "Bartholomew> "


# ---------------------------------------------------------------- 3. next at a set-up question
def _set_up(*answers: str, **opts) -> tuple[Session, list[list[str]]]:
    s = Session(Options(seed=2, **opts), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    return s, [s.handle_line(a) for a in answers]


def test_next_at_a_set_up_question_answers_as_enter_does():
    # "'next' is not 2, 3 or 4;" / "type how many are playing."; at a name, "next plays."
    s, said = _set_up("next")
    assert said[0][0] == "2 players.", said
    s, said = _set_up("next", "next")
    assert joined(said[1]) == "Type a name, like Alice, or computer.", said  # no default: what to type
    assert s.setup.players == [] and s.setup.asking == "name"
    s, said = _set_up("", "Ann", "computer", "next", "next")
    assert said[3][0] == "Beginner computer joins the game.", said
    assert s.game is not None and s.game.names == ("Ann", "Beginner computer")


def test_next_at_a_set_up_question_goes_on_with_the_tutorial_heard_there():
    s, said = _set_up("", "tutorial", "next")
    assert said[2][0] == "Step 2: your rack.", said
    assert said[2][-1] == "Type computer for a computer opponent.", said  # the question still open
    assert s.setup.players == []


def test_next_is_never_a_name():
    from audio_scrabble.console.asking.setup import parse_seat
    import pytest
    from audio_scrabble.errors import NotationError

    with pytest.raises(NotationError):
        parse_seat("Next", [])


# ---------------------------------------------------------------- 2. a blank, said one way
def test_a_blank_is_said_one_way_wherever_a_play_or_a_square_says_it():
    # "GAMMIER (blank G)" in the announcement, "blanks A and C, E11 across"
    # when the word and its blanks did not fit beside who played it, "B8,
    # G, a blank." at the square, "(blanks S, E)" in a hint: now "blank G"
    # everywhere, in brackets after a word, "and" between two
    from audio_scrabble.core.board import Square
    from audio_scrabble.core.tiles import BLANK
    from audio_scrabble.presentation import phrases

    seed = seed_where(lambda g: BLANK in g.current_player.rack and any(t != BLANK for t in g.current_player.rack))
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    first = next(t for t in s.game.current_player.rack if t != BLANK)
    out = s.handle_line(f"play 8H {first}q")
    assert joined(out).startswith(f"Alice played {first}Q (blank Q), H8 across,"), out
    assert s.game.board[Square(7, 8)] == "q"
    assert s.handle_line("I8") == ["I8, blank Q."]
    assert f"{first}Q (blank Q), H8 across." in s.handle_line("words")
    assert f"{first}Q (blank Q)," in joined(s.handle_line("history"))
    # the word, the square and a premium line agree
    assert phrases.word_text("bOAt") == "BOAT (blanks B and T)"
    assert phrases.tile_phrase("t") == "blank T"
    assert phrases.played_lines("Expert computer", "aNIMALIc", "E11 across", 74, None, phrases.Style()) == [
        "Expert computer played", "ANIMALIC (blanks A and C),", "E11 across, 74."]


def test_a_play_said_with_two_blanks_is_typed_back_as_said():
    # "play QUIZ (blanks Q and Z), 8H across": the hint's words typed back
    from audio_scrabble.core.board import Square

    s = Session(Options(players="Alice,Bob", position="15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ??UIABC/ 0/0 0"),
                lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    out = s.handle_line("play QUIZ (blanks Q and Z), 8H across")
    assert joined(out).startswith("Alice played QUIZ (blanks Q and Z), H8 across,"), out
    assert s.game.board[Square(7, 7)] == "q" and s.game.board[Square(7, 10)] == "z"


# ---------------------------------------------------------------- 4. a damaged save, said short
def _a_game_saved(folder, cut: bool = True):
    from audio_scrabble.persistence.store import SaveStore

    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(folder))
    s.start()
    for line in ("", "pass", "", "pass"):
        s.handle_line(line)
    s.store.release()
    current = folder / "current.json"
    current.write_text(current.read_text()[:200])  # cut short


def test_a_damaged_save_is_said_short_what_happened_and_what_now_first(tmp_path):
    # "The last save could not be used because" / "it is cut short" / "or
    # damaged (it is not valid JSON);" / "it was kept as" /
    # "current.damaged-20261128T044322.json," / "and the save before it is
    # offered" / "instead.": seven lines before the game was offered
    from audio_scrabble.persistence.store import SaveStore

    _a_game_saved(tmp_path)
    s = Session(Options(seed=4), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    out = s.start()
    assert out[1:5] == ["Last save damaged;", "the save before it is offered instead;", "aside says why.",
                        "An unfinished game of Ann and Bob:"]
    assert not any("json" in x or "JSON" in x for x in out), out
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]  # kept, never lost
    s.store.release()
    # neither save usable: a new game, said so, then its first question
    (tmp_path / "current.json").write_text("{}")
    (tmp_path / "current.prev.json").write_text("x")
    out = Session(Options(seed=4, braille_width=20), lexicon=services.WordSet(["QI"]),
                  store=SaveStore(tmp_path)).start()
    assert out[3:7] == ["Both saves damaged;", "a new game starts;", "aside says why.", "How many players,"], out


def test_the_stores_sentence_still_says_where_the_file_went_and_why(tmp_path):
    import pytest
    from audio_scrabble.persistence.savefile import SaveFileDamaged
    from audio_scrabble.persistence.store import SaveStore

    _a_game_saved(tmp_path)
    (tmp_path / "current.prev.json").unlink()
    with pytest.raises(SaveFileDamaged) as e:
        SaveStore(tmp_path).load()
    message = str(e.value)
    assert message.startswith("Last save damaged; no earlier save, so a new game starts (kept as current.damaged-")
    assert "not valid JSON" in message


# ---------------------------------------------------------------- played in tmux at 20 cells
def test_at_20_cells_a_list_of_tiles_starts_its_own_line_after_its_verb():
    # exchange: "You put" / "back C, F and H.": the verb parted to keep "back C"
    from audio_scrabble.presentation import layout

    assert layout.wrap("You put back C, F and H.", 20) == ["You put back", "C, F and H."]
    assert layout.wrap("You drew N, V and Q.", 14) == ["You drew", "N, V and Q."]
    assert layout.wrap("Alice drew R, Bob drew A.", 20) == ["Alice drew R,", "Bob drew A."]  # one tile: as before


def test_save_says_first_that_the_game_is_already_saved():
    # "There is no need" / "to save:" / "the game saves" / "itself after" /
    # "every move," / "and quit leaves it" / "for the next start.": 7 lines at 20 cells
    s = Session(Options(players="Ann,Bob", seed=2, braille_width=20), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    out = s.handle_line("save")
    assert out == ["Already saved,", "after every move;", "quit keeps the game."], out


def test_names_joined_one_of_which_already_plays_are_one_name_not_asked_about():
    # after "Tom": "Tom and Jerry" asked "Two players, Tom and Jerry, or one
    # called Tom and Jerry?", though two would seat Tom twice
    s, said = _set_up("", "Tom", "Tom and Jerry")
    assert said[2][0] == "Tom and Jerry plays.", said
    assert [seat.name for seat in s.setup.players] == ["Tom", "Tom and Jerry"]


def test_play_and_a_number_alone_says_what_a_play_needs():
    # "play 1" after a hint: "'1' in 1 is not a letter; write letters," /
    # "lower case for a blank, and ." / "or ( ) for board letters."
    s = Session(Options(players="Ann,Bob", seed=2), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    before = list(s.game.actions)
    assert joined(s.handle_line("play 1")) == "'1' is a number, not a word; type play, a word, its square and way, like play TRAIN from D8 across."
    assert joined(s.handle_line("check 2")).startswith("'2' is a number, not a word; type check,")
    assert s.game.actions == before


def test_at_20_cells_the_games_list_keeps_a_computers_name_whole_from_another_game(tmp_path):
    # games, in a game of Tom and Tom and Jerry: "1. Ann and Expert" /
    # "computer, put away,": the other game's computer parted
    from audio_scrabble.persistence.store import SaveStore

    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.store.release()
    s = Session(Options(players="Tom,Bob", seed=4, braille_width=20), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path))
    s.start()
    out = s.handle_line("games")
    assert not any(x.endswith("Expert") for x in out), out
    assert any(x.startswith("Expert computer") for x in out), out


def test_at_20_cells_a_verb_is_not_left_alone_before_a_word_and_its_blank():
    # "Expert computer" / "played" / "GLOTTAL (blank L)," / "H7 across, 62."
    from audio_scrabble.presentation import layout

    out = layout.wrap("Expert computer played GLOTTAL (blank L), H7 across, 62.", 20, names=("Expert computer",))
    assert "played" not in out and all(len(x.split()) > 1 for x in out), out
    assert layout.wrap("Words: DAUD 7, DZO 13, URE (blank E) 3, DEF 7.", 20)[2] == "URE (blank E) 3,"  # as before


def test_at_20_cells_a_hints_bingo_keeps_all_seven_tiles_together():
    # "88 points with all" / "seven tiles;"
    from audio_scrabble.presentation import layout

    out = layout.wrap("1. GAMMIER (blank G), B8 across, 76 points with all seven tiles; keeps nothing.", 20)
    assert "all seven tiles;" in out, out
