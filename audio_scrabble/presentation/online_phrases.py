"""What a game between homes says: the readable body of each record (what
any chat app shows beside the structured record), and the lines said when
the deal is checked at the end.

A body never holds a rack, a key or the bag's order: a move is said as
the scorekeeper says it to a table where no one's tiles are revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.events import Event, GameEnded
from .phrases import Audience, Style, announce, join_and, scores_line, short_lines

COMPACT = Style()


def action_body(events: Sequence[Event], names: Sequence[str], totals_before: Sequence[int]) -> str:
    """A turn as one paragraph: ``Alice played NASTIER, 8D across, 64
    points. Alice 64, Bob 0.`` No one's tiles are named (the end's
    adjustments are said once the deal is checked)."""
    shown = [ev for ev in events if not isinstance(ev, GameEnded)]
    lines = announce(shown, Audience(tuple(names)), totals_before, COMPACT, compact=True)
    if any(isinstance(ev, GameEnded) for ev in events):
        lines.append("The game is over; the keys of the deal follow.")
    return " ".join(lines)


def offer_body(names: Sequence[str], rules_title: str) -> str:
    return f"{names[0]} invites {join_and(list(names[1:]))} to a game of Scrabble: {rules_title}."


def join_body(name: str) -> str:
    return f"{name} accepts and shuffles the bag."


def places_body(name: str) -> str:
    return f"{name} locks the bag."


def keys_body(name: str) -> str:
    return f"{name} sends the keys of the tiles drawn."


def resign_body(name: str) -> str:
    return f"{name} resigns."


def end_body(name: str) -> str:
    return f"{name} shows the keys of the deal."


def deal_checked_lines(names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """Said when every program has checked the whole deal and every score."""
    return short_lines(["The deal checked out.", "Final scores: " + scores_line(names, totals)])


def first_player_line(name: str) -> str:
    return f"{name} plays first."
