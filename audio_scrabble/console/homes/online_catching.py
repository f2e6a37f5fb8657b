"""A game between homes this device cannot read: it asks the other homes
for it and takes their answer (:mod:`audio_scrabble.online.catchup`).

At start, a game's room this user has joined that no log here names (a
second computer, or a reinstall), or one whose records cannot be read
here, is kept aside (``home.catching``) and asked for once; when an
answer comes (at once, or when another home's program next runs), the
game joins the others, said in one line ("Caught up: 12 moves from Bob's
game."), then the chat lines read in its room meanwhile, in order
(:class:`HeldChat`), and, when this player's keys of the deal came with it from
their other computer, it is played here as anywhere; else it is followed,
not played, and that is said, with the way out (``resign``).

An honour game this player hosts, found with no log here, is asked of
their other computer (:mod:`audio_scrabble.online.honour_moving`): its
log comes sealed to this computer, and the game is played here from then
on; the computer that handed it over says so and plays it no more, but
lists it ("on your other computer"): opened there, it is asked back the
same way (:func:`ask_back`), and listed as asked back until it comes
(``home.asked``), said once at each start meanwhile (the other computer
may not run for a long time)."""

from __future__ import annotations

import threading
from typing import Any, Callable

from ...errors import OnlineError
from ...online.honour import HonourLink
from ...online.honour_moving import MOVED, HonourAsk, hosted_here
from ...online.match import GameLink
from ...online.transport import Message
from ...presentation import online_phrases, online_prompts, prompts_homes
from . import online_since
from .online_away import hear_away, notice
from .online_watch import display_name

__all__ = ["ASKED_BACK", "GAME_ROOMS", "HeldChat", "ask_again", "ask_back", "ask_honour", "friend_of", "ask_or_keep",
           "at_start", "caught_up_lines", "heard", "honour_moved", "moved_here"]

#: seconds an answer from another home, which brings no keys of this player's, waits for the answer of
#: their own other computer (which brings them) before it is said: one thing said, not "cannot be
#: read here, type resign" and then "your keys came" (0: said at once)
OWN_ANSWER_WAIT = 4.0

#: how a game's room is named (``Scrabble: Alice, Bob``, a rematch's ``Scrabble rematch: ...``)
GAME_ROOMS = ("Scrabble: ", online_phrases.REMATCH_ROOM)


class HeldChat:
    """A kept-aside game's chat callback: the lines read in its room while
    it is caught up, kept (the players' names are not known yet) to be
    said after "Caught up: ..." (:func:`caught_up_lines`), in order: those
    read at start (``away``: the first of them, said as having come while
    the program was not running) and those heard live since."""

    def __init__(self, messages: list[Message] | None = None) -> None:
        self.messages: list[Message] = list(messages or [])
        self.away = len(self.messages)

    def __call__(self, msg: Message) -> None:
        self.messages.append(msg)

    def since(self, me: str, last_ms: int) -> int:
        """The server time (ms) the game's chat lines count from on this
        device: the first of the others' lines held (said with the
        caught-up news), else just after the room's last message heard (``last_ms``)."""
        times = [m.timestamp_ms for m in self.messages if m.sender != me]
        return min(times) if times else last_ms + 1

    def started(self) -> None:
        """The room's first read at start is done: what comes from now on is live."""
        self.away = len(self.messages)

    def lines(self, link: GameLink) -> list[str]:
        """The others' lines, as said, once (counted in the game's log as said)."""
        out, count = self.take(link)
        online_since.chat_said(link.journal, count)  # said with the caught-up news: not at the next start
        return out

    def take(self, link: GameLink) -> tuple[list[str], int]:
        """The others' lines, as said, once, and how many they are: counted
        in the game's log by the caller once they are taken to be said (the
        program may end before: they are said at its next start)."""
        me = link.transport.user_id
        out: list[str] = []
        count = 0
        for k, msg in enumerate(self.messages):
            if msg.sender == me:
                continue  # this player's own, from another of their devices
            seat = link.state.seat_of(msg.sender)
            name = link.state.names[seat] if seat is not None else msg.sender
            said = online_prompts.chat_while_away if k < self.away else online_prompts.chat_not_open
            out += said(name, msg.body)
            count += 1
        self.messages.clear()
        return out, count


def at_start(home: Any) -> list[str]:
    """The game rooms this user has joined that no log here names: each
    read; one whose game cannot be read is asked for. What to say."""
    transport = home.need()
    known = set(home.links) | set(home.honour) | set(home.catching) | set(home.moved) | set(home.asked)
    lines: list[str] = []
    for inv in transport.joined_rooms():
        if inv.room not in known and hosted_here(inv.name, display_name(transport.user_id)):
            lines += ask_honour(home, inv.room, inv.name)
            continue
        if inv.room in known or not inv.name.startswith(GAME_ROOMS):
            continue
        held = HeldChat()
        link = GameLink(transport, inv.room, home.lexicon(), home.seeds, box_secret=home.box_secret,
                        on_chat=held)
        try:
            link.catch_up()
        except OnlineError:
            continue  # a room no longer reachable
        held.started()
        lines += ask_or_keep(home, link)
    return lines


