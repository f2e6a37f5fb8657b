"""The real prompt: keys and lines through prompt_toolkit's pipe input.

Each test types into the actual ``ConsoleApp`` (prompt_toolkit
PromptSession with our key bindings) and reads what the speaker was given.
"""

from __future__ import annotations

import io
import threading

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.output.keys import ALL_KEYS
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from refusal_corpus import joined

RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"
HOME, END, PAGE_UP, PAGE_DOWN = "\x1b[H", "\x1b[F", "\x1b[5~", "\x1b[6~"
CTRL_HOME = "\x1b[1;5H"
CTRL_RIGHT, CTRL_LEFT, CTRL_UP, CTRL_DOWN = "\x1b[1;5C", "\x1b[1;5D", "\x1b[1;5A", "\x1b[1;5B"
F2, F4 = "\x1bOQ", "\x1bOS"
CTRL_C, CTRL_D, CTRL_P, TAB = "\x03", "\x04", "\x10", "\t"
LEAVE = "quit\ryes\r"


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def run_app(keys: str, players: str = "Alice,Bob", seed: int = 1, session: Session | None = None,
            later: str = ""):
    """Type ``keys`` into a fresh console; returns (spoken lines, screen text, session).

    ``later`` is typed half a second after the rest (prompt_toolkit loads
    the history in the background; a person never types that fast).
    """
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    s = session or Session(Options(players=players, seed=seed), lexicon=AcceptAll())
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=screen)
        inp.send_text(keys)
        timer = threading.Timer(0.5, inp.send_text, args=(later,)) if later else None
        if timer:
            timer.start()
        code = app.run()
        if timer:
            timer.join()
    assert code == 0
    return speaker.lines, screen.getvalue(), s


def after_start(lines: list[str]) -> list[str]:
    """The lines after the opening announcement (which ends with the hand-over)."""
    k = next(i for i, x in enumerate(lines) if x.endswith("press Enter to hear your rack."))
    return lines[k + 1 :]


def test_arrows_move_one_square_and_announce_it():
    lines, _, s = run_app(RIGHT + RIGHT + UP + LEFT + DOWN + LEAVE)
    assert after_start(lines)[:5] == ["I8.", "J8.", "J7.", "I7, two dots.", "I8."]


def test_an_edge_is_announced_not_crossed():
    lines, _, s = run_app(HOME + LEFT + PAGE_UP + UP + END + RIGHT + PAGE_DOWN + DOWN + LEAVE)
    assert after_start(lines)[:8] == [
        "A8, three bars.",
        "Left edge: A8, three bars.",
        "A1, three bars.",
        "Top edge: A1, three bars.",
        "O1, three bars.",
        "Right edge: O1, three bars.",
        "O15, three bars.",
        "Bottom edge: O15, three bars.",
    ]
    assert s.reader.cursor.square == Square.parse("O15")


def test_ctrl_home_goes_to_the_star_and_f2_says_where():
    lines, _, s = run_app(PAGE_UP + HOME + CTRL_HOME + LEFT + LEFT + LEFT + LEFT + F2 + LEAVE)
    got = after_start(lines)
    assert got[:2] == ["H1, three bars.", "A1, three bars."]
    assert got[2] == "H8, star."
    assert got[3:7] == ["G8.", "F8.", "E8.", "D8, two dots."]
    assert got[7:10] == ["D8, two dots.", "Column D, 4th from the left.", "Row 8, 8th from the top."]


def test_f4_repeats_the_last_message():
    lines, _, _ = run_app(RIGHT + F4 + LEAVE)
    assert after_start(lines)[:2] == ["I8.", "I8."]


def test_ctrl_arrows_jump_to_the_next_tile():
    # Alice (or Bob) plays two tiles on H8 and I8, then the keys look for them.
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())
    s.start()
    s.handle_line("")
    rack = [t for t in s.game.current_player.rack if t != "?"]
    s.handle_line(f"play 8H {rack[0]}{rack[1]}")
    lines, _, _ = run_app(END + CTRL_LEFT + CTRL_LEFT + HOME + CTRL_RIGHT + CTRL_RIGHT + PAGE_UP + CTRL_DOWN + LEAVE,
                          session=s)
    got = lines[1:]  # after the turn announcement of the started session
    assert got[0] == "O8, three bars."
    assert got[1] == f"I8, {rack[1]}."
    assert got[2] == "No more tiles left of I8."
    assert got[3] == "A8, three bars."
    assert got[4] == f"H8, {rack[0]}."
    assert got[5] == "No more tiles right of H8."
    assert got[6] == "H1, three bars."
    assert got[7] == f"H8, {rack[0]}."


def test_arrows_on_a_line_with_text_edit_it_instead():
    lines, _, s = run_app("sores" + LEFT + LEFT + LEFT + LEFT + "c" + "\r" + LEAVE)
    got = after_start(lines)
    assert got[0] == "Alice 0, Bob 0."
    assert s.reader.cursor.square == Square(7, 7)


def test_history_with_ctrl_p():
    lines, _, _ = run_app("bag\r", later=CTRL_P + "\r" + LEAVE)
    got = after_start(lines)
    assert got[0] == got[1] == "86 tiles in the bag."


