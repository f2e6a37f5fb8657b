#!/usr/bin/env python3
"""Benchmark of the default lexicon: build, cache, load, lookups, memory.

    python bench/lexicon_bench.py [--repeat N]

Each of "cold" and "warm" runs in a fresh interpreter with an empty
temporary cache folder (AUDIO_SCRABBLE_CACHE_DIR), so the figures are
those of a real first start and a real later start. The user's own cache
is not touched. A first start of the default list takes the graph shipped
built in ``audio_scrabble/data`` (status "loaded"; see
``audio_scrabble/lexicon/cache.py``); the cold phase still times parsing
and building the graph on their own, as a user's own list needs them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _rss_kib() -> int | None:
    """Peak resident set size of this process in KiB (None where unknown)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def phase(name: str) -> dict[str, Any]:
    """Run in the child interpreter: load the default lexicon, report figures.

    The first load is timed untraced, and the peak RSS is read right after
    it; memory is then traced (tracemalloc) on a repeat of the same work.
    """
    rss_before = _rss_kib()
    t0 = time.perf_counter()
    from audio_scrabble.lexicon import Lexicon
    from audio_scrabble.lexicon.dawg import build_dawg
    from audio_scrabble.lexicon.wordlist import parse_word_list, read_default_bytes
    t1 = time.perf_counter()
    lexicon = Lexicon.default()
    t2 = time.perf_counter()
    rss_after = _rss_kib()
    result: dict[str, Any] = {
        "phase": name,
        "status": lexicon.cache_status,
        "words": len(lexicon),
        "import_s": t1 - t0,
        "load_s": t2 - t1,
        "rss_before_kib": rss_before,
        "rss_after_kib": rss_after,
        "nodes": lexicon.dawg.node_count,
        "edges": lexicon.dawg.edge_count,
        "cache_size": lexicon.cache_path.stat().st_size if lexicon.cache_path else None,
    }
    if name == "cold":
        raw, _ = read_default_bytes()
        b0 = time.perf_counter()
        parsed = parse_word_list(raw)
        b1 = time.perf_counter()
        build_dawg(parsed.words)
        b2 = time.perf_counter()
        result["parse_s"] = b1 - b0
        result["build_dawg_s"] = b2 - b1
        del parsed
        tracemalloc.start()
        build_dawg(parse_word_list(raw).words)
        result["tracemalloc_peak"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    else:
        tracemalloc.start()
        again = Lexicon.default(reload=True)
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert again.cache_status == "loaded", again.cache_status
        result["tracemalloc_peak"] = peak
        result["tracemalloc_kept"] = current
    return result


def run_child(name: str, cache: str) -> dict[str, Any]:
    env = dict(os.environ, AUDIO_SCRABBLE_CACHE_DIR=cache)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, "--phase", name], env=env,
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    result: dict[str, Any] = json.loads(done.stdout)
    result["process_wall_s"] = wall
    return result


def lookups(repeat: int) -> dict[str, float]:
    """Lookups per second on the (warm) default lexicon, words and non-words."""
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    rng = random.Random(1)
    words = list(lexicon.words())
    sample = rng.sample(words, 20000)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    junk = ["".join(rng.choice(letters) for _ in range(rng.randint(2, 8))) for _ in range(20000)]
    mixed = sample + junk
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for word in mixed:
            word in lexicon  # noqa: B015 - the lookup is what is timed
        best = min(best, time.perf_counter() - t0)
    # For comparison only: a frozenset of the same words, read from the
    # text as a set-based lexicon would have to (strings included).
    from audio_scrabble.lexicon.wordlist import read_default_bytes
    raw, _ = read_default_bytes()
    tracemalloc.start()
    as_set = frozenset(raw.decode("ascii").split())
    set_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    t0 = time.perf_counter()
    frozenset(raw.decode("ascii").split())
    set_load_s = time.perf_counter() - t0
    set_best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for word in mixed:
            word in as_set  # noqa: B015
        set_best = min(set_best, time.perf_counter() - t0)
    t0 = time.perf_counter()
    count = sum(1 for _ in lexicon.words())
    enumerate_s = time.perf_counter() - t0
    assert count == len(lexicon)
    return {
        "dawg_lookups_per_s": len(mixed) / best,
        "set_lookups_per_s": len(mixed) / set_best,
        "set_tracemalloc_bytes": set_bytes,
        "set_load_s": set_load_s,
        "enumerate_all_words_s": enumerate_s,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phase", choices=["cold", "warm"], help=argparse.SUPPRESS)
    parser.add_argument("--repeat", type=int, default=5, help="repeats for lookup timing (best is kept)")
    args = parser.parse_args()
    if args.phase:
        print(json.dumps(phase(args.phase)))
        return 0

    with tempfile.TemporaryDirectory(prefix="lexicon-bench-") as cache:
        cold = run_child("cold", cache)
        warm = run_child("warm", cache)
        os.environ["AUDIO_SCRABBLE_CACHE_DIR"] = cache
        sys.path.insert(0, str(REPO))
        speed = lookups(args.repeat)

    mib = 1024 * 1024

    def rss(r: dict[str, Any]) -> str:
        before, after = r["rss_before_kib"], r["rss_after_kib"]
        if before is None or after is None:
            return "n/a"
        return f"{after / 1024:.1f} MiB peak RSS (interpreter alone {before / 1024:.1f} MiB)"

    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print(f"words:                 {cold['words']:,}")
    print(f"DAWG:                  {cold['nodes']:,} nodes, {cold['edges']:,} edges")
    print(f"cold start (no cache): {cold['load_s']:.2f} s to read, build and cache "
          f"(of which parse {cold['parse_s']:.2f} s, build_dawg {cold['build_dawg_s']:.2f} s); "
          f"status {cold['status']}")
    print(f"cache file size:       {cold['cache_size'] / 1024:,.0f} KiB")
    print(f"warm start (cached):   {warm['load_s'] * 1000:.1f} ms to load "
          f"(+ {warm['import_s'] * 1000:.1f} ms to import audio_scrabble.lexicon); status {warm['status']}")
    print(f"warm process total:    {warm['process_wall_s']:.2f} s wall for a whole interpreter run")
    print(f"memory, warm load:     {warm['tracemalloc_kept'] / mib:.1f} MiB kept, "
          f"{warm['tracemalloc_peak'] / mib:.1f} MiB peak (tracemalloc); {rss(warm)}")
    print(f"memory, cold build:    {cold['tracemalloc_peak'] / mib:.1f} MiB tracemalloc peak; {rss(cold)}")
    print(f"lookups (DAWG walk):   {speed['dawg_lookups_per_s']:,.0f} per second "
          "(half words, half random strings)")
    print(f"  vs frozenset:        {speed['set_lookups_per_s']:,.0f} per second, "
          f"{speed['set_tracemalloc_bytes'] / mib:.1f} MiB and {speed['set_load_s'] * 1000:.0f} ms "
          "to make from the text (not used)")
    print(f"enumerate all words:   {speed['enumerate_all_words_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
