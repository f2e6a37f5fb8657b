"""Notation: squares, plays, racks (``plays``), GCG records (``gcg``), CGP positions (``cgp``).

Every reader has a writer and they round-trip. Unreadable text raises
:class:`~audio_scrabble.errors.NotationError` (a square, play or rack) or
:class:`~audio_scrabble.errors.RecordError` (a GCG or CGP record), whose
message says what to write instead. ``verify`` is the command that replays
GCG records through the rules core.
"""

from .cgp import Position, format_cgp, parse_cgp, position_from_cgp, position_from_game
from .gcg import (
    GcgMove,
    GcgPlayer,
    GcgPragma,
    GcgRecord,
    MoveKind,
    ReplayStep,
    check_recordable,
    gcg_bytes,
    read_gcg,
    final_board,
    record_from_game,
    replay_record,
    write_gcg,
)
from .plays import (
    format_exchange,
    format_play,
    format_position,
    format_rack,
    format_square,
    main_word_squares,
    parse_exchange,
    parse_play,
    parse_position,
    parse_rack,
    parse_square,
    rack_contains,
)

__all__ = [
    "GcgMove",
    "GcgPlayer",
    "GcgPragma",
    "GcgRecord",
    "MoveKind",
    "Position",
    "ReplayStep",
    "check_recordable",
    "final_board",
    "format_cgp",
    "format_exchange",
    "format_play",
    "format_position",
    "format_rack",
    "format_square",
    "gcg_bytes",
    "main_word_squares",
    "parse_cgp",
    "parse_exchange",
    "parse_play",
    "parse_position",
    "parse_rack",
    "parse_square",
    "position_from_cgp",
    "position_from_game",
    "rack_contains",
    "read_gcg",
    "record_from_game",
    "replay_record",
    "write_gcg",
]
