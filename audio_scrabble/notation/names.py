"""Players' names: one check for a name typed and a name read from a file.

A name is said every turn and printed on the prompt. One that holds a
control character (an escape sequence clears the screen, BEL rings the
bell), a format character (a right-to-left override, a zero-width
joiner), a surrogate, a private-use or unassigned code point, or a line
or paragraph separator would reach the terminal and the screen reader as
it is. The set-up questions refuse such a name typed
(console/asking/setup.py); a save, a game record or any other file whose names
hold one is refused with a sentence by its reader, as damaged, before
any name of it is said.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories a name may not hold (see the module doc).
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def has_hidden(name: str) -> bool:
    """Whether ``name`` holds a character of :data:`HIDDEN_CATEGORIES`."""
    return any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in name)


def name_fault(name: object) -> str | None:
    """Why a name read from a file may not be said (a phrase that never
    repeats it: "holds a hidden character"), or None when it may."""
    if not isinstance(name, str) or not name.strip():
        return "is empty"
    if has_hidden(name):
        return "holds a hidden character"
    return None
