"""A game as a braille-ready .brf file (``emboss``, in the game and on the
command line: :mod:`audio_scrabble.console.files.emboss_cli`).

The file holds the final board (row by row, labelled, premium marks on the
empty squares), the scores, and the move list in tournament notation, on
pages of at most 40 cells by 25 lines (see :mod:`.brf`). It is made from a
GCG record, so the same code serves a record on disk and a game, finished
or in progress (via :func:`~audio_scrabble.notation.gcg.record_from_game`):
a game begun from a position gives a record that starts there, whose
moves open with that start (``Begun from a position: Ann 0, Bob 32.``).
"""

from __future__ import annotations

from ..core.board import SIZE, Board, Square, premium_at
from ..errors import ScrabbleError
from ..notation.gcg import GcgRecord, MoveKind, final_board, replay_record
from ..notation.plays import format_play, parse_play
from .brf import board_section, brf_document
from .record_phrases import start_line


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
    in parentheses as tournament notation writes them when printed; the
    player named as in the scores (``Club computer``, not the record's
    nickname ``Club_computer``)."""
    names = _by_nick(record)
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
        lines.append(f"{names.get(mv.nick, mv.nick)}: {what} {mv.score:+d} {mv.total}")
    return lines


def _names(record: GcgRecord) -> list[str]:
    return [p.full_name or p.nick for p in record.players]


def _by_nick(record: GcgRecord) -> dict[str, str]:
    """Each player's name (as the scores give it) by the record's nickname."""
    return dict(zip((p.nick for p in record.players), _names(record)))


def final_scores(record: GcgRecord) -> list[str]:
    ranked = sorted(zip(_names(record), record.totals), key=lambda kv: -kv[1])
    return [f"{name} {score}" for name, score in ranked]


def start_lines(record: GcgRecord) -> list[str]:
    """``Begun from a position: Ann 0, Bob 32.`` for a record that starts
    from a position; nothing for one that starts from an empty board."""
    return [] if record.start is None else [start_line(_names(record), record.start.totals)]


def record_document(record: GcgRecord, title: str | None = None, over: bool = True) -> str:
    """The whole .brf text of a record (or of a game: see the module).

    ``over`` False, a game still in progress, names the board section
    "Board" rather than "Final board".
    """
    names = " v ".join(_names(record)) or "Game"
    heading = title or record.title or names
    sections = [
        board_section(square_contents(final_board(record)), "Final board" if over else "Board"),
        ("Scores", final_scores(record)),
        ("Moves", start_lines(record) + (move_lines(record) or ["No moves."])),
    ]
    return brf_document(heading, sections)


# ---------------------------------------------------------------- the command line's words
#: ``audio-scrabble emboss --help``
FILE_HELP = ("the game to emboss: a GCG record (.gcg), or a game's save file (.json), "
             "as a game begun from a position is kept in the games folder; a bare file name "
             "not found here is looked for in the games folder too")
EPILOG = ("Writes North American ASCII braille: pages of at most 40 cells by 25 lines, "
          "separated by form feeds, page numbers at the foot. Grade 1 (uncontracted). "
          "A game begun from a position says so above its moves, with the scores it began with.")


def wrote(path: str, pages: int) -> str:
    return f"Wrote {path}: {pages} braille page{'s' if pages != 1 else ''}."


def kept(path: str) -> str:
    """The file a new .brf did not write over (it took a free name)."""
    return f"{path} was there already and is kept; add --replace to write over it."


def cannot_write(path: str, reason: str) -> str:
    return f"{path} cannot be written ({reason})."
