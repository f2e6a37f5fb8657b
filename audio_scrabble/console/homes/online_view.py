"""The link's game as a table at this computer takes it: a private copy
of the link's view (:func:`snapshot`: this player's tiles not known yet
left out of the rack), a turn's events as the table says them
(:func:`quiet_draws`), an action's data as the link sends it
(:func:`action_of`), and what the link heard, queued for the table
(:class:`Heard`)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

from ...core.events import ChallengeResolved, Event, GameEnded, TilesExchanged, TilesPlaced, TurnPassed
from ...core.game import Game
from ...errors import OnlineError
from ...online.match import GameLink
from ...online.referee import Applied
from ...presentation import online_prompts

__all__ = ["Heard", "action_of", "copy_game", "quiet_draws", "snapshot"]


@dataclass(frozen=True)
class Heard:
    """Something the link heard, queued for the table (made on its thread)."""

    kind: str  # "record", "refused", "chat", "check"
    applied: Applied | None = None
    #: the view right after a turn record: a private copy, the own rack's unknown tiles left out
    view: Game | None = None
    #: the log's length once this record is in
    at: int = 0
    #: the player's own tiles not known yet
    coming: int = 0
    lines: tuple[str, ...] = ()
    #: a chat line or a refusal as a game not open at the table says it (its table closed first)
    away: tuple[str, ...] = ()
    #: a refusal heard in the room (not a send the homeserver refused): counted in the game's log once said
    counted: bool = False


def copy_game(game: Game) -> Game:
    """A private copy of a game (the word list and move finder shared)."""
    memo: dict[int, Any] = {}
    for shared in (game.lexicon, game.move_finder):
        if shared is not None:
            memo[id(shared)] = shared
    return copy.deepcopy(game, memo)


def quiet_draws(events: tuple[Event, ...] | list[Event]) -> tuple[Event, ...]:
    """A turn's events as the table says them: the end left to the deal's
    check (the view's end leaves out the racks it cannot see) and no drawn
    tile named (the view draws unknown tiles)."""
    out: list[Event] = []
    for ev in events:
        if isinstance(ev, GameEnded):
            continue
        if isinstance(ev, (TilesPlaced, TilesExchanged)) and ev.drawn:
            ev = replace(ev, drawn=())
        out.append(ev)
    return tuple(out)


def action_of(events: tuple[Event, ...] | list[Event]) -> dict[str, Any]:
    """The game's own action data (as the link sends it) for an action's events."""
    first = events[0] if events else None
    if isinstance(first, TilesPlaced):
        play = first.play
        return {"type": "place", "direction": play.direction,
                "tiles": [[t.square.row, t.square.col, t.letter, t.blank] for t in play.tiles]}
    if isinstance(first, TilesExchanged):
        return {"type": "exchange", "tiles": "".join(first.returned)}
    if isinstance(first, TurnPassed):
        return {"type": "pass"}
    if isinstance(first, ChallengeResolved):
        return {"type": "challenge"}
    if isinstance(first, GameEnded):
        return {"type": "accept"}
    raise OnlineError(online_prompts.NOT_AN_ACTION, "mismatch")


def snapshot(link: GameLink) -> tuple[Game | None, int]:
    """A private copy of the link's view, this player's unknown tiles
    left out of the rack; how many are unknown."""
    state = link.state
    game = state.game
    seat = state.my_seat
    if game is None:
        return None, 0
    view = copy_game(game)
    coming = 0
    if seat is not None:
        ledger = view.bag.ledger  # type: ignore[attr-defined]
        held = ledger.held[seat]
        coming = sum(1 for p in held if p not in ledger.known)
        view.players[seat].rack = [ledger.letter(p) for p in held if p in ledger.known]
    view.bag.game = view  # type: ignore[attr-defined]
    view.between_homes = True  # type: ignore[attr-defined]  # kept by its room (saving.kept_by_room)
    return view, coming
