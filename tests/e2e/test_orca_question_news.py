"""A question open when news arrives, under the test's own Orca: the news
heard once, then the question again, once.

Ann passes, and while the champion thinks she types ``quit`` (leave the
game? yes or no); the champion's move comes while the question is open:
it is drawn on the input line with the question asked again after it
(console/output/answer_line.py, acting.steps' ``again``). What Orca says
from then on holds each line of the move once and the question once,
after the move; ``no`` keeps Ann in the game.

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    CHALLENGE, Desktop, Game, _missing, decoy, desktop, pass_to_the_champion,
    start_against_the_champion, start_game, typed_and_heard,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

LEAVE = "Leave the game?"


@pytest.mark.parametrize("mode", ["text", "screenreader"])
def test_news_at_an_open_question_is_heard_once_and_the_question_once_after_it(
    mode: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    start_against_the_champion(start_game, mode)
    mark = pass_to_the_champion(desktop)
    desktop.settle(0.5)
    typed_and_heard(desktop, "quit", LEAVE)
    desktop.settle(0.5)
    waiting = desktop.terminal_mark()
    assert not desktop.wait_spoken(mark, CHALLENGE, 0.1), "the move came before the question"
    came = desktop.wait_spoken(waiting, CHALLENGE, 40)
    desktop.settle(2.0)
    spoken = desktop.spoken_since(waiting)
    print(f"{mode}: after the question: {spoken}")
    assert came, spoken
    first = next(k for k, line in enumerate(spoken) if line.startswith("Champion computer played"))
    twice = [line for line in spoken if spoken.count(line) != 1]
    assert twice == [], (twice, spoken)
    questions = [k for k, line in enumerate(spoken) if LEAVE.lower() in line.lower()]
    assert len(questions) == 1 and questions[0] > first, spoken  # once, after the move
    typed_and_heard(desktop, "no", "Staying in the game.")
