"""The tile set, held as data, and the bag.

A tile is written as its letter, upper case, and a blank as ``?`` (as in
rack notation). A blank placed on the board becomes a lower-case letter.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ..errors import ActionNotAllowed, NotationError

BLANK = "?"

# Letter, value, count: the standard English set (RULES.md, Equipment).
TILE_SET_DATA = """
A 1 9   B 3 2   C 3 2   D 2 4   E 1 12  F 4 2   G 2 3
H 4 2   I 1 9   J 8 1   K 5 1   L 1 4   M 3 2   N 1 6
O 1 8   P 3 2   Q 10 1  R 1 6   S 1 4   T 1 6   U 1 4
V 4 2   W 4 2   X 8 1   Y 4 2   Z 10 1  ? 0 2
"""


def _parse_tile_set(text: str) -> tuple[dict[str, int], dict[str, int]]:
    fields = text.split()
    values: dict[str, int] = {}
    counts: dict[str, int] = {}
    for i in range(0, len(fields), 3):
        letter, value, count = fields[i], int(fields[i + 1]), int(fields[i + 2])
        values[letter] = value
        counts[letter] = count
    return values, counts


TILE_VALUES, TILE_COUNTS = _parse_tile_set(TILE_SET_DATA)
TILE_KINDS: tuple[str, ...] = tuple(TILE_VALUES)  # "A".."Z", "?"
TOTAL_TILES = sum(TILE_COUNTS.values())
RACK_SIZE = 7
BINGO_BONUS = 50

assert TOTAL_TILES == 100 and sum(TILE_VALUES[t] * TILE_COUNTS[t] for t in TILE_KINDS) == 187


def tile_value(tile: str) -> int:
    """Value of a tile as it sits on a rack or the board (blanks: 0)."""
    if tile == BLANK or tile.islower():
        return 0
    return TILE_VALUES[tile]


def full_tile_set() -> list[str]:
    """All 100 tiles, in a fixed order."""
    return [t for t in TILE_KINDS for _ in range(TILE_COUNTS[t])]


def rack_value(tiles: Iterable[str]) -> int:
    return sum(tile_value(t) for t in tiles)


def parse_tiles(text: str) -> list[str]:
    """Tiles written as in rack notation: letters and ``?`` for a blank."""
    tiles = []
    for ch in text.strip():
        if ch == BLANK:
            tiles.append(BLANK)
        elif "A" <= ch.upper() <= "Z" and ch.isascii():
            tiles.append(ch.upper())
        elif ch.isspace():
            continue
        else:
            raise NotationError(f"{ch!r} is not a tile; use letters A to Z and ? for a blank.")
    return tiles


class _SplitMix64:
    """A tiny, fully specified random generator.

    Python's own ``random`` may change its algorithms between versions; the
    bag must give the same game for the same seed everywhere, so it uses
    this, whose state is one integer (easy to save and restore).
    """

    MASK = (1 << 64) - 1

    def __init__(self, state: int):
        self.state = state & self.MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n


class Bag:
    """The bag of tiles. Draws are random, reproducible from a seed.

    Tiles are kept in a list; a draw takes a tile from a random position, so
    the order of the list never matters to the player and the state is just
    (tiles, generator state).
    """

    def __init__(self, seed: int = 0, tiles: Sequence[str] | None = None, state: int | None = None):
        self.tiles: list[str] = list(full_tile_set() if tiles is None else tiles)
        self._rng = _SplitMix64(seed if state is None else state)

    @property
    def state(self) -> int:
        return self._rng.state

    def __len__(self) -> int:
        return len(self.tiles)

    def counts(self) -> Counter[str]:
        return Counter(self.tiles)

    def draw(self, n: int = 1) -> list[str]:
        """Draw up to ``n`` tiles (fewer when the bag runs out)."""
        drawn = []
        for _ in range(min(n, len(self.tiles))):
            i = self._rng.below(len(self.tiles))
            self.tiles[i], self.tiles[-1] = self.tiles[-1], self.tiles[i]
            drawn.append(self.tiles.pop())
        return drawn

    def put_back(self, tiles: Iterable[str]) -> None:
        for t in tiles:
            if t not in TILE_VALUES:
                raise ActionNotAllowed(f"{t!r} is not a tile and cannot go into the bag.")
            self.tiles.append(t)

    def copy(self) -> "Bag":
        return Bag(tiles=self.tiles, state=self.state)
