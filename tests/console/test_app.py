"""The console and the speech modes: what is printed, spoken, and when.

Each test types into the real ``ConsoleApp`` (prompt_toolkit's pipe input)
or the plain loop, with a real speaker: text, the screen-reader speaker
against a private Speech Dispatcher that logs what it is given
(tests/speechd_log.py), or tts rendering real WAV files with espeak-ng.
"""

from __future__ import annotations

import io
import re
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.plain import run_plain
from audio_scrabble.console.output.brailleview import FittedWriter
from audio_scrabble.console.handlers.commands import complete
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import SIZE
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.presentation import braille_lines
from audio_scrabble.presentation.speech import (
    ScreenReaderSpeaker,
    SpeechUnavailable,
    TextSpeaker,
    TtsSpeaker,
)

import speechd_log
from braille_kit import AcceptAll as AcceptAll_braille
from speechd_log import logging_speechd  # noqa: F401 - a fixture

RIGHT, UP = "\x1b[C", "\x1b[A"
TAB = "\t"
LEAVE = "quit\ryes\r"


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def _session() -> Session:
    return Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())


def _terminal() -> tuple[io.StringIO, Vt100_Output]:
    """A terminal that keeps every byte prompt_toolkit writes to it."""
    raw = _Raw()
    return raw, Vt100_Output(raw, lambda: Size(rows=24, columns=80), term="xterm")


class _Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def _play(speaker, keys: str, *later, session: Session | None = None):  # type: ignore[no-untyped-def]
    """Type ``keys`` into a console, then each of ``later`` half a second
    after the one before (a person does not type faster than the game
    answers); returns (the terminal's bytes, the session)."""
    raw, output = _terminal()
    s = session or _session()
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(s, speaker, screen=speaker.out if hasattr(speaker, "out") else io.StringIO(),
                         output=output)
        inp.send_text(keys)

        def type_later() -> None:
            for step in later:
                if callable(step):  # wait for the game to have said something
                    speechd_log.wait_for(step, 30)
                    continue
                time.sleep(0.5)
                inp.send_text(step)

        typist = threading.Thread(target=type_later, daemon=True)
        typist.start()
        assert app.run() == 0
        typist.join()
    return raw.getvalue(), s


# ---------------------------------------------------------------- the prompt
def test_board_keys_do_not_write_the_prompt_again() -> None:
    """A console screen reader reads what is written: after each arrow it
    would read "Bob>" again. The prompt is written once per line read."""
    screen = io.StringIO()
    quiet, _ = _play(TextSpeaker(screen), LEAVE)
    screen_keys = io.StringIO()
    keyed, _ = _play(TextSpeaker(screen_keys), RIGHT * 5 + UP * 3 + LEAVE)
    assert quiet.count("Bob>") >= 1
    # (it would be written again after each of the eight keys)
    assert keyed.count("Bob>") <= quiet.count("Bob>")
    # the answers were written, each once, on the input line (where Orca
    # reads them: issue 22), by the prompt, not printed by the speaker
    # (an answer blanked while the next was drawn is written back in place,
    # the cursor saved and restored: orca7's answer_line.restore, not read)
    written = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", re.sub(r"\x1b7.*?\x1b8", "", keyed, flags=re.S))
    assert [written.count(answer) for answer in ("I8.", "J8.", "K8.")] == [1, 1, 1]
    assert written.index("I8.") < written.index("J8.") < written.index("K8.")
    assert not [line for line in screen_keys.getvalue().splitlines() if line in ("I8.", "J8.", "K8.")]


# ---------------------------------------------------------------- screen-reader mode
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_screen_reader_mode_speaks_the_cursor_and_prints_the_replies(
    logging_speechd: speechd_log.Server,
) -> None:
    screen = io.StringIO()
    speaker = ScreenReaderSpeaker(screen)
    # typed as a person types: a key stops what the game was saying
    _play(speaker, "", RIGHT, RIGHT, "scores\r", LEAVE)
    sent = logging_speechd.texts("game")
    printed = screen.getvalue().splitlines()
    # the cursor moves: spoken once each, not printed
    assert sent == ["I8.", "J8."]
    assert "I8." not in printed and "J8." not in printed
    # the replies: printed, never sent
    assert "Alice 0, Bob 0." in printed or "Bob 0, Alice 0." in printed
    assert printed[-1] == "Goodbye."
    assert not set(sent) & set(printed)


