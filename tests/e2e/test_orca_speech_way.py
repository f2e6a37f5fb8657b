"""Orca running counts as the screen reader reading the console, and the
game says so first (issue s27 sr8, 1; the other side, a Speech Dispatcher
with no Orca counting for nothing, is tests/e2e/test_speech_way_said.py).

The test's Orca runs under a name of its own (tests/orca_private.py), so
it is found as the player's is: on the session's accessibility bus, as
the one listening for text inserted (presentation/screen_readers.py), not
by a process name; the decoy process named ``orca`` runs outside this
desktop's session and does not count. Started in ``--speech text`` and
``--speech auto``, the game's first line, "Speech: through Orca.", is
heard from Orca, and the prompt is told only when it changes.

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, _stop_group, decoy, desktop, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.mark.parametrize("speech", ["text", "auto"])
def test_orca_is_found_and_the_game_says_speech_goes_through_it(
    speech: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    game = start_game(speech)
    try:
        heard = [line for line in desktop.spoken_since(game.opening_mark) if line != "return"]  # the key
        print(f"--speech {speech}: Orca said first {heard[:2]}")
        assert heard and heard[0] == "Speech: through Orca.", heard[:3]
        assert not desktop.game_sent(), "the game spoke itself"
    finally:
        _stop_group(game.terminal)
