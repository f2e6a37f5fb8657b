"""The signed-in player's games between homes as ``games`` lists them
(:func:`entries`, :func:`games_lines`: the games, then the invitations
with their terms), what signing in says (:func:`away_lines`: who moved,
the moves waiting, the moves due), and who an invitation is from
(:func:`invited_by`, :func:`is_rematch`). ``home`` is the
:class:`~.online_home.OnlineHome`."""

from __future__ import annotations

import time
from typing import Any

from ...online.honour import HonourLink
from ...online.match import DONE, PLAY
from ...online.transport import Invitation
from ...presentation import honour_prompts, online_phrases, online_prompts, prompts_homes
from . import online_clock, online_since, online_terms
from .online_agree import offered_by
from .online_watch import GameEntry, display_name

__all__ = ["REMATCH_ROOM", "away_lines", "entries", "games_lines", "invited_by", "is_rematch", "listed"]

#: how a rematch's room is named (``Scrabble rematch: Alice, Bob``); a game's is ``Scrabble: ...``
REMATCH_ROOM = online_phrases.REMATCH_ROOM


def listed(home: Any) -> list[str]:
    """The rooms ``games`` numbers, in ``home.rooms``' order, as ``open N``,
    ``claim N`` and the due lines number them too: those known here as a
    game (played here, an honour game, or on this player's other computer);
    one that is none of them for a moment (an honour game asked back whose
    log did not replay, unlisted from one list and not yet from the other,
    on the worker's thread) is not counted, so the games after it keep the
    number said."""
    return [room for room in list(home.rooms)
            if room in home.honour or room in home.moved or room in home.asked or room in home.links]


def entries(home: Any) -> list[GameEntry]:
    """Every online game as ``games`` lists it (the rooms of :func:`listed`)."""
    out = []
    for room in listed(home):
        honour = home.honour.get(room)
        if honour is not None:
            out.append(_honour_entry(home, honour))
            continue
        moved, asked = home.moved.get(room), home.asked.get(room)
        if moved is not None or asked is not None:  # on this player's other computer: `open` asks it back
            away = moved if moved is not None else asked
            out.append(GameEntry(room, (f"{away.friend_name} ({honour_prompts.games_kind()})",),
                                 "moved" if moved is not None else "asked", "", 0))
            continue
        link = home.links.get(room)
        if link is None:  # left the lists on another thread since listed (an honour game asked back)
            continue
        state = link.state
        me = state.my_seat
        others = tuple(n for i, n in enumerate(state.names) if i != me)
        pending = link.pending()
        kinds, seat = state.expected() if state.log else ((), None)
        if pending == DONE or (state.final is not None):
            kind, whose = "done", ""
        elif pending == PLAY:
            kind, whose = "play", ""
        elif state.over and seat is not None and seat != me:  # over: the keys of the deal to come
            kind, whose = "keys", state.names[seat] if seat < len(state.names) else ""
        elif state.game is None:
            kind, whose = "join", state.names[seat] if seat is not None and seat < len(state.names) else ""
        else:
            kind = "wait"
            whose = state.names[seat] if seat is not None and seat != me else ""
        out.append(GameEntry(room, others, kind, whose, home._last.get(room, 0)))
    return out


def _honour_entry(home: Any, link: HonourLink) -> GameEntry:
    game = link.game
    others = (f"{link.friend_name} ({honour_prompts.games_kind()})",)
    if game.is_over:
        kind, whose = "done", ""
    elif game.awaiting_final_challenge:
        pending = game.pending_play
        mine = pending is not None and pending.player != link.my_seat
        kind, whose = ("play", "") if mine else ("wait", link.friend_name)
    elif game.current == link.my_seat:
        kind, whose = "play", ""
    else:
        kind, whose = "wait", link.friend_name
    return GameEntry(link.room, others, kind, whose, home._last.get(link.room, 0))


