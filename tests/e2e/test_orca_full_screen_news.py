"""News at the bottom of a full screen, after a board key, under the
test's own Orca: the key's answer is not said again before the news.

News that comes while the player waits is drawn on the input line below
the last key's answer (console/output/answer_line.py). Once the terminal
is full, the line break under that answer scrolls it; written with the
news in one write, VTE reports one insertion beginning at the end of the
answer's line, and Orca's terminal script, reading an insertion from the
start of its first line, says that line again (seen for a key after a
key: tests/e2e/test_orca_full_screen.py). Here the screen is filled
(``help`` three times), Ann passes, presses a key while the champion
thinks, and the champion's move comes: every line Orca says from the key
on is said once: the key's answer,
then the news.

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


@pytest.mark.parametrize("key", ["Right", "F9"])
def test_the_news_after_a_key_at_the_bottom_of_a_full_screen_is_heard_once(
    key: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    start_against_the_champion(start_game)
    for line in ("help", "help", "help keys"):
        desktop.type_line(line)
        desktop.settle(1.0)
    rows = desktop.terminal_text().split("\f")[0].rstrip("\n").count("\n") + 1
    mark = pass_to_the_champion(desktop)
    desktop.settle(0.5)
    pressed = desktop.terminal_mark()
    desktop.key(key)
    desktop.settle(0.5)
    answer = [line for line in desktop.spoken_since(pressed) if line != key]
    assert not desktop.wait_spoken(mark, CHALLENGE, 0.1), "the move came before the key"
    came = desktop.wait_spoken(pressed, CHALLENGE, 40)
    desktop.settle(1.5)
    spoken = [line for line in desktop.spoken_since(pressed) if line != key]
    print(f"{rows} rows; after {key}: answer {answer} | spoken {spoken}")
    assert rows >= 60  # full: the line breaks scroll it
    assert came and answer, spoken
    assert spoken[:len(answer)] == answer, spoken
    assert spoken[len(answer)].startswith("Champion computer played"), spoken  # not the answer's last line
    news = spoken[len(answer):]
    twice = [line for line in news if news.count(line) != 1]
    assert twice == [], (twice, spoken)
