"""``audio-scrabble review FILE.gcg``: stepping through real game records by ear.

The records are read from /work/shared/gcg (real club, tournament and
online games; never copied into the project). Every number the tests
expect is read from the record itself, independently of the review.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.presentation.braille_lines import is_cells_line
from audio_scrabble.console.review import (
    REVIEW_COMMANDS,
    ReviewApp,
    ReviewSession,
    complete,
    load_record,
    run_plain,
)
from audio_scrabble.errors import RecordError
from audio_scrabble.notation.gcg import GcgRecord, MoveKind, final_board, read_gcg
from refusal_corpus import joined

GCG_DIR = Path(os.environ.get("AUDIO_SCRABBLE_GCG_DIR", "/work/shared/gcg"))
ALL_RECORDS = sorted(GCG_DIR.glob("*.gcg")) if GCG_DIR.is_dir() else []
needs_records = pytest.mark.skipif(not ALL_RECORDS, reason=f"the shared game records are not in {GCG_DIR}")

RIGHT, DOWN = "\x1b[C", "\x1b[B"

#: lines that would mean the review failed inside, or blamed a good record
ERROR_MARKS = ("Something went wrong", "Traceback", "The rules give", "Note from the rules", "not a command")


def record_of(name: str) -> GcgRecord:
    path = GCG_DIR / name
    if not path.is_file():
        pytest.skip(f"{path} is not there")
    return read_gcg(path.read_bytes())


def session_of(name: str, **kw) -> ReviewSession:
    return ReviewSession(record_of(name), **kw)


def recorded_totals(record: GcgRecord) -> list[str]:
    """After each move line, every player's recorded total, said as the review says it."""
    totals = {p.nick: 0 for p in record.players}
    out = []
    for mv in record.moves:
        totals[mv.nick] = mv.total
        out.append(", ".join(f"{n} {t}" for n, t in totals.items()) + ".")
    return out


# ====================================================================== moving
@needs_records
def test_the_opening_says_players_moves_and_how_to_move():
    s = session_of("doug_v_emely.gcg")
    lines = s.start()
    assert lines[0] == "Game record: doug and emely."
    assert "28 moves." in lines
    text = " ".join(lines)
    for word in ("next", "back", "go to N", "first", "last", "Enter"):
        assert word in text
    assert s.position == 0 and s.prompt_text() == "start> "


@needs_records
def test_next_says_every_move_with_the_records_points_and_totals():
    record = record_of("doug_v_emely.gcg")
    s = ReviewSession(record)
    s.start()
    totals = recorded_totals(record)
    for k, mv in enumerate(record.moves, start=1):
        lines = s.handle_line("next")
        assert lines[0] == f"Move {k} of 28."
        assert totals[k - 1] in lines, (k, lines)
        if mv.kind is MoveKind.PLAY:
            assert any(line.endswith(f", {mv.score}.") for line in lines)  # issue 23: one form
        assert s.prompt_text() == f"move {k} of 28> "
    assert s.handle_line("next")[0] == "That was the last move, 28 of 28."
    assert s.position == 28


@needs_records
def test_move_three_is_said_like_the_scorekeeper():
    s = session_of("doug_v_emely.gcg")
    s.start()
    assert s.handle_line("go to 3") == [
        "Move 3 of 28.",
        "doug played JAVELIN, E3 down, 34.",  # issue 23: one form
        "doug 66, emely 16.",
    ]


@needs_records
def test_back_goto_first_last_and_a_bare_number():
    s = session_of("doug_v_emely.gcg")
    s.start()
    s.handle_line("go to 5")
    assert s.handle_line("back")[:2] == ["Move 4 of 28.", "emely played VOX, F2 down, 39."]
    assert s.handle_line("first")[:2] == ["Move 1 of 28.", "doug played WINDY, D8 across, 32."]
    assert s.handle_line("back")[0] == "Before the first move;"
    assert s.handle_line("back")[0] == "This is the start, before move 1."
    last = s.handle_line("last")
    assert last[:3] == ["Move 28 of 28.", "Game end: emely gains 14 points", "for O, P, E and G."]
    assert "doug 451, emely 345." in last and last[-1] == "End of the record."
    assert s.handle_line("10")[:2] == ["Move 10 of 28.", "doug played LATINO, A5 down, 27."]
    assert s.handle_line("goto 11")[0] == "Move 11 of 28."
    assert s.handle_line("go to move 12")[0] == "Move 12 of 28."
    # Enter alone is next
    assert s.handle_line("")[0] == "Move 13 of 28."
    assert s.handle_line("   ")[0] == "Move 14 of 28."