# ---------------------------------------------------------------- tts
@pytest.fixture
def tts(tmp_path: Path) -> TtsSpeaker:
    try:
        return TtsSpeaker(io.StringIO(), to_file=tmp_path / "speech.wav")
    except SpeechUnavailable as err:
        pytest.skip(f"pyttsx3 cannot start a speech engine (Debian espeak-ng missing?): {err}")


def test_tts_says_a_reply_as_one_utterance_and_its_last_words(tts: TtsSpeaker) -> None:
    """help's many lines are one utterance; "Goodbye." is spoken, not cut
    off by the end of the game."""
    expected = _session()
    expected.start()
    lines = [line for line in expected.handle_line("help") if line.strip()]
    assert len(lines) > 5
    def helped() -> bool:
        return any(lines[0] in u.text and u.finished for u in tts.utterances)

    _play(tts, "", "help\r", helped, LEAVE)
    texts = [u.text for u in tts.utterances]
    spoken_help = [t for t in texts if lines[0] in t]
    assert len(spoken_help) == 1, (texts, tts.out.getvalue()[:300])
    assert all(line in spoken_help[0] for line in lines)
    assert texts[-1] == "Goodbye."
    assert tts.utterances[-1].finished
    printed = tts.out.getvalue().splitlines()
    assert printed.count(lines[0]) == 1


class CountingTts(TtsSpeaker):
    """The real tts speaker, counting the stops it is asked for."""

    stops = 0

    def stop(self) -> None:
        self.stops += 1
        super().stop()


def test_tts_any_key_stops_the_speech_and_tab_completions_are_read(tmp_path: Path) -> None:
    try:
        speaker = CountingTts(io.StringIO(), to_file=tmp_path / "speech.wav")
    except SpeechUnavailable as err:
        pytest.skip(f"pyttsx3 cannot start: {err}")
    # "hel" + Tab types "help" in: read aloud; Enter; then a key while help is spoken
    def said(text: str):  # type: ignore[no-untyped-def]
        return lambda: any(u.text == text for u in speaker.utterances)

    _play(speaker, "", "hel" + TAB, said("help"), "\r", "x", "\x7f" + LEAVE)
    assert speaker.stops >= 2  # the keys after the replies stopped them
    texts = [u.text for u in speaker.utterances]
    assert "help" in texts  # the completion, read aloud
    assert texts[-1] == "Goodbye."


def test_text_speaker_is_never_asked_to_stop() -> None:
    """Keys cost nothing where the game does not speak: no stop is sent."""
    made: list[int] = []

    class Counting(TextSpeaker):
        def stop(self) -> None:
            made.append(1)

    _play(Counting(io.StringIO()), RIGHT * 3 + "bag\r" + LEAVE)
    assert made == []


def test_typed_line_is_read_aloud_on_request(tts: TtsSpeaker) -> None:
    session = _session()
    session.settings.echo = True  # type: ignore[attr-defined] - the integrator's setting
    def answered() -> bool:
        return any(u.text == "86 tiles in the bag." for u in tts.utterances)

    _play(tts, "", "bag\r", answered, LEAVE, session=session)
    texts = [u.text for u in tts.utterances]
    # read aloud, then the reply after it (not over it)
    assert texts.count("bag") == 1
    assert texts[texts.index("bag") + 1] == "86 tiles in the bag."


def test_the_piped_game_prints_nothing_wider_than_the_display(tmp_path):
    raw = io.StringIO()
    s = Session(Options(players="Alice,Bob", seed=5, braille_width=20), lexicon=AcceptAll_braille())
    screen = FittedWriter(raw, lambda: s.settings.braille_width)
    speaker = services.TextSpeaker(screen)  # type: ignore[arg-type]
    g = Game(["Alice", "Bob"], rules_named("house"), 5)
    tiles = [t for t in g.current_player.rack if t != BLANK]
    script = "\n".join(["", "rack", "row 8", "board", f"play 8H {tiles[0]}{tiles[1]}", "", "history",
                        "help", "set braille 14", "legend", "quit", "yes"]) + "\n"
    assert run_plain(s, speaker, io.StringIO(script), screen) == 0  # type: ignore[arg-type]
    printed = raw.getvalue().splitlines()
    assert any(braille_lines.is_cells_line(x) for x in printed)
    assert "Goodbye. The game" in printed or "Goodbye." in printed
    assert all(len(x) <= 20 for x in printed), [x for x in printed if len(x) > 20]


