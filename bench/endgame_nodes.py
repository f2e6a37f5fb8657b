#!/usr/bin/env python3
"""The end-game search measured in nodes, not seconds (a shared machine's
timings are noisy): how many positions finish exact within a node budget,
and the nodes the exact ones took.

    python bench/endgame_nodes.py [--positions N] [--seed S] [--nodes 200000,1000000]
                                  [--cache FILE]

Positions as bench/endgame.py makes them (expert games, seeds S on, the
first bag-empty position of each). The budget is kept by the search's own
node count (read where the search reads its clock): the solver's deadline
is the node budget, so the search stops as when out of time.
Printed per budget: exact count and share, by the other's tiles, and the
sum of nodes over the positions exact in every budget (a change to the
search's order or pruning shows there first).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from audio_scrabble.core import Board  # noqa: E402
from audio_scrabble.engine import MoveGenerator, endgame  # noqa: E402
from audio_scrabble.engine.endgame import EndgameSolver  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from endgame import positions  # type: ignore[import-not-found]  # noqa: E402


class NodeClock:
    """A clock reading the compiled search's node count."""

    def __init__(self) -> None:
        self.solver: EndgameSolver | None = None

    def __call__(self) -> float:
        s = self.solver
        return float(s._cs.nodes) if s is not None and s._cs is not None else float(s.nodes if s else 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--nodes", default="200000,1000000", help="node budgets, comma-separated")
    ap.add_argument("--cache", help="JSON file keeping the positions")
    ap.add_argument("--show", action="store_true", help="a line per position")
    args = ap.parse_args()
    lexicon = Lexicon.default()
    gen = MoveGenerator(lexicon)
    pos = positions(lexicon, args.positions, args.seed, args.cache)
    clock = NodeClock()
    endgame._REAL_CLOCKS = endgame._REAL_CLOCKS + (clock,)  # read every C_CLOCK_EVERY nodes
    budgets = [int(float(b)) for b in args.nodes.split(",")]
    results: list[list[tuple[bool, int, int, float]]] = []
    for budget in budgets:
        row = []
        for p in pos:
            solver = EndgameSolver(gen, clock=clock)
            clock.solver = solver
            r = solver.solve(Board.from_rows(p["rows"]), list(p["mine"]), list(p["theirs"]), budget)
            row.append((r.exact, r.nodes, r.depth, r.value))
            if args.show:
                print(f"  {budget} seed {p['seed']} {len(p['mine'])}/{len(p['theirs'])}: exact {r.exact} "
                      f"nodes {r.nodes} depth {r.depth} value {r.value}", flush=True)
        results.append(row)
        n = len(pos)
        ex = sum(e for e, *_ in row)
        by: dict[int, list[int]] = {}
        for p, (e, *_r) in zip(pos, row):
            t = by.setdefault(len(p["theirs"]), [0, 0])
            t[0] += 1
            t[1] += e
        print(f"nodes {budget}: exact {ex}/{n} ({100 * ex / n:.1f} %); by the other's tiles "
              + ", ".join(f"{k}: {e}/{t}" for k, (t, e) in sorted(by.items())), flush=True)
    both = [k for k in range(len(pos)) if all(row[k][0] for row in results)]
    print(f"nodes over the {len(both)} positions exact at every budget: "
          f"{sum(results[0][k][1] for k in both)}; their values sum {sum(results[0][k][3] for k in both)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
