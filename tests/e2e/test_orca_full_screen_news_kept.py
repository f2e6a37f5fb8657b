"""News after an arrow at the bottom of a full screen, under the test's
own Orca: the arrow's answer stays on the screen, the news below it, and
each is heard once.

News that comes on its own is drawn on the input line below the last
key's answer (console/output/answer_line.py). After an arrow at the
bottom of a full screen it was drawn in the answer's place (the break
below the answer, written with the news, made Orca say the answer again;
written alone, "blank"), so the arrow's answer was gone from the screen
and the scrollback. Now the answer's line is blank while the news is
drawn below it and written back after (AnswerLine.restore). Here the
screen is filled, Ann passes, presses Right while the champion thinks,
and the champion's move comes.

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


def _screen(desktop: Desktop) -> list[str]:
    return [line.strip() for line in desktop.terminal_text().split("\f")[0].rstrip("\n").split("\n")]


def test_the_arrow_answer_stays_above_the_news_at_the_bottom_of_a_full_screen(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    start_against_the_champion(start_game)
    for line in ("help", "help", "help keys"):
        desktop.type_line(line)
        desktop.settle(1.0)
    rows = len(_screen(desktop))
    mark = pass_to_the_champion(desktop)
    desktop.settle(0.5)
    pressed = desktop.terminal_mark()
    desktop.key("Right")
    desktop.settle(0.5)
    answer = [line for line in desktop.spoken_since(pressed) if line != "Right"]
    assert not desktop.wait_spoken(mark, CHALLENGE, 0.1), "the move came before the key"
    came = desktop.wait_spoken(pressed, CHALLENGE, 40)
    desktop.settle(1.5)
    spoken = [line for line in desktop.spoken_since(pressed) if line != "Right"]
    screen = _screen(desktop)
    moved = next((i for i, line in enumerate(screen) if line.startswith("Champion computer played")), None)
    print(f"{rows} rows; after Right: answer {answer} | spoken {spoken} | the screen's last lines {screen[-8:]}")
    assert rows >= 60  # full: the line breaks scroll it
    assert came and answer == ["I8."], spoken
    assert moved is not None, screen[-8:]
    assert screen[moved - 1] == "I8.", screen[moved - 3:]  # the arrow's answer kept, just above the news
    assert spoken[0] == "I8." and spoken[1].startswith("Champion computer played"), spoken
    news = spoken[1:]
    assert [line for line in news if news.count(line) != 1] == [], spoken
    assert "I8." not in news, spoken
