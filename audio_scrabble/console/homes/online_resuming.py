"""A game of the data folder's logs, resumed as the player signs in
(:meth:`.online_home.OnlineHome.connect`): caught up from its room,
listed for ``games``, its moves said in a short line until it is opened;
what came while this program was not running said once (the others'
chat lines, the refusals heard in its room). A game this device cannot
read is handed to :mod:`.online_catching`. ``home`` is the
:class:`~.online_home.OnlineHome` (untyped here, as in :mod:`.online_games`:
online_home imports this module)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import OnlineError, ScrabbleError
from ...online.honour import HonourLink
from ...online.match import GameLink
from ...online.transport import Message
from ...presentation import online_prompts
from .. import services
from . import online_catching, online_since
from .honour_table import ended_at_start, hear_away as hear_honour_away, refusals_at_start
from .online_away import ready_lines, refusal_lines, start_lines
from .online_table import hear_away

__all__ = ["refusals_said", "resume_game", "resume_honour"]


def _name_of(link: GameLink, user: str) -> str:
    seat = link.state.seat_of(user)
    return link.state.names[seat] if seat is not None else user


def refusals_said(link: GameLink, refused: Sequence[tuple[OnlineError, Message]]) -> list[str]:
    """Refusals heard in a game's room not said before (they came as the
    program ended, or while it was not running), each naming the game."""
    others = [n for i, n in enumerate(link.state.names) if i != link.state.my_seat]
    return [line for error, msg in refused
            for line in online_prompts.refused_not_open(others, " ".join(refusal_lines(link, error, msg)))]


def resume_game(home: Any, room: str) -> list[str]:
    """A game of the logs, caught up from its room; the others' chat
    lines that came while this program was not running, as said."""
    assert home.transport is not None
    heard: list[Message] = []
    refused: list[tuple[OnlineError, Message]] = []
    try:
        link = GameLink.resume(home.transport, room, home.lexicon_for(room), home.seeds,
                               box_secret=home.box_secret, on_chat=heard.append,
                               on_refused=lambda e, m: refused.append((e, m)))
    except OnlineError:
        return []  # a room no longer reachable (left, or declined): not listed
    if not link.state.log:  # its records cannot be read on this device (a new device; or an offer sent
        # before this device was made, accepted here and asked for, the answer not come before the program
        # stopped): asked for
        online_catching.ask_or_keep(home, link, heard)  # its chat lines said once it is caught up
        return []
    if link.behind or link.seedless:  # caught up short, or without the seed: asked (again)
        online_catching.ask_again(link)
    link.journal = home.store.game_log(room)
    link.resend_unsent()  # a move typed and not sent before the program stopped
    home.links[room] = link
    hear_away(home.session, link, home)  # its moves said in a short line until it is opened
    if room not in home.rooms:
        home.rooms.append(room)
    ready: list[str] = []
    if online_since.ready_due(link):  # dealt while this program was not running: said once
        ready = ready_lines(home, link)
        online_since.ready_said(link.journal)
    missed = online_since.chats_missed(link.journal, heard, home.transport.user_id)
    return start_lines(link, home.ended_earlier) + ready + [line for m in missed for line in online_prompts.chat_while_away(_name_of(link, m.sender), m.body)
            ] + refusals_said(link, online_since.refusals_missed(link.journal, refused))


def resume_honour(home: Any, log: Any) -> list[str]:
    """An honour game from its log: listed, and what the friend typed
    meanwhile answered; the friend's chat lines not said yet (they came
    while this program was not running, or were still waiting to be
    said when it ended), as said."""
    assert home.transport is not None
    lexicon = home.lexicon()
    try:
        link = HonourLink.resume(home.transport, log, lexicon, services.move_finder(lexicon))
    except (OnlineError, ScrabbleError):
        return []  # a log that does not replay: not listed
    if link.moved_to:  # handed over to this player's other computer: played there (listed, `open` asks back)
        return online_catching.moved_here(home, link)
    # known to the worker before the history is read: a message that comes
    # meanwhile is answered once, by whichever reads it first
    home.honour[link.room] = link
    was_over = link.game.is_over
    try:
        link.catch_up()  # what the friend typed meanwhile, answered now
    except OnlineError:
        del home.honour[link.room]
        return []  # a room no longer reachable: not listed
    if link.moved_to:  # an ask of this player's new computer, waiting in the room: handed over
        online_catching.honour_moved(home, link)
        return []
    link.brief_new_devices()  # a phone of the friend's that signed in while this program was not running
    missed = link.take_unsaid_chat()  # taken before the away hooks: one that comes between waits for open
    refused = refusals_at_start(link)  # the friend's moves refused meanwhile (answered at the catch-up)
    hear_honour_away(home.session, link)  # the friend's moves said in a short line until it is opened
    if link.room not in home.rooms:
        home.rooms.append(link.room)
    return ended_at_start(link, was_over, home.ended_earlier) + refused + [
        line for text in missed for line in online_prompts.chat_while_away(link.friend_name, text)]
