"""A game on file, for ``audio-scrabble review`` and ``audio-scrabble
emboss``: a GCG record, or a game's save file (``.json``: its set-up and
actions, which replay exactly).

A file is looked for where the player is, and a bare file name not found
there in the games folder too (:func:`find_game_file`), so that the
command ``open N`` says works from anywhere.

A game begun from a position is kept as its save file (a GCG record has
no starting board); read here, it gives a record that starts from the
position (:func:`~audio_scrabble.notation.gcg.record_from_game`), so the
review and the braille file go through the same code as any record. The
game itself comes too, for the review's best plays (the in-game
``review``'s own, :mod:`.coach`). While a saved game goes on, the racks
nobody at the computer may hear stay out of the record, as they stay out
of every file (:func:`~audio_scrabble.persistence.records.private_record`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.game import Game
from ...notation.gcg import GcgRecord
from ...notation.replay import read_file, record_of
from ...persistence import TableState, decode_save, private_record
from .. import services
from ..asking.setup import Seat
from ..table.table import lone_person


@dataclass(frozen=True)
class GameOnFile:
    """What a file gives: its record, and for a save file the game itself
    and the one person at its table (``you``; None: several, or none)."""

    record: GcgRecord
    game: Game | None = None
    you: int | None = None


def _looks_like_save(data: bytes) -> bool:
    """A save file is a JSON object; a GCG record starts with ``#`` or ``>``."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


def find_game_file(name: str) -> Path:
    """Where the game file ``name`` typed on the command line is: as given,
    else, for a bare file name (``open N`` says one) not found where the
    player is, in the games folder of the data folder. Raises RecordError
    with one sentence naming both places when it is in neither; a name with
    a folder in it is taken as given (reading it says what is wrong)."""
    from ...errors import RecordError
    from ...persistence import games_folder
    from ...presentation.record_phrases import game_file_nowhere
    from ..handlers.file_commands import shown_path

    given = Path(name)
    bare = name not in ("", ".", "..") and given.name == name and os.sep not in name
    if given.exists() or not bare:
        return given
    folder = games_folder()
    if (folder / name).exists():
        return folder / name
    raise RecordError(game_file_nowhere(name, shown_path(Path.cwd()), shown_path(folder)))


def read_game_file(path: str | os.PathLike[str], lexicon: Any = None) -> GameOnFile:
    """The game in ``path``, a GCG record or a save file. ``lexicon`` (a
    word list, or None: the save's own, else the default) replays a save.
    Raises a ScrabbleError with one sentence naming the file if it is neither."""
    shown = os.fspath(path)
    data = read_file(path)
    if not _looks_like_save(data):
        return GameOnFile(record_of(data, shown))
    loaded = decode_save(data, Path(path))
    table = TableState.from_json(loaded.settings, len(loaded.summary.names))
    words = lexicon if lexicon is not None else services.load_lexicon(table.word_list.path)
    game = loaded.replay(words, services.move_finder(words))
    you = lone_person([Seat(name, table.computers.get(i)) for i, name in enumerate(game.names)])
    private = [i for i in range(len(game.names)) if i != you]
    return GameOnFile(private_record(game, private), game, you)
