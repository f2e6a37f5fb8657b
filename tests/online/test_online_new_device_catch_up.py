"""A new device of a seated player gets the whole game between homes
(online/catchup.py, GameLink's ask and answer, console/homes/online_catching.py).

Over the loopback transport made like Matrix's encryption
(``LoopbackNetwork(late_devices=True)``: a device reads only the messages
sent after it first connected). Bob plays a few moves with Alice, then
signs in on a second computer (a new device, an empty data folder): it
cannot read the room's records, asks, and:

* Alice's home answers with the records (not Bob's seed: she has none),
  so the laptop follows the game and says it cannot play it;
* Bob's first computer answers with the records and his deal seed,
  sealed to the laptop's box, so the laptop plays on: its rack is his,
  its move is made on every side; Alice's program never sees the seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import prompts_homes

from catchup_kit import PASSES, Device, game, sign_in  # type: ignore[import-not-found]  # noqa: F401 (the fixture)
from homes_kit import settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _seeds_seen_by(net: LoopbackNetwork, room: str, user: str) -> list[str]:
    return [str(m.record.get("seed", "")) for m in net.messages(room)
            if m.record is not None and catchup.is_catchup(m.record) and m.sender == user and m.record.get("seed")]


def test_a_new_computer_is_caught_up_by_the_other_home_and_follows_the_game(
        game: tuple[LoopbackNetwork, Device, Device, str], tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob, room = game
    moves = PASSES
    bob.close()  # his first computer is off
    laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
    try:
        said = sign_in(laptop)
        assert not laptop.transports[0].history(room) or all(
            m.record is None or catchup.is_catchup(m.record) for m in laptop.transports[0].history(room))
        assert prompts_homes.CATCHUP_ASKED[0] in said, said
        settle(alice, laptop)
        link = laptop.home.links[room]
        assert link.state.game is not None and len(link.state.log) == len(alice.home.links[room].state.log)
        heard = laptop.line("")
        assert prompts_homes.caught_up(moves, "Alice")[0] in heard + laptop.heard, heard
        assert link.seedless and any("cannot be read here" in line for line in heard + laptop.heard)
        assert _seeds_seen_by(net, room, "@alice:loopback") == []  # the other home sends no seed
        games = laptop.line("games")
        assert any("with Alice" in line for line in games), games  # the only game: "1 online game: with Alice, ..."
        laptop.line("open 1")
        sent = len(net.messages(room))
        game = laptop.session.game
        assert game is not None
        if game.current != link.state.my_seat:  # Alice passes: the laptop's turn
            alice.line("pass")
            settle(alice, laptop)
            laptop.line("")
        refused = " ".join(laptop.line("pass"))
        assert "cannot be read on this device" in refused, refused  # refused at once, one sentence
        assert not any(m.sender == "@bob:loopback" and m.record is not None and "seq" in m.record
                       for m in net.messages(room)[sent:])  # nothing sent
        # Bob's first computer runs again: it answers the laptop's ask, still
        # owed its seed, at its start; the laptop can now play the game
        bob2 = Device(net, "Bob", tmp_path / "bob", lexicon, "BOB1")
        bob2.home.connect()
        settle(bob2, laptop, alice)
        assert not link.seedless
        assert laptop.home.seeds[link.state.game_id] == bob2.home.seeds[link.state.game_id]
        assert prompts_homes.caught_up(moves, "")[0] in laptop.line(""), laptop.heard[-6:]
        bob2.close()
    finally:
        laptop.close()


def test_the_players_other_computer_sends_the_seed_and_the_new_one_plays_on(
        game: tuple[LoopbackNetwork, Device, Device, str], tmp_path: Path, lexicon: Any) -> None:
    net, alice, bob, room = game
    game_id = alice.home.links[room].state.game_id
    bob_rack = sorted(bob.home.links[room].state.game.players[1 if bob.home.links[room].state.my_seat else 0].rack)  # type: ignore[union-attr]
    alice.close()  # only Bob's first computer answers
    laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
    try:
        said = sign_in(laptop)
        assert prompts_homes.CATCHUP_ASKED[0] in said, said
        settle(bob, laptop)
        link = laptop.home.links[room]
        assert not link.seedless
        assert laptop.home.seeds[game_id] == bob.home.seeds[game_id]  # his seed, sealed to the laptop
        sealed = _seeds_seen_by(net, room, "@bob:loopback")
        assert sealed and all(bob.home.seeds[game_id].hex() not in s for s in sealed)  # never in the clear
        assert catchup.open_seed(alice.store.catchup_secret(), sealed[0]) is None  # Alice's box cannot open it
        seat = link.state.my_seat
        assert seat is not None and link.state.game is not None
        assert sorted(link.state.game.players[seat].rack) == bob_rack  # his own rack, read here
        heard = laptop.line("")
        assert prompts_homes.caught_up(3, "")[0] in heard + laptop.heard, heard
        # Alice comes back: the laptop's move is made on every side
        alice2 = Device(net, "Alice", tmp_path / "alice", lexicon, "ALICE1")
        sign_in(alice2)
        settle(alice2, bob, laptop)
        laptop.line("open 1")
        game = laptop.session.game
        assert game is not None
        if game.names[game.current] == "Alice":
            alice2.line("open 1")
            assert "You passed." in alice2.line("pass")
            settle(alice2, bob, laptop)
            laptop.line("")
        assert "You passed." in laptop.line("pass"), laptop.heard[-5:]
        settle(alice2, bob, laptop)
        assert len(alice2.home.links[room].state.log) == len(link.state.log)
        assert alice2.home.links[room].refusals == []
        # the laptop restarts: the game comes back from the answer in the room and what followed
        laptop.close()
        again = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        said = again.home.connect()
        assert not any(line.startswith("Caught up") for line in said), said  # said once, not at each start
        back = again.home.links[room]
        assert len(back.state.log) == len(alice2.home.links[room].state.log) and not back.seedless
        again.close()
        alice2.close()
    finally:
        laptop.close()


def test_an_answer_is_split_into_messages_that_fit_and_read_back_whole() -> None:
    entries = [catchup.entry(f"$ev{i}", "@bob:loopback", "x" * 50, i, {"deck": "a" * 9_000}) for i in range(12)]
    parts = catchup.answer_parts("tag", "LAPTOP", entries, seed="sealed")
    assert len(parts) > 1
    assert all(len(str(p)) < 64_000 for p in parts)  # a Matrix event is at most 64 KiB
    read = [catchup.read_part(p) for p in parts]
    assert all(r is not None for r in read)
    assert [e["event_id"] for r in read if r is not None for e in r.entries] == [e["event_id"] for e in entries]
    assert [r.seed for r in read if r is not None] == [""] * (len(parts) - 1) + ["sealed"]  # the seed in the last
    assert catchup.read_part({"catchup": "answer", "answer": "t", "device": "D", "part": 2, "parts": 1,
                              "entries": []}) is None  # malformed: not taken
    assert catchup.read_ask({"catchup": "ask", "device": "D", "box": "zz"}) is None


def test_a_seed_opens_only_with_its_devices_box() -> None:
    mine, other = bytes(range(32)), bytes(range(1, 33))
    sealed = catchup.seal_seed(catchup.box_public(mine), "game1", b"\x07" * 32)
    assert catchup.open_seed(mine, sealed) == ("game1", b"\x07" * 32)
    assert catchup.open_seed(other, sealed) is None


def test_what_a_new_device_hears_fits_a_braille_line() -> None:
    long = "Bartholomew-Fitzwilliam"
    lines = (prompts_homes.caught_up(12, long) + prompts_homes.caught_up(1, "") + list(prompts_homes.CATCHUP_ASKED)
             + prompts_homes.seedless([long, "Carol"]))
    assert all(0 < len(line) <= 40 for line in lines), lines
    assert prompts_homes.caught_up(12, "Bob") == ["Caught up: 12 moves from Bob's game."]


def test_three_homes_both_others_answer_and_the_new_device_takes_one(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork(late_devices=True)
    homes = {n: Device(net, n, tmp_path / n, lexicon, f"{n.upper()}1") for n in ("Alice", "Bob", "Carol")}
    alice, bob, carol = homes["Alice"], homes["Bob"], homes["Carol"]
    for p in homes.values():
        sign_in(p)
    tablet: Device | None = None
    try:
        alice.line("invite @bob:loopback @carol:loopback")
        settle(*homes.values())
        for p in (bob, carol):
            p.line("games")
            p.line("accept 1")
            settle(*homes.values())
        for p in homes.values():
            p.line("")
        game = alice.session.game
        assert game is not None
        mover = homes[game.names[game.current]]
        assert "You passed." in mover.line("pass")
        settle(*homes.values())
        room = alice.home.rooms[0]
        carol.close()
        tablet = Device(net, "Carol", tmp_path / "tablet", lexicon, "TABLET")
        sign_in(tablet)
        settle(alice, bob, tablet)
        link = tablet.home.links[room]
        assert len(link.state.log) == len(alice.home.links[room].state.log)
        answers = {m.sender for m in net.messages(room)
                   if m.record is not None and m.record.get("catchup") == "answer"}
        assert answers == {"@alice:loopback", "@bob:loopback"}  # each other home answered
        tablet.line("")
        heard = " ".join(tablet.heard)
        assert heard.count("Caught up:") == 1, heard  # one answer taken, said once
        assert link.refusals == [] and link.seedless
    finally:
        for p in (*homes.values(), tablet):
            if p is not None:
                p.close()
