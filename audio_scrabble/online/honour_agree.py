"""An end by agreement in an honour game (:mod:`.honour`): either player
offers to end the game here (the friend types ``offer end`` in the room,
the player here ``offer end`` at the table); the other agrees (``agree``:
the game is over as it stands, no rack penalties, the leader wins, the
same score a tie) or declines (``decline``); the next move lets the offer
lapse. The host's program referees, as every honour move: a yes or a no
with no offer of the other player's standing, or a second offer, is
refused with its sentence and changes nothing.

Kept in the game's log, so a restart rebuilds it (:func:`replayed`):
``honour_end_offer`` (seat), ``honour_end_declined`` (seat) and
``honour_agreed`` (seat); an ``honour_action`` after an offer lapses it.
Its message to the room that the homeserver would not take is kept
there too (``honour_agree_unsent``, its text) until it goes
(``honour_agree_sent``: sent, or no longer due, a move made since), so
the retry (``HonourLink.answer_again``) sends the sentence itself, not
only the board, even after a restart (:func:`unsent`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.events import GameEnded
from ..errors import ActionNotAllowed
from ..presentation import online_phrases, prompts_homes

OFFERED, DECLINED, AGREED = "honour_end_offer", "honour_end_declined", "honour_agreed"
#: a message of the agreement the homeserver would not take; all of them gone (or no longer due)
UNSENT, SENT = "honour_agree_unsent", "honour_agree_sent"
#: what each answer is in the referee's words (the same kinds as between homes)
OFFER_END, AGREE_END, DECLINE_END = "offer_end", "agree_end", "decline_end"


def replayed(entries: Sequence[dict[str, Any]]) -> tuple[int | None, int | None]:
    """From a game's log: the seat whose offer to end stands, and the seat
    that agreed (None: the game was not ended by agreement)."""
    offered: int | None = None
    agreed: int | None = None
    for e in entries:
        kind = e.get("kind")
        if kind == OFFERED:
            offered = int(e.get("seat", 0))
        elif kind in ("honour_action", DECLINED):
            offered = None
        elif kind == AGREED:
            offered, agreed = None, int(e.get("seat", 0))
    return offered, agreed


def unsent(entries: Sequence[dict[str, Any]]) -> list[str]:
    """From a game's log: the agreement's messages still to go to the room, in order."""
    out: list[str] = []
    for e in entries:
        kind = e.get("kind")
        if kind == UNSENT:
            out.append(str(e.get("text", "")))
        elif kind == SENT:
            out = []
    return [t for t in out if t]


def check(link: Any, kind: str, seat: int) -> None:
    """Whether ``seat`` may offer, agree or decline now (ActionNotAllowed, its sentence)."""
    game = link.game
    if game.is_over:
        raise ActionNotAllowed(online_phrases.END_NOT_PLAYED)
    standing = link.end_offered
    if kind == OFFER_END:
        if standing == seat:
            raise ActionNotAllowed(online_phrases.END_OFFERED_ALREADY)
        if standing is not None:
            raise ActionNotAllowed(online_phrases.end_offered_to_you(link.names[standing]))
        return
    if standing is None or standing == seat:
        raise ActionNotAllowed(online_phrases.END_NO_OFFER)


def end_agreed(link: Any) -> GameEnded:
    """The game over as it stands (no rack penalties; the leader wins)."""
    game = link.game
    totals = tuple(game.scores())
    best = max(totals, default=0)
    winners = tuple(i for i, t in enumerate(totals) if t == best)
    game.ended = GameEnded(game.turn, "agreed", None, (), totals, winners)
    game.last_events = (game.ended,)
    return game.ended


def room_text(link: Any, kind: str, seat: int) -> str:
    """What the room is told (the friend reads it: "you" is the friend)."""
    game, names, friend = link.game, link.names, link.friend_seat
    totals = tuple(game.scores())
    if kind == OFFER_END:
        if seat == friend:
            lines = prompts_homes.end_offer_sent([names[link.my_seat]])
        else:
            lines = prompts_homes.end_offered(names, totals, friend, seat)
    elif kind == AGREE_END:
        lines = prompts_homes.ended_by_agreement(names, totals, friend)
    else:
        lines = prompts_homes.end_declined(names[seat], seat == friend)
    return " ".join(lines)


def lines_here(link: Any, kind: str, seat: int, totals: Sequence[int]) -> list[str]:
    """What the table here says of an offer, a yes or a no (the player here is ``my_seat``)."""
    names, me = link.names, link.my_seat
    if kind == OFFER_END:
        return ([] if seat == me else prompts_homes.end_offered(names, totals, me, seat))
    if kind == AGREE_END:
        return prompts_homes.ended_by_agreement(names, totals, me)
    return prompts_homes.end_declined(names[seat], seat == me)
