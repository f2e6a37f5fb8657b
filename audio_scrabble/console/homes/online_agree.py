"""An end by agreement at a game between homes' table: what each record
of it says as it comes back from the room (the offer, with the scores as
they stand; the yes, with who won; the no), and the offer standing at
the table, which the next turn of the game lapses
(:meth:`.online_table.OnlineTable._relayed` says so). The commands are
in :mod:`.online_commands` (``offer end``, ``agree``, ``decline``)."""

from __future__ import annotations

from typing import Any

from ...online.record import Record
from ...presentation import prompts_homes


def agreement_lines(table: Any, record: Record) -> tuple[str, ...]:
    """What an ``offer_end``, ``agree_end`` or ``decline_end`` record says
    at ``table`` (an :class:`~.online_table.OnlineTable`), once; the
    offer standing there noted (or let go)."""
    link = table.link
    names, me = link.state.names, link.state.my_seat
    game = table.game
    totals = tuple(game.scores()) if game is not None else ()
    mine = record.seat == me
    if record.kind == "offer_end":
        table._end_offer = record.seat
        return () if mine else tuple(prompts_homes.end_offered(names, totals, me, record.seat))
    table._end_offer = None
    if record.kind == "agree_end":
        return tuple(prompts_homes.ended_by_agreement(names, totals, me))
    return tuple(prompts_homes.end_declined(names[record.seat], mine))


def standing_offer(table: Any) -> bool:
    """Whether another player's offer to end the game stands at ``table``'s game."""
    link = getattr(table, "link", None)
    state = getattr(link, "state", link)  # an honour game's link holds it itself
    return offered_by(state) is not None


def offered_by(state: Any) -> int | None:
    """The seat of another player whose offer to end the game stands, in
    ``state`` (an :class:`~...online.referee.OnlineGame`, or an honour
    game's link); None: none, or the game is over."""
    offered = getattr(state, "end_offered", None)
    if state is None or offered is None or offered == state.my_seat or _over(state):
        return None
    return int(offered)


def _over(state: Any) -> bool:
    """Whether the game is over (between homes: not being played; honour: its game ended)."""
    game = getattr(state, "game", None)
    return not state.playing if hasattr(state, "playing") else bool(game is not None and game.is_over)


def standing_offer_lines(table: Any, view: Any) -> list[str]:
    """A game seated at ``table`` (opened, or the program started again)
    while an offer to end it stands: the other player's said (as it came),
    noted standing, so the next turn says it lapsed."""
    state = table.link.state
    offered = state.end_offered
    table._end_offer = offered
    if offered is None or offered == state.my_seat or view is None or not state.playing:
        return []
    return prompts_homes.end_offered(state.names, tuple(view.scores()), state.my_seat, offered)


#: the game's log notes that "Bob's program is newer" was said (once a game)
NEWER_SAID = "newer_said"


def newer_lines(link: Any, name: str) -> tuple[str, ...]:
    """A record of a kind this program does not know, from ``name``'s
    program: "Bob's program is newer; update the game to hear all it
    sends.", once a game (noted in its log; a game with no log: each time)."""
    journal = getattr(link, "journal", None)
    if journal is not None:
        if any(e.get("kind") == NEWER_SAID for e in journal.entries()):
            return ()
        journal.append(NEWER_SAID)
    return tuple(prompts_homes.newer_program(name))
