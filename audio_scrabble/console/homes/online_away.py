"""What a game between homes uses of the session (:class:`Host`), and what
a game not open at the table says: a line above the prompt, once
(:func:`notice`), for another player's move or resignation
(:func:`hear_away`)."""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from ...online.match import GameLink
from ...online.record import ACTION_KINDS
from ...online.referee import Applied
from ...presentation import online_prompts
from ..options import Options
from ..table.acting import Acting
from ..table.match import Match
from ..table.opening import Seating
from ..table.seats import RemoteSeat
from ..table.thinking import Thinker

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
    move or resignation is said once, in a short line (refereed all the same)."""

    def on_record(applied: Applied) -> None:
        record = applied.record
        if record.seat == link.state.my_seat or not 0 <= record.seat < len(link.state.names):
            return
        name = link.state.names[record.seat]
        if record.kind in ACTION_KINDS:
            notice(session, online_prompts.moved_not_open(name))
        elif record.kind == "resign":
            notice(session, online_prompts.resigned_not_open(name))

    link.on_record = on_record
