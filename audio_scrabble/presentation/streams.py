"""The standard streams, made safe once for every command (``cli.main``).

* Output never raises ``UnicodeEncodeError``. On a legacy console encoding
  (cp1252, cp437, ASCII...) a character the encoding lacks degrades
  readably through the ``audio_scrabble`` codec error handler: a braille
  cell becomes its North American ASCII braille character (the game's
  ``scrabble-brf.dis``), a letter loses its accent or is spelt out
  (``Łukasz`` -> ``Lukasz``, ``ß`` -> ``ss``), typographic punctuation
  becomes plain, an undecodable byte of a file name (a lone surrogate)
  is shown as ``\\xNN``, anything else as ``?``.
* Piped standard input that is not valid in its encoding is named on
  standard error, once a line (``Line 3 of the input is not valid UTF-8;
  its bad bytes read as ?.``), and read with ``?`` for its bad bytes
  instead of crashing or passing surrogate escapes on.
* :func:`quiet_broken_pipe` ends a command whose reader went away
  (``audio-scrabble judge < words | head -1``) without a traceback.
"""

from __future__ import annotations

import codecs
import functools
import io
import os
import sys
import unicodedata
from typing import BinaryIO, Callable, TextIO

#: the name of the codec error handler registered by :func:`setup`
ERRORS = "audio_scrabble"

#: letters and signs that do not decompose into a base letter and accents
_SPELT_OUT = {
    "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "ȷ": "j",
    "ß": "ss", "ẞ": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d",
    "Ŋ": "N", "ŋ": "n", "ĸ": "k", "Ŀ": "L", "ŀ": "l", "ſ": "s", "Ƒ": "F", "ƒ": "f",
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u201c": '"', "\u201d": '"',
    "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"', "\u2039": "'", "\u203a": "'",
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
    "\u2026": "...", "\u2022": "*", "\u00b7": ".", "\u2192": "->", "\u2190": "<-", "\u2191": "^", "\u2193": "v",
    "\u00d7": "x", "\u00f7": "/", "\u2264": "<=", "\u2265": ">=", "\u2260": "!=", "\u00a0": " ", "\u2009": " ",
    "\u202f": " ", "\u200b": "", "\u200e": "", "\u200f": "", "\u2060": "", "\ufeff": "", "\u00ad": "",
    "\u2605": "*", "\u2606": "*", "\u2713": "v", "\u2717": "x", "\u00a9": "(c)", "\u00ae": "(R)", "\u2122": "(TM)",
    "\ufffd": "?",
}


@functools.lru_cache(maxsize=1)
def _ascii_braille() -> dict[str, str] | None:
    """Six-dot cell -> ASCII braille character, from the game's display table (None if unreadable)."""
    try:
        from .braille import _load_default

        tables = _load_default()
        return {cell: tables.cell_to_ascii(cell) for cell in (chr(0x2800 + m) for m in range(64))}
    except Exception:  # noqa: BLE001 - output must go on even without the tables
        return None


def _fits(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def readable(ch: str, encoding: str = "ascii") -> str:
    """``ch`` as readably as ``encoding`` allows (see the module doc)."""
    code = ord(ch)
    if 0x2800 <= code <= 0x28FF:
        table = _ascii_braille()
        six_dots = chr(0x2800 + ((code - 0x2800) & 0x3F))  # dots 7 and 8 have no ASCII braille
        return table[six_dots] if table else "?"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not valid UTF-8 (surrogate escape)
        return f"\\x{code - 0xDC00:02x}"
    if 0xD800 <= code <= 0xDFFF:
        return "?"
    candidates = []
    if ch in _SPELT_OUT:
        candidates.append(_SPELT_OUT[ch])
    decomposed = unicodedata.normalize("NFKD", ch)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    if base and base != ch:
        candidates.append(base)
        candidates.append("".join(_SPELT_OUT.get(c, c) for c in base))
    for text in candidates:
        if _fits(text, encoding):
            return text
    if unicodedata.category(ch).startswith("Z"):
        return " "
    if unicodedata.category(ch) in ("Cf", "Mn", "Me"):
        return ""
    return "?"


def _handler(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    encoding = error.encoding or "ascii"
    out = "".join(readable(ch, encoding) for ch in text)
    if not _fits(out, encoding):  # an exotic encoding: plain ASCII always fits the ones we meet
        out = out.encode("ascii", "replace").decode("ascii")
    return out, error.end


def register() -> None:
    """Register the ``audio_scrabble`` error handler (harmless to repeat)."""
    codecs.register_error(ERRORS, _handler)


def make_safe(stream: TextIO) -> None:
    """Let ``stream`` degrade characters its encoding lacks instead of raising."""
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        try:
            reconfigure(errors=ERRORS)
        except (ValueError, OSError, io.UnsupportedOperation):
            pass


class NamedBadLines(io.TextIOBase):
    """Piped input decoded line by line; a line that does not decode is said
    on ``warn`` (by its number) and read with ``?`` for its bad bytes."""

    def __init__(self, raw: BinaryIO, encoding: str, warn: TextIO, original: TextIO | None = None):
        super().__init__()
        self._raw = raw
        self._encoding = encoding or "utf-8"
        self._warn = warn
        self._original = original
        self._line = 0

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        if self._original is not None:
            return self._original.fileno()
        return self._raw.fileno()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        data = self._raw.readline()
        if not data:
            return ""
        self._line += 1
        if self._line == 1 and data.startswith(codecs.BOM_UTF8) and self._encoding.replace("_", "-").lower() in (
            "utf-8", "utf8"
        ):
            data = data[len(codecs.BOM_UTF8):]
        try:
            text = data.decode(self._encoding)
        except UnicodeDecodeError:
            text = data.decode(self._encoding, "replace").replace("\ufffd", "?")
            name = "UTF-8" if self._encoding.replace("_", "-").lower() in ("utf-8", "utf8") else self._encoding
            self._warn.write(f"Line {self._line} of the input is not valid {name}; its bad bytes read as ?.\n")
            self._warn.flush()
        except LookupError:
            text = data.decode("utf-8", "replace")
        if text.endswith("\r\n"):
            text = text[:-2] + "\n"
        return text

    def read(self, size: int | None = -1) -> str:
        return "".join(iter(self.readline, ""))

    def __next__(self) -> str:  # type: ignore[override]  # a text stream's lines
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def setup() -> Callable[[], None]:
    """Make the standard streams safe (see the module doc). Called once, by
    ``cli.main``; returns what puts standard input back as it was."""
    register()
    make_safe(sys.stdout)
    make_safe(sys.stderr)
    stdin = sys.stdin
    buffer = getattr(stdin, "buffer", None)
    if stdin is None or buffer is None or buffer is stdin or isinstance(stdin, NamedBadLines):
        return lambda: None
    try:
        piped = not stdin.isatty()
    except (ValueError, OSError):
        return lambda: None
    if not piped:
        return lambda: None
    sys.stdin = NamedBadLines(buffer, getattr(stdin, "encoding", "utf-8") or "utf-8", sys.stderr, stdin)

    def restore() -> None:
        sys.stdin = stdin

    return restore


def quiet_broken_pipe() -> None:
    """The reader of our output went away: send what is left to nowhere, so
    that neither we nor the interpreter's exit print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - kept open until exit
