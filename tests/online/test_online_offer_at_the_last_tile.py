"""An offer to end made at the last tile: the last play is on the board,
the bag empty, its player out, and the other has still to accept or
challenge it. The other agrees: the game ends there by agreement, the
deal still checked on both sides, the same scores and GCG record on
both, the scores those the table showed (the last play counted, no rack
penalties), the leader the winner. Or the other accepts: the offer
lapses and the game ends as usual, out, with the racks counted. Over
the loopback (test_online_end_by_agreement's Pair, two club players)."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.match import DONE

from test_online_end_by_agreement import Pair  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def _to_the_last_tile(pair: Pair, lexicon: Any) -> None:
    players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(2)]
    for _ in range(200):
        game = pair.links[0].state.game
        assert game is not None and not game.is_over, "the game ended before its last play waited"
        if game.awaiting_final_challenge:
            return
        i = pair.mover()
        link = pair.links[i]
        with link._lock:
            view = link.state.game
            assert view is not None
            action = players[i].choose(view, i)
        link.send_action(action)
        pair.idle()
    raise AssertionError("no last play in 200 moves")


@pytest.mark.parametrize("answer", ["agree", "accept"])
def test_an_offer_at_the_last_tile(lexicon: Any, answer: str) -> None:
    pair = Pair(lexicon)
    try:
        _to_the_last_tile(pair, lexicon)
        game = pair.links[0].state.game
        assert game is not None and game.pending_play is not None
        out = game.pending_play.player
        other = 1 - out
        shown = tuple(game.scores())
        pair.links[out].agreement("offer_end")
        pair.idle()
        assert [link.state.end_offered for link in pair.links] == [out, out]
        if answer == "agree":
            pair.links[other].agreement("agree_end")
        else:
            pair.links[other].send_action({"type": "accept"})
        pair.idle()
        finals = [link.state.final for link in pair.links]
        assert all(link.pending() == DONE for link in pair.links)
        assert finals[0] is not None and finals[0] == finals[1] and finals[0].checked, finals
        assert pair.refused == [[], []]
        if answer == "agree":
            assert finals[0].agreed and tuple(finals[0].totals) == shown
            assert "#note Ended by agreement" in finals[0].gcg
        else:
            assert not finals[0].agreed and "agreement" not in finals[0].gcg
            assert [link.state.end_offered for link in pair.links] == [None, None]
    finally:
        pair.close()
