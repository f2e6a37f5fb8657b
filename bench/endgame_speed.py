#!/usr/bin/env python3
"""The compiled end-game search's CPU time a node, on a fixed node set.

    python bench/endgame_speed.py [--depth 5] [--seeds 41,45,50,900,1000,1002]
                                  [--cache FILE] [--against DIR] [--rounds 3]

The positions: the first bag-empty position of the tests' club games
(tests/engine/test_endgame_incremental.py's bag_empty: two club players,
seeds as given), each searched by the compiled search (EndgameSolver,
backend "c") to a fixed depth with no time limit, so the same nodes in
every run of the same search. Printed: each position's nodes and CPU
seconds (this process's), the totals and nodes a second.

--against DIR: DIR holds another copy of the project (``git archive REF
audio_scrabble lexicon | tar -x -C DIR``, then its _movegen_c built in
place as the README says); the two are run in turn,
each in its own process, ``--rounds`` times (alternating cancels some of
a shared machine's changing load), and the node counts of every position
must be the same in both (else the bench stops: a change of speed is
only measured on the same nodes). Printed: each build's CPU seconds in
every round, their medians, nodes a second and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def club_positions(seeds: list[int], cache: str | None) -> list[dict]:
    """The first bag-empty position of each seed's club game (the tests'
    bag_empty): the mover's rack and the tiles unseen by the mover."""
    if cache and Path(cache).exists():
        got = json.loads(Path(cache).read_text())
        if [p["seed"] for p in got] == seeds:
            return got
    from audio_scrabble.core.game import Game
    from audio_scrabble.core.rules import VARIANTS
    from audio_scrabble.engine import ComputerPlayer
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    out = []
    for seed in seeds:
        game = Game(["a", "b"], VARIANTS["double"], seed=seed, lexicon=lexicon)
        seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
        while not game.is_over and (game.bag or game.awaiting_final_challenge):
            if game.awaiting_final_challenge:
                game.accept()
                continue
            seats[game.current].choose(game, game.current).apply(game)
        if game.is_over:
            raise SystemExit(f"seed {seed}: the game ended before the bag emptied")
        me = game.current
        out.append(dict(seed=seed, rows=game.board.rows_text(), mine="".join(game.players[me].rack),
                        theirs="".join(sorted(game.unseen(me).elements()))))
    if cache:
        Path(cache).write_text(json.dumps(out))
    return out


def run(positions: list[dict], depth: int) -> list[dict]:
    """Each position searched to ``depth`` by the compiled search."""
    from audio_scrabble.core.board import Board
    from audio_scrabble.engine import MoveGenerator
    from audio_scrabble.engine.endgame import EndgameSolver, c_search_available
    from audio_scrabble.lexicon import Lexicon

    if not c_search_available():
        raise SystemExit("the compiled search is not in use here (_movegen_c not built?)")
    gen = MoveGenerator(Lexicon.default())
    out = []
    for p in positions:
        solver = EndgameSolver(gen, max_depth=depth, backend="c")
        board = Board.from_rows(p["rows"])
        t0 = time.process_time()
        r = solver.solve(board, list(p["mine"]), list(p["theirs"]), float("inf"))
        cpu = time.process_time() - t0
        if r.depth != depth and not r.exact:
            raise SystemExit(f"seed {p['seed']}: stopped at depth {r.depth}, not {depth}")
        out.append(dict(seed=p["seed"], nodes=r.nodes, cpu=cpu, value=r.value, depth=r.depth))
    return out


def child(tree: str, depth: int, cache: str) -> list[dict]:
    """A run in a process of its own, on the project copy at ``tree``."""
    env = dict(os.environ, PYTHONPATH=tree)
    got = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--depth", str(depth), "--cache", cache,
                          "--json", "--tree", tree], env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(got.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--seeds", default="41,45,50,900,1000,1002")
    ap.add_argument("--cache", default=None, help="JSON file keeping the positions")
    ap.add_argument("--against", default=None, help="another copy of the project to run in turn")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tree", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    sys.path.insert(0, args.tree or str(REPO))
    seeds = [int(s) for s in args.seeds.split(",")]
    if args.against is None:
        got = run(club_positions(seeds, args.cache), args.depth)
        if args.json:
            print(json.dumps(got))
            return 0
        for g in got:
            print(f"seed {g['seed']}: nodes {g['nodes']:,} CPU {g['cpu']:.2f} s value {g['value']}")
        n_all, cpu_all = sum(g["nodes"] for g in got), sum(g["cpu"] for g in got)
        print(f"depth {args.depth}: nodes {n_all:,} CPU {cpu_all:.2f} s, {n_all / cpu_all:,.0f} nodes a second")
        return 0
    cache = args.cache or "/tmp/endgame_speed_positions.json"
    club_positions(seeds, cache)
    trees = {"other": str(Path(args.against).resolve()), "this": str(REPO)}
    cpu: dict[str, list[float]] = {k: [] for k in trees}
    nodes: dict[str, list[int]] = {}
    for rnd in range(args.rounds):
        for name in (("other", "this") if rnd % 2 == 0 else ("this", "other")):
            got = child(trees[name], args.depth, cache)
            counts = [g["nodes"] for g in got]
            for other, theirs in nodes.items():
                assert counts == theirs, f"node counts differ: {name} {counts}, {other} {theirs}"
            nodes[name] = counts
            cpu[name].append(sum(g["cpu"] for g in got))
            print(f"round {rnd + 1} {name}: CPU {cpu[name][-1]:.2f} s", flush=True)
    total = sum(nodes["this"])
    print(f"depth {args.depth}, {len(seeds)} positions: nodes {total:,} in both (per position {nodes['this']})")
    for name in trees:
        med = statistics.median(cpu[name])
        print(f"{name} ({trees[name]}): CPU median {med:.2f} s ({', '.join(f'{c:.2f}' for c in cpu[name])}), "
              f"{total / med:,.0f} nodes a second")
    print(f"this / other CPU: {statistics.median(cpu['this']) / statistics.median(cpu['other']):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
