"""Between homes, end to end, when things go wrong: two real game
processes in tmux over a real Synapse (the ``synapse`` fixture, which can
stop and start the server on the same port and database). The homeserver
is stopped mid-game and a move made while it is down: the player hears it
goes when the server is back, nothing is lost; the server started again,
the move arrives once and the game goes on to its end with the same
record on both sides. Skipped with the reason when tmux, nio or Synapse
is missing."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from online_tmux_kit import lexicon, NEEDS_TMUX, new_players, play_to_end, Player, screens_shown, start_game, Table, WAIT  # noqa: F401 (lexicon: a fixture; skips without nio)

from audio_scrabble.presentation import online_prompts

pytestmark = NEEDS_TMUX


def finish(players: list[Player]) -> None:
    texts = [p.gcg()[1] for p in players]
    assert all(t == texts[0] for t in texts)
    for p in players:
        assert p.screen().count("The deal checked out.") == 1
        assert "Traceback" not in p.screen()
    if os.environ.get("SHOW_SCREENS"):
        print("\n=========\n".join(p.screen() for p in players))


def test_a_move_made_while_the_homeserver_is_down_arrives_once_when_it_is_back(
        synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    players = new_players(synapse, tmp_path, ["alice", "bob"])
    seen: dict[str, Any] = {}

    def hook(phase: str, turn: int, mover: Player, line: str) -> None:
        if turn != 2:
            return
        other = next(p for p in players if p is not mover)
        if phase == "before":
            synapse.stop()
            return
        # the player hears that the move goes when the server is back
        mover.wait_for(online_prompts.SEND_WHEN_BACK, timeout=WAIT)
        time.sleep(2)
        assert f"{mover.label}'s move has arrived." not in other.screen().split("Your turn.")[-1]
        seen["arrived"] = other.count(f"{mover.label}'s move has arrived.")
        synapse.start()
        seen["mover"], seen["other"] = mover, other

    with screens_shown(players, synapse):
        order = start_game(synapse, players)
        typed = play_to_end(order, Table(lexicon, 2), phony=False, hook=hook)
        mover, other = seen["mover"], seen["other"]
        # once: each action the mover typed (the one during the outage too) said once on the other side
        moves_by_mover = sum(1 for line in typed if line.startswith(f"{mover.label}: "))
        assert other.count(f"{mover.label}'s move has arrived.") == moves_by_mover, typed
        assert "refused" not in other.screen() and "came again" not in other.screen()
        finish(players)
