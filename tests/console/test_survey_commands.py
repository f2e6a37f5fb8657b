"""The board survey at the console (issue 11): ``spots``, ``around``,
``fit``, ``set aids``, the survey and quick keys, and ``--position``.

Done when: a blind player who has never seen the board finds the three
best premium spots of a mid-game position with one command, and places a
word they thought of with two (``fit``, then ``play``). These tests drive
that through the session front, through the real prompt (prompt_toolkit
pipe input), and through the real program (piped and in a tmux terminal).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.handlers.commands import complete
from audio_scrabble.console.review import ReviewSession
from audio_scrabble.console.session import Options, Session
from audio_scrabble.console.start import options_from
from audio_scrabble.core.board import Square
from audio_scrabble.engine.movegen import MoveGenerator
from audio_scrabble.engine.survey import hot_spots
from audio_scrabble.notation.gcg import record_from_game
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation.phrases import premium_phrase

from console_kit import WORDS, joined as joined_console
from refusal_corpus import joined

REPO = Path(__file__).resolve().parents[2]

#: a mid-game position (six turns of two club computers): the player to
#: move holds OABGACE and trails 120 to 210; the other rack is unknown
MID = ("7T7/5VIRAGO4/7I7/7A7/4PEAZING4/2CLEF1I7/7N7/3MILIEU6/4N10/4S10/4A10/4N10/4E10/4L10/4Y10 "
       "OABGACE/ 120/210 0")
WINDY = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


def position_session(lexicon, cgp: str = MID, **options) -> tuple[Session, list[str]]:
    s = Session(Options(position=cgp, seed=9, **options), lexicon=lexicon)
    return s, s.start()


# ---------------------------------------------------------------- done when
def test_three_best_spots_with_one_command_then_fit_and_play_a_word(lexicon):
    s, opening = position_session(lexicon)
    # no draw for first: the position's scores, then the player's turn and rack
    assert "Position: You 120, Club computer 210." in opening
    # issue 23: the first turn of a position points to spots and help
    assert opening[-4:] == ["Your turn.", "Type spots for where a word can go,", "or help for more.",
                            "Rack: O A B G A C E."]
    assert s.game.history == [] and s.game.current == 0

    # one command: the three best premium spots, each with how to reach it
    out = s.handle_line("spots")
    best = hot_spots(s.board, 7, rack=list("OABGACE"), lexicon=lexicon)  # most worth first for the rack
    assert out[0] == f"{len(best)} hot spots, best 3:"
    named = [m.group(1) for line in out if (m := re.match(r"([A-O]\d{1,2}), ([a-z ]+):", line))]
    assert named == [spot.square.name for spot in best[:3]]
    # issue 23: one of the three holds a premium of one of the three best plays
    top = MoveGenerator(lexicon).generate(s.board, list("OABGACE"))[:3]
    assert {spot.square for spot in best[:3]} & {t.square for m in top for t in m.play.tiles}
    for spot in best[:3]:
        assert any(line.startswith(f"{spot.square.name}, {premium_phrase(spot.premium)}:") for line in out)
    assert all(len(line) <= 40 for line in out)

    # a word the player thought of: where it fits, best first, as the move generator scores it
    fit = s.handle_line("fit CAGEY")
    assert fit[0] == "CAGEY: 1 place."
    square, direction, points = re.match(r"([A-O]\d+) (across|down), (\d+) points", fit[1]).groups()
    engine_best = max(m.score for m in MoveGenerator(lexicon).generate(s.board, list("OABGACE"))
                      if m.word == "CAGEY")
    assert int(points) == engine_best == 36
    assert "three bars" in fit[1]

    # two: play it from the square fit named
    before = s.game.scores()[0]
    played = s.handle_line(f"play CAGEY from {square} {direction}")
    assert played[0] == "You played CAGEY, A15 across, 36.", played  # issue 23: one form
    assert s.game.history[0].score == 36 and s.game.history[0].total == before + 36


def test_a_position_from_a_file_and_its_challenge_rule(lexicon, tmp_path):
    f = tmp_path / "puzzle.cgp"
    f.write_text("# practice\n" + WINDY.replace(" lex NWL20;", " cr double;") + "\n", encoding="utf-8")
    s, opening = position_session(lexicon, str(f), players="Ann,Bob")
    assert s.game.rules.name == "double"
    assert "Position: Ann 0, Bob 32." in opening
    assert s.game.board.rows_text()[7] == "...WINDY......."
    # --rules wins over the position's rule
    s2, _ = position_session(lexicon, str(f), players="Ann,Bob", rules="house")
    assert s2.game.rules.name == "house"


def test_a_bad_position_is_said_and_the_questions_follow(lexicon):
    s, out = position_session(lexicon, "15/15 AB/ 0/0 0")
    assert any("15 rows" in line or "row" in line.lower() for line in out), out
    assert s.game is None and "How many players, 2 to 4?" in out
    s, out = position_session(lexicon, WINDY, players="Ann,Bob,Cal")
    k = out.index("House rules (RNIB leaflet).")  # the players named are seated, the rules said
    assert joined(out[1:k]) == "The position has 2 racks; name 2 players, the one to move first.", out


def test_a_position_game_is_saved_resumed_and_puts_an_unfinished_game_away(lexicon, tmp_path):
    store = tmp_path / "saves"
    s = Session(Options(position=WINDY, seed=2), lexicon=lexicon, store=SaveStore(store))
    s.start()
    s.handle_line("play GLIDE from G5 down")
    rows = s.board.rows_text()
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(), lexicon=lexicon, store=SaveStore(store))
    assert again.start()[-1] == "Resume it? Type yes or no."
    resumed = again.handle_line("yes")
    assert resumed[0] == "Resumed. House rules (RNIB leaflet)."
    assert again.board.rows_text() == rows and again.game.start is not None
    # a new position puts the unfinished game away, saying so, and starts at once
    third = Session(Options(position=WINDY, seed=5), lexicon=lexicon, store=SaveStore(store))
    opening = third.start()
    assert "Game put away: You and Club computer." in opening
    # issue 23: the first turn of a position points to spots and help
    assert opening[-4:] == ["Your turn.", "Type spots for where a word can go,", "or help for more.",
                            "Rack: A D E E G I L."]
    # new, after a game from a position: an ordinary game, with the draw for first
    third.handle_line("new")
    assert any(" drew " in line for line in third.handle_line("yes"))
    assert third.game.start is None


# ---------------------------------------------------------------- the commands
def test_around_the_empty_star_names_it_as_the_square_is_named():
    """Tester's finding: around on the empty star said "H8 star: up 7
    free", where the square itself is "H8, star."."""
    s = Session(Options(players="Ann,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    assert s.handle_line("square H8") == ["H8, star."]
    assert s.handle_line("around H8") == ["H8, star: up 7 free, down 7 free.", "Left 7 free, right 7 free."]


def test_spots_around_and_fit_answer_in_the_game(lexicon):
    s, _ = position_session(lexicon, WINDY, players="You,Bob")
    s.handle_line("")  # two people at one computer: the rack is heard at the hand-over
    assert s.handle_line("around H8") == ["H8, Y: up 7 free, down 7 free.", "Left D, right 7 free."]
    s.handle_line("goto D8")
    assert s.handle_line("around")[0] == "D8, W: up 7 free, down 7 free."
    assert s.handle_line("spots top")[0].startswith("17 hot spots in the top")
    assert joined(s.handle_line("spots bogus")) == "'bogus' is not an area; say top, left, top left, row 5 or column C."
    assert s.handle_line("fit GLIDE")[:2] == ["GLIDE: 2 places.", "G5 down, 9 points, two dots twice."]
    # every letter missing is named (the play test heard only the first, the Q)
    assert s.handle_line("fit QUIZ") == ["QUIZ: no Q, U or Z on rack or board."]
    assert s.handle_line("fit GAGE") == ["GAGE needs 2 Gs; your rack has 1."]
    assert s.handle_line("fit") == ["Name the word to fit, like fit QUIZ."]
    assert s.handle_line("fit GLIDE SLIDE") == ["Name one word to fit, like fit QUIZ."]
    assert complete(s, "spots t") == ["top"]
    help_out = s.handle_line("help")
    assert any(line.startswith("Survey: spots, around, fit") for line in help_out), help_out


def test_fit_uses_a_blank_on_the_rack_in_the_game_and_in_the_review(lexicon):
    """A rack holding a blank (``?``): fit puts it where the rack runs
    short (the C of CRIME, no C on the rack) or where the word asks for it
    (MaRE), in the game and in the review of the game, from the record's
    rack; a ``?`` typed in the word itself is refused with how to type a blank."""
    s = Session(Options(players="Alice,Bob", seed=2), lexicon=lexicon)
    s.start()
    s.handle_line("")
    assert s.game.current_player.rack == list("MR?MIEA")
    crime = s.handle_line("fit CRIME")
    assert crime[:3] == ["CRIME: 10 places.", "H8 across, 14 points, star, two dots,", "blank C."], crime
    mare = s.handle_line("fit MaRE")
    assert mare[:2] == ["MARE: 8 places.", "E8 across, 10 points, star, blank A."], mare
    assert s.handle_line("fit CR?ME") == ["No C on your rack or board for CR?ME."]  # ? is the one blank
    s.handle_line("pass")
    review = ReviewSession(record_from_game(s.game))
    review.start()
    assert review.handle_line("fit CRIME") == crime


def test_fit_takes_a_question_mark_for_a_blank_as_play_does(lexicon):
    """``fit M?RE``: the ``?`` is the rack's blank, its letter chosen when it
    is played, as ``play`` takes it. A blank scores 0 whatever it stands
    for, so the places are MaRE's (a blank typed as a letter), each naming
    its blank by square, no letter and no word suggested; the best is a
    play that ``play`` takes with the same ``?`` and scores alike."""
    s = Session(Options(players="Alice,Bob", seed=2), lexicon=lexicon)
    s.start()
    s.handle_line("")
    assert s.game.current_player.rack == list("MR?MIEA")
    said = s.handle_line("fit M?RE all")
    as_letter = s.handle_line("fit MaRE all")
    assert said[0] == as_letter[0].replace("MARE", "M?RE")
    assert len(said) == len(as_letter) > 2
    for line, other in zip(said[1:], as_letter[1:]):
        square, direction = re.match(r"([A-O]\d+) (across|down)", other).groups()
        blank_on = Square.parse(square).step(direction, 1).name
        assert line == other.replace("blank A.", f"blank on {blank_on}."), (line, other)
    assert not any(re.search(r"blank [A-Z]\b", x) for x in said), said
    # never more blanks than a word may hold, nor than the rack has
    assert joined(s.handle_line("fit M???")) == "A word has at most two blanks; type ? for each."
    assert s.handle_line("fit M??E") == ["Only 1 blank on your rack for M??E."]
    square, direction, points = re.match(r"([A-O]\d+) (across|down), (\d+) points", said[1]).groups()
    start = f"{square[1:]}{square[0]}" if direction == "across" else square
    assert s.handle_line(f"play {start} M?RE")[0].startswith("Which letter is the blank on")
    out = s.handle_line("o")
    i = out.index("Alice played MORE (blank O),")  # issue 23: one form, broken after the word
    assert out[i + 1] == f"{square} {direction}, {points}.", out


def test_fit_reads_only_the_rack_of_the_player_who_may_hear_it(lexicon):
    s, _ = position_session(lexicon, WINDY, players="You,Bob")
    # before the hand-over nobody's rack may be read: fit is refused as rack is
    assert s.handle_line("fit GLIDE") == s.handle_line("rack")
    assert "GLIDE" not in " ".join(s.handle_line("fit GLIDE"))


def test_set_aids_off_refuses_spots_fit_and_hot_spot_keys_and_is_saved(lexicon, tmp_path):
    store = SaveStore(tmp_path / "saves")
    s = Session(Options(position=WINDY, seed=2), lexicon=lexicon, store=store)
    s.start()
    assert s.handle_line("set aids off") == ["Aids off: no spots, fit or hot spots."]
    assert s.handle_line("spots") == ["Spots is off: set aids on to use it."]
    assert s.handle_line("fit GLIDE") == ["Fit is off: set aids on to use it."]
    assert s.key("next_hot_spot") == ["Hot-spot keys are off: set aids on."]
    assert s.key("spots") == ["Spots is off: set aids on to use it."]
    assert s.reader.cursor.square == Square(7, 7)
    # around and the word jumps are reading, not aids: they stay on
    assert s.key("around")[0] == "H8, Y: up 7 free, down 7 free."
    assert s.key("previous_word") == ["WINDY, D8 across."]
    assert "aids off." in s.handle_line("set")
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(saved_game="resume"), lexicon=lexicon, store=store)
    again.start()
    assert again.settings.aids is False
    assert again.handle_line("spots") == ["Spots is off: set aids on to use it."]
    assert again.handle_line("set aids on") == ["Aids on: spots and fit answer."]
    assert again.handle_line("spots")[0].endswith("best 3:")


def test_the_aids_option_on_the_command_line():
    from audio_scrabble.cli import build_parser

    args = build_parser().parse_args(["--aids", "off", "--position", WINDY])
    options = options_from(args)
    assert options.aids is False and options.position == WINDY
    assert Session(options).settings.aids is False
    assert Session(options_from(build_parser().parse_args([]))).settings.aids is True


# ---------------------------------------------------------------- keys
def test_survey_keys_jump_and_say_through_the_session(lexicon):
    s, _ = position_session(lexicon, WINDY, players="You,Bob")
    s.handle_line("")
    # issue 23: F7 walks the spots in the order spots says them, best first
    order = [line.split(",")[0] for line in s.handle_line("spots")[1:] if re.match(r"[A-O]\d+, ", line)]
    assert s.key("next_hot_spot") == ["G9, two dots: next to the D on G8."] and order[0] == "G9"
    assert s.reader.cursor.square == Square.parse("G9")
    assert s.key("next_hot_spot")[0].startswith(f"{order[1]}, two dots:")
    assert s.key("previous_hot_spot")[0].startswith("G9, two dots:")
    assert s.key("previous_word") == ["WINDY, D8 across."]
    assert s.reader.cursor.square == Square.parse("D8")
    # and goes round, as F8 does: before the first word, the last
    assert s.key("previous_word") == ["Back to the last word.", "WINDY, D8 across."]
    assert s.key("set_mark") == ["Mark on D8."]
    s.key("star")
    assert s.key("to_mark") == ["D8, W."] and s.reader.cursor.square == Square.parse("D8")
    # quick keys answer as the commands do, and F4 repeats them
    assert s.key("rack") == s.handle_line("rack")
    assert s.key("scores") == ["You 0, Bob 32."]
    assert s.key("square") == ["D8, W."]
    assert s.key("row")[0] == "Row 8:" and s.key("column")[0] == "Column D:"
    bag = s.key("bag")
    assert bag[0] == "81 tiles in the bag." and bag[1] == "88 tiles unseen:"
    assert s.key("repeat") == bag
    assert s.key("spots") == s.handle_line("spots")
    assert s.key("last") == s.handle_line("last")


def test_a_fresh_session_has_no_mark_and_a_new_game_forgets_it(lexicon):
    s, _ = position_session(lexicon, WINDY, players="You,Bob")
    assert joined(s.key("to_mark")) == "No mark yet: Alt-M marks the cursor's square."
    s.key("set_mark")
    s.reader.reset()
    assert s.reader.mark is None


def test_keys_through_the_real_prompt(lexicon):
    """F9 (spots), F7 and Shift-F7 (hot spots), F3 (around), Alt-R (rack),
    Alt-M and Alt-J (the mark), typed into the actual prompt_toolkit prompt."""
    f3, f7, shift_f7, f9 = "\x1bOR", "\x1b[18~", "\x1b[18;2~", "\x1b[20~"
    alt_r, alt_m, alt_j, right = "\x1br", "\x1bm", "\x1bj", "\x1b[C"
    s = Session(Options(position=WINDY, seed=4, players="You,Bob"), lexicon=lexicon)
    speaker = services.ListSpeaker()
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=io.StringIO())
        inp.send_text("\r" + f9 + f7 + shift_f7 + f3 + alt_m + right + alt_j + alt_r + "quit\ryes\r")
        assert app.run() == 0
    lines = speaker.lines
    assert "31 hot spots, best 3:" in lines  # F9
    # issue 23: F7 walks the spots best first, as F9 said them, and goes round
    assert lines[lines.index("empty row 9, A9 to N9.") + 1:] == [
        "G9, two dots: next to the D on G8.",  # F7: the best hot spot
        "Back to the last spot.", "I13, two dots: up column I,",  # Shift-F7: the one before, round
        "6 squares to I8, right of the Y.",
        "I13, two dots: up 12 free, down 2 free.", "Left 8 free, right 6 free.",  # F3: around the cursor
        "Mark on I13.", "J13.", "I13, two dots.",  # Alt-M, Right, Alt-J
        "Rack: A D E E G I L.",  # Alt-R
        "Leave the game? Type yes or no.", "Goodbye.",
    ]


