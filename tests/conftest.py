"""Shared test set-up.

The word-list cache and the data folder (saved games, records) go to
temporary folders for the whole run, so tests never touch the user's own.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"

_cache = tempfile.mkdtemp(prefix="audio_scrabble_test_cache_")
os.environ.setdefault("AUDIO_SCRABBLE_CACHE_DIR", _cache)
os.environ.setdefault("AUDIO_SCRABBLE_DATA_DIR", tempfile.mkdtemp(prefix="audio_scrabble_test_data_"))


@pytest.fixture
def shared_gcg_dir() -> Path:
    d = SHARED / "gcg"
    if not d.is_dir():
        pytest.skip("../shared/gcg (the reference game records) is not beside the repository")
    return d


@pytest.fixture(scope="session")
def _synapse_session(tmp_path_factory):
    """One real Synapse for the whole run (see tests/synapse_server.py);
    skips with the reason when it is not installed."""
    import synapse_server

    python, why = synapse_server.find_python()
    if python is None:
        pytest.skip(why)
    server = synapse_server.Synapse(tmp_path_factory.mktemp("synapse"), python)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def synapse(_synapse_session):
    """The real homeserver, running (started again if a test stopped it)."""
    _synapse_session.start()
    return _synapse_session


@pytest.fixture(autouse=True)
def _stop_key_not_watched(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test listens to the developer's own keyboard: the speakers'
    watcher of Ctrl (presentation/stopkey.py), which would stop a test's
    speech at the developer's stop key, is off; tests/presentation/test_stop_key.py
    turns it on against a private X server."""
    from audio_scrabble.presentation import speech

    monkeypatch.setattr(speech, "watch_stop_key", lambda on_stop: None)


class CountedClock:
    """A clock that moves ``tick`` seconds each time it is read. Put in
    place of the end-game search's clock, its time budget becomes a count
    of steps, the same on a loaded machine as on an idle one: a test of
    what the search finds never depends on how fast the machine is."""

    def __init__(self, tick: float = 1e-4) -> None:
        self.now = 0.0
        self.tick = tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def counted_search_clock(monkeypatch) -> CountedClock:
    """The end-game search's clock counted in steps (see CountedClock)."""
    import audio_scrabble.engine.endgame as endgame

    clock = CountedClock()
    monkeypatch.setattr(endgame, "time", clock)
    return clock


@pytest.fixture(autouse=True)
def _own_answer_not_waited(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new device caught up by another home without its player's keys
    says so at once in the tests, not after waiting OWN_ANSWER_WAIT
    seconds for the player's own other computer's answer
    (console/homes/online_catching.py); the tests of that wait
    (tests/online/test_online_caught_up_said_once.py) set it themselves."""
    from audio_scrabble.console.homes import online_catching

    monkeypatch.setattr(online_catching, "OWN_ANSWER_WAIT", 0.0)
