"""Issue 11's findings, found when the game was tried as a new blind user
would: each test failed before its fix. Driven through the console's
public front, as a player's lines reach it."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.helptext import help_entries, tutorial_steps
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.play import Play, PlacedTile
from audio_scrabble.core.scoring import score_play
from audio_scrabble.core.board import Board
from audio_scrabble.presentation import phrases


def _passers(level, lexicon, seed):
    return lambda game, i: services.ComputerMove("pass")


def _unfinished_game(tmp_path):
    """A saved, unfinished game: its store."""
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(players="Alice,Bob", rules="house", seed=3), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("quit")
    assert s.handle_line("yes")[0].startswith("Goodbye")
    return store


def test_ctrl_c_at_the_resume_question_keeps_the_question_and_the_session_works(tmp_path):
    """Finding 1: Ctrl-C at "Resume it?" left a session whose every later
    command said "Something went wrong inside the game (AssertionError)"."""
    store = _unfinished_game(tmp_path)
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=store)
    assert s.start()[-1] == "Resume it? Type yes or no."
    assert s.interrupt() == ["Type yes to resume that game, or no for a new one."]
    assert s.prompt_text() == "resume> "
    for line in ("help", "scores", "yes", "rack", "scores"):
        out = s.handle_line(line)
        assert not any("went wrong" in x for x in out), (line, out)
    assert s.game is not None and s.game.turn >= 1 and s.last_error is None


def test_ctrl_c_at_the_setup_clears_the_line_and_keeps_the_question():
    s = Session(Options(), lexicon=services.WordSet(["QI"]))
    question = s.start()[-1]
    assert s.interrupt() == ["Line cleared."]
    assert s.handle_line("2")[-1] != question and s.last_error is None


@pytest.mark.parametrize("topic, words", [
    ("blank", "any letter"), ("end", "bag is empty"), ("speech", "screen"),
    ("challenge", "goes out"), ("level", "beginner"),
])
def test_help_explains_rules_questions(topic, words):
    """Finding 3: help could not say what a blank is, how challenges and the end work."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    out = s.handle_line(f"help {topic}")
    assert not out[0].startswith("There is no help"), out
    assert words in " ".join(out)
    assert all(len(x) <= 40 for x in out), out


def test_the_tutorial_walks_a_first_game_step_by_step():
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    steps = tutorial_steps()
    assert len(steps) >= 5
    first = s.handle_line("tutorial")
    assert first[0] == "Step 1: the board." and first[-1] == "Type tutorial 2 for step 2."
    last = s.handle_line(f"tutorial {len(steps)}")
    assert last[-1] == "The end of the tutorial."
    assert s.handle_line("tutorial 99")[0].startswith("The tutorial has steps 1 to")
    for n in range(1, len(steps) + 1):
        assert all(len(x) <= 40 for x in s.handle_line(f"tutorial {n}"))
    # also before the game, at a set-up question
    fresh = Session(Options(), lexicon=services.WordSet(["QI"]))
    question = fresh.start()[-1]
    out = fresh.handle_line("tutorial")
    assert out[0] == "Step 1: the board." and out[-1] == question


def test_help_says_a_summary_sentence_whole_before_the_usages():
    """Finding 4: a summary broken over two lines had "Type X." land inside it."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    for key, entry in help_entries().items():
        out = s.handle_line(f"help {key}")
        typed = [n for n, line in enumerate(out) if line.startswith("Type ")]
        if not typed:
            continue
        before = out[: typed[0]]
        assert before and before[-1].endswith((".", "?", "!")), (key, out)
    assert s.handle_line("help words")[:3] == [
        "Every word on the board, where it", "starts and which way it runs.", "Type words."]


def test_the_level_question_help_names_the_levels_not_computer():
    """Finding 12: help at the level question said "Type computer."."""
    s = Session(Options(), lexicon=services.WordSet(["QI"]), computer_factory=_passers)
    s.start()
    for answer in ("2", "Alice"):
        s.handle_line(answer)
    s.handle_line("computer")
    out = s.handle_line("help")
    assert "Type beginner." in out and "Type expert." in out and "Type computer." not in out


def test_the_words_label_stays_when_the_words_run_past_a_line():
    """Finding 9: "Words:" was dropped when the list ran past 40 characters."""
    board = Board()
    for col, letter in enumerate("COUNTERPOISE"):  # row 8, from A8
        board.put(Square(7, col), letter)
    # ZA down from B7 hooks... a row of tiles under COUNTERPOISE forms long words
    play = Play.of([PlacedTile(Square(8, c), letter, False) for c, letter in zip(range(2, 9), "NAMESAK")], "across")
    breakdown = score_play(board, play)
    assert len(breakdown.words) > 3
    lines = phrases.breakdown_lines(breakdown, phrases.Style())
    assert len(lines) > 1 and lines[0].startswith("Words: "), lines
    assert all(len(x) <= 40 for x in lines)


def test_set_braille_alone_says_it_takes_any_width_from_14_to_80():
    """Finding 10: set braille listed five widths as if they were the only ones."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    out = s.handle_line("set braille")
    assert out == ["set braille takes 14 to 80 cells,", "like set braille 40; or set braille off."]
    assert s.handle_line("set braille 27") == ["Braille mode on: every line", "fits 27 cells."]
