"""Games between homes played in one process over the loopback transport
(online/loopback.py, online/match.py, online/referee.py): computer players
choose the moves; every side referees every record; at the end the whole
deal and every score are checked and every side writes the same GCG
record. Tampered, replayed, out-of-turn and wrong-score records are
refused on every side and never applied; a side that restarts catches up
from the room."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.errors import OnlineError
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import DONE, PLAY, GameLink
from audio_scrabble.online.record import format_record, parse_record
from audio_scrabble.online.referee import Applied

NAMES = ["Alice", "Bob", "Cy", "Dee"]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class Table:
    """n sides of one game, each with its own transport, seeds and link."""

    def __init__(self, lexicon: Any, n: int = 2, rules: str = "single", background: bool = False,
                 transport: Callable[[LoopbackNetwork, str], Any] = LoopbackTransport) -> None:
        self.lexicon = lexicon
        self.background = background
        self.net = LoopbackNetwork()
        self.users = [f"@{NAMES[i].lower()}:loopback" for i in range(n)]
        self.transports = [transport(self.net, u) for u in self.users]
        # seeded: the same game every run (sealing is random, but draws leave the keys out)
        game_id = f"test-{n}-{rules}"
        self.seeds: list[dict[str, bytes]] = [{game_id: bytes([i + 1]) * 32} for i in range(n)]
        self.heard: list[list[Applied]] = [[] for _ in range(n)]
        self.refused: list[list[str]] = [[] for _ in range(n)]
        self.chat: list[list[str]] = [[] for _ in range(n)]
        self.players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(n)]
        first = GameLink.offer(self.transports[0], NAMES[0], [(NAMES[i], self.users[i]) for i in range(1, n)],
                               rules, lexicon, self.seeds[0], game_id=game_id, **self.callbacks(0))
        first.listen()
        self.room = first.room
        self.links = [first]
        for i in range(1, n):
            link = GameLink.join(self.transports[i], self.room, lexicon, self.seeds[i], **self.callbacks(i))
            link.listen()
            self.links.append(link)
        self.idle()

    def callbacks(self, i: int) -> dict[str, Callable[..., None]]:
        return {"on_record": self.heard[i].append,
                "on_refused": lambda e, msg: self.refused[i].append(e.code),
                "on_chat": lambda msg: self.chat[i].append(msg.body),
                "background": self.background, "retry_seconds": 0.01}

    def idle(self) -> None:
        """Until every side has heard everything and sent what it owes."""
        while True:
            count = len(self.net.messages(self.room))
            for t in self.transports:
                if not t.closed:
                    t.wait_idle()
            # what the listeners just handled may have put a record in an
            # outbox: sent before the count is compared again
            for link in getattr(self, "links", []):
                assert link.flush()
            if len(self.net.messages(self.room)) == count:
                return

    def to_play(self) -> int | None:
        for i, link in enumerate(self.links):
            if link.pending() == PLAY:
                return i
        return None

    def choose(self, i: int) -> Any:
        link = self.links[i]
        with link._lock:
            game = link.state.game
            assert game is not None
            if game.awaiting_final_challenge:
                return {"type": "accept"}
            return self.players[i].choose(game, i)

    def step(self) -> bool:
        i = self.to_play()
        if i is None:
            return False
        self.links[i].send_action(self.choose(i))
        self.idle()
        return True

    def play_to_end(self, limit: int = 200) -> None:
        for _ in range(limit):
            if all(link.pending() == DONE for link in self.links):
                return
            if not self.step():
                self.idle()
                if not any(link.pending() == PLAY for link in self.links) and not all(
                        link.pending() == DONE for link in self.links):
                    time.sleep(0.01)
        assert all(link.pending() == DONE for link in self.links), [link.pending() for link in self.links]

    def inject(self, seat: int, record: dict, body: str = "forged") -> None:
        self.net.inject(self.room, self.users[seat], body, record)
        self.idle()

    def next_record(self, i: int, action: Any = None) -> tuple[dict, str]:
        """The record side i would send for its turn now (not sent)."""
        from audio_scrabble.online.match import action_data

        link = self.links[i]
        with link._lock:
            record, body = link.state.compose_action(action_data(action if action is not None else self.choose(i)))
        return format_record(record), body

    def logs(self) -> list[list[str]]:
        return [list(link.state.hashes) for link in self.links]

    def close(self) -> None:
        for link in getattr(self, "links", []):
            link.close()
        for t in self.transports:
            t.close()


def _assert_finished_alike(table: Table) -> None:
    finals = [link.state.final for link in table.links]
    assert all(f is not None for f in finals)
    assert all(f == finals[0] for f in finals)
    assert finals[0].lines[0] == "The deal checked out."
    logs = table.logs()
    assert all(log == logs[0] for log in logs)
    assert finals[0].gcg.count("\n>") >= 10


def test_two_homes_play_a_whole_game_and_the_deal_checks_out(lexicon: Any, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    table = Table(lexicon, 2)
    try:
        table.play_to_end()
        _assert_finished_alike(table)
        final = table.links[0].state.final
        assert final is not None
        # every side heard every record once, with its body
        assert len(table.heard[0]) == len(table.heard[1]) == len(table.links[0].state.log)
        assert table.refused == [[], []]
        # the GCG record's totals are the checked ones
        last_totals = {}
        for line in final.gcg.splitlines():
            m = re.match(r">(\w+): .* [+-]\d+ (-?\d+)$", line)
            if m:
                last_totals[m.group(1)] = int(m.group(2))
        assert (last_totals["Alice"], last_totals["Bob"]) == final.totals
        # no rack, key, seed or bag order in any body or any log line
        seeds = [s.hex() for side in table.seeds for s in side.values()]
        bodies = [m.body for m in table.net.messages(table.room)]
        racks = {"".join(sorted(m.group(1))) for m in re.finditer(r">\w+: ([A-Z?]{5,7}) ", final.gcg)}
        for text in bodies + [r.getMessage() for r in caplog.records]:
            assert not re.search(r"[0-9a-f]{32}", text), text
            assert not any(seed in text for seed in seeds)
            for word in re.findall(r"[A-Z?]{5,7}", text):
                assert "".join(sorted(word)) not in racks or word in final.gcg, (word, text)
        # a sealed key is in the record, never in the body
        records = [m.record for m in table.net.messages(table.room) if m.record]
        assert any("keys" in r.get("deal", {}) for r in records)
    finally:
        table.close()


@pytest.mark.parametrize("n", [3, 4])
def test_three_and_four_homes_play_a_whole_game(lexicon: Any, n: int) -> None:
    table = Table(lexicon, n)
    try:
        table.play_to_end()
        _assert_finished_alike(table)
        assert len(table.links[0].state.final.totals) == n  # type: ignore[union-attr]
    finally:
        table.close()


def _started(lexicon: Any, moves: int = 2, rules: str = "single") -> Table:
    table = Table(lexicon, 2, rules)
    for _ in range(moves):
        assert table.step()
    return table


def test_a_tampered_score_is_refused_on_every_side_and_never_applied(lexicon: Any) -> None:
    table = _started(lexicon)
    try:
        i = table.to_play()
        assert i is not None
        record, body = table.next_record(i)
        while "gcg" in record and "-" in record["gcg"].split()[2]:  # a pass or exchange: play on
            table.step()
            i = table.to_play()
            record, body = table.next_record(i)  # type: ignore[arg-type]
        before = table.logs()
        parts = record["gcg"].split()
        score = int(parts[-2][1:])
        tampered = dict(record, gcg=" ".join(parts[:-2] + [f"+{score + 10}", str(int(parts[-1]) + 10)]))
        table.inject(i, tampered)
        assert table.refused == [["wrong_score"], ["wrong_score"]]
        assert table.logs() == before
        table.inject(i, record, body)  # the honest record still stands
        assert len(table.logs()[0]) == len(before[0]) + 1 and table.logs()[0] == table.logs()[1]
    finally:
        table.close()


def test_a_replayed_record_is_refused_as_repeated(lexicon: Any) -> None:
    table = _started(lexicon)
    try:
        old = table.links[0].state.log[5]
        before = table.logs()
        table.inject(old.seat, format_record(old))
        assert table.refused == [["repeated"], ["repeated"]]
        assert table.logs() == before
    finally:
        table.close()


def test_out_of_turn_wrong_sender_illegal_and_wrong_tiles_are_refused(lexicon: Any) -> None:
    table = _started(lexicon, moves=0)
    try:
        i = table.to_play()
        assert i is not None
        other = 1 - i
        record, body = table.next_record(i)
        before = table.logs()
        table.inject(other, dict(record, seat=other))  # the other side moves out of turn
        table.inject(other, record)  # sent by someone else than the seat it names
        pos, word = record["gcg"].split()[1:3]
        if record["kind"] == "move":
            moved = "1A" if pos[0].isdigit() else "A1"
            table.inject(i, dict(record, gcg=record["gcg"].replace(f" {pos} ", f" {moved} ")))  # off the centre
            other_letters = ("Q" if "Q" not in word else "Z") * len(word)  # tiles it did not show
            table.inject(i, dict(record, gcg=record["gcg"].replace(f" {word} ", f" {other_letters} ")))
            expected = ["out_of_turn", "wrong_sender", "illegal", "bad_tiles"]
        else:
            expected = ["out_of_turn", "wrong_sender"]
        assert table.refused[0] == table.refused[1] == expected[: len(table.refused[0])]
        assert table.refused[0][:2] == ["out_of_turn", "wrong_sender"]
        assert table.logs() == before
        table.inject(i, record, body)
        assert table.logs()[0] == table.logs()[1] and len(table.logs()[0]) == len(before[0]) + 1
    finally:
        table.close()


def _phony(table: Table, i: int, lexicon: Any) -> dict:
    """Two tiles of side i's rack across the centre that make no word."""
    rack = table.links[i].state.game.players[i].rack  # type: ignore[union-attr]
    for a in range(len(rack)):
        for b in range(len(rack)):
            x, y = rack[a], rack[b]
            if a != b and "?" not in (x, y) and x + y not in lexicon:
                return {"type": "place", "tiles": [[7, 7, x, False], [7, 8, y, False]], "direction": "across"}
    raise AssertionError("no phony on this rack")


