"""Damaged games on file are said, once, and kept aside (issue 24, item 6).

A damaged save in a second slot (``current-2.json``) and a damaged game
put away in the games folder were left out of ``games`` without a word
("No games on file yet."). Each is now said in one sentence the first
time ``games`` meets it and renamed aside, as the first slot's damaged
save is, so it is neither lost nor said again.
"""

from __future__ import annotations

from pathlib import Path

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore


class AcceptAll:
    """A word list that takes every word."""

    def __contains__(self, word: object) -> bool:
        return True

DAMAGE = b'{"app": "audio_scrabble", "payload": trunc'


def _games(folder: Path) -> list[str]:
    s = Session(Options(players="Ann,Bob", seed=2), lexicon=AcceptAll(), store=SaveStore(folder))
    s.start()
    first = " ".join(s.handle_line("games"))
    again = " ".join(s.handle_line("games"))
    return [first, again]


def test_a_damaged_save_in_a_second_slot_is_said_once_and_kept_aside(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "current-2.json").write_bytes(DAMAGE)
    first, again = _games(folder)
    assert "current-2.json damaged; set aside; aside says why." in first, first  # short: newcomer 5, aside named: newcomer 7 (was "could not be used because ...")
    aside = [p.name for p in folder.iterdir() if p.name.startswith("current-2.damaged-")]
    assert len(aside) == 1 and (folder / aside[0]).read_bytes() == DAMAGE
    assert aside[0] not in first  # where it went is for whoever helps: the store's sentence, not said
    assert not (folder / "current-2.json").exists()
    assert "current-2" not in again and "damaged;" not in again, again  # said once


def test_a_damaged_game_put_away_is_said_once_and_kept_aside(tmp_path):
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    name = "2026-11-20-101010-Cy-v-Di.unfinished.json"
    (folder / "games" / name).write_bytes(DAMAGE)
    first, again = _games(folder)
    assert f"{name} damaged; set aside; aside says why." in first, first
    aside = [p.name for p in (folder / "games").iterdir()]
    assert len(aside) == 1 and ".damaged-" in aside[0] and (folder / "games" / aside[0]).read_bytes() == DAMAGE
    assert "damaged;" not in again, again


def test_every_line_said_fits_a_braille_line(tmp_path):
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    (folder / "current-2.json").write_bytes(DAMAGE)
    (folder / "games" / "2026-11-20-101010-Cy-v-Di.unfinished.json").write_bytes(b"\x00\x01")
    s = Session(Options(players="Ann,Bob", seed=2), lexicon=AcceptAll(), store=SaveStore(folder))
    s.start()
    out = s.handle_line("games")
    assert sum("damaged;" in line for line in out) == 2, out
    # every line fits, but a file's name, which is never broken (nor the folder's path)
    assert all(len(line) <= 40 for line in out if " " in line.strip(" .") and not line.startswith("Games folder:")), out
