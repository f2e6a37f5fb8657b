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
from ...presentation import phrases, prompts_homes

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
#: the log entry's kind that counts the refusals heard in the game's room said here
REFUSALS = "refusals_seen"
#: the log entry's kind that notes, for a game new to this device, the server time (ms) its chat
#: lines count from: one sent before (heard on another computer) is not said here, even once a
#: later start can read it (Matrix: the room's keys forwarded by the player's other computer)
CHATS_SINCE = "chats_since"


def _counted(journal: GameLog, kind: str) -> int | None:
    """The count of ``kind`` last noted (None: none ever was)."""
    counts = [e.get("count") for e in journal.entries() if e.get("kind") == kind]
    return next((c for c in reversed(counts) if isinstance(c, int)), None)


def _one_more(journal: GameLog | None, kind: str, more: int = 1) -> None:
    if journal is not None and more > 0:
        journal.append(kind, count=(_counted(journal, kind) or 0) + more)


def _missed(journal: GameLog | None, kind: str, heard: Sequence[Any]) -> list[Any]:
    """Of ``heard`` (read at start, in the room's order), those not said
    here yet (the log counts those said); the count then moves past them
    all. A log kept before they were counted says none."""
    if journal is None:
        return []
    seen = _counted(journal, kind)
    if seen != len(heard):
        journal.append(kind, count=len(heard))
    return [] if seen is None else list(heard[seen:])


def chat_said(journal: GameLog | None, more: int = 1) -> None:
    """One more of the others' chat lines of the game was said here (or ``more``)."""
    _one_more(journal, CHATS, more)


def refusal_said(journal: GameLog | None) -> None:
    """One more refusal heard in the game's room was said here."""
    _one_more(journal, REFUSALS)


def count_chats(journal: GameLog | None, refusals: int = 0, since_ms: int | None = None) -> None:
    """A game new here: its others' chat lines are counted from none (with
    ``since_ms``: those the server stamped from then on only), and its
    refusals from the ``refusals`` its link heard before (a log with no
    count is an old one, whose lines are not said again)."""
    if journal is not None and _counted(journal, CHATS) is None:
        if since_ms is not None:
            journal.append(CHATS_SINCE, since=since_ms)
        journal.append(CHATS, count=0)
    if journal is not None and _counted(journal, REFUSALS) is None:
        journal.append(REFUSALS, count=refusals)


def count_from_here(link: Any, chats_since: int | None = None) -> None:
    """A game new here (:func:`count_chats`); its moves counted from those
    it holds now: one made before (a game caught up on a new device: heard
    on the player's other computer) is not "moved while you were away" at
    a later start, nor said as new when it is opened (a log with a mark
    keeps it)."""
    journal = link.journal
    count_chats(journal, len(link.refusals), chats_since)
    if journal is None or any(e.get("kind") == SEEN for e in journal.entries()):
        return
    game, _others = link.game_and_others()
    if game is not None:
        note_seen(journal, len(game.history))


def chats_missed(journal: GameLog | None, heard: Sequence[Any], me: str) -> list[Any]:
    """Of the chat lines of a game's room read at start (``heard``, in the
    room's order), the others' not said here yet (the log counts those
    said); the count then moves past them all. A log kept before the
    lines were counted says none (its old lines are not said again); a
    game caught up on this device counts only those sent since it came
    (:data:`CHATS_SINCE`)."""
    since = None
    if journal is not None:
        since = next((e.get("since") for e in journal.entries() if e.get("kind") == CHATS_SINCE), None)
    counted = [m for m in heard if m.sender != me and (not isinstance(since, int) or m.timestamp_ms >= since)]
    return _missed(journal, CHATS, counted)


def refusals_missed(journal: GameLog | None, heard: Sequence[Any]) -> list[Any]:
    """Of the refusals heard reading a game's room at start (in the room's
    order: each the same on every read), those not said here yet: they came
    as the program ended, or while it was not running (as
    :func:`chats_missed`)."""
    return _missed(journal, REFUSALS, heard)


#: the log entry's kind that notes a game's end said here (away, at a start)
END_SAID = "end_said"
#: the log entry's kind that notes the checked record is in the games folder
#: (online_end.keep_record): the game's end was said at its table
RECORD_KEPT = "record_kept"
_END_KINDS = (END_SAID, RECORD_KEPT)


READY_SAID = "ready_said"


def ready_due(link: Any) -> bool:
    """The deal is done and no move made yet, and that the game is ready
    was never said here (as news, or by seating it at a table)."""
    state, journal = link.state, link.journal
    game = state.game
    if journal is None or state.my_seat is None or not state.playing or state.over or game is None:
        return False
    if phrases.last_move_event(list(game.history)) is not None:  # a move made: it was under way
        return False
    return not any(e.get("kind") == READY_SAID for e in journal.entries())


def ready_said(journal: GameLog | None) -> None:
    """That the game is ready was said here (written once)."""
    if journal is not None and not any(e.get("kind") == READY_SAID for e in journal.entries()):
        journal.append(READY_SAID)


def end_known(journal: GameLog | None) -> bool:
    """The game's end has been said here (a game with no log: taken as said)."""
    return journal is None or any(e.get("kind") in _END_KINDS for e in journal.entries())


def end_said(journal: GameLog | None) -> None:
    """The game's end was said here: not said again at a start (written once)."""
    if journal is not None and not end_known(journal):
        journal.append(END_SAID)


def ends_noted_from_now(store: Any, earlier: Sequence[Sequence[str]] | None) -> list[str]:
    """The first start that notes each game's end said is done (the store
    marks it: :meth:`~audio_scrabble.online.store.OnlineStore.note_ends`):
    the games it found over with no note (``earlier``: their other
    players), named together as old."""
    store.note_ends()
    return prompts_homes.ended_earlier(list(earlier or []))


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