def test_a_challenge_across_homes_takes_a_phony_back_on_every_side(lexicon: Any) -> None:
    table = Table(lexicon, 2, "single")
    try:
        i = table.to_play()
        assert i is not None
        other = 1 - i
        table.links[i].send_action(_phony(table, i, lexicon))
        table.idle()
        assert table.links[other].pending() == PLAY
        table.links[other].send_action({"type": "challenge"})
        table.idle()
        for link in table.links:
            game = link.state.game
            assert game is not None and game.board.is_empty() and game.scores() == (0, 0)
            assert len(game.bag) == 86  # the phony's draw went back unseen
        assert table.links[i].state.my_rack_known()
        table.play_to_end()
        _assert_finished_alike(table)
        assert re.search(r">\w+: [A-Z?]+ -- -\d+ 0\n", table.links[0].state.final.gcg)  # type: ignore[union-attr]
    finally:
        table.close()


def test_a_side_that_restarts_catches_up_from_the_room_and_finishes(lexicon: Any) -> None:
    table = _started(lexicon, moves=3)
    try:
        bob = 1
        table.transports[bob].close()  # Bob's program is killed
        if table.to_play() != bob:
            assert table.step()  # a move made while Bob is away
        again = LoopbackTransport(table.net, table.users[bob])
        table.transports[bob] = again
        table.heard[bob].clear()
        link = GameLink.resume(again, table.room, lexicon, table.seeds[bob], **table.callbacks(bob))
        link.listen()
        table.links[bob] = link
        table.idle()
        assert table.logs()[0] == table.logs()[1]
        assert len(table.heard[bob]) == len(link.state.log)  # caught up: every record heard again
        assert link.state.my_rack_known()
        table.play_to_end()
        _assert_finished_alike(table)
    finally:
        table.close()


