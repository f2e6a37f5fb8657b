"""A game record replayed step by step, as data.

:func:`replay_steps` replays a :class:`~.gcg.GcgRecord` once through
:func:`~.gcg.replay_record` (the rules core scores every placement there)
and keeps, for each move line, what a review needs to say it and show
the board: the board after the line, everyone's recorded totals, and for
a placement where it starts, which way it runs, its letters and its score
word by word. Nothing here is phrased: :mod:`audio_scrabble.presentation.
record_phrases` says it. :func:`load_record` reads a record file for review,
refusing with one sentence that names the file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..core.board import Board, Square
from ..core.play import Play
from ..core.scoring import ScoreBreakdown
from ..errors import NotationError, RecordError, ScrabbleError
from .gcg import GcgMove, GcgRecord, MoveKind, read_gcg, replay_record
from .plays import format_play, parse_position
from ..reading import GAME_FILE_LIMIT, read_limited

__all__ = ["Placement", "RecordStep", "load_record", "read_file", "record_of", "replay_steps", "reviewable"]


@dataclass(frozen=True)
class Placement:
    """A placement line of the record, read against the board before it.

    ``position`` and ``written`` are as the record writes them (``E3``,
    ``JAVE..N``). ``start`` and ``direction`` are None when the position
    cannot be read. ``letters`` is the word as it lies on the board, board
    letters in parentheses and a blank in lower case (``JAVE(LI)N``,
    ``RE(L)IGIoN``), and ``breakdown`` its score by word from the rules
    core; both None when the line cannot be placed.
    """

    position: str
    written: str
    start: Square | None
    direction: str | None
    letters: str | None
    breakdown: ScoreBreakdown | None


@dataclass(frozen=True)
class RecordStep:
    """One move line of the record, replayed.

    ``number`` counts from 1; ``player`` is the mover's index in the
    record's players. ``board`` is the board after the line (a play taken
    back is off it again); ``totals`` every player's recorded running
    total after it, in player order. ``placement`` is the play of a
    placement line, or for a play taken back (``--``) the play it takes
    back; None for other lines. ``computed_score`` and ``problem`` are
    the replay's findings (see :class:`~.gcg.ReplayStep`).
    """

    number: int
    move: GcgMove
    player: int
    board: Board
    totals: tuple[int, ...]
    placement: Placement | None
    computed_score: int | None
    problem: str | None

    @property
    def start(self) -> Square | None:
        """The first square of the play (or of the play taken back)."""
        return self.placement.start if self.placement is not None else None

    @property
    def breakdown(self) -> ScoreBreakdown | None:
        """The score by word of a placement line (not of a play taken back)."""
        if self.placement is None or self.move.kind is not MoveKind.PLAY:
            return None
        return self.placement.breakdown


def _placement(move: GcgMove, before: Board, play: Play | None, breakdown: ScoreBreakdown | None) -> Placement:
    assert move.position is not None and move.word is not None
    try:
        start, direction = parse_position(move.position)
    except NotationError:
        return Placement(move.position, move.word, None, None, None, None)
    letters = None
    if play is not None and breakdown is not None:
        try:
            letters = format_play(play, before, style="parens").split(" ", 1)[1]
        except ScrabbleError:
            letters = None
    if letters is None:
        breakdown = None
    return Placement(move.position, move.word, start, direction, letters, breakdown)


def replay_steps(record: GcgRecord) -> list[RecordStep]:
    """Every move line of ``record`` replayed, with the board after it.

    Raises :class:`RecordError` (one sentence) if the record cannot be
    replayed at all.
    """
    index = {p.nick: i for i, p in enumerate(record.players)}
    totals = list(record.start.totals) if record.start else [0] * len(record.players)
    raw = []
    replay = replay_record(record)
    try:
        while True:
            try:
                raw.append(next(replay))
            except StopIteration as stop:
                final: Board = stop.value
                break
    except ScrabbleError as e:
        raise RecordError(f"The record cannot be replayed: {e}") from None
    steps: list[RecordStep] = []
    last_play: dict[str, Placement] = {}
    for k, step in enumerate(raw):
        move = step.move
        after = raw[k + 1].board_before if k + 1 < len(raw) else final
        totals[index[move.nick]] = move.total
        placement: Placement | None = None
        if move.kind is MoveKind.PLAY:
            placement = _placement(move, step.board_before, step.play, step.breakdown)
            last_play[move.nick] = placement
        elif move.kind is MoveKind.WITHDRAWN:
            placement = last_play.get(move.nick)
        steps.append(RecordStep(k + 1, move, index[move.nick], after, tuple(totals), placement,
                                step.computed_score, step.problem))
    return steps


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a game's file; raises :class:`RecordError` with one
    sentence naming the file when it cannot be read."""
    shown = os.fspath(path)
    try:
        return read_limited(path, GAME_FILE_LIMIT, "a game's file")
    except IsADirectoryError:
        raise RecordError(f"{shown} is a folder; name a game's .gcg record or .json save.") from None
    except OSError as e:
        raise RecordError(f"{shown} cannot be read ({e.strerror or type(e).__name__}); check the name.") from None


def record_of(data: bytes, shown: str) -> GcgRecord:
    """A GCG record read from the bytes of the file ``shown``; raises
    :class:`RecordError` with one sentence naming the file."""
    try:
        record = read_gcg(data)
    except RecordError as e:
        raise RecordError(f"{shown} is neither a game record nor a saved game we can read: {e}") from None
    return reviewable(record, shown)


def reviewable(record: GcgRecord, shown: str) -> GcgRecord:
    """``record``, which holds a move to review; else :class:`RecordError`
    with one sentence naming its file, ``shown``."""
    if not record.moves:
        raise RecordError(f"{shown} holds no moves to review.")
    return record


def load_record(path: str | os.PathLike[str]) -> GcgRecord:
    """Read a GCG file; raises :class:`RecordError` with one sentence naming the file."""
    return record_of(read_file(path), os.fspath(path))
