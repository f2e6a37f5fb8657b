"""Board keys at the bottom of a full screen, under the test's own Orca:
each answer heard once.

A board key's answer is drawn on the input line, and the next key's
answer goes below it after a line break (console/output/answer_line.py).
Once the terminal is full, that line break scrolls it: VTE reported the
break and the next answer as one insertion that began at the end of the
last answer's line, and Orca's terminal script, which reads an insertion
from the start of its first line, said that line again ("column H, H2 to
H14." before F6's "Ann 0, Bob 0."). Here the screen is filled (``help``
twice), then F9, F6 and F2 are pressed in turn: what Orca says after each
key is that key's answer alone.

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

import time
from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, _plain, board_key_answers, decoy, desktop, full_screen, key_answered, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

KEYS = (("F9", "spots"), ("F6", "scores"), ("F2", "where"), ("F9", "spots"))


def test_each_key_answer_heard_alone_at_the_bottom_of_a_full_screen(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    answers = board_key_answers([action for _, action in KEYS])
    full_screen(desktop, start_game)
    rows = desktop.terminal_text().split("\f")[0].rstrip("\n").count("\n") + 1
    problems = []
    for (key, _), answer in zip(KEYS, answers):
        pressed = key_answered(desktop, key, answer[-1])
        said = [line for line in desktop.spoken_since(pressed) if line != key]
        print(key, said)
        if said != [_plain(line) for line in answer]:
            problems.append((key, said, answer))
        time.sleep(0.3)
    print(f"the screen's text had {rows} lines before the keys")
    assert rows >= 60  # full: the keys' line breaks scroll it
    assert problems == [], problems
