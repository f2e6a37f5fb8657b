"""Disk cache of compiled word lists (DAWGs).

A cache file holds one word list's DAWG plus a little metadata. Its name
is derived from a SHA-256 of the word list's raw bytes and the cache
format version, so an edited word list, or a new version of the game
with another layout, never picks up a stale file. Files are written
atomically (a temporary file in the same folder, then ``os.replace``), so
a crash or a second process can never leave a half-written file under the
final name. A file that fails to load (truncated, damaged, other version)
is treated as absent and rebuilt.

The folder is ``platformdirs.user_cache_dir("audio_scrabble")`` unless the
environment variable ``AUDIO_SCRABBLE_CACHE_DIR`` names another one.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .dawg import FORMAT_VERSION as DAWG_FORMAT_VERSION
from .dawg import Dawg, DawgFormatError

#: Environment variable that overrides the cache folder.
CACHE_DIR_ENV = "AUDIO_SCRABBLE_CACHE_DIR"

#: Version of the cache file layout (this module's header + the DAWG's).
#: Also bump it when the rules for reading a word list change, since the
#: cache key is computed from the raw bytes of the list.
#: 2: accents are taken off when a list is read (CAFÉ is CAFE).
CACHE_FORMAT_VERSION = 2

_MAGIC = b"ASLEXC\x00\x01"
# magic, cache format version, number of lines skipped when the list was read
_HEADER = struct.Struct("<8sII")


class CacheFormatError(ValueError):
    """A cache file that cannot be used (it will be rebuilt)."""


@dataclass(frozen=True)
class CachedLexicon:
    """What a cache file holds."""

    dawg: Dawg
    skipped: int


def cache_dir() -> Path:
    """The folder for cache files (it may not exist yet)."""
    override = os.environ.get(CACHE_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs  # imported here: only needed when the cache is used

    return Path(platformdirs.user_cache_dir("audio_scrabble", appauthor=False))


def cache_key(raw: bytes) -> str:
    """The cache key of a word list given as its raw file bytes."""
    digest = hashlib.sha256()
    digest.update(b"audio_scrabble lexicon cache %d dawg %d\n"
                  % (CACHE_FORMAT_VERSION, DAWG_FORMAT_VERSION))
    digest.update(raw)
    return digest.hexdigest()[:40]


def cache_path(raw: bytes, folder: Path | None = None) -> Path:
    """Where the compiled form of the word list *raw* is (or would be) stored."""
    folder = cache_dir() if folder is None else folder
    return folder / f"lexicon-v{CACHE_FORMAT_VERSION}-{cache_key(raw)}.dawg"


def encode(entry: CachedLexicon) -> bytes:
    """The bytes of a cache file."""
    return _HEADER.pack(_MAGIC, CACHE_FORMAT_VERSION, entry.skipped) + entry.dawg.to_bytes()


def decode(data: bytes) -> CachedLexicon:
    """Read the bytes of a cache file; raise CacheFormatError if unusable."""
    if len(data) < _HEADER.size:
        raise CacheFormatError("The cache file is truncated.")
    magic, version, skipped = _HEADER.unpack_from(data)
    if magic != _MAGIC or version != CACHE_FORMAT_VERSION:
        raise CacheFormatError("The cache file has another format.")
    try:
        dawg = Dawg.from_bytes(data[_HEADER.size:])
    except DawgFormatError as exc:
        raise CacheFormatError(str(exc)) from exc
    return CachedLexicon(dawg, skipped)


def load(path: Path) -> CachedLexicon | None:
    """The cache entry at *path*, or None if it is missing or unusable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        return decode(data)
    except CacheFormatError:
        return None


def store(path: Path, entry: CachedLexicon) -> bool:
    """Write *entry* to *path* atomically. Return False (and leave no debris) on failure.

    Failure to cache is not an error for the game: it only means the next
    start builds the graph again.
    """
    data = encode(entry)
    tmp_name: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
        return True
    except OSError:
        return False
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
