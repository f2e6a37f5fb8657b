"""An honour game beside the correspondence commands (both came in the same
round): ``games`` lists it with the clocked games, ``claim`` and
``rematch`` refuse it in one sentence and change nothing (an honour game
keeps no days a move, and its friend has no program to accept a
rematch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from audio_scrabble.presentation import honour_prompts, prompts

from honour_kit import Loop
from test_honour_loopback import lexicon  # noqa: F401  (the module's word list fixture)


def refused(out: list[str], sentence: str) -> bool:
    return out == prompts.refusal_said(sentence) or sentence in " ".join(out)


def test_claim_rematch_and_games_with_an_honour_game(tmp_path: Path, lexicon: Any) -> None:  # noqa: F811
    loop = Loop(tmp_path, lexicon)
    host = loop.host
    try:
        loop.invited()
        listed = host.line("games")
        assert any("(honour)" in line for line in listed), listed
        before = host.link().game.history_events() if hasattr(host.link().game, "history_events") else None
        assert refused(host.line("claim"), honour_prompts.HONOUR_NO_CLAIM)
        assert refused(host.line("claim 1"), honour_prompts.HONOUR_NO_CLAIM)
        host.line("resign")
        assert host.link().game.is_over
        bodies = len(loop.bodies())
        assert refused(host.line("rematch"), honour_prompts.HONOUR_NO_REMATCH)
        assert len(loop.bodies()) == bodies  # nothing sent
        assert len(host.home.rooms) == 1  # no new game offered
        if before is not None:
            assert host.link().game.history_events()[: len(before)] == before
    finally:
        host.close()
        loop.bob.close()
