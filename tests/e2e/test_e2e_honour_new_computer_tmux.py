"""By keyboard: an honour game's host signs in on a second computer
(online/honour_moving.py). Alice's real game processes (``audio-scrabble
online --speech text``), each in its own tmux terminal and data folder,
over a real Synapse on 127.0.0.1; Bob is a bare Matrix client (a phone's
app: plain text). Alice's first computer, running, hands the game over
and says so; the second says the game is here now, seats it with
``open 1`` and answers Bob's next move. Skipped with the reason when tmux,
matrix-nio's encryption or Synapse is missing."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from online_tmux_kit import NEEDS_TMUX, WAIT, Player, screens, screens_shown  # noqa: E402

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402

pytestmark = NEEDS_TMUX


def _until(ok: Any, what: str) -> None:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if ok():
            return
        time.sleep(0.3)
    raise AssertionError(what)


def test_the_host_moves_an_honour_game_to_a_second_computer(synapse: Any, tmp_path: Path) -> None:
    alice_id, alice_pw = synapse.new_user("alice")
    bob_id, bob_pw = synapse.new_user("bob")
    ben = bob_id.lstrip("@").split(":")[0].capitalize()
    alice = Player(tmp_path, "alice", alice_id, alice_pw)
    players = [alice]
    bob = MatrixTransport.sign_in(synapse.url, bob_id, bob_pw, OnlineStore(tmp_path / "phone"))
    try:
        with screens_shown(players, synapse):
            alice.sign_in(synapse.url)
            alice.type(f"invite {bob_id} honour")
            alice.wait_for("honour game with", timeout=WAIT)
            _until(lambda: len(bob.invitations()) == 1, "Bob's invitation")
            room = bob.invitations()[0].room
            bob.accept(room)
            laptop = Player(tmp_path, "laptop", alice_id, alice_pw)
            players.append(laptop)
            laptop.sign_in(synapse.url)
            laptop.wait_said(f"Your honour game with {ben} is not here; asked your other computer for it.")
            laptop.wait_said(f"Your game with {ben} is here now, from your other computer; play it here.")
            alice.wait_said(f"Your game with {ben} moved to your other computer; play it there.")
            # the table still open there: a chat line refused, saying where to play (a move on Bob's
            # turn too, with that sentence alone: tests/online/test_honour_moved_refusal_first.py)
            alice.type("say hello")
            alice.wait_said("This game moved to your other computer;")
            laptop.type("open 1")
            screen = laptop.wait_for(f"honour game with {ben}", timeout=WAIT)
            if "Your turn." in screen.split(f"honour game with {ben}")[-1]:
                laptop.type("pass")
                laptop.wait_said("You passed.")
            bob.send(room, "pass", None, "bob.1")
            laptop.wait_said(f"{ben} passed.")
            assert f"{ben} passed." not in alice.screen().split("moved to your other computer")[-1]
            if os.environ.get("SHOW_SCREENS"):
                print(screens(players))
    finally:
        bob.close()
