"""The compiled end-game search (_movegen_c.Endgame, EndgameSolver with
backend "c") searches the same nodes in the same order as the Python
search: on seeded bag-empty positions, at fixed depths with no deadline,
the two give the same value, depth, exactness, chosen play and node count
(the play is compared whole: the same order makes the same choice among
ties); with a counting clock and a budget, the same result too (the
compiled search reads such a clock at every node, as the Python one does).
(The node counts agree while no bucket of the compiled search's fixed
table overflows: past some 10^5 nodes an entry the Python table keeps may
be replaced, and the counts may then differ by a few nodes.)"""

from __future__ import annotations

import random

import pytest

from audio_scrabble.engine import MoveGenerator
from audio_scrabble.engine import endgame as eg
from audio_scrabble.engine.endgame import CompiledEndgame, EndgameSolver, c_search_available

from test_endgame_incremental import bag_empty

pytestmark = pytest.mark.skipif(
    not c_search_available(),
    reason="the compiled search is not in use here (_movegen_c not built, or AUDIO_SCRABBLE_PURE_PYTHON=1)")


@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


@pytest.fixture(scope="module")
def games(lexicon):
    out = {}
    for seed in (41, 45, 50, 900, 1000, 1002, 1003):
        game = bag_empty(lexicon, seed)
        if game is not None:
            me = game.current
            out[seed] = (game.board, list(game.players[me].rack), list(game.unseen(me).elements()))
    assert len(out) >= 5
    return out


def both(lexicon, board, mine, theirs, depth, seconds=float("inf"), clock=None) -> list[tuple]:
    got = []
    for backend in ("python", "c"):
        solver = EndgameSolver(MoveGenerator(lexicon), max_depth=depth, backend=backend, clock=clock)
        r = solver.solve(board, mine, theirs, seconds)
        got.append((r.play, r.score, r.value, r.depth, r.exact, r.nodes, r.value_depth))
        if clock is not None:
            clock.now = 0.0
    return got


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_same_search_on_whole_racks(lexicon, games, depth):
    for seed, (board, mine, theirs) in games.items():
        py, c = both(lexicon, board, mine, theirs, depth)
        assert c == py, (seed, depth)
        assert c[5] > 0


def test_the_same_search_on_whole_racks_with_blanks(lexicon, games):
    """A blank in place of a tile on one rack, then on the other, then on
    both: depth 2 (each side plays once; the other choices of blanks of a
    part of a rack are checked by the small racks below, searched to the
    end)."""
    for seed, (board, mine, theirs) in list(games.items())[:4]:
        for a, b in ((1, 0), (0, 1), (1, 1)):
            m = ["?"] * a + mine[a:]
            t = ["?"] * b + theirs[b:]
            py, c = both(lexicon, board, m, t, 2)
            assert c == py, (seed, m, t)


def test_the_same_search_to_the_end_on_small_racks(lexicon, games):
    """Racks of 1 to 4 tiles drawn (seeded) from each position's tiles, a
    blank added in a third: searched until exact, both the same."""
    exact = 0
    for seed, (board, mine, theirs) in games.items():
        for k in range(6):
            rng = random.Random(100 * seed + k)
            pool = mine + theirs + (["?"] if k % 3 == 2 else [])
            rng.shuffle(pool)
            a, b = rng.randint(1, 4), rng.randint(1, 4)
            py, c = both(lexicon, board, pool[:a], pool[a:a + b], 30)
            assert c == py, (seed, k, pool[:a], pool[a:a + b])
            exact += c[4]
    assert exact >= 30


