"""Days a move between homes (online/offers.py, the claim record of
online/referee.py), over the loopback transport with an injected server
clock (no sleeping for days): a claim is checked by every side against
the messages' server timestamps; one made early, by the late player
itself, or in a game without days is refused on every side and changes
nothing; a claim once the time has run out ends the game as the late
player's loss on time, the deal checked, the same GCG record on both
sides with its end note. The offer names its word list by identity: a
side with other words refuses it, saying how to get the list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.match import DONE, PLAY, GameLink
from audio_scrabble.online.offers import DAY_MS, Clock, list_identity, list_parts, read_terms, same_list
from audio_scrabble.online.record import format_record
from audio_scrabble.online.referee import Refused
from audio_scrabble.errors import ActionNotAllowed, OnlineError

START = 1_800_000_000_000


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


class ServerClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> int:
        return self.now


def settle(net: LoopbackNetwork, room: str, transports: list[LoopbackTransport], links: list[GameLink]) -> None:
    """Until every side has heard everything and sent what it owes: a claim
    (and a resignation) goes from the link's outbox thread, not from the
    caller's, so each link's outbox is flushed too before the room's count
    is compared again (else this could return with the claim on its way)."""
    while True:
        count = len(net.messages(room))
        for t in transports:
            t.wait_idle()
        for link in links:
            assert link.flush(), "a link's outbox did not empty in 10 s"
        if len(net.messages(room)) == count:
            return


class Pair:
    """Alice and Bob, each a link, over one loopback network with a clock."""

    def __init__(self, lexicon: Any, days: int, bob_lexicon: Any = None, rules: str = "double") -> None:
        self.clock = ServerClock()
        self.net = LoopbackNetwork(clock=self.clock)
        self.users = ["@alice:loopback", "@bob:loopback"]
        self.transports = [LoopbackTransport(self.net, u) for u in self.users]
        self.refused: list[list[str]] = [[], []]
        first = GameLink.offer(self.transports[0], "Alice", [("Bob", self.users[1])], rules, lexicon, {},
                               days=days, **self.callbacks(0))
        first.listen()
        self.room = first.room
        second = GameLink.join(self.transports[1], self.room, bob_lexicon or lexicon, {}, **self.callbacks(1))
        second.listen()
        self.links = [first, second]
        self.idle()

    def callbacks(self, i: int) -> dict[str, Callable[..., None]]:
        return {"on_refused": lambda e, msg: self.refused[i].append(e.code)}

    def idle(self) -> None:
        settle(self.net, self.room, self.transports, getattr(self, "links", []))

    def to_play(self) -> int:
        return next(i for i, link in enumerate(self.links) if link.pending() == PLAY)


def test_a_claim_is_checked_against_the_servers_timestamps_on_every_side(lexicon: Any) -> None:
    pair = Pair(lexicon, days=3)
    late = pair.to_play()
    waiting = 1 - late
    states = [link.state for link in pair.links]
    assert states[0].days == states[1].days == 3
    assert states[0].rules.name == "double"
    last = states[0].clock_since()
    assert last > 0 and states[0].times == states[1].times
    # two days on: the waiting side may not claim (its own clock says so first)
    pair.clock.now = last + 2 * DAY_MS
    with pytest.raises(Refused) as early:
        pair.links[waiting].claim(pair.clock.now)
    assert early.value.code == "too_early"
    assert "still has 1 day" in str(early.value) or "still has 24 hours" in str(early.value), str(early.value)
    # a claim sent anyway (its program's clock wrong): the server's timestamp says no, on both sides
    record, body = _forced_claim(pair.links[waiting], pair.clock.now + 2 * DAY_MS)
    pair.net.inject(pair.room, pair.users[waiting], body, format_record(record))
    pair.idle()
    assert pair.refused == [["too_early"], ["too_early"]]
    assert all(link.state.playing for link in pair.links)
    # the late player cannot claim on its own time
    pair.clock.now = last + 3 * DAY_MS
    with pytest.raises(Refused) as own:
        pair.links[late].claim(pair.clock.now)
    assert own.value.code == "own_time"
    # three days after the last record: the claim stands on both sides
    pair.links[waiting].claim(pair.clock.now)
    pair.idle()
    for link in pair.links:
        assert link.pending() == DONE, link.pending()
        assert link.state.timed_out == late
    finals = [link.state.final for link in pair.links]
    assert finals[0] is not None and finals[0] == finals[1]
    assert finals[0].checked and finals[0].timed_out == late and finals[0].loser == late
    name = ("Alice", "Bob")[late]
    assert f"#note {name} lost on time (3 days a move).\n" in finals[0].gcg
    bodies = [m.body for m in pair.net.messages(pair.room)]
    assert any(b.endswith(f"{name}'s time ran out (3 days a move).") for b in bodies), bodies[-4:]


def _forced_claim(link: GameLink, fake_now: int) -> Any:
    """The claim record a program with a clock running ahead would send."""
    with link._lock:
        return link.state.compose_claim(fake_now)


def test_the_clock_runs_from_the_last_record(lexicon: Any) -> None:
    """A move resets it: a claim three days after the offer but one day after
    the last move is refused."""
    pair = Pair(lexicon, days=3)
    mover = pair.to_play()
    pair.clock.now = pair.links[0].state.clock_since() + 2 * DAY_MS
    pair.links[mover].send_action({"type": "pass"})
    pair.idle()
    moved_at = pair.links[0].state.clock_since()
    assert moved_at == pair.clock.now
    pair.clock.now += DAY_MS + 1
    with pytest.raises(Refused):
        pair.links[mover].claim(pair.clock.now)  # the other player has 2 days left
    assert pair.links[mover].state.late_seat() == 1 - mover
    clock = Clock(3, moved_at)
    assert clock.half_gone(moved_at + 36 * 3_600_000) and not clock.half_gone(moved_at + 35 * 3_600_000)
    assert not clock.run_out(moved_at + 3 * DAY_MS - 1) and clock.run_out(moved_at + 3 * DAY_MS)


def test_no_claim_in_a_game_without_days(lexicon: Any) -> None:
    pair = Pair(lexicon, days=0)
    waiting = 1 - pair.to_play()
    pair.clock.now += 400 * DAY_MS
    with pytest.raises(Refused) as refused:
        pair.links[waiting].claim(pair.clock.now)
    assert refused.value.code == "no_clock"


def test_an_offer_names_its_word_list_by_its_words(lexicon: Any) -> None:
    words = ["CAT", "DOG", "QI", "ZA", "AX"]
    one = Lexicon.from_words(words, name="mine.txt")
    same = Lexicon.from_words(list(reversed(words)), name="renamed.txt")
    other = Lexicon.from_words(words + ["XU"], name="mine.txt")
    ident = list_identity(one)
    name, digest = list_parts(ident)
    assert name == "mine.txt" and len(digest) == 16
    assert same_list(ident, same) and not same_list(ident, other)
    assert same_list("", other)  # an offer naming no list
    # Bob's program has other words: the offer is refused, saying how to get the list
    pair = Pair(one, days=0, bob_lexicon=other)
    assert pair.refused[1] == ["other_word_list"]
    sentence = str(pair.links[1].last_refusal)
    assert "mine.txt" in sentence and "--lexicon" in sentence, sentence
    assert not pair.links[1].state.log


def test_invite_terms_are_read_with_a_sentence_for_anything_else() -> None:
    terms = read_terms("@bob:x.org days 3 rules double")
    assert terms.users == ("@bob:x.org",) and terms.days == 3 and terms.rules == "double"
    assert read_terms("@bob:x.org, @cy:x.org 2 days challenge void list default") == \
        read_terms("@bob:x.org @cy:x.org days 2 rules void list default")
    assert read_terms("@bob:x.org").days == 0
    assert read_terms("bob tomorrow").users == ("bob", "tomorrow")  # the caller's user-id check says why not
    for bad, word in (("@bob:x.org days", "days"), ("@bob:x.org days 0", "365"), ("@bob:x.org days soon", "365"),
                      ("@bob:x.org rules loud", "loud")):
        with pytest.raises(ActionNotAllowed) as e:
            read_terms(bad)
        assert word in str(e.value), (bad, str(e.value))


@pytest.mark.parametrize("rules", ["double", "five", "void"])
def test_an_offer_by_another_rule_set_is_played_to_its_checked_end(lexicon: Any, rules: str) -> None:
    """The challenge rule travels in the offer and both referees hold it: a
    valid play challenged costs the challenger its turn (double) or gives
    the player 5 points (five); void rules have no challenge at all."""
    from audio_scrabble.engine.players import ComputerPlayer

    pair = Pair(lexicon, days=0, rules=rules)
    players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]

    def move(i: int) -> None:
        link = pair.links[i]
        with link._lock:
            game = link.state.game
            assert game is not None
            action: Any = {"type": "accept"} if game.awaiting_final_challenge else players[i].choose(game, i)
        link.send_action(action)
        pair.idle()

    move(pair.to_play())
    # a first rack with no word in it (all consonants: about 1 deal in 100,
    # the deal being random) is exchanged, and there is no play to challenge
    # yet: moves go on until a play is made (each one shifts the GCG's lines)
    before = 0
    while rules != "void" and pair.links[0].state.game.pending_play is None:
        assert before < 20, "twenty moves and no play"
        move(pair.to_play())
        before += 1
    challenger = pair.to_play()
    if rules == "void":
        with pytest.raises(OnlineError, match="no challenges"):
            pair.links[challenger].send_action({"type": "challenge"})
    else:
        pair.links[challenger].send_action({"type": "challenge"})
        pair.idle()
        line = pair.links[0].state.game.history  # the view's events agree on both sides
        assert [type(e).__name__ for e in line] == [type(e).__name__ for e in pair.links[1].state.game.history]
    for _ in range(200):
        if all(link.pending() == DONE for link in pair.links):
            break
        move(pair.to_play())
    finals = [link.state.final for link in pair.links]
    assert finals[0] is not None and finals[0].checked and finals[0] == finals[1]
    assert pair.refused == [[], []]
    gcg = finals[0].gcg
    if rules == "five":
        assert "(challenge) +5" in gcg, gcg[:400]
    if rules == "double":
        second = gcg.split("\n>")[2 + before]
        assert second.split()[2] == "-", second  # the challenger lost its turn


def test_one_reminder_from_one_waiting_program_of_three(lexicon: Any) -> None:
    """Three players: when half of the late player's time is gone, only the
    first waiting seat's program has a reminder to send, naming the late
    player's user id; none before half the time, none once it has run out."""
    from audio_scrabble.console.homes.online_clock import reminder_due

    clock = ServerClock()
    net = LoopbackNetwork(clock=clock)
    users = ["@alice:loopback", "@bob:loopback", "@cy:loopback"]
    transports = [LoopbackTransport(net, u) for u in users]
    links = [GameLink.offer(transports[0], "Alice", [("Bob", users[1]), ("Cy", users[2])], "single", lexicon, {},
                            days=2)]
    links[0].listen()
    for i in (1, 2):
        link = GameLink.join(transports[i], links[0].room, lexicon, {})
        link.listen()
        links.append(link)
    settle(net, links[0].room, transports, links)  # the deal's steps between three, however many rounds
    late = next(i for i, link in enumerate(links) if link.pending() == PLAY)
    since = links[0].state.clock_since()
    assert all(reminder_due(link, since + DAY_MS - 1) is None for link in links)
    due = [reminder_due(link, since + DAY_MS) for link in links]
    senders = [i for i, d in enumerate(due) if d is not None]
    assert senders == [min(i for i in range(3) if i != late)], senders
    reminder = due[senders[0]]
    assert reminder is not None and users[late] in reminder.body and "24 hours left" in reminder.body
    assert reminder.txn_id == f"remind.{links[0].state.game_id}.{len(links[0].state.log)}"
    assert all(reminder_due(link, since + 2 * DAY_MS) is None for link in links)
