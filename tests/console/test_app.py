"""The console and the speech modes: what is printed, spoken, and when.

Each test types into the real ``ConsoleApp`` (prompt_toolkit's pipe input)
or the plain loop, with a real speaker: text, the screen-reader speaker
against a private Speech Dispatcher that logs what it is given
(tests/speechd_log.py), or tts rendering real WAV files with espeak-ng.
"""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

import speechd_log
from speechd_log import logging_speechd  # noqa: F401 - a fixture
from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp, run_plain
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import (
    ScreenReaderSpeaker,
    SpeechUnavailable,
    TextSpeaker,
    TtsSpeaker,
)

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
    # the answers were printed, each once, on lines of their own
    printed = screen_keys.getvalue().splitlines()
    assert [line for line in printed if line in ("I8.", "J8.", "K8.")] == ["I8.", "J8.", "K8."]


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
