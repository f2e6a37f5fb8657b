"""What the saving tests share (tests/console/): a word list that accepts every
word, a player in a real process, passes and exchanges, the environment of
a game run as a program."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import DATA_DIR_ENV, SaveStore

from console_kit import AcceptAll  # type: ignore[import-not-found]


REPO = Path(__file__).resolve().parents[2]


def said(lines: list[str]) -> str:
    return " ".join(lines)


def stored(folder: Path, **opts) -> tuple[Session, list[str]]:
    opts.setdefault("players", "Alice,Bob")
    opts.setdefault("seed", 5)
    s = Session(Options(**opts), lexicon=opts.pop("_lexicon", None) or AcceptAll(), store=SaveStore(folder))
    return s, s.start()


def pass_turn(s: Session) -> list[str]:
    s.handle_line("")  # the hand-over: two people at one computer
    return s.handle_line("pass")


# ====================================================================== two processes
def _command() -> list[str]:
    exe = shutil.which("audio-scrabble")
    return [exe] if exe else [sys.executable, "-m", "audio_scrabble"]


def _env(xdg: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != DATA_DIR_ENV}
    env["XDG_DATA_HOME"] = str(xdg)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("NO_COLOR", None)
    return env