# ---------------------------------------------------------------- the review
def test_spots_around_and_fit_in_the_review(lexicon):
    s = Session(Options(players="Alice,Bob", seed=4), lexicon=lexicon)
    s.start()
    s.handle_line("")
    assert s.game.current_player.rack == list("LIZSFEV")
    s.handle_line("play FIZ from F8 across")
    review = ReviewSession(record_from_game(s.game))
    review.start()
    # before the first move: the empty board, and the rack that faced it (the record shows it)
    first = review.handle_line("spots")
    assert first[:2] == ["5 hot spots, best 3:", "H8, star: the first word covers it."], first
    fives = review.handle_line("fit FIVES")
    assert fives[:2] == ["FIVES: 10 places.", "D8 across, 30 points, star, two dots."], fives
    assert joined(review.handle_line("rack")) == "No move yet; type next to hear the first."
    review.handle_line("next")
    assert review.handle_line("around G8") == ["G8, I: up 7 free, down 7 free.", "Left F, right Z."]
    assert joined(review.handle_line("fit GLIDE")) == "The record does not show the next rack; fit needs it."
    assert review.handle_line("set aids off") == ["Aids off: no spots, fit or hot spots."]
    assert review.handle_line("spots") == ["Spots is off: set aids on to use it."]
    assert review.key("next_hot_spot") == ["Hot-spot keys are off: set aids on."]
    assert review.key("around")
    assert review.key("scores") == review.handle_line("scores")
    assert review.key("last") == review.handle_line("move")
    assert "F7, Shift-F7: next, previous hot spot." in review.handle_line("help keys")


