#!/usr/bin/env python3
"""Fuzz every reader of the game and count the exceptions that are not ours.

    python bench/fuzz.py [--count 100000] [--seed 1] [--only gcg-bytes,cgp]

Each parser gets ``--count`` inputs: random text from every Unicode
category (lone surrogates and control characters included), random bytes,
near misses of real notation (characters inserted, deleted, replaced,
lines spliced from several inputs, cut short), odd ``#character-encoding``
names for GCG bytes, and long lines now and then. The only outcomes
allowed are a result or a :class:`~audio_scrabble.errors.ScrabbleError`
(the typed refusal with a sentence); anything else is counted, grouped by
its type and the innermost function of ours it passed, and the first input
of each kind is shown. The exit status is 1 when any untyped exception was
seen.

Parsers: squares, positions, plays (on an empty and a mid-game board),
racks, exchanges, GCG text and GCG bytes (read, replayed as ``verify``
does, written back), CGP positions, and the save-file loader (decoding and
replaying a save, some of them re-signed so that the checksum lets them
through). The inputs are reproducible from ``--seed``.
"""

from __future__ import annotations

import argparse
import codecs
import encodings.aliases
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from audio_scrabble.core import Board, Game, rules_named  # noqa: E402
from audio_scrabble.errors import ScrabbleError  # noqa: E402
from audio_scrabble import notation  # noqa: E402

SHARED_GCG = REPO.parent / "shared" / "gcg"

CONTROL = "\x00\x01\x07\x08\t\n\x0b\x0c\r\x1b\x7f\x85\xa0\u00b2\u0663\u2028\u2029\ufeff\u200b\u200e\u202e\ud800\udfff"
NOTATION_CHARS = "0123456789ABCDEHIOQZaez?()-.+ #>:/;\n"

PLAYS = [
    "8D WINDY", "H8 QI", "8D TRA(IN)", "8D TRA.N", "H16 X", "15O ZZ", "8d train", "D8 TRAIN", "0A AB", "1A " + "(A)" * 15,
    "8D ?", "8D A?B", "8D TRAİN", "８D TRAIN", "-", "--", "-AEI", "8D TRAIN +12", "O15 Z", "A1 " + "A" * 20,
]
RACKS = ["AEI?RST", "AEI?RSTQ", "", " ", "????????", "aei", "ÆØÅ", "A E I", "-", "UNKNOWN", "-AEI", "-7"]
SQUARES = ["8D", "D8", "A1", "O15", "15O", "P1", "0A", "H8", "h8", "8h", "١A", "8 D"]
CGP = [
    "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;",
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ZZZZ/ZZZ/A/B 0/0/0/0 0 cr double; lm 8D WINDY;",
    "99999999999999999999/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
]
GCG = [
    "#character-encoding UTF-8\n#player1 doug Doug\n#player2 emely Emely\n>doug: DINNVWY 8D WINDY +32 32\n"
    ">emely: ADEEGIL 7C GALE +16 16\n>doug: AEJNOSV E3 JAVE..N +34 66\n#note a note\n>emely: DEILOVX F2 VOX +39 55\n",
    "#player1 a A\n#player2 b B\n>a: ABC 8D CAB +14 14\n>b: XYZ -- -14 0\n>a: (DEF) +14 28\n",
    "#player1 a A\n#player2 b B\n#player3 c C\n>a: UNKNOWN 8D WINDY +32 32\n>b: -3 +0 0\n>c: (challenge) +5 5\n",
    "#player1 a A\n#player2 b B\n>a: EZ (EZ) -11 -11\n>b: NU (time) -10 -10\n#rack1 ABCDEFG\n",
]
ENCODING_NAMES = sorted(set(encodings.aliases.aliases) | set(encodings.aliases.aliases.values())) + [
    "utf-8", "UTF-8", "ISO-8859-1", "latin1", "uu", "base64", "rot13", "rot_13", "undefined", "hex", "zlib",
    "bz2", "quopri", "idna", "punycode", "unicode_escape", "raw_unicode_escape", "utf-7", "utf-16", "mbcs",
    "klingon", "utf\x008", "utf-8\x1b", "x" * 300, "",
]


def _real_gcg() -> list[str]:
    if not SHARED_GCG.is_dir():
        return []
    return [p.read_text("utf-8", "replace") for p in sorted(SHARED_GCG.glob("*.gcg"))]


