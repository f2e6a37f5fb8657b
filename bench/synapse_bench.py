"""What the benchmarks over a real homeserver share (bench/matrix_roundtrip.py,
bench/online_console.py): a Synapse on 127.0.0.1 in a new temporary
folder (the one the tests use: tests/synapse_server.py, installed by
.ci/run), and the percentile they print."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

#: the goal of a move or a message, sent to arrived (s)
GOAL_S = 1.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def new_synapse(prefix: str) -> tuple[Any, Path] | None:
    """A Synapse (not started yet, the caller times its start) and the new
    temporary folder it lives in; None where it is not installed, after
    saying so (``skipped: why``)."""
    import synapse_server

    python, why = synapse_server.find_python()
    if python is None:
        print(f"skipped: {why}")
        return None
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    return synapse_server.Synapse(folder / "synapse", python), folder
