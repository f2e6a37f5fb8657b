"""Packaging of the compiled move generator (audio_scrabble/engine/_movegen_c.c,
issue 26): the source distribution carries its C source; a wheel built
where a C compiler exists holds the module, and the installed game uses it
(``movegen.BACKEND == "c"``); a wheel built where the compiler cannot be
run holds no module, the build still succeeds, and the installed game
plays with its pure-Python search and gives the same moves.

Slow (a venv, setuptools, three builds, two installs); ``-m 'not slow'``
leaves it out. Skips, saying why, where no compiler or no setuptools 77
can be had.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest
from test_packaging import IGNORED, _bin, _build, _clean_env, _see_the_outer_venv

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
MODULE = "audio_scrabble/engine/_movegen_c"

PROBE = r"""
import json
from audio_scrabble.core import Board
from audio_scrabble.engine import MoveGenerator, movegen
from audio_scrabble.lexicon import Lexicon
board = Board()
for k, ch in enumerate("QUIZ"):
    board.cells[7][5 + k] = ch
recs = MoveGenerator(Lexicon.default()).raw(board, list("AERST?"))
print(json.dumps({"backend": movegen.BACKEND, "file": movegen.__file__, "records": [list(r) for r in recs]}))
"""


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def _probe(python: Path, tmp_path: Path) -> dict:
    r = subprocess.run([str(python), "-c", PROBE], cwd=tmp_path, env=_clean_env(tmp_path), capture_output=True,
                       timeout=180)
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-2000:]
    return json.loads(r.stdout)


def _install(python: Path, wheel: Path, tmp_path: Path) -> None:
    r = subprocess.run([str(python), "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", "--no-index",
                        str(wheel)], cwd=tmp_path, env=_clean_env(tmp_path), capture_output=True, timeout=180)
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-2000:]


def test_wheels_with_and_without_a_compiler(tmp_path, monkeypatch):
    if os.name == "nt":
        pytest.skip("the compiler is chosen by CC only where setuptools uses the Unix compiler")
    if _compiler() is None:
        pytest.skip("no C compiler here (on Debian: apt install build-essential), so no compiled module to package")
    venv = tmp_path / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], capture_output=True,
                          timeout=120)
    if made.returncode != 0:
        pytest.skip(f"no virtual environment can be made here: {made.stderr.decode(errors='replace')[-300:]}")
    python = _bin(venv, "python")
    _see_the_outer_venv(python, tmp_path)
    got = subprocess.run([str(python), "-m", "pip", "install", "-q", "setuptools>=77"], cwd=tmp_path,
                         env=_clean_env(tmp_path), capture_output=True, timeout=300)
    if got.returncode != 0:
        pytest.skip("setuptools 77 or later cannot be installed here (offline?)")

    source = tmp_path / "source"
    shutil.copytree(REPO, source, ignore=lambda d, names: set(IGNORED(d, names))
                    | {n for n in names if n.endswith((".so", ".pyd"))})  # (a module built in place here)
    assert not list(source.rglob("_movegen_c*.so"))
    dist = tmp_path / "dist"
    sdist = _build(python, "sdist", source, dist, tmp_path)
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert MODULE + ".c" in names, "the sdist lacks the compiled move generator's source"

    # With the compiler: the module is in the wheel, and the game uses it.
    wheel = _build(python, "wheel", source, dist / "with", tmp_path)
    with zipfile.ZipFile(wheel) as whl:
        built = [n for n in whl.namelist() if n.startswith(MODULE)]
    assert len(built) == 1 and built[0].endswith((".so", ".pyd")), built
    _install(python, wheel, tmp_path)
    with_c = _probe(python, tmp_path)
    assert with_c["backend"] == "c" and Path(with_c["file"]).resolve().is_relative_to(venv.resolve())

    # A compiler that cannot be run: the build goes on without the module.
    shutil.rmtree(source / "build", ignore_errors=True)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    wheel = _build(python, "wheel", source, dist / "without", tmp_path)
    monkeypatch.delenv("CC")
    with zipfile.ZipFile(wheel) as whl:
        files = whl.namelist()
    assert not [n for n in files if n.startswith(MODULE)], "no compiler, yet a compiled module (or its source) in the wheel"
    assert "audio_scrabble/engine/movegen.py" in files
    _install(python, wheel, tmp_path)
    without = _probe(python, tmp_path)
    assert without["backend"] == "python"
    assert without["records"] == with_c["records"] and len(with_c["records"]) > 100
