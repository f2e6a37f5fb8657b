"""``audio-scrabble moves``: list the legal plays in a position, best first.

The position is a CGP string (the rack of the player to move is the first
rack) or the position before move N of a GCG record. Output is one play
per line, ``POS WORD SCORE``, in tournament notation: row number first for
an across word, column letter first for a down word, a blank as a
lower-case letter, and letters already on the board in parentheses::

    15H (T)UTORIAL 77

Every legal placement is a line of its own, so a rack with a blank lists
a word once for each choice of which tile is the blank. Ties are listed in
a fixed order. Exit status: 0, or 2 when the position, record or word list
cannot be read.
"""

from __future__ import annotations

import argparse
import heapq
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Sequence, TextIO

from ..core.board import Board
from ..errors import ScrabbleError
from .movegen import BoardAnalysis, MoveGenerator, MoveList
from ..reading import GAME_FILE_LIMIT, read_limited

EXIT_OK = 0
EXIT_UNREADABLE = 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "List the legal plays in a position, best first, one per line as POS WORD SCORE "
        "in tournament notation (8D TRAIN 12: row first for across, column first for down; "
        "a blank in lower case; letters already on the board in parentheses, as in 15H (T)UTORIAL 77)."
    )
    parser.add_argument(
        "position", nargs="?", metavar="POSITION",
        help="a CGP string, quoted (board, racks with the player to move first, scores, scoreless turns)",
    )
    parser.add_argument("--gcg", metavar="FILE", help="take the position from this GCG game record")
    parser.add_argument(
        "--turn", type=int, metavar="N",
        help="with --gcg: the position before move N (counting plays, exchanges and passes from 1)",
    )
    parser.add_argument("--lexicon", metavar="PATH", help="word list file (default: the packaged English list)")
    parser.add_argument(
        "--top", type=int, default=20, metavar="N", help="list only the N best plays (default 20; 0 for all)"
    )
    parser.add_argument(
        "--time", type=int, default=0, metavar="R",
        help="generate the moves R times and print the median time in milliseconds on standard error",
    )


def run(args: argparse.Namespace) -> int:
    return moves_main(args, sys.stdout, sys.stderr)


def moves_main(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        board, rack = _position(args)
        lexicon = _load_lexicon(args.lexicon)
    except (ScrabbleError, OSError) as e:
        print(_sentence(e), file=err)
        return EXIT_UNREADABLE
    if args.top < 0 or args.time < 0:
        print("--top and --time take a number of 0 or more.", file=err)
        return EXIT_UNREADABLE
    gen = MoveGenerator(lexicon)
    if args.time:
        times = []
        for _ in range(args.time):
            gen.analysis = BoardAnalysis(gen.graph)  # time the whole job, board analysis included
            t0 = time.perf_counter()
            moves = gen.generate(board, rack)
            times.append((time.perf_counter() - t0) * 1000)
        print(
            f"median {statistics.median(times):.2f} ms over {args.time} runs "
            f"({len(moves)} word placements)",
            file=err,
        )
    else:
        moves = gen.generate(board, rack)
    try:
        for line in lines(moves, args.top):
            print(line, file=out)
        out.flush()
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keep interpreter exit quiet
        except OSError:
            pass
    return EXIT_OK


def lines(moves: MoveList, top: int = 0) -> list[str]:
    """``POS WORD SCORE`` for every legal placement, best first (``top`` > 0: only that many)."""
    rows: list[tuple[int, int, str]] = []
    for k, m in enumerate(moves):
        for score, mask in m.blank_choices():
            pos, word = m.notation(mask)
            rows.append((-score, k, f"{pos} {word} {score}"))
        if top and len(rows) >= top and k + 1 < len(moves):
            # Moves come best first and a word's other blank choices score no
            # more than the word, so once the next word scores less than the
            # top-th line so far, nothing later can enter the list.
            threshold = -heapq.nsmallest(top, rows)[-1][0]
            if moves[k + 1].score < threshold:
                break
    rows.sort()
    if top:
        rows = rows[:top]
    return [r[2] for r in rows]


def _position(args: argparse.Namespace) -> tuple[Board, list[str]]:
    from ..errors import NotationError, RecordError

    if args.gcg:
        if args.position:
            raise NotationError("Give either a CGP position or --gcg FILE, not both.")
        if args.turn is None:
            raise NotationError("With --gcg, say which move with --turn N.")
        return _gcg_position(Path(args.gcg), args.turn)
    if args.turn is not None:
        raise NotationError("--turn goes with --gcg FILE; a CGP position is already one position.")
    if not args.position:
        raise NotationError("Give a position as a CGP string, or --gcg FILE --turn N.")
    from ..notation import position_from_cgp

    pos = position_from_cgp(args.position)
    rack = list(pos.racks[0])
    if not rack:
        raise RecordError("The player to move has an empty rack in this position; give their tiles as the first rack.")
    return pos.board, rack


def _gcg_position(path: Path, turn: int) -> tuple[Board, list[str]]:
    from ..errors import RecordError
    from ..notation import MoveKind, parse_rack, read_gcg, replay_record

    record = read_gcg(read_limited(path, GAME_FILE_LIMIT, "a game record"))
    n = 0
    for step in replay_record(record):
        if step.move.kind in (MoveKind.PLAY, MoveKind.PASS, MoveKind.EXCHANGE):
            n += 1
            if n == turn:
                rack = parse_rack(step.move.rack, limit=None)
                if not rack:
                    raise RecordError(f"Move {turn} of {path.name} does not record the rack.")
                return step.board_before, rack
    raise RecordError(f"{path.name} has {n} moves (plays, exchanges and passes); choose a move from 1 to {n}.")


def _load_lexicon(path: str | None) -> Any:
    from ..lexicon import Lexicon

    return Lexicon.from_path(path) if path else Lexicon.default()


def _sentence(e: BaseException) -> str:
    if isinstance(e, OSError):
        return f"{getattr(e, 'filename', '') or 'The file'} cannot be read: {e.strerror or e}."
    return str(e)


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - convenience
    parser = argparse.ArgumentParser(prog="audio-scrabble moves")
    configure(parser)
    return run(parser.parse_args(argv))
