"""An end by agreement typed at two consoles over the loopback
(console/homes/online_commands.py, online_agree.py, online_table.py):
``offer end`` ("You offered to end the game here; Bob can agree or play
on."), the other hears the offer with the scores as they stand and types
``agree`` (the end said once at both homes: "Ended by agreement: you
won, 12 to 0.", then the deal checked), ``decline``, or plays on (the
offer lapses); refused out of place with one sentence; ``games`` lists
the game finished; the kept GCG record notes the agreement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon

from homes_kit import by_turn, pair_at_a_game, restarted, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]
from typed_moves import typed  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def plays(p: Any, other: Any, lexicon: Any) -> None:
    """``p`` (whose turn it is) types a club player's move, a word put
    down (the deal is random: where the club player would exchange, the
    beginner's word); both hear it."""
    link = p.home.links[p.home.rooms[0]]
    with link._lock:
        game = link.state.game
        for level in ("club", "beginner"):
            action = ComputerPlayer(level, lexicon, rng_seed=1).choose(game, game.current)
            if action.kind == "place":
                break
        assert action.kind == "place", action
        line = typed(action, game.board)
    p.line(line)
    settle(p, other)
    p.line("")
    other.line("")


def test_offer_then_agree_said_once_at_both_homes(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        first, second = by_turn(alice, bob)
        plays(first, second, lexicon)
        totals = list(second.session.game.scores())
        out = joined(second.line("offer end"))
        assert f"You offered to end the game here; {first.name} can agree or play on." in out, out
        settle(alice, bob)
        heard = joined(first.line(""))
        me = 0 if first is alice else 1
        mine, theirs = totals[me], totals[1 - me]
        assert (f"{second.name} offers to end the game here, {second.name} {theirs}, you {mine}. "
                "Type agree to end it, or play on.") in heard, heard
        said = first.line("agree")
        settle(alice, bob)
        said += first.line("") + first.line("")
        other = second.line("") + second.line("")
        assert joined(said).count(f"Ended by agreement: you won, {mine} to {theirs}.") == 1, said
        assert joined(other).count(f"Ended by agreement: {first.name} won, {mine} to {theirs}.") == 1, other
        assert "The deal checked out." in joined(said) and "The deal checked out." in joined(other)
        for p in (alice, bob):
            link = p.home.links[p.home.rooms[0]]
            assert link.state.final is not None and link.state.final.agreed
            assert "#note Ended by agreement" in link.state.final.gcg
            listed = joined(p.line("games"))
            assert "finished" in listed.lower() or "over" in listed.lower(), listed
        again = joined(alice.line("") + bob.line(""))
        assert "Ended by agreement" not in again


def test_decline_and_a_move_lapse_the_offer(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        first, second = by_turn(alice, bob)
        second.line("offer end")
        settle(alice, bob)
        first.line("")
        said = joined(first.line("decline"))
        settle(alice, bob)
        said += joined(first.line(""))
        assert "You declined; play on." in said, said
        assert f"{first.name} declined to end the game; play on." in joined(second.line(""))
        refused = joined(first.line("agree"))
        assert "No one has offered to end the game; type offer end to offer it." in refused, refused
        second.line("offer end")
        settle(alice, bob)
        first.line("")
        plays(first, second, lexicon)  # played on: the offer lapses
        assert "The offer to end the game lapsed." in joined(second.heard[-12:]), second.heard[-12:]
        assert "No one has offered" in joined(first.line("agree"))
        link = alice.home.links[alice.home.rooms[0]]
        assert link.state.playing and link.state.end_offered is None


def test_refused_twice_and_by_the_offerer_nothing_sent(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        alice.line("offer end")
        settle(alice, bob)
        room = alice.home.rooms[0]
        count = len(alice.net.messages(room))
        assert "You offered already; wait for the answer, or play on." in joined(alice.line("offer end"))
        assert "No one has offered to end the game" in joined(alice.line("agree"))
        bob.line("")
        assert "Alice offered already; type agree to end the game, or decline." in joined(bob.line("offer end"))
        assert "Type offer end to offer to end the game here." in joined(alice.line("offer draw"))
        settle(alice, bob)
        assert len(alice.net.messages(room)) == count


def test_an_offer_made_while_the_program_was_closed_is_said_at_its_start(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        bob.close()
        alice.line("offer end")
        settle(alice)
        restarted(bob, alice)
        bob.line("games")
        news = joined(bob.line("open 1") + bob.line(""))
        assert news.count("Alice offers to end the game here, Alice 0, you 0.") == 1, news
        said = joined(bob.line("agree"))
        settle(alice, bob)
        said += joined(bob.line("") + bob.line(""))
        assert "Ended by agreement: a tie, 0 each." in said, said


def test_an_end_agreed_while_the_offerers_program_was_closed_is_said_at_its_start(tmp_path: Path,
                                                                                  lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        first, second = by_turn(alice, bob)
        plays(first, second, lexicon)
        mine = first.session.game.scores()[0 if first is alice else 1]
        second.line("offer end")
        settle(alice, bob)
        second.close()
        first.line("agree")
        settle(first)
        news = restarted(second, first, rounds=2)
        assert news.count(f"In your game with {first.name}: the players agreed to end the game here; "
                          f"{first.name} won by {mine}.") == 1, news
        again = restarted(second, first, rounds=2)
        assert "agreed" not in again, again
