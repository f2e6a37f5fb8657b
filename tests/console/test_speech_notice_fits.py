"""The start-up line saying speech could not start fits a braille line
(issue s27 sr8: found while checking which way speech goes).

"Speech is not available (no screen reader running and no sound device is
working); using text only." was printed as one line of 99 characters,
where every line the game says is at most 40 (README, "Speech and
braille"); ``set`` already said the same note in lines of at most 40. Now
the start-up says it in those lines too, first, and ``set`` says the same
words. The game as the player starts it, lines piped in, no audio player
to be found (tts cannot start)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(tmp_path: Path, speech: str, extra_env: dict[str, str]) -> list[str]:
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AUDIO_SCRABBLE_DATA_DIR": str(tmp_path / "data"),
           "AUDIO_SCRABBLE_CACHE_DIR": str(tmp_path / "cache"), "PATH": str(empty), **extra_env}
    done = subprocess.run([sys.executable, "-m", "audio_scrabble", "--players", "Ann,Bob", "--seed", "3",
                           "--speech", speech, "--new"], input="set\nquit\nyes\n", env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_notice_is_said_first_in_braille_lines(tmp_path: Path) -> None:
    lines = _run(tmp_path, "tts", {})
    title = lines.index("Audio Scrabble. Type help at any time.")
    notice = lines[:title]
    print(notice)
    assert notice and notice[0].startswith("Speech is not available"), lines[:3]
    assert notice[-1].endswith("using text only."), notice
    assert [line for line in notice if len(line) > 40] == []


def test_set_says_the_same_words(tmp_path: Path) -> None:
    lines = [line.split("> ")[-1] for line in _run(tmp_path, "tts", {})]
    notice = lines[:lines.index("Audio Scrabble. Type help at any time.")]
    at = lines.index("speech text.") + 1
    assert lines[at:at + len(notice)] == notice
