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
    FILE:LINE: racks not checked: <why>         once a file, see below
    FILE: 27 moves agree                        the summary of a good file
    FILE: 2 of 27 moves differ                  the summary of a bad one
    All 3 records agree                         the last line, for several files

and on standard error::

    FILE: cannot be read: <why>                 a missing or unreadable file
    FILE: <error>                               a file that is not GCG

Racks: records that other programs write (annotated games, multiplayer
games) often give no rack, ``UNKNOWN``, part of a rack, or a rack that
lacks the tiles played. Such racks are not errors: one line a file says
where the racks stopped being checkable, and only scores, totals and the
placements themselves decide the exit status.

A total is checked against the previous recorded total, so one slip is
reported once. Exit status: 0 when every score, total and placement of
every file agrees, 1 when any differs, 2 when a file cannot be read (or
the word list cannot be loaded).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..errors import RecordError, ScrabbleError
from .gcg import WordList, read_gcg, replay_record
from ..reading import GAME_FILE_LIMIT, read_limited

EXIT_AGREE = 0
EXIT_DIFFER = 1
EXIT_UNREADABLE = 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE.gcg", help="GCG game records to check")
    parser.add_argument(
        "--lexicon", metavar="PATH", help="also check that every word played is in this word list"
    )


def verify_file(path: str, lexicon: WordList | None = None, out: TextIO | None = None,
                err: TextIO | None = None) -> int:
    """Check one file, printing its findings to ``out`` (and why it cannot
    be read to ``err``); returns its exit status."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else (sys.stderr if out is sys.stdout else out)
    try:
        data = read_limited(path, GAME_FILE_LIMIT, "a game record")
    except OSError as e:
        print(f"{path}: cannot be read: {e.strerror or e}", file=err)
        return EXIT_UNREADABLE
    try:
        record = read_gcg(data)
    except RecordError as e:
        print(f"{path}: {e}", file=err)
        return EXIT_UNREADABLE
    for w in record.warnings:
        line, _, rest = w.partition(": ") if w.startswith("Line ") else ("", "", w)
        where = f"{path}:{line.removeprefix('Line ')}" if line else path
        print(f"{where}: note: {rest}", file=out)
    differing = 0
    racks_unchecked: str | None = None
    for step in replay_record(record, lexicon):
        mv = step.move
        where = f"{path}:{mv.line_no}"
        bad = False
        if step.rack_note and racks_unchecked is None:
            racks_unchecked = f"{where}: racks not checked: {step.rack_note}"
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
    if racks_unchecked:
        print(racks_unchecked, file=out)
    n = len(record.moves)
    if differing:
        print(f"{path}: {differing} of {n} moves differ", file=out)
        return EXIT_DIFFER
    print(f"{path}: {n} move{'s' if n != 1 else ''} agree{'s' if n == 1 else ''}", file=out)
    return EXIT_AGREE


def summary(statuses: list[int]) -> str:
    """The last line when several files were checked: ``27 records agree``, or how many did not."""
    n = len(statuses)
    agree = statuses.count(EXIT_AGREE)
    if agree == n:
        return f"All {n} records agree" if n > 2 else "Both records agree"
    parts = [f"{agree} of {n} records agree"]
    if statuses.count(EXIT_DIFFER):
        parts.append(f"{statuses.count(EXIT_DIFFER)} differ")
    if statuses.count(EXIT_UNREADABLE):
        parts.append(f"{statuses.count(EXIT_UNREADABLE)} unreadable")
    return ", ".join(parts)


def run(args: argparse.Namespace) -> int:
    lexicon: WordList | None = None
    if getattr(args, "lexicon", None):
        try:
            from ..lexicon import Lexicon  # written alongside; loaded only when asked for
        except ImportError as e:
            print(f"{args.lexicon}: word lists cannot be loaded here ({e}).", file=sys.stderr)
            return EXIT_UNREADABLE
        try:
            lexicon = Lexicon.from_path(args.lexicon)
        except (ScrabbleError, OSError) as e:
            print(f"{args.lexicon}: {e}", file=sys.stderr)
            return EXIT_UNREADABLE
    statuses = [verify_file(path, lexicon) for path in args.files]
    if len(statuses) > 1:
        print(summary(statuses))
    return max(statuses)
