"""End to end, by keyboard: a player signs in on a second computer in the
middle of a game between homes (online/catchup.py). Real game processes
(``audio-scrabble online --speech text``), each in its own tmux terminal
with its own data folder, over a real Synapse on 127.0.0.1.

1. Bob's first computer still runs: his laptop signs in, asks, is caught
   up with his keys from it ("from your other computer") and plays on;
   Alice hears the laptop's move.
2. Bob's first computer is gone for good (its folder deleted): the laptop
   is caught up by Alice's program, says it cannot play and that
   ``resign`` ends the game; Bob resigns from the laptop and both hear the
   game over, its deal never checked.

Skipped with the reason when tmux or Synapse is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any


from online_tmux_kit import NEEDS_TMUX, Player, new_players, screens, screens_shown, start_game, wait_turn  # noqa: E402

pytestmark = NEEDS_TMUX


def _laptop(tmp: Path, bob: Player, url: str) -> Player:
    laptop = Player(tmp, "laptop", bob.user, bob.password)
    laptop.sign_in(url)
    return laptop


def test_a_second_computer_catches_up_and_plays_on(synapse: Any, tmp_path: Path) -> None:
    alice, bob = new_players(synapse, tmp_path, ["alice", "bob"])
    players = [alice, bob]
    with screens_shown(players, synapse):
        order = start_game(synapse, players)
        first = order[0]
        wait_turn(first)
        first.type("pass")
        first.wait_said("You passed.")
        laptop = _laptop(tmp_path, bob, synapse.url)
        players.append(laptop)
        laptop.wait_said("Caught up: 1 move from your other computer.")
        laptop.type("open 1")
        if first is bob:  # Alice's turn: she passes, heard on the laptop
            wait_turn(alice)
            alice.type("pass")
            alice.wait_said("You passed.")
        laptop.wait_for("Your turn.")
        laptop.type("pass")
        laptop.wait_said("You passed.")
        alice.wait_said(f"{bob.label}'s move has arrived.")
        assert laptop.screen().count("from your other computer.") == 1
        if "cannot be read here" in laptop.screen():  # Alice's answer came first: then the keys, said so
            assert laptop.screen().count("your keys came: play here.") == 1, "said once"
        if os.environ.get("SHOW_SCREENS"):
            print(screens(players))


def test_a_first_computer_gone_for_good_the_laptop_resigns(synapse: Any, tmp_path: Path) -> None:
    alice, bob = new_players(synapse, tmp_path, ["alice", "bob"])
    players = [alice, bob]
    with screens_shown(players, synapse):
        start_game(synapse, players)
        bob.close()
        shutil.rmtree(bob.home / "data")  # his first computer, gone for good
        laptop = _laptop(tmp_path, bob, synapse.url)
        players.append(laptop)
        laptop.wait_said(f"no moves yet in {alice.label}'s game.")  # none played
        laptop.wait_said("type resign: you lose, the game ends.")
        laptop.type("open 1")  # its tiles never come here: said so, with the way out
        laptop.wait_said("or, if it is gone for good, type resign to end the game.")
        assert "still coming" not in laptop.screen()
        opened = laptop.screen().split("> open 1", 1)[1].splitlines()
        assert all(len(line) <= 40 for line in opened), opened  # a braille line each
        laptop.type("resign")
        laptop.wait_said("Resigned.")
        for p in (alice, laptop):
            p.wait_said("so the deal cannot be checked.")
        alice.wait_said(f"{bob.label} resigned.")
        assert laptop.screen().count("so the deal cannot be checked.") == 1
        if os.environ.get("SHOW_SCREENS"):
            print(screens(players))
