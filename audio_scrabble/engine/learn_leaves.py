"""Learn leave values by self-play, and write the table the expert uses.

    python -m audio_scrabble.engine.learn_leaves play --games N --out DATA.jsonl [--learned]
    python -m audio_scrabble.engine.learn_leaves fit DATA.jsonl [...] [--bootstrap hand|TABLE] [--rounds N] [--write]
    python -m audio_scrabble.engine.learn_leaves check HELD-OUT.jsonl [...] --tables hand shipped TABLE

The shipped table (``audio_scrabble/data/leaves.bin.z``) was made from
9,994 games between two experts with the hand-made leaves (seeds
300000-304967 and 312000-317025, two processes, about 30 CPU minutes),
fitted with three rounds of value iteration. Its facts (games,
observations, features, rounds) are stored in the table::

    python -m audio_scrabble.engine.learn_leaves play --games 4968 --seed 300000 --out r3a.jsonl
    python -m audio_scrabble.engine.learn_leaves play --games 5026 --seed 312000 --out r3b.jsonl
    python -m audio_scrabble.engine.learn_leaves fit r3a.jsonl r3b.jsonl --bootstrap hand --rounds 3 --write

Against the expert with the hand-made leaves (everything else equal) it
won 52.4% of 1,000 games on seeds 20000-20499 (spread +3.5) and 47.5% of
1,000 on seeds 30000-30499 (spread -5.3): 50.0% of 2,000, no difference
measured. (The table it replaced -- 5,000 games, no pair or bingo-chance
features, one-step targets -- won 52.0% of 200.)

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
that leave is worth (a temporal-difference step: a blank's worth spans
several turns). In the first round that next leave is valued by the
table the games were played with (``--bootstrap``: a table file, or
``hand``); each further round (``--rounds``) values it by the round
before's fit, on the same games, so each round looks one turn further
(fitted value iteration). Few of the 1.1 million possible leaves are seen
often enough to be measured one by one, so the values come in two layers:

1. a ridge regression of the target on features of the leave
   (:func:`sparse_features`: each tile kind's count and its second and
   third copies, the vowel and consonant counts, Q with and without U, a
   blank with an S, two blanks, the leave's size, the synergy of distinct
   bingo-friendly tiles, every pair of distinct tile kinds kept together,
   and the exact chance that the leave and the tiles drawn to it spell a
   seven-letter word, :func:`bingo_chances`), fitted on every
   observation -- the normal equations summed per distinct leave;
2. for leaves seen often, their own mean, shrunk towards the regression
   by :data:`SHRINK` pseudo-observations.

``check`` says how much of the targets of held-out games each table
explains (after the best scale and offset).

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
    from ..core.game import Game
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
            obs: list[tuple[str, int, str | None]] = []
            while not game.is_over:
                if game.awaiting_final_challenge:
                    game.accept()
                    continue
                i = game.current
                rack = list(game.players[i].rack)
                a = seats[i].choose(game, i)
                a.apply(game)
                if a.kind == "place":
                    assert a.play is not None
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
    """The leave's features, dense (see :func:`sparse_features`)."""
    return _dense([leave])[0].tolist()


_PAIRS = {(a, b): i for i, (a, b) in enumerate((a, b) for j, a in enumerate(TILES) for b in TILES[j + 1:])}
_T = len(TILES)
_O_EXTRA, _O_THIRD = _T, 2 * _T
_O_VOW = 3 * _T
_O_CONS = _O_VOW + 7
_O_MISC = _O_CONS + 7  # Q without U, QU, blank with S, two blanks
_O_SIZE = _O_MISC + 4
_O_SYN = _O_SIZE + 6
_O_BINGO = _O_SYN + 2  # the chance of a seven-letter word after the draw, one weight per size
_O_PAIR = _O_BINGO + 6
N_FEATURES = _O_PAIR + len(_PAIRS)


