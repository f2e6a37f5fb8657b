"""A new device's catch-up when answers come late, short, or from two homes
(review of online/match.py GameLink's answer; see online/catchup.py).

The new device's link is fed the room's messages by hand, in an order the
threads of two homes can give: a record that came between the ask and an
answer built before it; a short answer (a home behind, or a partial one)
before the player's own other computer's whole answer with the seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online import catchup
from audio_scrabble.online.transport import Message

from catchup_kit import BOX, Device, answer_messages, laptop_link, game  # type: ignore[import-not-found]  # noqa: F401 (the fixture)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_record_heard_before_an_answer_built_without_it_is_not_lost(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    last = next(m for m in net.messages(room) if m.event_id == whole[-1]["event_id"])
    link = laptop_link(net, room, lexicon)
    link.handle(last)  # the last move came live, before the answer: not readable on its own
    assert link.behind and not link.state.log
    for msg in answer_messages(room, "@alice:loopback", "a", whole[:-1]):  # Alice's answer, built a moment before it
        link.handle(msg)
    assert len(link.state.log) == len(whole), "the record heard before the answer was dropped"
    assert link.refusals == []
    assert link.caught_up == (3, "Alice")  # "Caught up: 3 moves", the one heard before the answer counted


def test_the_players_own_whole_answer_wins_over_a_short_one_come_first(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(bob.home.links[room].entries)
    game_id = bob.home.links[room].state.game_id
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@alice:loopback", "a", whole[:-2]):  # a short answer first (a home behind)
        link.handle(msg)
    # a short answer leaves records of the room off the end: refused as forged (test_online_forged_answers)
    assert not link.state.log and link.forged == ["Alice"]
    sealed = catchup.seal_seed(catchup.box_public(BOX), game_id, bob.home.seeds[game_id])
    for msg in answer_messages(room, "@bob:loopback", "b", whole, sealed):  # his own computer's, whole, with the seed
        link.handle(msg)
    assert link.state.secrets is not None and not link.seedless
    assert len(link.state.log) == len(whole), "the own computer's whole answer was cut to the short one"


def test_a_longer_answer_after_a_short_one_brings_the_rest(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@alice:loopback", "c", whole[:-2]):  # short (her home was behind)
        link.handle(msg)
    assert not link.state.log  # refused: the room holds records it left off (test_online_forged_answers)
    for msg in answer_messages(room, "@alice:loopback", "a", whole):
        link.handle(msg)
    assert len(link.state.log) == len(whole)
    assert link.caught_up is not None


def test_parts_that_disagree_on_their_count_are_not_taken_and_raise_nothing(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    three = catchup.answer_parts("t", "LAPTOP", whole[:1]) * 3
    odd = [{**three[0], "part": 2, "parts": 3}, {**three[1], "part": 0, "parts": 2}]
    for i, part in enumerate(odd):  # a part 2 of 3, then a part 0 of 2: not one answer
        link.handle(Message(room, "@alice:loopback", f"$odd{i}", "answer", part))
    assert not link.state.log
    for msg in answer_messages(room, "@alice:loopback", "a", whole):  # a whole answer is still taken
        link.handle(msg)
    assert len(link.state.log) == len(whole)


def test_an_answer_from_someone_not_in_the_game_is_not_taken(game: Any, lexicon: Any) -> None:
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    link = laptop_link(net, room, lexicon)
    for msg in answer_messages(room, "@carol:loopback", "c", whole):  # Carol is in no seat
        link.handle(msg)
    assert not link.state.log and link.caught_up is None  # else: "from your other computer", untrue
    for msg in answer_messages(room, "@alice:loopback", "a", whole):
        link.handle(msg)
    assert len(link.state.log) == len(whole) and link.caught_up is not None and link.caught_up[1] == "Alice"


def test_a_seed_is_still_sent_when_the_players_other_new_computer_answered_without_one(
        game: Any, lexicon: Any, tmp_path: Path) -> None:
    """Bob's laptop (new, no seed) answered his tablet's ask with the records
    alone while his first computer was off; that computer, at its start,
    still sends the tablet his seed (it took the laptop's answer for its own
    and sent nothing)."""
    net, alice, bob, room = game
    whole = list(alice.home.links[room].entries)
    bob.close()
    ask = net.inject(room, "@bob:loopback", "ask", catchup.ask_record("TABLET", catchup.box_public(BOX)))
    for part in catchup.answer_parts("laptop", "TABLET", whole):  # the laptop's: records, no seed
        net.inject(room, "@bob:loopback", "answer", {**part, "ask": ask.event_id})
    bob2 = Device(net, "Bob", tmp_path / "bob", lexicon, "BOB1")
    try:
        bob2.home.connect()
        bob2.idle()
        seeds = [m.record.get("seed") for m in net.messages(room) if m.record is not None
                 and m.record.get("catchup") == "answer" and m.record.get("device") == "TABLET"
                 and m.record.get("seed")]
        assert len(seeds) == 1, "the tablet was never sent Bob's seed"
        game_id = alice.home.links[room].state.game_id
        assert catchup.open_seed(BOX, str(seeds[0])) == (game_id, bob2.home.seeds[game_id])
    finally:
        bob2.close()