class _Clock:
    """Moves 1 ms each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


def test_the_same_result_within_a_counted_budget(lexicon, games):
    """A budget of 200 clock reads: both stop at the same node."""
    stopped = 0
    for seed, (board, mine, theirs) in list(games.items())[:4]:
        py, c = both(lexicon, board, mine, theirs, 30, seconds=0.2, clock=_Clock())
        assert c == py, seed
        stopped += not c[4]
    assert stopped >= 2


def test_a_real_clock_is_read_every_few_nodes(lexicon, games, monkeypatch):
    """With a game's clock the compiled search reads it every
    C_CLOCK_EVERY nodes (a read costs more than a node)."""
    board, mine, theirs = next(iter(games.values()))
    reads = []

    def clock() -> float:
        reads.append(1)
        return 0.0

    monkeypatch.setattr(eg, "_REAL_CLOCKS", (clock,))
    r = EndgameSolver(MoveGenerator(lexicon), max_depth=3, backend="c", clock=clock).solve(board, mine, theirs,
                                                                                         float("inf"))
    assert r.nodes > 10 * eg.C_CLOCK_EVERY
    assert len(reads) < r.nodes // eg.C_CLOCK_EVERY + 20


def test_which_search_solves(lexicon, games):
    """The compiled search where the generator is compiled; the Python one
    for a Python generator, or for a rack over 7 tiles (same answer)."""
    board, mine, theirs = next(iter(games.values()))
    assert EndgameSolver(MoveGenerator(lexicon)).backend == "c"
    assert EndgameSolver(MoveGenerator(lexicon, backend="python")).backend == "python"
    with pytest.raises(ValueError):
        EndgameSolver(MoveGenerator(lexicon, backend="python"), backend="c")
    solver = EndgameSolver(MoveGenerator(lexicon), max_depth=3)
    solver.solve(board, mine, theirs, float("inf"))
    assert solver._cs is not None and solver._cs.held > 0
    big = mine + theirs[:1]  # 8 tiles: the Python search
    solver.solve(board, big, theirs[1:], float("inf"))
    assert solver._cs is None


def test_pure_python_forces_the_python_search(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, AUDIO_SCRABBLE_PURE_PYTHON="1")
    code = ("from audio_scrabble.engine import MoveGenerator\n"
            "from audio_scrabble.engine.endgame import EndgameSolver\n"
            "from audio_scrabble.lexicon import Lexicon\n"
            "print(EndgameSolver(MoveGenerator(Lexicon.default())).backend)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "python"


def test_an_error_from_the_clock_leaves_the_search(lexicon, games):
    """An exception from the clock (a KeyboardInterrupt, say) comes out of
    the compiled search as it would out of the Python one."""
    board, mine, theirs = next(iter(games.values()))
    reads = []

    def clock() -> float:
        reads.append(1)
        if len(reads) > 50:
            raise KeyboardInterrupt
        return 0.0

    with pytest.raises(KeyboardInterrupt):
        EndgameSolver(MoveGenerator(lexicon), backend="c", clock=clock).solve(board, mine, theirs, 10.0)


def test_ctrl_c_stops_the_compiled_search(lexicon, games):
    """Ctrl-C during a 60 s search stops it with KeyboardInterrupt (the
    compiled search checks for signals when it reads the clock; this test
    would also pass were they only seen between two root moves, but not
    were they held until the budget is spent)."""
    import signal

    if not hasattr(signal, "setitimer"):
        pytest.skip("no interval timer here")
    board, mine, theirs = games[45]

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            EndgameSolver(MoveGenerator(lexicon), backend="c").solve(board, mine, theirs, 60.0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_other_threads_run_during_the_compiled_search(lexicon, games):
    """The console chooses computers' moves on a thread of their own while
    its input thread waits for keys: the compiled search lets other
    threads run when it reads the clock (here the main thread sees its
    node count part-way, which it could not were the search to hold the
    interpreter until the end)."""
    import threading

    board, mine, theirs = games[45]
    solver = CompiledEndgame(MoveGenerator(lexicon))
    # A search this short (some 50 ms) can finish before a starved main
    # thread is scheduled at all on a loaded machine, so the search is made
    # afresh (a new table) and run again, up to 20 times, until the main
    # thread sees it part-way; a search that never let go would fail all 20.
    tries = []
    for _ in range(20):
        cs = solver.start(board, mine, theirs)
        # the pass at the root: a search of some 10^4 nodes (the first root
        # move's, ordered most tiles first, is exact in a few hundred)
        worker = threading.Thread(target=cs.root_child, args=(-1, 5, float("-inf"), float("inf")))
        seen = set()
        worker.start()
        while worker.is_alive():
            seen.add(cs.nodes)
        worker.join()
        final = cs.nodes
        assert final > 1000
        tries.append((sorted(seen)[:5], final))
        if any(0 < n < final for n in seen):
            break
    else:
        raise AssertionError(tries)
