"""An answer's line blanked for a moment is written back when the game is
ended by a signal in that moment (issue s27 sr8, 3).

After an arrow, the last answer's line is blank while the next answer is
drawn below it, and written back 0.3 s later (console/output/answer_line.py
``RESTORE_AFTER``). SIGTERM or SIGHUP in that moment left it blank for
good: the screen and its scrollback lost that answer ("I8."). Now the
signal's handler writes it back before the goodbye. A SIGTERM while the
key was being answered also hung the game before ("Unhandled exception in
event loop", "Press ENTER to continue..."; start.Leaving was a plain
BaseException, which asyncio takes for an error of the loop's): it ends
with its goodbye. SIGINT is a key at the prompt (Ctrl-C, "Line
cleared."), which writes the line back as any key does.

A real terminal (tmux), the game in --speech text, --prompt changes (as
where a screen reader reads); the signal sent once the line is seen blank.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tmux_terminal import Terminal

REPO = Path(__file__).resolve().parents[2]
#: the game's source: this checkout, or ORCA_GAME_SOURCE (an export of an older commit)
SOURCE = os.environ.get("ORCA_GAME_SOURCE") or str(REPO)

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the line is blanked on Linux only"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="Debian package tmux is missing"),
]


def _lines(game: Terminal) -> list[str]:
    return [line.strip() for line in game.screen().splitlines() if line.strip()]


def _game_pid(game: Terminal) -> int:
    pane = subprocess.run([*game.base, "list-panes", "-F", "#{pane_pid}"],
                          capture_output=True, text=True, check=True).stdout.split()[0]
    found = subprocess.run(["pgrep", "-P", pane], capture_output=True, text=True).stdout.split()
    assert found, "the game's process was not found"
    return int(found[0])


def _arrow_until_blank(game: Terminal) -> str:
    """Right pressed until the last answer's line is seen blank: that answer."""
    for _ in range(5):
        time.sleep(0.6)  # the last answer written back, if it was blanked
        last = _lines(game)[-1]
        game.key("Right")
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            if last not in _lines(game):
                return last
        # missed the moment (a slow machine): again
    raise AssertionError("the answer's line was never seen blank")


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_blanked_answer_line_is_written_back_when_a_signal_comes(signame: str, tmp_path: Path) -> None:
    env = {"AUDIO_SCRABBLE_DATA_DIR": str(tmp_path / "data"), "AUDIO_SCRABBLE_CACHE_DIR": str(tmp_path / "cache"),
           "NO_COLOR": "1", "TERM": "xterm-256color", "PYTHONPATH": SOURCE,
           "DISPLAY": "", "WAYLAND_DISPLAY": "", "DBUS_SESSION_BUS_ADDRESS": ""}
    command = (f"cd {tmp_path} && exec {sys.executable} -m audio_scrabble --players Ann,Bob --seed 3 "
               "--speech text --prompt changes --new")  # (not in the checkout: -m puts the folder first)
    game = Terminal(tmp_path, ["sh", "-c", command], env)
    try:
        game.wait_for("press Enter to hear your rack.")
        game.type("")
        game.wait_for("your rack:")
        game.in_prompt = True  # (told only when it changes: no ">" to wait for)
        game.key("Right")
        blanked = _arrow_until_blank(game)
        os.kill(_game_pid(game), getattr(signal, signame))
        if signame == "SIGINT":
            game.wait_for("Line cleared.")
        else:
            game.wait_for("[exit status", timeout=30)
        time.sleep(0.5)
        lines = _lines(game)
        print(f"{signame}: blanked {blanked!r}; the screen ends {lines[-6:]}")
        assert blanked in lines, lines[-8:]
        assert "Press ENTER to continue..." not in lines
        if signame != "SIGINT":
            assert f"[exit status {128 + getattr(signal, signame)}]" in lines, lines[-6:]
            assert "Goodbye. The game is saved;" in lines
    finally:
        game.close()
