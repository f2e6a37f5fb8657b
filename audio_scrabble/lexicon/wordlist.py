"""Reading word-list files, and finding the packaged default list.

A word-list file has one word per line, in any case. Blank lines and lines
whose first non-blank character is '#' are ignored. A byte order mark
(UTF-8 or UTF-16) and Windows (CRLF) or old Mac (CR) line ends are
tolerated; a file that is not UTF-8 is read as Latin-1. Accents are
taken off (CAFÉ is CAFE, FIANCÉE is FIANCEE): the rules allow words that
English has absorbed from other languages, spelt without accents. A line
is a usable word if, after stripping surrounding blanks and accents, it
is 2 to 15 letters A-Z in any case (a Scrabble board is 15 squares wide,
and a word is at least two tiles); any other line (apostrophes, hyphens,
digits, letters with no plain A-Z form such as Ø, spaces inside, one
letter, too long) is skipped and counted.
"""

from __future__ import annotations

import codecs
import importlib.resources
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..errors import LexiconError
from ..reading import WORD_LIST_LIMIT, read_limited

MIN_WORD_LENGTH = 2
MAX_WORD_LENGTH = 15

#: Package that holds the default list once installed (the repository's
#: top-level ``lexicon/`` folder, mapped in pyproject.toml).
DEFAULT_PACKAGE = "audio_scrabble.wordlists"
DEFAULT_FILE = "english.txt"
#: Name given to the default list.
DEFAULT_NAME = "default English (SCOWL)"


@dataclass(frozen=True)
class ParsedWordList:
    """The usable words of a list (upper case, sorted, unique) and how many lines were skipped."""

    words: list[str]
    skipped: int


def decode_text(raw: bytes) -> str:
    """Decode a word-list file: BOM-aware, UTF-8 first, Latin-1 as the fallback."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def without_accents(text: str) -> str:
    """*text* with accents taken off its letters (CAFÉ -> CAFE, naïve -> naive).

    Letters that have no plain form (Ø, ß, Æ) are kept as they are.
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def parse_word_list(raw: bytes) -> ParsedWordList:
    """The usable words of the word-list file contents *raw* (see the module doc)."""
    words: set[str] = set()
    skipped = 0
    for line in decode_text(raw).splitlines():
        word = without_accents(line.strip())
        if not word or word[0] == "#":
            continue
        if (MIN_WORD_LENGTH <= len(word) <= MAX_WORD_LENGTH
                and word.isascii() and word.isalpha()):
            words.add(word.upper())
        else:
            skipped += 1
    return ParsedWordList(sorted(words), skipped)


def _repository_file(name: str) -> Path:
    """A data file in a source checkout: <repo>/lexicon/<name>."""
    return Path(__file__).resolve().parents[2] / "lexicon" / name


def read_packaged_bytes(name: str) -> tuple[bytes, str]:
    """The raw bytes of a word-list data file shipped with the game, and where it came from.

    Looks in the installed package ``audio_scrabble.wordlists`` first (this
    also works from a wheel or a zip), then, for a source checkout that is
    not installed, in the repository's ``lexicon/`` folder. Raise
    LexiconError if neither has it.
    """
    try:
        resource = importlib.resources.files(DEFAULT_PACKAGE).joinpath(name)
        return resource.read_bytes(), f"{DEFAULT_PACKAGE}/{name}"
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        pass
    fallback = _repository_file(name)
    try:
        return fallback.read_bytes(), str(fallback)
    except OSError:
        raise LexiconError(
            f"The word list {name} is missing from this installation; "
            "reinstall audio_scrabble or choose a word list file."
        ) from None


def read_default_bytes() -> tuple[bytes, str]:
    """The raw bytes of the packaged default list and a description of where they came from."""
    return read_packaged_bytes(DEFAULT_FILE)


def read_file_bytes(path: str | Path) -> bytes:
    """The raw bytes of a user's word-list file; LexiconError with a sentence if it cannot be read."""
    where = Path(path)
    if where.is_dir():  # checked first: Windows reports a folder as "permission denied"
        raise LexiconError(f"{where} is a folder, not a word list file.")
    try:
        return read_limited(where, WORD_LIST_LIMIT, "a word list")
    except FileNotFoundError:
        raise LexiconError(f"The word list file {where} does not exist.") from None
    except IsADirectoryError:
        raise LexiconError(f"{where} is a folder, not a word list file.") from None
    except PermissionError:
        raise LexiconError(f"The word list file {where} cannot be read: permission denied.") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise LexiconError(f"The word list file {where} cannot be read: {reason}.") from None
