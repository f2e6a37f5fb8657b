"""The package runs on the oldest Python that pyproject.toml names (3.10).

The suite runs on a newer Python, so two things that differ in 3.10 are
checked here without it: every module parses with 3.10's grammar, and
every ``joinpath`` call passes one part (3.10's ``Traversable.joinpath``,
what ``importlib.resources.files`` returns, takes exactly one; the
leave table and the packaged word graph failed to load there with two).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "audio_scrabble"


def oldest() -> tuple[int, int]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'requires-python\s*=\s*">=\s*(\d+)\.(\d+)', text)
    assert found, "pyproject.toml names no oldest Python"
    return int(found.group(1)), int(found.group(2))


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_oldest_python_is_310() -> None:
    assert oldest() == (3, 10)


def test_every_module_parses_with_the_oldest_grammar() -> None:
    version = oldest()
    failed = []
    for path in modules():
        try:
            ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=version)
        except SyntaxError as error:
            failed.append(f"{path.relative_to(ROOT)}:{error.lineno}: {error.msg}")
    assert not failed, failed


def test_joinpath_takes_one_part() -> None:
    found = []
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "joinpath" and len(node.args) != 1):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"joinpath with more than one part (3.10 takes one): {found}"
