"""What the tiles a player keeps are worth: learned values, or a simple model.

:func:`leave_value` is the value the expert, the hints and the reviews
use: the **learned table** (every leave of 1 to 6 tiles, blanks included,
learned by self-play: :mod:`.learn_leaves`, shipped as
``audio_scrabble/data/leaves.bin.z`` and loaded on first use) when it is
there, else the hand-made model below (:func:`hand_value`, also kept as
the "expert-old" reference in ``bench/strength.py``).

Table layout: a leave is a multiset of the 27 tile kinds ``?A..Z``; the
leaves of size k are numbered by the combinatorial number system for
multisets (:func:`leave_rank`), so each size is one array of int16
values in tenths of a point, with no keys stored. The file is zlib data:
a magic line, a JSON line of facts (games, observations), then the
arrays for k = 1..6, little-endian.

The hand-made model:

After a play, the tiles left on the rack ("the leave") shape the next
turns: a blank or an S helps score, a Q or three I's hinder. The expert
player maximises *equity* = score + leave value. The evaluation here is
deliberately simple and explainable, three parts summed:

1. **Tile values** (:data:`TILE_LEAVE`): what keeping one tile is worth,
   in points, roughly as in published single-tile leave tables (Quackle's
   superleaves and the like), rounded. The blank and S are worth keeping;
   Q, V, W, U and duplicates of awkward letters are not.
2. **Duplicates**: each extra copy of a letter costs :data:`DUPLICATE`
   points (more for I, U, V, W; less for S; nothing for blanks), since
   duplicates seldom fit one word.
3. **Vowel/consonant balance**: blanks aside, about 40 % vowels fit words
   best; the penalty is :data:`BALANCE` × (vowels − 0.4 × tiles)².

Plus a Q without a U costs :data:`Q_WITHOUT_U` more, a QU pair is worth
:data:`QU_BONUS`. The empty leave is worth 0. Good tiles do not add up
without limit (one turn can only use so much): above :data:`KNEE` points
a leave gains only :data:`ABOVE_KNEE` of each further point, so that two
blanks and an S are not kept at the price of a bingo.

Values are cached per leave (as a sorted string).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable

#: Points a single kept tile is worth.
TILE_LEAVE: dict[str, float] = {
    "?": 25.0, "S": 8.0, "Z": 4.0, "X": 3.5, "E": 3.5, "R": 1.5, "H": 1.0, "A": 1.0,
    "C": 0.8, "M": 0.6, "D": 0.5, "N": 0.5, "T": 0.5, "L": 0.3, "P": -0.5, "Y": -0.6,
    "I": -0.8, "K": -1.5, "J": -1.5, "O": -1.5, "G": -2.0, "B": -2.0, "F": -2.0,
    "U": -3.5, "W": -4.0, "V": -5.5, "Q": -7.0,
}
VOWELS = frozenset("AEIOU")
#: Cost of each extra copy of a letter (blanks: none).
DUPLICATE = 3.0
DUPLICATE_BY_LETTER: dict[str, float] = {"I": 5.0, "U": 5.0, "V": 6.0, "W": 5.0, "S": 1.5, "?": 0.0}
BALANCE = 1.5
Q_WITHOUT_U = 5.0
QU_BONUS = 3.0
KNEE = 25.0
ABOVE_KNEE = 0.5


def hand_value(tiles: Iterable[str]) -> float:
    """The hand-made model's value of keeping ``tiles`` (``?`` for a blank), in points."""
    return _value("".join(sorted(tiles)))


def leave_value(tiles: Iterable[str]) -> float:
    """The value of keeping ``tiles`` (``?`` for a blank), in points: the
    learned table when shipped (and not switched off), else the hand model."""
    key = "".join(sorted(tiles))
    if _USE_LEARNED and 0 < len(key) <= 6:
        table = learned_table()
        if table is not None:
            return table.value(key)
    return _value(key)


def learned_value(tiles: Iterable[str]) -> float:
    """The learned table's value (the hand model where the table has none)."""
    key = "".join(sorted(tiles))
    table = learned_table() if 0 < len(key) <= 6 else None
    return table.value(key) if table is not None else _value(key)


_USE_LEARNED = True


def use_learned(on: bool) -> None:
    """Switch the learned table on or off for :func:`leave_value` (self-play, benches)."""
    global _USE_LEARNED
    _USE_LEARNED = on


# -- the learned table ----------------------------------------------------------

