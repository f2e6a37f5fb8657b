"""A catch-up answer cut mid-way (online/match.py, GameLink._answer_asks)
and sent again after more records came: each try seals its own tag, so
its transaction ids are its own. Before, the tag was made of the ask
and this device only: the homeserver took the second try's first parts
as the first try's (the same transaction ids: nothing new sent) and its
last ones as new, so the new device put together parts of two answers
(the bug review5 mended for an honour game's hand-over). Alice's answer
to Bob's laptop, in small parts, is cut after its first; Bob's first
computer is off; Alice passes and opens the game (its catch-up
answers again). The ask counts as answered only once an answer to it is
heard whole: before, its first part alone ended it, so the rest was
never sent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup
from audio_scrabble.online.failures import Unreachable

from catchup_kit import BOX, play_some, two_devices  # type: ignore[import-not-found]
from homes_kit import settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class _Cut:
    """A transport whose second catch-up answer part fails once; every answer part's content kept by its id."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.sent: dict[str, set[str]] = {}
        self.parts = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        if txn_id.startswith("catchup.answer."):
            self.parts += 1
            if self.parts == 2:
                raise Unreachable("loopback", "sending")
            self.sent.setdefault(txn_id, set()).add(json.dumps(record, sort_keys=True))
        return str(self.inner.send(room, body, record, txn_id))


def test_an_answer_sent_again_after_more_records_uses_its_own_ids(
        tmp_path: Path, lexicon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catchup, "PART_BYTES", 400)  # an answer in several parts
    net, alice, bob = two_devices(tmp_path, lexicon)
    try:
        play_some(alice, bob)
        room = alice.home.rooms[0]
        link = alice.home.links[room]
        if link.pending() != "play":
            assert "You passed." in bob.line("pass")
            settle(alice, bob)
            alice.line("")
        assert link.pending() == "play"
        bob.close()  # his first computer, off, answers nothing (it would, with his keys)
        cut = _Cut(link.transport)
        link.transport = cut
        net.inject(room, bob.user, "ask", catchup.ask_record("LAPTOP", catchup.box_public(BOX)))
        settle(alice)
        assert cut.parts >= 2 and len(cut.sent) == 1, cut.parts  # the answer cut after its first part
        assert "You passed." in alice.line("pass")  # a record more before the answer is sent again
        settle(alice)
        alice.home.open(1)  # read again: the ask answered again, with the pass
        settle(alice)
        assert len(cut.sent) > 1, cut.sent
        shared = {txn: bodies for txn, bodies in cut.sent.items() if len(bodies) > 1}
        assert not shared, sorted(shared)  # one id, one part
    finally:
        alice.close()
        bob.close()
