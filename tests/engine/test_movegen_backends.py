"""The compiled move generator (engine/_movegen_c.c, issue 26) gives
exactly the records of the pure-Python search, in the same order (moves,
scores, choices of blanks): on the positions of seeded games, each rack as
dealt and with one and two of its tiles made blanks; on openings; with
``lines`` masks (the end-game search's small generations) and the
champion's views of some lines; and for ``exists``.

And the game works without it: with the module blocked from import (a
meta-path finder, in a child interpreter) or AUDIO_SCRABBLE_PURE_PYTHON=1,
the generator is the pure-Python one, says so (``movegen.BACKEND``), and
gives the same records. The comparisons skip, saying why, where the module
is not built.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from audio_scrabble.core import Board
from audio_scrabble.engine import MoveGenerator, WordGraph, movegen
from audio_scrabble.engine.champion import _changed_view, _copy_analysis
from audio_scrabble.lexicon import Lexicon

from movegen_kit import blank_variants, seeded_turns  # type: ignore[import-not-found]

REPO = Path(__file__).resolve().parents[2]

if movegen._c is not None:
    WHY_NOT = ""
elif os.environ.get("AUDIO_SCRABBLE_PURE_PYTHON", "") not in ("", "0"):
    WHY_NOT = "AUDIO_SCRABBLE_PURE_PYTHON is set: the compiled move generator is not loaded"
else:
    WHY_NOT = ("the compiled move generator (audio_scrabble/engine/_movegen_c.c) is not built here: "
               "pip install -e . with a C compiler builds it")
needs_c = pytest.mark.skipif(bool(WHY_NOT), reason=WHY_NOT)


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


@pytest.fixture(scope="module")
def pair(lexicon: Lexicon) -> tuple[MoveGenerator, MoveGenerator]:
    if WHY_NOT:
        pytest.skip(WHY_NOT)
    return MoveGenerator(lexicon, backend="python"), MoveGenerator(lexicon, backend="c")


@needs_c
def test_same_records_in_seeded_games(lexicon, pair):
    py, c = pair
    assert (py.backend, c.backend) == ("python", "c")
    positions = blanks = records = 0
    for _, board, rack, rng in seeded_turns(lexicon, games=2, seed=61_000):
        for v in blank_variants(rack, rng):
            a, b = py.raw(board, v), c.raw(board, v)
            assert b == a, (board.rows_text(), v)
            assert c.exists(board, v) == py.exists(board, v) == bool(a)
            if positions % 10 == 0:
                assert c.generate(board, v).records == py.generate(board, v).records
            positions += 1
            blanks += "?" in v
            records += len(a)
    assert positions > 150 and blanks > 100 and records > 50_000


@needs_c
@pytest.mark.parametrize("rack", ["AEINRST", "AITRNVR", "QUIZERS", "BCDFGHK", "AEINRS?", "DEGLOR?", "AERTS??",
                                  "EINST??", "E??", "??", "?", "Q", "QI", "S???", "AEINRSTS", "?????"])
def test_same_records_on_openings(lexicon, pair, rack):
    py, c = pair
    a, b = py.raw(Board(), list(rack)), c.raw(Board(), list(rack))
    assert b == a
    assert c.exists(Board(), list(rack)) == py.exists(Board(), list(rack)) == bool(a)
    if len(rack) > 1 and rack != "??" and rack != "BCDFGHK":
        assert a


@needs_c
def test_same_records_for_lines_masks_and_small_racks(lexicon, pair):
    """The end-game search's calls: raw(board, rack, lines) for a few lines,
    small racks, the analysis kept from call to call (stale lines brought up
    to date only when asked for)."""
    py, c = pair
    rng = random.Random(5)
    calls = nonempty = 0
    for k, (_, board, rack, _) in enumerate(seeded_turns(lexicon, games=2, seed=62_000)):
        if k < 6 or k % 2:
            continue
        for _ in range(6):
            tiles = rng.sample(rack, rng.randint(1, min(4, len(rack)))) if rack else []
            if rng.random() < 0.3 and tiles:
                tiles[0] = "?"
            mask = 0
            for _ in range(rng.randint(1, 4)):
                mask |= 1 << rng.randrange(30)
            a, b = py.raw(board, tiles, mask), c.raw(board, tiles, mask)
            assert b == a, (board.rows_text(), tiles, mask)
            if any(any(row) for row in board.cells):  # (an opening ignores the mask)
                assert all(mask >> (15 * r[1] + r[2]) & 1 for r in b)
            calls += 1
            nonempty += bool(a)
        assert c.raw(board, rack) == py.raw(board, rack)
    assert calls > 100 and nonempty > 30


@needs_c
def test_same_records_on_the_champions_views_of_some_lines(lexicon, pair):
    """The champion shows the generator only the lines a play changed (the
    others hidden: a Line with no anchors and nothing packed)."""
    py, c = pair
    checked = 0
    for k, (_, board, rack, _) in enumerate(seeded_turns(lexicon, games=1, seed=63_000)):
        if k < 4 or k % 3:
            continue
        base = _copy_analysis(py.analysis.update(board))
        best = py.generate(board, rack)
        if not best:
            continue
        after = board.copy()
        for t in best[0].play.tiles:
            after.cells[t.square.row][t.square.col] = t.letter.lower() if t.blank else t.letter
        view, changed, _ = _changed_view(base, after)
        assert changed
        for gen in (py, c):
            gen.analysis = view  # type: ignore[assignment]  # the champion's duck-typed view
        for tiles in (rack, rack[:4] + ["?"]):
            a, b = py.raw(after, tiles), c.raw(after, tiles)
            assert b == a
            assert {(r[1], r[2]) for r in b} <= changed
            checked += 1
        for gen in (py, c):
            gen.analysis = movegen.BoardAnalysis(gen.graph)
    assert checked > 10


@needs_c
def test_the_flat_graph_is_made_once_per_word_graph_and_holds_every_node(lexicon):
    graph = WordGraph.from_words(["CAT", "CATS", "AT", "ATS", "TA", "TAS", "SCAT"])
    one, two = MoveGenerator(graph, backend="c"), MoveGenerator(graph, backend="c")
    assert one._cgraph is two._cgraph
    seen: set[int] = set()
    stack = [graph.root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            stack.extend(v for k, v in node.items() if k and isinstance(v, dict))
    assert one._cgraph.nodes == len(seen)
    board = Board()
    for k, ch in enumerate("CAT"):
        board.cells[7][6 + k] = ch
    py = MoveGenerator(graph, backend="python")
    for rack in (["S"], ["A", "S", "T"], ["?", "A"]):
        assert one.raw(board, rack) == py.raw(board, rack)
    assert ("CATS" in {r[4] for r in one.raw(board, ["S"])})


@needs_c
def test_bad_input_is_refused_alike(lexicon, pair):
    py, c = pair
    for gen in pair:
        with pytest.raises(KeyError):
            gen.raw(Board(), ["A", "1"])
    long_rack = list("AEINRSTAEINRSTAEI")  # past the compiled search's 16 tiles: the Python search
    assert len(long_rack) > movegen._C_MOST_TILES
    assert c.exists(Board(), long_rack) and py.exists(Board(), long_rack)


def test_backend_argument_is_checked(lexicon, monkeypatch):
    with pytest.raises(ValueError, match="backend"):
        MoveGenerator(lexicon, backend="fortran")
    monkeypatch.setattr(movegen, "_c", None)
    with pytest.raises(ValueError, match="not available"):
        MoveGenerator(lexicon, backend="c")
    assert MoveGenerator(lexicon, backend="python").backend == "python"


CHILD = r"""
import importlib.abc, json, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "audio_scrabble.engine._movegen_c":
            raise ImportError("blocked by the test: no compiled move generator")
        return None