def test_two_records_sent_at_once_the_first_in_the_room_stands_on_both_sides(lexicon: Any) -> None:
    table = _started(lexicon, moves=2)
    try:
        i = table.to_play()
        assert i is not None
        move, body = table.next_record(i)
        with table.links[1 - i]._lock:
            resign, resign_body = table.links[1 - i].state.compose_resign()
        table.inject(i, move, body)
        table.inject(1 - i, format_record(resign), resign_body)
        assert table.refused == [["out_of_order"], ["out_of_order"]]
        assert table.logs()[0] == table.logs()[1]
        assert all(link.state.resigned is None for link in table.links)
    finally:
        table.close()


def test_resign_ends_the_game_and_the_deal_is_still_checked(lexicon: Any) -> None:
    table = _started(lexicon, moves=2)
    try:
        table.links[1].resign()
        table.idle()
        finals = [link.state.final for link in table.links]
        assert finals[0] is not None and finals[0] == finals[1]
        assert finals[0].resigned == 1 and finals[0].lines[0] == "The deal checked out."
        assert "Bob resigned." in finals[0].gcg
    finally:
        table.close()


def test_chat_is_heard_once_and_is_no_record(lexicon: Any) -> None:
    table = Table(lexicon, 2)
    try:
        before = table.logs()
        table.links[1].say("good one")
        table.idle()
        assert table.chat[0] == ["good one"] and table.chat[1] == ["good one"]
        assert table.logs() == before and table.refused == [[], []]
    finally:
        table.close()


