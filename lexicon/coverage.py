#!/usr/bin/env python3
"""Measure the default word list: its size, and how much of ENABLE and of
the official two-letter lists it holds.

    python lexicon/coverage.py                      # size and two-letter words
    python lexicon/coverage.py --enable enable1.txt # and coverage of ENABLE

ENABLE (the Enhanced North American Benchmark LExicon, Alan Beale, public
domain) is the word list most free Scrabble programs use. No Debian or
PyPI package ships it, so this script is given a copy with ``--enable``
(any file of one word per line); the project keeps no copy. Its words of
2 to 15 letters are compared (the board is 15 squares wide).

What it prints: the list's size by word length; for each official
two-letter list (``two_letter_words.txt``) how many of its words the list
holds and which are missing, and the list's two-letter words on neither;
and, given ENABLE, how many of ENABLE's words the list holds (all, and by
length), ENABLE's three-letter words the list lacks (every one, for the
supplement or a documented reason), and how many of the list's words
ENABLE lacks.

This script deliberately imports nothing from audio_scrabble.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_LIST = HERE / "english.txt"
TWO_LETTER_LISTS = HERE / "two_letter_words.txt"
_WORD = re.compile(r"[A-Z]{2,15}")


def read_words(path: Path) -> set[str]:
    """Upper-cased words of 2-15 letters A-Z, one per line (other lines ignored)."""
    words = set()
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        word = line.strip().upper()
        if _WORD.fullmatch(word):
            words.add(word)
    return words


def read_two_letter_lists(path: Path = TWO_LETTER_LISTS) -> dict[str, set[str]]:
    lists: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, words = line.partition(":")
        lists.setdefault(name.strip(), set()).update(words.split())
    return lists


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "-"


def report(words: set[str], enable: set[str] | None, twos: dict[str, set[str]]) -> list[str]:
    lines = [f"list: {len(words):,} words"]
    by_len = Counter(len(w) for w in words)
    lines.append("by length: " + ", ".join(f"{n}: {by_len[n]:,}" for n in sorted(by_len)))
    official: set[str] = set()
    for name, two in twos.items():
        official |= two
        missing = sorted(two - words)
        lines.append(f"{name} two-letter words: {len(two & words)} of {len(two)} ({percent(len(two & words), len(two))})"
                     + (f"; missing {' '.join(missing)}" if missing else "; none missing"))
    other = sorted(w for w in words if len(w) == 2 and w not in official)
    lines.append(f"two-letter words on no official list: {len(other)}" + (f" ({' '.join(other)})" if other else ""))
    if enable is None:
        lines.append("ENABLE: not measured (give --enable FILE)")
        return lines
    held = enable & words
    lines.append(f"ENABLE: {len(enable):,} words of 2-15 letters; the list holds {len(held):,} "
                 f"({percent(len(held), len(enable))})")
    e_len = Counter(len(w) for w in enable)
    h_len = Counter(len(w) for w in held)
    lines.append("ENABLE held by length: " + ", ".join(
        f"{n}: {percent(h_len[n], e_len[n])}" for n in sorted(e_len)))
    lacking3 = sorted(w for w in enable - words if len(w) == 3)
    lines.append(f"ENABLE three-letter words the list lacks: {len(lacking3)}"
                 + (f" ({' '.join(lacking3)})" if lacking3 else ""))
    lines.append(f"list words ENABLE lacks: {len(words - enable):,}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", type=Path, default=DEFAULT_LIST, help="word list to measure (default lexicon/english.txt)")
    parser.add_argument("--enable", type=Path, help="a copy of ENABLE, one word per line")
    args = parser.parse_args(argv)
    try:
        words = read_words(args.list)
        enable = read_words(args.enable) if args.enable else None
    except OSError as exc:
        print(f"coverage: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    for line in report(words, enable, read_two_letter_lists()):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