def sparse_features(leave: str) -> list[tuple[int, float]]:
    """(index, value) of the leave's non-zero features: each tile kind's
    count, its second and third copies, the vowel and consonant counts
    (one-hot), Q without U, QU, a blank with an S, two blanks, the size
    (one-hot), the synergy of distinct bingo-friendly tiles, and one
    feature for each pair of distinct tile kinds kept together (so that
    ER, ING's pairs or a blank with an S are measured, not assumed
    additive), and the chance that the leave and the tiles drawn to it
    spell a seven-letter word (:func:`bingo_chances`; one weight per
    size, so the regression learns what a bingo chance is worth)."""
    c = Counter(leave)
    out: list[tuple[int, float]] = []
    for t, n in c.items():
        i = _INDEX[t]
        out.append((i, float(n)))
        if n > 1:
            out.append((_O_EXTRA + i, float(n - 1)))
        if n > 2:
            out.append((_O_THIRD + i, float(n - 2)))
    letters = len(leave) - c["?"]
    v = sum(c[t] for t in VOWELS)
    out.append((_O_VOW + v, 1.0))
    out.append((_O_CONS + letters - v, 1.0))
    if c["Q"]:
        out.append((_O_MISC + (1 if c["U"] else 0), 1.0))
    if c["?"] and c["S"]:
        out.append((_O_MISC + 2, 1.0))
    if c["?"] > 1:
        out.append((_O_MISC + 3, 1.0))
    if leave:
        out.append((_O_SIZE + len(leave) - 1, 1.0))
    # synergy: distinct bingo-friendly tiles kept together (the chance of a
    # bingo next turn grows faster than their single values add up)
    g = sum(1 for t in c if t in BINGO_FRIENDLY)
    if g:
        out.append((_O_SYN, g * g / 6.0))
        out.append((_O_SYN + 1, g * g * g / 36.0))
    p = bingo_chances().get(leave)
    if p:
        out.append((_O_BINGO + len(leave) - 1, p))
    kinds = sorted(c, key=_INDEX.__getitem__)
    for j, a in enumerate(kinds):
        for b in kinds[j + 1:]:
            out.append((_O_PAIR + _PAIRS[a, b], 1.0))
    return out


_INDEX = {t: i for i, t in enumerate(TILES)}
_BINGO: dict[str, float] = {}


def bingo_chances(words=None) -> dict[str, float]:
    """For each leave of 1 to 6 letters (no blank) that can become one:
    the chance that it and the tiles drawn to fill the rack (from a full
    bag, blanks counting as no letter) are the letters of a seven-letter
    word of the default word list. Exact, not sampled: for every
    seven-letter word's letters W, each part L of W is credited with the
    chance of drawing exactly W less L; for one leave those draws are
    different multisets, so the chances add up. Kept once made (about a
    second); ``words`` (an iterable of words) for tests, not kept."""
    if words is None and _BINGO:
        return _BINGO
    keep = words is None
    from math import comb

    from ..core.tiles import TILE_COUNTS, TOTAL_TILES

    if words is None:
        from ..lexicon import Lexicon

        words = Lexicon.default().words()
    keys = {"".join(sorted(w)) for w in words if len(w) == 7 and w.isalpha()}
    out: dict[str, float] = defaultdict(float)
    draws = [comb(TOTAL_TILES, 7 - k) for k in range(8)]  # the draws of 7 - k tiles
    for key in keys:
        # each part of the key once: how many of each of its letters it keeps
        # (the key is sorted, so a part's letters come out sorted too)
        letters = sorted(Counter(key).items())
        parts: list[tuple[str, int, int]] = [("", 0, 1)]  # (leave, its size, ways to draw the rest)
        for t, n in letters:
            have = TILE_COUNTS.get(t, 0)
            parts = [(leave + t * kept, size + kept, ways * comb(have, n - kept))
                     for leave, size, ways in parts for kept in range(n + 1)]
        for leave, size, ways in parts:
            if 1 <= size <= 6:
                out[leave] += ways / draws[size]
    if keep:
        _BINGO.update(out)
        return _BINGO
    return dict(out)


