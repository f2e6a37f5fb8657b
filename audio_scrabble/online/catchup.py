"""A new device of a seated player gets the game it could not read.

A room's messages are readable by the devices their sender knew of when
sending: a player who signs in on a second computer, or reinstalls, has a
new device that cannot read the room's earlier records (matrix-nio has no
key backup). The homes that hold the game give it the game instead:

1. **Ask.** The new device finds a game's room whose history it cannot
   rebuild (no offer readable) and sends an *ask* (``{"catchup": "ask"}``)
   naming its device and the public half of its catch-up box (a
   Curve25519 key kept in the data folder, 0600: :func:`box_key`). A
   device that reads the game but holds no seed of its player's (under
   Matrix, the player's own running computer forwards the room's keys to
   it) asks too, once: for the seed.
2. **Answer.** Every program that holds the game and hears the ask from
   a seated player's device (at once, or at its next start if the ask is
   still unanswered in the room) sends the records it applied, in the
   room's order, each with its event id, sender and server timestamp,
   split into parts that each fit a message (:func:`answer_parts`: the
   records and the ``after`` list below, both counted).
   Only the player's own other device (the same user) adds the deal's
   seed of that player, sealed to the asking device's box
   (:func:`seal_seed`): no other home has it, and no one else can open it.
3. **Apply.** The new device puts the parts together and referees every
   record as if it had read it in the room (:meth:`.match.GameLink`): the
   hash chain from the offer, whose turn, every move checked with the
   rules. An answer that does not follow is refused whole. Only a
   seated player's answer (or this player's own other device's) is
   taken; once one is, a later one only when it brings more: this
   player's seed (the game refereed again from that answer's records,
   and what came since), or more records (a short answer, taken only
   where the transport cannot list the room's events: see below).
   Records heard live before the answer came, which it may not carry,
   follow it.

What each side learns: the records are what every member of the room
already reads (locked decks, sealed keys, plays); nothing in them shows
a rack. The seed goes only to a device of its own player, sealed: other
players' programs see ciphertext. The bag stays fair: the new device is
the same seat with the same seed; nothing is dealt again.

Checked against the room (:func:`forged`): a device sees every message
of the room (its event id, sender and time) even when it cannot decrypt
it (a transport's ``events``, :class:`~.transport.ListsEvents`). Each
answered record must name such a message, from its sender, at its time,
in the room's order; and every message after the last record that this
device cannot read must be named by the answer (``after``: the
answerer's chat lines, catch-up messages and refused records since its
last record), so a record left off the end is seen. A false answer is
not taken (said once: "Alice's answer was false; not taken.") and the
device, still behind, asks again at its next start (a new ask only once
the last one was answered).

Limits, said plainly: a device whose player's seed is nowhere else (the
only computer that held it is gone) can follow the game but not play it:
its tiles need that seed's keys, which no one else has, and a new deal
would change every rack. Its way out is to resign: the resignation goes
without the keys it cannot show (``deal.lost``), every side takes it, and
the game ends at once, the deal never checked (a resignation loses,
whatever it hides). An honour game's host moves its game to a new
computer another way (:mod:`.honour_moving`). What the room's metadata cannot show is still
believed until this side sends a record (then the others' programs
refuse one that does not follow their own log): a liar who names the
last record's message in ``after`` as a chat line, or who puts a record
of the rules' own making on the event id of a chat line of its sender's
(the content of a message this device cannot read is not known here).
A home that has not heard a message the new device cannot read (its
own key was missing) answers short, and is refused: another home's
answer, or the next start's, is taken.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, PublicKey, SealedBox

from .transport import RECORD, UNREAD, RoomEvent

#: the key of a catch-up message's structured part (beside a game record's fields)
KEY = "catchup"
ASK, ANSWER = "ask", "answer"
#: the most bytes of records one answer message carries (a Matrix event is at most 64 KiB)
PART_BYTES = 40_000


def is_catchup(record: Mapping[str, Any] | None) -> bool:
    """Whether a message's structured part is a catch-up's, not a record's."""
    return record is not None and KEY in record


@dataclass(frozen=True)
class Ask:
    device: str
    box: str


@dataclass(frozen=True)
class Part:
    """One message of an answer."""

    answer: str
    device: str
    index: int
    count: int
    entries: tuple[Mapping[str, Any], ...]
    seed: str
    #: the event ids of the room's messages after the last record that are
    #: not records (chat lines, catch-up messages, refused records)
    after: tuple[str, ...] = ()


def ask_record(device: str, box_public: str) -> dict[str, Any]:
    return {KEY: ASK, "device": device, "box": box_public}


def read_ask(record: Mapping[str, Any]) -> Ask | None:
    device, box = record.get("device"), record.get("box")
    if record.get(KEY) != ASK or not isinstance(device, str) or not isinstance(box, str) or len(box) != 64:
        return None
    try:
        bytes.fromhex(box)
    except ValueError:
        return None
    return Ask(device, box)


