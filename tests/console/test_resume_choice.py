"""Which game is offered on resume (issue 23, item 12).

After several windows, a new window offered the unfinished game left in
its own slot ("You 36, Club computer 76.") to a player who had just said
goodbye to another game in a second slot; and ``--players Ann,Bob``
first asked to resume a game of other players. The game offered is the
one left last, of the players named when they are named; players with
no game on file start a new one at once.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

from audio_scrabble.console.session import Options, Session
from audio_scrabble.core import Game, rules_named
from audio_scrabble.persistence import SaveStore, files


class AcceptAll:
    """A word list that takes every word."""

    def __contains__(self, word: object) -> bool:
        return True


def _left(folder: Path, slot: str, names: tuple[str, ...], minutes_ago: int, monkeypatch) -> None:
    """An unfinished game of ``names`` left in ``slot`` (its window closed)
    ``minutes_ago`` minutes ago."""
    moment = datetime.now().astimezone() - timedelta(minutes=minutes_ago)
    monkeypatch.setattr(files, "now", lambda: moment)
    SaveStore(folder, slot=slot).save(Game(list(names), rules_named("house"), seed=3))
    monkeypatch.undo()
    stamp = moment.timestamp()
    os.utime(folder / f"{slot}.json", (stamp, stamp))


def _start(folder: Path, **opts) -> tuple[Session, str]:
    s = Session(Options(**opts), lexicon=AcceptAll(), store=SaveStore(folder))
    return s, " ".join(s.start())


def test_the_game_left_last_is_offered_not_the_first_slots_older_one(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _left(folder, "current", ("Zed", "Yan"), 120, monkeypatch)  # an old game in the first slot
    _left(folder, "current-2", ("Ann", "Bob"), 1, monkeypatch)  # the one just said goodbye to
    s, said = _start(folder)
    assert "Ann" in said and "Zed" not in said, said
    assert s.handle_line("yes") and s.game is not None and s.game.names == ("Ann", "Bob")
    # the first slot's game is not lost: it was put away in the games folder
    kept = [p.name for p in (folder / "games").iterdir()]
    assert any("Zed" in name for name in kept), kept


def test_this_windows_own_game_stays_first_when_it_was_left_last(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _left(folder, "current", ("Ann", "Bob"), 1, monkeypatch)
    _left(folder, "current-2", ("Zed", "Yan"), 120, monkeypatch)
    _, said = _start(folder)
    assert "Ann" in said and "Zed" not in said, said


def test_named_players_are_offered_only_their_own_game(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _left(folder, "current-2", ("Ann", "Bob"), 120, monkeypatch)
    _left(folder, "current", ("Zed", "Yan"), 1, monkeypatch)  # newer, but of other players
    s, said = _start(folder, players="bob,ann", seed=4)  # any case, any order
    assert "Ann" in said and "Zed" not in said, said
    s.handle_line("yes")
    assert s.game is not None and s.game.names == ("Ann", "Bob") and s.game.actions == []


def test_named_players_with_no_game_on_file_start_a_new_one_at_once(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _left(folder, "current", ("Zed", "Yan"), 1, monkeypatch)
    s, said = _start(folder, players="Ann,Bob", seed=4)
    assert s.question is None and "Resume it?" not in said, said
    assert s.game is not None and s.game.names == ("Ann", "Bob"), said
    # the other players' game is kept, put away, never lost
    kept = [p.name for p in (folder / "games").iterdir()]
    assert any("Zed" in name for name in kept), kept
