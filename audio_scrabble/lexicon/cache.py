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

**Shipped built.** Building the default list's graph takes 1.5 to 2 s of
CPU, which the first start after install would spend while the player
waits (on a thread, it still slows the first prompt by holding the
interpreter's lock). So the game ships that graph built, as package data:
``audio_scrabble/data/lexicon-v<N>-<key>.dawg.z`` (the cache file's own
bytes, zlib-compressed, about 0.6 MB). Its name carries the same key as a
cache file, so it is used only for the exact word list and formats it was
made from: :func:`load` falls back to it when the cache has no file, and
copies it into the cache. ``python -m audio_scrabble.lexicon.cache``
rebuilds it (after editing the word list or bumping a format version);
``tests/lexicon/test_prebuilt.py`` checks that it matches the word list.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import os
import struct
import tempfile
import zlib
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
    """The cache entry at *path*, or None if it is missing or unusable.

    When the cache has no usable file but the game ships that very graph
    built (see the module docstring), the shipped one is returned and
    copied to *path* (best effort).
    """
    try:
        data = path.read_bytes()
    except OSError:
        data = None
    if data is not None:
        try:
            return decode(data)
        except CacheFormatError:
            pass
    shipped = load_packaged(path.name)
    if shipped is not None:
        store(path, shipped)
    return shipped


#: Package and folder of the graphs shipped built.
PACKAGED_PACKAGE = "audio_scrabble"
PACKAGED_FOLDER = "data"
PACKAGED_SUFFIX = ".z"


def packaged_name(cache_name: str) -> str:
    """The data file name of a shipped graph for a cache file name."""
    return cache_name + PACKAGED_SUFFIX


def load_packaged(cache_name: str) -> CachedLexicon | None:
    """The graph shipped built for the cache file *cache_name*, or None."""
    try:
        resource = importlib.resources.files(PACKAGED_PACKAGE).joinpath(PACKAGED_FOLDER).joinpath(packaged_name(cache_name))
        packed = resource.read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, OSError):
        return None
    try:
        return decode(zlib.decompress(packed))
    except (zlib.error, CacheFormatError):
        return None


def write_packaged(raw: bytes, folder: Path) -> Path:
    """Build the graph of the word list *raw* and write it to *folder* as a
    shipped data file, removing shipped graphs of other lists or formats."""
    from .dawg import build_dawg
    from .wordlist import parse_word_list

    parsed = parse_word_list(raw)
    data = encode(CachedLexicon(build_dawg(parsed.words), parsed.skipped))
    target = folder / packaged_name(cache_path(raw, folder).name)
    for old in folder.glob(f"lexicon-v*.dawg{PACKAGED_SUFFIX}"):
        if old != target:
            old.unlink()
    target.write_bytes(zlib.compress(data, 9))
    return target


def main() -> int:
    """Rebuild the default word list's graph shipped in ``audio_scrabble/data``."""
    from .wordlist import read_default_bytes

    raw, source = read_default_bytes()
    folder = Path(__file__).resolve().parents[1] / PACKAGED_FOLDER
    target = write_packaged(raw, folder)
    print(f"{target} from {source}: {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


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
