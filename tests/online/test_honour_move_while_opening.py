"""An honour game opened at the table (honour_table.HonourTable.attach):
the friend's move that lands while the table takes its copy of the game
is said once. The table copies the game and takes over the link's
callbacks in one hold of the link's lock; before, it set its callbacks
first and copied after, so a move landing in between was both in the
copy (said as a move since the player last saw the game) and queued at
the table ("Bob's move has arrived." and the move again). The moment is
made exact: the friend's pass is made as the copy is taken."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import prompts

from honour_kit import bob_invited  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_the_friends_move_made_as_the_game_is_opened_is_said_once(tmp_path: Path, lexicon: Any) -> None:
    host = bob_invited(tmp_path, lexicon)
    try:
        link = host.link()
        if link.game.current != link.friend_seat:
            host.line("pass")
            host.idle()
            host.line("")
        assert link.game.current == link.friend_seat
        host.home.close_table()
        copy = link.copy

        def friend_passes_meanwhile() -> Any:
            link.copy = copy  # type: ignore[method-assign]
            link._make(link.friend_seat, lambda g: g.pass_turn(), None)  # the friend's pass lands now
            return copy()

        link.copy = friend_passes_meanwhile  # type: ignore[method-assign]
        said = host.home.open(1) + host.line("")
        host.idle()
        said += host.line("")
        arrived = prompts.move_arrived_lines("Bob")[0]
        assert link.game.current == link.my_seat  # the pass was made
        assert not any(arrived in line for line in said), said  # in the copy: not queued as arriving too
        assert sum("Bob passed" in line for line in said) <= 1, said
    finally:
        host.close()
