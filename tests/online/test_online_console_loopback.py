"""A game between homes at the console (console/homes/online_table.py), over the
loopback transport: two Sessions in one process, Alice's and Bob's, each
with its own transport, link and table; every move typed through
Session.handle_line, a phony challenged off the board, the game played to
its end. Each side hears the other's move once ("Bob's move has
arrived.", the move, "Your turn."), its own move when it comes back from
the room, never a '?' for a tile not known yet; at the end both hear "The
deal checked out." and both links hold the same GCG record."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.match import DONE
from audio_scrabble.presentation import online_prompts, prompts

from lines_kit import said as said_in  # type: ignore[import-not-found]
from tables_kit import Homes  # type: ignore[import-not-found]
from typed_moves import typed  # type: ignore[import-not-found]

NAMES = ("Alice", "Bob")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def typed_move(homes: Homes, i: int, player: ComputerPlayer) -> str:
    """What side i types for its turn: the move a club player chooses on its view."""
    link = homes.links[i]
    with link._lock:
        game = link.state.game
        assert game is not None
        if game.awaiting_final_challenge:
            return "accept"
        return typed(player.choose(game, i), game.board)


def phony_from(rack: list[str], lexicon: Any) -> str:
    for n in (2, 3):
        for letters in itertools.permutations([t for t in rack if t != "?"], n):
            word = "".join(letters)
            if word not in lexicon:
                return word
    raise AssertionError("no phony on this rack")


def no_unknown_tile_said(lines: list[str]) -> bool:
    return not any("?" in line.rstrip("?") for line in lines)


def test_two_consoles_play_a_whole_game_between_homes(lexicon: Any) -> None:
    homes = Homes(lexicon)
    try:
        a, b = homes.sessions
        # the deal done, each side's game comes to the table
        opening = [homes.line(0, ""), homes.line(1, "")]
        assert a.game is not None and b.game is not None
        assert said_in(online_prompts.game_with(["Bob"]), opening[0])
        assert said_in(online_prompts.accepted("Bob"), opening[0])
        assert said_in(online_prompts.game_with(["Alice"]), opening[1])
        first = homes.to_play()
        assert first is not None
        other = 1 - first
        assert a.game.current == b.game.current == first
        # the first player plays a phony; the other challenges it off the board
        rack = homes.sessions[first].game.players[first].rack
        assert "?" not in rack or rack.count("?") <= 2 and len(rack) == 7
        phony = phony_from(list(rack), lexicon)
        out = homes.line(first, f"play 8H {phony}")
        if homes.sessions[first].question is not None:  # "not in the word list; play it?"
            out = homes.line(first, "yes")
        assert any(line.startswith(f"You played {phony}") for line in out), out
        arrived = homes.line(other, "")
        assert arrived[0] == prompts.move_arrived(NAMES[first]), arrived
        assert arrived.count(prompts.move_arrived(NAMES[first])) == 1
        assert any(line.startswith(f"{NAMES[first]} played {phony}") for line in arrived), arrived
        out = homes.line(other, "challenge")
        assert any("taken back" in line.lower() or "withdrawn" in line.lower() or "comes off" in line.lower()
                   for line in out), out
        back = homes.line(first, "")
        assert any(line.startswith(NAMES[other]) for line in back), back
        assert b.board.is_empty() and a.board.is_empty()
        # then the whole game, every move typed
        players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
        for _ in range(200):
            if all(link.pending() == DONE for link in homes.links):
                break
            i = homes.to_play()
            if i is None:
                homes.line(0, "")
                homes.line(1, "")
                continue
            homes.line(1 - i, "")  # what arrived, said before the turn
            before = len(homes.links[i].state.log)
            typed = typed_move(homes, i, players[i])
            out = homes.line(i, typed)
            if homes.sessions[i].question is not None:
                out += homes.line(i, "yes")
            assert len(homes.links[i].state.log) > before, (typed, out)
            said = homes.line(1 - i, "")
            if typed != "accept":
                assert said.count(prompts.move_arrived(NAMES[i])) == 1, said
        assert all(link.pending() == DONE for link in homes.links)
        for i in (0, 1):
            homes.line(i, "")
            assert "The deal checked out." in homes.heard[i], homes.heard[i][-12:]
            assert homes.heard[i].count("The deal checked out.") == 1
            assert no_unknown_tile_said(homes.heard[i]), [x for x in homes.heard[i] if "?" in x]
            assert any(line == prompts.turn("Alice" if i == 0 else "Bob", True) or line == "Your turn."
                       for line in homes.heard[i])
        finals = [link.state.final for link in homes.links]
        assert finals[0] is not None and finals[1] is not None
        assert finals[0].gcg == finals[1].gcg and finals[0].gcg.count("\n>") >= 10
        assert [p.score for p in a.game.players] == [p.score for p in b.game.players] == list(finals[0].totals)
        assert str(a.board) == str(b.board)
        for i in (0, 1):  # after the end: new invites again
            assert " ".join(homes.line(i, "new")) == online_prompts.NEW_ONLINE
        # review reads the game from its checked record (issue 21: refused before)
        assert homes.line(0, "review")[0].startswith("Review of "), homes.heard[0][-4:]
    finally:
        homes.close()


def test_a_replayed_and_a_forged_record_are_said_refused_once_and_change_nothing(lexicon: Any) -> None:
    homes = Homes(lexicon)
    try:
        first, other = homes.seated()
        homes.line(first, "pass")
        homes.line(other, "")
        room = homes.room
        last = homes.net.messages(room)[-1]
        assert last.record is not None and last.sender == homes.users[first]
        before = [len(s.game.actions) for s in homes.sessions]
        # the same record again (a replay), and one that says another move than it makes
        homes.net.inject(room, last.sender, last.body, last.record)
        forged = dict(last.record)
        forged["gcg"] = str(forged.get("gcg", "")).replace("-", "8H ZZZ", 1) or "forged"
        homes.net.inject(room, last.sender, "Forged.", forged)
        homes.idle()
        for i in (0, 1):
            out = homes.line(i, "")
            refused = [line for line in out if "refused" in line or "came again" in line]
            assert len(refused) >= 2, out
            assert any("came again" in line for line in out), out
        assert [len(s.game.actions) for s in homes.sessions] == before
        assert all(link.refusals for link in homes.links)
        # the game goes on
        homes.line(other, "pass")
        assert homes.line(first, "")[0] == prompts.move_arrived(NAMES[other])
    finally:
        homes.close()


def test_an_exchange_names_no_tile_not_known_yet_and_the_rack_fills_when_the_keys_come(lexicon: Any) -> None:
    homes = Homes(lexicon)
    try:
        first, other = homes.seated()
        me = homes.sessions[first]
        rack = list(me.game.players[first].rack)
        out = homes.line(first, "exchange " + "".join(rack[:3]))
        assert out[0].startswith("You put back"), out
        assert not any(" drew" in line for line in out), out
        assert online_prompts.tiles_coming(3) in out
        assert len(me.game.players[first].rack) == 4 and "?" not in me.game.players[first].rack or \
            me.game.players[first].rack.count("?") == rack[3:].count("?")
        heard = homes.line(other, "")
        assert f"{NAMES[first]} exchanged 3 tiles." in heard, heard
        homes.line(other, "pass")
        back = homes.line(first, "")
        assert back[0] == prompts.move_arrived(NAMES[other])
        assert len(me.game.players[first].rack) == 7
        assert any(line.startswith("Rack: ") for line in back), back
    finally:
        homes.close()