def test_ctrl_c_cancels_the_line_and_changes_nothing():
    lines, _, s = run_app("\r" + "exchange all" + CTRL_C + "bag\r" + LEAVE)
    got = after_start(lines)
    assert "Line cleared." in got
    assert got[got.index("Line cleared.") + 1] == "86 tiles in the bag."
    assert s.game.actions == []


def test_ctrl_d_asks_before_leaving():
    lines, _, s = run_app(CTRL_D + "no\r" + "bag\r" + CTRL_D + CTRL_D)
    got = after_start(lines)
    assert got == [
        "Leave the game? Type yes or no.",
        "Staying in the game.",
        "86 tiles in the bag.",
        "Leave the game? Type yes or no.",
        "Goodbye.",
    ]
    assert s.finished


def test_tab_completes_a_command():
    lines, screen, _ = run_app("sho" + TAB + "\r" + LEAVE)
    assert "Large-print board shown on screen." in lines
    assert "  A    B    C" in screen


def test_every_line_is_answered_through_the_prompt():
    lines, _, s = run_app("\r" + "frobnicate\r" + "play 1A QQ\r" + "rack\r" + LEAVE)
    got = after_start(lines)
    assert got[0] == "Alice's turn." or got[0] == "Bob's turn."
    k = got.index("'frobnicate' is not a command;")
    assert joined(got[k:k + 2]) == "'frobnicate' is not a command; type help for the list."
    assert any(x.startswith("Rack: ") for x in got)


def test_setup_questions_through_the_prompt():
    s = Session(Options(seed=1), lexicon=AcceptAll())
    lines, _, s = run_app("3\rAnn\rBen\rCal\r\r" + LEAVE, session=s)
    assert "How many players, 2 to 4?" in lines
    assert "Player 3, your name?" in lines
    assert "House rules (RNIB leaflet)." in lines
    assert s.game.names == ("Ann", "Ben", "Cal")


@pytest.mark.parametrize("key", sorted(ALL_KEYS))
def test_every_bound_key_is_documented_in_help(key):
    from audio_scrabble.console.handlers.helptext import help_entries

    text = " ".join(help_entries()["keys"].details).lower()
    words = {
        "left": "arrow", "right": "arrow", "up": "arrow", "down": "arrow", "home": "home", "end": "end",
        "pageup": "page up", "pagedown": "page down", "c-home": "ctrl-home", "c-left": "ctrl and an arrow",
        "c-right": "ctrl and an arrow", "c-up": "ctrl and an arrow", "c-down": "ctrl and an arrow",
        "f2": "f2", "f4": "f4", "f3": "f3: around", "f5": "f5: rack", "f6": "f6: scores",
        "f7": "f7, shift-f7: next, previous hot spot", "f19": "shift-f7", "f8": "f8, shift-f8: next, previous word",
        "f20": "shift-f8", "f9": "f9: spots", "f12": "f12: the last move",
    }
    if key.startswith("escape "):  # Alt and a letter: named with what it does
        action = ALL_KEYS[key].replace("set_mark", "marks").replace("to_mark", "jumps back")
        words[key] = f"alt-{key[-1]} {action.split('_')[0]}"
    assert words[key] in text, key


# ---------------------------------------------------------------- without a terminal
def test_piped_lines_play_through_the_plain_loop():
    from audio_scrabble.console.plain import run_plain

    speaker = services.ListSpeaker()
    screen = io.StringIO()
    s = Session(Options(players="Alice,Bob", seed=7), lexicon=AcceptAll())
    script = "\npass\n\npass\n\npass\n\npass\nscores\nquit\n"
    assert run_plain(s, speaker, io.StringIO(script), screen) == 0
    assert "Every player passed twice in a row." in speaker.lines
    assert speaker.lines[-1] == "Goodbye."
    assert s.finished
    # the prompts are printed, so a screen reader hears where input goes
    assert "Alice> " in screen.getvalue() or "Bob> " in screen.getvalue()


def test_end_of_piped_input_leaves_cleanly():
    from audio_scrabble.console.plain import run_plain

    speaker = services.ListSpeaker()
    s = Session(Options(players="Alice,Bob", seed=7), lexicon=AcceptAll())
    assert run_plain(s, speaker, io.StringIO("bag\n"), io.StringIO()) == 0
    assert speaker.lines[-2:] == ["Leave the game? Type yes or no.", "Goodbye."]


class NoticeSpeaker(services.ListSpeaker):
    fallback_notice = "Speech is not available (testing); using text only."


def test_a_speech_fallback_is_said_once_and_speech_can_be_switched(monkeypatch):
    made: list[str] = []

    def fake_make_speaker(kind, out=None):
        made.append(kind)
        return NoticeSpeaker()

    monkeypatch.setattr(services, "make_speaker", fake_make_speaker)
    speaker = NoticeSpeaker()
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=io.StringIO())
        inp.send_text("set speech tts\r" + LEAVE)
        app.run()
    said = " ".join(speaker.lines)  # (the notice in lines of at most 40)
    assert said.count(NoticeSpeaker.fallback_notice) == 1
    assert said.startswith(NoticeSpeaker.fallback_notice)
    assert made == ["tts"]
    new = app.voice.speaker
    assert new is not speaker
    assert " ".join(new.lines).startswith(NoticeSpeaker.fallback_notice)  # the new backend's fallback, said once
    assert new.lines[-1] == "Goodbye."