if sys.argv[1] == "block":
    sys.meta_path.insert(0, Block())
from audio_scrabble.core import Board
from audio_scrabble.engine import MoveGenerator, movegen
from audio_scrabble.lexicon import Lexicon
board = Board()
for k, ch in enumerate("QUIZ"):
    board.cells[7][5 + k] = ch
gen = MoveGenerator(Lexicon.default())
print(json.dumps({"backend": movegen.BACKEND, "gen": gen.backend,
                  "loaded": "audio_scrabble.engine._movegen_c" in sys.modules,
                  "records": [list(r) for r in gen.raw(board, list("AERST?"))],
                  "exists": gen.exists(board, ["Q"]), "opening": len(gen.raw(Board(), list("AEINRST")))}))
"""


def _child(how: str, **env: str) -> dict:
    run_env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run_env.pop("AUDIO_SCRABBLE_PURE_PYTHON", None)
    run_env.update(env)
    out = subprocess.run([sys.executable, "-c", CHILD, how], env=run_env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def python_records(lexicon: Lexicon) -> dict:
    """What the child prints, from the Python search in this process."""
    board = Board()
    for k, ch in enumerate("QUIZ"):
        board.cells[7][5 + k] = ch
    gen = MoveGenerator(lexicon, backend="python")
    return {"records": [list(r) for r in gen.raw(board, list("AERST?"))], "exists": gen.exists(board, ["Q"]),
            "opening": len(gen.raw(Board(), list("AEINRST")))}


def test_the_game_works_when_the_compiled_module_cannot_be_imported(python_records):
    got = _child("block")
    assert (got["backend"], got["gen"], got["loaded"]) == ("python", "python", False)
    assert {k: got[k] for k in python_records} == python_records
    assert len(python_records["records"]) > 100 and python_records["opening"] > 100


def test_the_environment_variable_forces_the_python_search(python_records):
    got = _child("free", AUDIO_SCRABBLE_PURE_PYTHON="1")
    assert (got["backend"], got["gen"], got["loaded"]) == ("python", "python", False)
    assert {k: got[k] for k in python_records} == python_records


@needs_c
def test_by_default_the_compiled_search_is_used_and_gives_the_same_records(python_records):
    for value in (None, "0", ""):
        got = _child("free", **({} if value is None else {"AUDIO_SCRABBLE_PURE_PYTHON": value}))
        assert (got["backend"], got["gen"], got["loaded"]) == ("c", "c", True), value
        assert {k: got[k] for k in python_records} == python_records


@needs_c
def test_the_compiled_line_analysis_is_the_pythons(lexicon):
    """Each line's analysis (tiles, cross-checks, the perpendicular tiles'
    value, anchors, the packed form) is the same worked out by the compiled
    module as in Python, fresh and updated from the board before."""
    graph = WordGraph.for_lexicon(lexicon)
    inc_c, inc_py = movegen.BoardAnalysis(graph, "c"), movegen.BoardAnalysis(graph, "python")
    assert inc_c._cflat is not None and inc_py._cflat is None
    boards = 0
    for k, (_, board, _, _) in enumerate(seeded_turns(lexicon, games=2, seed=64_000)):
        fresh_c = movegen.BoardAnalysis(graph, "c").update(board)
        fresh_py = movegen.BoardAnalysis(graph, "python").update(board)
        inc_c.update(board)
        inc_py.update(board)
        for d in (0, 1):
            for i in range(15):
                want = fresh_py.lines[d][i]
                for ana in (fresh_c, inc_c, inc_py):
                    got = ana.lines[d][i]
                    if got.sq is None:  # (made when the Python search needs them)
                        assert ana._cflat is not None and got.runs is None
                        movegen._search_fields(got, d, i)
                    for slot in movegen.Line.__slots__:
                        assert getattr(got, slot) == getattr(want, slot), (k, d, i, slot)
        boards += 1
    assert boards > 40


@needs_c
def test_the_python_search_on_a_compiled_analysis(lexicon, pair):
    """A line the compiled module analysed leaves out what only the Python
    search reads (Line.sq, Line.runs); the Python search makes it when it
    meets such a line, and gives the same records."""
    py, c = pair
    checked = 0
    for k, (_, board, rack, _) in enumerate(seeded_turns(lexicon, games=1, seed=65_000)):
        if k % 2 != 1:
            continue
        py.analysis = movegen.BoardAnalysis(py.graph, "c")
        got = py.raw(board, rack + ["?"])
        assert got == c.raw(board, rack + ["?"])
        made = [ln for side in py.analysis.lines for ln in side if ln.sq is not None]
        assert made and all(ln.anchors for ln in made)
        checked += 1
    py.analysis = movegen.BoardAnalysis(py.graph, "python")
    assert checked > 5
