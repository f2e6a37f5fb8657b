"""``audio-scrabble verify FILE.gcg... [--lexicon PATH]``: check game records.

Each record is replayed through the rules core: every placement must be
legal on the board and its tiles on the recorded rack, every score must be
what the rules give, and every running total must be the player's
previous total plus the line's score. With ``--lexicon`` the words formed
must be in that word list too (a play withdrawn on the next line is
excused).

Output, one short line each (for braille displays)::

    FILE:LINE: recorded 99, computed 32         a score that differs
    FILE:LINE: total recorded 140, computed 130 a running total that differs
    FILE:LINE: <why the line breaks a rule>
    FILE:LINE: note: <remark>                   e.g. an encoding that did not fit
    FILE: 27 moves agree                        the summary of a good file
    FILE: 2 of 27 moves differ                  the summary of a bad one
    FILE: <error>                               a file that is not GCG

A total is checked against the previous recorded total, so one slip is
reported once. Exit status: 0 when every move of every file agrees, 1
when any differs, 2 when a file cannot be read (or the word list cannot
be loaded).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ..errors import RecordError, ScrabbleError
from .gcg import WordList, read_gcg, replay_record

EXIT_AGREE = 0
EXIT_DIFFER = 1
EXIT_UNREADABLE = 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE.gcg", help="GCG game records to check")
    parser.add_argument(
        "--lexicon", metavar="PATH", help="also check that every word played is in this word list"
    )


def verify_file(path: str, lexicon: WordList | None = None, out: TextIO | None = None) -> int:
    """Check one file, printing its lines; returns its exit status."""
    out = out if out is not None else sys.stdout
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        print(f"{path}: cannot be read: {e.strerror or e}", file=out)
        return EXIT_UNREADABLE
    try:
        record = read_gcg(data)
    except RecordError as e:
        print(f"{path}: {e}", file=out)
        return EXIT_UNREADABLE
    for w in record.warnings:
        line, _, rest = w.partition(": ") if w.startswith("Line ") else ("", "", w)
        where = f"{path}:{line.removeprefix('Line ')}" if line else path
        print(f"{where}: note: {rest}", file=out)
    differing = 0
    for step in replay_record(record, lexicon):
        mv = step.move
        where = f"{path}:{mv.line_no}"
        bad = False
        if step.problem:
            print(f"{where}: {step.problem}", file=out)
            bad = True
        if step.computed_score is not None and step.computed_score != mv.score:
            print(f"{where}: recorded {mv.score}, computed {step.computed_score}", file=out)
            bad = True
        elif step.computed_total != mv.total:
            print(f"{where}: total recorded {mv.total}, computed {step.computed_total}", file=out)
            bad = True
        differing += bad
    n = len(record.moves)
    if differing:
        print(f"{path}: {differing} of {n} moves differ", file=out)
        return EXIT_DIFFER
    print(f"{path}: {n} move{'s' if n != 1 else ''} agree{'s' if n == 1 else ''}", file=out)
    return EXIT_AGREE


def run(args: argparse.Namespace) -> int:
    lexicon: WordList | None = None
    if getattr(args, "lexicon", None):
        try:
            from ..lexicon import Lexicon  # written alongside; loaded only when asked for
        except ImportError as e:
            print(f"{args.lexicon}: word lists cannot be loaded here ({e}).")
            return EXIT_UNREADABLE
        try:
            lexicon = Lexicon.from_path(args.lexicon)
        except (ScrabbleError, OSError) as e:
            print(f"{args.lexicon}: {e}")
            return EXIT_UNREADABLE
    status = EXIT_AGREE
    for path in args.files:
        status = max(status, verify_file(path, lexicon))
    return status
