#!/usr/bin/env python3
"""Build lexicon/common.txt: everyday words, for the beginner computer player.

"Everyday" means SCOWL's most common sizes (10, 20 and 35, which SCOWL's
README calls the common words) in the categories english, american and
british, sub-category words, 2 to 15 letters a-z, all lower case in
SCOWL once accents are taken off (café is CAFE, as in english.txt), and
also in the default list (lexicon/english.txt), so that the beginner
never plays a word the game's own list would refuse.

    python lexicon/build_common.py            # write lexicon/common.txt
    python lexicon/build_common.py --check    # exit 1 if it would change
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from build_wordlist import without_accents

HERE = Path(__file__).resolve().parent
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
OUTPUT = HERE / "common.txt"
FULL_LIST = HERE / "english.txt"
CATEGORIES = ("english", "american", "british")
SIZES = (10, 20, 35)


def build(scowl_dir: Path = DEFAULT_SCOWL_DIR) -> bytes:
    full = set(FULL_LIST.read_text(encoding="ascii").split())
    words: set[str] = set()
    for cat in CATEGORIES:
        for size in SIZES:
            path = scowl_dir / f"{cat}-words.{size}"
            for line in path.read_bytes().splitlines():
                w = without_accents(line.strip()).decode("utf-8", "replace")  # café: CAFE
                if re.fullmatch(r"[a-z]{2,15}", w) and w.upper() in full:
                    words.add(w.upper())
    return "".join(w + "\n" for w in sorted(words)).encode("ascii")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR)
    parser.add_argument("--check", action="store_true", help="exit 1 if common.txt differs from a fresh build")
    args = parser.parse_args(argv)
    try:
        content = build(args.scowl_dir)
    except OSError as exc:
        print(f"build_common: cannot read SCOWL: {exc}", file=sys.stderr)
        return 2
    count = content.count(b"\n")
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_bytes() != content:
            print(f"build_common: {OUTPUT} differs from a fresh build ({count} words); rerun without --check.",
                  file=sys.stderr)
            return 1
        print(f"{OUTPUT}: up to date, {count} words")
        return 0
    tmp = OUTPUT.with_name(OUTPUT.name + ".tmp")
    tmp.write_bytes(content)
    tmp.replace(OUTPUT)
    print(f"wrote {OUTPUT}: {count} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