@needs_records
def test_a_move_that_is_not_there_is_refused_and_nothing_moves():
    s = session_of("doug_v_emely.gcg")
    s.start()
    s.handle_line("go to 4")
    answer = s.handle_line("go to 99")
    assert joined(answer) == "There is no move 99; the record has moves 1 to 28, and 0 is the start."
    assert s.position == 4
    assert joined(s.handle_line("go to nowhere")) == "'nowhere' is not a move or a square; type go to 5, or goto H8."
    assert s.handle_line("go to 0")[0] == "Before the first move;"


@needs_records
def test_start_at_a_move_and_beyond_the_end():
    s = session_of("doug_v_emely.gcg")
    lines = s.start(move=3)
    assert lines[-3:] == ["Move 3 of 28.", "doug played JAVELIN, E3 down, 34.", "doug 66, emely 16."]
    s = session_of("doug_v_emely.gcg")
    lines = s.start(move=500)
    assert "The record has 28 moves; here is the last." in " ".join(lines)
    assert s.position == 28


# ====================================================================== move kinds
@needs_records
def test_a_play_taken_back_is_said_and_taken_off_the_board():
    s = session_of("doug_v_emely.gcg")
    s.start()
    s.handle_line("go to 6")
    assert s.handle_line("B4") == ["B4, T."]
    assert s.handle_line("go to 7") == [
        "Move 7 of 28.",
        "emely's play is taken back:",
        "TILAX, B4 across.",
        "24 points off.",
        "doug 148, emely 55.",
    ]
    assert s.handle_line("square B4") == ["B4."]  # empty again
    assert s.handle_line("go to 9")[1] == "emely played ZAX, D4 across, 38."


@needs_records
def test_exchanges_passes_bonuses_time_and_notes():
    s = session_of("cel_only.gcg")
    assert s.go(7)[1:3] == ["Bob exchanged 4 tiles:", "A I L U."]
    s = session_of("guy_vs_bot.gcg")
    assert s.go(25)[1] == "guy passed."
    s = session_of("vs_frentz.gcg")
    lines = s.go(16)
    assert lines[1:3] == ["cesar: challenge bonus, 5 points.", "cesar 320, frentz 293."]
    assert "Note: that took guts!!" in lines
    s = session_of("issue_476.gcg")
    assert s.go(32)[1:3] == ["whatnoloan loses 10 for time.", "whatnoloan 422, BestBot 443."]
    # a long note is wrapped into lines that fit a 40-cell display
    lines = session_of("vs_frentz.gcg").go(1)
    notes = lines[lines.index(next(x for x in lines if x.startswith("Note: "))):]
    assert len(notes) >= 3 and all(len(x) <= 40 for x in notes)
    assert " ".join(notes).startswith("Note: an auspicious beginning.")


def test_a_player_named_you_agrees_and_the_end_is_said_as_the_game_says_it():
    """Tester's finding: "Game end: You gains 10," / "for tiles left: Q."
    then "Game end: Club computer loses 10," / "for tiles kept: Q.": You
    did not agree, and one thing had two names. The review now says the
    end as the game's own end does (points, then the tiles), a player
    named You agreeing, and a play through board letters as the game
    says it: the word whole (QI, not Q(I))."""
    record = read_gcg(
        "#player1 You You\n#player2 Club_computer Club computer\n"
        ">You: AEINRST 8D RETAINS +66 66\n"
        ">Club_computer: EQU H7 Q(I) +11 11\n"
        ">You: ABC -ABC +0 66\n"
        ">You: (EU) +4 70\n"
        ">Club_computer: EU (EU) -2 9\n"
    )
    s = ReviewSession(record)
    assert s.go(2)[1] == "Club_computer played QI, H7 down, 11."
    assert s.go(4)[1:3] == ["Game end: You gain 4 points for E and U.", "You 70, Club_computer 11."]
    assert s.go(5)[1:3] == ["Game end: Club_computer loses 2 points", "for E and U."]
    # the record's history says the word whole too
    assert s.handle_line("history 4")[0] == "2. Club_computer: QI, H7 down, 11."


