"""Packaging: the source distribution builds a wheel, the wheel installs into
a fresh virtual environment, and the installed command works.

Slow (a venv, setuptools, two builds, an install: about half a minute);
``-m 'not slow'`` leaves it out. The venv sees the system's packages
(``--system-site-packages``) and the wheel is installed with ``--no-deps``,
so nothing but a recent setuptools is fetched (and the test skips, saying
so, when even that cannot be had).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

IGNORED = shutil.ignore_patterns(
    ".git", "__pycache__", "*.pyc", ".hypothesis", ".pytest_cache", ".benchmarks", "build", "dist", "*.egg-info"
)


def _bin(venv: Path, name: str) -> Path:
    folder = venv / ("Scripts" if os.name == "nt" else "bin")
    exe = folder / (name + (".exe" if os.name == "nt" else ""))
    return exe


def _clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["AUDIO_SCRABBLE_DATA_DIR"] = str(tmp_path / "data")
    env["AUDIO_SCRABBLE_CACHE_DIR"] = str(tmp_path / "cache")
    return env


def _run(args: list[object], tmp_path: Path, cwd: Path, stdin: bytes = b"", timeout: int = 180) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=_clean_env(tmp_path), input=stdin, capture_output=True, timeout=timeout
    )


def _build(python: Path, what: str, source: Path, out: Path, tmp_path: Path) -> Path:
    code = f"from setuptools import build_meta as b; print(b.build_{what}({str(out)!r}))"
    r = _run([python, "-c", code], tmp_path, cwd=source)
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-3000:]
    return out / r.stdout.decode().strip().splitlines()[-1]


def _see_the_outer_venv(python: Path, tmp_path: Path) -> None:
    """When the tests run in a virtual environment, ``--system-site-packages``
    shows the new venv the base interpreter's packages, not this venv's
    (where prompt_toolkit and the rest are): point it at those too. Their
    .pth files are not read, so an editable install of the game stays out."""
    if sys.prefix == sys.base_prefix:
        return
    r = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp_path, cwd=tmp_path)
    site = Path(r.stdout.decode().strip())
    outer = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (site / "outer_environment.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")


def test_sdist_and_wheel_build_install_and_run(tmp_path):
    venv = tmp_path / "venv"
    made = subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", str(venv)], capture_output=True, timeout=120
    )
    if made.returncode != 0:
        pytest.skip(f"no virtual environment can be made here: {made.stderr.decode(errors='replace')[-300:]}")
    python = _bin(venv, "python")
    _see_the_outer_venv(python, tmp_path)
    got = _run([python, "-m", "pip", "install", "-q", "setuptools>=77"], tmp_path, cwd=tmp_path)
    if got.returncode != 0:
        pytest.skip("setuptools 77 or later (for the SPDX licence) cannot be installed here (offline?)")

    # 1. the source distribution, from a clean copy of the tree
    source = tmp_path / "source"
    shutil.copytree(REPO, source, ignore=IGNORED)
    dist = tmp_path / "dist"
    sdist = _build(python, "sdist", source, dist, tmp_path)
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        top = tar.getnames()[0].split("/")[0]
        if hasattr(tarfile, "data_filter"):  # Python 3.12+, and security releases of 3.10 and 3.11
            tar.extractall(tmp_path / "unpacked", filter="data")
        else:  # pragma: no cover
            tar.extractall(tmp_path / "unpacked")
    for needed in (
        "LICENSE", "README.md", "pyproject.toml", "tests/conftest.py", "tests/randplay.py",
        "tests/DEBIAN_PACKAGES.speech", "tests/DEBIAN_PACKAGES.braille", "tests/records/partial_racks.gcg",
        "tests/cli/test_cli.py", "bench/fuzz.py", "lexicon/english.txt", "braille_tables/scrabble-brf.dis",
        "audio_scrabble/data/help.txt",
    ):
        assert needed in names, f"the sdist lacks {needed}"
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)

    # 2. the wheel, built from the unpacked sdist (so the sdist is enough to build it)
    wheel = _build(python, "wheel", tmp_path / "unpacked" / top, dist, tmp_path)
    with zipfile.ZipFile(wheel) as whl:
        files = set(whl.namelist())
        metadata = next(whl.read(n).decode() for n in files if n.endswith(".dist-info/METADATA"))
    for needed in (
        "audio_scrabble/data/help.txt", "audio_scrabble/wordlists/english.txt",
        "audio_scrabble/braille_data/scrabble-brf.dis", "audio_scrabble/presentation/streams.py", "audio_scrabble/cli.py",
    ):
        assert needed in files, f"the wheel lacks {needed}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in files)
    assert "License-Expression: MIT" in metadata

    # 3. installed into the venv, the command works from there
    r = _run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel], tmp_path, cwd=tmp_path)
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-2000:]
    r = _run([python, "-c", "import audio_scrabble; print(audio_scrabble.__file__)"], tmp_path, cwd=tmp_path)
    assert Path(r.stdout.decode().strip()).resolve().is_relative_to(venv.resolve()), r.stdout
    command = _bin(venv, "audio-scrabble")
    r = _run([command, "judge", "QI"], tmp_path, cwd=tmp_path)
    assert (r.returncode, r.stdout.decode().strip()) == (0, "QI: acceptable"), r.stderr.decode(errors="replace")
    r = _run([command, "--version"], tmp_path, cwd=tmp_path)
    assert r.stdout.decode().strip().startswith("audio-scrabble ")
    game = _run(
        [command, "--players", "Ann,Bob", "--seed", "3", "--rules", "double"],
        tmp_path, cwd=tmp_path, stdin=b"\nrack\nhelp\nquit\nyes\n",
    )
    out = game.stdout.decode(errors="replace")
    assert game.returncode == 0, game.stderr.decode(errors="replace")[-2000:]
    assert "Ann, your rack:" in out and "Goodbye." in out and "Traceback" not in game.stderr.decode(errors="replace")
