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