def test_penalties_and_end_losses_of_a_written_record():
    record = read_gcg(
        "#player1 ann Ann\n#player2 bob Bob\n"
        ">ann: AEINRST 8D RETAINS +66 66\n"
        ">bob: ABCDEFG (challenge) -5 -5\n"
        ">bob: ABCDEFG -ABC +0 -5\n"
        ">ann: (DEFG) +9 75\n"
        ">bob: DEFG (DEFG) -9 -14\n"
    )
    s = ReviewSession(record)
    assert s.go(1)[1:3] == ["ann played RETAINS, D8 across, 66.", "All 7 tiles used: 50 bonus."]
    assert s.go(2)[1:3] == ["bob: failed challenge, minus 5.", "ann 66, bob -5."]
    assert s.go(3)[1:3] == ["bob exchanged 3 tiles:", "A B C."]
    # the end as the game says it: points, then the tiles, named once the same way
    assert s.go(4)[1:3] == ["Game end: ann gains 9 points", "for D, E, F and G."]
    assert s.go(5)[1:4] == ["Game end: bob loses 9 points", "for D, E, F and G.", "ann 75, bob -14."]
    s.settings.change("verbosity", "brief")
    assert s.go(3)[1] == "bob exchanged 3 tiles."


def test_a_score_the_rules_do_not_give_is_said():
    record = read_gcg("#player1 ann Ann\n#player2 bob Bob\n>ann: AEINRST 8D RETAINS +99 99\n")
    lines = ReviewSession(record).go(1)
    assert "ann played RETAINS, D8 across, 99." in lines
    assert "The rules give 66, not 99." in lines


# ====================================================================== the board after a move
@needs_records
def test_row_8_after_move_one_holds_windy():
    s = session_of("doug_v_emely.gcg")
    s.start()
    s.handle_line("next")
    row = s.handle_line("row 8")
    assert row[0] == "Row 8:"
    assert "D8 to H8, WINDY." in row
    assert s.handle_line("H8") == ["H8, Y."]
    assert s.handle_line("column E")[0] == "Column E:"
    # before the first move the board is empty again
    s.handle_line("back")
    assert "D8 to H8, WINDY." not in s.handle_line("row 8")
    assert s.handle_line("H8") == ["H8, star."]


@needs_records
def test_words_at_the_last_move_lists_every_word_of_the_final_board():
    record = record_of("doug_v_emely.gcg")
    s = ReviewSession(record)
    s.start()
    s.handle_line("last")
    lines = s.handle_line("words")
    expected = final_board(record).words()
    assert lines[0] == f"{len(expected)} words on board:"
    assert len(lines) == len(expected) + 1
    assert "JAVELINAS, E3 down." in lines and "WINDY, D8 across." in lines


@needs_records
def test_rack_and_scores_are_the_records():
    s = session_of("doug_v_emely.gcg")
    s.start()
    assert joined(s.handle_line("rack")) == "No move yet; type next to hear the first."
    assert s.handle_line("scores") == ["Before the first move:", "doug 0, emely 0."]
    s.handle_line("go to 3")
    assert s.handle_line("rack") == ["doug's rack before move 3:", "A E J N O S V."]
    assert s.handle_line("scores") == ["After move 3:", "doug 66, emely 16."]
    s.handle_line("go to 27")
    assert s.handle_line("rack") == ["emely's rack before move 27:", "blank F S."]
    # a move longer than a braille line breaks after its word
    assert s.handle_line("history 2") == ["26. doug: HIM, N1 down, 42.", "27. emely: KAFS (blank A),", "L14 across, 21."]


