"""A long reply cut short by news, under the test's own Orca: ``repeat``
gives the news, then says the reply before it can be heard, and
``repeat`` once more gives that reply.

Orca speaks new text with interrupt: Ann passes, and while the champion
thinks she types ``help``; the champion's move comes while Orca reads the
help's lines and cuts them off. Before, ``repeat`` then said the move
only: the help was lost to a player who cannot see the screen. Now
``repeat`` says the move and "Repeat again for the reply before.", and
``repeat`` again says the help from its first line. (The test's logging
speech module reads fast: here the help is mostly said whole before the
move comes; what is checked is what ``repeat`` gives, as Orca reads it.)

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    CHALLENGE, CHAMPION_SEED, Desktop, Game, _missing, decoy, desktop, pass_to_the_champion,
    start_against_the_champion, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

AGAIN = "Repeat again for the reply before."


def _answer(spoken: list[str]) -> list[str]:
    """What Orca said after the Return that sent a line (not its key echo)."""
    return spoken[spoken.index("return") + 1:] if "return" in spoken else spoken


def _help_lines() -> list[str]:
    from audio_scrabble.console import services
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players="Ann,computer:champion", seed=CHAMPION_SEED),
                      lexicon=services.WordSet(["QI"]))
    session.start()
    return session.handle_line("help")


def test_repeat_after_news_that_cut_the_help_gives_the_help_back(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    help_lines = _help_lines()
    start_against_the_champion(start_game, think=4)
    pass_to_the_champion(desktop)
    asked = desktop.terminal_mark()
    desktop.type_line("help")
    assert desktop.wait_spoken(asked, help_lines[0], 10), desktop.spoken_since(asked)
    assert desktop.wait_spoken(asked, CHALLENGE, 40), desktop.spoken_since(asked)
    desktop.settle(1.0)
    cut = [m.stopped for m in desktop.orca_said() if help_lines[0] in m.text]
    print(f"the help's speech stopped before its end: {cut}")  # (the test's speech module reads fast)
    first = desktop.terminal_mark()
    desktop.type_line("repeat")
    assert desktop.wait_spoken(first, AGAIN, 10), desktop.spoken_since(first)
    desktop.settle(1.0)
    said_first = _answer(desktop.spoken_since(first))
    second = desktop.terminal_mark()
    desktop.type_line("repeat")
    assert desktop.wait_spoken(second, help_lines[-1], 20), desktop.spoken_since(second)
    desktop.settle(1.0)
    said_second = _answer(desktop.spoken_since(second))
    print(f"help typed: {_answer(desktop.spoken_since(asked))} | repeat: {said_first} | again: {said_second[:4]}")
    assert said_first[0].startswith("Champion computer played") and said_first[-1] == AGAIN, said_first
    assert said_second[0] == help_lines[0], said_second  # the help whole, from its first line
    assert not any("Champion computer played" in line for line in said_second), said_second
