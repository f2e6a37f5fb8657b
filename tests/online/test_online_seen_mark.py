"""The game's log keeps its own last "seen" mark (online/store.py,
GameLog.seen and mark_seen): console/homes/online_since.py no longer holds
a module-level cache of it; a mark is written once, never backwards, and a
log opened again (another GameLog on the same file) reads it."""

from __future__ import annotations

from pathlib import Path

from audio_scrabble.console.homes import online_since
from audio_scrabble.online.store import GameLog, OnlineStore


def test_the_log_keeps_its_last_seen_mark(tmp_path: Path) -> None:
    log = OnlineStore(tmp_path).game_log("!room:example.org")
    assert log.seen() == 0
    log.mark_seen(3)
    log.mark_seen(3)  # no further: not written again
    log.mark_seen(2)  # backwards: not written
    log.mark_seen(5)
    assert log.seen() == 5
    assert [e["events"] for e in log.entries() if e["kind"] == "seen"] == [3, 5]
    again = GameLog(log.path, log.room)
    assert again.seen() == 5
    online_since.note_seen(again, 6)
    assert online_since.seen_mark(GameLog(log.path, log.room)) == 6


def test_online_since_keeps_no_state_of_its_own() -> None:
    assert not hasattr(online_since, "_NOTED")
    assert online_since.seen_mark(None) == 0
    online_since.note_seen(None, 4)  # no log: nothing to note, no error
