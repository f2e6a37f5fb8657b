"""Lines of at most the braille cells setting, under the test's own Orca:
with ``--braille-cells 20`` every line the game shows, as Orca's braille
output shows it (the BRAILLE LINE of its debug log) and as the terminal
has it (AT-SPI), fits 20 cells, words whole, after the hand-over, a few
commands, a board key and a function key. (It passed on the code it was
written against: a guard of the layout as Orca shows it.)

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, decoy, desktop, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

CELLS = 20
LINES = ("", "scores", "bag", "unseen", "help keys")
KEYS = ("Right", "F9", "F6")


def test_every_line_fits_the_braille_cells(desktop: Desktop, start_game: Callable[..., Game]) -> None:
    game = start_game("text", more=f"--braille-cells {CELLS}", opening_ends="your rack.")
    mark = game.opening_mark
    for line in LINES:
        typed = desktop.terminal_mark()
        desktop.type_line(line)
        desktop.settle(1.0)
        print(repr(line), desktop.spoken_since(typed))
    for key in KEYS:
        pressed = desktop.terminal_mark()
        desktop.key(key)
        desktop.settle(1.0)
        print(key, desktop.spoken_since(pressed))
    typed_lines = {line for line in LINES if line}
    brailled = [b.strip() for b in desktop.braille_since(mark) if b.strip() and b.strip() not in typed_lines]
    screen = [t.rstrip() for t in desktop.terminal_text().replace("\f", "\n").split("\n") if t.strip()]
    shown = [t for t in screen if t not in typed_lines]
    print("braille:", brailled)
    print("screen:", screen)
    assert [b for b in brailled if len(b) > CELLS] == []
    assert [t for t in shown if len(t) > CELLS] == []
