"""Shared by the tests of the self-voicing mode (``--speech tts``) with
real speech: pyttsx3 with Debian's espeak-ng renders each message, and a
small player process written by the test plays it into a raw file (a
headless box has no sound card). PLAYER appends each WAV to one file at
about real time (a block of 20 ms, then 20 ms asleep); PACED_PLAYER
writes each WAV to a file of its own in a folder, paced to the real time
of its frames. The speaker skips the test, saying why, where pyttsx3
cannot start an engine."""

from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.presentation.speech import SpeechUnavailable, TtsSpeaker

#: argv: the WAV, the raw file it is appended to
PLAYER = """
import sys, time, wave
with wave.open(sys.argv[1], "rb") as w:
    rate = w.getframerate()
    with open(sys.argv[2], "ab") as f:
        while True:
            data = w.readframes(rate // 50)
            if not data:
                break
            f.write(data)
            f.flush()
            time.sleep(0.02)
"""


#: argv: the WAV, the folder of the raw files (each named TIME-RATE-CHANNELS-WIDTH.raw)
PACED_PLAYER = textwrap.dedent(
    '''
    """Plays a WAV in real time into a raw file named TIME-RATE-CHANNELS-WIDTH.raw."""
    import os, sys, time, wave
    wav, outdir = sys.argv[1], sys.argv[2]
    with wave.open(wav, "rb") as w:
        rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        name = os.path.join(outdir, "%020d-%d-%d-%d.raw" % (time.time_ns(), rate, channels, width))
        start, done = time.monotonic(), 0
        with open(name, "wb") as f:
            while True:
                data = w.readframes(rate // 50)
                if not data:
                    break
                f.write(data)
                f.flush()
                done += len(data) // (width * channels)
                delay = start + done / rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
    '''
)


def tts_speaker(folder: Path, played: Path, player: str = PLAYER, out: io.StringIO | None = None,
                **options: Any) -> TtsSpeaker:
    """A TtsSpeaker (printing to ``out``) whose player is the script
    ``player`` (written into ``folder``), given each WAV and ``played`` (a
    file, or a folder the script writes its files in). What the start-up
    probe played is removed."""
    script = folder / "player.py"
    script.write_text(player)
    try:
        speaker = TtsSpeaker(io.StringIO() if out is None else out,
                             player=[sys.executable, str(script), "{wav}", str(played)], **options)
    except SpeechUnavailable as err:
        pytest.skip(f"pyttsx3 cannot start a speech engine (Debian espeak-ng missing?): {err}")
    if played.is_dir():
        for probe in played.glob("*.raw"):  # the start-up probe's silence
            probe.unlink()
    else:
        played.unlink(missing_ok=True)  # the start-up probe
    return speaker