def games_lines(home: Any, first: int) -> list[str]:
    """The online games (numbered from ``first`` for ``open``) and the invitations."""
    transport = home.need()
    lines: list[str] = []
    home.first_number = first
    now = int(time.time() * 1000)
    listed = entries(home)
    alone = len(listed) == 1 and first == 1  # said with the count, no number: open 1 (or open) opens it
    home.said_alone = listed[0].room if alone else None
    if listed and not alone:
        lines.append(online_prompts.online_heading(len(listed)))
    clock_now = home.clock()
    for number, e in enumerate(listed, start=first):
        n = online_prompts.ALONE if alone else number
        link = home.links.get(e.room)  # an honour game keeps no clock
        clocked = link is not None and (online_clock.entry_line(n, link, clock_now)
                                        or online_clock.unplayable(n, link))
        lines.extend(clocked or online_prompts.game_entry(n, e.others, e.state, e.whose, e.since_ms, now))
        lines.extend(_offer_line(home, e.room, number))  # its real number: 'type open 1', never 'open 0'
    home.invited = transport.invitations()
    for n, inv in enumerate(home.invited, start=1):
        if is_rematch(inv):
            lines.extend(online_prompts.rematch_invitation_line(n, invited_by(inv)))
        else:
            lines.extend(online_prompts.invitation_line(n, invited_by(inv)))
        lines += online_terms.invitation_lines(inv)  # what it is played by, before accepting
    if home.invited:
        lines.append(online_prompts.ACCEPT_HOW)
    if not listed and not home.invited:
        lines.extend(online_prompts.NO_ONLINE_GAMES)
    return lines


def _offer_line(home: Any, room: str, number: int) -> list[str]:
    """Under a game whose other player's offer to end it stands: who, and
    how to answer it ("Bob offers to end; type open 1 to answer.")."""
    state = _state_of(home, room)
    offered = offered_by(state)
    return [] if offered is None else prompts_homes.end_offer_listed(state.names[offered], number)


def away_lines(home: Any) -> list[str]:
    """Who moved while the player was away: the games where it is their turn now."""
    movers: dict[str, int] = {}
    for e in entries(home):
        name = _moved_unheard(home, e.room) if e.state == "play" else ""
        if name:
            movers[name] = movers.get(name, 0) + 1
    said = [line for name, count in movers.items() for line in online_prompts.moved_while_away(name, count)]
    due: list[str] = home.due_lines()
    return said + online_since.waiting_lines(home) + due + _offers_standing(home)


def _offers_standing(home: Any) -> list[str]:
    """The games whose other player's offer to end stands, said at start:
    "In your game with Alice: Alice offers to end the game here; open it
    to agree or play on."."""
    out: list[str] = []
    for e in entries(home):
        state = _state_of(home, e.room)
        offered = offered_by(state)
        if offered is not None:
            out += prompts_homes.end_offered_not_open(list(e.others), state.names[offered])
    return out


def _state_of(home: Any, room: str) -> Any:
    """A game's state as :func:`~.online_agree.offered_by` reads it (an honour game's link; None: none)."""
    honour = home.honour.get(room)
    return honour if honour is not None else getattr(home.links.get(room), "state", None)


def _moved_unheard(home: Any, room: str) -> str:
    """Who made the last move of a game's that the player has not heard
    here (after the game's seen mark), when another player did; else ""
    (no one else has moved, or it was said at the table)."""
    honour = home.honour.get(room)
    link = honour if honour is not None else home.links.get(room)
    if link is None:
        return ""
    me = honour.my_seat if honour is not None else link.state.my_seat
    game, _others = link.game_and_others()
    if game is None:
        return ""
    new = [ev for ev in prompts_homes.moves_since(list(game.history), online_since.seen_mark(link.journal))
           if getattr(ev, "player", me) != me]
    seat = getattr(new[-1], "player", -1) if new else -1
    return game.names[seat] if 0 <= seat < len(game.names) else ""


def invited_by(inv: Invitation) -> str:
    """Who invited: the first name of the room's name ("Scrabble: Alice, Bob"), else the inviter's id
    (as typed by the other home: its breaks of line and control characters not said as they are)."""
    name = inv.name
    for head in ("Scrabble: ", REMATCH_ROOM):
        if name.startswith(head):
            first = online_prompts.as_typed(name[len(head):].split(",")[0])
            if first:
                return first
    return online_prompts.as_typed(display_name(inv.inviter))


def is_rematch(inv: Invitation) -> bool:
    """An invitation to a rematch (its room named so by :meth:`OnlineHome.invite`)."""
    return inv.name.startswith(REMATCH_ROOM)
