"""A move that comes on its own, under the test's own Orca: the champion's
move said above a line the player has half typed.

The private desktop of tests/e2e/orca_kit.py (Xvfb, its own session bus,
Orca as ``scrabble-orca`` through tests/orca_private.py, never
``--replace``; the logging Speech Dispatcher; the game in xfce4-terminal,
keys sent with xdotool). Ann plays the champion (6 s a move: the half
line is typed well before it) in text mode (the default: Orca reads the
console), then in screen-reader mode (the game sends the screen reader's
speech only what is not printed: nothing here). She passes, hears
"thinking", types "sco" and waits: the champion's move is printed above her line.
Then each line of the move is heard exactly once, and "res" with Enter
sends "scores" (the line was kept). Orca reads the prompt and the half
line after the move, as the terminal draws them again below it: once,
or (in some runs, Orca's terminal script presenting the caret's return
to the line) twice; the test prints how often, it does not assert it.

Needs the Debian packages in tests/DEBIAN_PACKAGES.orca; skips with the
reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    THINKING, Desktop, Game, _missing, _plain, decoy, desktop, pass_to_the_champion, start_against_the_champion,
    start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

@pytest.mark.parametrize("mode", ["text", "screenreader"])
def test_the_champions_move_above_a_half_typed_line_is_heard_once_and_the_line_kept(
    mode: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    # orca_kit.CHAMPION_SEED: the champion's answer to her pass takes most of
    # its think (5.7 s of 6; at seed 3 it cut its candidates to one and played
    # within a second, at times before the half line was typed)
    start_against_the_champion(start_game, mode)
    sent_before = len(desktop.game_sent())
    mark = pass_to_the_champion(desktop)
    desktop.settle(0.5)
    desktop.xdotool("type", "--delay", "40", "sco")
    typed = desktop.terminal_mark()
    assert not desktop.wait_spoken(mark, "type challenge.", 0.1), "the move came before the half line"
    assert desktop.wait_spoken(typed, "type challenge.", 40), desktop.spoken_since(typed)
    desktop.settle(1.5)
    shown = [_plain(t) for t in desktop.shown_since(typed) if t.strip()]
    spoken = desktop.spoken_since(typed)
    mark = desktop.terminal_mark()
    desktop.xdotool("type", "--delay", "40", "res")
    desktop.key("Return")
    scores_heard = desktop.wait_spoken(mark, "You 0, Champion computer")
    print("shown:", shown, "| spoken:", spoken, "| then:", desktop.spoken_since(mark))
    print(f"the half line heard {spoken.count('sco')} times after the move")
    first = next((k for k, line in enumerate(spoken) if line.startswith("Champion computer played")), None)
    assert first is not None, spoken
    end = spoken.index("To challenge it, type challenge.", first)
    move = spoken[first:end + 1]
    twice = [line for line in move if spoken.count(line) != 1]
    assert twice == [], (twice, spoken)
    assert THINKING not in spoken  # said once, before the half line
    assert scores_heard, desktop.spoken_since(mark)
    sent = [m.text for m in desktop.game_sent()[sent_before:]]
    assert sent == [], sent  # the game sent nothing to speech itself: Orca read the screen