@needs_records
def test_the_cursor_goes_to_the_play_and_keys_move_it():
    s = session_of("doug_v_emely.gcg")
    s.start()
    s.handle_line("go to 3")
    assert s.handle_line("where")[0] == "E3, J."
    assert s.key("down") == ["E4, A."]
    assert s.key("next_down") == ["No more tiles below E4."]  # JAVELIN ends on E9, nothing under it yet
    assert s.key("next_up") == ["No more tiles above E4."]
    s.handle_line("goto H8")
    assert s.reader.cursor.square.name == "H8"
    assert s.key("right") == ["I8."]
    assert s.key("repeat") == ["I8."]
    assert s.handle_line("square") == ["I8."]


@needs_records
def test_repeat_help_and_unknown_commands():
    s = session_of("doug_v_emely.gcg")
    s.start()
    said = s.handle_line("next")
    assert s.handle_line("repeat") == said
    assert s.handle_line("move") == said
    assert joined(s.handle_line("nxt")) == "'nxt' is not a command; did you mean next? Type help for the list."
    assert joined(s.handle_line("xyzzy")) == "'xyzzy' is not a command; type help for the list."
    assert joined(s.handle_line("row 99")) == "'99' is not a row; rows are numbered 1 to 15 from the top."
    help_lines = s.handle_line("help")
    assert help_lines[0] == "Review a game record move by move."
    assert any(line.startswith("Moving: next, back") for line in help_lines)
    assert s.handle_line("help last")[:2] == ["Go to the last move of the record.", "Type last."]
    assert s.handle_line("help plop")[0].startswith("There is no help on 'plop'.")
    assert all(len(line) <= 40 for line in help_lines)
    assert s.handle_line("quit") == ["Goodbye."] and s.finished


@needs_records
def test_every_command_is_answered_and_completion_offers_them():
    s = session_of("doug_v_emely.gcg")
    s.start(move=5)
    for cmd in REVIEW_COMMANDS.commands:
        if cmd.name in ("quit", "show"):
            continue
        lines = s.handle_line(cmd.name)
        assert lines and not any(m in " ".join(lines) for m in ERROR_MARKS[:2]), (cmd.name, lines)
    assert complete(s, "ro") == ["row"]
    assert complete(s, "go to 2")[:1] == ["2"]
    assert "next" in complete(s, "")


@needs_records
def test_braille_mode_fits_every_line_and_shows_the_row_in_cells():
    s = session_of("doug_v_emely.gcg", braille_width=20)
    lines = s.start(move=18)
    lines += s.handle_line("row 11") + s.handle_line("help") + s.handle_line("rack")
    assert all(len(line) <= 20 for line in lines), [x for x in lines if len(x) > 20]
    row = s.handle_line("row 8")
    assert any(is_cells_line(x) for x in row)
    assert s.prompt_text() == "18/28> "


@needs_records
@pytest.mark.parametrize("path", ALL_RECORDS, ids=lambda p: p.name)
def test_every_shared_record_steps_from_first_to_last_without_an_error(path):
    record = load_record(path)
    s = ReviewSession(record)
    s.start()
    n = len(record.moves)
    totals = recorded_totals(record)
    said = s.handle_line("first")
    for k in range(1, n + 1):
        assert said[0] == f"Move {k} of {n}.", (k, said)
        assert not [x for x in said if x.startswith(ERROR_MARKS)], (k, said)
        # the totals line is said whole or split to fit; its first player is there either way
        assert totals[k - 1].split(",")[0] in " ".join(said)
        board_lines = s.handle_line("words") + s.handle_line("row 8") + s.handle_line("rack")
        assert not [x for x in board_lines if x.startswith(ERROR_MARKS)]
        said = s.handle_line("next")
    assert said[0] == f"That was the last move, {n} of {n}."
    expected = [f"{w}." for w in _placements(final_board(record))]
    assert s.handle_line("words")[1:] == expected and expected


