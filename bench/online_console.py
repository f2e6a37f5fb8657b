"""Benchmark the online console over a real homeserver: a move typed to
its line spoken on the other side.

Starts a real Synapse on 127.0.0.1 (tests/synapse_server.py, installed by
.ci/run), signs two consoles in (two Sessions in this process, each with
its own data folder and Matrix device), Alice invites, Bob accepts, the
deal is done, then each move chosen by a club player is typed through
``Session.handle_line``. For each move it times, on one clock:

* typed to arrived: from the line typed on the mover's side to the moment
  the other side's table has the record refereed and queued (the app's
  wake hook is called then);
* typed to spoken: that, plus the other side's making and saying it (its
  ``handle_line``, as the app's loop says it above the prompt);
* typed to own line: the mover's ``handle_line`` (tried, sent, waited for
  until it comes back from the room, said).

Prints median and p95 of each (goal: typed to spoken under 1 s) and the
set-up times (sign-in, invitation to both tables seated).

    python bench/online_console.py [--turns N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from synapse_bench import GOAL_S, new_synapse, percentile  # noqa: E402  (beside this file)
from typed_moves import typed as typed_move  # noqa: E402  (tests/, on the path synapse_bench gives)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=16)
    args = parser.parse_args()

    from audio_scrabble.console.homes.online_commands import install
    from audio_scrabble.console.homes.online_home import OnlineHome
    from audio_scrabble.console.session import NEW, Options, Session
    from audio_scrabble.engine.players import ComputerPlayer
    from audio_scrabble.lexicon import Lexicon
    from audio_scrabble.online.match import PLAY
    from audio_scrabble.online.store import OnlineStore

    made = new_synapse("bench_online_console_")
    if made is None:
        return 0
    server, folder = made
    server.start()
    lexicon = Lexicon.default()
    sides = []
    try:
        t = time.perf_counter()
        for name in ("alice", "bob"):
            user, password = server.new_user(name)
            session = Session(Options(saved_game=NEW), lexicon=lexicon)
            home = install(session, OnlineHome(session, OnlineStore(folder / name)))
            home.sign_in(server.url, user, password)
            sides.append((session, home, user))
        signed = time.perf_counter() - t
        (a, ah, _), (b, bh, b_user) = sides
        t = time.perf_counter()
        a.handle_line(f"invite {b_user}")
        while not any("invites you" in x for x in b.handle_line("games")):
            time.sleep(0.05)
        b.handle_line("accept 1")
        while a.game is None or b.game is None:
            a.handle_line("")
            b.handle_line("")
            time.sleep(0.02)
        seated = time.perf_counter() - t
        stamps: list[list[float]] = [[], []]
        for i, (session, _, _) in enumerate(sides):
            session.wake_with(lambda i=i: stamps[i].append(time.perf_counter()))
        players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
        arrived, spoken, own = [], [], []
        lock = threading.Lock()
        for _ in range(args.turns):
            i = next((k for k, (_, h, _) in enumerate(sides) if h.table is not None and h.table.link is not None
                      and h.table.link.pending() == PLAY), None)
            if i is None:
                time.sleep(0.02)
                for s, _, _ in sides:
                    s.handle_line("")
                continue
            mover, other = sides[i][0], sides[1 - i][0]
            link = sides[i][1].table.link  # type: ignore[union-attr]
            with link._lock:
                game = link.state.game
                if game.awaiting_final_challenge:
                    typed = "accept"
                else:
                    typed = typed_move(players[i].choose(game, i), game.board)
            with lock:
                stamps[1 - i].clear()
            t0 = time.perf_counter()
            mover.handle_line(typed)
            if mover.question is not None:
                mover.handle_line("yes")
            own.append(time.perf_counter() - t0)
            end = time.monotonic() + 30
            while not stamps[1 - i] and time.monotonic() < end:
                time.sleep(0.001)
            if not stamps[1 - i]:
                continue
            t1 = stamps[1 - i][0]
            t2 = time.perf_counter()
            other.handle_line("")
            say = time.perf_counter() - t2
            arrived.append(t1 - t0)
            spoken.append(t1 - t0 + say)
        print(f"sign-in of two consoles: {signed:.2f} s; invitation to both tables seated (the deal done): "
              f"{seated:.2f} s")
        for label, values in (("typed to arrived", arrived), ("typed to spoken", spoken),
                              ("typed to own line", own)):
            if values:
                print(f"{label}: median {statistics.median(values) * 1000:.0f} ms, "
                      f"p95 {percentile(values, 95) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms "
                      f"({len(values)} moves)")
        if spoken:
            met = "met" if percentile(spoken, 95) < GOAL_S else "NOT met"
            print(f"goal: typed to spoken under {GOAL_S:.0f} s at p95: {met}")
    finally:
        for _, home, _ in sides:
            home.close()
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
