"""What the home of games between homes is built on: the transport as the
home sees it (:class:`Watched`: each room's latest message time noted,
for ``games``' "since when"; pictures refused where the transport sends
none), the name a user id is said by, one game as ``games`` lists it, and
the network libraries kept quiet on the player's screen."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import OnlineError
from ...online.transport import Invitation, Message, RoomEvent, Transport
from ...presentation import honour_prompts

__all__ = ["GameEntry", "Watched", "display_name", "quiet_libraries"]


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
    #: "play" (your turn), "wait" (another's), "join" (waiting for them to accept),
    #: "keys" (over: another's keys of the deal to come), "done"
    state: str
    whose: str
    since_ms: int


class Watched:
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

    def joined_rooms(self) -> list[Invitation]:
        """The rooms this user has joined (none if the transport cannot say)."""
        joined = getattr(self.inner, "joined_rooms", None)
        return list(joined()) if callable(joined) else []

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

    def devices(self, user: str) -> list[str]:
        """A user's devices, as the transport knows them (none if it cannot say)."""
        known = getattr(self.inner, "devices", None)
        return [str(d) for d in known(user)] if callable(known) else []

    @property
    def device_id(self) -> str:
        """This device's id (empty when the transport names none)."""
        return str(getattr(self.inner, "device_id", "") or "")

    @property
    def events(self) -> Callable[[str], list[RoomEvent]] | None:
        """The transport's listing of a room's events, read or not (``ListsEvents``;
        None when it has none): a new device checks a catch-up answer with it."""
        listing = getattr(self.inner, "events", None)
        return listing if callable(listing) else None

    def send_image(self, room: str, png: bytes, alt: str, txn_id: str, size: tuple[int, int]) -> str:
        send = getattr(self.inner, "send_image", None)
        if not callable(send):
            raise OnlineError(honour_prompts.NO_PICTURES, "no_images")
        return str(send(room, png, alt, txn_id, size))
