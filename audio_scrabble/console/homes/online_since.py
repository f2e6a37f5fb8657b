"""What the player has seen of a game between homes: the count of the
game's history events last said at this table, kept in the game's log
(``{"kind": "seen", "events": N}``; the log keeps its last mark,
:meth:`~audio_scrabble.online.store.GameLog.seen`), so a game opened again (after the
program was closed, or while another game was open) says every move made
since, in order, not only the last one
(:func:`~audio_scrabble.presentation.prompts_homes.since_lines`); and a
claim's deal not checked yet, said plainly (:func:`unchecked_lines`).

A game with no mark (seated before the marks were kept) counts from its
start: every move is said, up to the cap, and ``history`` has them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import Game
from ...online.store import GameLog
from ...presentation import prompts_homes

#: the log entry's kind
SEEN = GameLog.SEEN


def seen_mark(journal: GameLog | None) -> int:
    """The count of history events last said at a table (0: none noted)."""
    return journal.seen() if journal is not None else 0


def note_seen(journal: GameLog | None, count: int) -> None:
    """The game's first ``count`` history events have been said here (kept
    in the game's log, once: a mark no further than the last one noted is
    not written)."""
    if journal is not None:
        journal.mark_seen(count)


def opening_lines(journal: GameLog | None, game: Game, names: Sequence[str], you: int | None) -> list[str]:
    """A game opened again: the moves since the player last saw it (capped;
    ``history`` has the rest); :func:`note_seen` then moves the mark."""
    return prompts_homes.since_lines(list(game.history), seen_mark(journal), names, you)


#: the log entry's kind that counts the others' chat lines said here
CHATS = "chats_seen"


def _chats_seen(journal: GameLog) -> int | None:
    """The count last noted (None: none ever was)."""
    counts = [e.get("count") for e in journal.entries() if e.get("kind") == CHATS]
    return next((c for c in reversed(counts) if isinstance(c, int)), None)


def chat_said(journal: GameLog | None) -> None:
    """One more of the others' chat lines of the game was said here."""
    if journal is not None:
        journal.append(CHATS, count=(_chats_seen(journal) or 0) + 1)


def count_chats(journal: GameLog | None) -> None:
    """A game new here: its others' chat lines are counted from none (a
    log with no count is an old one, whose lines are not said again)."""
    if journal is not None and _chats_seen(journal) is None:
        journal.append(CHATS, count=0)


def chats_missed(journal: GameLog | None, heard: Sequence[Any], me: str) -> list[Any]:
    """Of the chat lines of a game's room read at start (``heard``, in the
    room's order), the others' not said here yet (the log counts those
    said); the count then moves past them all. A log kept before the
    lines were counted says none (its old lines are not said again)."""
    if journal is None:
        return []
    others = [m for m in heard if m.sender != me]
    seen = _chats_seen(journal)
    if seen != len(others):
        journal.append(CHATS, count=len(others))
    return [] if seen is None else others[seen:]


def unchecked_lines(link: Any) -> list[str]:
    """A game won on time here whose deal is not checked yet, for the late
    player's program has not shown its keys (it may never run again):
    said plainly at the claim and when the game is opened (nothing when
    the check is done, or when this side is the late one)."""
    state = link.state
    late = state.timed_out
    if late is None or state.final is not None or late == state.my_seat or not 0 <= late < len(state.names):
        return []
    return prompts_homes.deal_unchecked(state.names[late])


def waiting_lines(home: Any) -> list[str]:
    """At sign-in: each game with moves the player has not seen yet (its
    log holds a mark), how many and with whom; ``open`` says them."""
    out: list[str] = []
    for room in list(home.rooms):
        honour = home.honour.get(room)
        link = honour if honour is not None else home.links.get(room)
        if link is None or link.journal is None:
            continue
        game, others = link.game_and_others()
        history = list(game.history) if game is not None else []
        count = len(prompts_homes.moves_since(history, seen_mark(link.journal)))
        if count and seen_mark(link.journal):  # a game with no mark: not counted
            out += prompts_homes.new_moves_line(others, count)
    return out