def test_an_unencrypted_room_is_refused(lexicon: Any) -> None:
    net = LoopbackNetwork()
    with pytest.raises(OnlineError) as e:
        GameLink.offer(LoopbackTransport(net, "@a:x"), "Alice", [("Bob", "@b:x")], "single", lexicon, {},
                       encrypted=False)
    assert e.value.code == "unencrypted"


def test_a_record_from_the_room_parses_back_to_what_was_sent(lexicon: Any) -> None:
    table = _started(lexicon, moves=1)
    try:
        for msg, rec in zip((m for m in table.net.messages(table.room) if m.record), table.links[0].state.log):
            assert parse_record(msg.record) == rec
    finally:
        table.close()


def test_a_side_killed_during_the_deal_sends_its_step_when_it_comes_back(lexicon: Any) -> None:
    net = LoopbackNetwork()
    ta, tb = LoopbackTransport(net, "@alice:x"), LoopbackTransport(net, "@bob:x")
    seeds_b: dict[str, bytes] = {}
    alice = GameLink.offer(ta, "Alice", [("Bob", "@bob:x")], "single", lexicon, {})
    alice.listen()
    bob = GameLink.join(tb, alice.room, lexicon, seeds_b)  # sends its lock and shuffle
    assert bob.pending() == "join"  # its own join not heard back yet
    bob.advance()  # sent again, as after a cut network: the same transaction, no second message
    assert [m.record["kind"] for m in net.messages(alice.room)].count("join") == 1  # type: ignore[index]
    tb.close()  # then Bob's program is killed
    for _ in range(3):
        ta.wait_idle()  # Bob's join heard, Alice's own step come back
    assert alice.state.expected() == (("places",), 1)  # Alice locked the places; Bob's turn
    tb2 = LoopbackTransport(net, "@bob:x")
    bob = GameLink.resume(tb2, alice.room, lexicon, seeds_b)
    bob.listen()
    for _ in range(3):
        tb2.wait_idle()
        ta.wait_idle()
    assert alice.state.hashes == bob.state.hashes
    assert alice.state.playing and bob.state.playing
    assert alice.state.my_rack_known() and bob.state.my_rack_known()
    ta.close()
    tb2.close()


