"""What the game speaks itself gives way (issue 22, point 5).

* Screen-reader mode, through a real private Speech Dispatcher whose
  output modules log what they say (tests/speechd_log.py): the game's
  messages go at priority ``text``, below the ``message`` a screen reader
  (Orca) speaks at, so that the reader's own speech cuts the game's short
  instead of waiting behind it, and the next key the game gets cancels
  the game's speech.
* tts mode, with real espeak-ng and a player process that plays in real
  time: the next key the game gets kills the playing message.

How fast each stop comes is measured by bench/speech_stop.py (figures,
not assertions).
"""

from __future__ import annotations

import io
import re
import threading
import time
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

import speechd_log
from speechd_log import logging_speechd  # noqa: F401 - a fixture
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import ScreenReaderSpeaker, load_speechd
from tts_kit import tts_speaker  # type: ignore[import-not-found]

F9, RIGHT, BACKSPACE = "\x1b[20~", "\x1b[C", "\x7f"
LEAVE = "quit\ryes\r"
LONG = (
    "5 hot spots, best 3: H8, star: the first word covers it. H4, two dots: "
    "down column H, 5 squares to the star. D8, two dots: right along row 8, "
    "5 squares to the star. And 2 more: 2 two dots."
)


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def _session() -> Session:
    return Session(Options(players="Alice,Bob", seed=1), lexicon=AcceptAll())


class _Raw(io.StringIO):
    encoding = "utf-8"  # type: ignore[assignment]


def play(speaker, steps) -> Session:  # type: ignore[no-untyped-def]
    """Run a console with ``speaker``; ``steps`` are keys to type, or
    conditions to wait for (at most 30 s) before the next keys."""
    output = Vt100_Output(_Raw(), lambda: Size(rows=24, columns=80), term="xterm")
    session = _session()
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(session, speaker, screen=io.StringIO(), output=output)

        def typist() -> None:
            for step in steps:
                if callable(step):
                    assert speechd_log.wait_for(step, 30), step
                else:
                    time.sleep(0.2)
                    inp.send_text(step)

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        assert app.run() == 0
        thread.join()
    return session


def _priorities(log: str, text_start: str) -> list[int]:
    """The priority each queued message starting with ``text_start`` had
    in the server's log (1 important, 2 message, 3 text, ...)."""
    return [int(p) for p in re.findall(
        r"Queueing message \|" + re.escape(text_start) + r".*?\| with priority (\d)", log, re.S)]


# ---------------------------------------------------------------- screen-reader mode
# (the speechd library's reader thread ends with an exception when its server goes)
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")


def test_the_game_speaks_below_the_screen_reader(logging_speechd: speechd_log.Server) -> None:
    speaker = ScreenReaderSpeaker(io.StringIO())
    try:
        speaker.notify("I8.")
        assert speaker.wait(10)
        assert speechd_log.wait_for(lambda: logging_speechd.texts("game") == ["I8."], 10)
    finally:
        speaker.close()
    assert _priorities(logging_speechd.server_log(), "I8.") == [3]  # text; was 2, message


def test_the_screen_readers_own_speech_cuts_the_game_short(
    logging_speechd: speechd_log.Server,
) -> None:
    """A screen reader (here a client named as Orca's, at Orca's priority,
    message) speaks while the game's long message is being spoken: the
    reader is heard at once and the game's message stops, never the
    reader waiting for the game to finish."""
    speechd = load_speechd()
    speaker = ScreenReaderSpeaker(io.StringIO())
    reader = speechd.SSIPClient("Orca", address=logging_speechd.address)
    try:
        reader.set_priority(speechd.Priority.MESSAGE)
        speaker.notify(LONG)
        assert speechd_log.wait_for(lambda: logging_speechd.texts("game") == [LONG], 10)
        reader.speak("control")
        assert speechd_log.wait_for(
            lambda: [(m.text, m.finished) for m in logging_speechd.messages("others")]
            == [("control", True)], 10)
        time.sleep(0.3)
    finally:
        reader.close()
        speaker.close()
    game = logging_speechd.messages("game")
    assert [(m.text, m.finished) for m in game] == [(LONG, False)], "the game's speech held the reader back"


def test_an_answer_after_the_readers_echo_is_still_heard(logging_speechd: speechd_log.Server) -> None:
    """The reader echoes a key first (it sees the key before the game
    does), the game answers the key just after: the game's answer waits
    for the echo and is heard whole, not dropped for being lower."""
    speechd = load_speechd()
    speaker = ScreenReaderSpeaker(io.StringIO())
    reader = speechd.SSIPClient("Orca", address=logging_speechd.address)
    try:
        reader.set_priority(speechd.Priority.MESSAGE)
        reader.speak("right")
        speaker.notify("I8, O, a blank.")
        assert speechd_log.wait_for(
            lambda: [(m.text, m.finished) for m in logging_speechd.messages("game")]
            == [("I8, O, a blank.", True)], 10)
    finally:
        reader.close()
        speaker.close()
    assert [(m.text, m.finished) for m in logging_speechd.messages("others")] == [("right", True)]


def test_the_next_key_cancels_the_games_speech(logging_speechd: speechd_log.Server) -> None:
    """F9's spots are spoken (long); the next key (an arrow) cancels them
    before its own answer is spoken."""
    speaker = ScreenReaderSpeaker(io.StringIO())

    def spots_started() -> bool:
        return any(t.startswith("5 hot spots") for t in logging_speechd.texts("game"))

    play(speaker, ["", F9, spots_started, RIGHT, lambda: "I8." in logging_speechd.texts("game"), LEAVE])
    said = [(m.text[:11], m.finished) for m in logging_speechd.messages("game")]
    assert said == [("5 hot spots", False), ("I8.", True)]
    assert "CANCEL self" in logging_speechd.server_log()


# ---------------------------------------------------------------- tts
def test_tts_the_next_key_stops_the_message_being_spoken(tmp_path: Path) -> None:
    """help is spoken (many seconds); a key (Backspace on the empty line)
    kills it: only a part of it was played, and nothing after it."""
    played = tmp_path / "played.raw"
    speaker = tts_speaker(tmp_path, played)

    def helping() -> bool:
        return any("help" in u.text.lower() and len(u.text) > 200 for u in speaker.utterances) \
            and played.exists() and played.stat().st_size > 22050

    def stopped() -> bool:
        return any(len(u.text) > 200 and u.finished for u in speaker.utterances)

    play(speaker, ["", "help\r", helping, BACKSPACE, stopped, LEAVE])
    long = [u for u in speaker.utterances if len(u.text) > 200]
    assert len(long) == 1 and long[0].interrupted and long[0].duration
    assert long[0].duration > 10
    assert speaker.utterances[-1].text == "Goodbye."