def _bootstrap_value(bootstrap: "Path | str | None"):
    """The value of a next turn's leave in the targets: by the table the
    games were played with (a leaves.bin.z file, ``"hand"`` for the
    hand-made model, default: the shipped table)."""
    from .leave import LeaveTable, hand_value, learned_value

    if bootstrap is None:
        return learned_value
    if str(bootstrap) == "hand":
        return hand_value
    boot = LeaveTable.decode(Path(bootstrap).read_bytes())
    return lambda leave: boot.value(leave) if 0 < len(leave) <= 6 else hand_value(leave)


def load(paths: list[Path]) -> tuple[list[tuple[str, float, "str | None"]], int]:
    """(observations, games): every (leave, next turn's score, the leave
    that turn kept or None) of the self-play files."""
    obs: list[tuple[str, float, "str | None"]] = []
    games = 0
    for p in paths:
        with p.open() as fh:
            for line in fh:
                rec = json.loads(line)
                games += 1
                for o in rec["obs"]:
                    obs.append((o[0], o[1], o[2] if len(o) > 2 else None))
    return obs, games


def fit(paths: list[Path], bootstrap: "Path | str | None" = None, rounds: int = 1) -> tuple[dict, dict[str, float], int, int]:
    """(model, values of well-seen leaves, games, observations). The
    temporal-difference targets use the table ``bootstrap`` (see
    :func:`_bootstrap_value`) -- the table the games were played with --
    in the first round; each further round (``rounds``) uses the values
    the round before fitted (fitted value iteration: each round looks one
    turn further, on the same games).

    The observations are grouped by leave first (a leave's features are
    the same in every observation of it), so the normal equations of the
    ridge regression are summed over the distinct leaves, in chunks."""
    obs, games = load(paths)
    if not obs:
        raise SystemExit("no observations")
    value = _bootstrap_value(bootstrap)
    for _ in range(rounds):
        model, seen = _fit_once(obs, value)
        value = _values(model, seen)
    model["rounds"] = rounds
    model["bootstrap"] = "shipped table" if bootstrap is None else Path(str(bootstrap)).name
    return model, seen, games, len(obs)


def _values(model: dict, seen: dict[str, float]):
    """A leave's value by a fit (its own measure if well seen, else the
    regression's), remembered per leave."""
    memo: dict[str, float] = {}

    def value(leave: str) -> float:
        v = memo.get(leave)
        if v is None:
            v = memo[leave] = seen[leave] if leave in seen else model_value(model, leave)
        return v

    return value


def _fit_once(obs: list[tuple[str, float, "str | None"]], value) -> tuple[dict, dict[str, float]]:
    import numpy as np

    # With the next turn's leave recorded, the target looks one turn
    # further (temporal difference): the next score plus what the leave
    # then kept is worth by ``value``.
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])  # leave -> n, sum of targets
    total = 0.0
    for leave, score, nxt in obs:
        t = score + (value(nxt) if nxt else 0.0)
        acc = sums[leave]
        acc[0] += 1
        acc[1] += t
        total += t
    mean = total / len(obs)
    leaves = list(sums)
    A = RIDGE * np.eye(N_FEATURES)
    rhs = np.zeros(N_FEATURES)
    for lo in range(0, len(leaves), 20_000):
        chunk = leaves[lo: lo + 20_000]
        X = _dense(chunk)
        n = np.array([sums[x][0] for x in chunk], dtype=float)
        y = np.array([sums[x][1] - sums[x][0] * mean for x in chunk])  # summed targets less the mean
        A += X.T @ (X * n[:, None])
        rhs += X.T @ y
    # ridge without an intercept: an empty leave is worth 0 (the size one-hots carry the level)
    w = np.linalg.solve(A, rhs)
    # the empty leave (a bingo: seven fresh tiles) is worth 0 by definition
    zero = float((_dense([""]) @ w)[0]) if "" in sums else 0.0
    model = {"w": w.tolist(), "mean": mean, "zero": zero, "features": N_FEATURES}
    seen: dict[str, float] = {}
    well = [x for x in leaves if x and sums[x][0] >= 5]
    if well:
        pred = _dense(well) @ w
        for x, pv in zip(well, pred):
            count, total = sums[x]
            seen[x] = (total - count * mean + SHRINK * float(pv)) / (count + SHRINK) - zero
    return model, seen


