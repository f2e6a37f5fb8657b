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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import ActionNotAllowed, OnlineError
from ..online.match import DONE, JOIN, PLAY, GameLink
from ..online.store import OnlineStore
from ..online.transport import Invitation, Message, Transport
from ..presentation import online_prompts
from . import services
from .online_table import Host, OnlineTable

log = logging.getLogger(__name__)

#: the rules a game offered from here is played by (the console's default game)
DEFAULT_RULES = "single"
#: the most players a game between homes invites besides the one who offers it
MOST_INVITED = 3


def quiet_libraries() -> None:
    """The network libraries' warnings ("Missing session for device...")
    never printed over the game's lines: Python prints a warning of a
    logger with no handler on the terminal; these have one that drops them."""
    for name in ("nio", "audio_scrabble.online"):
        logger = logging.getLogger(name)
        if not logger.handlers:
            logger.addHandler(logging.NullHandler())


def display_name(user_id: str) -> str:
    """The name a user id is said by: ``@bob:example.org`` -> ``Bob``."""
    local = user_id.lstrip("@").split(":", 1)[0]
    return local[:1].upper() + local[1:] if local else user_id


@dataclass(frozen=True)
class GameEntry:
    """One online game as ``games`` lists it."""

    room: str
    others: tuple[str, ...]
    #: "play" (your turn), "wait" (another's), "join" (waiting for them to accept), "done"
    state: str
    whose: str
    since_ms: int


class _Watched:
    """A transport whose messages' times are noted per room (``games``: since when)."""

    def __init__(self, inner: Transport, last: dict[str, int]) -> None:
        self.inner = inner
        self.last = last

    @property
    def user_id(self) -> str:
        return self.inner.user_id

    @property
    def offline(self) -> bool:
        """Whether the homeserver did not answer the last request (Matrix; False if unknown)."""
        return bool(getattr(self.inner, "offline", False))

    def create_room(self, name: str, invitees: Sequence[str], *, encrypted: bool = True) -> str:
        return self.inner.create_room(name, invitees, encrypted=encrypted)

    def invitations(self) -> list[Invitation]:
        return self.inner.invitations()

    def accept(self, room: str) -> None:
        self.inner.accept(room)

    def decline(self, room: str) -> None:
        self.inner.decline(room)

    def members(self, room: str) -> list[str]:
        return self.inner.members(room)

    def send(self, room: str, body: str, record: Mapping[str, Any] | None, txn_id: str) -> str:
        return self.inner.send(room, body, record, txn_id)

    def history(self, room: str) -> list[Message]:
        out = self.inner.history(room)
        if out:
            self.last[room] = max(self.last.get(room, 0), out[-1].timestamp_ms)
        return out

    def listen(self, on_message: Callable[[Message], None]) -> None:
        self.inner.listen(on_message)

    def close(self) -> None:
        self.inner.close()


