"""Ctrl, the screen reader's stop key, stops what the game speaks itself
(issue 22, point 5), where the game can see it: under X11.

A terminal never passes Ctrl pressed alone to the program, so the game
asks the X server for XInput 2's raw key events
(audio_scrabble/presentation/stopkey.py). Here a private X server (Xvfb,
its own display, ended at the end of each test) and xdotool press the
keys; the tts speaker plays real espeak-ng speech in real time through a
player process, and the screen-reader speaker speaks to a private logging
Speech Dispatcher (tests/speechd_log.py). Tests skip, saying why, without
Xvfb or xdotool (tests/DEBIAN_PACKAGES.stopkey).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

import speechd_log
from speechd_log import logging_speechd  # noqa: F401 - a fixture
from audio_scrabble.presentation import speech, stopkey
from audio_scrabble.presentation.speech import ScreenReaderSpeaker
from audio_scrabble.presentation.stopkey import StopKeyWatcher, watch_stop_key
from tts_kit import tts_speaker  # type: ignore[import-not-found]

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is the Linux desktop here"),
    # the speechd library's reader thread ends with an exception when its server goes
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]

LONG = (
    "5 hot spots, best 3: H8, star: the first word covers it. H4, two dots: "
    "down column H, 5 squares to the star. D8, two dots: right along row 8, "
    "5 squares to the star. And 2 more: 2 two dots."
)


@pytest.fixture
def display(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A private X server's display name, ``DISPLAY`` set to it."""
    for tool, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool")):
        if not shutil.which(tool):
            pytest.skip(f"Debian package {package} is not installed")
    try:
        stopkey._libraries()
    except OSError as err:
        pytest.skip(f"Debian packages libx11-6 and libxi6 are needed: {err}")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "640x480x24"],
        pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )
    os.close(write)
    number = b""
    try:
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                pytest.skip("Xvfb did not start")
            number += chunk
    finally:
        os.close(read)
    name = f":{number.decode().strip()}"
    monkeypatch.setenv("DISPLAY", name)
    monkeypatch.setattr(speech, "watch_stop_key", stopkey.watch_stop_key)  # off elsewhere: conftest.py
    try:
        yield name
    finally:
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)


def press(display: str, *keys: str) -> None:
    subprocess.run(["xdotool", "key", *keys], env=dict(os.environ, DISPLAY=display),
                   check=True, timeout=10)


def test_only_ctrl_is_seen(display: str) -> None:
    seen: list[int] = []
    watcher = StopKeyWatcher(lambda: seen.append(1), display=display)
    try:
        assert watcher.ready.wait(10) and watcher.error is None, watcher.error
        press(display, "a", "shift", "Return", "Escape", "alt")
        time.sleep(0.3)
        assert seen == []
        press(display, "ctrl")
        assert speechd_log.wait_for(lambda: len(seen) == 1, 5)
        press(display, "Control_R")
        assert speechd_log.wait_for(lambda: len(seen) >= 2, 5)
    finally:
        watcher.close()
    assert not watcher.watching


def test_no_display_no_watcher(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    assert watch_stop_key(lambda: None) is None
    watcher = StopKeyWatcher(lambda: None, display=":4095")  # no such server
    assert watcher.ready.wait(10) and watcher.error and not watcher.watching
    watcher.close()


def test_tts_stops_at_ctrl(display: str, tmp_path: Path) -> None:
    played = tmp_path / "played.raw"
    speaker = tts_speaker(tmp_path, played)
    try:
        speaker.reply(LONG)
        speaker.reply("Never heard.")
        assert speechd_log.wait_for(lambda: played.exists() and played.stat().st_size > 44100, 20)
        press(display, "ctrl")
        assert speaker.wait(10)
    finally:
        speaker.close()
    assert [(u.text, u.interrupted) for u in speaker.utterances] == [(LONG, True)]
    assert speaker.utterances[0].duration and speaker.utterances[0].duration > 5
    assert played.stat().st_size < 0.5 * speaker.utterances[0].duration * 22050 * 2


def test_screen_reader_speech_is_cancelled_at_ctrl(
    display: str, logging_speechd: speechd_log.Server,
) -> None:
    speaker = ScreenReaderSpeaker(io.StringIO())
    try:
        speaker.notify(LONG)
        assert speechd_log.wait_for(lambda: logging_speechd.texts("game") == [LONG], 10)
        cancels = logging_speechd.server_log().count("CANCEL self")
        press(display, "ctrl")
        assert speechd_log.wait_for(
            lambda: logging_speechd.server_log().count("CANCEL self") > cancels, 10)
        time.sleep(len(LONG) / 100 + 0.5)  # past the end the message would have had
    finally:
        speaker.close()
    assert [(m.text, m.finished) for m in logging_speechd.messages("game")] == [(LONG, False)]