def entry(event_id: str, sender: str, body: str, ts: int, record: Mapping[str, Any]) -> dict[str, Any]:
    """One applied record as an answer carries it."""
    return {"event_id": event_id, "sender": sender, "body": body, "ts": ts, "record": dict(record)}


def answer_parts(answer_id: str, device: str, entries: Sequence[Mapping[str, Any]],
                 seed: str = "", after: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The answer's messages: the entries in order, then the messages after
    the last record that are not records (``after``, their event ids), packed
    so that each message's entries, ``after`` and seed stay under
    :data:`PART_BYTES`; the sealed seed, if any, in the last."""
    groups: list[tuple[list[Mapping[str, Any]], list[str]]] = [([], [])]
    size = 0

    def room_for(n: int) -> None:
        nonlocal size
        if (groups[-1][0] or groups[-1][1]) and size + n > PART_BYTES:
            groups.append(([], []))
            size = 0
        size += n

    for e in entries:
        room_for(len(json.dumps(e, separators=(",", ":"))))
        groups[-1][0].append(e)
    for a in after:
        room_for(len(json.dumps(a)) + 1)
        groups[-1][1].append(a)
    if seed:
        room_for(len(seed) + 10)  # the seed's own part when the last is full
    out = []
    for i, (group, named) in enumerate(groups):
        part: dict[str, Any] = {KEY: ANSWER, "answer": answer_id, "device": device, "part": i,
                                "parts": len(groups), "entries": list(group)}
        if seed and i == len(groups) - 1:
            part["seed"] = seed
        if named:
            part["after"] = named
        out.append(part)
    return out


def read_part(record: Mapping[str, Any]) -> Part | None:
    """One answer message, or None when it is not one (malformed)."""
    if record.get(KEY) != ANSWER:
        return None
    answer, device, index, count = (record.get(k) for k in ("answer", "device", "part", "parts"))
    entries, seed, after = record.get("entries"), record.get("seed", ""), record.get("after", [])
    if not (isinstance(answer, str) and isinstance(device, str) and isinstance(index, int)
            and isinstance(count, int) and 0 <= index < count <= 1000 and isinstance(entries, list)
            and isinstance(seed, str) and isinstance(after, list) and all(isinstance(a, str) for a in after)):
        return None
    good = []
    for e in entries:
        if not (isinstance(e, Mapping) and isinstance(e.get("event_id"), str) and isinstance(e.get("sender"), str)
                and isinstance(e.get("record"), Mapping) and isinstance(e.get("ts", 0), int)
                and isinstance(e.get("body", ""), str)):
            return None
        good.append(e)
    return Part(answer, device, index, count, tuple(good), seed, tuple(after))


def forged(entries: Sequence[Mapping[str, Any]], after: Sequence[str], events: Sequence[RoomEvent]) -> bool:
    """Whether an answer's records do not match the room's own events: each
    record must name an event of the room, from its sender, at its time,
    in the room's order, not one this device read as something else; and
    every message after the last one that this device cannot read must be
    named as not a record (``after``), else a record was left off the end."""
    where = {ev.event_id: (i, ev) for i, ev in enumerate(events)}
    last = -1
    for e in entries:
        hit = where.get(str(e.get("event_id")))
        if hit is None:
            return True  # no such event: a record that was never sent
        i, ev = hit
        if i <= last or ev.sender != e.get("sender") or (ev.timestamp_ms and ev.timestamp_ms != e.get("ts", 0)):
            return True
        if ev.kind not in (RECORD, UNREAD):
            return True  # read here as a chat line or a catch-up message
        last = i
    named = set(after)
    return any(ev.kind == UNREAD and ev.event_id not in named for ev in events[last + 1:])


# ---------------------------------------------------------------- the seed, sealed to a device
def box_key(secret: bytes) -> PrivateKey:
    """A device's catch-up box from its 32 secret bytes (kept in the data folder)."""
    return PrivateKey(secret)


def box_public(secret: bytes) -> str:
    return bytes(box_key(secret).public_key).hex()


def seal_seed(box_public_hex: str, game_id: str, seed: bytes) -> str:
    """A player's deal seed of one game, sealed to its new device's box."""
    plain = json.dumps({"game": game_id, "seed": seed.hex()}).encode()
    return base64.b64encode(SealedBox(PublicKey(bytes.fromhex(box_public_hex))).encrypt(plain)).decode("ascii")


def open_seed(secret: bytes, sealed: str) -> tuple[str, bytes] | None:
    """(game id, seed) sealed to this device, or None when it does not open."""
    try:
        data = json.loads(SealedBox(box_key(secret)).decrypt(base64.b64decode(sealed, validate=True)))
        seed = bytes.fromhex(str(data["seed"]))
        game = str(data["game"])
    except (CryptoError, ValueError, TypeError, KeyError):
        return None
    return (game, seed) if len(seed) == 32 else None


__all__ = ["ANSWER", "ASK", "Ask", "KEY", "PART_BYTES", "Part", "answer_parts", "ask_record", "box_key",
           "box_public", "entry", "forged", "is_catchup", "open_seed", "read_ask", "read_part", "seal_seed"]
