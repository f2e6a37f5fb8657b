"""Help texts, kept as data in ``audio_scrabble/data/help.txt``.

The file holds one entry per command or topic::

    == play
    usage: play WORD from D8 across
    usage: play WORD from H8 down
    Place a word on the board.
    More sentences, one per line.

The first line that is not a usage line is the one-line summary; the
rest is the full help. A long entry may hold a line ``~ more``: what
comes before it is the short first answer (what most players need), what
comes after it is said on asking (``help set more``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class HelpEntry:
    key: str
    usages: tuple[str, ...]
    #: the first line (the index of ``help`` reads it)
    summary: str
    #: the lines after it (all of them, the first answer's and the rest's)
    details: tuple[str, ...]
    #: how many of ``details`` the first answer says (None: all of them);
    #: the rest is said on asking (``help KEY more``)
    first: int | None = None

    @property
    def more(self) -> tuple[str, ...]:
        """The lines said on asking for more (none when the entry is short)."""
        return () if self.first is None else self.details[self.first:]

    @property
    def lead(self) -> tuple[str, ...]:
        """The first sentence, whole: the summary and the lines that finish
        it (a sentence broken for a braille line). ``help TOPIC`` says it
        before the usages, so that no "Type ..." lands inside it."""
        lines = (self.summary, *self.details)
        for n, line in enumerate(lines):
            if line.endswith((".", "?", "!")):
                return lines[: n + 1]
        return lines[:1]

    @property
    def rest(self) -> tuple[str, ...]:
        """The lines after :attr:`lead`, to the end of the first answer."""
        return self.details[len(self.lead) - 1:self.first]


#: the line of help.txt that ends an entry's first answer
MORE_MARK = "~ more"


def parse_help(text: str) -> dict[str, HelpEntry]:
    entries: dict[str, HelpEntry] = {}
    key: str | None = None
    usages: list[str] = []
    body: list[str] = []
    first: int | None = None

    def close() -> None:
        if key is not None:
            if not body:
                raise ValueError(f"help entry {key!r} has no summary line")
            entries[key] = HelpEntry(key, tuple(usages), body[0], tuple(body[1:]), first)

    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            close()
            key, usages, body, first = line[3:].strip(), [], [], None
        elif key is not None and line.strip() == MORE_MARK:
            first = len(body) - 1  # the details said first: those after the summary so far
        elif key is None:
            raise ValueError(f"help text before the first entry: {line!r}")
        elif line.startswith("usage: "):
            usages.append(line[len("usage: "):].strip())
        else:
            body.append(line.strip())
    close()
    return entries


@lru_cache(maxsize=1)
def help_entries() -> dict[str, HelpEntry]:
    text = (resources.files("audio_scrabble") / "data" / "help.txt").read_text(encoding="utf-8")
    return parse_help(text)


@lru_cache(maxsize=1)
def tutorial_steps() -> list[HelpEntry]:
    """The tutorial's steps, in order (``audio_scrabble/data/tutorial.txt``)."""
    text = (resources.files("audio_scrabble") / "data" / "tutorial.txt").read_text(encoding="utf-8")
    steps = parse_help(text)
    return [steps[k] for k in sorted(steps, key=int)]
