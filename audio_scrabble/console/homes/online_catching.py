"""A game between homes this device cannot read: it asks the other homes
for it and takes their answer (:mod:`audio_scrabble.online.catchup`).

At start, a game's room this user has joined that no log here names (a
second computer, or a reinstall), or one whose records cannot be read
here, is kept aside (``home.catching``) and asked for once; when an
answer comes (at once, or when another home's program next runs), the
game joins the others, said in one line ("Caught up: 12 moves from Bob's
game."), and, when this player's keys of the deal came with it from
their other computer, it is played here as anywhere; else it is followed,
not played, and that is said."""

from __future__ import annotations

from typing import Any

from ...errors import OnlineError
from ...online.match import GameLink
from ...presentation import online_phrases, prompts_homes
from .online_away import hear_away, notice

__all__ = ["GAME_ROOMS", "ask_again", "ask_or_keep", "at_start", "caught_up_lines", "heard"]

#: how a game's room is named (``Scrabble: Alice, Bob``, a rematch's ``Scrabble rematch: ...``)
GAME_ROOMS = ("Scrabble: ", online_phrases.REMATCH_ROOM)


def at_start(home: Any) -> list[str]:
    """The game rooms this user has joined that no log here names: each
    read; one whose game cannot be read is asked for. What to say."""
    transport = home.need()
    known = set(home.links) | set(home.honour) | set(home.catching)
    lines: list[str] = []
    for inv in transport.joined_rooms():
        if inv.room in known or not inv.name.startswith(GAME_ROOMS):
            continue
        link = GameLink(transport, inv.room, home.lexicon(), home.seeds, box_secret=home.box_secret)
        try:
            link.catch_up()
        except OnlineError:
            continue  # a room no longer reachable
        lines += ask_or_keep(home, link)
    return lines


def ask_or_keep(home: Any, link: GameLink) -> list[str]:
    """A link just read: kept with the games when its game is known here;
    else kept aside and asked for (once a device). What to say."""
    if link.state.log:
        return caught_up_lines(home, link)
    home.catching[link.room] = link
    try:
        asked = link.ask_catch_up()
    except OnlineError:
        asked = False  # the homeserver does not answer: asked at the next start
    return list(prompts_homes.CATCHUP_ASKED) if asked else []


def ask_again(link: GameLink) -> None:
    """A game caught up short, still behind at start: asked again (a new
    ask only once the last one was answered)."""
    try:
        link.ask_catch_up()
    except OnlineError:
        pass  # the homeserver does not answer: asked at the next start


def caught_up_lines(home: Any, link: GameLink) -> list[str]:
    """The game is known here now: kept with the others (its log, its
    number in ``games``); "Caught up: ..." when an answer gave it, and
    that it is followed, not played, without this player's keys."""
    home.catching.pop(link.room, None)
    home.keep(link)
    hear_away(home.session, link)
    # this player's keys of the deal, from their other computer, after the records
    link.on_caught_up = lambda moves, name: notice(home.session, prompts_homes.caught_up(moves, name))
    lines: list[str] = []
    if link.caught_up is not None:
        lines += prompts_homes.caught_up(*link.caught_up)
    if link.seedless:
        game, others = link.game_and_others()
        lines += prompts_homes.seedless(others)
    return lines


def heard(home: Any, link: GameLink) -> None:
    """After a message of a game's room (the worker's thread): an answer to
    this device that did not match the room is said, and not taken; once
    a game kept aside is known, it joins the others, said above the prompt."""
    for name in link.take_forged():
        notice(home.session, prompts_homes.forged_answer(name))
    if link.room in home.catching and link.state.log:
        notice(home.session, caught_up_lines(home, link))
