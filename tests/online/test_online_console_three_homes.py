"""Three homes at the console (console/homes/online_table.py) over the loopback
transport: three Sessions in one process, every move typed through
Session.handle_line, played to the end. When a player goes out, only the
next player decides (challenge or accept), as every side's referee
expects: before, each of the two others was asked, each accepted and
waited for the other, and the game never ended. At the end the hint is
how to play again between homes, not "Type new for another game"."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.match import DONE, PLAY
from audio_scrabble.presentation import online_prompts, prompts

from lines_kit import said as said_in  # type: ignore[import-not-found]
from tables_kit import Homes  # type: ignore[import-not-found]
from typed_moves import typed  # type: ignore[import-not-found]

NAMES = ("Alice", "Bob", "Carol")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_three_consoles_play_to_the_end_the_next_player_accepting_the_last_play(lexicon: Any) -> None:
    homes = Homes(lexicon, NAMES, flush=True)
    try:
        for i in range(3):
            homes.line(i, "")
        players = [ComputerPlayer("club", lexicon, rng_seed=i) for i in range(3)]
        asked: list[int] = []
        for _ in range(300):
            if all(link.pending() == DONE for link in homes.links):
                break
            i = next((k for k, link in enumerate(homes.links) if link.pending() == PLAY), None)
            if i is None:
                for k in range(3):
                    homes.line(k, "")
                continue
            for k in range(3):
                homes.line(k, "")
            link = homes.links[i]
            with link._lock:
                game = link.state.game
                assert game is not None
                if game.awaiting_final_challenge:
                    line = "accept"
                    asked = [k for k in range(3) if homes.sessions[k].game.awaiting_final_challenge]
                else:
                    line = typed(players[i].choose(game, i), game.board)
            out = homes.line(i, line)
            if homes.sessions[i].question is not None:
                out += homes.line(i, "yes")
        else:
            raise AssertionError("the game did not end")
        for k in range(3):
            homes.line(k, "")
            assert homes.heard[k].count("The deal checked out.") == 1, homes.heard[k][-10:]
            # the end's hint is how to play again between homes (new and review are refused here)
            assert prompts.NEW_OR_QUIT not in homes.heard[k] and prompts.REVIEW_OFFER not in homes.heard[k]
            assert said_in(online_prompts.NEW_ONLINE_LINES, homes.heard[k]), homes.heard[k][-10:]
        finals = [link.state.final for link in homes.links]
        assert finals[0] is not None and all(f is not None and f.gcg == finals[0].gcg for f in finals)
        assert asked, "no player went out"
    finally:
        homes.close()
