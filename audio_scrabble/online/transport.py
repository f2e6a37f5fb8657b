"""The seam between a game across homes and whatever carries its messages.

The record format never depends on the transport: Matrix is one (in
``matrix.py``); e-mail or Delta Chat could be another, behind this same
small interface. A transport carries two kinds of message in a
conversation ("room"): a game record (structured content, with a readable
body for any chat app) and a plain chat line (a body alone).

Contract, for every implementation:

* ``send`` is idempotent per ``txn_id``: sending again with the same id
  (a retry after a cut network, a restart) never makes a second message.
* ``history`` returns every message of the room from its start, in the
  room's one order, the same order on every side.
* ``listen`` hands new messages to a callback, in that order, on the
  transport's own thread; the callback must not block.
* Nothing secret (token, key, password, rack) is logged or put into an
  error's message.
* Failures raise :class:`~audio_scrabble.errors.OnlineError` (or a
  subclass) with a sentence a player can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

#: the key under which a message's structured game record travels
NAMESPACE = "org.audio_scrabble.game"


@dataclass(frozen=True)
class Message:
    """One message of a room, as every side sees it."""

    room: str
    sender: str
    #: the transport's unique id for the message (the same on every side)
    event_id: str
    #: the readable text any chat app shows
    body: str
    #: the structured game record (the content under NAMESPACE), or None for
    #: a chat line typed by a person (in this game or in any chat app)
    record: Mapping[str, Any] | None = None
    timestamp_ms: int = 0
    #: a picture sent with the message (a PNG; the body is its alt text), else None
    image: bytes | None = None
    #: the sending device, as the transport knows it (Matrix: its device
    #: id), else empty: a new device of a player may not have
    #: been able to read what came before it (the honour mode sends it again)
    device: str = ""


@dataclass(frozen=True)
class Invitation:
    """A room someone invited this user to."""

    room: str
    inviter: str
    name: str = ""
    members: tuple[str, ...] = field(default_factory=tuple)


class Transport(Protocol):
    """What a game across homes needs of the network."""

    @property
    def user_id(self) -> str:
        """This user's id on the transport (``@alice:example.org``)."""
        ...

    def create_room(self, name: str, invitees: Sequence[str], *, encrypted: bool = True) -> str:
        """A new room for a game, the invitees invited; its id."""
        ...

    def invitations(self) -> list[Invitation]:
        """Rooms this user is invited to and has not answered."""
        ...

    def accept(self, room: str) -> None:
        """Join a room this user was invited to."""
        ...

    def decline(self, room: str) -> None:
        """Refuse an invitation."""
        ...

    def members(self, room: str) -> list[str]:
        """Who is in the room (joined), in a stable order."""
        ...

    def send(self, room: str, body: str, record: Mapping[str, Any] | None, txn_id: str) -> str:
        """Send one message; the same ``txn_id`` again sends nothing new.
        Returns the message's event id."""
        ...

    def history(self, room: str) -> list[Message]:
        """Every message of the room from its start, in the room's order."""
        ...

    def listen(self, on_message: Callable[[Message], None]) -> None:
        """From now on, hand each new message of any joined room to
        ``on_message``, in order, on the transport's thread."""
        ...

    def close(self) -> None:
        """Stop listening and let go of the connection."""
        ...


class SendsImages(Protocol):
    """A transport that can also send a picture (Matrix, the loopback):
    optional; a transport without it sends none."""

    def send_image(self, room: str, png: bytes, alt: str, txn_id: str, size: tuple[int, int]) -> str:
        """Send a PNG picture whose alt text (the body any app shows or
        reads aloud) is ``alt``; idempotent per ``txn_id``. Its event id."""
        ...


class KnowsDevices(Protocol):
    """A transport that can say which devices a user has (Matrix: its key
    store's; the loopback: the devices its tests named): optional."""

    def devices(self, user: str) -> list[str]:
        """The ids of ``user``'s devices known here."""
        ...


#: what a room's event is, as a device sees it: a game record, anything
#: else (a chat line, a catch-up message), or not known (it cannot be read here)
RECORD, OTHER, UNREAD = "record", "other", "unread"


@dataclass(frozen=True)
class RoomEvent:
    """One message of a room as its metadata shows it, read or not (a new
    device sees the event, its sender and time even when it cannot decrypt it)."""

    event_id: str
    sender: str
    timestamp_ms: int
    #: RECORD, OTHER or UNREAD
    kind: str


class ListsEvents(Protocol):
    """A transport that can list a room's events, those this device cannot
    read too (Matrix: the room's messages, undecryptable ones kept; the
    loopback: every message, marked unread where a late device cannot read
    it): optional. A new device checks a catch-up answer against them."""

    def events(self, room: str) -> list[RoomEvent]:
        """Every message of the room from its start, in the room's order."""
        ...
