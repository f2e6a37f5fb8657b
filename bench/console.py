"""Benchmark the console: every command a person types, and start-up.

Prints, for each command, the median and worst time to answer it (the
session's ``handle_line``/``key``, the same path as the prompt) on a game
in progress with the default word list, then the time from starting
``audio-scrabble`` in a pseudo-terminal to its first prompt, with the word
list's cache warm. Targets: every command well under 50 ms; start-up
under 1 s.

    python bench/console.py [--repeat N] [--command "audio-scrabble"]
"""

from __future__ import annotations

import argparse
import os
import select
import shlex
import shutil
import signal
import statistics
import sys
import time
from typing import Callable

from audio_scrabble.console import services
from audio_scrabble.console.asking.questions import BlankQuestion, PlayQuestion
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.tiles import BLANK

COMMAND_BUDGET_MS = 50.0
STARTUP_BUDGET_S = 1.0

#: commands that only read (timed again and again on one game)
READING = [
    "help", "help play", "help keys", "rack", "shuffle", "sort", "square H8", "H8", "row 8", "column H",
    "goto D8", "where", "words", "show", "scores", "bag", "unseen", "last", "history", "repeat", "summary",
    "rules", "set", "set verbosity full", "set verbosity normal", "set marks names", "set marks marks",
    "paly", "", "exchange QQQQQQQ", "play 1A QI", "notacommand at all",
]
KEYS = ["left", "right", "up", "down", "row_start", "row_end", "column_top", "column_bottom", "star",
        "next_left", "next_right", "next_up", "next_down", "where", "repeat"]


def _single_tile(game) -> str:
    rack = game.current_player.rack
    if game.board.is_empty():
        two = "".join("?" if t == BLANK else t for t in rack[:2])
        return f"play 8H {two}"
    tile = "?" if rack[0] == BLANK else rack[0]
    for sq, _ in game.board.occupied():
        for nb in (Square(sq.row + 1, sq.col), Square(sq.row, sq.col + 1)):
            if nb.on_board and not game.board[nb]:
                return f"play {nb.name} {tile}"
    return "pass"


def _name_blanks(s: Session) -> None:
    """Answer the questions a play asks: a blank's letter, and "play it?"
    when the word made is not the word typed (a tile joining a word)."""
    while isinstance(s.question, (BlankQuestion, PlayQuestion)):
        s.handle_line("e" if isinstance(s.question, BlankQuestion) else "yes")


def _play(s: Session, line: str) -> None:
    """A line, and the answers to the questions it asks."""
    s.handle_line(line)
    _name_blanks(s)


