"""``--prompt full`` under the test's own Orca: after news drawn on the
input line with the prompt last (a computer's move after a key), the line
typed next goes on that prompt's line: one ``Ann>`` on the screen, and Orca
does not read the prompt again.

News that comes while the player waits is drawn on the input line, the
prompt as its last line, the caret after it (console/app.py _say_thought,
console/output/answer_line.py). At the next key the input moved below
the news, as it does below a key's answer, and the prompt was drawn
again there: ``Ann>`` twice on the screen, the typed line under a bare
prompt. Now the first key draws on the prompt's own line. Here: Ann
passes, presses Right while the champion thinks, its move comes, and she
types ``scores``.

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


def test_the_line_typed_after_news_goes_on_the_prompt_it_ended_with(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    pressed, came = right_while_the_champion_thinks(desktop, start_game, more="--prompt full")
    assert came, desktop.spoken_since(pressed)
    desktop.settle(1.5)
    typed = typed_and_heard(desktop, "scores", "You 0, Champion computer")
    desktop.settle(1.0)
    spoken = desktop.spoken_since(typed)
    lines = [line.rstrip() for line in desktop.terminal_text().split("\f")[0].rstrip("\n").split("\n")]
    moved = max(i for i, line in enumerate(lines) if line.startswith("Champion computer played"))
    after = [line for line in lines[moved:] if line.strip()]
    print(f"the screen from the move: {after} | spoken after typing: {spoken}")
    prompts = [line for line in after if line.startswith("Ann>")]
    assert prompts[0] == "Ann> scores", after  # typed on the prompt the news ended with
    assert not any(line.strip() == "Ann>" for line in after[:after.index(prompts[0])]), after
    echoed = spoken[:spoken.index("return")] if "return" in spoken else spoken
    assert not any("Ann>" in line for line in echoed), spoken  # the prompt not read again as she types
