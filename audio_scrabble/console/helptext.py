"""Help texts, kept as data in ``audio_scrabble/data/help.txt``.

The file holds one entry per command or topic::

    == play
    usage: play 8D WORD
    usage: play WORD from D8 across
    Place a word on the board.
    More sentences, one per line.

The first line that is not a usage line is the one-line summary; the
rest is the full help.
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
    #: the lines after it
    details: tuple[str, ...]

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
        """The lines after :attr:`lead`."""
        return self.details[len(self.lead) - 1:]


def parse_help(text: str) -> dict[str, HelpEntry]:
    entries: dict[str, HelpEntry] = {}
    key: str | None = None
    usages: list[str] = []
    body: list[str] = []

    def close() -> None:
        if key is not None:
            if not body:
                raise ValueError(f"help entry {key!r} has no summary line")
            entries[key] = HelpEntry(key, tuple(usages), body[0], tuple(body[1:]))

    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("== "):
            close()
            key, usages, body = line[3:].strip(), [], []
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
