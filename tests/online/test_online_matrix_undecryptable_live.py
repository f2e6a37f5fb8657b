"""A message heard live that this device cannot decrypt (its key never
comes) holds its room's later messages back a minute at most
(matrix.LIVE_KEY_WAIT_MOST): then it is skipped, counted in
``undecryptable``, and the moves and chat lines after it are handed on.
Before, it held them back until the program was restarted: the game went
silent, every later move and chat line of the room unsaid. The
transport's delivery is driven here with nio's own events and a client
that can decrypt nothing (no homeserver: the bug is in the order kept,
not in Matrix's answers)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

nio = pytest.importorskip("nio", reason="matrix-nio is not installed")

from audio_scrabble.online import matrix  # noqa: E402
from audio_scrabble.online.transport import Message  # noqa: E402

ROOM = "!game:x"


class _Room:
    encrypted = False


class _Client:
    """A client that can decrypt nothing, in a room without encryption."""

    rooms = {ROOM: _Room()}

    def decrypt_event(self, event: Any) -> Any:
        raise nio.EncryptionError("no key")

    async def request_room_key(self, event: Any) -> None:
        return None


def _transport() -> Any:
    t = object.__new__(matrix.MatrixTransport)
    t._nio, t._client, t.allow_unencrypted = nio, _Client(), True
    t._pending, t._waiting_since, t._asked_keys = {}, {}, set()
    t._lock, t._seen, t._undelivered, t.undecryptable = threading.Lock(), set(), [], 0
    return t


def _events() -> list[Any]:
    locked = nio.Event.parse_event({
        "type": "m.room.encrypted", "event_id": "$locked", "sender": "@bob:x", "origin_server_ts": 1,
        "content": {"algorithm": "m.megolm.v1.aes-sha2", "ciphertext": "abc", "sender_key": "k",
                    "session_id": "s", "device_id": "D"}})
    after = nio.Event.parse_event({
        "type": "m.room.message", "event_id": "$after", "sender": "@bob:x", "origin_server_ts": 2,
        "content": {"msgtype": "m.text", "body": "are you there?"}})
    return [locked, after]


def test_a_message_whose_key_never_comes_stops_holding_its_room_back(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(matrix.time, "monotonic", lambda: clock[0])
    t = _transport()
    heard: list[Message] = []
    t._callback = heard.append
    t._pending[ROOM] = _events()

    def deliver() -> None:
        asyncio.run(t._deliver())

    deliver()
    assert heard == []  # held back, in order, while its key may come
    clock[0] += 30
    deliver()
    assert heard == []
    clock[0] += matrix.LIVE_KEY_WAIT_MOST
    deliver()
    assert [m.body for m in heard] == ["are you there?"], heard  # the room goes on
    assert t.undecryptable == 1
