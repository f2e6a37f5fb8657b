"""Never lose a game: autosave, resume, set-aside saves and game records.

The package, by room:

* :mod:`.savefile`: the save file's format, its checksum, the digest of
  a position, and reading one back (checked, all but the replay);
* :mod:`.store`: :class:`SaveStore`, the data folder: one slot per
  running game (locked), atomic saves, the save before, games put away,
  finished games' records, and the list of every game on file;
* :mod:`.records`: record file names, ``export``, and the one filter that
  keeps private racks private while a game goes on;
* :mod:`.table_state`: the console's half of a save (computer levels,
  word list, settings, rack orders), typed and checked on load;
* :mod:`.files`: atomic writes, file modes, unique names, locks.

Nothing here prints or prompts; the console speaks the sentences this
package returns or raises.
"""

from __future__ import annotations

from .files import FolderLock
from .records import export_record, gcg_bytes, private_record, record_stem
from .savefile import (
    APP,
    FORMAT_VERSION,
    MAX_SAVE_BYTES,
    LoadResult,
    SaveFailed,
    SaveFileDamaged,
    SaveFileTooNew,
    Summary,
    _checksum,
    decode_save,
    encode_save,
    game_state_digest,
    resume_question,
)
from .store import (
    CURRENT_NAME,
    DATA_DIR_ENV,
    GAMES_FOLDER,
    PREVIOUS_NAME,
    GameOnFile,
    Kind,
    ResumedGame,
    SaveOutcome,
    SaveStore,
    _inside,
    data_dir,
    games_folder,
)
from .table_state import TableState, WordListRef, words_checksum

__all__ = [
    "APP",
    "CURRENT_NAME",
    "DATA_DIR_ENV",
    "FORMAT_VERSION",
    "FolderLock",
    "GAMES_FOLDER",
    "GameOnFile",
    "Kind",
    "LoadResult",
    "MAX_SAVE_BYTES",
    "PREVIOUS_NAME",
    "ResumedGame",
    "SaveFailed",
    "SaveFileDamaged",
    "SaveFileTooNew",
    "SaveOutcome",
    "SaveStore",
    "Summary",
    "TableState",
    "WordListRef",
    "data_dir",
    "decode_save",
    "encode_save",
    "export_record",
    "games_folder",
    "gcg_bytes",
    "game_state_digest",
    "private_record",
    "record_stem",
    "resume_question",
    "words_checksum",
]