def test_offer_days_per_move_travel_with_the_offer(lexicon: Any) -> None:
    net = LoopbackNetwork()
    alice = GameLink.offer(LoopbackTransport(net, "@a:x"), "Alice", [("Bob", "@b:x")], "single", lexicon, {},
                           days=3)
    assert alice.state.offer is not None and alice.state.offer.days == 3


def test_an_exchange_and_a_pass_across_homes_and_the_deal_still_checks_out(lexicon: Any) -> None:
    table = Table(lexicon, 2)
    try:
        i = table.to_play()
        assert i is not None
        rack = table.links[i].state.game.players[i].rack  # type: ignore[union-attr]
        table.links[i].send_action({"type": "exchange", "tiles": "".join(rack[:3])})
        table.idle()
        # the exchange, then the other side's new shuffle of the bag (issue 21, leak 1)
        exchange = table.links[0].state.log[-2]
        assert table.links[0].state.log[-1].kind == "shuffle"
        assert exchange.kind == "exchange" and exchange.gcg.endswith(" -3 +0 0")
        for tile in set(rack[:3]) - {"?"}:  # the tiles put back are said nowhere
            assert f"-{tile}" not in exchange.gcg
        assert all(len(link.state.game.bag) == 86 for link in table.links)  # type: ignore[union-attr]
        table.links[1 - i].send_action({"type": "pass"})
        table.idle()
        assert table.links[i].state.my_rack_known()  # the keys of the new tiles came with the pass
        assert table.links[0].state.log[-1].kind == "pass"
        table.play_to_end()
        _assert_finished_alike(table)
        assert " -" in table.links[0].state.final.gcg  # type: ignore[union-attr]
    finally:
        table.close()


def test_a_challenged_word_that_stands_gains_its_player_the_points_on_every_side(lexicon: Any) -> None:
    table = Table(lexicon, 2, "five")
    try:
        assert table.step()  # a real word, from the computer
        challenger = table.to_play()
        assert challenger is not None
        table.links[challenger].send_action({"type": "challenge"})
        table.idle()
        last = table.links[0].state.log[-1]
        assert last.kind == "challenge" and not last.withdrawn and "(challenge) +5" in last.gcg
        scores = [link.state.game.scores() for link in table.links]  # type: ignore[union-attr]
        assert scores[0] == scores[1] and scores[0][1 - challenger] > 5
        assert table.links[1 - challenger].state.my_rack_known()  # the keys rode on the challenge
        table.play_to_end()
        _assert_finished_alike(table)
    finally:
        table.close()


def test_a_wrong_key_sealed_to_one_player_breaks_its_game_and_the_end_says_who(lexicon: Any) -> None:
    from audio_scrabble.online.deal import Secrets, open_keys, seal_keys
    from audio_scrabble.online.match import BROKEN

    table = _started(lexicon, moves=1)
    try:
        cheat = table.to_play()
        assert cheat is not None
        victim = 1 - cheat
        record, body = table.next_record(cheat)
        sealed = record["deal"]["keys"][str(victim)]
        places = open_keys(table.links[victim].state.secrets, sealed)  # type: ignore[arg-type]
        other = Secrets("elsewhere", 0, b"\x05" * 32)
        forged = seal_keys(table.links[victim].state.public, victim,  # type: ignore[arg-type]
                           {p: other.place_key(p) for p in places})
        table.inject(cheat, {**record, "deal": {**record["deal"], "keys": {str(victim): forged}}}, body)
        assert table.refused == [[], []] and table.logs()[0] == table.logs()[1]  # applied alike
        assert table.links[victim].pending() == BROKEN
        assert "do not unlock" in (table.links[victim].state.broken or "")
        assert table.links[cheat].state.broken is None
        table.links[victim].resign()
        table.idle()
        finals = [link.state.final for link in table.links]
        assert finals[0] is not None and finals[0] == finals[1] and not finals[0].checked
        assert finals[0].lines[0] == "The deal did not check out."
        assert f"{NAMES[cheat]} sent a key that was not the key dealt." in " ".join(finals[0].lines)
    finally:
        table.close()



