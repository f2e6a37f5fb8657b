"""Whether the game finds the screen reader, in the real environment, under
the test's own Orca: the check that tells the prompt only when it changes
and draws news on the input line (console/start.py ``_screen_reader``,
presentation/speech.py ``screen_reader_name``).

On Linux the game looks for a screen reader that really reads: on the
session's accessibility bus, one listening for text inserted
(presentation/screen_readers.py). Where its speech server is does not
matter any more (before, a Speech Dispatcher that answered was taken for
a screen reader, and one that did not answer for none: issue s27 sr8, 1;
a Speech Dispatcher with no Orca is tests/e2e/test_speech_way_said.py).
The game is started in --speech text without --prompt, three ways, and
Orca is found each time (the prompt is no ``Ann>`` on the input line):

* as the desktop has it (its server at ``SPEECHD_ADDRESS``);
* ``SPEECHD_ADDRESS`` empty and the server's socket where Speech
  Dispatcher puts it by default in ``XDG_RUNTIME_DIR``;
* ``SPEECHD_ADDRESS`` naming a socket no server answers, and
  ``XDG_RUNTIME_DIR`` a folder without one (before: not found, ``Ann>``
  on the input line, though Orca read the console).

The private desktop of tests/e2e/orca_kit.py. Needs the Debian packages
in tests/DEBIAN_PACKAGES.orca; skips with the reason elsewhere.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

import pytest

from orca_kit import (  # noqa: F401 - decoy, desktop and start_game are fixtures
    Desktop, Game, _missing, _stop_group, decoy, desktop, start_game,
)

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _runtime(desktop: Desktop, served: bool) -> str:
    """A runtime folder, with the desktop's speech server's socket where
    Speech Dispatcher puts it by default when ``served``."""
    folder = Path(tempfile.mkdtemp(prefix="run-", dir=desktop.root))
    if served:
        (folder / "speech-dispatcher").mkdir()
        (folder / "speech-dispatcher" / "speechd.sock").symlink_to(desktop.speech.socket)
    return str(folder)


def _screen(desktop: Desktop) -> list[str]:
    lines = [line.rstrip() for line in desktop.terminal_text().split("\f")[0].rstrip("\n").split("\n")]
    return [line for line in lines if line.strip()]


@pytest.mark.parametrize("way", ["desktop", "default_socket", "none"])
def test_the_screen_reader_is_found_wherever_its_speech_server_is(
    way: str, desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    env = {
        "desktop": {},
        "default_socket": {"SPEECHD_ADDRESS": "", "XDG_RUNTIME_DIR": _runtime(desktop, True)},
        "none": {"SPEECHD_ADDRESS": f"unix_socket:{desktop.root / 'nobody.sock'}",
                 "XDG_RUNTIME_DIR": _runtime(desktop, False)},
    }[way]
    game = start_game("text", env_more=env)
    try:
        desktop.type_line("")  # the rack; the prompt after it
        desktop.settle(1.0)
        screen = _screen(desktop)
        print(f"{way}: the screen's last lines {screen[-3:]}")
        # told only when it changes: a screen reader reads the console
        assert not any(line.startswith("Ann>") for line in screen), screen[-3:]
        assert screen[-1].startswith("Ann, your rack:"), screen[-3:]
    finally:
        _stop_group(game.terminal)
