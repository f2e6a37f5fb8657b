"""The word judge: is each word acceptable in the chosen word list?

``audio-scrabble judge WORD... [--lexicon PATH]`` is wired to
:func:`judge_main` by the command-line module. Output is one line per word,
``WORD: acceptable`` or ``WORD: not acceptable``, the word upper-cased as
typed, so that a screen reader speaks the verdict right after the word.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

from ..errors import LexiconError
from .lexicon import Lexicon
from .wordlist import without_accents

if TYPE_CHECKING:
    import argparse

EXIT_ALL_ACCEPTABLE = 0
EXIT_SOME_NOT_ACCEPTABLE = 1
EXIT_LEXICON_ERROR = 2


#: the most characters of a word the verdict repeats (no word on a board is longer than 15)
SHOWN_LIMIT = 32


def _shown(word: str) -> str:
    """The word as the verdict repeats it: never a long input whole, nothing unprintable."""
    if len(word) > SHOWN_LIMIT:
        word = word[: SHOWN_LIMIT - 1] + "\u2026"
    return word if word.isprintable() else "".join(c if c.isprintable() else "?" for c in word)


def _verdict_lines(words: Iterable[str], lexicon: Lexicon, stdout: TextIO,
                   flush_each: bool) -> bool:
    """Write a verdict per word; return True if every word was acceptable."""
    all_ok = True
    contains = lexicon.dawg.__contains__
    for word in words:
        word = without_accents(word)  # CAFÉ is judged as CAFE, as the rules spell it
        ok = contains(word)
        all_ok = all_ok and ok
        stdout.write(f"{_shown(word.upper())}: {'acceptable' if ok else 'not acceptable'}\n")
        if flush_each:
            stdout.flush()
    return all_ok


def _stdin_words(stdin: TextIO) -> Iterable[str]:
    for line in stdin:
        word = line.strip()
        if word:
            yield word


def judge_main(words: list[str], lexicon_path: str | None, stdin: TextIO, stdout: TextIO,
               stderr: TextIO | None = None) -> int:
    """Judge *words*, or, if there are none, one word per line of *stdin*.

    Blank words and blank lines of stdin are skipped; surrounding blanks
    are ignored. The
    word list is *lexicon_path* if given, else the default list. Return 0
    if every word is acceptable (also when there were no words), 1 if any
    is not, 2 if the word list cannot be loaded (its error sentence goes to
    *stderr*, default ``sys.stderr``).
    """
    try:
        lexicon = Lexicon.default() if lexicon_path is None else Lexicon.from_path(lexicon_path)
    except LexiconError as exc:
        print(exc.sentence, file=stderr if stderr is not None else sys.stderr)
        return EXIT_LEXICON_ERROR
    if words:
        source: Iterable[str] = [word.strip() for word in words if word.strip()]
        interactive = False
    else:
        source = _stdin_words(stdin)
        isatty = getattr(stdin, "isatty", None)
        interactive = bool(isatty()) if callable(isatty) else False
    all_ok = _verdict_lines(source, lexicon, stdout, flush_each=interactive)
    stdout.flush()
    return EXIT_ALL_ACCEPTABLE if all_ok else EXIT_SOME_NOT_ACCEPTABLE


# ---------------------------------------------------------------- subcommand
def configure(parser: "argparse.ArgumentParser") -> None:
    """Arguments of ``audio-scrabble judge``."""
    parser.add_argument(
        "words", nargs="*", metavar="WORD",
        help="words to judge; with none, one word per line is read from standard input",
    )
    parser.add_argument("--lexicon", metavar="PATH", help="judge against this word list (one word per line)")
    parser.epilog = "Prints 'WORD: acceptable' or 'WORD: not acceptable' for each word. Exit 0 when all are acceptable, 1 otherwise, 2 when the word list cannot be read."


def run(args: "argparse.Namespace") -> int:
    return judge_main(list(args.words), args.lexicon, sys.stdin, sys.stdout)