def _placements(board) -> list[str]:
    from audio_scrabble.presentation.phrases import placement_text

    return [placement_text(start, direction, letters) for start, direction, letters in board.words()]


# ====================================================================== bad files
def test_bad_files_are_one_sentence(tmp_path):
    with pytest.raises(RecordError) as e:
        load_record(tmp_path / "nothing.gcg")
    assert "cannot be read" in str(e.value) and "\n" not in str(e.value)
    junk = tmp_path / "junk.gcg"
    junk.write_text("hello there\n")
    with pytest.raises(RecordError, match="is neither a game record nor a saved game we can read: Line 1:"):
        load_record(junk)
    empty = tmp_path / "empty.gcg"
    empty.write_text("#player1 a A\n#player2 b B\n")
    with pytest.raises(RecordError, match="holds no moves to review"):
        load_record(empty)
    with pytest.raises(RecordError, match="is a folder"):
        load_record(tmp_path)


def _cli(args: list[str], stdin: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, AUDIO_SCRABBLE_DATA_DIR=str(tmp_path / "data"), AUDIO_SCRABBLE_CACHE_DIR=str(tmp_path / "cache"))
    return subprocess.run(
        [sys.executable, "-m", "audio_scrabble", "review", *args],
        input=stdin, capture_output=True, text=True, timeout=60, env=env,
    )


