"""What the tiles a player keeps are worth: a simple leave evaluation.

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


def leave_value(tiles: Iterable[str]) -> float:
    """The value of keeping ``tiles`` (``?`` for a blank), in points."""
    return _value("".join(sorted(tiles)))


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


def best_leave_bound(rack: Iterable[str]) -> float:
    """An upper bound of the value of any leave drawn from ``rack``."""
    tiles = sorted(rack)
    best = 0.0
    n = len(tiles)
    seen: set[str] = set()
    for mask in range(1 << n):
        key = "".join(tiles[i] for i in range(n) if mask >> i & 1)
        if key not in seen:
            seen.add(key)
            best = max(best, _value(key))
    return best
