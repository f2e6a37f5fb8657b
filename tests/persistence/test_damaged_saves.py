"""A save that is damaged, from a newer version, or replays to another
position (audio_scrabble.persistence): kept aside, never lost, the
previous save offered, each case said in one sentence.

Every test works in its own data folder (``AUDIO_SCRABBLE_DATA_DIR``)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from audio_scrabble import persistence
from audio_scrabble.core import ChallengeResolved
from audio_scrabble.persistence import FORMAT_VERSION, SaveFileDamaged, SaveFileTooNew, SaveStore

from persistence_kit import LEX, STAMPED, _two_saves, advance, data_folder, game_with_pending_challenge, listing, new_game, one_sentence, snapshot, store


def resign(doc: dict[str, Any]) -> bytes:
    """A save document with a freshly computed checksum (an edit a checksum cannot catch)."""
    doc["checksum"] = persistence._checksum(doc)
    return json.dumps(doc).encode()


# --------------------------------------------------------- damaged saves
def _mutilations() -> dict[str, Any]:
    def truncate(data: bytes) -> bytes:
        return data[: len(data) // 2]

    def flip(data: bytes) -> bytes:
        i = data.index(b'"actions"') + 40
        return data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1:]

    def bad_json(data: bytes) -> bytes:
        return b"{this is not json"

    def wrong_checksum(data: bytes) -> bytes:
        doc = json.loads(data)
        doc["checksum"] = "sha256:" + "0" * 64
        return json.dumps(doc).encode()

    def edited_score(data: bytes) -> bytes:
        doc = json.loads(data)
        doc["payload"]["summary"]["scores"][0] += 100
        return json.dumps(doc).encode()

    def empty(data: bytes) -> bytes:
        return b""

    def binary(data: bytes) -> bytes:
        return bytes(random.Random(3).randrange(256) for _ in range(500))

    def deep(data: bytes) -> bytes:
        return b"[" * 200_000 + b"]" * 200_000

    def not_ours(data: bytes) -> bytes:
        return b'{"hello": "world"}'

    def nul_bytes(data: bytes) -> bytes:
        return b"\x00" * 4096

    return {f.__name__: f for f in (truncate, flip, bad_json, wrong_checksum, edited_score, empty, binary,
                                    deep, not_ours, nul_bytes)}


MUTILATIONS = _mutilations()


@pytest.mark.parametrize("how", sorted(MUTILATIONS))
def test_damaged_save_is_kept_aside_and_the_previous_one_offered(store: SaveStore, how: str) -> None:
    _, previous = _two_saves(store)
    damaged = MUTILATIONS[how](store.current_path.read_bytes())
    store.current_path.write_bytes(damaged)
    loaded = store.load()
    assert loaded is not None
    assert loaded.notice is not None and one_sentence(loaded.notice), loaded.notice
    assert "the save before it is offered instead" in loaded.notice
    aside = [n for n in listing(store.directory) if re.fullmatch(rf"current\.damaged-{STAMPED}\.json", n)]
    assert len(aside) == 1, listing(store.directory)
    assert aside[0] in loaded.notice
    assert (store.directory / aside[0]).read_bytes() == damaged, "the damaged file must be kept as it was"
    assert loaded.actions == previous["actions"]
    resumed = store.resume_game(LEX)
    assert snapshot(resumed.game) == previous
    assert resumed.notice is None  # already told


@pytest.mark.parametrize("how", ["truncate", "bad_json", "wrong_checksum", "binary"])
def test_damaged_save_without_a_previous_one_is_a_sentence(store: SaveStore, how: str) -> None:
    game = new_game()
    advance(game, random.Random(3), 3)
    store.save(game)
    assert not store.previous_path.exists()
    damaged = MUTILATIONS[how](store.current_path.read_bytes())
    store.current_path.write_bytes(damaged)
    with pytest.raises(SaveFileDamaged) as e:
        store.load()
    message = str(e.value)
    assert one_sentence(message) and "no earlier save" in message, message
    aside = [n for n in listing(store.directory) if n.startswith("current.damaged-")]
    assert len(aside) == 1 and aside[0] in message
    assert (store.directory / aside[0]).read_bytes() == damaged
    assert store.load() is None  # told once; the next start begins afresh


def test_a_damaged_save_that_cannot_be_moved_aside_is_told_in_a_plain_sentence(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game()
    advance(game, random.Random(3), 3)
    store.save(game)
    store.current_path.write_bytes(MUTILATIONS["truncate"](store.current_path.read_bytes()))
    monkeypatch.setattr(SaveStore, "_set_aside", lambda self, path, problem: None)
    with pytest.raises(SaveFileDamaged) as e:
        store.load()
    message = str(e.value)
    assert one_sentence(message) and "kept as left" not in message, message
    assert "could not be moved" in message, message


def test_checksum_mismatch_is_named(store: SaveStore) -> None:
    _two_saves(store)
    store.current_path.write_bytes(MUTILATIONS["edited_score"](store.current_path.read_bytes()))
    loaded = store.load()
    assert loaded is not None and loaded.notice is not None and "checksum" in loaded.notice


def test_save_from_a_newer_version_is_kept_aside(store: SaveStore) -> None:
    _, previous = _two_saves(store)
    doc = json.loads(store.current_path.read_bytes())
    doc["format"] = FORMAT_VERSION + 1
    doc["version"] = "9.0.0"
    newer = resign(doc)
    store.current_path.write_bytes(newer)
    loaded = store.load()
    assert loaded is not None and loaded.notice is not None and one_sentence(loaded.notice)
    assert "newer" in loaded.notice and "9.0.0" in loaded.notice
    aside = [n for n in listing(store.directory) if re.fullmatch(rf"current\.newer-{STAMPED}\.json", n)]
    assert len(aside) == 1 and (store.directory / aside[0]).read_bytes() == newer
    assert snapshot(store.resume_game(LEX).game) == previous


def test_both_saves_from_a_newer_version(store: SaveStore) -> None:
    _two_saves(store)
    for path in (store.current_path, store.previous_path):
        doc = json.loads(path.read_bytes())
        doc["format"] = FORMAT_VERSION + 5
        path.write_bytes(resign(doc))
    with pytest.raises(SaveFileTooNew) as e:
        store.load()
    assert one_sentence(str(e.value)) and "Neither save" in str(e.value)
    assert len([n for n in listing(store.directory) if ".newer-" in n]) == 2


def test_save_that_does_not_replay_is_kept_aside(store: SaveStore) -> None:
    game, previous = _two_saves(store)
    doc = json.loads(store.current_path.read_bytes())
    actions = doc["payload"]["actions"]
    # An exchange of tiles nobody holds, checksummed as if it were genuine.
    actions.insert(len(actions) - 1, {"type": "exchange", "tiles": "ZZZZZZZ"})
    tampered = resign(doc)
    store.current_path.write_bytes(tampered)
    assert store.load() is not None  # the shape is fine; only the replay can tell
    resumed = store.resume_game(LEX)
    assert resumed.notice is not None and one_sentence(resumed.notice), resumed.notice
    assert "do not replay" in resumed.notice
    assert snapshot(resumed.game) == previous
    aside = [n for n in listing(store.directory) if n.startswith("current.damaged-")]
    assert len(aside) == 1 and (store.directory / aside[0]).read_bytes() == tampered


def test_save_that_replays_to_another_position_is_kept_aside(store: SaveStore) -> None:
    _, previous = _two_saves(store)
    doc = json.loads(store.current_path.read_bytes())
    doc["payload"]["state"] = "0" * 64
    store.current_path.write_bytes(resign(doc))
    resumed = store.resume_game(LEX)
    assert resumed.notice is not None and "position that was saved" in resumed.notice
    assert snapshot(resumed.game) == previous


def test_replay_with_another_word_list_is_detected(store: SaveStore) -> None:
    """A challenge decided by another word list leads elsewhere: refused, not resumed wrongly."""
    game = game_with_pending_challenge("double")
    game.challenge()
    store.save(game)

    class Everything:
        def __contains__(self, word: object) -> bool:
            return True

    class Nothing:
        def __contains__(self, word: object) -> bool:
            return False

    resolved = next(e for e in game.last_events if isinstance(e, ChallengeResolved))
    other = Everything() if resolved.withdrawn else Nothing()
    with pytest.raises(SaveFileDamaged) as e:
        store.resume_game(other)
    assert one_sentence(str(e.value))


@pytest.mark.parametrize(
    "edit",
    [
        lambda p: p.update(actions="nope"),
        lambda p: p["actions"].append({"type": "place", "tiles": [[7, 7, "A"]]}),
        lambda p: p["actions"].append({"type": "place", "tiles": [["x", 7, "A", False]]}),
        lambda p: p["actions"].append({"type": "dance"}),
        lambda p: p["actions"].append({"type": "challenge", "challenger": "Bob"}),
        lambda p: p["actions"].append({"type": "exchange", "tiles": 3}),
        lambda p: p["actions"].append({"type": "place", "tiles": [[7, 7, "A", False]], "direction": "up"}),
        lambda p: p["config"].update(names=["Solo"]),
        lambda p: p["config"].update(rules="chess"),
        lambda p: p["config"].update(seed="7"),
        lambda p: p.update(settings=[]),
        lambda p: p["summary"].update(current=9),
        lambda p: p.update(started="yesterday"),
        lambda p: p.pop("state"),
    ],
)
def test_malformed_content_with_a_valid_checksum_is_damaged(store: SaveStore, edit: Any) -> None:
    game = new_game()
    advance(game, random.Random(1), 3)
    store.save(game)
    doc = json.loads(store.current_path.read_bytes())
    edit(doc["payload"])
    store.current_path.write_bytes(resign(doc))
    with pytest.raises(SaveFileDamaged) as e:
        store.resume_game(LEX)
    assert one_sentence(str(e.value)), str(e.value)


def test_unreadable_save_folder_entry(store: SaveStore) -> None:
    store.directory.mkdir(parents=True)
    store.current_path.mkdir()
    with pytest.raises(SaveFileDamaged) as e:
        store.load()
    assert "folder" in str(e.value)
