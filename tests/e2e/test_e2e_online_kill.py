"""Between homes, end to end: a player's program killed (SIGKILL) mid-game
and started again. Two real game processes in tmux over a real Synapse
(the ``synapse`` fixture). Once between typing a move and its send (the
homeserver is stopped so that the send cannot go; the program is killed
while the move waits): started again, the program sends it from its
journal, once. Once while the other player moves: started again, it
catches up from the room and it is its turn. Both times the game goes on
to its end and both sides keep the same record. Skipped with the reason
when tmux, nio or Synapse is missing."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from online_tmux_kit import flat, lexicon, NEEDS_TMUX, new_players, play_to_end, Player, screens_shown, start_game, Table, WAIT  # noqa: F401 (lexicon: a fixture; skips without nio)

from audio_scrabble.presentation import online_prompts

pytestmark = NEEDS_TMUX


def come_back(p: Player) -> str:
    """Start the program again (the account on file: no question) and open the game."""
    p.start()
    p.wait_said(f"Signed in as {p.user}.")
    p.type("open 1")
    return p.wait_for("Your game with", timeout=WAIT)


def test_a_player_killed_before_the_send_and_while_the_other_moves_comes_back(
        synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    players = new_players(synapse, tmp_path, ["alice", "bob"])
    done: list[str] = []
    turns_said: dict[str, int] = {}

    def hook(phase: str, turn: int, mover: Player, line: str) -> None:
        other = next(p for p in players if p is not mover)
        if turn == 2 and phase == "before":  # the move cannot go
            synapse.stop()
        elif turn == 2 and phase == "typed":  # typed, not sent: killed
            mover.wait_for(online_prompts.SEND_WHEN_BACK, timeout=WAIT)
            mover.kill()
            synapse.start()
            come_back(mover)
            done.append("killed before the send")
        elif turn == 5 and phase == "before":  # the other is killed ...
            other.kill()
            turns_said["before"] = mover.count(f"{other.label}'s turn.")
        elif turn == 5 and phase == "typed":  # ... while this one moves; it comes back
            mover.wait_for(f"{other.label}'s turn.", count=turns_said["before"] + 1, timeout=WAIT)
            screen = come_back(other)
            assert " ".join(online_prompts.moved_while_away(mover.label, 1)) in flat(screen), screen[-2000:]
            assert f"Last move: {mover.label} " in flat(screen), screen[-2000:]  # what was played meanwhile
            other.arrived[mover.label] = -1  # the move is in the game it opened, not said as it arrives
            done.append("killed while the other moved")

    with screens_shown(players, synapse):
        order = start_game(synapse, players)
        play_to_end(order, Table(lexicon, 2), phony=False, hook=hook)
        assert done == ["killed before the send", "killed while the other moved"]
        texts = [p.gcg()[1] for p in players]
        assert texts[0] == texts[1]
        for p in players:
            screen = p.screen()
            assert screen.count("The deal checked out.") == 1, screen[-2000:]
            assert "Traceback" not in screen and "refused" not in screen and "came again" not in screen
        if os.environ.get("SHOW_SCREENS"):
            print("\n=========\n".join(p.screen() for p in players))