def test_the_prompt_application_lists_tab_candidates_to_fit_and_prints_cells_unspoken():
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    s = Session(Options(players="Alice,Bob", seed=1, braille_width=14), lexicon=AcceptAll_braille())
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=screen)
        inp.send_text("\r")
        timer = threading.Timer(0.5, inp.send_text, args=("s\t\x03board\rquit\ryes\r",))
        timer.start()
        assert app.run() == 0
        timer.join()
    spoken = speaker.lines
    # the candidates, comma-separated, each line within 14 cells
    k = spoken.index("Line cleared.")
    listed = [w.strip(",.") for x in spoken[:k] for w in x.split()]
    for cand in complete(s, "s"):
        assert cand in listed
    assert all(len(x) <= 14 for x in spoken)
    # the board's cells were printed for the display, never spoken
    assert "Braille board:" in spoken
    assert not any(braille_lines.is_cells_line(x) for x in spoken)
    printed = screen.getvalue().splitlines()
    assert sum(1 for x in printed if braille_lines.is_cells_line(x)) >= 2 * SIZE
    assert all(len(x) <= 14 for x in printed)
    assert Counter(s.playing().rack_of(s.game.current)) == Counter(s.game.current_player.rack)


def test_the_prompt_application_prints_refusals_in_lines_of_40_at_the_default_settings():
    """Braille mode off, normal verbosity, no terminal to fit (a screen
    reader shows the console on a 40-cell display): refusals typed at the
    prompt are printed and spoken in lines of at most 40 characters, each
    sentence whole when joined, and the game goes on unchanged."""
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll_braille())
    typed = ["plya H8 QI", "set braille 3", "8H QI now", "row 16", "set x y"]
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=screen)
        inp.send_text("\r" + "".join(f"{t}\r" for t in typed) + "quit\ryes\r")
        assert app.run() == 0
    assert [x for x in speaker.lines if len(x) > 40] == []
    said = " ".join(speaker.lines)
    for sentence in ("'plya' is not a command; did you mean play? Type help for the list.",
                     "A braille display has 14 to 80 cells, not '3'; type set braille 40, for example, "
                     "or set braille off.",
                     "To play that, type play 8H QI now; to test it first, check 8H QI now.",
                     "'16' is not a row; rows are numbered 1 to 15 from the top.",
                     "There is no setting called 'x'; the settings are verbosity, marks, braille, speech, "
                     "hints, aids, confirm, sounds, echo, prompt, think."):
        assert sentence in said
    assert "'plya' is not a command;" in speaker.lines and "did you mean play?" in speaker.lines
    assert s.game.board.is_empty() and s.settings.braille_width is None


def test_terminal_fit_breaks_sentences_between_words_and_keeps_paths_whole():
    from audio_scrabble.presentation.layout import fit_columns as terminal_fit

    said = "'plya' is not a command; did you mean play?"
    path = "Record saved: /tmp/" + "x" * 50 + "/Alice-v-Bob.gcg"
    cells = "⠋⠙⠀⠇⠁⠀⠑⠁⠀⠞⠁⠀⠵⠁⠚⠀⠚⠓⠀⠑⠁" * 3
    assert terminal_fit([said], 40) == ["'plya' is not a command;", "did you mean play?"]
    assert terminal_fit([said], 80) == [said]
    assert terminal_fit([said], None) == [said]
    # a word wider than the terminal stays whole on its own line, the words
    # before and after it broken between words: the terminal folds only it
    long_path = "/tmp/" + "x" * 50 + "/Alice-v-Bob.gcg"
    assert terminal_fit([path, cells], 40) == ["Record saved:", long_path, cells]
    name = "2026-11-26-203952-You-v-Club_computer.json"  # 42: one wider than 40
    hint = f"That game is finished; audio-scrabble review {name} steps through it."
    assert terminal_fit([hint], 40) == ["That game is finished;", "audio-scrabble review", name, "steps through it."]
    assert terminal_fit([hint], 80) == ["That game is finished; audio-scrabble review", f"{name} steps through it."]
    for width in (14, 20, 30, 40, 41):
        lines = terminal_fit([hint, path], width)
        assert " ".join(lines).split() == (hint + " " + path).split()  # nothing lost, no word split
        assert all(len(x) <= width or (len(x.split()) == 1) for x in lines), lines
