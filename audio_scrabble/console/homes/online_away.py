"""What a game between homes uses of the session (:class:`Host`), and what
a game not open at the table says: a line above the prompt, once
(:func:`notice`), for another player's move, resignation or chat line
(:func:`hear_away`)."""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from ...online.match import GameLink
from ...online.record import ACTION_KINDS
from ...online.referee import Applied
from ...online.transport import Message
from ...presentation import online_phrases, online_prompts
from ..options import Options
from ..table.acting import Acting
from ..table.match import Match
from ..table.opening import Seating
from ..table.seats import RemoteSeat
from ..table.thinking import Thinker
from . import online_since

__all__ = ["Host", "hear_away", "notice"]


class Host(Protocol):
    """What a game between homes uses of the session (a :class:`~.session.Session`)."""

    acting: Acting
    thinker: Thinker
    match: Match | None
    lexicon: Any
    options: Options
    store: Any

    def sit(self, seating: Seating, remotes: Mapping[str, RemoteSeat] | None = None) -> list[str]: ...


def notice(session: Host, lines: Sequence[str]) -> None:
    """Lines from a game not open at the table: said once, above the prompt."""
    for line in lines:
        session.acting.notices.put(line)
    hook = session.thinker.on_ready  # the app's wake hook
    if hook is not None:
        try:
            hook()
        except Exception:  # the prompt may be gone
            pass


def hear_away(session: Host, link: GameLink) -> None:
    """While ``link``'s game is not open at the table: another player's
    move or resignation is said once, in a short line (refereed all the
    same); their chat line once, whole (marked heard by the link, it would
    not come again when the game is opened)."""

    def on_record(applied: Applied) -> None:
        record = applied.record
        if record.seat == link.state.my_seat or not 0 <= record.seat < len(link.state.names):
            return
        name = link.state.names[record.seat]
        if record.kind in ACTION_KINDS:
            notice(session, online_prompts.moved_not_open(name))
        elif record.kind == "resign":
            notice(session, online_prompts.resigned_not_open(name))

    def on_chat(msg: Message) -> None:
        if msg.sender == link.transport.user_id:
            return  # this player's own, from another of their devices
        online_since.chat_said(link.journal)  # counted: not said again at the next start
        seat = link.state.seat_of(msg.sender)
        name = link.state.names[seat] if seat is not None else msg.sender
        if msg.body == online_phrases.rematch_body(name):
            notice(session, online_prompts.asks_rematch(name))
        else:
            notice(session, online_prompts.chat_not_open(name, msg.body))

    link.on_record = on_record
    link.on_chat = on_chat
