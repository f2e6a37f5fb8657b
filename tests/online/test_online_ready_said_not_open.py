"""A deal done with no table open for it (the player's program not
running, or the player at another game) is news: said once, whose turn
and what to type ("Your game with Alice is ready; your turn: type open
1.", the number even for the only game: review12). Before, neither player was told; they found out only through
``games``. Over the loopback transport (homes_kit's homes, one clock)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import clocked_homes, dealt_while_closed_in_turn, seated, settle  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _ready(heard: list[str]) -> list[str]:
    return [s for s in joined(heard).split(". ") if "is ready" in s]


def test_dealt_while_both_programs_were_closed_by_turns(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        dealt_while_closed_in_turn(alice, bob)  # the game is ready on both sides
        for p in (alice, bob):
            p.line("")
            p.line("")  # the news said above the prompt: with the next line typed (heard keeps every line)
        heard = {p.name: joined(p.heard) for p in (alice, bob)}
        state = alice.home.links[alice.home.rooms[0]].state
        first = "Alice" if state.game.current == state.my_seat else "Bob"
        for p, other in ((alice, "Bob"), (bob, "Alice")):
            whose = "your turn" if p.name == first else f"{first}'s turn"
            said = heard[p.name]
            assert f"Your game with {other} is ready; {whose}: type open 1." in said, said  # review12: plain open did not open it
            assert said.count("is ready") == 1, said
        # said once: not again at the next start, nor once opened
        for p in (alice, bob):
            p.close()
            p.heard.clear()
            p.start()
        settle(alice, bob)
        for p in (alice, bob):
            p.line("")
            again = joined(p.heard)
            assert "is ready" not in again, again


def test_dealt_while_the_player_is_at_another_game_names_its_number(tmp_path: Path, lexicon: Any) -> None:
    with clocked_homes(tmp_path, lexicon) as (_clock, _net, alice, bob):
        seated(alice, bob)  # game 1, open at both tables
        bob.line("invite @alice:loopback")  # game 2: Bob's table opens it; Alice stays at game 1
        settle(alice, bob)
        alice.line("games")
        alice.line("accept 1")  # opens it at her table: she goes back to game 1 before the deal is done
        alice.line("open 1")
        alice.heard.clear()
        for _ in range(3):
            settle(alice, bob)
        alice.line("rack")
        heard = joined(alice.heard)
        state = alice.home.links[alice.home.rooms[1]].state  # Bob's invitation: he sits first
        assert state.game is not None
        whose = "your turn" if state.game.current == state.my_seat else "Bob's turn"
        assert f"Your game with Bob is ready; {whose}: type open 2." in heard, heard
        assert heard.count("is ready") == 1, heard
        alice.line("open 2")
        alice.close()
        alice.heard.clear()
        alice.start()
        settle(alice, bob)
        alice.line("")
        assert "is ready" not in joined(alice.heard), alice.heard