class LostReplies(LoopbackTransport):
    """A connection whose every second send reaches the room but whose reply
    is lost (the network cut just after): the sender sees a failure."""

    def __init__(self, network: LoopbackNetwork, user_id: str) -> None:
        super().__init__(network, user_id)
        self.sends = 0

    def send(self, room: str, body: str, record: Any, txn_id: str) -> str:
        self.sends += 1
        event_id = super().send(room, body, record, txn_id)
        if self.sends % 2:
            raise OnlineError("The homeserver cannot be reached; trying again.", "unreachable")
        return event_id


def test_sent_in_the_background_with_lost_replies_every_record_goes_once(lexicon: Any) -> None:
    table = Table(lexicon, 2, background=True, transport=LostReplies)
    try:
        for _ in range(6):
            assert table.step()
        records = [m for m in table.net.messages(table.room) if m.record]
        assert len(records) == len(table.links[0].state.log)  # no record twice
        assert table.refused == [[], []] and table.logs()[0] == table.logs()[1]
        assert all(t.sends > len(records) / 2 for t in table.transports)  # the retries happened
    finally:
        table.close()


def test_one_transport_holds_two_games_through_a_hub(lexicon: Any) -> None:
    from audio_scrabble.online.match import LinkHub

    net = LoopbackNetwork()
    ta, tb = LoopbackTransport(net, "@alice:x"), LoopbackTransport(net, "@bob:x")
    hub_a, hub_b = LinkHub(ta), LinkHub(tb)
    seeds_a: dict[str, bytes] = {}
    seeds_b: dict[str, bytes] = {}
    games = [hub_a.add(GameLink.offer(ta, "Alice", [("Bob", "@bob:x")], "single", lexicon, seeds_a))
             for _ in range(2)]
    hub_a.listen()
    hub_b.listen()
    for inv in tb.invitations():
        hub_b.add(GameLink.join(tb, inv.room, lexicon, seeds_b))
    for _ in range(6):
        ta.wait_idle()
        tb.wait_idle()
    assert len(seeds_a) == len(seeds_b) == 2
    for link in games:
        other = hub_b.links[link.room]
        assert link.state.playing and link.state.hashes == other.state.hashes
        assert link.last_record_ms > 0
    ta.close()
    tb.close()


@pytest.mark.parametrize("n, rules, seed", [(3, "double", 1), (2, "house", 2)])
def test_random_turns_challenges_exchanges_and_passes_keep_every_side_alike(
        lexicon: Any, n: int, rules: str, seed: int) -> None:
    import random

    rng = random.Random(seed)
    table = Table(lexicon, n, rules)
    kinds: set[str] = set()
    try:
        for _ in range(300):
            if all(link.pending() == DONE for link in table.links):
                break
            i = table.to_play()
            if i is None:
                table.idle()
                continue
            game = table.links[i].state.game
            assert game is not None
            r = rng.random()
            action: Any = None
            if game.pending_play is not None and r < 0.3 and game.why_not_challenge(i) is None:
                action = {"type": "challenge"}
            elif r < 0.4 and game.board.is_empty():
                action = _phony(table, i, lexicon)
            elif (r < 0.5 or "exchange" not in kinds) and len(game.bag) >= 7:
                action = {"type": "exchange", "tiles": "".join(game.players[i].rack[:2])}
            elif r < 0.55 and not game.awaiting_final_challenge:
                action = {"type": "pass"}
            action = action or table.choose(i)
            table.links[i].send_action(action)
            kinds.add(action["type"] if isinstance(action, dict) else action.kind)
            table.idle()
        _assert_finished_alike(table)
        assert table.refused == [[] for _ in range(n)]
        assert {"challenge", "exchange", "place"} <= kinds
    finally:
        table.close()
