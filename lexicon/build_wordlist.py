#!/usr/bin/env python3
"""Build the default English word list ``lexicon/english.txt`` from SCOWL.

The list is derived reproducibly from the SCOWL word lists that Debian's
``scowl`` package installs in ``/usr/share/dict/scowl`` (SCOWL 2020.12.07
in Debian 12). See ``lexicon/README.md`` for the reasoning behind the
choices below.

Selection:

* spelling categories: english, american, british, british_z, canadian,
  and their level-1 and level-2 variant categories (variant_1, variant_2,
  british_variant_1/2, canadian_variant_1/2). Both British and American
  spellings are taken, as in Collins Scrabble Words. ``variant_3``
  (spellings "seldom used and may not even be considered correct") and the
  Australian category (a few dozen regional slang words) are left out.
* sub-category ``words`` only: never abbreviations, contractions,
  proper-names, upper, or the special lists.
* sizes 10 to 80. SCOWL's README: "the 80 size contains all the strange and
  unusual words people like to use in word games such as Scrabble"; size 95
  "contains just about every English word in existence and then some".
* accents are taken off (café -> CAFE, fiancée -> FIANCEE): the rules allow
  words English has absorbed from other languages, spelt without accents.
  Then an entry is kept only if it is 2 to 15 letters a-z, all lower case:
  this drops capitals, apostrophes (possessives, contractions), hyphens
  and letters with no plain form (smørbrød).
* minus the entries in ``exclude.txt`` (letter plurals such as "cs", unit
  symbols), plus the entries in ``supplement.txt`` (two-letter Scrabble
  words that SCOWL files as abbreviations, capitalised, or at size 95).

Output: one upper-case word per line, sorted by code point, LF line ends,
ASCII. Running the script twice gives byte-identical output.

Usage::

    python lexicon/build_wordlist.py            # (re)write lexicon/english.txt
    python lexicon/build_wordlist.py --check    # exit 1 if it would change
    python lexicon/build_wordlist.py --list-files

This script deliberately imports nothing from audio_scrabble.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
DEFAULT_OUTPUT = HERE / "english.txt"
SUPPLEMENT = HERE / "supplement.txt"
EXCLUDE = HERE / "exclude.txt"

#: SCOWL spelling categories whose "words" lists are used.
CATEGORIES: tuple[str, ...] = (
    "english",
    "american",
    "british",
    "british_z",
    "canadian",
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
    "canadian_variant_1",
    "canadian_variant_2",
)
#: SCOWL sizes used (all sizes up to and including 80).
SIZES: tuple[int, ...] = (10, 20, 35, 40, 50, 55, 60, 70, 80)

MIN_LENGTH = 2
MAX_LENGTH = 15

#: Words the game's rules reference and tests rely on (RULES.md's worked
#: examples, and its absorbed foreign words spelt without accents); the
#: build fails without them.
REQUIRED_WORDS: tuple[str, ...] = ("TRAIN", "TRAINER", "THROB", "CAFE", "CLICHE", "FIANCE")

_ENTRY = re.compile(rb"[a-z]{%d,%d}" % (MIN_LENGTH, MAX_LENGTH))


class BuildError(Exception):
    """The list cannot be built (SCOWL missing, a data file is inconsistent)."""


def scowl_files(scowl_dir: Path) -> list[Path]:
    """The SCOWL files the selection is made from, in a fixed order.

    Not every category has every size; a missing combination is simply not
    there. Raise BuildError if the directory holds none of them.
    """
    if not scowl_dir.is_dir():
        raise BuildError(
            f"SCOWL is not installed at {scowl_dir}; on Debian or Ubuntu run "
            "'apt-get install scowl', or pass --scowl-dir."
        )
    files = [
        scowl_dir / f"{category}-words.{size}"
        for category in CATEGORIES
        for size in SIZES
        if (scowl_dir / f"{category}-words.{size}").is_file()
    ]
    if not files:
        raise BuildError(f"No SCOWL '*-words.NN' lists were found in {scowl_dir}.")
    return files


def without_accents(entry: bytes) -> bytes:
    """*entry* with the accents taken off its letters (café -> cafe).

    SCOWL has been shipped both as ISO-8859-1 and as UTF-8: an entry that
    is not valid UTF-8 is read as ISO-8859-1. Letters with no plain form
    (ø, æ, ß) stay as they are, so the entry is then dropped.
    """
    if entry.isascii():
        return entry
    try:
        text = entry.decode("utf-8")
    except UnicodeDecodeError:
        text = entry.decode("latin-1")
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain.encode("utf-8")


def read_selection(files: Iterable[Path]) -> set[str]:
    """Upper-cased words of *files* that are 2-15 lower-case letters a-z
    once their accents are taken off."""
    words: set[str] = set()
    for path in files:
        for line in path.read_bytes().splitlines():
            entry = without_accents(line.strip())
            if _ENTRY.fullmatch(entry):
                words.add(entry.decode("ascii").upper())
    return words


def read_data_file(path: Path) -> list[str]:
    """Words of a supplement/exclude file: first field of each line, '#' starts a comment."""
    words: list[str] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        if not re.fullmatch(r"[A-Za-z]{%d,%d}" % (MIN_LENGTH, MAX_LENGTH), text):
            raise BuildError(f"{path.name} line {number}: {text!r} is not one word of 2-15 letters.")
        words.append(text.upper())
    return words


def all_scowl_entries(scowl_dir: Path) -> set[str]:
    """Every entry of every SCOWL list, upper-cased (used to vet the supplement)."""
    entries: set[str] = set()
    for path in sorted(scowl_dir.iterdir()):
        if path.is_file():
            for line in path.read_bytes().splitlines():
                entries.add(line.strip().decode("latin-1").upper())
    return entries


def build(scowl_dir: Path = DEFAULT_SCOWL_DIR) -> bytes:
    """Return the contents of english.txt, built from the SCOWL in *scowl_dir*."""
    selection = read_selection(scowl_files(scowl_dir))
    exclude = read_data_file(EXCLUDE)
    supplement = read_data_file(SUPPLEMENT)

    stale = sorted(w for w in exclude if w not in selection)
    if stale:
        raise BuildError(f"exclude.txt lists words SCOWL's selection does not hold: {', '.join(stale)}")
    redundant = sorted(w for w in supplement if w in selection)
    if redundant:
        raise BuildError(f"supplement.txt lists words SCOWL's selection already holds: {', '.join(redundant)}")
    everywhere = all_scowl_entries(scowl_dir)
    unknown = sorted(w for w in supplement if w not in everywhere)
    if unknown:
        raise BuildError(f"supplement.txt lists words found nowhere in SCOWL: {', '.join(unknown)}")

    words = (selection - set(exclude)) | set(supplement)
    missing = [w for w in REQUIRED_WORDS if w not in words]
    if missing:
        raise BuildError(f"The list lacks required words: {', '.join(missing)}")
    return "".join(word + "\n" for word in sorted(words)).encode("ascii")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR,
                        help=f"SCOWL 'final' lists directory (default {DEFAULT_SCOWL_DIR})")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT,
                        help="file to write or check (default lexicon/english.txt)")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if the output file differs from a fresh build")
    parser.add_argument("--list-files", action="store_true",
                        help="print the SCOWL files used and exit")
    args = parser.parse_args(argv)

    try:
        if args.list_files:
            for path in scowl_files(args.scowl_dir):
                print(path)
            return 0
        content = build(args.scowl_dir)
    except BuildError as exc:
        print(f"build_wordlist: {exc}", file=sys.stderr)
        return 2

    count = content.count(b"\n")
    if args.check:
        try:
            current = args.output.read_bytes()
        except OSError as exc:
            print(f"build_wordlist: cannot read {args.output}: {exc}", file=sys.stderr)
            return 1
        if current != content:
            committed = current.count(b"\n")
            print(f"build_wordlist: {args.output} differs from a fresh build "
                  f"({committed} lines there, {count} words built); rerun without --check.",
                  file=sys.stderr)
            return 1
        print(f"{args.output}: up to date, {count} words")
        return 0

    tmp = args.output.with_name(args.output.name + ".tmp")
    tmp.write_bytes(content)
    tmp.replace(args.output)
    print(f"wrote {args.output}: {count} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