# ---------------------------------------------------------------- the real program
def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["AUDIO_SCRABBLE_DATA_DIR"] = str(tmp_path / "data")
    env["AUDIO_SCRABBLE_CACHE_DIR"] = str(tmp_path / "cache")
    env["NO_COLOR"] = "1"
    return env


def test_the_real_program_from_a_position_with_piped_lines(tmp_path):
    script = "spots\nfit CAGEY\nplay CAGEY from A15 across\nscores\nquit\nyes\n"
    done = subprocess.run([sys.executable, "-m", "audio_scrabble", "--position", MID, "--seed", "3"],
                          input=script.encode(), capture_output=True, env=_env(tmp_path), timeout=120)
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert "Position: You 120, Club computer 210." in out
    assert "Your turn." in out
    assert "hot spots, best 3:" in out
    assert "A15 across, 36 points, three bars," in out
    assert "You played CAGEY, A15 across, 36." in out
    assert "You 156" in out


def test_a_position_that_cannot_be_read_exits_2_with_the_sentence(tmp_path):
    done = subprocess.run([sys.executable, "-m", "audio_scrabble", "--position", str(tmp_path / "none.cgp")],
                          capture_output=True, env=_env(tmp_path), timeout=60)
    assert done.returncode == 2
    assert "cannot be read" in done.stderr.decode()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed, so the terminal cannot be driven")
