"""The correspondence clock of games between homes, as the console says it.

A game offered with days a move (``invite @bob:x.org days 3``) runs a
clock from the server timestamp of the room's last record
(:class:`~audio_scrabble.online.offers.Clock`). From it:

* ``games`` says whose turn and how long is left ("2. Your turn with Bob,
  2 days left."), or that the time ran out and how to claim;
* at start and when a game is opened, the games due soon are said (half
  the time gone), and those the player may claim;
* the waiting side's program sends one reminder to the room when half of
  the late player's time is gone (:func:`reminder_due`), so the late
  player's phone notifies them; the home notes it in the game's log, so
  a restart does not send it again.

Only the referee decides a claim (every side, against the server's
timestamps); the local clock only chooses what to say and when to offer.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...errors import OnlineError
from ...online.match import GameLink
from ...online.offers import Clock
from ...online.store import OnlineStore
from ...online.transport import Transport
from ...presentation import online_phrases, online_prompts


def wall_ms() -> int:
    """This computer's clock, in ms (the homes' default; tests inject theirs)."""
    return int(time.time() * 1000)


def clock_of(link: GameLink) -> Clock | None:
    """The game's running clock, or None (no days a move, not being played)."""
    state = link.state
    if not state.days or not state.playing:
        return None
    since = state.clock_since()
    return Clock(state.days, since) if since > 0 else None


def _others(link: GameLink) -> list[str]:
    me = link.state.my_seat
    return [n for i, n in enumerate(link.state.names) if i != me]


def entry_line(number: int, link: GameLink, now_ms: int) -> list[str] | None:
    """The lines of ``games`` for a game with a clock running (None: no clock)."""
    clock = clock_of(link)
    late = link.state.late_seat()
    if clock is None or late is None:
        return None
    names = link.state.names
    mine = late == link.state.my_seat
    others = _others(link)
    left = clock.left_ms(now_ms)
    if left <= 0:
        if mine:
            return online_prompts.own_time_out(number, others)
        return online_prompts.time_out_entry(number, names[late])
    return online_prompts.clocked_entry(number, others, "" if mine else names[late], online_phrases.span(left))


def unplayable(number: int, link: GameLink) -> list[str] | None:
    """The lines of ``games`` for a game whose offer this program refused
    (a word list it lacks): the sentence, with what to do."""
    refused = link.last_refusal
    if refused is None or refused.code != "other_word_list" or link.state.log:
        return None
    return online_prompts.numbered(number, str(refused))


def due_lines(numbered: list[tuple[int, GameLink]], now_ms: int) -> list[str]:
    """Said at start and when a game is opened: the player's moves due soon
    (half the time gone), and the games they may claim."""
    out: list[str] = []
    for number, link in numbered:
        clock = clock_of(link)
        late = link.state.late_seat()
        if clock is None or late is None:
            continue
        left = clock.left_ms(now_ms)
        others = _others(link)
        if late == link.state.my_seat:
            if clock.due_soon(now_ms) and left > 0:
                out.extend(online_prompts.due_soon(others, online_phrases.span(left)))
        elif left <= 0:
            out.extend(online_prompts.may_claim(link.state.names[late], number))
    return out


@dataclass(frozen=True)
class Reminder:
    """One reminder to send: to the room, once for the record it follows."""

    body: str
    #: the transport's transaction id (the same on a retry: never two)
    txn_id: str
    #: the log's length at the turn it is for (one reminder per turn)
    at: int


def reminder_due(link: GameLink, now_ms: int) -> Reminder | None:
    """The reminder this side sends now, if any: half of the late player's
    time gone, and this side the first waiting seat (so one program of
    several sends it), on a device that can play (not a seedless one)."""
    if link.seedless:
        return None  # a device that cannot play (no seed): its player's other computer sends it
    clock = clock_of(link)
    state = link.state
    late = state.late_seat()
    me = state.my_seat
    if clock is None or late is None or me is None or late == me or not clock.half_gone(now_ms):
        return None
    first_waiting = min(i for i in range(len(state.players)) if i != late)
    if me != first_waiting or clock.left_ms(now_ms) <= 0:
        return None
    late_player = state.players[late]
    others = [p.name for i, p in enumerate(state.players) if i != late]
    at = state.clock_at()  # one a turn: an offer to end, or its no, since restarts no time
    body = online_phrases.reminder_body(late_player.name, late_player.user, clock.left_ms(now_ms), others)
    return Reminder(body, f"remind.{state.game_id}.{at}", at)


def send_reminders(transport: Transport, store: OnlineStore, links: list[GameLink], now_ms: int) -> None:
    """Send each reminder due, once: noted in the game's log (``reminded``,
    the turn it is for), so neither a second look nor a restart sends it
    again; one that fails to go is tried at the next look."""
    for link in links:
        with link._lock:  # not while the worker applies a record
            due = reminder_due(link, now_ms)
        if due is None:
            continue
        log = store.game_log(link.room)
        if any(e.get("kind") == "reminded" and e.get("at") == due.at for e in log.entries()):
            continue
        try:
            transport.send(link.room, due.body, None, due.txn_id)
        except OnlineError:
            continue
        log.append("reminded", at=due.at)


__all__ = ["Reminder", "clock_of", "due_lines", "unplayable", "entry_line", "reminder_due", "send_reminders", "wall_ms"]
