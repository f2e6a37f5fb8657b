"""What a blind newcomer tripped on in the sixth round of playthroughs,
the ones the fifth left (tests/console/test_newcomer_fifth.py): at 20
cells a word alone on the last line after a name or a clause
("Expert computer" / "joins.", "Tom and Jerry's" / "turn.", "Not played;
the turn" / "is still yours."); "Game put away: Ann and Expert
computer." said between the opening draw and the turn; the record's
name at the game's end split inside a player's name at 40 cells; the
tutorial's "Type tutorial 2 for step 2." where next goes on; a damaged
save's reason no longer said, and no way to ask for it. And found in a
whole game in tmux against the expert at 40 cells: a turn's number
typed alone at the review> prompt refused as not a command; "play 1"
just after a hint answered without the hint's play; an exchange with
the bag empty told to "Exchange fewer". Each is checked through the console's
own paths (a session driven line by line, as over piped input) or the
layout the lines go through."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

from newcomer_kit import damaged_start, over, passers  # type: ignore[import-not-found]


# ---------------------------------------------------------------- 1. at 20 cells: no word alone at the end
def test_at_20_cells_a_computer_joins_without_a_word_alone():
    from audio_scrabble.presentation import layout, prompts_settings

    line = prompts_settings.joins("Expert computer")
    assert layout.wrap(line, 20, names=("Expert computer",)) == ["Expert computer", "joins the game."]
    s = Session(Options(seed=2, braille_width=20), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    said = [s.handle_line(a) for a in ("2", "Ann", "computer:expert")]
    assert said[-1][:2] == ["Expert computer", "joins the game."], said
    assert "joins." not in said[-1], said


def test_at_20_cells_a_long_names_turn_has_no_word_alone():
    s = Session(Options(players="Tom,Tom and Jerry", seed=2, braille_width=20), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    out = s.handle_line("")
    assert out[:2] == ["Tom and Jerry's turn", "to play."], out
    assert "turn." not in out, out
    # at 40 cells the turn is said as ever
    s = Session(Options(players="Tom,Tom and Jerry", seed=2, braille_width=40), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    assert s.handle_line("")[0] == "Tom and Jerry's turn.", out


def test_at_20_cells_not_played_keeps_its_clause_whole():
    from audio_scrabble.presentation import layout, prompts

    assert layout.wrap(prompts.NOT_PLAYED, 20) == ["Not played;", "still your turn."]
    assert len(prompts.NOT_PLAYED) <= 40


# ---------------------------------------------------------------- 2. the game put away, said before the new one's draw
def test_the_game_put_away_is_said_before_the_new_games_draw(tmp_path):
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    s = Session(Options(seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    for answer in ("no", "2", "Ann", "computer:expert"):
        s.handle_line(answer)
    out = s.handle_line("")  # house rules: the game begins
    away = out.index("Game put away: Ann and Expert computer.")
    draw = next(i for i, x in enumerate(out) if " drew " in x)
    assert away < draw, out  # said first, where the old game is left, not between the draw and the turn
    assert out[draw + 1:draw + 3] == ["You play first.", "Your turn."], out


# ---------------------------------------------------------------- 3. the record's name at the game's end
def test_the_records_name_is_broken_after_its_date_not_inside_a_name(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.presentation import layout

    s = Session(Options(players="Ann,computer:expert", seed=3, braille_width=40), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    s.handle_line("pass")
    out = s.handle_line("pass")  # every player passed twice: the game is over
    at = out.index("Game record saved:")
    assert out[at + 1].endswith("-") and out[at + 1][:4].isdigit(), out  # the date and time it began
    assert out[at + 2] == "Ann-v-Expert_computer.gcg", out  # the players and the extension whole
    assert all(len(x) <= 40 for x in out), out
    # at 20 cells too the date comes first, alone
    assert layout.wrap("2026-11-28-053033-Ann-v-Expert_computer.gcg", 20)[0] == "2026-11-28-053033-"


# ---------------------------------------------------------------- 4. the tutorial's way on is next, where next works
def test_the_tutorial_says_next_where_next_goes_on():
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    assert s.handle_line("tutorial")[-1] == "Type next for step 2."
    out = s.handle_line("next")
    assert out[0] == "Step 2: your rack." and out[-1] == "Type next for step 3.", out
    fresh = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    question = fresh.start()[-2:]
    out = fresh.handle_line("tutorial")
    assert out[-3:] == ["Type next for step 2.", *question], out
    assert fresh.handle_line("next")[0] == "Step 2: your rack."


def test_after_the_game_the_tutorial_names_its_step_as_next_reviews_there(tmp_path):
    s = over(tmp_path)
    assert s.handle_line("tutorial")[-1] == "Type tutorial 2 for step 2."


# ---------------------------------------------------------------- 5. why a save was set aside, asked for
def test_aside_says_the_file_a_damaged_save_went_to_and_why(tmp_path):
    s, out = damaged_start(tmp_path)
    assert out[1:4] == ["Last save damaged;", "the save before it is offered instead;", "aside says why."], out
    question = out[-1]
    said = s.handle_line("aside")
    aside = [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and said[0] == aside[0] + ":", said  # the file first, whole on its line
    assert "not valid JSON" in " ".join(said) and said[-1] == question, said  # why; the question stays open
    assert s.handle_line("why") == said and s.question is not None
    assert all(len(x) <= 40 for x in said)


def test_aside_with_nothing_set_aside_says_so_in_one_line(tmp_path):
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    assert s.handle_line("aside") == ["No save set aside since you started."]


def test_help_names_aside():
    s = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    s.start()
    out = s.handle_line("help aside")
    assert out[0] == "Why a save was set aside: its file," and all(len(x) <= 40 for x in out), out


# ---------------------------------------------------------------- found in tmux: a number alone at the review
def test_a_turns_number_alone_at_the_review_goes_to_that_turn(tmp_path):
    s = over(tmp_path)
    s.handle_line("review")
    assert s.handle_line("3") == s.handle_line("review 3"), s.handle_line("3")
    assert s.handle_line("3")[0].startswith("Turn 3,"), s.handle_line("3")
    assert s.handle_line("99") == s.handle_line("review 99")  # out of range: the turns there are


# ---------------------------------------------------------------- found in tmux: play 1 just after a hint
def test_play_1_after_a_hint_says_the_hints_play_as_typed():
    from console_kit import snapshot

    s = Session(Options(players="Ann,Bob", seed=11), lexicon=services.WordSet(["MILIEU", "LIMN", "LINE", "MINE"]))
    s.start()
    s.handle_line("")
    s.handle_line("set hints on")
    hint = s.handle_line("hint")
    first = hint[1]  # "1. MILIEU, D8 across,"
    assert first.startswith("1. "), hint
    before = snapshot(s)
    out = s.handle_line("play 1")
    notation = s.coach.hinted_play(1)
    assert notation is not None and notation.split()[-1] in first, (notation, hint)
    assert " ".join(out) == f"'1' is a number; for hint 1, type play {notation}.", out
    assert snapshot(s) == before  # nothing played
    s.handle_line(f"play {notation}")  # typed as said, it plays
    assert snapshot(s) != before
    s.handle_line("")  # Bob's hand-over
    out = s.handle_line("play 1")  # another position: the hint no longer stands
    assert out[0].startswith("'1' is a number, not a word"), out


def test_play_with_a_number_no_hint_could_have_is_refused_not_an_error():
    """A number alone that is no hint's: 5,000 digits, or a digit of
    another script (str.isdigit takes both, int() refuses them), is
    refused as a number, nothing played (the fuzz test found the first)."""
    from console_kit import snapshot

    s = Session(Options(players="Ann,Bob", seed=11), lexicon=services.WordSet(["MILIEU", "LIMN", "LINE", "MINE"]))
    s.start()
    s.handle_line("")
    s.handle_line("set hints on")
    s.handle_line("hint")
    before = snapshot(s)
    for typed in ("9" * 5000, "\u00b2"):
        out = s.handle_line(f"play {typed}")
        assert " ".join(out).endswith("is a number, not a word; type play, a word, its square and way, like play TRAIN from D8 across."), out
        assert snapshot(s) == before


# ---------------------------------------------------------------- found in tmux: an exchange with the bag empty
def test_an_exchange_with_the_bag_empty_is_not_told_to_exchange_fewer():
    from console_kit import snapshot

    s = Session(Options(players="Ann,Bob", seed=11), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    s.game.bag.draw(len(s.game.bag))  # the end game: every tile drawn
    before = snapshot(s)
    tile = s.game.current_player.rack[0]
    out = s.handle_line(f"exchange {tile}")
    assert " ".join(out) == "The bag is empty, so no tiles can be exchanged; play or pass.", out
    assert snapshot(s) == before
