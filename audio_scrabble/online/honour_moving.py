"""An honour game moved to its host's new computer (a second computer, a reinstall).

An honour game (:mod:`.honour`) lives in its host's game log, on the
computer that dealt it: the bag's seed (so the host's rack and every
tile to come), each action, which of the friend's messages were
answered. The room holds only what the friend reads: the moves, the
board, the friend's own rack; and a new device of the host cannot read
even that (the room's earlier messages were locked for the devices there
then). So the new computer must get the **log**, and only from the
**host's own other computer**: the friend's phone holds nothing of it,
and no one else may see the bag or the host's rack.

1. **Ask.** The host's new computer finds the honour room it hosts
   (named ``Scrabble (honour): Host, Friend``, this user the host) with no
   log of it here, and sends the catch-up ask (:func:`.catchup.ask_record`:
   its device and the public half of its catch-up box).
2. **Hand over.** The computer that holds the game hears the ask of its
   own user's other device (at once, or at its next start, reading the
   room) and sends its whole log with the hand-over's mark (``moved``:
   to which device, for which ask), compressed and sealed to the asking
   device's box (:func:`seal_log`), in parts that fit a message; then it
   notes the mark in its own log and answers the friend no more: one
   computer holds the game at a time, or both would answer each move.
3. **Take.** The new computer opens the parts with its box, writes the
   log as its own (``took`` last) and plays the game from it; what the
   friend typed after the hand-over is answered from there (the room's
   messages since the new device joined are readable to it).

What each side learns: the friend's phone sees a readable line ("A new
device of mine asks for the game so far", "The game so far, for a new
device") and ciphertext; no rack, no seed, no tile of the bag. The game
stays the same game: same bag, same racks, nothing dealt again.

Moving back: the game does not move back by itself (a computer that
handed it over does not ask again at its start, or two computers would
take it in turns). A computer that handed it over lists it as played on
the other computer; opened there (``open N``), it asks again, the same
way, and takes the log that comes only if it holds every entry its own
log held when it handed the game over (an older answer sealed to this
device, still in the room, is not taken): back and forth, as often as
the player likes, the game stays one game. Each hand-over's mark is
sealed into the log it sends, so that the ask it answered, still in the
room, is answered no more wherever the game goes; a log that an older
program sealed without it gets the taking computer's own mark back as it
is taken (:meth:`HonourAsk._with_own_mark`).

Limits: a host whose first computer is gone for good cannot get the game
(the bag's order and the host's rack were only there): the friend is
told by the host, in a chat line, as in any game between friends.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable

from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, PublicKey, SealedBox

from ..presentation import online_phrases, prompts_homes
from . import catchup as cu
from .store import GameLog
from .transport import Message, Transport

#: the catch-up key's value of one part of a sealed honour log
ANSWER = "honour_log"
#: the most characters of the sealed log one part carries
CHUNK = 30_000
#: the log's marks of the game leaving this computer and of it coming here
MOVED, TOOK = "moved", "took"
#: how an honour game's room is named (:func:`..presentation.honour_prompts.room_name`)
ROOM_PREFIX = prompts_homes.HONOUR_ROOM


def hosted_here(room_name: str, my_name: str) -> bool:
    """Whether a room is an honour game's that this user hosts."""
    if not room_name.startswith(ROOM_PREFIX):
        return False
    return room_name[len(ROOM_PREFIX):].split(", ", 1)[0] == my_name


def moved_away(entries: Sequence[Mapping[str, Any]]) -> str:
    """The device a log's game moved to, when it was handed over and not taken back ("" if here)."""
    marks = [e for e in entries if e.get("kind") in (MOVED, TOOK)]
    return str(marks[-1].get("device", "")) if marks and marks[-1].get("kind") == MOVED else ""