class OnlineHome:
    """The player's games between homes (see the module doc)."""

    def __init__(self, session: Host, store: OnlineStore | None = None, *,
                 connect: Callable[[], Transport] | None = None,
                 sign_in: Callable[[str, str, str], Transport] | None = None,
                 rules: str = DEFAULT_RULES) -> None:
        self.session = session
        self.store = store or OnlineStore()
        self._connect = connect
        self._sign_in = sign_in
        self.rules = rules
        self.transport: Transport | None = None
        self.links: dict[str, GameLink] = {}
        #: the rooms in the order ``games`` numbers them
        self.rooms: list[str] = []
        #: the invitations as ``games`` last listed them (``accept N``)
        self.invited: list[Invitation] = []
        self.table: OnlineTable | None = None
        self._last: dict[str, int] = {}
        self._seeds: Any = None
        self._inbox: queue.Queue[Message | None] = queue.Queue()
        self._worker: threading.Thread | None = None

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
            from ..online.matrix import MatrixTransport

            transport = MatrixTransport.connect(self.store)
        return self._start(transport)

    def sign_in(self, homeserver: str, user: str, password: str) -> list[str]:
        """Sign in (the password traded for a token at once, never kept)."""
        quiet_libraries()
        if self._sign_in is not None:
            transport = self._sign_in(homeserver, user, password)
        else:
            from ..online.matrix import MatrixTransport

            transport = MatrixTransport.sign_in(homeserver, user, password, self.store)
        return self._start(transport)

    def _start(self, transport: Transport) -> list[str]:
        atexit.register(self.close)  # the device's keys made the owner's only (Matrix)
        self.transport = _Watched(transport, self._last)
        self._seeds = self.store.seeds()
        self._worker = threading.Thread(target=self._work, name="online games", daemon=True)
        self._worker.start()
        transport.listen(self._inbox.put)  # on the transport's thread: handed on at once
        for log in self.store.game_logs():
            if any(e.get("kind") == "game" for e in log.entries()):
                self._resume(log.room)
        lines = [online_prompts.signed_in(transport.user_id)]
        return lines + self.away_lines()

    def _resume(self, room: str) -> None:
        assert self.transport is not None
        try:
            link = GameLink.resume(self.transport, room, self._lexicon(), self._seeds)
        except OnlineError:
            return  # a room no longer reachable (left, or declined): not listed
        link.journal = self.store.game_log(room)
        link.resend_unsent()  # a move typed and not sent before the program stopped
        self.links[room] = link
        if room not in self.rooms:
            self.rooms.append(room)

    def sign_out(self) -> list[str]:
        transport = self.transport
        self.close_table()
        self.transport = None
        self.links.clear()
        self.rooms.clear()
        self._inbox.put(None)
        if transport is not None:
            inner = transport.inner if isinstance(transport, _Watched) else transport
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
                self._handle(msg)
            finally:
                self._inbox.task_done()

    def _handle(self, msg: Message) -> None:
        link = self.links.get(msg.room)
        if link is None:
            return
        self._last[msg.room] = max(self._last.get(msg.room, 0), msg.timestamp_ms)
        try:
            link.handle(msg)
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
        out = []
        for room in self.rooms:
            link = self.links[room]
            state = link.state
            me = state.my_seat
            others = tuple(n for i, n in enumerate(state.names) if i != me)
            pending = link.pending()
            kinds, seat = state.expected() if state.log else ((), None)
            if pending == DONE or (state.final is not None):
                kind, whose = "done", ""
            elif pending == PLAY:
                kind, whose = "play", ""
            elif state.game is None:
                kind, whose = "join", state.names[seat] if seat is not None and seat < len(state.names) else ""
            else:
                kind = "wait"
                whose = state.names[seat] if seat is not None and seat != me else ""
            out.append(GameEntry(room, others, kind, whose, self._last.get(room, 0)))
        return out

    def games_lines(self, first: int) -> list[str]:
        """The online games (numbered from ``first`` for ``open``) and the invitations."""
        transport = self.need()
        lines: list[str] = []
        now = int(time.time() * 1000)
        entries = self.entries()
        if entries:
            lines.append(online_prompts.online_heading(len(entries)))
        for n, e in enumerate(entries, start=first):
            lines.append(online_prompts.game_entry(n, e.others, e.state, e.whose, e.since_ms, now))
        self.invited = transport.invitations()
        for n, inv in enumerate(self.invited, start=1):
            lines.append(online_prompts.invitation_line(n, invited_by(inv)))
        if self.invited:
            lines.append(online_prompts.ACCEPT_HOW)
        if not entries and not self.invited:
            lines.append(online_prompts.NO_ONLINE_GAMES)
        return lines

    def away_lines(self) -> list[str]:
        """Who moved while the player was away: the games where it is their turn now."""
        movers: dict[str, int] = {}
        for e in self.entries():
            if e.state == "play":
                link = self.links[e.room]
                last = next((r for r in reversed(link.state.log) if r.seat != link.state.my_seat), None)
                name = link.state.names[last.seat] if last is not None else ""
                movers[name] = movers.get(name, 0) + 1
        return [online_prompts.moved_while_away(name, count) for name, count in movers.items()]

    def invite(self, users: Sequence[str]) -> list[str]:
        transport = self.need()
        others = [(display_name(u), u) for u in users]
        table = OnlineTable(self.session)
        link = GameLink.offer(transport, display_name(transport.user_id), others, self.rules, self._lexicon(),
                              self._seeds, on_record=table.on_record, on_refused=table.on_refused,
                              on_chat=table.on_chat)
        self._keep(link)
        return [online_prompts.invited([n for n, _ in others])] + self._open(link, table)

    def accept(self, number: int) -> list[str]:
        transport = self.need()
        inv = self._invitation(number)
        table = OnlineTable(self.session)
        link = GameLink.join(transport, inv.room, self._lexicon(), self._seeds, on_record=table.on_record,
                             on_refused=table.on_refused, on_chat=table.on_chat)
        self._keep(link)
        return [online_prompts.accepted_game(invited_by(inv))] + self._open(link, table)

    def decline(self, number: int) -> list[str]:
        transport = self.need()
        inv = self._invitation(number)
        transport.decline(inv.room)
        self.invited.remove(inv)
        return [online_prompts.declined(invited_by(inv))]

    def _invitation(self, number: int) -> Invitation:
        if not self.invited:
            self.invited = self.need().invitations()
        if not 1 <= number <= len(self.invited):
            raise ActionNotAllowed(online_prompts.no_invitation(len(self.invited)))
        return self.invited[number - 1]

    def _keep(self, link: GameLink) -> None:
        link.journal = self.store.game_log(link.room)
        self.links[link.room] = link
        if link.room not in self.rooms:
            self.rooms.append(link.room)
        self.store.game_log(link.room).append("game", game=link.state.game_id)
        # what the worker dropped before the link was known here (the room's
        # history holds it; a message read twice counts once)
        link.catch_up()

    def open(self, number: int) -> list[str]:
        """Open online game ``number`` (1 = the first listed) at the table."""
        self.need()
        if not 1 <= number <= len(self.rooms):
            raise ActionNotAllowed(online_prompts.no_online_game(len(self.rooms)))
        link = self.links[self.rooms[number - 1]]
        link.catch_up()  # what came while it was not open
        return self._open(link, OnlineTable(self.session))

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
        if self.table is not None:
            self.table.detach()
            link = self.table.link
            if link is not None:
                link.on_record = link.on_refused = link.on_chat = link.on_send_failed = None
            self.table = None

    def open_table(self) -> OnlineTable:
        """The game open at the table; refused when none is."""
        table = self.table
        if table is None or table.link is None:
            raise ActionNotAllowed(online_prompts.NO_ONLINE_GAME)
        return table


def invited_by(inv: Invitation) -> str:
    """Who invited: the first name of the room's name ("Scrabble: Alice, Bob"), else the inviter's id."""
    name = inv.name
    if name.startswith("Scrabble: "):
        first = name[len("Scrabble: "):].split(",")[0].strip()
        if first:
            return first
    return display_name(inv.inviter)
