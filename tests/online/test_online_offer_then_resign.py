"""An offer to end the game, then a resignation (or a claim on time): the
game is over, so the offer no longer stands anywhere. Before, the
referee kept it standing (OnlineGame.end_offered), so the other player,
opening the game after a restart, heard "Alice offers to end the game
here, ... Type agree to end it, or play on." of a game already over, and
``decline`` at its table answered "there is nothing to end" instead of
taking an invitation's number; the honour kind kept it too. Over the
loopback (homes_kit's two consoles; honour_kit's Loop)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon

from homes_kit import pair_at_a_game, resigns, restarted, settle  # type: ignore[import-not-found]
from honour_kit import Loop  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_an_offer_then_a_resignation_is_not_said_as_standing(tmp_path: Path, lexicon: Any) -> None:
    with pair_at_a_game(tmp_path, lexicon) as (alice, bob):
        alice.line("offer end")
        settle(alice, bob)
        bob.close()
        resigns(alice)
        settle(alice)
        news = restarted(bob, alice, rounds=2)
        bob.line("games")
        news += joined(bob.line("open 1") + bob.line(""))
        assert "offers to end" not in news, news
        for p in (alice, bob):
            assert p.home.links[p.home.rooms[0]].state.end_offered is None
        refused = joined(bob.line("decline"))
        assert "nothing to end" not in refused, refused


def test_an_honour_offer_then_a_resignation_stands_no_more(tmp_path: Path, lexicon: Any) -> None:
    loop = Loop(tmp_path, lexicon)
    try:
        loop.invited()
        loop.host.line("")
        loop.types("offer end")
        loop.host.line("")
        loop.types("resign")
        loop.host.line("")
        assert loop.host.link().game.is_over
        assert loop.host.link().end_offered is None
        loop.host.close()
        loop.host = loop.new_host()
        loop.host.sign_in()
        assert loop.host.link().end_offered is None
    finally:
        loop.host.close()
        loop.bob.close()
