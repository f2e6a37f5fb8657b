"""The Lexicon: a word list the game judges words against.

Membership is decided by walking the minimised DAWG (see ``dawg.py``);
no set of strings is kept. Measured on the default list (248,196 words,
CPython 3.11, ``bench/lexicon_bench.py``): the DAWG takes about 2 MiB in
memory against about 22 MiB for a frozenset of the words; a warm start
loads it from the cache in about 11 ms, where making the frozenset from
the text alone takes about 45 ms; a lookup costs about 1.5 microseconds
(a set: about 0.2), far more than fast enough for judging plays.

Blanks are just letters here: ``"TRAiN" in lexicon`` is true, the lower
case ``i`` being a blank played as I.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from os import PathLike
from pathlib import Path
from typing import ClassVar, Literal

from ..errors import LexiconError
from . import cache
from .dawg import Dawg, build_dawg
from .wordlist import (
    DEFAULT_NAME,
    MAX_WORD_LENGTH,
    MIN_WORD_LENGTH,
    parse_word_list,
    read_default_bytes,
    read_file_bytes,
    without_accents,
)

#: How a Lexicon got its DAWG: read from the disk cache, built and written
#: to the cache, or built without caching (cache not writable, or from_words).
CacheStatus = Literal["loaded", "built", "uncached"]


class Lexicon:
    """An immutable word list with a compiled DAWG.

    Make one with :meth:`default`, :meth:`from_path` or :meth:`from_words`.

    Attributes:
        name: how to call the list to a player ("default English (SCOWL)",
            or the file name of a user's list).
        source: where it came from (a path or package resource).
        skipped: lines of the file that were not usable words (see
            ``wordlist.py``); 0 for the default list.
        cache_status: "loaded", "built" or "uncached" (see CacheStatus).
        cache_path: the cache file used or written, if any.
        dawg: the compiled graph, for move generation.
    """

    _default: ClassVar[Lexicon | None] = None

    def __init__(self, dawg: Dawg, name: str, *, source: str = "", skipped: int = 0,
                 cache_status: CacheStatus = "uncached", cache_path: Path | None = None) -> None:
        self.dawg = dawg
        self.name = name
        self.source = source
        self.skipped = skipped
        self.cache_status: CacheStatus = cache_status
        self.cache_path = cache_path

    # -- constructors --------------------------------------------------------

    @classmethod
    def default(cls, *, reload: bool = False) -> Lexicon:
        """The packaged default English list (memoised for the process unless *reload*).

        Raise LexiconError if the installation lacks it.
        """
        if cls._default is None or reload:
            raw, source = read_default_bytes()
            cls._default = cls._from_raw(raw, name=DEFAULT_NAME, source=source)
        return cls._default

    @classmethod
    def from_path(cls, path: str | PathLike[str], *, name: str | None = None) -> Lexicon:
        """A user's word list file (format: see ``wordlist.py``).

        Raise LexiconError with a sentence if the file is missing,
        unreadable, or holds no usable word.
        """
        where = Path(path)
        raw = read_file_bytes(where)
        return cls._from_raw(raw, name=name or where.name, source=str(where))

    @classmethod
    def from_words(cls, words: Iterable[str], *, name: str = "custom word list") -> Lexicon:
        """A list from words in memory (any case; unusable words are skipped and counted).

        Not cached on disk: meant for tests and small lists.
        """
        raw = "\n".join(words).encode("utf-8")
        parsed = parse_word_list(raw)
        if not parsed.words:
            raise LexiconError(f"The word list {name} holds no usable words.")
        return cls(build_dawg(parsed.words), name, source="memory", skipped=parsed.skipped)

    @classmethod
    def _from_raw(cls, raw: bytes, *, name: str, source: str) -> Lexicon:
        """Load the compiled list for *raw* from the cache, or build and cache it."""
        path = cache.cache_path(raw)
        entry = cache.load(path)
        if entry is not None:
            return cls(entry.dawg, name, source=source, skipped=entry.skipped,
                       cache_status="loaded", cache_path=path)
        parsed = parse_word_list(raw)
        if not parsed.words:
            if parsed.skipped:
                raise LexiconError(
                    f"The word list {name} holds no usable words: none of its "
                    f"{parsed.skipped} lines is a word of {MIN_WORD_LENGTH} to "
                    f"{MAX_WORD_LENGTH} letters A to Z."
                )
            raise LexiconError(f"The word list {name} is empty.")
        dawg = build_dawg(parsed.words)
        stored = cache.store(path, cache.CachedLexicon(dawg, parsed.skipped))
        return cls(dawg, name, source=source, skipped=parsed.skipped,
                   cache_status="built" if stored else "uncached",
                   cache_path=path if stored else None)

    # -- queries -------------------------------------------------------------

    def __contains__(self, word: object) -> bool:
        """Whether *word* is acceptable: case-insensitive, accents ignored
        (CAFÉ is CAFE); blanks are just letters."""
        if isinstance(word, str) and not word.isascii():
            word = without_accents(word)
        return word in self.dawg

    def __len__(self) -> int:
        """Number of distinct words."""
        return len(self.dawg)

    def words(self) -> Iterator[str]:
        """Every word, upper case, in alphabetical order."""
        return self.dawg.words()

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words>"
