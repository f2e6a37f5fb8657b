#!/usr/bin/env python3
"""Figures of play between homes, on this machine.

    python bench/online.py [--games N] [--players 2]

What can be measured without a homeserver (the deal and the referee, in
one process, over the loopback transport):

* one tile operation: a scalar multiplication on Ed25519 (libsodium);
* the deal's set-up for the 100 tiles: every seat's lock and shuffle and
  its lock of each place, and every side reading the decks (goal: under
  1 s with two players);
* the end-of-game check: every seed reproduces its decks, every place
  unlocked, the game replayed with every tile known;
* the time a turn adds for the record and the referee, beyond choosing the
  move: the sender composing its record (tried on a copy), then each side
  checking and applying it (goal: under 50 ms).

The figure that needs Matrix -- a move sent to its line spoken on the
other side (goal: under 1 s, median and p95) -- is measured against a real
Synapse by the transport's bench; its place is :func:`matrix_figures`
below.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audio_scrabble.engine.players import ComputerPlayer  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.online import deal as D  # noqa: E402
from audio_scrabble.online.match import action_data  # noqa: E402
from audio_scrabble.online.record import Player, format_record, parse_record  # noqa: E402
from audio_scrabble.online.referee import OnlineGame  # noqa: E402

NAMES = ["Alice", "Bob", "Cy", "Dee"]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def tile_operation(repeat: int = 2000) -> float:
    s = D.Secrets("bench", 0, b"\x01" * 32)
    point = D.tile_points("bench")[0]
    key = s.place_key(0)
    t = time.perf_counter()
    for _ in range(repeat):
        point = D._mul(key, point)
    return (time.perf_counter() - t) / repeat


def deal_setup(players: int) -> tuple[float, float]:
    """(the whole set-up's work, every side's; the end check of the deal alone)."""
    t = time.perf_counter()
    public = D.PublicDeal("bench", players)
    secrets = [D.Secrets("bench", s, bytes([s + 7]) * 32) for s in range(players)]
    sides = [D.PublicDeal("bench", players) for _ in range(players)]  # every side reads every deck
    for s in secrets:
        msg = D.shuffle_message(s, public)
        public.add_shuffle(s.seat, msg)
        for side in sides:
            side.add_shuffle(s.seat, msg)
    for s in secrets:
        msg = D.places_message(s, public)
        public.add_places(s.seat, msg)
        for side in sides:
            side.add_places(s.seat, msg)
    setup = time.perf_counter() - t
    t = time.perf_counter()
    D.verify_deal(public, [s.seed for s in secrets])
    return setup, time.perf_counter() - t


def game_figures(lexicon: Any, players: int, seed: int) -> tuple[list[float], list[float], float]:
    """One game played with club computers, the records handed to every
    side directly (no transport): per turn, (compose ms, receive ms per
    side), and the whole end check."""
    users = [f"@{NAMES[i].lower()}:bench" for i in range(players)]
    sides = [OnlineGame(u, lexicon) for u in users]
    cps = [ComputerPlayer("club", lexicon, rng_seed=seed + i) for i in range(players)]
    compose: list[float] = []
    receive: list[float] = []
    end_check = 0.0

    def deliver(rec: Any, body: str, seat: int, timed: bool) -> None:
        nonlocal end_check
        rec = parse_record(format_record(rec))
        for side in sides:
            t = time.perf_counter()
            applied = side.receive(rec, users[seat], body)
            dt = time.perf_counter() - t
            if timed:
                receive.append(dt)
            if applied.final is not None:
                end_check = max(end_check, dt)

    game_id = f"bench{seed}"
    rec, body = sides[0].compose_offer(game_id, [Player(NAMES[i], users[i]) for i in range(players)], "single",
                                       secrets=D.Secrets(game_id, 0, bytes([seed % 256]) * 32))
    deliver(rec, body, 0, False)
    while True:
        kinds, seat = sides[0].expected()
        if not kinds:
            break
        assert seat is not None
        side = sides[seat]
        if kinds == ("join",):
            rec, body = side.compose_join(D.Secrets(game_id, seat, bytes([(seed + seat) % 256]) * 32))
        elif kinds == ("places",):
            rec, body = side.compose_places()
        elif kinds == ("keys",):
            rec, body = side.compose_keys()
        elif kinds == ("end",):
            rec, body = side.compose_end()
        else:
            game = side.game
            assert game is not None
            action = {"type": "accept"} if game.awaiting_final_challenge else action_data(cps[seat].choose(game, seat))
            t = time.perf_counter()
            rec, body = side.compose_action(action)
            compose.append(time.perf_counter() - t)
            deliver(rec, body, seat, True)
            continue
        deliver(rec, body, seat, False)
    return compose, receive, end_check


def matrix_figures() -> None:
    """THE PLACE FOR THE MATRIX FIGURE: a move sent on one client to its
    line spoken on the other, over Synapse on loopback (median, p95; goal
    under 1 s). To be filled in by the transport (online/matrix.py) with its
    Synapse fixture; nothing is measured here without a homeserver."""
    print("send to spoken line (Matrix): not measured here; see the transport's bench")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    print(f"one tile operation (Ed25519 scalar multiplication): {_ms(tile_operation())}")
    for n in sorted({2, args.players}):
        setups, checks = [], []
        for _ in range(3):
            s, c = deal_setup(n)
            setups.append(s)
            checks.append(c)
        print(f"deal set-up, 100 tiles, {n} players, all sides' work: median {_ms(statistics.median(setups))} "
              f"(goal under 1 s); the deal's end check alone: {_ms(statistics.median(checks))}")
    lexicon = Lexicon.default()
    compose: list[float] = []
    receive: list[float] = []
    ends: list[float] = []
    for g in range(args.games):
        c, r, e = game_figures(lexicon, args.players, 100 + g)
        compose += c
        receive += r
        ends.append(e)
    per_turn = [c + r * args.players for c, r in zip(compose, receive[::args.players])]
    print(f"{args.games} games, {len(compose)} turns, {args.players} players:")
    print(f"  composing a turn's record (tried on a copy): median {_ms(statistics.median(compose))}, "
          f"p95 {_ms(_pct(compose, 0.95))}, worst {_ms(max(compose))}")
    print(f"  refereeing and applying it, each side: median {_ms(statistics.median(receive))}, "
          f"p95 {_ms(_pct(receive, 0.95))}, worst {_ms(max(receive))}")
    print(f"  added time per move on one side (compose + its own referee): median "
          f"{_ms(statistics.median([c + r for c, r in zip(compose, receive[::args.players])]))}, "
          f"p95 {_ms(_pct([c + r for c, r in zip(compose, receive[::args.players])], 0.95))} (goal under 50 ms); "
          f"all sides together median {_ms(statistics.median(per_turn))}")
    print(f"  end of game, the whole deal and every score checked: median {_ms(statistics.median(ends))}, "
          f"worst {_ms(max(ends))}")
    matrix_figures()


if __name__ == "__main__":
    main()