def _dense(leaves: list[str]):
    import numpy as np

    X = np.zeros((len(leaves), N_FEATURES))
    for r, leave in enumerate(leaves):
        for i, v in sparse_features(leave):
            X[r, i] += v
    return X


def model_value(model: dict, leave: str) -> float:
    """The regression's value of ``leave`` (relative to the empty leave)."""
    w = model["w"]
    return sum(w[i] * v for i, v in sparse_features(leave)) - model.get("zero", 0.0)


def size_values(model: dict, k: int):
    """(leaves, values): every leave of ``k`` tiles as an array of tile
    indices (one row each, in :func:`_all_multisets` order) and the
    regression's value of each, computed for all of them at once (the
    same sum as :func:`model_value`, by numpy)."""
    from itertools import combinations_with_replacement

    import numpy as np

    w = np.asarray(model["w"], dtype=float)
    idx = np.array(list(combinations_with_replacement(range(_T), k)), dtype=np.int64)
    n = len(idx)
    C = np.zeros((n, _T))  # counts, as floats (numpy multiplies floats by BLAS, integers slowly)
    rows = np.arange(n)
    for j in range(k):
        C[rows, idx[:, j]] += 1.0
    val = C @ w[:_T] + np.maximum(C - 1.0, 0.0) @ w[_O_EXTRA:_O_EXTRA + _T] + np.maximum(C - 2.0, 0.0) @ w[_O_THIRD:_O_THIRD + _T]
    vowels = C[:, [_INDEX[t] for t in sorted(VOWELS)]].sum(axis=1)
    letters = k - C[:, _INDEX["?"]]
    vowels = vowels.astype(np.int64)
    val += w[_O_VOW + vowels] + w[_O_CONS + letters.astype(np.int64) - vowels]
    q, u, blank, s = (C[:, _INDEX[t]] for t in "QU?S")
    val += np.where(q > 0, np.where(u > 0, w[_O_MISC + 1], w[_O_MISC]), 0.0)
    val += np.where((blank > 0) & (s > 0), w[_O_MISC + 2], 0.0) + np.where(blank > 1, w[_O_MISC + 3], 0.0)
    val += w[_O_SIZE + k - 1]
    present = (C > 0).astype(float)
    g = present[:, [_INDEX[t] for t in sorted(BINGO_FRIENDLY)]].sum(axis=1)
    val += w[_O_SYN] * g * g / 6.0 + w[_O_SYN + 1] * g ** 3 / 36.0
    U = np.zeros((_T, _T))
    for (a, b), i in _PAIRS.items():
        U[_INDEX[a], _INDEX[b]] = w[_O_PAIR + i]
    val += ((present @ U) * present).sum(axis=1)
    chances = bingo_chances()
    val += w[_O_BINGO + k - 1] * np.fromiter((chances.get(x, 0.0) for x in _all_multisets(k)), float, n)
    return idx, val - model.get("zero", 0.0)


