"""Between homes, end to end: both players act for the same turn at once.
Two real game processes in tmux over a real Synapse (the ``synapse``
fixture). The homeserver is stopped; the player whose turn it is types a
move and the other resigns (a resignation may come at any time), so both
records carry the same turn number; the server started again, the room's
one order decides: the same one stands on both sides, the other is refused
with one sentence on each side ("Another move came first; yours was not
made." where it was sent, which record was refused on the other) and
changes nothing; the game ends with the same record on both sides. Skipped with the reason when tmux, nio or
Synapse is missing."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

from online_tmux_kit import flat, lexicon, NEEDS_TMUX, new_players, screens, screens_shown, start_game, Table, WAIT, wait_turn  # noqa: F401 (lexicon: a fixture; skips without nio)

from audio_scrabble.presentation import online_prompts

pytestmark = NEEDS_TMUX

REFUSED = re.compile(r"(\w+)'s record does not follow the last one; it was refused\.")


def test_a_move_and_a_resignation_at_once_one_stands_on_both_sides(
        synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    players = new_players(synapse, tmp_path, ["alice", "bob"])
    with screens_shown(players, synapse):
        mover, other = start_game(synapse, players)
        assert wait_turn(mover) == "turn"
        line, _ = Table(lexicon, 2).choose(mover.rack())
        synapse.stop()
        mover.type(line)
        mover.wait_for(online_prompts.SEND_WHEN_BACK, timeout=WAIT)
        other.type("resign")
        time.sleep(1)
        synapse.start()
        # the room's one order: either the move stood and the resignation was
        # refused, or the resignation stood and the move was refused
        # the side whose record came late hears that another came first; the
        # other side hears which record was refused
        late: dict[str, bool] = {}
        told: dict[str, list[str]] = {}
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            late = {p.label: " ".join(online_prompts.OWN_CAME_LATE) in flat(p.screen()) for p in players}
            told = {p.label: REFUSED.findall(flat(p.screen())) for p in players}
            if any(late.values()) and any(told.values()):
                break
            time.sleep(0.1)
        assert sum(late.values()) == 1, screens(players)
        loser = next(label for label, is_late in late.items() if is_late)
        winner = next(p.label for p in players if p.label != loser)
        assert told[winner] == [loser] and told[loser] == [], told  # the same one refused, once
        for p in players:
            assert flat(p.screen()).count(" ".join(online_prompts.OWN_CAME_LATE)) == (1 if p.label == loser else 0)
        move_stood = loser == other.label
        if move_stood:  # the move is on both boards; the resignation again, now in its turn order
            other.wait_for(f"{mover.label}'s move has arrived.", timeout=WAIT)
            assert "You resigned." not in other.screen()
            other.type("resign")
        for p in players:
            p.wait_for("The deal checked out.", timeout=WAIT)
        texts = [p.gcg()[1] for p in players]
        assert texts[0] == texts[1]
        played = line.split()[-1].replace("(", "").replace(")", "").upper()
        # (the record writes a blank in lower case: NHANdU for NHANDU with a blank D)
        assert (played in texts[0].upper()) == move_stood, texts[0]
        for p in players:
            assert p.screen().count("The deal checked out.") == 1
            assert "Traceback" not in p.screen()
        if os.environ.get("SHOW_SCREENS"):
            print(screens(players))
