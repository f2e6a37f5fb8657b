"""A new device that cannot be fooled by a catch-up answer (online/catchup.py
``forged``, GameLink's answer checked against the room's own events), asks
again when still behind, and the automatic steps of two devices of one
player (loopback, ``LoopbackNetwork(late_devices=True)``).

* An answer that leaves the last record off, or carries a record the room
  never had, is refused: said in one line, nothing taken; a true answer
  is still taken after it.
* A device whose answer was false asks again at its next start.
* A step the link sends by itself, sent again by another device of the
  same player, is dropped without a refusal; a replay is still refused.
* A device without the seed sends no clock reminder.
* An answer's parts are not kept once put together.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes.online_clock import reminder_due
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import AUTOMATIC, PLAY, GameLink
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.online.record import format_record
from audio_scrabble.online.transport import RECORD, UNREAD, Message
from audio_scrabble.presentation import prompts_homes

from catchup_kit import BOX, Device, answer_messages, laptop_link, sign_in, game  # type: ignore[import-not-found]  # noqa: F401 (the fixture)
from homes_kit import settle  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_laptop_sees_the_rooms_events_it_cannot_read(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    link = laptop_link(net, room, lexicon)
    events = link.transport.events(room)  # type: ignore[attr-defined]
    assert [e.event_id for e in events] == [m.event_id for m in net.messages(room)]
    assert {e.kind for e in events} == {UNREAD}  # all before it came
    assert [e.kind for e in alice.transports[0].events(room)].count(RECORD) == len(alice.home.links[room].entries)


def test_an_answer_with_the_last_record_left_off_is_refused(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@alice:loopback", "short", whole[:-1]):
        link.handle(msg)
    assert not link.state.log and link.caught_up is None
    assert link.take_forged() == ["Alice"] and link.take_forged() == []  # said once
    for msg in answer_messages(room, "@alice:loopback", "true", whole):  # a true one is still taken
        link.handle(msg)
    assert len(link.state.log) == len(whole) and link.caught_up == (3, "Alice")
    assert link._parts == {}, "the parts of the answers were kept after they were put together"


def test_an_answer_with_a_record_never_sent_is_refused(game: Any, lexicon: Any) -> None:
    """Alice answers with every record, then a pass of hers that she never
    sent to the room (the rules accept it: it is her turn or Bob's)."""
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@alice:loopback", "true", whole):  # a first, true answer: 3 moves
        link.handle(msg)
    homes = {"@alice:loopback": alice, "@bob:loopback": bob}
    state = alice.home.links[room].state
    mover = state.players[state.expected()[1]].user
    record, body = homes[mover].home.links[room].state.compose_action({"type": "pass"})
    forged = whole + [catchup.entry("$never", mover, body, whole[-1]["ts"] + 1, format_record(record))]
    assert link._referee(forged) is not None  # the rules and the chain alone take it
    for msg in answer_messages(room, "@alice:loopback", "lie", forged):
        link.handle(msg)
    assert len(link.state.log) == len(whole), "a record the room never had was believed"
    assert link.take_forged() == ["Alice"]


def test_the_player_hears_one_line_and_the_game_waits(game: Any, lexicon: Any, tmp_path: Path) -> None:
    """Over the console: Bob's laptop, the homes off, gets a forged answer
    (the last record left off): one line, the game not listed; at its next
    start it asks again, Alice's program answers truly, it is caught up."""
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    alice.close()
    bob.close()
    laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
    alice2: Device | None = None
    try:
        said = sign_in(laptop)
        assert prompts_homes.CATCHUP_ASKED[0] in said, said
        ask = next(m for m in net.messages(room) if m.record is not None and m.record.get("catchup") == "ask")
        for part in catchup.answer_parts("lie", "LAPTOP", whole[:-1]):
            net.inject(room, "@alice:loopback", "answer", {**part, "ask": ask.event_id})
        laptop.idle()
        heard = laptop.line("") + laptop.heard
        line = prompts_homes.forged_answer("Alice")
        assert line == ["Alice's answer was false; not taken."] and line[0] in heard, heard[-6:]
        assert all(len(x) <= 40 for x in line + prompts_homes.forged_answer(""))
        assert room in laptop.home.catching and room not in laptop.home.links
        laptop.close()
        # Alice's program runs again: the ask looks answered to it; the laptop, started
        # again and still behind, asks again and is answered truly
        alice2 = Device(net, "Alice", tmp_path / "alice", lexicon, "ALICE1")
        alice2.home.connect()
        laptop = Device(net, "Bob", tmp_path / "laptop", lexicon, "LAPTOP")
        sign_in(laptop)
        settle(alice2, laptop)
        assert room in laptop.home.links
        assert len(laptop.home.links[room].state.log) == len(whole)
        assert prompts_homes.caught_up(3, "Alice")[0] in laptop.line("") + laptop.heard
    finally:
        laptop.close()
        if alice2 is not None:
            alice2.close()


def test_a_device_whose_answer_was_false_asks_again_at_its_next_start(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    alice.close()
    bob.close()

    def asks() -> list[Message]:
        return [m for m in net.messages(room) if m.record is not None and m.record.get("catchup") == "ask"]

    t = LoopbackTransport(net, "@bob:loopback", device="LAPTOP")
    link = GameLink(t, room, lexicon, {}, box_secret=BOX)
    link.catch_up()
    assert link.ask_catch_up() and len(asks()) == 1
    again = GameLink(t, room, lexicon, {}, box_secret=BOX)  # a restart, no answer yet: the ask stands
    again.catch_up()
    assert again.ask_catch_up() and len(asks()) == 1
    for part in catchup.answer_parts("lie", "LAPTOP", whole[:-1]):
        net.inject(room, "@alice:loopback", "answer", {**part, "ask": asks()[0].event_id})
    restart = GameLink(t, room, lexicon, {}, box_secret=BOX)
    restart.catch_up()  # the false answer read, refused
    assert not restart.state.log and restart.forged == ["Alice"]
    assert restart.ask_catch_up()
    assert len(asks()) == 2, "a device still behind after a false answer could not ask again"
    for part in catchup.answer_parts("true", "LAPTOP", whole):
        net.inject(room, "@alice:loopback", "answer", {**part, "ask": asks()[1].event_id})
    last = GameLink(t, room, lexicon, {}, box_secret=BOX)
    last.catch_up()
    assert len(last.state.log) == len(whole) and not last.ask_catch_up()


def test_a_step_sent_again_by_the_players_other_device_is_dropped_quietly(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    link = alice.home.links[room]
    bobs = [(i, r) for i, r in enumerate(link.state.log) if r.kind in AUTOMATIC and link.state.players[r.seat].user
            == "@bob:loopback"]
    assert bobs
    seq, record = bobs[-1]
    first = next(m for m in net.messages(room) if m.event_id == link.entries[seq]["event_id"])
    assert first.device == "BOB1"
    before = (list(link.refusals), len(link.state.log))
    heard = len(alice.heard)
    net._post(net.room(room), "@bob:loopback", first.body, format_record(record), None, device="BOB2")
    alice.idle()
    assert (list(link.refusals), len(link.state.log)) == before, "the repeat was refused"
    assert not any("refused" in x.lower() for x in alice.line("") + alice.heard[heard:])
    net._post(net.room(room), "@bob:loopback", first.body, format_record(record), None, device="BOB1")
    alice.idle()
    assert link.refusals[-1][0] == "repeated"  # a replay from the same device is still refused


def test_a_device_without_the_seed_sends_no_reminder(lexicon: Any) -> None:
    """A two-day game, Alice late: Bob's first computer has a reminder to
    send; his laptop, caught up without his seed, has none."""
    net = LoopbackNetwork(late_devices=True)
    ta = LoopbackTransport(net, "@alice:loopback", device="ALICE1")
    tb = LoopbackTransport(net, "@bob:loopback", device="BOB1")
    alice = GameLink.offer(ta, "Alice", [("Bob", "@bob:loopback")], "single", lexicon, {}, days=2)
    alice.listen()
    bob = GameLink.join(tb, alice.room, lexicon, {})
    bob.listen()
    try:
        for _ in range(4):
            ta.wait_idle()
            tb.wait_idle()
        if bob.pending() == PLAY:  # Alice's turn: she is the late one
            bob.send_action({"type": "pass"})
            for _ in range(4):
                ta.wait_idle()
                tb.wait_idle()
        assert alice.pending() == PLAY
        laptop = laptop_link(net, alice.room, lexicon)
        for msg in answer_messages(alice.room, "@alice:loopback", "true", list(alice.entries)):
            laptop.handle(msg)
        assert laptop.seedless and len(laptop.state.log) == len(alice.state.log)
        later = alice.state.clock_since() + DAY_MS
        assert reminder_due(bob, later) is not None
        assert reminder_due(laptop, later) is None, "a device that cannot play sent the reminder"
    finally:
        ta.close()
        tb.close()


def test_an_answers_parts_are_not_kept_once_put_together(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@alice:loopback", "true", whole):
        link.handle(msg)
    assert link.caught_up is not None
    assert link._parts == {} and link._early == {}, "the link keeps what it applied"