def write_table(model: dict, seen: dict[str, float], games: int, observations: int, folder: Path,
                earlier: list[int] | None = None) -> Path:
    import numpy as np

    from .leave import _C, encode_table, leave_rank

    def tenths(v):
        return np.round(np.clip(v * 10, -3000.0, 3000.0)).astype(np.int16)

    # the rank of a sorted leave: the sum over its tiles of C(index + position, position + 1)
    comb = np.array(_C, dtype=np.int64)
    parts = []
    for k in range(1, 7):
        idx, val = size_values(model, k)
        vals = np.zeros(len(idx), dtype=np.int16)
        vals[sum(comb[idx[:, j] + j, j + 1] for j in range(k))] = tenths(val)
        parts.append(vals)
    for leave, v in seen.items():  # well-seen leaves: their own measured values
        parts[len(leave) - 1][leave_rank(leave)] = tenths(np.float64(v))
    meta = {"games": games, "observations": observations, "mean_turn_score": round(model["mean"], 2),
            "measured_leaves": len(seen), "shrink": SHRINK, "ridge": RIDGE, "features": N_FEATURES,
            "fit_rounds": model.get("rounds", 1), "bootstrap": model.get("bootstrap"),
            "earlier_rounds_games": earlier or []}
    target = folder / "leaves.bin.z"
    target.write_bytes(encode_table(parts, meta))
    return target


def _all_multisets(k: int):
    from itertools import combinations_with_replacement

    for combo in combinations_with_replacement(TILES, k):
        yield "".join(combo)


def check(paths: list[Path], tables: list[str], bootstrap: "Path | str | None" = None) -> dict[str, tuple[float, float]]:
    """How well each table predicts the targets of games it was not fitted
    on: {table: (share of the targets' variance it explains, after the
    best scale and offset; the scale)}. ``tables`` are leaves.bin.z files,
    ``"hand"`` or ``"shipped"``. A better table explains more; the scale
    near 1 says its points are the game's points."""
    target = _bootstrap_value(bootstrap)
    obs = [(leave, score + (target(nxt) if nxt else 0.0)) for leave, score, nxt in load(paths)[0]]
    ys = [t for _, t in obs]
    my = sum(ys) / len(ys)
    vy = sum((y - my) ** 2 for y in ys)
    out = {}
    for name in tables:
        value = _bootstrap_value(None if name == "shipped" else name)
        xs = [value(leave) for leave, _ in obs]
        mx = sum(xs) / len(xs)
        sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
        sxx = sum((x - mx) ** 2 for x in xs)
        b = sxy / sxx if sxx else 0.0
        resid = sum((y - my - b * (x - mx)) ** 2 for x, y in zip(xs, ys))
        out[name] = (1.0 - resid / vy, b)
    return out


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
    f.add_argument("--bootstrap", help="the table the games were played with: a leaves.bin.z file, or 'hand' (default: the shipped one)")
    f.add_argument("--rounds", type=int, default=1, help="rounds of fitted value iteration (default 1)")
    f.add_argument("--folder", type=Path, help="where --write puts leaves.bin.z (default: the package's data)")
    f.add_argument("--earlier", type=int, nargs="*", default=[],
                   help="games of the earlier rounds whose table the targets used (recorded with the table)")
    c = sub.add_parser("check", help="how much of held-out games' targets each table explains")
    c.add_argument("data", type=Path, nargs="+")
    c.add_argument("--tables", nargs="+", default=["hand", "shipped"])
    c.add_argument("--bootstrap", help="as for fit")
    args = ap.parse_args(argv)
    if args.cmd == "check":
        for name, (r2, b) in check(args.data, args.tables, args.bootstrap).items():
            print(f"{name}: explains {100 * r2:.2f}% of the variance (scale {b:.2f})")
        return 0
    if args.cmd == "play":
        play(args.games, args.seed, args.learned, args.out)
        return 0
    model, seen, games, n = fit(args.data, args.bootstrap, args.rounds)
    print(f"{games} games, {n} observations, mean next-turn score {model['mean']:.1f}, {len(seen)} leaves measured")
    for leave in ("?", "S", "E", "Q", "QU", "V", "VV", "II", "ERS", "?S", "AEINST", "IIUUV"):
        print(f"  {leave:8} model {model_value(model, leave):6.1f}  measured {seen.get(leave, float('nan')):6.1f}")
    if args.write:
        folder = args.folder or Path(__file__).resolve().parents[1] / "data"
        t = write_table(model, seen, games, n, folder, args.earlier)
        print(f"wrote {t} ({t.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