def seal_log(box_public_hex: str, entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """A game's log, compressed and sealed to a device's box, in chunks."""
    plain = zlib.compress(json.dumps(list(entries), separators=(",", ":")).encode(), 9)
    sealed = base64.b64encode(SealedBox(PublicKey(bytes.fromhex(box_public_hex))).encrypt(plain)).decode("ascii")
    return [sealed[i:i + CHUNK] for i in range(0, len(sealed), CHUNK)] or [""]


def open_log(secret: bytes, chunks: Sequence[str]) -> list[dict[str, Any]] | None:
    """The log sealed to this device (None: it does not open, or is no log)."""
    try:
        plain = SealedBox(PrivateKey(secret)).decrypt(base64.b64decode("".join(chunks), validate=True))
        entries = json.loads(zlib.decompress(plain))
    except (CryptoError, ValueError, zlib.error, TypeError):
        return None
    if not isinstance(entries, list) or not all(isinstance(e, dict) and "kind" in e for e in entries):
        return None
    return entries


def answer_parts(tag: str, device: str, chunks: Sequence[str], ask_id: str) -> list[dict[str, Any]]:
    return [{cu.KEY: ANSWER, "answer": tag, "device": device, "part": i, "parts": len(chunks),
             "sealed": chunk, "ask": ask_id} for i, chunk in enumerate(chunks)]


@dataclass(frozen=True)
class Part:
    answer: str
    device: str
    index: int
    count: int
    sealed: str


def read_part(record: Mapping[str, Any]) -> Part | None:
    if record.get(cu.KEY) != ANSWER:
        return None
    answer, device, index, count, sealed = (record.get(k) for k in ("answer", "device", "part", "parts", "sealed"))
    if not (isinstance(answer, str) and isinstance(device, str) and isinstance(index, int)
            and isinstance(count, int) and 0 <= index < count <= 100 and isinstance(sealed, str)):
        return None
    return Part(answer, device, index, count, sealed)


def hand_over(transport: Transport, room: str, journal: GameLog, msg: Message) -> str:
    """The computer holding an honour game hears ``msg``, a catch-up ask:
    when it is its own user's other device's, the log goes to it, sealed,
    and the game is noted as moved. The device it moved to ("" none)."""
    assert msg.record is not None
    ask = cu.read_ask(msg.record)
    mine = str(getattr(transport, "device_id", "") or "")
    if ask is None or msg.sender != transport.user_id or not ask.device or ask.device == mine:
        return ""
    entries = journal.entries()
    if moved_away(entries) or any(e.get("kind") == MOVED and e.get("ask") == msg.event_id for e in entries):
        return ""
    # the log sealed with its hand-over mark: the computer taking it answers this ask no more (read again
    # in the room's history, when the game comes back here and goes on from there)
    mark = {"kind": MOVED, "device": ask.device, "ask": msg.event_id}
    chunks = seal_log(ask.box, [*entries, mark])
    # each sealing its own tag (and so its own transaction ids): one tried again after a cut is sent
    # whole, never its first parts answered by the server with those of the last try (sealed apart)
    tag = hashlib.sha256(f"{msg.event_id}/{mine}/{''.join(chunks)}".encode()).hexdigest()[:16]
    parts = answer_parts(tag, ask.device, chunks, msg.event_id)
    for i, part in enumerate(parts):
        transport.send(room, online_phrases.catchup_answer_body(i + 1, len(parts)), part, f"honour.move.{tag}.{i}")
    journal.append(MOVED, device=ask.device, ask=msg.event_id)
    return ask.device


class HonourAsk:
    """A new computer of an honour game's host: it asks the host's other
    computer for the game's log and, once it comes, keeps it as its own
    (``taken``)."""

    def __init__(self, transport: Transport, room: str, journal: GameLog, box_secret: bytes) -> None:
        self.transport = transport
        self.room = room
        self.journal = journal
        self.box_secret = box_secret
        self.device_id = str(getattr(transport, "device_id", "") or "")
        self._parts: dict[str, dict[int, Part]] = {}
        #: the log came and is kept here
        self.taken = False
        self.on_taken: Callable[["HonourAsk"], None] | None = None

    def ask(self) -> bool:
        """Send the ask (once a device and hand-over: the same transaction
        id sends nothing new; a game handed over from here and asked back
        asks anew, once each time it moved)."""
        if not self.device_id:
            return False
        room = hashlib.sha256(self.room.encode()).hexdigest()[:16]
        record = cu.ask_record(self.device_id, cu.box_public(self.box_secret))
        moves = sum(1 for e in self.journal.entries() if e.get("kind") in (MOVED, TOOK))
        again = f".{moves}" if moves else ""  # a new device's first ask: as before
        self.transport.send(self.room, online_phrases.CATCHUP_ASK_BODY, record,
                            f"honour.ask.{self.device_id}.{room}{again}")
        return True

    def _newer(self, entries: list[dict[str, Any]]) -> bool:
        """Whether a log that came holds every entry this computer's log
        held when it handed the game over (a new computer's: any log)."""
        own = self.journal.entries()
        last = max((k for k, e in enumerate(own) if e.get("kind") == MOVED), default=-1)
        before = own[:last] if last >= 0 else own
        return entries[:len(before)] == before and len(entries) > len(before)

    def _with_own_mark(self, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A log come back, with this computer's own hand-over mark (the
        ask it answered) where the log lacks it: an older program sealed
        the log without it, and the ask, still in the room, would be
        answered again here, handing the game straight back."""
        own = self.journal.entries()
        last = max((k for k, e in enumerate(own) if e.get("kind") == MOVED), default=-1)
        if last < 0 or any(e.get("kind") == MOVED and e.get("ask") == own[last].get("ask") for e in entries):
            return entries
        return [*entries[:last], own[last], *entries[last:]]  # where a newer program seals it

    def catch_up(self) -> None:
        for msg in self.transport.history(self.room):
            self.handle(msg)

    def handle(self, msg: Message) -> None:
        """A part of the log sealed to this device, from this user's other computer."""
        if (self.taken or msg.room != self.room or msg.sender != self.transport.user_id or msg.record is None
                or not cu.is_catchup(msg.record)):
            return
        part = read_part(msg.record)
        if part is None or part.device != self.device_id:
            return
        parts = self._parts.setdefault(part.answer, {})
        parts[part.index] = part
        if len(parts) < part.count or any(p.count != part.count for p in parts.values()):
            return
        del self._parts[part.answer]
        entries = open_log(self.box_secret, [parts[i].sealed for i in range(part.count)])
        if entries is None or not any(e.get("kind") == "honour" for e in entries) or not self._newer(entries):
            return  # not a log sealed to this device (or an older one, asked before): another may come
        self.journal.replace([*self._with_own_mark(entries), {"kind": TOOK, "device": self.device_id}])
        self.taken = True
        if self.on_taken is not None:
            self.on_taken(self)


__all__ = ["ANSWER", "HonourAsk", "MOVED", "ROOM_PREFIX", "TOOK", "hand_over", "hosted_here", "moved_away",
           "open_log", "read_part", "seal_log"]
