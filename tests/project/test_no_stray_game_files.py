"""The repository's top folder holds the project's own files only: no game
written there by hand or by a script run from it (``export`` and
``emboss`` write to the folder the program was started in). review7's
commit 025bb7a took in 48 such files by mistake (``open 1.gcg``,
``yes no-2.brf``...): each an export or emboss of one throwaway game,
named after a line typed at the prompt, in every clone and
worktree since."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: what a game written to a file is called by its ending (export, emboss, a save)
GAME_FILES = (".gcg", ".brf", ".cgp")


def _tracked_at_top() -> list[str]:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout (a source distribution): nothing tracked to look at")
    out = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, timeout=60)
    if out.returncode != 0:
        pytest.skip(f"git ls-files failed: {out.stderr.decode(errors='replace')[:200]}")
    names = [n for n in out.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
    return [n for n in names if "/" not in n]


def test_no_game_file_is_kept_in_the_top_folder():
    stray = [n for n in _tracked_at_top() if n.lower().endswith(GAME_FILES)]
    assert stray == [], f"{len(stray)} game files tracked at the top of the repository: {stray[:6]}"
