"""The tests follow the rooms of the house (issue 25): every test file lives
in the folder of the part it tests (tests/console/, tests/core/, ...), none
is over 800 lines, and no two share a name (pytest imports each test file
by its name alone, so a second test_x.py in another folder would not load).
Helpers the tests share stay beside them (tests/*.py, tests/<room>/*_kit.py),
never named test_*.py."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

#: the rooms: the package's layers, the command line, whole-program runs,
#: and the checks of the project as a whole (layers, types, packaging, fuzz)
ROOMS = {"core", "lexicon", "notation", "engine", "presentation", "persistence",
         "online", "console", "cli", "e2e", "project"}
MOST_LINES = 800


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def test_every_test_file_is_in_a_room_folder():
    outside = [str(p.relative_to(TESTS)) for p in _test_files()
               if len(p.relative_to(TESTS).parts) != 2 or p.parent.name not in ROOMS]
    assert outside == [], f"test files outside a room folder ({', '.join(sorted(ROOMS))}): {outside}"


def test_every_room_folder_holds_tests():
    empty = [room for room in sorted(ROOMS) if not list((TESTS / room).glob("test_*.py"))]
    assert empty == []


def test_no_test_file_is_over_800_lines():
    long = {str(p.relative_to(TESTS)): n for p in _test_files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}, f"split these by the part they test: {long}"


def test_no_two_test_files_share_a_name():
    where: dict[str, list[str]] = defaultdict(list)
    for p in _test_files():
        where[p.name].append(str(p.relative_to(TESTS)))
    assert {name: places for name, places in where.items() if len(places) > 1} == {}


def test_no_helper_module_shares_a_name_with_another():
    """Helpers are imported by name too (tests/ and each room folder are on
    the import path): one name, one module."""
    where: dict[str, list[str]] = defaultdict(list)
    for p in TESTS.rglob("*.py"):
        if "__pycache__" in p.parts or p.name == "conftest.py":
            continue
        where[p.name].append(str(p.relative_to(TESTS)))
    assert {name: places for name, places in where.items() if len(places) > 1} == {}
