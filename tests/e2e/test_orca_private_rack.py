"""Two people at one keyboard, under the test's own Orca: the rack of the
player not on turn is not where Orca reads it.

Ann hears her rack (Enter at the hand-over, then F5, its answer on the
input line) and passes; the rack is handed over to Bob. Then neither the
terminal's text as AT-SPI gives it (what Orca's review reads, the
scrollback too) nor Orca's braille line after the hand-over holds Ann's
tiles.

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


def _racks() -> tuple[str, str]:
    """Ann's rack line as the game says it at seed 3, and her tiles."""
    from audio_scrabble.console import services
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    session.start()
    line = session.handle_line("")[-1]
    return line, line.split(":", 1)[1].strip().rstrip(".")


def test_the_last_players_rack_is_gone_from_the_screen_reader_review(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    line, tiles = _racks()
    start_game("text")
    mark = desktop.terminal_mark()
    desktop.type_line("")
    assert desktop.wait_spoken(mark, line), desktop.spoken_since(mark)
    desktop.settle(1.0)
    mark = desktop.terminal_mark()
    desktop.key("F5")
    assert desktop.wait_spoken(mark, tiles), desktop.spoken_since(mark)
    desktop.settle(1.0)
    assert tiles in desktop.terminal_text()
    mark = desktop.terminal_mark()
    desktop.type_line("pass")
    assert desktop.wait_spoken(mark, "Bob, press Enter to hear your rack."), desktop.spoken_since(mark)
    desktop.settle(1.5)
    review = desktop.terminal_text()
    brailled = desktop.braille_since(mark)
    print("review after the hand-over:", repr(review.strip()), "| braille:", brailled)
    assert "Bob, press Enter to hear your rack." in review
    assert tiles not in review, review
    assert not [b for b in brailled if tiles in b], brailled
