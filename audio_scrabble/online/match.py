"""One side of a game between homes, linked to its room.

A :class:`GameLink` joins one side's :class:`~.referee.OnlineGame` to a
room of a transport (any :class:`~.transport.Transport`: Matrix, or the
loopback of the tests). It is what the console plugs into: a remote
player is a seat whose actions arrive as events, as a computer's do.

* :meth:`GameLink.offer` makes the room, invites the others and sends the
  offer; :meth:`GameLink.join` accepts an invitation and joins the deal;
  :meth:`GameLink.resume` opens a game again after a restart.
* Every message of the room goes through :meth:`GameLink.handle` (from
  the transport's listener, or from :meth:`catch_up`, which reads the
  room's whole history): a record is refereed and applied, or refused;
  a chat line is passed on. Callbacks: ``on_record(Applied)``,
  ``on_refused(OnlineError, Message)``, ``on_chat(Message)``; they run on
  the transport's thread and must not block.
* The deal's set-up steps, the steps of the bag's new shuffle after an
  exchange and the keys at the end are sent by the link itself when it
  is this side's turn to send them; the player's turns go
  through :meth:`send_action` (the game's own action data, or a computer
  player's :class:`~audio_scrabble.engine.players.Action`).
* :meth:`pending` says what this side must do now.
* A new device of a seated player, which cannot read the room's earlier
  records, asks for them (:meth:`GameLink.ask_catch_up`); every link that
  holds the game answers (the player's own other device adds the seed,
  sealed to it); the answer is refereed whole and checked against the
  room's own events (:mod:`.catchup`); a false one is not taken
  (:meth:`GameLink.take_forged` names who sent it).

With ``background=True`` records are sent from the link's own thread,
in order, never from the transport's listener (whose callback must not
block), and a failed send is tried again until it goes (:meth:`flush`,
:meth:`close`).

A record is applied when it comes back from the room, never on sending:
the room's one order decides which of two records sent at once stands,
the same on every side. A record is sent with a transaction id made from
its game, number and seat, so a retry (or a restart that sends it again)
never makes a second message.

For the console: ``link.state.game`` is the view of the game (a core
Game, read-only to the console: board, scores, whose turn, this side's
rack); every change goes through the link, never through the view's own
actions, and the view is never saved as a save file (its bag is the
deal, not a seed): the room's records are the game's save, and
:meth:`resume` rebuilds it. ``Applied.events`` of a record are announced
as a computer's move is (its ``record.seat`` says whose; this side's own
records come back too). A GameEnded among them is provisional; the end is
said from ``Applied.final`` (``FinalCheck.lines``: "The deal checked
out." and the final scores), which follows as soon as every side has
shown its keys, which the links do by themselves.

The deal's seed is kept by the caller (``seeds``: game id -> 32 bytes; the
store keeps it in the data folder, 0600); a restart needs it to read the
keys sealed to this side. Nothing secret goes into a body, a log line or
an error's sentence.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import secrets as _secrets
import threading
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any

from ..errors import OnlineError
from ..presentation import online_phrases
from . import catchup as cu
from .deal import Secrets
from .offers import list_identity
from .record import ACTION_KINDS, BadRecord, Player, format_record, parse_record, record_hash, txn_id
from .referee import Applied, OnlineGame, Refused
from .transport import NAMESPACE, Message, Transport

log = logging.getLogger(__name__)

#: what :meth:`GameLink.pending` answers
JOIN, DEAL, PLAY, WAIT, END, DONE, BROKEN = "join", "deal", "play", "wait", "end", "done", "broken"
#: the records a link sends by itself (:meth:`GameLink.advance`): both seeded devices of a player may
AUTOMATIC = ("places", "keys", "shuffle", "end")
#: the most asks of new devices kept unanswered (the oldest let go: heard again in the room at the next start)
ASKS_KEPT = 16
#: how many of the last records' devices are kept, to know a step another device sent first
DEVICES_KEPT = 32
#: how many ids of the room's messages heard are kept; older ones are behind the floor (a message
#: of the room, at or before which every one was taken), which a read of the room skips. The last
#: SEEN_KEPT // 2 of a read are never put behind it: they may still be on their way to the listener
SEEN_KEPT = 512


def action_data(action: Any) -> dict[str, Any]:
    """The game's own action data from an action given as data or as a
    computer player's Action (``kind``: place, exchange, pass)."""
    if isinstance(action, dict):
        return action
    kind = getattr(action, "kind", None)
    if kind == "place":
        play = action.play
        return {"type": "place", "tiles": [[t.square.row, t.square.col, t.letter, t.blank] for t in play.tiles],
                "direction": play.direction}
    if kind == "exchange":
        return {"type": "exchange", "tiles": "".join(action.tiles)}
    if kind == "pass":
        return {"type": "pass"}
    raise OnlineError("That is not an action of the game.", "mismatch")


