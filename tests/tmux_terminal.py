"""A real terminal (tmux) driven as a player would: keys and lines typed,
the printed screen read back (the end-to-end tests in tests/e2e/, and the
console survey's quick keys in tests/console/test_survey_commands.py).

Set ``AUDIO_SCRABBLE_E2E_COMMAND`` to run another command line in place of
``audio-scrabble`` (for example ``python3 -m audio_scrabble``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

TIMEOUT = 15.0


def _command() -> list[str]:
    override = os.environ.get("AUDIO_SCRABBLE_E2E_COMMAND")
    if override:
        return shlex.split(override)
    # the command installed with the Python running the tests (a venv's, used
    # without activating it, as the README's command does), before any other
    # on the PATH, which may be another copy of the game
    beside = Path(sys.executable).parent / ("audio-scrabble.exe" if os.name == "nt" else "audio-scrabble")
    if beside.is_file():
        return [str(beside)]
    exe = shutil.which("audio-scrabble")
    if exe is None:
        return [sys.executable, "-m", "audio_scrabble"]
    return [exe]


class Terminal:
    """One tmux pane on a private tmux server."""

    def __init__(self, tmp: Path, argv: list[str], env: dict[str, str], width: int = 100):
        self.socket = f"as-e2e-{uuid.uuid4().hex[:8]}"
        conf = tmp / "tmux.conf"
        conf.write_text("set -g history-limit 50000\nset -g remain-on-exit on\n")
        self.base = ["tmux", "-L", self.socket, "-f", str(conf)]
        env_args = [f"{k}={v}" for k, v in env.items()]
        # The shell prints the program's exit status when it ends, for the test to read.
        inner = " ".join(shlex.quote(a) for a in argv) + '; echo "[exit status $?]"'
        cmd = " ".join(shlex.quote(a) for a in ["env", *env_args, "sh", "-c", inner])
        subprocess.run([*self.base, "new-session", "-d", "-s", "game", "-x", str(width), "-y", "40", cmd], check=True)

    def screen(self) -> str:
        out = subprocess.run(
            [*self.base, "capture-pane", "-p", "-J", "-t", "game", "-S", "-50000"],
            check=True, capture_output=True, text=True,
        )
        return out.stdout

    #: the prompt is running: the last thing sent was a board key, after
    #: which the prompt stays (empty: it is not written again)
    in_prompt = False

    def type(self, text: str, enter: bool = True) -> None:
        self.in_prompt = False
        if text:
            subprocess.run([*self.base, "send-keys", "-t", "game", "-l", text], check=True)
        if enter:
            subprocess.run([*self.base, "send-keys", "-t", "game", "Enter"], check=True)

    def key(self, name: str) -> None:
        """Press a key. Control keys are sent only once a prompt is showing:
        between prompts the terminal is in cooked mode, where Ctrl-D is
        swallowed as end-of-file and Ctrl-C interrupts the program."""
        if not self.in_prompt:
            self.wait_for_prompt()
        subprocess.run([*self.base, "send-keys", "-t", "game", name], check=True)
        self.in_prompt = name not in ("Enter", "C-d", "C-c", "Tab")

    def wait_for_prompt(self, timeout: float = TIMEOUT) -> None:
        """Wait until the last line on screen is a prompt (``Bob>``, ``yes or no> ye``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            lines = [line for line in self.screen().splitlines() if line.strip()]
            if lines and ">" in lines[-1]:  # a prompt, perhaps with text typed after it
                time.sleep(0.1)  # the prompt is drawn just before raw mode begins
                return
            time.sleep(0.05)
        raise AssertionError("no prompt appeared")

    def wait_until(self, ok, what: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``ok(screen)``; returns the screen."""
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if ok(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{what} did not appear; the terminal shows:\n{screen[-3000:]}")

    def wait_for_hand_over(self, rack_head: str) -> str:
        """After Enter at a shared computer: the screen was cleared when the
        turn passed (the last rack is gone from it and from the scrollback),
        then this rack read."""
        return self.wait_until(
            lambda sc: sc.lstrip().startswith("Screen") and rack_head in sc and sc.count("your rack:") == 1,
            f"a cleared screen with {rack_head!r}")

    def wait_for(self, text: str, count: int = 1, timeout: float = TIMEOUT) -> str:
        """Wait until ``text`` has been printed ``count`` times; returns the screen."""
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            if screen.count(text) >= count:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} did not appear {count} time(s); the terminal shows:\n{screen[-3000:]}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


@pytest.fixture
def terminal_factory(tmp_path):
    made: list[Terminal] = []

    def make(args: list[str], width: int = 100) -> Terminal:
        env = {
            "AUDIO_SCRABBLE_CACHE_DIR": str(tmp_path / "cache"),
            "AUDIO_SCRABBLE_DATA_DIR": str(tmp_path / "data"),
            "NO_COLOR": "1",
            "TERM": "xterm-256color",
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        }
        if "--prompt" not in args:  # the tests read the prompt: written before every line
            args = [*args, "--prompt", "full"]  # (the default where a screen reader runs: issue 22)
        t = Terminal(tmp_path, _command() + args, env, width)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
