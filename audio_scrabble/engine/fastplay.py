"""The play-outs' fast static player: the best play by equity (score plus
leave) for a rack, found cheaply, for the champion's simulation
(:mod:`.champion`).

What makes it cheaper than the expert's search of every move:

* **A blank stands for a few letters.** A rack with a blank has about ten
  times the moves of one without (the blank may be any letter), and
  generating them is about ten times slower. In a play-out the blank is
  tried as each of :data:`BLANK_LETTERS` in turn (a generation each, with
  a real tile of that letter); a play found so is made a legal blank play
  again (:func:`unsubstitute`: the blank on the square of that letter
  where it loses least, its score lowered by what the blank loses there,
  or the blank kept when a real tile of the letter was played). The best
  play found this way may be short of the true best: by
  :data:`BLANK_SHORTFALL` points of equity on average (measured by
  ``bench/champion_playouts.py --shortfall``), which is added back to the
  value, so that a candidate that keeps the blank is not undervalued.
* **The leave bound once per rack** (:func:`leave_bound`, cached), so
  the scan of the moves best score first stops at the first score that
  no leave can lift above the best equity found.
* No :class:`~.movegen.Move` objects: the generator's records only.

The moves it returns are legal for the real rack and correctly scored
(a test checks them against the rules core); only *which* play is best
may differ from the expert's when the rack holds a blank.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ..core.tiles import BLANK, TILE_VALUES
from .leave import best_leave_bound, leave_value
from .movegen import _LM, _WM, _Context, record_leave

#: The letters a blank stands for in the play-outs, one generation each
#: ("" for the exact search of every letter).
BLANK_LETTERS = "SE"
#: Points of equity the fast player's best falls short of the exact best,
#: on average, for a rack with one blank and BLANK_LETTERS "SE"
#: (bench/champion_playouts.py --shortfall 300: 8.9); added to its value.
BLANK_SHORTFALL = 9.0


class FastRack:
    """A rack as the fast player generates for it: ``tries`` are the racks
    actually generated, each with the letters its blanks stand for (none
    for the exact rack); ``bound`` is the best any leave of the rack is
    worth; ``shortfall`` what the substitution loses on average."""

    __slots__ = ("real", "tries", "bound", "shortfall")

    def __init__(self, rack: Sequence[str], letters: str = BLANK_LETTERS) -> None:
        self.real = list(rack)
        blanks = self.real.count(BLANK)
        self.bound = leave_bound("".join(sorted(self.real)))
        if not blanks or not letters:
            self.tries: list[tuple[list[str], tuple[str, ...]]] = [(self.real, ())]
            self.shortfall = 0.0
            return
        tiles = [t for t in self.real if t != BLANK]
        if blanks == 1:
            self.tries = [(tiles + [x], (x,)) for x in letters]
        else:  # two blanks: one generation, each blank its own letter
            sub = tuple(letters[j % len(letters)] for j in range(blanks))
            self.tries = [(tiles + list(sub), sub)]
        self.shortfall = BLANK_SHORTFALL * blanks


@lru_cache(maxsize=1 << 15)
def leave_bound(sorted_rack: str) -> float:
    """:func:`~.leave.best_leave_bound` of a rack (as its sorted string), cached."""
    return best_leave_bound(sorted_rack)


def unsubstitute(rec: tuple, left: list[str], sub: tuple[str, ...], ctx: _Context) -> tuple[tuple, list[str]]:
    """A record found with each blank standing for a letter of ``sub``, as
    a legal play of the real rack: (the record, its leave). Where a tile of
    the letter is kept, the blank is what is kept (the real tiles were
    played, the score stands); else the blank is played on the square of
    that letter where it loses least (the record's blank mask and score
    say so)."""
    left = list(left)
    played: list[str] = []
    for x in sub:
        if x in left:
            left.remove(x)
            left.append(BLANK)
        else:
            played.append(x)
    if not played:
        return rec, left
    score, d, i, s, w, bm = rec
    lt, _, xw = ctx.lines[d][i]
    lm, wmrow = _LM[d][i], _WM[d][i]
    new = [j for j in range(s, s + len(w)) if not lt[j]]
    wmul = 1
    for j in new:
        wmul *= wmrow[j]
    for x in played:
        spots = [j for j in new if w[j - s] == x and not bm >> j & 1]
        j = min(spots, key=lambda q: (lm[q] * (wmul + xw[q]), q))
        score -= TILE_VALUES[x] * lm[j] * (wmul + xw[j])
        bm |= 1 << j
    return (score, d, i, s, w, bm), left


def scan(recs: list[tuple], rack: list[str], sub: tuple[str, ...], ctx: _Context, bound: float,
         floor: float, skip: Any = None) -> tuple | None:
    """The best of ``recs`` (records generated for ``rack``; sorted here,
    best score first) by equity above ``floor``, made legal for the real
    rack (:func:`unsubstitute`) when ``sub`` is not empty: (equity, record,
    ``ctx``, the tiles it keeps), or None. ``skip``: lines (direction,
    index) whose records do not count. The scan stops at the first score
    that ``bound`` (the best leave) cannot lift above the best found."""
    best = None
    recs.sort(reverse=True)
    for r in recs:
        if r[0] + bound < floor:  # no later play can do better
            break
        if skip and (r[1], r[2]) in skip:
            continue
        left = record_leave(rack, ctx, r)
        if sub:
            r, left = unsubstitute(r, left, sub, ctx)
        eq = r[0] + leave_value(left)
        if eq > floor:
            best, floor = (eq, r, ctx, left), eq
    return best


def best_play(gen: Any, board: Any, rack: FastRack, floor: float = float("-inf")) -> tuple | None:
    """The fast player's best play for ``rack`` on ``board`` with the
    generator's current analysis: (equity, record, context, leave), or None
    when there is no play (or none above ``floor``)."""
    best = None
    for tiles, sub in rack.tries:
        recs = gen.raw(board, tiles)
        if not recs:
            continue
        found = scan(recs, tiles, sub, _Context(gen.analysis.lines, tiles), rack.bound, floor)
        if found is not None:
            best, floor = found, found[0]
    return best
