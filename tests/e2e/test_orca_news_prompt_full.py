"""``--prompt full`` under the test's own Orca: news drawn on the input
line (a computer's move after a key) ends with the prompt, which Orca
reads once after the move, as after a printed reply; the next line typed
is answered as usual. (Before, the news hid the prompt until the next
key: tests/console/test_news_then_the_prompt.py shows it at a pipe.)

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, decoy, desktop, right_while_the_champion_thinks, start_game, typed_and_heard,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def test_the_prompt_after_news_on_the_input_line_is_heard_once(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    pressed, came = right_while_the_champion_thinks(desktop, start_game, more="--prompt full")
    desktop.settle(1.5)
    spoken = [line for line in desktop.spoken_since(pressed) if line != "Right"]
    lines = desktop.terminal_text().split("\f")[0].rstrip("\n").split("\n")
    print(f"spoken {spoken} | the screen's last lines {lines[-3:]}")
    assert came, spoken
    assert lines[-1].strip() == "Ann>", lines[-3:]  # the prompt, after the move
    assert spoken[-1] == "Ann>", spoken  # read once, last
    assert spoken.count("Ann>") == 1, spoken
    typed_and_heard(desktop, "scores", "You 0, Champion computer")
