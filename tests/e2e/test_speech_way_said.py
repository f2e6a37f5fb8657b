"""A Speech Dispatcher that answers is no screen reader (issue s27 sr8, 1).

Other programs start Speech Dispatcher too; a self-voicing player with one
running and no Orca heard nothing before: the game took the server for a
screen reader (``--speech auto`` chose text, the prompt was told only
when it changed, as if Orca read the console). Now a screen reader counts
only where one really reads (on the session's accessibility bus, one
that listens for text inserted: presentation/screen_readers.py), and the
game says first, in a terminal, which way speech goes.

The real environment: a real Speech Dispatcher (tests/speechd_log.py),
a session bus of the test's own with its real accessibility bus (started
by dbus-daemon as a desktop's is), no Orca; the game in tmux.
Orca's side (Orca running counts) is tests/e2e/test_orca_speech_way.py.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

import speechd_log
from tmux_terminal import Terminal

REPO = Path(__file__).resolve().parents[2]
#: the game's source: this checkout, or ORCA_GAME_SOURCE (an export of an older commit)
SOURCE = os.environ.get("ORCA_GAME_SOURCE") or str(REPO)


def _missing() -> str | None:
    if not sys.platform.startswith("linux"):
        return "the Speech Dispatcher path is Linux's"
    for tool, package in (("tmux", "tmux"), ("dbus-daemon", "dbus-daemon"), ("gdbus", "libglib2.0-bin")):
        if shutil.which(tool) is None:
            return f"Debian package {package} is missing"
    if not Path("/usr/libexec/at-spi-bus-launcher").exists() and not shutil.which("at-spi-bus-launcher"):
        return "Debian package at-spi2-core is missing"
    return speechd_log.missing()


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.fixture
def session_without_orca(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A real Speech Dispatcher and a session bus of the test's own (its
    accessibility bus started on demand), no screen reader: the
    variables a program of that session has."""
    server = speechd_log.start()
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True,
                           env={k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "AT_SPI"))})
    try:
        assert bus.stdout is not None
        address = bus.stdout.readline().decode().strip()
        assert address, "the test's session bus did not start"
        yield {"SPEECHD_ADDRESS": server.address, "DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": "",
               "WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": str(server.root / "run")}
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(bus.pid, sig)  # the bus and the accessibility bus it started
            except ProcessLookupError:
                break
            try:
                bus.wait(3)
                break
            except subprocess.TimeoutExpired:
                continue
        server.stop()


def _probe(env: dict[str, str], folder: Path) -> str:
    code = ("from audio_scrabble.presentation.speech import screen_reader_running as r; "
            "print(r())")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, **env, "PYTHONPATH": SOURCE},
                          capture_output=True, text=True, timeout=60, cwd=folder)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_speech_dispatcher_alone_is_no_screen_reader(session_without_orca: dict[str, str],
                                                       tmp_path: Path) -> None:
    assert speechd_log.accepts(Path(session_without_orca["SPEECHD_ADDRESS"].split(":", 1)[1]))
    said = _probe(session_without_orca, tmp_path)  # (not the checkout: -c puts the folder first)
    print(f"screen_reader_running() with Speech Dispatcher and no Orca: {said}")
    assert said == "False"


@pytest.mark.parametrize("speech", ["text", "auto"])
def test_the_game_says_its_speech_is_not_a_screen_readers(
    speech: str, session_without_orca: dict[str, str], tmp_path: Path,
) -> None:
    env = {**session_without_orca, "AUDIO_SCRABBLE_DATA_DIR": str(tmp_path / "data"),
           "AUDIO_SCRABBLE_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": "1",
           "TERM": "xterm-256color", "PYTHONPATH": SOURCE}
    command = (f"cd {tmp_path} && exec {sys.executable} -m audio_scrabble --players Ann,Bob "
               f"--seed 3 --speech {speech} --new")  # (not in the checkout: -m puts the folder first)
    game = Terminal(tmp_path, ["sh", "-c", command], env)
    try:
        screen = game.wait_for("press Enter to hear your rack.")
        lines = [line.strip() for line in screen.splitlines() if line.strip()]
        print(f"--speech {speech}: the first lines {lines[:2]}")
        # text: nothing speaks; auto: the game's own voice, or (no sound here) text with the reason
        first = {"text": ["Speech: none, text only."],
                 "auto": ["Speech: the game's own voice.", "Speech is not available"]}[speech]
        assert any(lines[0].startswith(way) for way in first), lines[:3]
        game.type("")  # the rack; then the prompt, written in full: no screen reader reads
        screen = game.wait_until(lambda s: s.rstrip().endswith("Ann>"), "the prompt Ann>")
    finally:
        game.close()