def test_the_real_program_in_a_terminal_answers_f9_and_alt_r(tmp_path):
    from tmux_terminal import Terminal, _command

    env = {k: v for k, v in _env(tmp_path).items() if k in ("PYTHONPATH", "AUDIO_SCRABBLE_DATA_DIR",
                                                            "AUDIO_SCRABBLE_CACHE_DIR", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    t = Terminal(tmp_path, _command() + ["--position", MID, "--seed", "3", "--speech", "text"], env)
    try:
        t.wait_for("Your turn.")
        t.key("F9")
        t.wait_for("hot spots, best 3:")
        t.key("M-r")
        t.wait_for("Rack: O A B G A C E.", count=2)
        # after a board key the prompt keeps running, empty (not written again)
        t.type("fit CAGEY")
        t.wait_for("A15 across, 36 points, three bars,")
        t.wait_for_prompt()
        t.type("play CAGEY from A15 across")
        t.wait_for("You played CAGEY")
        t.wait_for_prompt()
        t.type("quit")
        t.wait_for_prompt()
        t.type("yes")
        t.wait_for("[exit status 0]")
    finally:
        t.close()


POSITION = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0"


@pytest.mark.parametrize("players", [None, "Ann,Bob"])
def test_a_position_start_points_to_spots_and_help(players):
    s = Session(Options(position=POSITION, players=players), lexicon=services.WordSet(WORDS))
    out = s.start()
    if players:
        out = s.handle_line("")
    at = next(i for i, x in enumerate(out) if x.endswith("turn."))
    pointer = joined_console(out[at + 1:])
    assert "spots" in pointer and "help" in pointer, out
    # said once, not every turn
    s.handle_line("pass")
    later = s.handle_line("") if players else s.handle_line("pass")
    assert "Type spots" not in joined_console(later), later
