"""Correspondence between homes: ``claim`` and ``rematch``.

* ``claim`` (the game open) or ``claim N`` (game N of ``games``): the
  late player's days a move have run out; the game ends as their loss on
  time, once every side's referee has checked the claim against the
  server's timestamps (a claim sent early is refused on every side).
* ``rematch``: the online game open is over; the same players are
  invited to a new game (a new room) with the same rules, days a move
  and word list; the finished game's room hears "Alice asks for a
  rematch." and each invited player accepts it as any invitation.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable

from ...core.rules import VARIANTS
from ...errors import ActionNotAllowed, OnlineError
from ...online.match import GameLink
from ...presentation import honour_prompts, online_phrases, online_prompts
from . import online_games
from .online_commands import home_of
from .online_home import REMATCH_ROOM, OnlineHome
from ..files.saving import kept_by_room
from ...notation.typed import small_number
from .online_table import OnlineTable

if TYPE_CHECKING:
    from ..front import GameFront

Handler = Callable[["GameFront", str], list[str]]


#: the games each home has asked a rematch of (one rematch a game)
_REMATCHED: "weakref.WeakKeyDictionary[OnlineHome, set[str]]" = weakref.WeakKeyDictionary()


def _local_count(session: GameFront) -> int:
    """How many games on file ``games`` lists before the online ones."""
    return len(getattr(session.saver, "listing", None) or []) if session.store is not None else 0


def _link_numbered(home: OnlineHome, session: GameFront, args: str) -> GameLink:
    """The game open (no number) or game N as ``games`` numbers it."""
    typed = args.strip()
    if not typed:
        table = home.table
        if table is None or table.link is None:
            raise ActionNotAllowed(online_prompts.CLAIM_WHICH)
        link = table.link
    else:
        typed_n = small_number(typed, 4)  # not int(): '²' passes isdigit
        number = typed_n - _local_count(session) if typed_n is not None else 0
        rooms = online_games.listed(home)  # as games numbers them; one look: the tick's thread may unlist one
        if not 1 <= number <= len(rooms):
            raise ActionNotAllowed(online_prompts.no_online_game(len(rooms)))
        room = rooms[number - 1]
        found = home.links.get(room) or home.honour.get(room) or home.moved.get(room) or home.asked.get(room)
        if found is None:  # an honour game that moved away meanwhile (said above the prompt)
            raise ActionNotAllowed(online_prompts.GAME_MOVED_MEANWHILE)
        link = found
    if not isinstance(link, GameLink):
        raise ActionNotAllowed(honour_prompts.HONOUR_NO_CLAIM)
    return link


def cmd_claim(session: GameFront, args: str) -> list[str]:
    """``claim`` / ``claim N``: win a game whose late player's time ran out."""
    home = home_of(session)
    home.need()
    link = _link_numbered(home, session, args)
    # refused (an OnlineError, its sentence) when the time has not run out;
    # kept and sent when the server is back while it does not answer
    table = home.table
    if isinstance(table, OnlineTable) and table.link is link:
        said = table.claim(home.clock())
    else:
        link.claim(home.clock())
        offline = bool(getattr(link.transport, "offline", False))
        said = [online_prompts.CLAIM_WHEN_BACK] if offline else list(online_prompts.CLAIM_SENT)
    return said + home.session.acting.relayed_all()


def cmd_rematch(session: GameFront, args: str) -> list[str]:
    """``rematch``: the finished online game's players invited again, same settings."""
    home = home_of(session)
    home.need()
    table = home.table
    link = table.link if table is not None else None
    if link is None:
        raise ActionNotAllowed(online_prompts.REMATCH_WHICH)
    if not isinstance(link, GameLink):
        raise ActionNotAllowed(honour_prompts.HONOUR_NO_REMATCH)
    state = link.state
    offer = state.offer
    if offer is None or not state.over:
        raise ActionNotAllowed(online_prompts.REMATCH_NOT_OVER)
    asked = _REMATCHED.setdefault(home, set())
    if state.game_id in asked:
        raise ActionNotAllowed(online_prompts.REMATCH_ASKED)
    me = state.my_seat
    others = [p for i, p in enumerate(state.players) if i != me]
    my_name = state.names[me] if me is not None else ""
    try:
        link.say(online_phrases.rematch_body(my_name), f"rematch.{state.game_id}")
    except OnlineError:  # the old room gone: the new invitation still says it
        pass
    names = [my_name] + [p.name for p in others]
    home.invite([p.user for p in others], offer.rules, offer.days, state.lexicon,
                room_name=REMATCH_ROOM + ", ".join(names))
    asked.add(state.game_id)
    return online_prompts.rematch_sent([p.name for p in others]) + home.session.acting.relayed_all()


def reviewing(local: Handler) -> Handler:
    """``review`` (``local``): a game between homes once it is over and its
    deal checked, from its checked record; refused before, with the sentence."""

    def cmd_review(session: GameFront, args: str) -> list[str]:
        game = session.game
        if game is not None and kept_by_room(game) and (not game.is_over or session.coach.record is None):
            raise ActionNotAllowed(online_prompts.REVIEW_ONLINE)
        return local(session, args)

    return cmd_review


def offer_candidates(words: list[str], index: int) -> list[str]:
    """Completion after ``invite``: the terms, then each one's values."""
    before = words[index].lower() if 1 <= index < len(words) else ""
    if before in ("rules", "challenge"):
        return list(VARIANTS)
    if before in ("days", "day"):
        return ["1", "2", "3", "5", "7"]
    if before == "list":
        return ["default"]
    return ["days", "rules", "list"]


__all__ = ["cmd_claim", "cmd_rematch", "offer_candidates", "reviewing"]
