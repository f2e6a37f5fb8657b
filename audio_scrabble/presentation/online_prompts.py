"""What the console says of a game between homes (the console keeps no
sentence of its own): the game seated, a move sent, tiles still coming,
a chat line, a resignation, the commands' answers and refusals.

The records' own bodies (what any chat app shows) are in
:mod:`.online_phrases`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .phrases import join_and


def game_with(others: Sequence[str]) -> str:
    """Said when a game between homes comes to the table."""
    return f"Your game with {join_and(list(others))}, between homes."


def accepted(name: str) -> str:
    """Another player accepted the invitation: the deal goes on."""
    return f"{name} accepted; the bag is being dealt."


def tiles_coming(count: int) -> str:
    """This player's new tiles, whose keys come with the next record."""
    return f"{count} new tile{'' if count == 1 else 's'} still coming."


#: a move sent that has not come back from the room yet
SENT_WAITING = "Sent; it is said once the room has it."


def chat_line(name: str, text: str) -> str:
    """A chat line that arrived."""
    return f"{name} says: {text}"


def resigned(name: str, you: bool) -> str:
    return "You resigned." if you else f"{name} resigned."


#: an action the table cannot send (none of the game's own)
NOT_AN_ACTION = "That is not an action of the game."
#: ``say`` with nothing after it
SAY_WHAT = "Say what? Type say and the words."
#: ``say`` or ``resign`` with no online game at the table
NO_ONLINE_GAME = "No online game is open; type games, then open and a number."
#: ``resign`` sent
RESIGN_SENT = "Resigned; the keys of the deal follow."
