"""Between homes, end to end: an end by agreement. Two real game
processes in tmux over a real Synapse (the ``synapse`` fixture). The
first player moves; the second offers to end the game ("You offered to
end the game here; ..."), the first hears the offer with the scores as
they stand, declines, then the second offers again and the first types
``games`` (the offer named under the game) and ``agree``: both hear
"Ended by agreement: ..." once and the deal checked, and keep the same
GCG record, which notes the agreement. Skipped with the reason when
tmux, nio or Synapse is missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from online_tmux_kit import flat, lexicon, NEEDS_TMUX, new_players, screens_shown, start_game, Table, WAIT, wait_turn  # noqa: F401 (lexicon: a fixture; skips without nio)

pytestmark = NEEDS_TMUX


def test_offer_decline_offer_games_agree(synapse: Any, tmp_path: Path, lexicon: Any) -> None:
    players = new_players(synapse, tmp_path, ["alice", "bob"])
    with screens_shown(players, synapse):
        first, second = start_game(synapse, players)
        assert wait_turn(first) == "turn"
        first.type("pass")
        second.wait_for(f"{first.label} passed.", timeout=WAIT)
        second.type("offer end")
        second.wait_said(f"You offered to end the game here; {first.label} can agree or play on.")
        first.wait_said(f"{second.label} offers to end the game here, {second.label} 0, you 0.")
        first.type("decline")
        first.wait_said("You declined; play on.")
        second.wait_said(f"{first.label} declined to end the game; play on.")
        second.type("offer end")
        first.wait_for("offers to end the game here", count=2, timeout=WAIT)  # the second offer
        first.type("games")
        first.wait_said(f"{second.label} offers to end; type open 1 to answer.")
        first.type("agree")
        for p in players:
            p.wait_said("Ended by agreement: a tie, 0 each.")
            p.wait_for("The deal checked out.", timeout=WAIT)
        for p in players:
            assert flat(p.screen()).count("Ended by agreement: a tie, 0 each.") == 1, p.screen()[-2000:]
            assert "Traceback" not in p.screen()
        texts = [p.gcg()[1] for p in players]
        assert texts[0] == texts[1] and "#note Ended by agreement" in texts[0], texts[0]
