"""A transport in memory: rooms, members and messages held by one
:class:`LoopbackNetwork` that every :class:`LoopbackTransport` of a test
(or a game played in one process) shares.

It keeps the transport's contract (``transport.py``): ``send`` is
idempotent per sender and ``txn_id``; ``history`` is the room's one order;
``listen`` hands each new message of a joined room to the callback, in
that order, on the transport's own thread (the sender's own messages come
back too, as Matrix sends them). A transport that is closed hears nothing
until a new one listens again; ``history`` still holds everything: that is
how a restart catches up. Rooms made unencrypted are refused unless the
network allows them (``allow_unencrypted``), as the game refuses them.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import OnlineError
from .catchup import is_catchup
from .transport import OTHER, RECORD, UNREAD, Invitation, Message, RoomEvent


@dataclass
class _Room:
    room_id: str
    name: str
    creator: str
    encrypted: bool
    joined: list[str] = field(default_factory=list)
    invited: list[str] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    #: (sender, txn_id) -> event id
    txns: dict[tuple[str, str], str] = field(default_factory=dict)


class LoopbackNetwork:
    """The shared "server" of loopback transports."""

    def __init__(self, allow_unencrypted: bool = False, clock: Callable[[], int] | None = None,
                 late_devices: bool = False) -> None:
        self.allow_unencrypted = allow_unencrypted
        #: as Matrix's encryption does: a transport that names its device
        #: reads only the messages sent after that device first connected
        #: (a new device cannot read a room's earlier messages)
        self.late_devices = late_devices
        #: the server's clock (ms) stamped on each message; by default a counter (tests inject days)
        self.clock = clock
        self._rooms: dict[str, _Room] = {}
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._listeners: list["LoopbackTransport"] = []
        self._clock = itertools.count(1_000)
        #: user -> the device ids of the transports made for that user with one
        self.devices: dict[str, list[str]] = {}
        #: (user, device) -> the number of the first message that device can read
        self._devices_from: dict[tuple[str, str], int] = {}

    def room(self, room_id: str) -> _Room:
        with self._lock:
            try:
                return self._rooms[room_id]
            except KeyError:
                raise OnlineError("There is no such room; check the game's number.", "no_room") from None

    def messages(self, room_id: str) -> list[Message]:
        """What the server stores of a room (for tests)."""
        with self._lock:
            return list(self.room(room_id).messages)

    def inject(self, room_id: str, sender: str, body: str, record: Mapping[str, Any] | None) -> Message:
        """Put a message into a room as ``sender`` without its transport (a
        test's forger or replayer; the room's members still hear it)."""
        return self._post(self.room(room_id), sender, body, record, None)

    def _post(self, room: _Room, sender: str, body: str, record: Mapping[str, Any] | None,
              txn_id: str | None, image: bytes | None = None, device: str = "") -> Message:
        with self._lock:
            if txn_id is not None and (sender, txn_id) in room.txns:
                event_id = room.txns[(sender, txn_id)]
                return next(m for m in room.messages if m.event_id == event_id)
            stamp = self.clock() if self.clock is not None else next(self._clock)
            msg = Message(room.room_id, sender, f"$ev{next(self._ids)}", body,
                          dict(record) if record is not None else None, stamp, image, device)
            room.messages.append(msg)
            if txn_id is not None:
                room.txns[(sender, txn_id)] = msg.event_id
            for t in list(self._listeners):
                if t.user_id in room.joined:
                    t._deliver(msg)
            return msg

    def _listen(self, t: "LoopbackTransport") -> None:
        with self._lock:
            if t not in self._listeners:
                self._listeners.append(t)

    def _unlisten(self, t: "LoopbackTransport") -> None:
        with self._lock:
            if t in self._listeners:
                self._listeners.remove(t)


class LoopbackTransport:
    """One user's connection to a :class:`LoopbackNetwork` (a Transport)."""

    def __init__(self, network: LoopbackNetwork, user_id: str, device: str = "") -> None:
        self.network = network
        self._user = user_id
        #: this device's id (a test's second device of a user gives one; by
        #: default none: its messages name no device, as before)
        self.device_id = device
        #: the first message number this device can read (late_devices)
        self._reads_from = 0
        if device:
            with network._lock:
                first = network._devices_from.setdefault((user_id, device), next(network._ids))
                self._reads_from = first
                known = network.devices.setdefault(user_id, [])
                if device not in known:
                    known.append(device)
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._callback: Callable[[Message], None] | None = None
        self.closed = False

    @property
    def user_id(self) -> str:
        return self._user

    def create_room(self, name: str, invitees: Sequence[str], *, encrypted: bool = True) -> str:
        net = self.network
        if not encrypted and not net.allow_unencrypted:
            raise OnlineError("A game's room must be encrypted; unencrypted rooms are refused.", "unencrypted")
        with net._lock:
            room_id = f"!room{next(net._ids)}:loopback"
            net._rooms[room_id] = _Room(room_id, name, self._user, encrypted, [self._user], list(invitees))
        return room_id

    def invitations(self) -> list[Invitation]:
        net = self.network
        with net._lock:
            return [Invitation(r.room_id, r.creator, r.name, tuple(r.joined))
                    for r in net._rooms.values() if self._user in r.invited]

    def accept(self, room: str) -> None:
        r = self.network.room(room)
        with self.network._lock:
            if self._user in r.joined:
                return
            if self._user not in r.invited:
                raise OnlineError("You were not invited to that game.", "not_invited")
            r.invited.remove(self._user)
            r.joined.append(self._user)

    def decline(self, room: str) -> None:
        r = self.network.room(room)
        with self.network._lock:
            if self._user in r.invited:
                r.invited.remove(self._user)

    def joined_rooms(self) -> list[Invitation]:
        """The rooms this user has joined (their ids and names)."""
        net = self.network
        with net._lock:
            return [Invitation(r.room_id, r.creator, r.name, tuple(r.joined))
                    for r in net._rooms.values() if self._user in r.joined]

    def members(self, room: str) -> list[str]:
        r = self.network.room(room)
        with self.network._lock:
            return list(r.joined)

    def send(self, room: str, body: str, record: Mapping[str, Any] | None, txn_id: str) -> str:
        if self.closed:
            raise OnlineError("The connection is closed; sign in again.", "closed")
        r = self.network.room(room)
        if self._user not in r.joined:
            raise OnlineError("You are not in that game's room.", "not_joined")
        return self.network._post(r, self._user, body, record, txn_id, device=self.device_id).event_id

    def devices(self, user: str) -> list[str]:
        """The ids of ``user``'s devices that gave one (see ``device``)."""
        with self.network._lock:
            return list(self.network.devices.get(user, []))

    def send_image(self, room: str, png: bytes, alt: str, txn_id: str, size: tuple[int, int]) -> str:
        """A picture, its alt text the body (kept whole in the message's ``image``)."""
        if self.closed:
            raise OnlineError("The connection is closed; sign in again.", "closed")
        r = self.network.room(room)
        if self._user not in r.joined:
            raise OnlineError("You are not in that game's room.", "not_joined")
        return self.network._post(r, self._user, alt, None, txn_id, bytes(png), self.device_id).event_id

    def history(self, room: str) -> list[Message]:
        r = self.network.room(room)
        with self.network._lock:
            if self._user not in r.joined:
                raise OnlineError("You are not in that game's room.", "not_joined")
            if self.network.late_devices and self.device_id:
                return [m for m in r.messages if int(m.event_id.lstrip("$ev")) >= self._reads_from]
            return list(r.messages)

    def events(self, room: str) -> list[RoomEvent]:
        """Every message of the room as its metadata shows it; under
        ``late_devices`` those before this device came are UNREAD."""
        r = self.network.room(room)
        with self.network._lock:
            if self._user not in r.joined:
                raise OnlineError("You are not in that game's room.", "not_joined")
            late = self.network.late_devices and self.device_id
            return [RoomEvent(m.event_id, m.sender, m.timestamp_ms,
                              UNREAD if late and int(m.event_id.lstrip("$ev")) < self._reads_from
                              else RECORD if m.record is not None and not is_catchup(m.record) else OTHER)
                    for m in r.messages]

    def listen(self, on_message: Callable[[Message], None]) -> None:
        self._callback = on_message
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"loopback {self._user}", daemon=True)
            self._thread.start()
        self.network._listen(self)

    def _deliver(self, msg: Message) -> None:
        self._queue.put(msg)

    def _run(self) -> None:
        while True:
            msg = self._queue.get()
            if msg is None:
                return
            if isinstance(msg, _Marker):
                msg.done.set()
                continue
            cb = self._callback
            if cb is not None:
                cb(msg)

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Return once every message delivered so far has been handed on (tests)."""
        done = threading.Event()
        self._queue.put(_Marker(done))
        if not done.wait(timeout):
            raise TimeoutError("the loopback listener did not drain")

    def close(self) -> None:
        self.closed = True
        self.network._unlisten(self)
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=5)
            self._thread = None


class _Marker:
    """A queue entry that only signals the listener got this far."""

    def __init__(self, done: threading.Event) -> None:
        self.done = done
