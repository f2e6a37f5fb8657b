"""``audio-scrabble emboss``: a game as a braille-ready .brf file.

The file holds the final board (row by row, labelled, premium marks on the
empty squares), the scores, and the move list in tournament notation, on
pages of at most 40 cells by 25 lines (see :mod:`.brf`). It is made from a
GCG record, so the same code serves a record on disk and the game in
progress (via :func:`~audio_scrabble.notation.gcg.record_from_game`).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from ..core.board import SIZE, Board, Square, premium_at
from ..errors import ScrabbleError
from ..notation.gcg import GcgRecord, MoveKind, final_board, read_gcg, replay_record
from ..notation.plays import format_play, parse_play
from .brf import board_section, brf_document, save_brf


def square_contents(board: Board) -> list[list[str | None]]:
    """Each square as the braille renderer takes it: the tile's letter
    (lower case for a blank), else the mark of a live premium, else None."""
    rows: list[list[str | None]] = []
    for r in range(SIZE):
        row: list[str | None] = []
        for c in range(SIZE):
            tile = board.cells[r][c]
            prem = premium_at(Square(r, c))
            row.append(tile or (prem.mark if prem else None))
        rows.append(row)
    return rows


def move_lines(record: GcgRecord) -> list[str]:
    """One line a move: ``doug: 8D WINDY +32 32``, played-through letters
    in parentheses as tournament notation writes them when printed."""
    lines = []
    for step in replay_record(record):
        mv = step.move
        what = mv.notation
        if mv.kind is MoveKind.PLAY:
            try:
                what = format_play(parse_play(f"{mv.position} {mv.word}", step.board_before), step.board_before)
            except ScrabbleError:
                pass  # keep the record's own writing
        elif mv.kind is MoveKind.PASS:
            what = "pass"
        elif mv.kind is MoveKind.EXCHANGE:
            what = f"exchange {mv.tiles or mv.exchanged_count}"
        elif mv.kind is MoveKind.WITHDRAWN:
            what = "play withdrawn"
        elif mv.kind is MoveKind.CHALLENGE:
            what = "challenge"
        elif mv.kind is MoveKind.TIME:
            what = "time penalty"
        elif mv.kind in (MoveKind.END_GAIN, MoveKind.END_LOSS):
            what = f"tiles left ({mv.tiles})"
        lines.append(f"{mv.nick}: {what} {mv.score:+d} {mv.total}")
    return lines


def final_scores(record: GcgRecord) -> list[str]:
    totals: dict[str, int] = {p.nick: 0 for p in record.players}
    for mv in record.moves:
        totals[mv.nick] = mv.total
    names = {p.nick: (p.full_name or p.nick) for p in record.players}
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    return [f"{names.get(nick, nick)} {score}" for nick, score in ranked]


def record_document(record: GcgRecord, title: str | None = None, board_heading: str = "Final board") -> str:
    """The whole .brf text of a record.

    ``board_heading`` names the board section: a game still in progress
    (the console's ``emboss``) calls it "Board" rather than "Final board".
    """
    names = " v ".join((p.full_name or p.nick) for p in record.players) or "Game"
    heading = title or record.title or names
    sections = [
        board_section(square_contents(final_board(record)), board_heading),
        ("Scores", final_scores(record)),
        ("Moves", move_lines(record) or ["No moves."]),
    ]
    return brf_document(heading, sections)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gcg", metavar="FILE.gcg", help="the game record to emboss")
    parser.add_argument("-o", "--output", metavar="OUT.brf", help="where to write (default: FILE.brf beside the record)")
    parser.epilog = (
        "Writes North American ASCII braille: pages of at most 40 cells by 25 lines, "
        "separated by form feeds, page numbers at the foot. Grade 1 (uncontracted)."
    )


def run(args: argparse.Namespace) -> int:
    out_path = args.output or os.path.splitext(args.gcg)[0] + ".brf"
    try:
        with open(args.gcg, "rb") as f:
            record = read_gcg(f.read())
        document = record_document(record)
        save_brf(out_path, document)
    except OSError as e:
        print(f"{args.gcg}: cannot be read or written ({e.strerror or e}).", file=sys.stderr)
        return 2
    except ScrabbleError as e:
        print(f"{args.gcg}: {e}", file=sys.stderr)
        return 2
    pages = document.count("\f")
    print(f"Wrote {out_path}: {pages} braille page{'s' if pages != 1 else ''}.")
    return 0


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - convenience
    p = argparse.ArgumentParser(prog="audio-scrabble emboss")
    configure(p)
    return run(p.parse_args(argv))
