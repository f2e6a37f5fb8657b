"""Game records: their file names, exports, and the one privacy filter.

A finished game is kept as a GCG record in the games folder, named after
its start and its players (``2026-11-21-180102-Alice-v-Bob.gcg``); the
console's ``export`` writes the game so far the same way. While a game
goes on, the racks of players nobody at the computer may hear are kept
out of every record written (:func:`private_record`): that filter is the
only one, for exports and braille files alike.

Records are meant to be shared: they are written with normal permissions
(``files.SHARED``, 0644 under the usual umask), unlike saves.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Collection, Sequence

from ..core.game import Game
from . import files
from .savefile import SaveFailed

#: ``2026-11-21-180102-Alice-v-Bob`` (and ``-2``... when taken) before a suffix
_STEM = re.compile(r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6})-(?P<players>.+?)(?:-(?P<n>[0-9]+))?")


def safe_name(name: str, limit: int = 32) -> str:
    """A player's name as a piece of a file name (ASCII letters, digits, - and _)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^A-Za-z0-9]+", "_", plain).strip("_")
    return plain[:limit] or "player"


def record_stem(names: Sequence[str], started: str | None = None) -> str:
    """``2026-11-21-180102-Alice-v-Bob``: the name of a game's files in ``games/``."""
    try:
        moment = datetime.fromisoformat(started) if started else files.now()
    except ValueError:
        moment = files.now()
    return moment.strftime("%Y-%m-%d-%H%M%S") + "-" + "-v-".join(safe_name(n) for n in names)


@dataclass(frozen=True)
class StemParts:
    """What a record's file name tells: when the game started, and who played."""

    started: datetime
    names: tuple[str, ...]  # as written in the name (underscores for other characters)


def read_stem(file_name: str) -> StemParts | None:
    """The start and players of a file named by :func:`record_stem` (any suffix), or None."""
    stem = file_name.split(".", 1)[0]
    m = _STEM.fullmatch(stem)
    if m is None:
        return None
    try:
        started = datetime.strptime(m["date"], "%Y-%m-%d-%H%M%S")
    except ValueError:
        return None
    return StemParts(started, tuple(m["players"].split("-v-")))


def named_file(folder: Path, stem: str, suffix: str) -> Path:
    """A new file name in ``folder``: ``stem + suffix``, or ``stem-2`` ... when taken."""
    return files.unique(folder / (stem + suffix))


def record_target(path: str | os.PathLike[str]) -> Path:
    """Where ``export PATH`` writes when PATH is not a folder: ``~`` expanded,
    ``.gcg`` added to a name without a suffix."""
    target = Path(os.fspath(path)).expanduser()
    return target.with_suffix(".gcg") if not target.suffix and not target.is_dir() else target


def export_record(game: Game, path: str | os.PathLike[str], *, private: Collection[int] = (),
                  replace: bool = False) -> Path:
    """Write the game so far as a GCG record to ``path`` (the console's ``export``).

    ``private`` are the players whose racks are not to be shown while the
    game goes on (in a game against the computer, the computer's; with
    several people at one computer, everyone's): see :func:`private_record`.
    Once the game is over, every rack is shown.

    ``~`` is expanded; a folder gets a new file named after the time and
    the players; a name without a suffix gets ``.gcg``. A file already
    there is never written over unless ``replace`` is given (then it keeps
    its permissions, and a link's file is written): the record goes to the
    first free ``-2``, ``-3``... name instead (:func:`files.write_new`).
    A new file gets normal permissions (as the umask allows). Returns the
    path written. Raises :class:`SaveFailed` (a sentence, with the OSError
    as its cause when the disk refused) if it cannot be written, or a
    RecordError from the GCG writer.
    """
    target = record_target(path)
    if target.is_dir():
        target = named_file(target, record_stem(game.names), ".gcg")
    data = gcg_bytes(game, private)
    try:
        if replace:
            return files.replace_file(target, data, files.SHARED)
        return files.write_new(target, data, files.SHARED)
    except OSError as e:
        raise SaveFailed(f"The game could not be written to {target}: {e.strerror or e}.") from e
    except ValueError:  # e.g. a NUL character in the name
        raise SaveFailed(f"The game could not be written to {str(target)!r}: that is not a usable file name.") from None


def private_record(game: Game, private: Collection[int] = ()) -> Any:
    """The game's record (a notation.GcgRecord) with the tiles of the
    ``private`` players kept private while the game goes on.

    Their move lines show only the tiles they played (a blank as ``?``),
    a play taken back keeps that, an exchange says only how many tiles
    went back, and other lines show no rack; the record still verifies.
    Once the game is over nothing is private.
    """
    from ..notation import record_from_game

    record = record_from_game(game)
    hidden = [] if game.is_over else sorted(set(private))
    if hidden:
        nicks = {record.players[i].nick for i in hidden if 0 <= i < len(record.players)}
        record.moves = _racks_kept_private(record.moves, nicks)
    return record


def gcg_bytes(game: Game, private: Collection[int] = ()) -> bytes:
    """The game's GCG record, the racks of ``private`` players kept private
    while the game goes on (see :func:`private_record`)."""
    from ..notation import gcg_bytes as encode

    return encode(private_record(game, private))


def _racks_kept_private(moves: Sequence[Any], nicks: set[str]) -> list[Any]:
    """Move lines (notation.GcgMove) with the racks of ``nicks`` left out."""
    from ..notation import MoveKind

    out: list[Any] = []
    played: dict[str, str] = {}
    for m in moves:
        if m.nick not in nicks:
            out.append(m)
        elif m.kind is MoveKind.PLAY:
            tiles = "".join(c if c.isupper() else "?" for c in (m.word or "") if c.isalpha())
            played[m.nick] = tiles
            out.append(replace(m, rack=tiles))
        elif m.kind is MoveKind.WITHDRAWN:
            out.append(replace(m, rack=played.get(m.nick, "")))
        elif m.kind is MoveKind.EXCHANGE:
            out.append(replace(m, rack="", tiles="", count=m.exchanged_count))
        else:
            out.append(replace(m, rack=""))
    return out


def same_file(folder: Path, players: str, suffix: str, data: bytes) -> Path | None:
    """A file in ``folder`` of these players' games (``...-Alice-v-Bob[-N].gcg``) holding ``data``."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return None
    pattern = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-" + re.escape(players) + r"(-[0-9]+)?" + re.escape(suffix))
    for entry in entries:
        if pattern.fullmatch(entry.name):
            try:
                if entry.stat().st_size == len(data) and entry.read_bytes() == data:
                    return entry
            except OSError:
                continue
    return None
