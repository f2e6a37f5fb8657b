"""mypy passes on the package: the whole of it at mypy's default level, the
rules core and the console strictly (the configuration is pyproject.toml's
[tool.mypy]). Run here so that the README's one test command checks it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes_on_the_package():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]' installs it)")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_console_and_the_core_are_checked_strictly():
    """The strict flags stay on for console/ and core/ (a test above runs them)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text[text.index('module = ["audio_scrabble.core.*", "audio_scrabble.console.*"]'):]
    section = section[: section.index("[[tool.mypy.overrides]]")]
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "disallow_untyped_calls",
                 "no_implicit_reexport", "strict_equality", "check_untyped_defs"):
        assert f"{flag} = true" in section, flag