# ------------------------------------------------------------------ inputs
class Inputs:
    """Random inputs of each shape, from one seeded generator."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def char(self) -> str:
        r = self.rng.random()
        if r < 0.45:
            return self.rng.choice(NOTATION_CHARS)
        if r < 0.6:
            return self.rng.choice(CONTROL)
        if r < 0.8:
            return chr(self.rng.randrange(0x20, 0x250))
        return chr(self.rng.randrange(0, 0x110000))

    def text(self, n: int = 40) -> str:
        return "".join(self.char() for _ in range(self.rng.randrange(n + 1)))

    def mutate(self, base: str, edits: int = 4) -> str:
        s = base
        for _ in range(self.rng.randrange(1, edits + 1)):
            i = self.rng.randrange(len(s) + 1)
            kind = self.rng.randrange(6)
            if kind == 0:
                s = s[:i] + self.text(3) + s[i:]
            elif kind == 1:
                s = s[:i] + s[i + self.rng.randrange(1, 6):]
            elif kind == 2:
                s = s[:i] + self.char() + s[i + 1:]
            elif kind == 3:  # a digit run, sometimes huge
                digits = "9" * self.rng.choice([1, 3, 10, 25, 5000])
                s = s[:i] + digits + s[i:]
            elif kind == 4:  # cut short
                s = s[:i]
            else:  # a piece repeated
                j = min(len(s), i + self.rng.randrange(1, 12))
                s = s[:i] + s[i:j] * self.rng.randrange(2, 8) + s[j:]
        return s

    def lines(self, seeds: list[str]) -> str:
        """Lines spliced from several seeds, some mutated."""
        pool = [line for text in self.rng.sample(seeds, min(3, len(seeds))) for line in text.splitlines()]
        picked = self.rng.choices(pool, k=self.rng.randrange(1, 14))
        return "\n".join(self.mutate(x, 2) if self.rng.random() < 0.4 else x for x in picked)

    def long(self) -> str:
        piece = self.rng.choice(["(", "A", "8D ", "?", "\n", "#note ", ">a: ", "9", self.text(5) or "x"])
        return piece * (self.rng.randrange(1_000, 60_000) // len(piece))

    def like(self, seeds: list[str]) -> str:
        r = self.rng.random()
        if r < 0.01:
            return self.long()
        if r < 0.25:
            return self.text()
        if r < 0.35:
            return self.rng.choice(seeds)
        if r < 0.45:
            return self.rng.choice(seeds) + self.text(10)
        return self.mutate(self.rng.choice(seeds))

    def gcg_text(self, seeds: list[str]) -> str:
        return self.lines(seeds) if self.rng.random() < 0.5 else self.like(seeds)

    def gcg_bytes(self, seeds: list[str]) -> bytes:
        r = self.rng.random()
        if r < 0.3:
            name = self.rng.choice(ENCODING_NAMES)
            if self.rng.random() < 0.2:
                name = self.mutate(name, 1)
            body = self.gcg_text(seeds)
            encoding = self.rng.choice(["utf-8", "latin-1", "utf-16", "cp1252"])
            return ("#character-encoding " + name + "\n").encode("utf-8", "surrogatepass") + body.encode(
                encoding, "ignore"
            )
        if r < 0.4:
            return self.rng.randbytes(self.rng.randrange(300))
        if r < 0.5:
            data = bytearray(self.rng.choice(seeds).encode("utf-8"))
            for _ in range(self.rng.randrange(1, 6)):
                if data:
                    data[self.rng.randrange(len(data))] = self.rng.randrange(256)
            return bytes(data)
        text = self.gcg_text(seeds)
        prefix = self.rng.choice([b"", b"", codecs.BOM_UTF8, codecs.BOM_UTF16_LE])
        if self.rng.random() < 0.3:
            return prefix + text.encode("latin-1", "ignore")
        return prefix + text.encode("utf-8", "surrogatepass")


# ------------------------------------------------------------------ parsers
def mid_game_board() -> Board:
    board = Board()
    for text in ("8D WINDY", "7C GALE", "E3 JAVE..N", "F2 VOX"):
        play = notation.parse_play(text, board)
        from audio_scrabble.core.play import apply_play

        apply_play(board, play)
    return board


def _gcg_round(source: str | bytes) -> None:
    record = notation.read_gcg(source)
    for _ in notation.replay_record(record, WORDS):
        pass
    try:
        text = notation.write_gcg(record)
    except ScrabbleError:
        return
    again = notation.read_gcg(text)
    if again.moves != record.moves or again.players != record.players:
        raise AssertionError("a record read back differs from the one written")


class _Words:
    """A stand-in word list: any word of even length is good (so that both branches run)."""

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and len(word) % 2 == 0


WORDS = _Words()


def _mid_game() -> Game:
    """A game of a dozen random legal turns (the tests' random player), to save and load."""
    game = Game(["Alice", "Bob"], rules_named("double"), seed=5, lexicon=WORDS)
    try:
        sys.path.insert(0, str(REPO / "tests"))
        from randplay import step
    except ImportError:  # an installation without the tests: an empty game still loads
        return game
    rng = random.Random(5)
    for _ in range(12):
        if game.is_over:
            break
        step(game, rng)
    return game


def _save_parsers(inputs: Inputs) -> tuple[Callable[[], Any], Callable[[Any], None]] | None:
    try:
        from audio_scrabble import persistence
    except ImportError:
        return None
    decode = getattr(persistence, "decode_save", None)
    encode = getattr(persistence, "encode_save", None)
    checksum = getattr(persistence, "_checksum", None)
    if decode is None or encode is None:
        return None
    good = encode(_mid_game(), {"verbosity": "normal"})
    text = good.decode("ascii")
    rng = inputs.rng

    def make() -> bytes:
        r = rng.random()
        if r < 0.3 and checksum is not None:
            doc = json.loads(good)
            payload = doc["payload"]
            field = rng.choice(["actions", "config", "settings", "summary", "state", "started", "names", "seed"])
            junk: Any = rng.choice([None, True, -1, 2**70, 1.5, "", inputs.text(8), [], {}, [inputs.text(3)],
                                    {"type": "place", "tiles": [[7, 7, "A"]]}, [{"type": inputs.text(4)}]])
            if field in ("names", "seed"):
                payload["config"][field] = junk
            else:
                payload[field] = junk
            doc["checksum"] = checksum(doc)
            return json.dumps(doc).encode("utf-8")
        if r < 0.5:
            data = bytearray(good)
            data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)
        if r < 0.6:
            return rng.randbytes(rng.randrange(400))
        return inputs.mutate(text).encode("utf-8", "surrogatepass")

    def load(data: bytes) -> None:
        loaded = decode(data)
        loaded.replay(WORDS)

    return make, load


