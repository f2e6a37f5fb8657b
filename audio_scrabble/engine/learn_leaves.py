"""Learn leave values by self-play, and write the table the expert uses.

    python -m audio_scrabble.engine.learn_leaves play --games N --out DATA.jsonl [--learned]
    python -m audio_scrabble.engine.learn_leaves fit DATA.jsonl [...] [--write] [--earlier GAMES ...]

The shipped table (``audio_scrabble/data/leaves.bin.z``) was made in two
rounds: 3,000 games with the hand-made leaves, fitted on the next turn's
score alone; then 2,000 games (seeds 200000-201999) with that table,
fitted with the temporal-difference target below -- about 16 CPU minutes
in all. Its facts (games, observations) are stored in the table::

    python -m audio_scrabble.engine.learn_leaves play --games 3000 --seed 100000 --out r1.jsonl
    python -m audio_scrabble.engine.learn_leaves fit r1.jsonl --write
    cp audio_scrabble/data/leaves.bin.z r1.bin.z
    python -m audio_scrabble.engine.learn_leaves play --games 2000 --seed 200000 --learned --out r2.jsonl
    python -m audio_scrabble.engine.learn_leaves fit r2.jsonl --write --earlier 3000 --bootstrap r1.bin.z

**Play.** Seeded games between two static expert players (equity = score
plus leave; with ``--learned``, the current learned table, else the
hand-made one; the end-game search shortened, since end-game turns are
not recorded). After every turn that leaves a player 1 to 6 tiles with at
least 7 tiles still in the bag (a play or an exchange), one observation is
kept: the leave and what the player scored on their next turn (0 for an
exchange or a pass); plays that use every tile are kept too, as the
empty leave that anchors the scale (a leave worth 0). Observations are written as JSON lines, one game a
line, so runs can be added up.

**Fit.** What a leave is worth is how much more than average its owner
scores next turn -- plus, when the next turn's leave was recorded, what
that leave is worth by the current table (a temporal-difference step:
a blank's worth spans several turns; each round of play and fit looks
one turn further). Few of the 1.1 million possible leaves are seen often
enough to be measured one by one, so the values come in two layers:

1. a ridge regression of the next-turn score on features of the leave
   (each tile kind's count, each kind's extra copies, the vowel and
   consonant counts, Q without U, a blank with an S, the leave's size),
   fitted on every observation;
2. for leaves seen often, their own mean, shrunk towards the regression
   by :data:`SHRINK` pseudo-observations.

Values are relative to the empty leave: what a player scores after a
bingo (seven fresh tiles) is the zero of the scale, when such turns were
observed. ``--write`` stores every
leave of 1 to 6 tiles in ``audio_scrabble/data/leaves.bin.z`` (see
:mod:`.leave` for the layout) with the number of games and observations.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

TILES = "?ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = set("AEIOU")
BINGO_FRIENDLY = set("?AEILNRST")
#: Pseudo-observations of the regression's value mixed into a leave's own mean.
SHRINK = 30.0
#: Ridge penalty.
RIDGE = 5.0


# ---------------------------------------------------------------------------
# self-play
# ---------------------------------------------------------------------------

def play(games: int, first_seed: int, learned: bool, out: Path) -> None:
    from ..core import Game
    from ..core.rules import VARIANTS
    from ..lexicon import Lexicon
    from . import leave as leave_mod
    from .players import ComputerPlayer

    leave_mod.use_learned(learned)
    lex = Lexicon.default()
    t0 = time.process_time()
    with out.open("a") as fh:
        for g in range(first_seed, first_seed + games):
            game = Game(["a", "b"], VARIANTS["double"], seed=g, lexicon=lex)
            seats = [ComputerPlayer("expert", lex, 2 * g + j) for j in range(2)]
            for s in seats:
                s.endgame_seconds = 0.02
            pending: dict[int, str] = {}  # player -> leave awaiting its next turn's score
            obs: list[tuple[str, int]] = []
            while not game.is_over:
                if game.awaiting_final_challenge:
                    game.accept()
                    continue
                i = game.current
                rack = list(game.players[i].rack)
                a = seats[i].choose(game, i)
                a.apply(game)
                if a.kind == "place":
                    kept = Counter(rack) - Counter(a.play.rack_tiles())
                elif a.kind == "exchange":
                    kept = Counter(rack) - Counter(a.tiles)
                else:
                    kept = Counter()
                n = sum(kept.values())
                now = "".join(sorted(kept.elements()))
                ok = (n <= 6 if a.kind != "pass" else 1 <= n <= 6) and len(game.bag) >= 7
                if i in pending:
                    # (leave, next turn's score, the leave that turn kept or None)
                    obs.append((pending.pop(i), a.score if a.kind == "place" else 0, now if ok else None))
                if ok:
                    pending[i] = now
            fh.write(json.dumps({"seed": g, "learned": learned, "obs": obs}) + "\n")
            fh.flush()
            if (g - first_seed + 1) % 20 == 0:
                print(f"{g - first_seed + 1} games, {time.process_time() - t0:.0f} s CPU", file=sys.stderr)


# ---------------------------------------------------------------------------
# fit
# ---------------------------------------------------------------------------

def features(leave: str) -> list[float]:
    c = Counter(leave)
    f = [float(c[t]) for t in TILES]
    f += [float(max(0, c[t] - 1)) for t in TILES]
    letters = len(leave) - c["?"]
    v = sum(c[t] for t in VOWELS)
    cons = letters - v
    f += [1.0 if v == k else 0.0 for k in range(7)]
    f += [1.0 if cons == k else 0.0 for k in range(7)]
    f += [1.0 if (c["Q"] and not c["U"]) else 0.0, 1.0 if (c["Q"] and c["U"]) else 0.0,
          1.0 if (c["?"] and c["S"]) else 0.0, float(c["?"] * c["?"] > 1)]
    f += [1.0 if len(leave) == k else 0.0 for k in range(1, 7)]
    # synergy: distinct bingo-friendly tiles kept together (the chance of a
    # bingo next turn grows faster than their single values add up)
    g = sum(1 for t in set(leave) if t in BINGO_FRIENDLY)
    f += [g * g / 6.0, g * g * g / 36.0]
    return f


def fit(paths: list[Path], bootstrap: Path | None = None) -> tuple[dict, dict[str, float], int, int]:
    """(model, values of well-seen leaves, games, observations). The
    temporal-difference targets use the table ``bootstrap`` (a leaves.bin.z
    file; default: the shipped one) -- the table the games were played with."""
    import numpy as np

    from .leave import LeaveTable, hand_value, learned_value

    if bootstrap is not None:
        boot = LeaveTable.decode(bootstrap.read_bytes())

        def learned_value(leave: str) -> float:  # noqa: F811 - the round's own table
            return boot.value(leave) if 0 < len(leave) <= 6 else hand_value(leave)

    rows: list[tuple[str, float]] = []
    games = 0
    for p in paths:
        for line in p.read_text().splitlines():
            rec = json.loads(line)
            games += 1
            for o in rec["obs"]:
                # With the next turn's leave recorded, the target looks one
                # turn further (temporal difference): the next score plus
                # what the leave then kept is worth by the current table.
                nxt = o[2] if len(o) > 2 else None
                rows.append((o[0], o[1] + (learned_value(nxt) if nxt else 0.0)))
    if not rows:
        raise SystemExit("no observations")
    mean = sum(s for _, s in rows) / len(rows)
    X = np.array([features(l) for l, _ in rows])
    y = np.array([s - mean for _, s in rows], dtype=float)
    # ridge without an intercept: an empty leave is worth 0 (the size one-hots carry the level)
    A = X.T @ X + RIDGE * np.eye(X.shape[1])
    w = np.linalg.solve(A, X.T @ y)
    by_leave: dict[str, list[float]] = defaultdict(list)
    for (l, _), t in zip(rows, y):
        by_leave[l].append(t)
    # the empty leave (a bingo: seven fresh tiles) is worth 0 by definition
    zero = float(np.dot(features(""), w)) if "" in by_leave else 0.0
    model = {"w": w.tolist(), "mean": mean, "zero": zero}
    seen = {}
    for l, ts in by_leave.items():
        if l and len(ts) >= 5:
            pred = float(np.dot(features(l), w))
            seen[l] = (sum(ts) + SHRINK * pred) / (len(ts) + SHRINK) - zero
    return model, seen, games, len(rows)


def write_table(model: dict, seen: dict[str, float], games: int, observations: int, folder: Path,
                earlier: list[int] | None = None) -> Path:
    import numpy as np

    from .leave import encode_table, leave_rank, table_sizes

    w = np.array(model["w"])
    sizes = table_sizes()
    parts = []
    for k in range(1, 7):
        vals = np.zeros(sizes[k], dtype=np.int16)
        chunk: list[str] = []

        def flush() -> None:
            X = np.array([features(x) for x in chunk])
            pred = X @ w - model.get("zero", 0.0)
            for leave, v in zip(chunk, pred):
                v = seen.get(leave, float(v))
                vals[leave_rank(leave)] = int(round(max(-3000.0, min(3000.0, v * 10))))
            chunk.clear()

        for leave in _all_multisets(k):
            chunk.append(leave)
            if len(chunk) >= 50_000:
                flush()
        if chunk:
            flush()
        parts.append(vals)
    meta = {"games": games, "observations": observations, "mean_turn_score": round(model["mean"], 2),
            "measured_leaves": len(seen), "shrink": SHRINK, "ridge": RIDGE,
            "earlier_rounds_games": earlier or []}
    target = folder / "leaves.bin.z"
    target.write_bytes(encode_table(parts, meta))
    return target


def _all_multisets(k: int):
    from itertools import combinations_with_replacement

    for combo in combinations_with_replacement(TILES, k):
        yield "".join(combo)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=100_000)
    p.add_argument("--learned", action="store_true")
    p.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--write", action="store_true")
    f.add_argument("--bootstrap", type=Path, help="the table the games were played with (default: the shipped one)")
    f.add_argument("--earlier", type=int, nargs="*", default=[],
                   help="games of the earlier rounds whose table the targets used (recorded with the table)")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        play(args.games, args.seed, args.learned, args.out)
        return 0
    model, seen, games, n = fit(args.data, args.bootstrap)
    print(f"{games} games, {n} observations, mean next-turn score {model['mean']:.1f}, {len(seen)} leaves measured")
    from .leave import value_from_model

    for leave in ("?", "S", "E", "Q", "QU", "V", "VV", "II", "ERS", "?S", "AEINST", "IIUUV"):
        print(f"  {leave:8} model {value_from_model(model['w'], features, leave) - model['zero']:6.1f}  measured {seen.get(leave, float('nan')):6.1f}")
    if args.write:
        folder = Path(__file__).resolve().parents[1] / "data"
        t = write_table(model, seen, games, n, folder, args.earlier)
        print(f"wrote {t} ({t.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
