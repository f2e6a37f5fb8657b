"""The limits of a new device's catch-up, mended (online/catchup.py,
GameLink in online/match.py, the referee's resignation without keys).

* An answer's ``after`` (the messages since the last record that are not
  records) is counted against the part limit: a long one is spread over
  several parts, each under the limit, and read back whole.
* What a link keeps of asks and of the devices records came from is
  bounded.
* A new device whose player's first computer is gone for good (no seed
  anywhere) is told what happened and what to do, and may resign: the
  resignation goes without the keys it cannot show, every side takes it,
  and the game ends at once (the deal, never checkable, said so).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_online_console_commands import settle  # type: ignore[import-not-found]
from catchup_kit import Device, game, laptop_link, play_some, sign_in, two_devices  # type: ignore[import-not-found]  # noqa: F401 (the fixture)

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup, match
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.online.match import DONE
from audio_scrabble.online.transport import Message
from audio_scrabble.presentation import online_phrases, prompts_homes


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


# ---------------------------------------------------------------- 2. after, counted
def _size(part: dict[str, Any]) -> int:
    return len(json.dumps(part, separators=(",", ":")))


def test_a_long_after_is_spread_over_parts_that_each_fit() -> None:
    entries = [catchup.entry(f"$ev{i}", "@bob:loopback", "x" * 50, i, {"deck": "a" * 9_000}) for i in range(9)]
    after = [f"$chat{i:05d}_" + "z" * 40 for i in range(2_500)]  # some 150 kB of event ids
    parts = catchup.answer_parts("tag", "LAPTOP", entries, seed="s" * 200, after=after)
    assert len(parts) > 3
    slack = 500  # the part's own fields beside its entries and after
    assert all(_size(p) <= catchup.PART_BYTES + slack for p in parts), [_size(p) for p in parts]
    read = [catchup.read_part(p) for p in parts]
    assert all(r is not None for r in read)
    assert [a for r in read if r is not None for a in r.after] == after  # whole, in order
    assert [e["event_id"] for r in read if r is not None for e in r.entries] == [e["event_id"] for e in entries]
    assert [r.seed for r in read if r is not None][-1] == "s" * 200


def test_a_game_answered_with_a_long_after_is_taken_whole(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    link = alice.home.links[room]
    after = [f"$said{i:05d}" + "q" * 40 for i in range(1_500)]
    parts = catchup.answer_parts("big", "LAPTOP", list(link.entries), after=after)
    assert len(parts) > 1
    laptop = laptop_link(net, room, lexicon)
    for i, part in enumerate(parts):
        laptop.handle(Message(room, "@alice:loopback", f"$big.{i}", "answer", part))
    assert laptop.caught_up is not None and len(laptop.state.log) == len(link.state.log)
    assert laptop._after[:len(after)] == after


# ---------------------------------------------------------------- 3. bounded
def _ask(room: str, i: int) -> Message:
    return Message(room, "@bob:loopback", f"$ask{i}", "ask", catchup.ask_record(f"DEV{i}", "ab" * 32))


def test_asks_kept_are_bounded_and_answered_ones_let_go(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    waiting = laptop_link(net, room, lexicon)  # holds no game: cannot answer, keeps the asks
    for i in range(200):
        waiting.handle(_ask(room, i))
    assert len(waiting._asks) <= match.ASKS_KEPT
    assert "$ask199" in waiting._asks  # the newest kept
    link = alice.home.links[room]
    link._reading_history = True  # asks heard, Bob's first computer answering before Alice can
    try:
        for i in range(10):
            link.handle(_ask(room, 1000 + i))
            part = catchup.answer_parts(f"t{i}", f"DEV{1000 + i}", list(link.entries))[0]
            part["ask"] = f"$ask{1000 + i}"
            link.handle(Message(room, "@carol:loopback", f"$ans{i}", "answer", part))
    finally:
        link._reading_history = False
    assert link._asks_answered  # some other home answered them
    link._answer_asks()
    assert link._asks_answered == set() and link._asks == {}  # none kept once answered


def test_the_devices_of_records_are_kept_for_the_last_records_only(game: Any, monkeypatch: Any) -> None:
    net, alice, bob, room = game
    link = alice.home.links[room]
    assert len(link._devices) <= match.DEVICES_KEPT
    monkeypatch.setattr(match, "DEVICES_KEPT", 2)
    alice.line("open 1")
    bob.line("open 1")
    game_ = alice.session.game
    assert game_ is not None
    mover = alice if game_.names[game_.current] == "Alice" else bob
    assert "You passed." in mover.line("pass")
    settle(alice, bob)
    seqs = sorted(link._devices)
    assert len(seqs) <= 3 and seqs[-1] == len(link.state.log) - 1, seqs


# ---------------------------------------------------------------- 4. the first computer gone for good
def test_a_seedless_device_is_told_it_may_resign() -> None:
    lines = prompts_homes.seedless(["Alice"])
    assert any("gone for good" in line for line in lines) and any("resign" in line for line in lines), lines
    assert all(len(line) <= 40 for line in lines)
    assert "resign" in online_phrases.SEEDLESS_REFUSAL
    assert all(len(line) <= 40 for line in online_phrases.keys_lost_lines("Bartholomew", ["A", "B"], [10, 20]))
    assert all(len(line) <= 40 for line in prompts_homes.SEEDLESS_AT_TABLE)


def test_the_new_device_without_keys_resigns_and_the_game_ends_everywhere(
        tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob = two_devices(tmp_path, lexicon)
    laptop: Device | None = None
    try:
        play_some(alice, bob)
        room = alice.home.rooms[0]
        bob.close()  # his first computer, gone for good
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, laptop)
        link = laptop.home.links[room]
        assert link.seedless
        heard = laptop.line("") + laptop.heard
        assert any("gone for good" in line for line in heard), heard
        opened = " ".join(laptop.line("open 1") + laptop.line(""))
        assert "type resign to end the game" in opened and "still coming" not in opened, opened
        said = " ".join(laptop.line("resign"))
        assert "keys of the deal follow" not in said, said  # none do
        settle(alice, laptop)
        assert "cannot be read" not in said, said
        laptop.line("")
        theirs = alice.home.links[room]
        assert theirs.refusals == [] and link.refusals == []
        for side in (theirs, link):
            final = side.state.final
            assert final is not None and final.resigned == side.state.seat_of("@bob:loopback")
            assert not final.checked and side.pending() == DONE
        alice_heard = " ".join(alice.line("") + alice.heard)
        assert "keys of the deal were lost" in alice_heard, alice_heard[-400:]
        assert "Bob resigns" in alice_heard or "Bob resigned" in alice_heard, alice_heard[-400:]
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()


# ---------------------------------------------------------------- 5. found by keyboard, over Synapse
def test_a_device_that_reads_the_game_without_the_seed_asks_for_it(tmp_path: Path, lexicon: Any) -> None:
    """Under Matrix, Bob's running first computer forwards the room's keys
    to his laptop, which then reads every record but holds no seed: it
    used to follow the game for ever, asking nothing. It asks for the seed
    (once), and his first computer sends it: the laptop plays."""
    net = LoopbackNetwork()  # every device reads the whole room: as with the keys forwarded
    alice = Device(net, "Alice", tmp_path / "alice", lexicon, "ALICE1")
    bob = Device(net, "Bob", tmp_path / "bob", lexicon, "BOB1")
    sign_in(alice)
    sign_in(bob)
    laptop: Device | None = None
    try:
        play_some(alice, bob)
        room = alice.home.rooms[0]
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice, bob, laptop)
        link = laptop.home.links[room]
        assert link.state.log and not link.seedless, "the laptop was never sent its seed"
        assert laptop.home.seeds[link.state.game_id] == bob.home.seeds[link.state.game_id]
        asks = [m for m in net.messages(room) if m.record is not None and m.record.get("catchup") == "ask"]
        assert len(asks) == 1
        laptop.close()
        again = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(again)  # the account on file: no new ask, the seed is here
        settle(alice, bob, again)
        assert len([m for m in net.messages(room) if m.record is not None
                    and m.record.get("catchup") == "ask"]) == 1
        again.close()
    finally:
        for p in (alice, bob, laptop):
            if p is not None:
                p.close()


def test_the_keys_coming_after_the_game_was_followed_are_said() -> None:
    from types import SimpleNamespace

    from audio_scrabble.console.homes.online_catching import caught_up_said

    played = SimpleNamespace(seedless=False)
    assert caught_up_said(played, 3, "")[-1] == prompts_homes.KEYS_CAME[-1]  # type: ignore[arg-type]
    assert caught_up_said(played, 3, "Alice") == prompts_homes.caught_up(3, "Alice")  # type: ignore[arg-type]
    assert caught_up_said(SimpleNamespace(seedless=True), 3, "") == prompts_homes.caught_up(3, "")  # type: ignore[arg-type]
    assert all(len(line) <= 40 for line in prompts_homes.KEYS_CAME)