def ask_or_keep(home: Any, link: GameLink, read: list[Message] | None = None) -> list[str]:
    """A link just read: kept with the games when its game is known here;
    else kept aside and asked for (once a device). What to say. Its chat
    lines (``read`` at start, or those its :class:`HeldChat` holds) are
    kept till it is caught up."""
    if not isinstance(link.on_chat, HeldChat):
        link.on_chat = HeldChat(read)
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
    that it is followed, not played, without this player's keys; then the
    chat lines read meanwhile."""
    news, chat, count = _caught_up(home, link)
    online_since.chat_said(link.journal, count)  # said with the start's news (or the caller's notice)
    return news + chat


def _caught_up(home: Any, link: GameLink) -> tuple[list[str], list[str], int]:
    """:func:`caught_up_lines`' news, and its chat lines apart, with their
    count (not counted said yet in the game's log)."""
    home.catching.pop(link.room, None)
    held = link.on_chat if isinstance(link.on_chat, HeldChat) else None
    # its chat lines counted from the first held here (said now), else from now: not from the room's
    # first, which a later start may read (the keys forwarded), heard on the other computer
    last_ms = home._last.get(link.room, 0)
    home.keep(link, held.since(link.transport.user_id, last_ms) if held is not None else None)
    hear_away(home.session, link, home)
    # this player's keys of the deal, from their other computer, after the records
    link.on_caught_up = lambda moves, name: notice(home.session, caught_up_said(link, moves, name))
    lines: list[str] = []
    if link.caught_up is not None:
        lines += prompts_homes.caught_up(*link.caught_up)
    if link.seedless:
        game, others = link.game_and_others()
        lines += prompts_homes.seedless(others)
        ask_again(link)  # read without the seed (keys forwarded by the other computer): asked for it
    chat, count = held.take(link) if held is not None else ([], 0)
    return lines, chat, count


def friend_of(room_name: str) -> str:
    """The friend an honour game's room is named with (``Scrabble (honour): Host, Friend``)."""
    return room_name.split(", ", 1)[-1].strip() or room_name


def ask_honour(home: Any, room: str, room_name: str) -> list[str]:
    """An honour game this player hosts, with no log here: asked of their
    other computer, or taken at once when its answer is in the room
    already (asked at an earlier start). What to say."""
    journal = home.store.game_log(room)
    if journal.entries() or home.box_secret is None:
        return []  # handed over from here (or kept): not asked again by itself
    ask = HonourAsk(home.need(), room, journal, home.box_secret)
    home.catching[room] = ask
    try:
        ask.catch_up()
        if ask.taken:
            return _honour_taken(home, ask)
        ask.ask()
    except OnlineError:
        return []  # the homeserver does not answer: asked at the next start
    return prompts_homes.honour_asked(friend_of(room_name))


def _honour_taken(home: Any, ask: HonourAsk) -> list[str]:
    if home.catching.pop(ask.room, None) is not ask:  # taken already (the worker's thread or the console's)
        return []
    chats: list[str] = home.resume_honour(ask.journal)  # the friend's lines not said yet, said after the news
    link = home.honour.get(ask.room)
    # asked back from here: listed as asked until now, at the same number (resume_honour lists it as played)
    if home.asked.pop(ask.room, None) is not None and link is None and ask.room in home.rooms:
        home.rooms.remove(ask.room)  # a log that does not replay: not listed, as before it was asked
    return (prompts_homes.honour_came(link.friend_name) if link is not None else []) + chats


def honour_moved(home: Any, link: HonourLink) -> None:
    """The honour game went to this player's other computer: listed as
    played there (``open`` asks it back), said above the prompt (open at
    the table, every action there is refused, saying where to play it)."""
    home.moved[link.room] = link  # first: `games` or `open` on another thread (the tick's) meanwhile
    home.honour.pop(link.room, None)  # finds the room as an honour game, or as moved
    notice(home.session, prompts_homes.honour_moved(link.friend_name))


#: the log's note of a game handed over from here and asked back since
ASKED_BACK = "asked_back"


def moved_here(home: Any, link: HonourLink) -> list[str]:
    """At start: an honour game this computer handed over, listed as played
    on the other computer; asked back before (its answer may have come
    meanwhile: taken), waiting for it: listed as asked back, and said
    so once at each start while it waits. What to say."""
    entries = link.journal.entries()
    moved = max((k for k, e in enumerate(entries) if e.get("kind") == MOVED), default=-1)
    if any(e.get("kind") == ASKED_BACK for e in entries[moved + 1:]):
        taken = _asked_back(home, link, said=False)
        return taken if link.room not in home.asked else prompts_homes.honour_still_asked(link.friend_name)
    home.moved[link.room] = link
    if link.room not in home.rooms:
        home.rooms.append(link.room)
    return []


def ask_back(home: Any, link: HonourLink) -> list[str]:
    """``open`` of an honour game this computer handed over: asked of this
    player's other computer, which hands it back (running, or at its next
    start); taken when its log comes (:func:`heard`). Opened again while
    it waits: said the same, the ask sent again (once: the same transaction id). What to say."""
    waiting = home.catching.get(link.room)
    if link.room in home.asked:  # asked already: said the same
        if isinstance(waiting, HonourAsk):
            try:
                waiting.ask()
            except OnlineError:
                pass  # the homeserver does not answer: asked again at the next start
        # else its answer is being taken on the worker's thread (out of ``catching``, not yet
        # played here): not asked again, which would take the same answer a second time
        return prompts_homes.honour_asked_back(link.friend_name)
    link.journal.append(ASKED_BACK)
    return _asked_back(home, link, said=True)


def _asked_back(home: Any, link: HonourLink, said: bool) -> list[str]:
    ask = HonourAsk(home.need(), link.room, link.journal, home.box_secret)
    home.asked[link.room] = link  # first: `games` or `open` on another thread (the worker's) meanwhile
    home.moved.pop(link.room, None)  # finds the room as moved, or as asked back
    if link.room not in home.rooms:  # listed while asked ("asked back from your other computer")
        home.rooms.append(link.room)
    home.catching[link.room] = ask
    try:
        ask.catch_up()  # answered while this program was not running
        if ask.taken:
            return _honour_taken(home, ask)
        ask.ask()
    except OnlineError:
        pass  # the homeserver does not answer: asked again at the next start
    return prompts_homes.honour_asked_back(link.friend_name) if said else []


def caught_up_said(link: GameLink, moves: int, name: str) -> list[str]:
    """An answer taken after the game was here: from this player's other
    computer with their keys, that they may play here now."""
    lines = prompts_homes.caught_up(moves, name)
    return lines + list(prompts_homes.KEYS_CAME) if not name and not link.seedless else lines


def heard(home: Any, link: GameLink | HonourLink | HonourAsk) -> None:
    """After a message of a game's room (the worker's thread): an answer to
    this device that did not match the room is said, and not taken; once
    a game kept aside is known, it joins the others, said above the prompt;
    an honour game that moved here, or away, is said so."""
    if isinstance(link, HonourAsk):
        if link.taken and link.room in home.catching:
            notice(home.session, _honour_taken(home, link))
        return
    if isinstance(link, HonourLink):
        if link.moved_to and link.room in home.honour:
            honour_moved(home, link)
        return
    for name in link.take_forged():
        notice(home.session, prompts_homes.forged_answer(name))
    if link.room in home.catching and link.state.log:
        lines, chat, count = _caught_up(home, link)
        # the chat lines counted said once taken to be said: the program may end first (said at its next start)
        counted = (lambda: online_since.chat_said(link.journal, count)) if count else None
        if link.seedless and OWN_ANSWER_WAIT > 0 and _other_computer(link):
            _wait_for_own_answer(home, link, lines, chat, counted)
        else:
            notice(home.session, lines + chat, counted)


def _other_computer(link: GameLink) -> bool:
    """Whether this player has another computer known here (it may answer with their keys)."""
    transport = link.transport
    devices_of = getattr(transport, "devices", None)  # a transport that names devices (KnowsDevices)
    if not callable(devices_of):
        return False
    try:
        devices = devices_of(transport.user_id)
    except (OnlineError, RuntimeError):
        return False
    return any(d and d != link.device_id for d in devices)


def _wait_for_own_answer(home: Any, link: GameLink, lines: list[str], chat: list[str],
                         counted: Callable[[], None] | None = None) -> None:
    """Caught up by another home without this player's keys: said after
    :data:`OWN_ANSWER_WAIT` seconds, unless their own other computer's
    answer (with the keys) comes first: then only that is said; the chat
    lines read meanwhile after either (``counted`` once they are taken to
    be said: the program ending during the wait, they are said at its next start)."""
    lock = threading.Lock()
    said = [False]

    def late() -> None:  # the timer's thread
        with lock:
            if said[0] or not link.seedless:  # the keys came: their answer says the game
                return
            said[0] = True
        notice(home.session, lines + chat, counted)

    def own(moves: int, name: str) -> None:  # the worker's thread: an answer taken
        with lock:
            waiting = not said[0]
            if waiting and link.seedless:
                return  # another home's answer again: the game is said when the wait is over
            said[0] = True
        timer.cancel()
        if waiting:
            notice(home.session, prompts_homes.caught_up(moves, name) + chat, counted)
        else:
            notice(home.session, caught_up_said(link, moves, name))

    link.on_caught_up = own
    timer = threading.Timer(OWN_ANSWER_WAIT, late)
    timer.daemon = True
    timer.start()
