"""Correspondence at the console (console/homes/online_clock.py,
console/homes/online_corresp.py, the terms of ``invite``), typed through
Session.handle_line over the loopback transport with one injected clock
for the server and both homes (no sleeping for days): ``invite ... days 3
rules double``; ``games`` says whose turn and how long is left; one
reminder to the room when half the late player's time is gone, never
twice, not after a restart; the late player hears at start that a move is
due; once the time has run out the other may ``claim``: both hear the loss
on time and the deal checked, the record's end note says it; ``rematch``
invites the same players with the same settings, the other hears who
asks and accepts it as any invitation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.core.rules import rules_named
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.online.offers import DAY_MS
from audio_scrabble.presentation import online_phrases, online_prompts

from homes_kit import by_turn, clocked_homes, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined, said as said_in, starts  # type: ignore[import-not-found]

HOUR_MS = 3_600_000


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def reminders(net: LoopbackNetwork, room: str) -> list[str]:
    return [m.body for m in net.messages(room) if m.record is None and m.body.startswith("Reminder for ")]


def test_days_a_move_reminder_claim_and_rematch(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, net, alice, bob):
        out = alice.line("invite @bob:loopback days 3 rules double")
        assert starts(online_prompts.invited(["Bob"]), out), out
        assert said_in(online_prompts.offered_with(rules_named("double").title + "; 3 days a move"), out), out
        settle(alice, bob)
        assert said_in(online_prompts.invitation_line(1, "Alice"), bob.line("games"))
        bob.line("accept 1")
        settle(alice, bob)
        alice.line("")
        bob.line("")
        assert alice.session.game is not None and bob.session.game is not None
        late, waiting = by_turn(alice, bob)
        room = alice.home.rooms[0]
        # games: whose turn and how long is left
        assert said_in(online_prompts.clocked_entry(online_prompts.ALONE, [waiting.name], "", "3 days"), late.line("games"))
        assert said_in(online_prompts.clocked_entry(online_prompts.ALONE, [late.name], late.name, "3 days"), waiting.line("games"))
        # a day on: no reminder yet; a day and a half: one, from the waiting side, naming the late player
        clock.now += DAY_MS
        waiting.home.tick()
        late.home.tick()
        assert reminders(net, room) == []
        clock.now += DAY_MS // 2
        waiting.home.tick()
        late.home.tick()
        waiting.home.tick()
        settle(alice, bob)
        sent = reminders(net, room)
        assert sent == [online_phrases.reminder_body(late.name, late.user, 36 * HOUR_MS, [waiting.name])], sent
        assert late.user in sent[0]
        assert "Reminder for" in joined(late.line("")), late.heard[-4:]
        # a restart of the waiting side sends it no more; the late side hears its move is due
        waiting.close()
        waiting.start()
        waiting.home.tick()
        late.close()
        opening = late.start()
        assert said_in(online_prompts.due_soon([waiting.name], "36 hours"), opening), opening
        settle(alice, bob)
        assert len(reminders(net, room)) == 1
        late.line("open 1")
        waiting.line("open 1")
        # a claim before the time runs out: refused, nothing changed
        refused = " ".join(waiting.line("claim"))
        assert refused == online_phrases.time_not_out(late.name, 36 * HOUR_MS), refused
        # three days gone: the waiting side is told it may claim, and claims
        clock.now += 36 * HOUR_MS
        assert said_in(online_prompts.time_out_entry(online_prompts.ALONE, late.name), waiting.line("games"))
        assert said_in(online_prompts.may_claim(late.name, 1), waiting.home.due_lines())
        out = waiting.line("claim 1")
        assert starts(online_prompts.CLAIM_SENT, out), out
        settle(alice, bob)
        waiting.line("")
        late.line("")
        for h, you in ((waiting, False), (late, True)):
            assert said_in(online_prompts.lost_on_time(late.name, you), h.heard), h.heard[-8:]
            assert h.heard.count("The deal checked out.") == 1, h.heard[-8:]
            assert online_prompts.REMATCH_HOW in h.heard
            assert h.session.game is not None and h.session.game.is_over
        finals = [h.home.links[room].state.final for h in (alice, bob)]
        assert finals[0] is not None and finals[0] == finals[1]
        assert f"#note {late.name} lost on time (3 days a move)." in finals[0].gcg
        # rematch: the same players, rules and days, a new room; the other hears who asks
        assert starts(online_prompts.rematch_sent([late.name]), waiting.line("rematch"))
        waiting.line("open 1")  # the finished game again: one rematch a game
        assert " ".join(waiting.line("rematch")) == online_prompts.REMATCH_ASKED
        settle(alice, bob)
        assert said_in(online_prompts.asks_rematch(waiting.name), late.line("")), late.heard[-4:]
        listed = late.line("games")
        assert said_in(online_prompts.rematch_invitation_line(1, waiting.name), listed), listed
        late.line("accept 1")
        settle(alice, bob)
        late.line("")
        waiting.line("")
        new_room = waiting.home.rooms[-1]
        assert new_room != room and late.home.rooms[-1] == new_room
        offer = late.home.links[new_room].state.offer
        assert offer is not None and offer.days == 3 and offer.rules == "double"
        assert offer.players[0].user == waiting.user
        assert late.session.game is not None and not late.session.game.is_over


def test_claim_and_rematch_refusals(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (clock, net, alice, bob):
        said = lambda h, text: " ".join(h.line(text))  # noqa: E731 - a refusal, whole
        assert said(alice, "claim") == online_prompts.CLAIM_WHICH
        assert said(alice, "rematch") == online_prompts.REMATCH_WHICH
        assert said(alice, "invite @bob:loopback days 0") == online_prompts.DAYS_HOW
        assert said(alice, "invite @bob:loopback rules loud") == online_prompts.rules_unknown("loud")
        assert alice.home.rooms == []
        seated(alice, bob)
        assert said(alice, "rematch") == online_prompts.REMATCH_NOT_OVER
        clock.now += 30 * DAY_MS
        mover = alice if alice.session.game is not None and alice.session.game.current == 0 else bob
        other = bob if mover is alice else alice
        assert "no days per move" in said(other, "claim")
        games = other.line("games")
        assert not any("left" in line or "ran out" in line for line in games), games
        assert said(other, "claim 7") == online_prompts.no_online_game(1)


def test_invite_terms_claim_and_rematch_complete() -> None:
    from audio_scrabble.console.handlers.commands import complete

    session = Session(Options(saved_game=NEW))
    assert complete(session, "invite @bob:x.org ") == ["days", "rules", "list", "honour"]  # honour: one friend
    assert complete(session, "invite @bob:x.org r") == ["rules"]
    assert "double" in complete(session, "invite @bob:x.org rules ")
    assert complete(session, "invite @bob:x.org days 3 list ") == ["default"]
    assert complete(session, "cla") == ["claim"] and complete(session, "rem") == ["rematch"]


def test_a_finished_game_between_homes_is_reviewed_from_its_checked_record(tmp_path: Path, lexicon: Any) -> None:
    from audio_scrabble.engine.players import ComputerPlayer
    from audio_scrabble.notation.plays import format_play
    from audio_scrabble.presentation import prompts

    with clocked_homes(tmp_path, lexicon) as (clock, net, alice, bob):
        seated(alice, bob)
        first, second = by_turn(alice, bob)
        assert " ".join(first.line("review")) == online_prompts.REVIEW_ONLINE  # not over yet
        link = first.home.links[first.home.rooms[0]]
        with link._lock:
            action = ComputerPlayer("club", lexicon, rng_seed=1).choose(link.state.game, link.state.my_seat)
            typed = "play " + format_play(action.play, link.state.game.board) if action.kind == "place" else "pass"
        first.line(typed)
        settle(alice, bob)
        second.line("")
        second.line("resign")
        settle(alice, bob)
        first.line("")
        second.line("")
        assert all("The deal checked out." in h.heard for h in (alice, bob))
        out = second.line("review")
        assert out[0] == prompts.review_head("1 turn"), out
        assert not any("?" in line.rstrip("?") for line in out), out  # every rack known: no unknown tile


def test_a_claim_while_the_late_player_is_away(tmp_path: Path, lexicon: Any) -> None:
    """The usual case: the late player's program is not running. The claim
    stands at once on the claimant's side ("Bob lost on time."); the deal is
    checked when the late player's program next starts (it shows its keys
    by itself), and then both hear it and keep the same record."""
    with clocked_homes(tmp_path, lexicon) as (clock, net, alice, bob):
        seated(alice, bob, "days 1")
        late, waiting = by_turn(alice, bob)
        room = alice.home.rooms[0]
        late.close()
        clock.now += DAY_MS
        assert starts(online_prompts.CLAIM_SENT, waiting.line("claim 1"))
        settle(waiting)
        waiting.line("")
        assert said_in(online_prompts.lost_on_time(late.name, False), waiting.heard), waiting.heard[-6:]
        games = waiting.line("games")
        assert f"1 online game: with {late.name}, over, {late.name}'s keys to come" in joined(games), games
        assert waiting.home.links[room].state.final is None
        late.start()
        settle(alice, bob)
        waiting.line("")
        opened = late.line("open 1")
        settle(alice, bob)
        opened += late.line("")
        finals = [h.home.links[room].state.final for h in (alice, bob)]
        assert finals[0] is not None and finals[0] == finals[1] and finals[0].timed_out is not None
        assert waiting.heard.count("The deal checked out.") == 1, waiting.heard[-6:]
        assert "The deal checked out." in late.heard, opened