def parsers(inputs: Inputs) -> dict[str, tuple[Callable[[], Any], Callable[[Any], object]]]:
    empty, mid = Board(), mid_game_board()
    plays_seed = PLAYS + SQUARES
    gcg_seeds = GCG + _real_gcg()
    table: dict[str, tuple[Callable[[], Any], Callable[[Any], object]]] = {
        "squares": (lambda: inputs.like(SQUARES + PLAYS), notation.parse_square),
        "positions": (lambda: inputs.like(SQUARES + PLAYS), notation.parse_position),
        "plays": (
            lambda: inputs.like(plays_seed),
            lambda text: (notation.parse_play(text, empty), notation.parse_play(text, mid)),
        ),
        "racks": (lambda: inputs.like(RACKS), notation.parse_rack),
        "exchanges": (lambda: inputs.like(RACKS + ["-" + r for r in RACKS]), notation.parse_exchange),
        "gcg-text": (lambda: inputs.gcg_text(gcg_seeds), _gcg_round),
        "gcg-bytes": (lambda: inputs.gcg_bytes(gcg_seeds), _gcg_round),
        "cgp": (lambda: inputs.like(CGP), notation.position_from_cgp),
    }
    save = _save_parsers(inputs)
    if save is not None:
        table["save-loader"] = save
    return table


def _where(e: BaseException) -> str:
    found = "?"
    for frame, _ in traceback.walk_tb(e.__traceback__):
        parts = Path(frame.f_code.co_filename).parts
        if "audio_scrabble" in parts:
            rel = parts[len(parts) - parts[::-1].index("audio_scrabble"):]
            found = f"{'/'.join(rel)}:{frame.f_code.co_name}"
    return found


def fuzz(name: str, make: Callable[[], Any], parse: Callable[[Any], object], count: int) -> dict[str, Any]:
    kinds: Counter[str] = Counter()
    first: dict[str, Any] = {}
    accepted = refused = 0
    slowest = 0.0
    start = time.perf_counter()
    for _ in range(count):
        data = make()
        t0 = time.perf_counter()
        try:
            parse(data)
            accepted += 1
        except ScrabbleError:
            refused += 1
        except RecursionError as e:
            key = f"RecursionError@{_where(e)}"
            kinds[key] += 1
            first.setdefault(key, data)
        except Exception as e:  # what we are hunting
            key = f"{type(e).__name__}@{_where(e)}"
            kinds[key] += 1
            first.setdefault(key, (data, str(e)[:120]))
        slowest = max(slowest, time.perf_counter() - t0)
    return {
        "parser": name,
        "inputs": count,
        "accepted": accepted,
        "refused": refused,
        "untyped": sum(kinds.values()),
        "kinds": dict(kinds),
        "first": first,
        "seconds": time.perf_counter() - start,
        "slowest_ms": slowest * 1000,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100_000, help="inputs per parser (default 100000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated parser names")
    args = ap.parse_args(argv)
    inputs = Inputs(args.seed)
    table = parsers(inputs)
    chosen = [n for n in args.only.split(",") if n] or list(table)
    unknown = [n for n in chosen if n not in table]
    if unknown:
        ap.error(f"unknown parser {unknown[0]}; choose from {', '.join(table)}")
    total_untyped = 0
    print(f"{'parser':<12} {'inputs':>8} {'accepted':>9} {'refused':>9} {'untyped':>8} {'seconds':>8} {'slowest ms':>10}")
    for name in chosen:
        make, parse = table[name]
        r = fuzz(name, make, parse, args.count)
        total_untyped += r["untyped"]
        print(f"{name:<12} {r['inputs']:>8} {r['accepted']:>9} {r['refused']:>9} {r['untyped']:>8} "
              f"{r['seconds']:>8.1f} {r['slowest_ms']:>10.1f}", flush=True)
        for kind, n in r["kinds"].items():
            print(f"    {n} x {kind}; first input: {r['first'][kind]!r:.300}")
    print(f"untyped exceptions in all: {total_untyped}")
    return 1 if total_untyped else 0


if __name__ == "__main__":
    sys.exit(main())
