"""The first lines heard carry only news (issue 22, point 7).

A step down that still left the speech asked for working ("Prism is not
installed; using accessible_output2.") and sounds that could not start
when the player did not ask for them by name ("Sounds off: PortAudio is
missing.") are not said at start-up: ``set`` says them, each after its
setting. Speech that could not start at all (text is used instead of what
was asked for) is news, and is still said first.

The game runs as the player starts it (``python -m audio_scrabble``, lines
piped in), in screen-reader mode against a private Speech Dispatcher
(tests/speechd_log.py). Prism and PortAudio are made missing for the game
by two small modules put first on its path that fail to import as the
real ones do when missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import speechd_log
from speechd_log import logging_speechd  # noqa: F401 - a fixture

ROOT = Path(__file__).resolve().parents[2]
GAME = ["--players", "Ann,computer:club", "--seed", "7", "--new"]

#: the first word of each line of ``set`` that is a setting's own
SETTING_NAMES = {"verbosity", "marks", "braille", "speech", "hints", "aids", "sounds", "echo",
                 "prompt", "think"}

PRISM_MISSING = 'raise ImportError("No module named \'prism\'", name="prism")\n'
PORTAUDIO_MISSING = 'raise OSError("PortAudio library not found")\n'


def _missing(tmp_path: Path) -> Path:
    shadow = tmp_path / "missing"
    shadow.mkdir()
    (shadow / "prism.py").write_text(PRISM_MISSING)
    (shadow / "sounddevice.py").write_text(PORTAUDIO_MISSING)
    return shadow


def _run(tmp_path: Path, args: list[str], lines: str, env: dict[str, str]) -> list[str]:
    # no Speech Dispatcher but the test's, no X display (the developer's keyboard)
    full = {k: v for k, v in os.environ.items() if not k.startswith("SPEECHD_") and k != "DISPLAY"}
    full.update(env)
    full["PYTHONPATH"] = os.pathsep.join([str(_missing(tmp_path)), str(ROOT)])
    full["AUDIO_SCRABBLE_DATA_DIR"] = str(tmp_path / "data")
    done = subprocess.run(
        [sys.executable, "-m", "audio_scrabble", *args], input=lines, capture_output=True,
        text=True, timeout=120, env=full, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _before_first_prompt(lines: list[str]) -> list[str]:
    first = next(i for i, line in enumerate(lines) if "> " in line)
    return lines[:first] + [lines[first].split("> ")[0]]


def _after_setting(lines: list[str], setting: str) -> str:
    """The note ``set`` says after ``setting`` (its lines of at most 40
    characters joined again), up to the next setting."""
    at = lines.index(setting) + 1
    note = []
    while at < len(lines) and lines[at].split(" ")[0].rstrip(":") not in SETTING_NAMES:
        assert len(lines[at]) <= 40, lines[at]
        note.append(lines[at])
        at += 1
    return " ".join(note)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_steps_down_that_still_work_are_said_by_set_not_at_start(
    tmp_path: Path, logging_speechd: speechd_log.Server,
) -> None:
    lines = _run(tmp_path, [*GAME, "--speech", "screenreader", "--sounds", "on"], "set\nquit\nyes\n",
                 logging_speechd.env)
    first = _before_first_prompt(lines)
    assert first[0] == "Audio Scrabble. Type help at any time."
    assert not [line for line in first if "Prism" in line or "Sounds off" in line or "PortAudio" in line]
    assert any(line.startswith("You drew U, Club computer drew G.") for line in first)
    # set says both, each after its setting
    settings = [line.split("> ")[-1] for line in lines]
    assert _after_setting(settings, "speech screenreader.") == "Prism is not installed; using accessible_output2."
    assert _after_setting(settings, "sounds off.") == "Sounds off: PortAudio is missing."
    # the screen-reader mode did start, through accessible_output2's named client
    assert any(name.endswith(":audio_scrabble:main") or ":audio_scrabble:" in name
               for name in logging_speechd.client_names())


def test_speech_that_could_not_start_is_still_said_first(tmp_path: Path) -> None:
    """tts asked for, no audio player to be found: text is used, and that
    is news: the first line says it (and set says it again)."""
    empty = tmp_path / "bin"
    empty.mkdir()
    lines = _run(tmp_path, [*GAME, "--speech", "tts"], "set\nquit\nyes\n", {"PATH": str(empty)})
    first = _before_first_prompt(lines)
    title = first.index("Audio Scrabble. Type help at any time.")
    notice = " ".join(first[:title])  # in lines of at most 40 (tests/console/test_speech_notice_fits.py)
    assert notice.startswith("Speech is not available (")
    assert notice.endswith("; using text only.")
    assert not [line for line in first if "Sounds off" in line]
    settings = [line.split("> ")[-1] for line in lines]
    assert _after_setting(settings, "speech text.") == notice
    assert _after_setting(settings, "sounds off.").startswith("Sounds off: ")


def test_help_speech_points_to_set() -> None:
    text = (ROOT / "audio_scrabble" / "data" / "help.txt").read_text()
    speech = text.split("== speech", 1)[1].split("\n== ", 1)[0]
    assert "set alone says the speech and sounds" in speech
    assert all(len(line) <= 40 for line in speech.splitlines())
