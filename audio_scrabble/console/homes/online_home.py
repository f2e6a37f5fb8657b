"""The signed-in player's games between homes: one transport, a link per
game room, and the game open at the table.

:class:`OnlineHome` holds what the online commands (:mod:`.online_commands`)
work on: the transport (Matrix by default, signed in once; any
:class:`~audio_scrabble.online.transport.Transport`, the loopback in
tests), the :class:`~audio_scrabble.online.match.GameLink` of every game
this device plays (the rooms are kept in the data folder's game logs,
the deals' seeds in its seed file, 0600), the invitations, and the
:class:`~.online_table.OnlineTable` of the game open at the table.

A transport's listener must not call the transport back (Matrix's runs on
its own thread): every message is handed to a worker thread of the home,
which routes it to its game's link by room; the link referees it and
sends what this side owes from there. A game that is not open at the
table is refereed all the same; ``games`` says whose turn it is.
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import ActionNotAllowed, OnlineError
from ...online.honour import SETUP_KIND as HONOUR_SETUP, HonourLink
from ...online.honour_moving import HonourAsk
from ...online.match import JOIN, GameLink
from ...online.offers import choose_list, list_parts
from ...online.store import OnlineStore
from ...online.transport import Invitation, Message, Transport
from ...presentation import honour_prompts, online_phrases, online_prompts, prompts
from .. import services
from . import online_catching, online_clock, online_games, online_resuming, online_since, online_terms
from .honour_table import HonourTable
from .online_table import Host, OnlineTable, hear_away
from .online_games import REMATCH_ROOM, invited_by, is_rematch
from .online_watch import GameEntry, Watched, display_name, quiet_libraries

__all__ = ["DEFAULT_RULES", "MOST_INVITED", "OnlineHome", "REMATCH_ROOM", "TICK_SECONDS", "invited_by", "is_rematch"]

log = logging.getLogger(__name__)

#: the rules a game offered from here is played by (the console's default game)
DEFAULT_RULES = "single"
#: the most players a game between homes invites besides the one who offers it
MOST_INVITED = 3
#: how often (seconds) a running program looks for reminders to send
TICK_SECONDS = 60.0


class OnlineHome:
    """The player's games between homes (see the module doc)."""

    def __init__(self, session: Host, store: OnlineStore | None = None, *,
                 connect: Callable[[], Transport] | None = None,
                 sign_in: Callable[[str, str, str], Transport] | None = None,
                 rules: str = DEFAULT_RULES, clock: Callable[[], int] | None = None) -> None:
        self.session = session
        self.store = store or OnlineStore()
        self._connect = connect
        self._sign_in = sign_in
        self.rules = rules
        self.transport: Transport | None = None
        self.links: dict[str, GameLink] = {}
        #: the honour games (a friend with only a phone), by room; those handed to this player's other computer
        self.honour: dict[str, HonourLink] = {}
        self.moved: dict[str, HonourLink] = {}
        #: those asked back from the other computer (``open``), listed till they come (:mod:`.online_catching`)
        self.asked: dict[str, HonourLink] = {}
        #: the rooms in the order ``games`` numbers them
        self.rooms: list[str] = []
        #: the invitations as ``games`` last listed them (``accept N``)
        self.invited: list[Invitation] = []
        self.table: OnlineTable | HonourTable | None = None
        self._last: dict[str, int] = {}
        self._seeds: Any = None
        self._inbox: queue.Queue[Message | tuple[str, str] | None] = queue.Queue()
        self._worker: threading.Thread | None = None
        #: this computer's clock in ms (tests inject days); the referee decides by the server's
        self.clock: Callable[[], int] = clock or online_clock.wall_ms
        self._stop_ticking = threading.Event()
        #: the number ``games`` last gave the first online game (the games on file come first)
        self.first_number = 1
        #: the room of the game ``games`` last said alone, with no number (``open`` alone opens it)
        self.said_alone: str | None = None
        self._tick_lock = threading.Lock()
        #: game rooms this device cannot read yet, asked for (:mod:`.online_catching`)
        self.catching: dict[str, GameLink | HonourAsk] = {}
        self.box_secret: bytes | None = None  # the secret of this computer's catch-up box (read at sign-in)
        self.ended_earlier: list[list[str]] | None = None  # the first start noting ends: see _start

    # ------------------------------------------------------------ signing in
    @property
    def signed_in(self) -> bool:
        return self.transport is not None

    def has_account(self) -> bool:
        return self.store.load_account() is not None

    def connect(self) -> list[str]:
        """Resume the account on file: every game caught up from its room;
        who moved while the player was away."""
        quiet_libraries()
        if self._connect is not None:
            transport = self._connect()
        else:
            from ...online.matrix import MatrixTransport

            transport = MatrixTransport.connect(self.store)
        return self._start(transport)

    def sign_in(self, homeserver: str, user: str, password: str) -> list[str]:
        """Sign in (the password traded for a token at once, never kept)."""
        quiet_libraries()
        if self._sign_in is not None:
            transport = self._sign_in(homeserver, user, password)
        else:
            from ...online.matrix import MatrixTransport

            transport = MatrixTransport.sign_in(homeserver, user, password, self.store)
        return self._start(transport)

    def _start(self, transport: Transport) -> list[str]:
        atexit.register(self.close)  # the device's keys made the owner's only (Matrix)
        self.transport = Watched(transport, self._last)
        self._seeds = self.store.seeds()
        self.box_secret = self.store.catchup_secret()
        # heard from now on, handed to the games once they are resumed (the worker starts after
        # them): a message that comes after a room's history was read is not dropped for want of its game
        transport.listen(self._inbox.put)  # on the transport's thread: handed on at once
        if hasattr(transport, "on_trust"):  # a device trusted (Matrix): an honour friend's new phone
            setattr(transport, "on_trust", lambda user, device: self._inbox.put((user, device)))
        chats: list[str] = []  # the others' chat lines that came while this program was not running
        self.ended_earlier = None if self.store.ends_noted() else []  # the first start noting ends: games
        # over with no note ended earlier (their other players, named together as old: online_away.start_lines)
        try:
            for log in self.store.game_logs():
                kinds = {e.get("kind") for e in log.entries()}
                if "game" in kinds:
                    chats += online_resuming.resume_game(self, log.room)
                elif HONOUR_SETUP in kinds:
                    chats += self.resume_honour(log)
            caught = online_catching.at_start(self)  # a second computer, a reinstall: games it cannot read
            chats += online_since.ends_noted_from_now(self.store, self.ended_earlier)  # old news: last
            self.ended_earlier = None
        finally:  # what came meanwhile: each message once (a link skips what it read)
            self._worker = threading.Thread(target=self._work, name="online games", daemon=True)
            self._worker.start()
        self.tick()
        self._stop_ticking.set()  # a ticker of an earlier sign-in stops
        self._stop_ticking = stop = threading.Event()
        threading.Thread(target=self._tick_on, args=(stop,), name="online clock", daemon=True).start()
        lines = online_prompts.signed_in(transport.user_id)
        return lines + caught + self.away_lines() + chats

    def resume_honour(self, log: Any) -> list[str]:
        """An honour game from its log (:func:`.online_resuming.resume_honour`)."""
        return online_resuming.resume_honour(self, log)

    def sign_out(self) -> list[str]:
        transport = self.transport
        self.close_table()
        self.transport = None
        self.links.clear()
        self.honour.clear()
        self.moved.clear()
        self.asked.clear()
        self.catching.clear()
        self.rooms.clear()
        self._inbox.put(None)
        self._stop_ticking.set()
        if transport is not None:
            inner = transport.inner if isinstance(transport, Watched) else transport
            out = getattr(inner, "sign_out", None)
            if callable(out):
                out()
            else:
                inner.close()
        else:
            self.store.forget_account()
        return [online_prompts.SIGNED_OUT]

    def close(self) -> None:
        """Let go of the connection (the program ends); nothing is forgotten."""
        self._inbox.put(None)
        self._stop_ticking.set()
        if self.transport is not None:
            self.transport.close()
            self.transport = None

    def need(self) -> Transport:
        if self.transport is None:
            raise ActionNotAllowed(online_prompts.NOT_SIGNED_IN, brief=online_prompts.NOT_SIGNED_IN_BRIEF)
        return self.transport

    def _lexicon(self) -> Any:
        session = self.session
        if session.lexicon is None:
            return services.load_lexicon(session.options.lexicon)
        return session.lexicon

    # ------------------------------------------------------------ the worker
    def _work(self) -> None:
        while True:
            msg = self._inbox.get()
            try:
                if msg is None:
                    return
                if isinstance(msg, tuple):  # a new device of a user's: an honour friend's is sent the
                    for link in [h for h in self.honour.values() if h.friend == msg[0]]:  # game as it stands
                        link.brief_trusted(msg[1])  # (not a device the welcome went to)
                else:
                    self._handle(msg)
            except Exception:  # the worker must go on: every later message of every game comes through it
                log.exception("a new device could not be sent its game")
            finally:
                self._inbox.task_done()

    def _handle(self, msg: Message) -> None:
        link: GameLink | HonourLink | HonourAsk | None = (self.links.get(msg.room) or self.honour.get(msg.room)
                                                          or self.catching.get(msg.room))
        if link is None:
            return
        self._last[msg.room] = max(self._last.get(msg.room, 0), msg.timestamp_ms)
        try:
            link.handle(msg)
            online_catching.heard(self, link)  # an answer to this device: the game is here now (or moved)
        except OnlineError:
            pass  # a send that failed is sent again with the same id at the next catch-up
        except Exception:  # the worker must go on for the other games
            log.exception("a message of an online game could not be handled")

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Until every message handed to the worker so far is handled (tests)."""
        deadline = time.monotonic() + timeout
        while self._inbox.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.005)

    # ------------------------------------------------------------ the games
    def entries(self) -> list[GameEntry]:
        """Every online game as ``games`` lists it (:func:`.online_games.entries`)."""
        return online_games.entries(self)

    def games_lines(self, first: int) -> list[str]:
        """The online games (numbered from ``first`` for ``open``) and the invitations."""
        return online_games.games_lines(self, first)

    def away_lines(self) -> list[str]:
        """Who moved while the player was away, the moves waiting, the moves due."""
        return online_games.away_lines(self)

    def due_lines(self, only: str | None = None) -> list[str]:
        """The player's moves due soon and the games they may claim
        (numbered as ``games`` last numbered them); ``only``: one room's."""
        links = dict(self.links)  # one look: the tick's thread may unlist a game meanwhile
        numbered = [(n, links[room]) for n, room in enumerate(online_games.listed(self), start=self.first_number)
                    if (only is None or room == only) and room in links]
        return online_clock.due_lines(numbered, self.clock())

    def invite(self, users: Sequence[str], rules: str = "", days: int = 0, lexicon: Any = None,
               room_name: str = "") -> list[str]:
        """Offer a game to ``users``: ``rules`` (the home's by default), ``days``
        a move (0: no limit), ``lexicon`` (the program's list by default)."""
        transport = self.need()
        others = [(display_name(u), u) for u in users]
        table = OnlineTable(self.session)
        room_name = online_terms.named_with_terms(
            room_name or f"Scrabble: {', '.join([display_name(transport.user_id)] + [n for n, _ in others])}",
            rules or self.rules, days, lexicon)
        link = GameLink.offer(transport, display_name(transport.user_id), others, rules or self.rules,
                              lexicon if lexicon is not None else self._lexicon(), self._seeds, days=days,
                              room_name=room_name, on_record=table.on_record, on_refused=table.on_refused,
                              on_chat=table.on_chat)
        self._keep(link)
        said = online_prompts.invited([n for n, _ in others])
        if rules or days or lexicon is not None:
            offer = link.state.offer
            title = link.state.rules.title if offer is not None else rules
            word_list = list_parts(offer.lexicon)[0] if offer is not None and lexicon is not None else ""
            said.extend(online_prompts.offered_with(online_phrases.rules_body(title, days, word_list)))
        return said + self._open(link, table)

    def invite_honour(self, user: str) -> list[str]:
        """An honour game with ``user``: dealt and refereed here, begun at once."""
        transport = self.need()
        lexicon = self._lexicon()
        friend = display_name(user)
        link = HonourLink.offer(transport, display_name(transport.user_id), friend, user, self.rules, lexicon,
                                services.move_finder(lexicon), self.store.game_log,
                                seed=self.session.options.seed)
        self.honour[link.room] = link
        if link.room not in self.rooms:
            self.rooms.append(link.room)
        return honour_prompts.invited_here(friend) + self._open_honour(link)

    def _open_honour(self, link: HonourLink) -> list[str]:
        self.close_table()
        self.table = table = HonourTable(self.session)
        return table.attach(link)

    def accept(self, number: int) -> list[str]:
        transport = self.need()
        inv = self._invitation(number)
        said = online_prompts.accepted_game(invited_by(inv))  # once joined: a failed join leaves the offer
        at_once = getattr(self.session, "say_at_once", None)
        if at_once is not None:  # the room joined and read, the deal begun: some time over a real server
            at_once(online_prompts.joining_game(invited_by(inv)))
        table = OnlineTable(self.session)
        transport.accept(inv.room)  # the offer is read once in the room: its word list chosen by it
        link = GameLink.resume(transport, inv.room, self.lexicon_for(inv.room), self._seeds,
                             on_record=table.on_record, on_refused=table.on_refused, on_chat=table.on_chat,
                             box_secret=self.box_secret)
        self._keep(link)
        if not link.state.log:  # the offer not readable on this device (it signed in after the offer was
            # sent, so the offer's keys never came to it): asked of the inviter's program, which answers
            # with the offer (at once, or when it next runs); the deal follows from there
            online_catching.ask_again(link)
        refused = link.last_refusal
        if refused is not None and refused.code == "other_word_list" and not link.state.log:
            return prompts.refusal_said(str(refused)) + self._open(link, table)
        return said + self._open(link, table)

    def decline(self, number: int) -> list[str]:
        transport = self.need()
        inv = self._invitation(number)
        transport.decline(inv.room)
        self.invited.remove(inv)
        return online_prompts.declined(invited_by(inv))

    def _invitation(self, number: int) -> Invitation:
        if not self.invited:
            self.invited = self.need().invitations()
        if not 1 <= number <= len(self.invited):
            raise ActionNotAllowed(online_prompts.no_invitation(len(self.invited)))
        return self.invited[number - 1]

    def lexicon_for(self, room: str) -> Any:
        """The word list a game's offer names, of those this program has
        (its own, or the default); its own when it has neither (the
        referee then refuses the offer, saying how to get the list)."""
        assert self.transport is not None
        return choose_list(self.transport, room, self._lexicon(), lambda: services.load_lexicon(None))

    # ------------------------------------------------------------ the clock
    def tick(self) -> None:
        """Send the reminders due (half of a late player's time gone), once
        each: noted in the game's log, so a restart sends none again."""
        if self.transport is None or not self._tick_lock.acquire(blocking=False):
            return
        try:
            online_clock.send_reminders(self.transport, self.store, list(self.links.values()), self.clock())
            # a move's answer, a hand-over, the server would not take: not while it is known to be out of
            # reach (a send then waits its whole timeout, holding the game's lock: `games` would wait too)
            for honour in [] if getattr(self.transport, "offline", False) else list(self.honour.values()):
                honour.answer_again()
                online_catching.heard(self, honour)  # handed over now: said, no longer listed
        finally:
            self._tick_lock.release()

    def _tick_on(self, stop: threading.Event) -> None:
        while not stop.wait(TICK_SECONDS):
            try:
                self.tick()
            except Exception:  # the clock must not stop the games
                log.exception("the reminders could not be checked")

    @property
    def seeds(self) -> Any:
        """The deals' seeds of this device's games (the store's seed file)."""
        return self._seeds

    def lexicon(self) -> Any:
        """The word list games are refereed with here."""
        return self._lexicon()

    def keep(self, link: GameLink, chats_since: int | None = None) -> None:
        """A game known here from now on (its log, its number in ``games``),
        from a link that has heard its room all along (not read again); its
        chat lines counted from ``chats_since`` (ms; :func:`.online_since.count_chats`)."""
        self._keep(link, read=False, chats_since=chats_since)

    def _keep(self, link: GameLink, read: bool = True, chats_since: int | None = None) -> None:
        link.journal = self.store.game_log(link.room)
        self.links[link.room] = link
        if link.room not in self.rooms:
            self.rooms.append(link.room)
        self.store.game_log(link.room).append("game", game=link.state.game_id)
        online_since.count_from_here(link, chats_since)  # its chat lines, refusals and moves counted from here
        # what the worker dropped before the link was known here (the room's
        # history holds it; a message read twice counts once)
        if read:
            link.catch_up()

    def open(self, number: int) -> list[str]:
        """Open online game ``number`` (1 = the first listed) at the table."""
        self.need()
        rooms = online_games.listed(self)  # as games numbers them; one look: the tick's thread may unlist one
        if not 1 <= number <= len(rooms):
            raise ActionNotAllowed(online_prompts.no_online_game(len(rooms)))
        room = rooms[number - 1]
        honour, link = self.honour.get(room), self.links.get(room)
        if honour is not None:
            return self._open_honour(honour)
        moved = self.moved.get(room)
        moved = moved or self.asked.get(room)  # asked back already: asked again, said the same
        if moved is not None:  # on this player's other computer: asked back
            return online_catching.ask_back(self, moved)
        if link is None:  # an honour game that moved away meanwhile (said above the prompt)
            raise ActionNotAllowed(online_prompts.GAME_MOVED_MEANWHILE)
        link.on_record = None  # said as the game comes to the table, not in a short line
        link.catch_up()  # what came while it was not open
        return self._open(link, OnlineTable(self.session)) + self.due_lines(link.room)

    def _open(self, link: GameLink, table: OnlineTable) -> list[str]:
        self.close_table()
        for name, callback in table.callbacks().items():
            setattr(link, name, callback)
        self.table = table
        table.attach(link)
        if link.pending() == JOIN:
            link.advance()
        return []

    def close_table(self) -> None:
        if isinstance(self.table, HonourTable):
            self.table.detach()
            self.table = None
        if self.table is not None:
            self.table.detach()
            link = self.table.link
            if link is not None:  # its moves said in a short line from now on
                link.on_refused = link.on_chat = link.on_send_failed = None
                hear_away(self.session, link, self)
            self.table = None

    def open_table(self) -> OnlineTable | HonourTable:
        """The game open at the table; refused when none is."""
        table = self.table
        if table is None or table.link is None:
            raise ActionNotAllowed(online_prompts.NO_ONLINE_GAME)
        return table
