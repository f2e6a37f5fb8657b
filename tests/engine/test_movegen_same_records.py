"""The move generator gives exactly the records it gave before it was made
faster (issue 26): the same moves, scores, choices of blanks, in the same
order, on a few hundred positions of seeded games, each rack as dealt and
with one and with two of its tiles made blanks.

The digests below were written by the generator at commit ecdc79a (before
the issue's work) with :func:`digests`; they depend on the default word
list, so a change of that list changes them (write them again with
``python tests/engine/test_movegen_same_records.py`` on a generator known
to be right, e.g. one that passes test_movegen.py's agreement with the
core). A failure names the game whose records differ.

Also: the RUN masks the generator caches in the word graph (the letters
that go on with a run of tiles) are removed past their cap, and
generation gives the same records with them removed.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import pytest

from audio_scrabble.core import Game
from audio_scrabble.engine import MoveGenerator, WordGraph, movegen
from audio_scrabble.engine import graph as graph_mod
from audio_scrabble.engine.graph import RUN
from audio_scrabble.lexicon import Lexicon

from movegen_kit import blank_variants, seeded_turns  # type: ignore[import-not-found]

GAMES = 4
SEED = 60_000

#: per game: (positions, sha256 of every position's records in order)
EXPECTED: list[tuple[int, str]] = [
    (99, "6e92fe99ca869a4509e33fd783bb02f00640242ba969654edc3e11bc7edd0ce6"),
    (85, "dcda5cf37bad5ba27ca741a17973eb3e45981aecae5d1664ed3cc7db2be709a7"),
    (83, "6c8799be85192343e2811bb954da32ee32a3fe2fe6886c370d9188fc51a7ef73"),
    (84, "1c741ecfda80ff4e6a1965980b449c63b478706c19dc31f16146b8021637f769"),
]


def digests(gen: Any, lexicon: Any, games: int = GAMES) -> list[tuple[int, str]]:
    """Per seeded game: (positions, digest of the records of each position,
    each rack variant), the moves played chosen at random among the ten best."""
    counts = [0] * games
    hashes = [hashlib.sha256() for _ in range(games)]
    for g, board, rack, rng in seeded_turns(lexicon, games, SEED, gen):
        for v in blank_variants(rack, rng):
            hashes[g].update(repr(gen.generate(board, v).records).encode())
            counts[g] += 1
    return [(n, h.hexdigest()) for n, h in zip(counts, hashes)]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def test_same_records_as_before_the_speed_work(lexicon: Lexicon) -> None:
    got = digests(MoveGenerator(lexicon), lexicon)
    for g, (want, have) in enumerate(zip(EXPECTED, got)):
        assert have == want, f"game seed {SEED + g}: records differ from the generator's before issue 26"
    assert len(got) == len(EXPECTED) == GAMES


def _run_keys(root: dict) -> int:
    seen: set[int] = set()
    stack = [root]
    n = 0
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for k, v in node.items():
            if k >= RUN and k & RUN:
                n += 1
            elif isinstance(v, dict):
                stack.append(v)
    return n


def test_run_masks_are_capped_and_generation_is_the_same_without_them(lexicon: Lexicon,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    gen = MoveGenerator(lexicon)
    game = Game(["a", "b"], seed=SEED, lexicon=lexicon)
    boards = []
    for _ in range(12):
        moves = gen.generate(game.board, game.current_player.rack)
        boards.append((game.board.copy(), list(game.current_player.rack) + ["?"]))
        game.place(moves[0].play)
    want = [gen.generate(b, r).records for b, r in boards]
    # A graph of its own (the lexicon's is shared), with a cap of 5 masks;
    # the pure-Python search (the compiled one caches no masks in the graph)
    fresh = MoveGenerator(WordGraph(graph_mod._convert(lexicon.dawg)), backend="python")
    monkeypatch.setattr(movegen, "_RUN_KEPT", [])
    monkeypatch.setattr(movegen, "_RUN_CAP", 5)
    made = []
    real = movegen._run_hooks
    monkeypatch.setattr(movegen, "_run_hooks", lambda *a: made.append(a[1]) or real(*a))
    got = []
    for b, r in boards:
        got.append(fresh.generate(b, r).records)
        assert _run_keys(fresh.graph.root) == len(movegen._RUN_KEPT) <= 5
    assert got == want
    assert len(made) > 5  # masks were made, and all but the last few removed


if __name__ == "__main__":  # write the digests (see the module docstring)
    print(digests(MoveGenerator(Lexicon.default()), Lexicon.default()), file=sys.stdout)
