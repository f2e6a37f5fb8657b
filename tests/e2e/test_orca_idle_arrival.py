"""A move that comes while the player is idle after a key Orca 43 does
not take as a cause for new text (an arrow, a function key), under the
test's own Orca.

Orca's terminal script presents text the terminal inserts only after
Enter, Tab, space, typing or an Alt key, or when the insertion ends where
the caret is; otherwise its debug log says "lack of cause" and nothing is
spoken. tests/e2e/test_orca_arrival.py covers a move arriving after
typing; here the player presses an arrow (its answer drawn on the input
line in text mode, said through Speech Dispatcher in screen-reader mode)
or F4 (repeat) while the champion thinks, and waits: the champion's move
must be heard, each line once, and the game sends nothing of it to
speech itself (Orca reads it from the screen). Before the move was drawn
on the input line (console/output/answer_line.py), Orca said nothing of
it: the printed move and the prompt after it ended a cell past the caret.

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    CHALLENGE, Desktop, Game, _missing, decoy, desktop, pass_to_the_champion,
    start_against_the_champion, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.mark.parametrize("mode, key", [("text", "Right"), ("text", "F4"), ("screenreader", "Right")])
def test_the_champions_move_after_a_board_key_is_heard(
    mode: str, key: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    start_against_the_champion(start_game, mode)
    mark = pass_to_the_champion(desktop)
    desktop.settle(0.5)
    pressed = desktop.terminal_mark()
    desktop.key(key)
    desktop.settle(0.5)
    sent_before = len(desktop.game_sent())  # (in screen-reader mode the game said the arrow's square)
    assert not desktop.wait_spoken(mark, CHALLENGE, 0.1), "the move came before the key"
    came = desktop.wait_spoken(pressed, CHALLENGE, 40)
    desktop.settle(1.5)
    spoken = desktop.spoken_since(pressed)
    shown = [t for t in desktop.shown_since(pressed) if t.strip()]
    print(f"after {key}: spoken {spoken} | shown {shown}")
    assert came, (spoken, shown)
    first = next(k for k, line in enumerate(spoken) if line.startswith("Champion computer played"))
    end = spoken.index(CHALLENGE, first)
    twice = [line for line in spoken[first:end + 1] if spoken.count(line) != 1]
    assert twice == [], (twice, spoken)
    assert [m.text for m in desktop.game_sent()[sent_before:]] == []