def test_the_cli_refuses_a_bad_file_in_one_sentence(tmp_path):
    junk = tmp_path / "junk.gcg"
    junk.write_text(">nobody: ABC 8D CAB +14 14\n")
    out = _cli([str(junk)], "", tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    out = _cli([str(tmp_path / "missing.gcg")], "", tmp_path)
    assert out.returncode == 2 and "cannot be read" in out.stderr


@needs_records
def test_the_cli_with_move_3_and_piped_commands(tmp_path):
    path = GCG_DIR / "doug_v_emely.gcg"
    out = _cli([str(path), "--move", "3"], "row 3\nback\n\nwords\nrack\nbogus\nquit\n", tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Traceback" not in text + out.stderr
    assert "Move 3 of 28.\ndoug played JAVELIN, E3 down, 34.\ndoug 66, emely 16.\n" in text
    assert "E3, J." in text  # row 3 after move 3 holds the J of JAVELIN
    assert "Move 2 of 28." in text and text.count("Move 3 of 28.") == 2  # back, then Enter
    assert "doug's rack before move 3:" in text
    assert "'bogus' is not a command" in text
    assert text.rstrip().endswith("Goodbye.")


@needs_records
def test_the_cli_refuses_a_bad_option(tmp_path):
    out = _cli([str(GCG_DIR / "doug_v_emely.gcg"), "--braille-cells", "3"], "", tmp_path)
    assert out.returncode == 2 and "braille display has" in out.stderr


# ====================================================================== the prompt
def _run_app(session: ReviewSession, keys: str, move: int | None = None, later: str = "") -> list[str]:
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ReviewApp(session, speaker, screen=screen)
        inp.send_text(keys)
        timer = threading.Timer(0.5, inp.send_text, args=(later,)) if later else None
        if timer:
            timer.start()
        assert app.run(move=move) == 0
        if timer:
            timer.join()
    return speaker.lines


@needs_records
def test_the_prompt_takes_lines_enter_and_arrows():
    s = session_of("doug_v_emely.gcg")
    lines = _run_app(s, "next\r\rrow 8\r", later=RIGHT + DOWN + "scores\rquit\r")
    k = lines.index("Move 1 of 28.")
    assert lines[k : k + 3] == ["Move 1 of 28.", "doug played WINDY, D8 across, 32.", "doug 32, emely 0."]
    assert lines[k + 3] == "Move 2 of 28."
    assert "D8 to H8, WINDY." in lines
    # after move 2 the cursor is on C7 (GALE); the arrows read the board after move 2
    tail = lines[lines.index("D8 to H8, WINDY.") :]
    assert "D7, A." in tail and "D8, W." in tail
    assert ["After move 2:", "doug 32, emely 16."] == tail[tail.index("After move 2:") : tail.index("After move 2:") + 2]
    assert lines[-1] == "Goodbye."
    assert s.finished


@needs_records
def test_the_prompt_ends_on_ctrl_d_and_starts_at_a_move():
    s = session_of("doug_v_emely.gcg")
    lines = _run_app(s, "back\r\x04", move=10)
    assert "Move 10 of 28." in lines and "Move 9 of 28." in lines
    assert lines[-1] == "Goodbye."


@needs_records
def test_run_plain_answers_each_line():
    s = session_of("doug_v_emely.gcg")
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    assert run_plain(s, speaker, io.StringIO("next\nH8\n"), screen, move=None) == 0
    assert "H8, Y." in speaker.lines and speaker.lines[-1] == "Goodbye."
    assert "start> " in screen.getvalue() and "move 1 of 28> " in screen.getvalue()


# ====================================================================== one key table
def test_the_game_and_the_review_move_the_cursor_by_one_key_table():
    """Every bound key, pressed in the game and in the review of that game's
    record, on the same board from the same square, gives the same answer:
    both go through ``Cursor.apply_key`` (the review keeps no table of its own)."""
    from audio_scrabble.console.output import cursor as cursor_module
    from audio_scrabble.console.output.keys import ALL_KEYS
    from audio_scrabble.console.session import Options, Session
    from audio_scrabble.console.handlers.survey_commands import GAME_QUICK, SURVEY_KEYS
    from audio_scrabble.core.board import Square
    from audio_scrabble.notation.gcg import record_from_game

    class AcceptAll:
        def __contains__(self, word: object) -> bool:
            return True

    game_session = Session(Options(players="Alice,Bob", seed=4), lexicon=AcceptAll())
    game_session.start()
    game_session.handle_line("")
    rack = [t if t != "?" else "E" for t in game_session.game.current_player.rack]
    line = "play 8G " + "".join(rack[:3]).replace("?", "E")
    assert "played" in " ".join(game_session.handle_line(line))
    review = ReviewSession(record_from_game(game_session.game))
    review.start()
    review.handle_line("last")
    assert review.board.rows_text() == game_session.board.rows_text()
    for start in (Square(7, 7), Square(0, 0), Square(7, 3), Square(14, 14)):
        for action in [a for a in ALL_KEYS.values() if a not in GAME_QUICK] + ["no_such_key"]:
            game_session.reader.cursor.goto(start)
            review.reader.cursor.goto(start)
            assert game_session.key(action) == review.key(action), (start, action)
            assert game_session.reader.cursor.square == review.reader.cursor.square
    # the movement keys are exactly the shared table's
    # (the quick keys run each session's own commands; the survey keys jump)
    moving = {a for a in ALL_KEYS.values() if a not in ("where", "repeat", *GAME_QUICK, *SURVEY_KEYS)}
    assert moving == set(cursor_module.KEY_MOVES)


def test_apply_key_moves_and_says_nothing_for_an_unknown_key():
    from audio_scrabble.console.output.cursor import Cursor
    from audio_scrabble.core.board import Board, Square

    c = Cursor()
    board = Board()
    assert c.apply_key("right", board).square == Square(7, 8)
    assert c.apply_key("row_start", board).square == Square(7, 0)
    edge = c.apply_key("left", board)
    assert edge.edge == "Left edge" and not edge.moved
    assert c.apply_key("next_right", board).nothing == "No more tiles right of A8."
    assert c.apply_key("where", board) is None and c.square == Square(7, 0)


def test_the_review_takes_pasted_lines_one_at_a_time_too():
    from pathlib import Path

    from audio_scrabble.console.review import ReviewSession
    from audio_scrabble.notation.gcg import read_gcg

    record = read_gcg((Path(__file__).parents[1] / "records" / "unknown_racks.gcg").read_bytes())
    one, pasted = ReviewSession(record), ReviewSession(record)
    expected = one.handle_line("go 2") + one.handle_line("scores")
    assert pasted.handle_line("go 2\r\nscores") == expected