TILE_KINDS = "?ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_INDEX = {t: i for i, t in enumerate(TILE_KINDS)}
_MAGIC = b"ASLEAVES1\n"
TABLE_FILE = "leaves.bin.z"


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if n >= k >= 0 else 0


#: _C[n][k] for the ranks (n < 33, k <= 6)
_C = [[_comb(n, k) for k in range(7)] for n in range(40)]


def table_sizes() -> dict[int, int]:
    """Number of multisets of each size 1..6 of the 27 tile kinds."""
    return {k: _comb(len(TILE_KINDS) + k - 1, k) for k in range(1, 7)}


def leave_rank(leave: str) -> int:
    """The index of a sorted leave among the leaves of its size (colex order
    of the combination ``a_i + i``)."""
    r = 0
    for i, t in enumerate(leave):
        r += _C[_INDEX[t] + i][i + 1]
    return r


def encode_table(parts: list, meta: dict) -> bytes:
    import json
    import sys
    import zlib
    from array import array

    blobs = []
    for vals in parts:
        a = array("h", (int(v) for v in vals))
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
        blobs.append(a.tobytes())
    return zlib.compress(_MAGIC + json.dumps(meta).encode() + b"\n" + b"".join(blobs), 9)


class LeaveTable:
    """The learned values (see the module docstring)."""

    def __init__(self, arrays: list, meta: dict) -> None:
        self.arrays = arrays  # arrays[k - 1]: int16 tenths of a point
        self.meta = meta
        self._cache: dict[str, float] = {}

    def value(self, key: str) -> float:
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = self.arrays[len(key) - 1][leave_rank(key)] / 10.0
        return v

    @classmethod
    def decode(cls, packed: bytes) -> "LeaveTable":
        import json
        import sys
        import zlib
        from array import array

        data = zlib.decompress(packed)
        if not data.startswith(_MAGIC):
            raise ValueError("not a leave table")
        head_end = data.index(b"\n", len(_MAGIC))
        meta = json.loads(data[len(_MAGIC):head_end])
        body = memoryview(data)[head_end + 1:]
        arrays, off = [], 0
        for k, n in table_sizes().items():
            a = array("h")
            a.frombytes(body[off: off + 2 * n])
            if sys.byteorder == "big":  # pragma: no cover
                a.byteswap()
            if len(a) != n:
                raise ValueError("leave table truncated")
            arrays.append(a)
            off += 2 * n
        if off != len(body):
            raise ValueError("leave table has the wrong length")
        return cls(arrays, meta)


_TABLE: list = []  # [LeaveTable | None] once looked for


def learned_table() -> "LeaveTable | None":
    """The shipped learned table, loaded on first use (None if missing or damaged)."""
    if not _TABLE:
        table = None
        try:
            import importlib.resources

            packed = importlib.resources.files("audio_scrabble").joinpath("data").joinpath(TABLE_FILE).read_bytes()
            table = LeaveTable.decode(packed)
        except (OSError, ValueError, ModuleNotFoundError, Exception):  # noqa: BLE001 - fall back to the hand model
            table = None
        _TABLE.append(table)
    return _TABLE[0]


@lru_cache(maxsize=65536)
def _value(key: str) -> float:
    if not key:
        return 0.0
    counts = Counter(key)
    total = sum(TILE_LEAVE[t] * n for t, n in counts.items())
    for t, n in counts.items():
        if n > 1:
            total -= DUPLICATE_BY_LETTER.get(t, DUPLICATE) * (n - 1)
    letters = len(key) - counts["?"]
    if letters:
        vowels = sum(n for t, n in counts.items() if t in VOWELS)
        total -= BALANCE * (vowels - 0.4 * letters) ** 2
    if counts["Q"]:
        total += QU_BONUS if counts["U"] else -Q_WITHOUT_U
    if total > KNEE:
        total = KNEE + ABOVE_KNEE * (total - KNEE)
    return round(total, 2)


def best_leave_bound(rack: Iterable[str], value=None) -> float:
    """An upper bound of the value of any leave drawn from ``rack`` (by
    ``value``, default :func:`leave_value`)."""
    value = leave_value if value is None else value
    tiles = sorted(rack)
    best = 0.0
    n = len(tiles)
    seen: set[str] = set()
    for mask in range(1 << n):
        key = "".join(tiles[i] for i in range(n) if mask >> i & 1)
        if key not in seen:
            seen.add(key)
            best = max(best, value(key))
    return best
