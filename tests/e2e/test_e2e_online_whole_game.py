"""Whole games between homes, end to end: two (and three) real game
processes (``audio-scrabble online``), each in its own tmux terminal with
its own data folder, over a real Synapse on 127.0.0.1 (the ``synapse``
fixture): sign in, invite, accept, a phony played and challenged off, an
exchange, a chat line each way, every other turn a legal play typed from
what that player's own pane says (its rack) on the test's own board, to
the natural end (the bag empty, a player out, the last play accepted);
every pane says the deal checked out, and every side keeps the same GCG
record, byte for byte. Skipped with the reason when tmux, nio or Synapse
is missing."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from online_tmux_kit import lexicon, NEEDS_TMUX, new_players, play_to_end, screens_shown, start_game, Table  # noqa: F401 (lexicon: a fixture; skips without nio)


pytestmark = NEEDS_TMUX


def whole_game(synapse: Any, tmp_path: Path, lexicon: Any, names: list[str]) -> None:
    began = time.monotonic()
    players = new_players(synapse, tmp_path, names)
    with screens_shown(players):
        order = start_game(synapse, players)
        typed = play_to_end(order, Table(lexicon, len(players)))
        for p in players:
            screen = p.screen()
            assert screen.count("The deal checked out.") == 1, screen[-2000:]
            assert "went out with the bag empty" in screen, screen[-2000:]
            assert "Traceback" not in screen and p.password not in screen
            assert "Type new for another game" not in screen  # new is refused between homes
            for q in players:  # each chat line said once on every other pane
                if q is not p and any(line.startswith(q.label) for line in typed):
                    assert screen.count(f"{q.label} says: hello from {q.name}") <= 1
        assert any(line.endswith(": challenge") for line in typed)
        assert any(": exchange " in line for line in typed)
        records = [p.gcg() for p in players]
        texts = [text for _, text in records]
        assert all(text == texts[0] for text in texts), [path for path, _ in records]
        assert texts[0].count("\n>") >= 10
        if os.environ.get("SHOW_SCREENS"):
            print("\n=========\n".join(p.screen() for p in players))
            print(f"{len(typed)} turns in {time.monotonic() - began:.0f} s")


def test_two_processes_play_a_whole_game(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    whole_game(synapse, tmp_path, lexicon, ["alice", "bob"])


def test_three_processes_play_a_whole_game(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    whole_game(synapse, tmp_path, lexicon, ["alice", "bob", "carol"])
