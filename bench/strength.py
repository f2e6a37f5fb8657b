#!/usr/bin/env python3
"""Strength of the computer levels: seeded games between two players, through the core.

    python bench/strength.py --pairs expert-club,champion-expert [--games N] [--rules NAME]
                             [--think S] [--endgame S] [--external "COMMAND"] [--jobs J]

Players: ``beginner``, ``club``, ``expert``, ``champion`` (the levels),
``expert-old`` (today's expert with the hand-made leave values instead of
the learned table: the leaves alone, everything else equal),
``expert-before`` (the expert as it was when issue 14 was filed, commit
1362e6f: hand-made leaves, no pre-endgame rule, and the two-ply end game
over the 24 best plays within 0.5 s instead of the exact search), its
parts one at a time -- ``expert-no-pre`` (today's expert without the
pre-endgame rule) and ``expert-two-ply-end`` (today's expert with
``expert-before``'s end game) --, ``expert-tuned`` (today's expert whose
leave values are ``--leave-mix W`` of the learned table and the rest of
the hand-made ones, times ``--leave-scale X``: how the table's weight
was checked), and
``external`` (a program speaking the protocol below, named by
``--external``).

For each pair, N games (default 20, rounded up to even) are played with
the real rules core (``Game``, the default word list, the house rule's
``move_finder``): seed s is played twice, the players swapping seats, so
each starts half the games with the same bags. Every move is checked by
the core (an illegal one raises). Challenges are decided by the players
(``wants_challenge``); the levels play only listed words.

Printed per pair: wins, draws, the first player's win share (draws
half) with a 95 % Wilson interval, mean scores and mean spread, bingos
per game, and each player's time per move -- median, 95th percentile and
worst, in CPU seconds of this process for the levels (wall seconds for
``champion``, whose work runs in worker processes, and for ``external``).

``--jobs J`` shares the games among J processes (each plays every J-th
seed, both seatings) and adds their results up: for the static levels on
a machine with cores to spare (a champion already uses both cores).

``--think S`` is the champion's budget per move (default 3 s);
``--endgame S`` the end-game search budget of expert and expert-old
(default: the engine's, 1 s).

External engine protocol (so anyone with Quackle or Macondo wrapped can
run the same match): the bench starts COMMAND once and, for each move,
writes one line to its standard input: the position in CGP from the
mover's side -- board, the mover's rack, then ``/`` and nothing for the
opponent's rack (hidden), scores mover first, the scoreless-turn count --
with the operation ``bag N;`` (tiles in the bag). It reads one line back:
a play in tournament notation (``8D TRAIN``, ``H8 tRAIN`` with a blank in
lower case, letters already on the board may be written in brackets or
as ``.``), ``pass``, or ``exchange TILES`` (``?`` for a blank). Anything
else, or a play the rules refuse, stops the match with that line shown.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DEFAULT_PAIRS = "expert-club,club-beginner"
PLAYERS = ("beginner", "club", "expert", "champion", "expert-old", "expert-before", "expert-no-pre",
           "expert-two-ply-end", "expert-tuned", "external")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


class External:
    """A program speaking the protocol in the module docstring."""

    def __init__(self, command: str) -> None:
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.uses_wall = True

    def choose(self, game: Any, i: int) -> Any:
        from audio_scrabble.engine import Action
        from audio_scrabble.notation import format_cgp, parse_play
        from audio_scrabble.notation.cgp import Position

        n = len(game.players)
        order = [(i + k) % n for k in range(n)]
        pos = Position(game.board.copy(), (tuple(game.players[i].rack),) + tuple(() for _ in order[1:]),
                       tuple(game.players[j].score for j in order), game.scoreless_streak(),
                       (("bag", str(len(game.bag))),))
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(format_cgp(pos) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().strip()
        low = line.lower()
        if low == "pass":
            return Action("pass")
        if low.startswith("exchange "):
            return Action("exchange", tiles=tuple(line.split(None, 1)[1].strip().upper()))
        play = parse_play(line, game.board)
        return Action("place", play, score=game.check_place(play).total)

    def wants_challenge(self, game: Any, i: int) -> bool:
        return False

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def best_equity_stands(game: Any, me: int, rack: Any, ctx: Any, top: list) -> tuple:
    """No pre-endgame rule: the best play by equity stands (as ComputerPlayer._pre_endgame's result)."""
    return top[0][1], top[0][0]


def expert_before(lexicon: Any, seed: int) -> Any:
    """The expert as filed in issue 14 (commit 1362e6f): hand-made leaves,
    no pre-endgame rule, and, with the bag empty, a two-ply search on
    spread over its best plays (those going out first, then the top
    scores, 24 of each at most) within 0.5 s, as that commit had it."""
    from audio_scrabble.core.play import apply_play
    from audio_scrabble.core.tiles import rack_value
    from audio_scrabble.engine import Action, ComputerPlayer
    from audio_scrabble.engine.leave import hand_value
    from audio_scrabble.engine.movegen import Move, _Context
    from audio_scrabble.engine.players import _goes_out, _leave

    class ExpertBefore(ComputerPlayer):
        CANDIDATES, SECONDS = 24, 0.5

        _pre_endgame = staticmethod(best_equity_stands)

        def _endgame(self, game, me, rack):
            t0 = time.perf_counter()
            board = game.board
            recs = self.gen.raw(board, rack)
            if not recs:
                return Action("pass")
            ctx = _Context(self.gen.analysis.lines, rack)
            recs.sort(reverse=True)
            opp_rack = list(game.unseen(me).elements())
            opp_value = rack_value(opp_rack)
            outs = [r for r in recs if _goes_out(rack, ctx, r)][: self.CANDIDATES]
            candidates = outs + [r for r in recs[: self.CANDIDATES] if r not in outs]
            best_rec, best_val, slowest = None, float("-inf"), 0.0
            for k, r in enumerate(candidates):
                t1 = time.perf_counter()
                if k and t1 - t0 + slowest > self.SECONDS:
                    break
                if _goes_out(rack, ctx, r):
                    val = r[0] + 2 * opp_value
                else:
                    my_left = rack_value(_leave(rack, ctx, r))
                    after = board.copy()
                    apply_play(after, Move(*r, ctx).play)
                    replies = self._opp_gen.raw(after, opp_rack)
                    if replies:
                        rctx = _Context(self._opp_gen.analysis.lines, opp_rack)
                        reply = max((s[0] + 2 * my_left) if _goes_out(opp_rack, rctx, s)
                                    else (s[0] - rack_value(_leave(opp_rack, rctx, s)) + my_left) for s in replies)
                    else:
                        reply = my_left - opp_value
                    val = r[0] - reply
                slowest = max(slowest, time.perf_counter() - t1)
                if val > best_val:
                    best_rec, best_val = r, val
            m = Move(*best_rec, ctx)
            return Action("place", m.play, score=m.score, equity=best_val)

    p = ExpertBefore("expert", lexicon, seed)
    p.leave = hand_value
    return p


def make_player(name: str, lexicon: Any, seed: int, args: argparse.Namespace) -> Any:
    from audio_scrabble.engine import ComputerPlayer
    from audio_scrabble.engine.leave import hand_value

    if name == "external":
        if not args.external:
            raise SystemExit("external needs --external COMMAND")
        return External(args.external)
    if name in ("expert-before", "expert-two-ply-end"):
        p = expert_before(lexicon, seed)
        if name == "expert-two-ply-end":  # today's leaves and pre-endgame rule
            from audio_scrabble.engine.leave import leave_value

            p.leave = leave_value
            p._pre_endgame = ComputerPlayer._pre_endgame.__get__(p)
        p.uses_wall = False
        return p
    level = "expert" if name in ("expert-old", "expert-no-pre", "expert-tuned") else name
    p = ComputerPlayer(level, lexicon, seed, think=args.think)
    if name == "expert-no-pre":  # the best equity stands in the pre-endgame
        p._pre_endgame = best_equity_stands
    if name == "expert-old":
        p.leave = hand_value
    if name == "expert-tuned":
        p.leave = tuned_leave(getattr(args, "leave_scale", 1.0), getattr(args, "leave_mix", 1.0))
    if level == "expert" and args.endgame is not None:
        p.endgame_seconds = args.endgame
    p.uses_wall = level == "champion"
    if level == "champion":  # as a game does at its start: the workers ready before the first move
        t0 = time.perf_counter()
        p.warm()
        WARM_UPS.append(time.perf_counter() - t0)
        if p.unavailable:
            print(f"champion plays the expert's moves: {p.unavailable}", file=sys.stderr)
    return p


#: seconds each champion's warm-up took (its workers started and ready)
WARM_UPS: list[float] = []
#: per simulated champion move, the median play-outs a candidate got
PLAY_OUTS: list[int] = []
#: per simulated champion move: the median play-outs of the candidates left
#: at the end, the play-outs in all, the workers' CPU seconds, the median
#: play-outs of the candidates that survived the first cut (all when none was cut)
PLAY_STATS: list[list[float]] = []


def tuned_leave(scale: float, mix: float) -> Any:
    """Leave values ``scale`` x (``mix`` x the learned table + (1 - ``mix``) x the hand-made ones)."""
    from audio_scrabble.engine.leave import hand_value, leave_value

    def value(tiles: Any) -> float:
        return scale * (mix * leave_value(tiles) + (1 - mix) * hand_value(tiles))

    return value


def split_pair(pair: str) -> tuple[str, str]:
    """``expert-old-club`` -> (``expert-old``, ``club``): player names may hold a dash."""
    pair = pair.strip()
    for a in sorted(PLAYERS, key=len, reverse=True):
        if pair.startswith(a + "-") and pair[len(a) + 1:] in PLAYERS:
            return a, pair[len(a) + 1:]
    raise SystemExit(f"cannot read the pair {pair!r}; players are {', '.join(PLAYERS)}")


def play_pair(a: str, b: str, games: int, rules_name: str, lexicon: Any, args: argparse.Namespace) -> dict:
    from audio_scrabble.core import Game
    from audio_scrabble.core.events import TilesPlaced
    from audio_scrabble.core.rules import rules_named
    from audio_scrabble.engine import move_exists

    rules = rules_named(rules_name)
    wins = [0, 0]
    draws = 0
    scores: list[list[int]] = [[], []]
    bingos = [0, 0]
    times: list[list[float]] = [[], []]
    firsts: list[list[float]] = [[], []]  # each player object's first move
    reasons: dict[str, int] = {}
    seats_of = {0: (a, b), 1: (b, a)}
    cache: dict[tuple[str, int], Any] = {}
    for k in range(games):
        part = getattr(args, "part", None)
        if part and (k // 2) % part[1] != part[0]:
            continue  # another part's game (--jobs)
        seed, swap = args.seed + k // 2, k % 2
        names = seats_of[swap]
        # one player object per side for the whole match (champion keeps its workers)
        players = []
        for j, nm in enumerate(names):
            side = j if not swap else 1 - j  # 0: a's side, 1: b's side
            key = (nm, side)
            if key not in cache:
                cache[key] = make_player(nm, lexicon, 1000 * side + 7, args)
            players.append(cache[key])
        game = Game(["One", "Two"], rules, seed=seed, lexicon=lexicon,
                    move_finder=lambda bd, r: move_exists(bd, r, lexicon))
        while not game.is_over:
            if game.awaiting_final_challenge:
                ch = (game.pending_play.player + 1) % 2
                if players[ch].wants_challenge(game, ch):
                    game.challenge(ch)
                else:
                    game.accept()
                continue
            pend = game.pending_play
            if pend is not None:
                ch = game.current
                if players[ch].wants_challenge(game, ch):
                    game.challenge(ch)
                    continue
            i = game.current
            side = i if not swap else 1 - i
            wall = getattr(players[i], "uses_wall", False)
            t0 = time.perf_counter() if wall else time.process_time()
            action = players[i].choose(game, i)
            took = (time.perf_counter() if wall else time.process_time()) - t0
            times[side].append(took)
            sim = getattr(players[i], "_sim", None)
            if sim is not None and sim.last and sim.last.get("seconds") and not getattr(sim, "_bench_seen", 0) == id(sim.last):
                PLAY_OUTS.append(sim.last.get("play_outs_median", 0))
                PLAY_STATS.append([sim.last.get("play_outs_finalists", 0), sim.last.get("play_outs_total", 0),
                                   sim.last.get("cpu", 0.0), sim.last.get("play_outs_survivors", 0)])
                sim._bench_seen = id(sim.last)
            if not getattr(players[i], "_bench_moved", False):
                firsts[side].append(took)
                try:
                    players[i]._bench_moved = True
                except AttributeError:
                    pass
            action.apply(game)
        for ev in game.history:
            if isinstance(ev, TilesPlaced) and len(ev.play.tiles) == 7:
                bingos[ev.player if not swap else 1 - ev.player] += 1
        final = game.scores()
        by_side = [final[0], final[1]] if not swap else [final[1], final[0]]
        scores[0].append(by_side[0])
        scores[1].append(by_side[1])
        if by_side[0] > by_side[1]:
            wins[0] += 1
        elif by_side[1] > by_side[0]:
            wins[1] += 1
        else:
            draws += 1
        reasons[game.ended.reason] = reasons.get(game.ended.reason, 0) + 1
        if args.progress and (k + 1) % args.progress == 0:
            print(f"  ... {k + 1} games: {a} {wins[0]}, {b} {wins[1]}, draws {draws}", file=sys.stderr, flush=True)
    for p in cache.values():
        if hasattr(p, "close"):
            p.close()
    return {"wins": wins, "draws": draws, "scores": scores, "times": times, "reasons": reasons, "bingos": bingos,
            "firsts": firsts, "warm": list(WARM_UPS), "play_outs": list(PLAY_OUTS), "play_stats": list(PLAY_STATS)}


def play_parts(a: str, b: str, games: int, args: argparse.Namespace) -> dict:
    """The games of one pair shared among ``--jobs`` child processes (each
    plays every N-th seed, both seatings), their results added up."""
    base = [sys.executable, str(Path(__file__).resolve()), "--pairs", f"{a}-{b}", "--games", str(games),
            "--seed", str(args.seed), "--rules", args.rules]
    for flag, value in (("--think", args.think), ("--endgame", args.endgame), ("--external", args.external),
                        ("--progress", args.progress or None), ("--leave-scale", args.leave_scale),
                        ("--leave-mix", args.leave_mix)):
        if value is not None:
            base += [flag, str(value)]
    procs = [subprocess.Popen(base + ["--part", f"{j}/{args.jobs}"], stdout=subprocess.PIPE, text=True)
             for j in range(args.jobs)]
    total: dict = {"wins": [0, 0], "draws": 0, "scores": [[], []], "times": [[], []], "reasons": {}, "bingos": [0, 0],
                   "firsts": [[], []], "warm": [], "play_outs": [], "play_stats": []}
    for proc in procs:
        out, _ = proc.communicate()
        if proc.returncode:
            raise SystemExit(f"a part of the match failed (exit {proc.returncode})")
        r = json.loads(out.strip().splitlines()[-1])
        for side in (0, 1):
            total["wins"][side] += r["wins"][side]
            total["bingos"][side] += r["bingos"][side]
            total["scores"][side] += r["scores"][side]
            total["times"][side] += r["times"][side]
            total["firsts"][side] += r["firsts"][side]
        total["warm"] += r["warm"]
        total["play_outs"] += r["play_outs"]
        total["play_stats"] += r.get("play_stats", [])
        total["draws"] += r["draws"]
        for why, n in r["reasons"].items():
            total["reasons"][why] = total["reasons"].get(why, 0) + n
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per pair (default 20; rounded up to even)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--rules", default="double", help="rule variant (default: double)")
    ap.add_argument("--pairs", default=DEFAULT_PAIRS, help=f"player pairs A-B, comma-separated (default {DEFAULT_PAIRS})")
    ap.add_argument("--think", type=float, default=None, help="champion's seconds per move (default 3)")
    ap.add_argument("--endgame", type=float, default=None, help="expert's end-game search seconds (default 1)")
    ap.add_argument("--external", help="command line of an external engine (see the protocol above)")
    ap.add_argument("--leave-scale", type=float, default=1.0, help="expert-tuned: its leave values times this (default 1)")
    ap.add_argument("--leave-mix", type=float, default=1.0,
                    help="expert-tuned: weight of the learned table against the hand-made leaves (default 1)")
    ap.add_argument("--progress", type=int, default=0, help="print the running score every N games")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes sharing the games (default 1; a champion uses its own workers besides)")
    ap.add_argument("--part", help=argparse.SUPPRESS)  # K/N: this process plays part K of N (set by --jobs)
    args = ap.parse_args()
    args.part = tuple(int(x) for x in args.part.split("/")) if args.part else None
    os.environ.setdefault("AUDIO_SCRABBLE_CACHE_DIR", tempfile.mkdtemp(prefix="strength_bench_"))
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    games = args.games + args.games % 2
    if not args.part:
        print(f"{games} games per pair, rules {args.rules!r}, seeds {args.seed}..{args.seed + games // 2 - 1}, "
              f"each played twice with the seats swapped.")
    for pair in args.pairs.split(","):
        a, b = split_pair(pair)
        t0 = time.perf_counter()
        if args.part:
            print(json.dumps(play_pair(a, b, games, args.rules, lexicon, args)), flush=True)
            continue
        r = play_parts(a, b, games, args) if args.jobs > 1 else play_pair(a, b, games, args.rules, lexicon, args)
        share = r["wins"][0] + 0.5 * r["draws"]
        lo, hi = wilson(share, games)
        spread = statistics.mean(x - y for x, y in zip(*r["scores"]))
        sd = statistics.pstdev([x - y for x, y in zip(*r["scores"])])
        print(f"{a} vs {b}: {a} wins {r['wins'][0]}, {b} wins {r['wins'][1]}, draws {r['draws']}; "
              f"{a} win share {share / games:.1%} (95% {lo:.1%}-{hi:.1%})")
        print(f"  mean score {a} {statistics.mean(r['scores'][0]):.0f}, {b} {statistics.mean(r['scores'][1]):.0f}; "
              f"mean spread {spread:+.1f} (sd {sd:.0f}); bingos a game {a} {r['bingos'][0] / games:.2f}, "
              f"{b} {r['bingos'][1] / games:.2f}; endings {r['reasons']}")
        for side, nm in enumerate((a, b)):
            ts = r["times"][side]
            clock = "wall" if nm in ("champion", "external") else "CPU"
            first = r["firsts"][side]
            print(f"  {nm}: {len(ts)} moves, {clock} s per move median {statistics.median(ts):.3f}, "
                  f"p95 {percentile(ts, 0.95):.3f}, p99 {percentile(ts, 0.99):.3f}, worst {max(ts):.3f}; "
                  f"first move {max(first):.3f}" + (f" (warm-up before it {max(r['warm']):.2f} s)"
                                                     if nm == "champion" and r["warm"] else ""))
        if r["play_outs"]:
            print(f"  champion's simulated moves: {len(r['play_outs'])}, play-outs a candidate (median of each "
                  f"move's median): {statistics.median(r['play_outs'])}, least {min(r['play_outs'])}, "
                  f"most {max(r['play_outs'])}")
            st = r.get("play_stats") or []
            if st and sum(s[1] for s in st):
                fin = [s[0] for s in st]
                sur = [s[3] for s in st if len(s) > 3]
                if sur:
                    print(f"  of the candidates that survived the first cut (median of each move's median): "
                          f"{statistics.median(sur)}, least {min(sur)}, most {max(sur)}")
                print(f"  of the candidates left at the end (median of each move's median): {statistics.median(fin)}, "
                      f"least {min(fin)}, most {max(fin)}; play-outs a move median "
                      f"{statistics.median(s[1] for s in st)}; workers' CPU a play-out "
                      f"{1000 * sum(s[2] for s in st) / sum(s[1] for s in st):.1f} ms, a move median "
                      f"{statistics.median(s[2] for s in st):.2f} s")
        print(f"  ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
