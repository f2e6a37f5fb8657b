"""Lines said as a run: a sentence of the console comes in lines of at most
40 characters (presentation/layout.py), so a test looks for its lines one
after the other in what was heard, not for one line."""

from __future__ import annotations

from typing import Sequence


def at(lines: Sequence[str], heard: Sequence[str]) -> list[int]:
    """Where ``lines`` start in ``heard``, each run counted once."""
    lines, heard = list(lines), list(heard)
    found: list[int] = []
    k = 0
    while lines and k + len(lines) <= len(heard):
        if heard[k : k + len(lines)] == lines:
            found.append(k)
            k += len(lines)
        else:
            k += 1
    return found


def said(lines: Sequence[str], heard: Sequence[str]) -> bool:
    """Whether ``lines`` were heard, one after the other."""
    return bool(at(lines, heard))


def times(lines: Sequence[str], heard: Sequence[str]) -> int:
    """How many times ``lines`` were heard, one after the other."""
    return len(at(lines, heard))


def joined(lines: Sequence[str]) -> str:
    """The lines as the sentence they break."""
    return " ".join(lines)


def starts(lines: Sequence[str], heard: Sequence[str]) -> bool:
    """Whether ``heard`` begins with ``lines``."""
    return list(heard[: len(lines)]) == list(lines)