class GameLink:
    """One side of one game, linked to its room (see the module doc)."""

    def __init__(self, transport: Transport, room: str, lexicon: Any, seeds: MutableMapping[str, bytes],
                 *, on_record: Callable[[Applied], None] | None = None,
                 on_refused: Callable[[OnlineError, Message], None] | None = None,
                 on_chat: Callable[[Message], None] | None = None,
                 on_send_failed: Callable[[OnlineError], None] | None = None,
                 background: bool = False, retry_seconds: float = 0.5, box_secret: bytes | None = None) -> None:
        self.transport = transport
        self.room = room
        self.seeds = seeds
        self.state = OnlineGame(transport.user_id, lexicon)
        self.on_record = on_record
        self.on_refused = on_refused
        self.on_chat = on_chat
        self._lock = threading.RLock()
        self._seen: set[str] = set()
        #: the room's message at or before which every one was taken: (event id, its time in ms)
        self._floor: tuple[str, int] | None = None
        self._reading_history = False
        #: when the last record applied was sent (the transport's clock, ms; 0: none yet)
        self.last_record_ms = 0
        #: every refusal so far, as (code, event id): the same on every side
        self.refusals: list[tuple[str, str]] = []
        #: the last refusal (its sentence: e.g. the offer's word list this side lacks)
        self.last_refusal: OnlineError | None = None
        self.on_send_failed = on_send_failed
        self.retry_seconds = retry_seconds
        self._outbox: queue.Queue[Any] | None = None
        self._outbox_thread: threading.Thread | None = None
        self._pending_sends = 0
        self._sends_done = threading.Condition()
        self._closing = threading.Event()
        #: where a queued record is noted before it is sent and once the
        #: server took it (a :class:`~.store.GameLog`: ``append``,
        #: ``unsent``), so a program killed before the send sends it on
        #: restart (:meth:`resend_unsent`); None: not kept
        self.journal: Any = None
        #: the hashes of the records composed on this side (sent_here)
        self._composed: set[str] = set()
        #: every record sent from the outbox (else only those queued on purpose)
        self._background = background
        # -- a new device's catch-up (see :mod:`.catchup`)
        #: this device's id, as the transport names it (empty: it names none)
        self.device_id = str(getattr(transport, "device_id", "") or "")
        #: the secret of this device's catch-up box (to ask for the game; None: it cannot ask)
        self.box_secret = box_secret
        #: every record applied, as an answer to a new device carries it (the room's order)
        self.entries: list[dict[str, Any]] = []
        #: records came that need the records before them, which this device cannot read
        self.behind = False
        #: asks of new devices heard and not answered yet: ask event id -> (sender, ask)
        self._asks: dict[str, tuple[str, cu.Ask]] = {}
        #: asks whose records another player's program has sent (the seed may still be owed):
        #: always among ``_asks`` (:meth:`_forget_ask`), so no more than :data:`ASKS_KEPT`
        self._asks_answered: set[str] = set()
        #: the parts heard so far of each answer to an ask (ask, sender, answer id): an ask counts as
        #: answered once one is whole (one cut mid-way is sent again, never left half sent)
        self._answer_heard: dict[tuple[str, str, str], set[int]] = {}
        #: parts of answers to this device, by answer id
        self._parts: dict[str, dict[int, cu.Part]] = {}
        #: once caught up from an answer: how many moves, and from whom ("" this player's other device)
        self.caught_up: tuple[int, str] | None = None
        self.on_caught_up: Callable[[int, str], None] | None = None
        #: records heard live before this device had the game: event id -> (seq, message)
        self._early: dict[str, tuple[int, Message]] = {}
        #: the messages heard since the last record applied that are not records (chat
        #: lines, catch-up messages, refused records): an answer names them (``after``)
        self._after: list[str] = []
        #: this device's own asks heard in the room, and whether an answer to it came since the last
        self._my_asks = 0
        self._answered_since_ask = False
        #: the names of the players whose answer did not match the room's own events, not
        #: said yet ("" this player's other computer): :meth:`take_forged`
        self.forged: list[str] = []
        #: the device each record applied live came from, by its turn number (:meth:`_repeat`):
        #: the last :data:`DEVICES_KEPT` records' only
        self._devices: dict[int, str] = {}
        #: the game here came from an answer (a record from ahead waits for a longer one)
        self._from_answer = False
        if background:
            self._start_outbox()

    def _start_outbox(self) -> queue.Queue[Any]:
        if self._outbox is None:
            self._outbox = queue.Queue()
            self._outbox_thread = threading.Thread(target=self._run_outbox, name="game link outbox", daemon=True)
            self._outbox_thread.start()
        return self._outbox

    # ------------------------------------------------------------ opening
    @classmethod
    def offer(cls, transport: Transport, my_name: str, others: Sequence[tuple[str, str]], rules: str,
              lexicon: Any, seeds: MutableMapping[str, bytes], *, lexicon_id: str = "", game_id: str | None = None,
              encrypted: bool = True, days: int = 0, room_name: str = "", **callbacks: Any) -> "GameLink":
        """Offer a game to ``others`` (name, user id): a room made, they
        invited, the offer sent with this side's lock and shuffle. The word
        list is named by its identity (:func:`.offers.list_identity`);
        ``days``: days a move (0: no limit); ``room_name``: the room's name
        (by default ``Scrabble: Alice, Bob``)."""
        game_id = game_id or _secrets.token_hex(8)
        if not lexicon_id and callable(getattr(lexicon, "words", None)):
            lexicon_id = list_identity(lexicon)
        elif not lexicon_id:  # a list that cannot be hashed: named by its name alone
            name = getattr(lexicon, "name", "")
            lexicon_id = name if isinstance(name, str) else ""
        players = [Player(my_name, transport.user_id)] + [Player(n, u) for n, u in others]
        room = transport.create_room(room_name or f"Scrabble: {', '.join(p.name for p in players)}",
                                     [u for _, u in others], encrypted=encrypted)
        link = cls(transport, room, lexicon, seeds, **callbacks)
        sec = Secrets.new(game_id, 0) if game_id not in seeds else Secrets(game_id, 0, seeds[game_id])
        seeds[game_id] = sec.seed
        record, body = link.state.compose_offer(game_id, players, rules, lexicon_id, secrets=sec, days=days)
        link.state = OnlineGame(transport.user_id, lexicon)  # the offer is applied when it comes back
        link._send(record, body)
        link.catch_up()
        return link

    @classmethod
    def join(cls, transport: Transport, room: str, lexicon: Any, seeds: MutableMapping[str, bytes],
             **callbacks: Any) -> "GameLink":
        """Accept an invitation: join the room, read the offer, send this
        side's lock and shuffle when its turn comes."""
        transport.accept(room)
        link = cls(transport, room, lexicon, seeds, **callbacks)
        link.catch_up()
        return link

    @classmethod
    def resume(cls, transport: Transport, room: str, lexicon: Any, seeds: MutableMapping[str, bytes],
               **callbacks: Any) -> "GameLink":
        """Open a game again (after a restart): rebuilt from the room's records."""
        link = cls(transport, room, lexicon, seeds, **callbacks)
        link.catch_up()
        return link

    def listen(self) -> None:
        """Hear the room from now on (one link per transport; with several
        games on one transport, route messages to :meth:`handle` by room)."""
        self.transport.listen(self.handle)
        self.catch_up()  # what was sent before listening began

    def catch_up(self) -> list[Applied]:
        """Read the room's whole history (what came while this side was
        away), then send whatever set-up step is due."""
        out = self._read_history()
        self.advance()
        self._answer_asks()
        return out

    def _read_history(self) -> list[Applied]:
        out: list[Applied] = []
        with self._lock:
            self._reading_history = True
            try:
                messages = self.transport.history(self.room)
                for msg in self._past_floor(messages):
                    applied = self._take(msg)
                    if applied is not None:
                        out.append(applied)
                self._trim_seen(messages)
            finally:
                self._reading_history = False
        return out

    def _past_floor(self, messages: Sequence[Message]) -> Sequence[Message]:
        """The room's messages after the floor (those before it were all taken)."""
        if self._floor is None:
            return messages
        floor_id, floor_ms = self._floor
        at = next((i for i, m in enumerate(messages) if m.event_id == floor_id), None)
        if at is not None:
            return messages[at + 1:]
        # the floor not in this read (a history read short): by the room's clock
        return [m for m in messages if m.timestamp_ms > floor_ms] if floor_ms else messages

    def _trim_seen(self, messages: Sequence[Message]) -> None:
        """Keep no more than about :data:`SEEN_KEPT` ids heard: the floor moves
        over the room's oldest messages, every one of them taken (a record
        kept for later, :attr:`_early`, stops it)."""
        if len(self._seen) <= SEEN_KEPT:
            return
        rest = list(self._past_floor(messages))
        cut = 0
        while cut < len(rest) - SEEN_KEPT // 2 and rest[cut].event_id in self._seen:
            cut += 1
        if cut:
            self._floor = (rest[cut - 1].event_id, rest[cut - 1].timestamp_ms)
            self._seen.difference_update(m.event_id for m in rest[:cut])

    def _applied_already(self, msg: Message) -> bool:
        """Whether the message is a record applied here (heard again after its id was let go)."""
        try:
            seq = parse_record(msg.record or {}).seq
        except BadRecord:
            return False
        return 0 <= seq < len(self.entries) and self.entries[seq].get("event_id") == msg.event_id

    # ------------------------------------------------------------ hearing
    def handle(self, msg: Message) -> None:
        """One message of the room (any other room's is ignored)."""
        if msg.room != self.room:
            return
        self._take(msg)
        if len(self._seen) > 2 * SEEN_KEPT:
            self._read_history()  # the floor moved (nothing new is in it)
        self.advance()

    def _take(self, msg: Message) -> Applied | None:
        with self._lock:
            if msg.event_id in self._seen:
                return None
            if msg.record is not None and not cu.is_catchup(msg.record) and self._applied_already(msg):
                return None
            if msg.record is None:
                self._chat(msg)
                return None
            self._seen.add(msg.event_id)
            if cu.is_catchup(msg.record):
                self._after.append(msg.event_id)
                self._catchup(msg)
                return None
            try:
                record = parse_record(msg.record)
                if record.seq > 0 and not self.state.log:
                    # the records before it cannot be read here (a new device): caught up by an
                    # answer; kept, to follow the answer when it was built before this came
                    self._seen.discard(msg.event_id)
                    self._early[msg.event_id] = (record.seq, msg)
                    self.behind = True
                    return None
                if record.seq > len(self.state.log) and self._from_answer:
                    # caught up short (an answer left records off): kept, to follow a longer answer
                    self._seen.discard(msg.event_id)
                    self._early[msg.event_id] = (record.seq, msg)
                    self.behind = True
                    return None
                if record.seq > len(self.state.log) and not self._reading_history:
                    # a record from ahead: some came before it unheard; read them in order
                    self._seen.discard(msg.event_id)
                    self._read_history()
                    return None
                if record.seq == 0 and self.state.secrets is None:
                    self._restore_secrets(record)
                applied = self.state.receive(record, msg.sender, msg.body, msg.timestamp_ms)
                self.entries.append(cu.entry(msg.event_id, msg.sender, msg.body, msg.timestamp_ms, msg.record))
                self.last_record_ms = msg.timestamp_ms or self.last_record_ms
                self._after = []
                self._devices[record.seq] = msg.device
                for old in [s for s in self._devices if s <= record.seq - DEVICES_KEPT]:
                    del self._devices[old]  # a repeat comes soon after, or never
                if record.seq == 0:
                    self._restore_secrets(record)
            except (BadRecord, Refused) as e:
                self._after.append(msg.event_id)
                if self._repeat(msg):
                    return None  # a step another device of the same player sent first: harmless
                self.refusals.append((e.code, msg.event_id))
                self.last_refusal = e
                log.info("record refused in %s: %s", self.room, e.code)
                if self.on_refused is not None:
                    self.on_refused(e, msg)
                return None
        if self.on_record is not None:
            self.on_record(applied)
        if self._early and self._from_answer:
            self._take_early()  # records from ahead kept, that may follow now
        return applied

    def _chat(self, msg: Message) -> None:
        """A chat line, passed on (under the lock: in the room's order). It
        is heard once the callback has taken it: a callback that fails
        leaves it unheard, so the next read of the room's history passes it
        on again (the error goes to the caller)."""
        if self.on_chat is not None:
            self.on_chat(msg)
        self._seen.add(msg.event_id)
        self._after.append(msg.event_id)

    def _repeat(self, msg: Message) -> bool:
        """Whether a refused record is a step the link sends by itself (a
        step of the deal or of a new shuffle, keys owed, the end) that
        another device of the same player sent first (both hold the seed):
        same turn, kind and sender as the one applied, another device. A
        replay from the same device (or one naming none) is still refused."""
        try:
            record = parse_record(msg.record or {})
        except BadRecord:
            return False
        log_ = self.state.log
        if not 0 <= record.seq < len(log_) or log_[record.seq].kind != record.kind or record.kind not in AUTOMATIC:
            return False
        seat, first = log_[record.seq].seat, self._devices.get(record.seq, "")
        players = self.state.players
        return (0 <= seat < len(players) and players[seat].user == msg.sender and record.seat == seat
                and bool(msg.device) and bool(first) and msg.device != first)

    def _restore_secrets(self, offer: Any, state: OnlineGame | None = None) -> None:
        state = state if state is not None else self.state
        seat = next((i for i, p in enumerate(offer.players) if p.user == self.transport.user_id), None)
        seed = self.seeds.get(offer.game)
        if seat is not None and seed is not None:
            state.secrets = Secrets(offer.game, seat, seed)

    @property
    def seedless(self) -> bool:
        """Seated, the deal begun, and this device holds no seed of this
        player's: the game can be followed here, not played (a new device
        whose player's other computer did not send it)."""
        with self._lock:
            st = self.state
            return bool(st.log) and st.my_seat is not None and st.secrets is None and len(st.log) > st.my_seat

    # ------------------------------------------------------------ a new device's catch-up
    def ask_catch_up(self) -> bool:
        """This device cannot read the game (a new device), or read it
        without this player's seed (the room's keys forwarded by the
        player's own other computer, under Matrix): ask the homes that hold
        it (once a device: the same transaction id again sends nothing
        new; a device that reads the game asks for the seed once). Whether
        an ask went."""
        with self._lock:
            if self.box_secret is None or not self.device_id:
                return False
            if self.state.log and not self.behind:
                if not self.seedless or self._my_asks:
                    return False  # the game is here; the seed asked for already (or here)
            if self._my_asks and not self._answered_since_ask:
                # an ask of this device's is in the room, not answered yet: it stands, nothing
                # sent (not even under its old id: a server keeps a transaction id only a while,
                # Synapse about half an hour, so starts a day apart would each add an ask)
                return True
            record = cu.ask_record(self.device_id, cu.box_public(self.box_secret))
            # asked again only once an answer came since the last ask and this device is still
            # behind (a short or forged one)
            again = self._my_asks
        room = hashlib.sha256(self.room.encode()).hexdigest()[:16]
        txn = f"catchup.ask.{self.device_id}.{room}" + (f".{again}" if again else "")
        self.transport.send(self.room, online_phrases.CATCHUP_ASK_BODY, record, txn)
        return True

    def take_forged(self) -> list[str]:
        """The names whose answer did not match the room, once each (to say)."""
        with self._lock:
            out, self.forged = self.forged, []
            return out

    def _catchup(self, msg: Message) -> None:
        """An ask of a new device's, or a part of an answer (see :mod:`.catchup`)."""
        assert msg.record is not None
        ask = cu.read_ask(msg.record)
        if ask is not None:
            if msg.sender == self.transport.user_id and ask.device == self.device_id:
                self._my_asks += 1  # our own
                self._answered_since_ask = False
                return
            self._asks[msg.event_id] = (msg.sender, ask)
            while len(self._asks) > ASKS_KEPT:  # the oldest let go (heard again from the room at the next start)
                self._forget_ask(next(iter(self._asks)))
            if not self._reading_history:
                self._answer_asks()
            return
        part = cu.read_part(msg.record)
        if part is None:
            return
        asked = msg.record.get("ask")
        if isinstance(asked, str) and asked in self._asks:
            if msg.sender == self._asks[asked][0] and part.seed:  # the player's own other device: seed sent
                self._forget_ask(asked)
            else:
                heard = self._answer_heard.setdefault((asked, msg.sender, part.answer), set())
                heard.add(part.index)
                if len(heard) >= part.count:
                    self._asks_answered.add(asked)
        if not self.device_id or part.device != self.device_id:
            return
        self._answered_since_ask = True
        key = f"{msg.sender}/{part.answer}"
        parts = self._parts.setdefault(key, {})
        parts[part.index] = part
        if len(parts) == part.count and all(p.count == part.count for p in parts.values()):
            del self._parts[key]  # put together: kept no longer
            self._apply_answer([parts[i] for i in range(part.count)], msg.sender)  # indexes 0..count-1, each once

    def _answer_asks(self) -> None:
        """Answer the asks heard: the records applied here (every program
        that holds the game); this player's seed too, sealed to the asking
        device, when the ask is this user's own other device's."""
        me = self.transport.user_id
        with self._lock:
            st = self.state
            if not st.log or len(self.entries) != len(st.log) or self._reading_history:
                return
            for ask_id, (sender, ask) in list(self._asks.items()):
                own = sender == me
                seed = self.seeds.get(st.game_id) if own else None
                if st.seat_of(sender) is None or (ask_id in self._asks_answered and seed is None):
                    self._forget_ask(ask_id)  # not a player's, or its records sent and no seed to add
                    continue
                sealed = cu.seal_seed(ask.box, st.game_id, seed) if seed is not None else ""
                # each try seals its own tag (so its own transaction ids): one sent again after a cut,
                # with more records come meanwhile, is never put together with the first try's parts
                made = json.dumps([self.entries, sealed, self._after], sort_keys=True, default=str)
                tag = hashlib.sha256(f"{ask_id}/{self.device_id}/{made}".encode()).hexdigest()[:16]
                parts = cu.answer_parts(tag, ask.device, self.entries, sealed, self._after)
                for i, part in enumerate(parts):
                    part["ask"] = ask_id
                    self.transport.send(self.room, online_phrases.catchup_answer_body(i + 1, len(parts)), part,
                                        f"catchup.answer.{tag}.{i}")
                self._forget_ask(ask_id)

    def _forget_ask(self, ask_id: str) -> None:
        """An ask answered, or let go: nothing of it kept."""
        self._asks.pop(ask_id, None)
        self._asks_answered.discard(ask_id)
        for key in [k for k in self._answer_heard if k[0] == ask_id]:
            del self._answer_heard[key]

    def _apply_answer(self, parts: Sequence[cu.Part], sender: str) -> None:
        """An answer to this device, whole: its records refereed in order on
        a fresh copy of the game (the seed, from this player's own other
        device, opened first); the copy replaces this side's only if every
        record follows. When this side has the game already, only an answer
        that brings more is taken: the seed (the records again from that
        answer, this player's own, and what came since), or more records.
        Records heard live before the answer follow it (:meth:`_take_early`)."""
        me = self.transport.user_id
        sealed = next((p.seed for p in parts if p.seed), "")
        seed_came = False
        if sealed and sender == me and self.box_secret is not None:
            opened = cu.open_seed(self.box_secret, sealed)
            if opened is not None and opened[0] not in self.seeds:
                self.seeds[opened[0]] = opened[1]
                seed_came = True
        answer = [dict(e) for p in parts for e in p.entries]
        if self.state.log:
            # taken again only when it brings more: this player's seed (its own other
            # device, trusted over another home), or more records than the answer taken
            if not ((seed_came and self.state.secrets is None) or len(answer) > len(self.entries)):
                return
        tries = [answer]
        ids = [str(e.get("event_id")) for e in answer]
        if len(self.entries) > len(answer) and ids == [str(e.get("event_id")) for e in self.entries[:len(answer)]]:
            tries.insert(0, answer + [dict(e) for e in self.entries[len(answer):]])  # and what came since
        for entries in tries:
            fresh = self._referee(entries)
            if fresh is not None and (sender == me or len(fresh.log) >= len(self.state.log)):
                break
        else:
            return
        assert fresh is not None
        if sender != me and fresh.seat_of(sender) is None:
            return  # not a player's (nor this player's other computer's): not taken
        after = [a for p in parts for a in p.after]
        forged = self._forged(entries, after)
        if forged is None:
            return  # the room's events could not be read: taken from a later answer, or at the next start
        if forged:
            seat = fresh.seat_of(sender)
            self.forged.append("" if sender == me or seat is None else fresh.names[seat])
            return  # a true answer is still waited for
        self._from_answer = True
        self.state = fresh
        self._after = after + [a for a in self._after if a not in after]
        self.entries = [dict(e) for e in entries]
        self._seen.update(str(e["event_id"]) for e in entries)
        self.last_record_ms = int(entries[-1].get("ts", 0)) or self.last_record_ms
        self.behind = False
        self._take_early()
        moves = sum(1 for r in self.state.log if r.kind in ACTION_KINDS)  # with those heard before it
        seat = fresh.seat_of(sender)
        name = "" if sender == me or seat is None else fresh.names[seat]
        self.caught_up = (moves, name)
        if self.on_caught_up is not None:
            self.on_caught_up(moves, name)

    def _forged(self, entries: Sequence[Mapping[str, Any]], after: Sequence[str]) -> bool | None:
        """Whether an answer's records do not match the room's own events
        (:func:`.catchup.forged`), when the transport can list them (None:
        they could not be read now)."""
        events_of = getattr(self.transport, "events", None)
        if not callable(events_of):
            return False  # a transport that cannot list them: the rules and the chain alone
        try:
            events = events_of(self.room)
        except (OnlineError, RuntimeError):  # no answer from the server; Matrix's own thread
            return None
        if cu.forged(entries, [*after, *self._early], events):  # records heard here since: not left out
            log.info("a catch-up answer in %s did not match the room's events", self.room)
            return True
        return False

    def _referee(self, entries: Sequence[Mapping[str, Any]]) -> OnlineGame | None:
        """A fresh copy of the game with these records refereed in order
        (this player's secrets from its seed, if here), or None when one
        does not follow."""
        fresh = OnlineGame(self.transport.user_id, self.state.lexicon)
        try:
            for e in entries:
                record = parse_record(e["record"])
                if record.seq == 0:
                    self._restore_secrets(record, fresh)
                fresh.receive(record, str(e["sender"]), str(e.get("body", "")), int(e.get("ts", 0)))
        except (BadRecord, Refused) as err:
            log.info("a catch-up answer in %s was refused: %s", self.room, err.code)
            return None
        return fresh if fresh.log else None

    def _take_early(self) -> None:
        """The records heard live before the answer came, now in order: those
        the answer did not carry follow it (the answer was built before them)."""
        early = sorted(self._early.values(), key=lambda sm: sm[0])
        self._early.clear()
        for seq, msg in early:
            if seq < len(self.state.log) or msg.event_id in self._seen:
                self._seen.add(msg.event_id)
                continue
            self._take(msg)

    def game_and_others(self) -> tuple[Any, list[str]]:
        """The game's view as it stands (None before the deal is done) and
        the other players' names, read together under the link's lock
        (history and names of one moment)."""
        with self._lock:
            st = self.state
            return st.game, [n for i, n in enumerate(st.names) if i != st.my_seat]

    # ------------------------------------------------------------ acting
    def pending(self) -> str:
        """What this side must do now: ``join`` (accept the offer: done by
        :meth:`join`), ``deal`` (a set-up step, or a step of the bag's new
        shuffle after an exchange, that the link sends itself),
        ``play`` (this side's turn: :meth:`send_action`), ``wait`` (another
        side's turn, or keys not yet come), ``end`` (show the keys: sent by
        the link), ``done`` (checked and over), ``broken`` (keys sent to
        this side did not unlock its tiles: ``state.broken`` says so; the
        game cannot go on, resign to show every key)."""
        with self._lock:
            st = self.state
            if st.final is not None:
                return DONE
            if st.broken is not None and not st.over:
                return BROKEN
            if not st.log:
                return WAIT
            kinds, seat = st.expected()
            if seat != st.my_seat:
                return WAIT
            if "join" in kinds:
                return JOIN
            if kinds[0] in ("places", "keys", "shuffle"):
                return DEAL
            if "end" in kinds:
                return END
            if kinds and not st.my_rack_known() and not st.game.awaiting_final_challenge:  # type: ignore[union-attr]
                return WAIT
            return PLAY

    def advance(self) -> None:
        """Send the set-up step, the join or the end this side owes now."""
        with self._lock:
            st = self.state
            if not st.log:
                return
            kinds, seat = st.expected()
            if seat is None or seat != st.my_seat or st.final is not None:
                return
            if kinds != ("join",) and st.secrets is None:
                return  # a new device without this player's seed: it follows the game, it cannot act
            if kinds == ("join",):
                game_id = st.game_id
                sec = Secrets(game_id, seat, self.seeds[game_id]) if game_id in self.seeds else Secrets.new(game_id, seat)
                self.seeds[game_id] = sec.seed
                record, body = st.compose_join(sec)
            elif kinds == ("places",):
                record, body = st.compose_places()
            elif kinds == ("keys",):
                record, body = st.compose_keys()
            elif kinds[:1] == ("shuffle",):
                record, body = st.compose_shuffle()
            elif kinds == ("end",):
                record, body = st.compose_end()
            else:
                return
        self._send(record, body)

    def send_action(self, action: Any, *, queued: bool = False) -> None:
        """This side's turn: a placement, exchange, pass, challenge or the
        last play accepted (applied when it comes back from the room).
        Raises OnlineError (with the core's sentence) if it may not be made.
        ``queued``: sent from the outbox's thread, tried again until it goes
        (the homeserver down: the action goes when it is back; :attr:`unsent`)."""
        self._refuse_seedless()
        with self._lock:
            try:
                record, body = self.state.compose_action(action_data(action))
            except Refused:
                raise
            except OnlineError:
                raise
            except ValueError as e:  # the core's refusal: its sentence
                raise OnlineError(str(e), getattr(e, "code", "illegal")) from None
        self._send(record, body, queued=queued)

    def ready_for(self, action: Any) -> bool:
        """Whether this side's action can be composed now, or waits for
        records any moment brings: a step of the bag's new shuffle after an
        exchange, or (a placement, an exchange) the keys of this side's
        own new tiles. The table waits on it a moment before sending a move
        typed as soon as "Your turn." is said."""
        if self.seedless:
            return True  # refused at once by send_action, not waited for
        with self._lock:
            st = self.state
            if not st.log or st.game is None or st.final is not None:
                return True
            kinds, _ = st.expected()
            if kinds[:1] == ("shuffle",):
                return False
            kind = action_data(action).get("type")
            return kind not in ("place", "exchange") or st.my_rack_known()

    @property
    def unsent(self) -> int:
        """How many records handed to the outbox the homeserver has not taken yet."""
        with self._sends_done:
            return self._pending_sends

    def _refuse_seedless(self) -> None:
        if self.seedless:
            raise OnlineError(online_phrases.SEEDLESS_REFUSAL, "seedless")

    def resign(self) -> None:
        """Resign (the keys of the deal follow from every side). From a device
        without this player's seed (:attr:`seedless`: the first computer gone
        for good) the resignation goes without keys and ends the game at once,
        its deal never checked: the way out of a game it cannot play."""
        with self._lock:
            seedless = self.seedless
            record, body = self.state.compose_resign_keys_lost() if seedless else self.state.compose_resign()
        self._send(record, body, queued=True)  # kept, and tried again, while the server is down

    def claim(self, now_ms: int) -> None:
        """Claim the game on time (Refused, with the sentence, when the late
        player's time has not run out by ``now_ms``); every side checks
        the claim again against the server's timestamps when it arrives."""
        self._refuse_seedless()
        with self._lock:
            record, body = self.state.compose_claim(now_ms)
        self._send(record, body, queued=True)

    def agreement(self, kind: str) -> None:
        """Offer to end the game here (``offer_end``), agree to the other
        player's offer (``agree_end``) or decline it (``decline_end``):
        Refused, with the sentence, when it may not be sent now (applied
        when it comes back from the room, as every record)."""
        self._refuse_seedless()
        with self._lock:
            record, body = self.state.compose_agreement(kind)
        self._send(record, body, queued=True)

    def say(self, text: str, txn_id: str | None = None) -> str:
        """A chat line (not a record). Give the same ``txn_id`` to send it
        again after a failure without making it twice; it is returned."""
        txn = txn_id or f"chat.{_secrets.token_hex(8)}"
        self.transport.send(self.room, text, None, txn)
        return txn

    def sent_here(self, msg: Message) -> bool:
        """Whether ``msg`` carries a record this side composed (not one
        replayed or forged under this user's name)."""
        if msg.record is None:
            return False
        try:
            made = record_hash(parse_record(msg.record))
        except BadRecord:
            return False
        return made in self._composed or made in self._journaled()

    def _journaled(self) -> set[str]:
        """The hashes of the records the journal holds as queued here (a
        program before a restart composed them)."""
        out: set[str] = set()
        for entry in self.journal.entries() if self.journal is not None else []:
            content = entry.get("record")
            if entry.get("kind") == "outbox" and isinstance(content, dict):
                try:
                    out.add(record_hash(parse_record(content)))
                except BadRecord:
                    continue
        return out

    def _send(self, record: Any, body: str, *, queued: bool = False) -> None:
        self._composed.add(record_hash(record))
        content = format_record(record)
        if not (self._background or queued):  # sent now, from the caller's thread
            self.transport.send(self.room, body, content, txn_id(record))
            return
        txn = txn_id(record)
        if self.journal is not None:
            self.journal.append("outbox", txn_id=txn, body=body, record=dict(content))
        self._queue(body, content, txn)

    def _queue(self, body: str, content: Any, txn: str) -> None:
        outbox = self._start_outbox()
        with self._sends_done:
            self._pending_sends += 1
        outbox.put((body, content, txn))

    def resend_unsent(self) -> int:
        """After a restart (the room's history read): send again, with its
        own transaction id, each record the journal holds as queued and not
        taken by the server, if it is still due (its turn number the next
        one); one that is not (the server took it before the program
        stopped, or the game went on without it) is dropped. How many go."""
        journal = self.journal
        if journal is None:
            return 0
        going = 0
        for entry in journal.unsent():
            content, txn = entry.get("record"), entry.get("txn_id")
            try:
                seq = parse_record(content).seq if isinstance(content, dict) else -1
            except BadRecord:
                seq = -1
            with self._lock:
                due = seq == len(self.state.log) and self.state.final is None
            if due and isinstance(txn, str):
                self._composed.add(record_hash(parse_record(content)))
                self._queue(str(entry.get("body", "")), content, txn)
                going += 1
            else:
                journal.append("dropped", txn_id=txn)
        return going

    # ------------------------------------------------------------ the outbox
    def _run_outbox(self) -> None:
        """Background sending (``background=True``): records go out in order
        from this thread, never from the transport's listener; a send that
        fails is tried again with the same transaction id (never a second
        message) until it goes or the link is closed. ``on_send_failed``
        hears the first failure of each record."""
        assert self._outbox is not None
        while True:
            item = self._outbox.get()
            if item is None:
                return
            body, content, txn = item
            delay, told = self.retry_seconds, False
            while not self._closing.is_set():
                try:
                    event_id = self.transport.send(self.room, body, content, txn)
                    if self.journal is not None:
                        self.journal.append("sent", txn_id=txn, event_id=event_id)
                    break
                except OnlineError as e:
                    log.info("send failed in %s (%s); trying again", self.room, e.code)
                    if not told and self.on_send_failed is not None:
                        self.on_send_failed(e)
                    told = True
                    self._closing.wait(delay)
                    delay = min(delay * 2, 30.0)
            with self._sends_done:
                self._pending_sends -= 1
                self._sends_done.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every record handed to the outbox is sent; False on timeout."""
        with self._sends_done:
            return self._sends_done.wait_for(lambda: self._pending_sends == 0, timeout)

    def close(self) -> None:
        """Stop the outbox (records not yet sent stay unsent: a restart
        composes them again, with the same transaction ids)."""
        self._closing.set()
        if self._outbox is not None and self._outbox_thread is not None:
            self._outbox.put(None)
            self._outbox_thread.join(timeout=5)


class LinkHub:
    """Several games on one transport: it listens once and hands each
    message to the link of its room (a message of a room with no link is
    left for ``history`` when that game is opened)."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport
        self.links: dict[str, GameLink] = {}
        self._listening = False

    def add(self, link: GameLink) -> GameLink:
        self.links[link.room] = link
        if self._listening:
            link.catch_up()
        return link

    def remove(self, room: str) -> None:
        self.links.pop(room, None)

    def listen(self) -> None:
        self.transport.listen(self.handle)
        self._listening = True
        for link in list(self.links.values()):
            link.catch_up()

    def handle(self, msg: Message) -> None:
        link = self.links.get(msg.room)
        if link is not None:
            link.handle(msg)


__all__ = ["GameLink", "LinkHub", "NAMESPACE", "action_data", "JOIN", "DEAL", "PLAY", "WAIT", "END", "DONE", "BROKEN"]
