"""Benchmark the Matrix transport on loopback: send to arrival.

Starts a real Synapse on 127.0.0.1 (the one the tests use:
tests/synapse_server.py, installed by .ci/run), signs two players in,
makes an encrypted room, then times, for each of N messages sent by
Alice (alternately by Bob), the moment ``send`` is called to the moment
the other player's ``listen`` callback has it (both in this process, so
on one clock). Prints the median and p95 (goal: under 1 s), the time a
blocking ``send`` takes, and the set-up times (Synapse start, sign-in,
room made and joined).

    python bench/matrix_roundtrip.py [--messages N]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from synapse_bench import GOAL_S, new_synapse, percentile


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=40)
    args = parser.parse_args()

    from audio_scrabble.online.matrix import MatrixTransport
    from audio_scrabble.online.store import OnlineStore

    made = new_synapse("bench_synapse_")
    if made is None:
        return 0
    server, folder = made
    t = time.perf_counter()
    server.start()
    started = time.perf_counter() - t
    transports = []
    try:
        t = time.perf_counter()
        (a_id, a_pw), (b_id, b_pw) = server.new_user("alice"), server.new_user("bob")
        alice = MatrixTransport.sign_in(server.url, a_id, a_pw, OnlineStore(folder / "a"))
        transports.append(alice)
        bob = MatrixTransport.sign_in(server.url, b_id, b_pw, OnlineStore(folder / "b"))
        transports.append(bob)
        signed_in = time.perf_counter() - t
        t = time.perf_counter()
        room = alice.create_room("bench", [b_id])
        while not bob.invitations():
            time.sleep(0.02)
        bob.accept(room)
        joined = time.perf_counter() - t

        arrived: dict[str, float] = {}
        event = threading.Event()

        def on_message(message) -> None:
            arrived[message.body] = time.perf_counter()
            event.set()

        alice.listen(lambda m: on_message(m) if m.sender != a_id else None)
        bob.listen(lambda m: on_message(m) if m.sender != b_id else None)
        # a warm-up message each way (group sessions shared, keys claimed)
        for who, name in ((alice, "warm-a"), (bob, "warm-b")):
            event.clear()
            who.send(room, name, {"warm": True}, name)
            while name not in arrived:
                event.wait(5)
                event.clear()

        roundtrips, sends = [], []
        for i in range(args.messages):
            who = alice if i % 2 == 0 else bob
            body = f"move {i}"
            event.clear()
            start = time.perf_counter()
            who.send(room, body, {"v": 1, "turn": i, "gcg": ">A: ABC 8D CAB +12 12"}, f"b{i}")
            sends.append(time.perf_counter() - start)
            deadline = start + 30
            while body not in arrived and time.perf_counter() < deadline:
                event.wait(1)
                event.clear()
            if body in arrived:
                roundtrips.append(arrived[body] - start)

        ms = 1000.0
        print(f"Synapse start: {started:.1f} s; two sign-ins: {signed_in:.1f} s; "
              f"room made and joined: {joined:.2f} s")
        print(f"send to arrival on the other client ({len(roundtrips)} of {args.messages} "
              f"messages, encrypted, loopback):")
        print(f"  median {statistics.median(roundtrips) * ms:.0f} ms, "
              f"p95 {percentile(roundtrips, 95) * ms:.0f} ms, "
              f"max {max(roundtrips) * ms:.0f} ms (goal under {GOAL_S * ms:.0f} ms)")
        print(f"  blocking send: median {statistics.median(sends) * ms:.0f} ms, "
              f"p95 {percentile(sends, 95) * ms:.0f} ms")
        ok = len(roundtrips) == args.messages and percentile(roundtrips, 95) < GOAL_S
        print("goal met" if ok else "goal NOT met")
        return 0
    finally:
        for tr in transports:
            tr.close()
        server.stop()


if __name__ == "__main__":
    raise SystemExit(main())