def game_in_progress(lexicon, moves: int = 12, seed: int = 1, store=None) -> Session:
    """A house-rules game with ``moves`` plays made (words unchecked until
    challenged), saved to ``store`` after each action when one is given."""
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=lexicon, store=store)
    s.start()
    for _ in range(moves):
        s.handle_line("")
        s.handle_line(_single_tile(s.game))
        _name_blanks(s)
    s.handle_line("")
    return s


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000.0


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def bench_commands(lexicon, repeat: int) -> list[tuple[str, float, float, float]]:
    rows: list[tuple[str, float, float, float]] = []
    s = game_in_progress(lexicon)
    for line in READING:
        times = [timed(lambda: s.handle_line(line)) for _ in range(repeat)]
        s.take_display()
        rows.append((line or "(Enter)", statistics.median(times), p95(times), max(times)))
    for key in KEYS:
        times = [timed(lambda: s.key(key)) for _ in range(repeat)]
        rows.append((f"key {key}", statistics.median(times), p95(times), max(times)))
    # actions change the game: each is timed on a fresh copy of the position
    actions: dict[str, Callable[[Session], str]] = {
        "check (a play)": lambda s: "check " + _single_tile(s.game).removeprefix("play "),
        "play": lambda s: _single_tile(s.game),
        "exchange all": lambda s: "exchange all",
        "pass": lambda s: "pass",
        "challenge": lambda s: "challenge",
    }
    # the same actions with the game saved to disk after each (fsync), as in play
    import tempfile

    from audio_scrabble.persistence import SaveStore

    for name in ("play", "pass"):
        times = []
        for _ in range(max(3, repeat // 4)):
            fresh = game_in_progress(lexicon, store=SaveStore(tempfile.mkdtemp(prefix="audio_scrabble_bench_")))
            line = actions[name](fresh)
            times.append(timed(lambda: _play(fresh, line)))
        rows.append((f"{name} (saved to disk)", statistics.median(times), p95(times), max(times)))
    for name, make in actions.items():
        times = []
        for _ in range(max(3, repeat // 4)):
            fresh = game_in_progress(lexicon)
            line = make(fresh)
            if name == "challenge":
                _play(fresh, _single_tile(fresh.game))
            times.append(timed(lambda: _play(fresh, line)))
        rows.append((name, statistics.median(times), p95(times), max(times)))
    return rows


def _spawn_until_prompt(
    argv: list[str], env: dict[str, str], marker: bytes, prompt: bytes = b">", timeout: float = 20.0
) -> float:
    """Seconds from starting ``argv`` in a pseudo-terminal until ``marker``
    is printed and then the ``prompt`` is drawn."""
    import pty  # POSIX only: this benchmark needs a pseudo-terminal

    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the game
        os.execvpe(argv[0], argv, env)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                k = seen.find(marker)
                if k >= 0 and prompt in seen[k + len(marker):]:
                    return time.perf_counter() - start
        raise RuntimeError(f"no prompt within {timeout} s; the program printed:\n{seen.decode(errors='replace')}")
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        os.close(fd)


def bench_startup(command: list[str], repeat: int) -> list[float]:
    import tempfile

    def env() -> dict[str, str]:
        e = dict(os.environ)
        e.setdefault("TERM", "xterm")
        # each run saves in a folder of its own, so that no resume question comes first
        e["AUDIO_SCRABBLE_DATA_DIR"] = tempfile.mkdtemp(prefix="audio_scrabble_bench_")
        return e

    argv = command + ["--players", "Alice,Bob", "--seed", "1", "--speech", "text"]
    _spawn_until_prompt(argv, env(), b"press Enter to hear your rack")  # warms the word-list cache
    return [_spawn_until_prompt(argv, env(), b"press Enter to hear your rack") for _ in range(repeat)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="times each command is timed (default 40)")
    parser.add_argument("--starts", type=int, default=5, help="start-ups timed (default 5)")
    parser.add_argument("--command", help="the command line that starts the game (default: audio-scrabble)")
    args = parser.parse_args()

    t = time.perf_counter()
    lexicon = services.load_lexicon(None)
    print(f"word list loaded in {(time.perf_counter() - t) * 1000:.0f} ms ({type(lexicon).__name__})")

    rows = bench_commands(lexicon, args.repeat)
    width = max(len(r[0]) for r in rows)
    print(f"\n{'command':<{width}}  median ms  p95 ms  worst ms")
    for name, med, high, worst in rows:
        print(f"{name:<{width}}  {med:9.2f}  {high:6.2f}  {worst:8.2f}")
    worst_all = max(r[3] for r in rows)
    slowest = max(rows, key=lambda r: r[3])
    ok_cmd = worst_all < COMMAND_BUDGET_MS
    print(f"\nslowest: {slowest[0]!r}, {slowest[3]:.2f} ms worst (median {slowest[1]:.2f} ms); "
          f"budget {COMMAND_BUDGET_MS:.0f} ms: {'met' if ok_cmd else 'MISSED'}")
    print(f"medians: all under {max(r[1] for r in rows):.2f} ms")

    if args.command:
        command = shlex.split(args.command)
    else:
        exe = shutil.which("audio-scrabble")
        command = [exe] if exe else [sys.executable, "-m", "audio_scrabble"]
    try:
        starts = bench_startup(command, args.starts)
    except RuntimeError as e:
        print(f"\nstart-up could not be measured: {e}")
        return 1
    print(f"\nstart-up to the first prompt ({' '.join(command)}), warm cache, {len(starts)} runs:")
    print(f"  median {statistics.median(starts) * 1000:.0f} ms, worst {max(starts) * 1000:.0f} ms; "
          f"budget {STARTUP_BUDGET_S * 1000:.0f} ms: {'met' if max(starts) < STARTUP_BUDGET_S else 'MISSED'}")
    return 0 if ok_cmd and max(starts) < STARTUP_BUDGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
