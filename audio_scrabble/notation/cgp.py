"""CGP: one-line game positions, the open format of Woogles and Macondo.

A CGP string has four fields separated by spaces, then optional
operations each ending with ``;``::

    15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;

1. the board: 15 rows from the top, separated by ``/``; a number is a run
   of empty squares, a letter a tile (lower case for a blank);
2. the racks, separated by ``/``, the player to move first (a rack may be
   empty or partly known);
3. the scores, in the same order;
4. the number of consecutive scoreless turns just before the position;
5. operations such as ``lex NWL20;`` (word list), ``cr double;``
   (challenge rule), ``lm 8D WINDY;`` (last move), kept as written.

:func:`position_from_cgp` reads a string into a :class:`Position` and
:func:`format_cgp` writes one back; for canonical strings (runs of empty
squares merged, one space between operations) the round trip is exact.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.board import SIZE, Board
from ..core.tiles import BLANK, RACK_SIZE, TILE_COUNTS
from ..errors import NotationError, RecordError
from .plays import clip, format_rack, parse_rack
from ..reading import POSITION_LIMIT, FileTooLarge, NotRegularFile, read_limited

__all__ = [
    "Position",
    "position_from_cgp",
    "parse_cgp",
    "format_cgp",
    "position_from_game",
    "game_start",
    "read_position",
    "rules_name",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 4

_ROW_TOKEN = re.compile(r"[0-9]+|[A-Za-z]|.", re.DOTALL)
_OPCODE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Position:
    """A position: board, racks and scores (player to move first), scoreless turns, operations."""

    board: Board
    racks: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    zero_turns: int = 0
    opcodes: tuple[tuple[str, str], ...] = ()

    def opcode(self, name: str) -> str | None:
        """The operands of the first operation called ``name``, if any."""
        for op, operands in self.opcodes:
            if op == name:
                return operands
        return None

    @property
    def lexicon(self) -> str | None:
        return self.opcode("lex")


def _row_cells(row: str, n: int) -> list[str]:
    cells: list[str] = []
    prev_digit = False
    for tok in _ROW_TOKEN.findall(row):
        if tok.isascii() and tok.isdigit():
            if prev_digit:
                raise RecordError(f"Row {n} ({clip(row)}) has two numbers in a row; write one number for a run of empty squares.")
            k = int(tok) if len(tok) <= 3 else SIZE + 1  # a longer run is refused below
            if k == 0:
                raise RecordError(f"Row {n} ({clip(row)}) has a run of 0 empty squares; leave the number out.")
            cells.extend([""] * min(k, SIZE + 1))
            prev_digit = True
        elif tok.isascii() and tok.isalpha():
            cells.append(tok)
            prev_digit = False
        elif tok == "[":
            raise RecordError(f"Row {n} ({clip(row)}) has a tile of several letters in brackets; this game has English tiles only.")
        else:
            raise RecordError(
                f"Row {n} ({clip(row)}) has {tok!r}; write letters for tiles (lower case for a blank) and numbers for empty squares."
            )
        if len(cells) > SIZE:
            raise RecordError(f"Row {n} ({clip(row)}) is longer than {SIZE} squares.")
    if len(cells) != SIZE:
        raise RecordError(f"Row {n} ({clip(row)}) covers {len(cells)} squares; each row must cover {SIZE}.")
    return cells


def _int_field(text: str, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", text):
        raise RecordError(f"The {what} {clip(text)!r} is not a whole number.")
    return int(text)


def position_from_cgp(text: str) -> Position:
    """Read a CGP string. Raises :class:`RecordError` with a sentence saying what is wrong."""
    t = text.strip()
    fields = t.split(None, 4)
    if len(fields) < 4:
        raise RecordError(
            f"A CGP string needs four fields (board, racks, scores, scoreless turns); this has {len(fields)}."
        )
    board_text, racks_text, scores_text, zero_text = fields[:4]
    rows = board_text.split("/")
    if len(rows) != SIZE:
        raise RecordError(f"The board has {len(rows)} rows; it needs {SIZE}, separated by /.")
    cells = [_row_cells(r, n) for n, r in enumerate(rows, start=1)]
    board = Board(cells)
    rack_texts = racks_text.split("/")
    score_texts = scores_text.split("/")
    if len(rack_texts) != len(score_texts):
        raise RecordError(
            f"There are {len(rack_texts)} racks but {len(score_texts)} scores; give one of each per player."
        )
    if not MIN_PLAYERS <= len(rack_texts) <= MAX_PLAYERS:
        raise RecordError(f"There are {len(rack_texts)} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}.")
    racks = []
    for i, r in enumerate(rack_texts, start=1):
        try:
            racks.append(tuple(parse_rack(r, limit=RACK_SIZE)))
        except NotationError as e:
            raise RecordError(f"Rack {i}: {e}") from None
    scores = tuple(_int_field(s, "score") for s in score_texts)
    zero_turns = _int_field(zero_text, "number of scoreless turns")
    if zero_turns < 0:
        raise RecordError("The number of scoreless turns cannot be negative.")
    opcodes = _parse_opcodes(fields[4]) if len(fields) == 5 else ()
    _check_tile_counts(board, racks)
    return Position(board, tuple(racks), scores, zero_turns, opcodes)


parse_cgp = position_from_cgp


def _parse_opcodes(text: str) -> tuple[tuple[str, str], ...]:
    parts = text.split(";")
    if parts[-1].strip():
        raise RecordError(f"The operation {clip(parts[-1].strip())!r} must end with a semicolon, like lex NWL20;.")
    out = []
    for part in parts[:-1]:
        p = part.strip()
        if not p:
            continue
        name, _, operands = p.partition(" ")
        if not _OPCODE.fullmatch(name):
            raise RecordError(f"{clip(name)!r} is not an operation name; operations look like lex NWL20;.")
        out.append((name, " ".join(operands.split())))
    return tuple(out)


def _check_tile_counts(board: Board, racks: list[tuple[str, ...]]) -> None:
    counts: Counter[str] = Counter(BLANK if t.islower() else t for _, t in board.occupied())
    for r in racks:
        counts.update(r)
    for tile, n in sorted(counts.items()):
        if n > TILE_COUNTS[tile]:
            what = "blanks" if tile == BLANK else f"{tile} tiles"
            raise RecordError(f"The position holds {n} {what}, but the set has only {TILE_COUNTS[tile]}.")


def _format_row(row: list[str]) -> str:
    out: list[str] = []
    run = 0
    for c in row:
        if c:
            if run:
                out.append(str(run))
                run = 0
            out.append(c)
        else:
            run += 1
    if run:
        out.append(str(run))
    return "".join(out)


def format_cgp(position: Position) -> str:
    """A position as a canonical CGP string."""
    if len(position.racks) != len(position.scores):
        raise RecordError("A position needs one score per rack.")
    board = "/".join(_format_row(r) for r in position.board.cells)
    racks = "/".join(format_rack(r) for r in position.racks)
    scores = "/".join(str(s) for s in position.scores)
    text = f"{board} {racks} {scores} {position.zero_turns}"
    for name, operands in position.opcodes:
        text += f" {name} {operands};" if operands else f" {name};"
    return text


def position_from_game(game: Any, opcodes: tuple[tuple[str, str], ...] = ()) -> Position:
    """The position of a core game, from the point of view of the player to move."""
    n = len(game.players)
    order = [(game.current + k) % n for k in range(n)]
    return Position(
        game.board.copy(),
        tuple(tuple(game.players[i].rack) for i in order),
        tuple(game.players[i].score for i in order),
        game.scoreless_streak(),
        opcodes,
    )


def game_start(position: Position) -> dict[str, Any]:
    """The core game's starting position (``Game(..., start=...)``) for a CGP
    position: racks and scores in the CGP's order, so the first player
    named is the player to move; the unseen tiles form the bag, and a rack
    given short (the opponent's, usually) is filled from it."""
    return {
        "board": position.board.rows_text(),
        "racks": ["".join(r) for r in position.racks],
        "scores": list(position.scores),
        "to_move": 0,
        "zero_turns": position.zero_turns,
    }


#: CGP challenge rules (``cr``) to this game's rule sets
_CHALLENGE_RULES = {"void": "void", "single": "single", "double": "double", "5pt": "five", "10pt": "ten"}


def rules_name(position: Position) -> str | None:
    """The name of this game's rule set for the position's ``cr`` operation
    (``cr double;`` -> ``double``), or None when it names none. Raises
    :class:`RecordError` for a challenge rule this game does not have."""
    cr = position.opcode("cr")
    if cr is None:
        return None
    name = _CHALLENGE_RULES.get(cr.strip().lower())
    if name is None:
        known = ", ".join(_CHALLENGE_RULES)
        raise RecordError(f"The challenge rule {cr!r} is not one this game has; use one of {known}.")
    return name


def read_position(text_or_path: str) -> Position:
    """A CGP string, or the first non-empty line of a file holding one.

    Raises :class:`RecordError` with a sentence saying what is wrong.
    """
    from pathlib import Path

    arg = text_or_path.strip()
    path = Path(arg)
    if arg and len(arg.split()) == 1:
        # one word: a file name (a CGP string always has four fields)
        try:
            content = read_limited(path, POSITION_LIMIT, "a position").decode("utf-8")
        except (NotRegularFile, FileTooLarge) as e:
            raise RecordError(f"The position file {arg} cannot be read ({e.strerror}).") from None
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"The position file {arg} cannot be read ({type(e).__name__}).") from None
        lines = [ln for ln in content.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        if not lines:
            raise RecordError(f"The position file {arg} holds no CGP line.")
        arg = lines[0]
    return position_from_cgp(arg)
