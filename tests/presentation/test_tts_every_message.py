"""The self-voicing mode (``--speech tts``) speaks every message, whole
and in order (issue 22, point 3).

A message that came within about 30 ms of the one before it used to cut
that one short ("You drew U, Club computer drew G. Club computer plays
first." was never heard: the computer's move came right after it). Now
only the player cuts speech short, with a key (``stop``).

Real speech: pyttsx3 with Debian's espeak-ng renders each message, and a
small player process written here plays it in real time into a raw file
(a headless box has no sound card), which sox measures: its length and
that it is not silence. Tests skip, saying why, without espeak-ng or sox
(tests/DEBIAN_PACKAGES.speech).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.plain import run_plain
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import TtsSpeaker

from speechd_log import wait_for  # type: ignore[import-not-found]
from tts_kit import PACED_PLAYER, tts_speaker  # type: ignore[import-not-found]

#: words a minute: fast, so that the tests do not last as long as slow speech
RATE = 330



@dataclass
class Heard:
    """One raw file the player wrote, as sox measures it."""

    seconds: float
    rms: float


def sox_measure(raw: Path) -> Heard:
    rate, channels, width = (int(x) for x in raw.stem.split("-")[1:])
    done = subprocess.run(
        ["sox", "-t", "raw", "-r", str(rate), "-e", "signed", "-b", str(8 * width),
         "-c", str(channels), str(raw), "-n", "stat"],
        capture_output=True, text=True, check=True,
    )
    stat = dict(re.findall(r"^(.+?):\s+(\S+)$", done.stderr, re.M))
    return Heard(float(stat["Length (seconds)"]), float(stat["RMS     amplitude"]))


@dataclass
class Playback:
    speaker: TtsSpeaker
    played: Path
    out: io.StringIO

    def heard(self) -> list[Heard]:
        return [sox_measure(f) for f in sorted(self.played.glob("*.raw"))]


@pytest.fixture
def playback(tmp_path: Path) -> Iterator[Playback]:
    if not shutil.which("sox"):
        pytest.skip("Debian package sox is not installed")
    played = tmp_path / "played"
    played.mkdir()
    out = io.StringIO()
    speaker = tts_speaker(tmp_path, played, PACED_PLAYER, out, rate=RATE)
    yield Playback(speaker, played, out)
    speaker.close()


def assert_all_heard_whole(playback: Playback, texts: list[str]) -> None:
    """Each text spoken once, in order, to its end: the player wrote as
    much audio as was rendered for it, and it is speech, not silence."""
    utterances = playback.speaker.utterances
    assert [u.text for u in utterances] == texts
    assert [u.interrupted for u in utterances] == [False] * len(texts)
    heard = playback.heard()
    assert len(heard) == len(texts)
    for utterance, sound in zip(utterances, heard):
        assert utterance.duration is not None and utterance.duration > 0.2
        assert sound.seconds == pytest.approx(utterance.duration, rel=0.02), utterance.text
        assert sound.rms > 0.01, f"silence where {utterance.text!r} was to be heard"


def test_two_replies_30_ms_apart_are_both_heard_whole(playback: Playback) -> None:
    speaker = playback.speaker
    first = "You drew U, Club computer drew G. Club computer plays first."
    second = "Club computer: MOPOKE, H8 across, 36."
    speaker.reply(first)
    time.sleep(0.03)
    speaker.reply(second)
    assert speaker.wait(60)
    assert_all_heard_whole(playback, [first, second])
    assert playback.out.getvalue() == f"{first}\n{second}\n"


def test_a_notification_and_a_reading_wait_their_turn(playback: Playback) -> None:
    """The computer's move arriving while the player reads, a Tab
    completion read aloud: neither cuts the reply being spoken."""
    speaker = playback.speaker
    speaker.reply("You played FACED, E7 across, 24 points.")
    speaker.notify("Club computer: MOPOKE, H8 across, 36.", urgent=True)
    speaker.read_aloud("challenge")
    assert speaker.wait(60)
    assert_all_heard_whole(playback, [
        "You played FACED, E7 across, 24 points.", "Club computer: MOPOKE, H8 across, 36.", "challenge",
    ])


def test_only_a_key_cuts_speech_short(playback: Playback) -> None:
    """``stop`` (any key the player presses) still cuts the message being
    spoken and drops those waiting: the player asked for it."""
    speaker = playback.speaker
    speaker.reply("Settings: verbosity normal, marks braille-board marks, braille off, speech tts.")
    speaker.reply("Never heard.")
    assert wait_for(lambda: bool(list(playback.played.glob("*.raw"))), 20, step=0.01)
    time.sleep(0.3)
    speaker.stop()
    assert speaker.wait(10)
    assert [(u.text[:9], u.interrupted) for u in speaker.utterances] == [("Settings:", True)]
    heard = playback.heard()
    assert len(heard) == 1 and heard[0].seconds < 0.8 * (speaker.utterances[0].duration or 0)


@pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed")
def test_the_game_heard_in_tts_loses_no_reply(playback: Playback) -> None:
    """The issue's own game (Ann against the club computer, seed 7),
    lines piped in: the draw for first player, the computer's move said
    at once after it, the question and the goodbye: every reply printed
    is heard, whole, in the order printed."""
    session = Session(Options(players="Ann,computer:club", seed=7), lexicon=services.load_lexicon(None))
    assert run_plain(session, playback.speaker, io.StringIO("quit\nyes\n"), screen=playback.out) == 0
    printed = playback.out.getvalue()
    assert "You drew U, Club computer drew G." in printed
    spoken = [u.text for u in playback.speaker.utterances]
    assert any("Club computer plays first." in text for text in spoken)
    assert any(text.startswith("Club computer played ") for text in spoken)  # the one form of a play (issue 23 item 10)
    assert spoken[-1].startswith("Goodbye.")
    # every word printed (less the prompts) is spoken, once, in the same order
    replies = re.sub(r"^[^\n>]*> ", "", printed, flags=re.M)
    assert " ".join(spoken).split() == replies.split()
    assert_all_heard_whole(playback, spoken)


@pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed")
def test_at_the_prompt_your_play_and_the_computers_move_are_both_heard(playback: Playback) -> None:
    """The issue's own steps, typed at the real prompt: the play's answer
    and the computer's move said right after it are both heard whole; the
    keys typed before them cut only what was said before."""
    import threading

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from audio_scrabble.console.app import ConsoleApp

    class Raw(io.StringIO):
        encoding = "utf-8"  # type: ignore[assignment]

    speaker = playback.speaker
    session = Session(Options(players="Ann,computer:club", seed=7), lexicon=services.load_lexicon(None))
    output = Vt100_Output(Raw(), lambda: Size(rows=24, columns=80), term="xterm")

    def spoken_whole(words: str):  # type: ignore[no-untyped-def]
        return lambda: any(words in u.text and u.finished for u in speaker.utterances)

    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = ConsoleApp(session, speaker, screen=playback.out, output=output)

        def typist() -> None:
            assert wait_for(spoken_whole("To challenge it"), 60, step=0.01)
            inp.send_text("play e7 across faced\r")
            assert wait_for(spoken_whole("KILLIE"), 60, step=0.01)
            inp.send_text("quit\ryes\r")

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        assert app.run() == 0
        thread.join()
    texts = [u.text for u in speaker.utterances]
    played = next(u for u in speaker.utterances if "You played FACED, E7 across, 24." in u.text)
    move = next(u for u in speaker.utterances if "Club computer played KILLIE" in u.text)
    assert not played.interrupted and not move.interrupted, texts
    assert texts[-1].startswith("Goodbye.")
    assert [u.interrupted for u in speaker.utterances] == [False] * len(texts)
