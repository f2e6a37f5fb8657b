"""Killed or signalled while the champion thinks (issue 24, item 5).

A game ended by SIGTERM while the champion thought printed its worker
processes' tracebacks (``Process ForkServerPoolWorker-1: Traceback ...
BrokenPipeError``) and "There appear to be 6 leaked semaphore objects" on
the player's output, and was not said goodbye to; SIGKILL printed the
same. Now SIGTERM and SIGHUP are a goodbye (the game saved once more, the
workers ended, "Goodbye." said, exit code 128 + the signal), and after
SIGKILL, or Ctrl-C as the workers start, they end quietly. A real game process, its champion
thinking, its standard error read whole.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.persistence import decode_save

REPO = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals and /proc as on Linux"),
    pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed"),
]


def _left_behind(data: Path) -> list[int]:
    """Processes still running that were started by the game (they carry its data folder)."""
    mark = f"AUDIO_SCRABBLE_DATA_DIR={data}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if mark in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _all_end(data: Path) -> list[int]:
    """The game's processes still running once they have had a while to
    end (its fork server and resource tracker end when they see it gone)."""
    for _ in range(150):
        left = _left_behind(data)
        if not left:
            break
        time.sleep(0.2)
    return left


def _thinking_game(tmp_path: Path, settle: float = 1.5) -> tuple[subprocess.Popen, Path, "queue.Queue[str]"]:
    data = tmp_path / "data"
    env = dict(os.environ, AUDIO_SCRABBLE_DATA_DIR=str(data),
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # seed 4: an opening the champion thinks long on (it played after 15.7 s
    # of its 20 with the compiled generator; at seeds 3 and 5-8 it had cut
    # its candidates to one and played within 1.5 s, before the signal)
    proc = subprocess.Popen(
        [sys.executable, "-m", "audio_scrabble", "--players", "Ann,computer:champion", "--seed", "4",
         "--speech", "text", "--think", "20"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        # Ctrl-C as at a terminal: a test run in the background (a job without
        # job control) ignores SIGINT, and a child would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    assert proc.stdin is not None
    proc.stdin.write("pass\n")
    proc.stdin.flush()
    while True:
        line = lines.get(timeout=120)
        if "is thinking" in line:
            break
    time.sleep(settle)  # (1.5 s: its workers are started and simulating)
    return proc, data, lines


def _end(proc: subprocess.Popen, lines: "queue.Queue[str]") -> tuple[str, str]:
    """What the game printed, and its standard error whole (every process
    holding the pipe has ended), once it has ended (killed after two
    minutes: a game that does not end fails the test, never hangs it)."""
    try:
        proc.wait(120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(30)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(proc.stderr.read()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    reader.join(120)
    err = got[0] if got else "(standard error still held open after two minutes)"
    out = []
    while not lines.empty():
        out.append(lines.get())
    return "".join(out), err


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_or_sighup_while_the_champion_thinks_is_a_quiet_goodbye(tmp_path, signame):
    proc, data, lines = _thinking_game(tmp_path)
    signum = getattr(signal, signame)
    proc.send_signal(signum)
    out, err = _end(proc, lines)
    assert err == "", err
    assert proc.returncode == 128 + signum, (proc.returncode, out)
    assert "Goodbye. The game is saved;" in out, out
    saved = decode_save((data / "current.json").read_bytes())
    # the pass, and the champion's move exactly when it was said (one that
    # has dropped every candidate but one plays before its think is up)
    played = "Champion computer played" in out
    assert saved.summary.names == ("Ann", "Champion computer") and len(saved.actions) == 1 + played, out[-500:]
    assert not _all_end(data)


def test_sigkill_while_the_champion_thinks_leaves_the_workers_quiet(tmp_path):
    proc, data, lines = _thinking_game(tmp_path)
    # stopped first, so that what it said and what it saved are read at one
    # moment: a champion that has dropped every candidate but one plays
    # before its think is up (once within the 1.5 s, under load)
    proc.send_signal(signal.SIGSTOP)
    time.sleep(0.3)
    proc.kill()
    out, err = _end(proc, lines)
    time.sleep(0.2)  # the reader's last lines
    while not lines.empty():
        out += lines.get()
    assert "Traceback" not in err and "leaked" not in err, err
    played = "Champion computer played" in out
    assert len(decode_save((data / "current.json").read_bytes()).actions) == 1 + played, out[-500:]
    assert not _all_end(data)  # the workers end once their batch finds no game to take it


@pytest.mark.parametrize("settle", [0.05, 0.1, 0.15])
def test_ctrl_c_early_in_the_first_think_prints_no_traceback(tmp_path, settle):
    """Ctrl-C as the worker processes start: "Stopped." alone (a worker
    started then printed a FileNotFoundError traceback, 6 of 6 times)."""
    proc, data, lines = _thinking_game(tmp_path, settle)
    proc.send_signal(signal.SIGINT)
    _, err = _end(proc, lines)
    assert err == "Stopped.\n", err
    assert len(decode_save((data / "current.json").read_bytes()).actions) == 1
