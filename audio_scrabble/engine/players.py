"""Computer players, the core's ``move_finder``, hints and game reviews.

Levels (chosen at set-up as ``computer:beginner``, ``computer:club``,
``computer:expert``):

* **beginner** -- a fair game for a new player. It plays only words of
  everyday English (every word the play forms must be in
  :func:`~audio_scrabble.engine.common_words.common_words`), of at most
  five tiles, scoring at most a cap drawn each turn between 14 and 30
  points, and picks at random among the four best such plays (weights
  4:3:2:1), so it is often not the top one. With no such play it makes
  the lowest-scoring legal play, else exchanges, else passes. It
  challenges a word it does not know (not in the list) half the time.
* **club** -- the highest-scoring play (ties in a fixed order). With no
  play it exchanges keeping the best leave, else passes. It challenges a
  word not in the list four times in five.
* **expert** -- the play with the best *equity*: score plus the value of
  the tiles kept (:mod:`~audio_scrabble.engine.leave`). It exchanges when
  the best exchange's equity (the kept tiles' value) beats every play by
  more than :data:`EXCHANGE_MARGIN` and the rules allow it. With 1 to 7
  tiles in the bag (two players) it weighs its best few plays again
  (:meth:`ComputerPlayer._pre_endgame`): ahead, it avoids opening bingo
  lanes and likes emptying the bag; far behind, it opens lanes. When the
  bag is empty (two players), the opponent's rack is known (the unseen
  tiles) and it searches the rest of the game, to the end when it can
  (:mod:`~audio_scrabble.engine.endgame`: alpha-beta, iterative
  deepening within :data:`ENDGAME_SECONDS`). With three or four players
  and the bag empty, it plays for score less the tiles it keeps, with a
  bonus for going out. It challenges every word not in the
  list, and nothing else (so it never loses a challenge).

Players see only the board, their own rack, the number of tiles in the
bag, the unseen tiles and the scores -- never another player's rack.
Every level moves well within a second (``bench/strength.py``; the tests
check every move).

To keep a game without plays from going on forever (house rules end a
game on passes, not on exchanges), a player that cannot play passes
instead of exchanging once there have been six scoreless turns in a row.
"""

from __future__ import annotations

import heapq
import random
import threading
import time
from operator import itemgetter
from dataclasses import dataclass
from typing import Any, Sequence

from ..core.board import Board
from ..core.events import Event
from ..core.game import Game
from ..core.play import Play, apply_play
from ..core.tiles import BLANK, rack_value
from ..errors import ActionNotAllowed
from .common_words import common_words
from .endgame import EndgameResult, EndgameSolver
from .leave import best_leave_bound, leave_value
from .movegen import Move, MoveGenerator, _Context, generator_for, legal_exchanges

LEVELS = ("beginner", "club", "expert", "champion")
#: The expert exchanges only when that beats the best play by this many points of equity.
EXCHANGE_MARGIN = 2.0
#: End-game search (bag empty, two players): the time budget of the
#: iterative deepening (the deepest finished depth's choice stands), in
#: wall seconds from the search's start, its move generation included: a
#: quarter second keeps the expert's time a move under 300 ms at p95 and
#: played as well as the search before it at a whole second (README, figures).
ENDGAME_SECONDS = 0.25
#: Pre-endgame (1 to 7 tiles in the bag, two players): how many of its best
#: plays by equity the expert weighs again, and the weights (see _pre_endgame).
PRE_ENDGAME_CANDIDATES = 12
LANE_PENALTY = 8.0
EMPTY_BAG_BONUS = 6.0
ONE_IN_BAG_PENALTY = 4.0
FAR_BEHIND = 40
#: Beginner limits.
BEGINNER_MAX_TILES = 5
BEGINNER_CAP = (14, 30)
#: How often a level challenges a word that is not in the list.
CHALLENGE_RATE = {"beginner": 0.5, "club": 0.8, "expert": 1.0, "champion": 1.0}
#: Scoreless turns after which a player that cannot play passes rather than exchanges.
STALL_LIMIT = 6


@dataclass(frozen=True)
class Action:
    """What a computer player does: ``kind`` is "place", "exchange" or "pass".

    ``play`` is set for a placement, ``tiles`` for an exchange; ``score`` is
    the placement's score; ``equity`` what the player reckoned it worth.
    Apply it with the core's ``place(play)``, ``exchange(tiles)`` or
    ``pass_turn()`` (see :meth:`apply`).
    """

    kind: str
    play: Play | None = None
    tiles: tuple[str, ...] = ()
    score: int = 0
    equity: float = 0.0

    def apply(self, game: Game) -> Event:
        if self.kind == "place":
            assert self.play is not None
            return game.place(self.play)
        if self.kind == "exchange":
            return game.exchange(list(self.tiles))
        return game.pass_turn()


# ---------------------------------------------------------------------------
# move_exists
# ---------------------------------------------------------------------------

def move_exists(board: Board, rack: Sequence[str], lexicon: Any = None) -> bool:
    """Whether ``rack`` has any legal placement on ``board`` (stops at the first).

    Suitable as the core's ``move_finder`` (bind the lexicon, or leave it
    out for the default word list)::

        Game(names, HOUSE, seed, lexicon, move_finder=lambda b, r: move_exists(b, r, lexicon))
    """
    return generator_for(_lexicon(lexicon)).exists(board, rack)


def _lexicon(lexicon: Any) -> Any:
    if lexicon is not None:
        return lexicon
    from ..lexicon import Lexicon

    return Lexicon.default()


def parse_level(level: str) -> str:
    """"club", "Computer:Club" -> "club"; ActionNotAllowed for an unknown level."""
    name = level.strip().lower().removeprefix("computer:").strip()
    if name not in LEVELS:
        raise ActionNotAllowed(f"There is no computer level called {level!r}; choose beginner, club, expert or champion.")
    return name


# ---------------------------------------------------------------------------
# The player
# ---------------------------------------------------------------------------

class ComputerPlayer:
    """A computer player of a given level (see the module docstring).

    ``ComputerPlayer("expert", lexicon, rng_seed=7)``; the lexicon is any word
    list the engine accepts (default: the packaged English list). The seed
    makes its random choices (beginner's plays, club's missed challenges)
    reproducible.
    """

    def __init__(self, level: str, lexicon: Any = None, rng_seed: int = 0, think: float | None = None,
                 workers: int | None = None) -> None:
        self.level = parse_level(level)
        self.lexicon = _lexicon(lexicon)
        self.gen = MoveGenerator(self.lexicon)
        self.words = self.gen.graph
        self.rng = random.Random(rng_seed)
        self._common: frozenset[str] | None = None
        self._opp_gen = MoveGenerator(self.words)
        self.last_seconds = 0.0  # time taken by the last choose()
        self._started = 0.0  # when the current choose() began
        self.endgame_seconds = ENDGAME_SECONDS
        #: what kept tiles are worth to this player (the expert's equity)
        self.leave = leave_value
        self.last_endgame: EndgameResult | None = None  # the last end-game search, for tests and benches
        #: champion: its time budget per move (seconds) and worker processes
        #: (the simulation module, with multiprocessing, is imported only for it)
        self.think = think
        self._workers = workers
        self._sim: Any = None
        self._warming = threading.Lock()
        #: why the champion plays the expert's moves (its worker processes
        #: could not start or stopped answering), or None
        self.unavailable: str | None = None
        if self.level == "champion":
            from . import champion

            if self.think is None:
                self.think = champion.THINK_SECONDS
            self.endgame_seconds = self.think * champion.ENDGAME_SHARE

    # -- public ------------------------------------------------------------
    def choose(self, game: Game, player_index: int) -> Action:
        """The action for ``player_index``, whose turn it is."""
        t0 = self._started = time.perf_counter()
        rack = list(game.players[player_index].rack)
        if self.level == "beginner":
            action = self._beginner(game, rack)
        elif self.level == "club":
            action = self._club(game, rack)
        elif self.level == "champion":
            action = self._champion(game, player_index, rack)
        else:
            action = self._expert(game, player_index, rack)
        self.last_seconds = time.perf_counter() - t0
        return action

    def takes_long(self, game: Game) -> bool:
        """Whether choosing a move in ``game`` takes a while: the champion
        simulates (or searches the endgame) with two players; with three or
        four it plays the expert's move at once."""
        return self.level == "champion" and len(game.players) == 2

    def warm(self) -> None:
        """Start the champion's worker processes now (they take a few tenths
        of a second), so that its first move has its whole budget."""
        if self.level != "champion":
            return
        from . import champion

        with self._warming:  # a thread may warm it while another chooses or closes
            if self._sim is None:
                workers = champion.WORKERS if self._workers is None else self._workers
                think = self.think if self.think is not None else champion.THINK_SECONDS
                self._sim = champion.Champion(self.lexicon, think, workers, self.rng.randrange(1 << 30))
            if self.unavailable is None:
                try:
                    self._sim._get_pool()  # returns once the workers are ready
                except champion.WorkersUnavailable as e:
                    self.unavailable = str(e)

    def wants_challenge(self, game: Game, player_index: int) -> bool:
        """Whether to challenge the play that may be challenged now.

        Only a play by another player, only when the rules allow it, and
        only when a word it formed is not in this player's word list (at
        the level's rate).
        """
        pending = game.pending_play
        if pending is None or pending.player == player_index:
            return False
        if game.why_not_challenge(player_index) is not None:
            return False
        words = {w.word.word for w in pending.breakdown.words}
        if all(w in self.words for w in words):
            return False
        return self.rng.random() < CHALLENGE_RATE[self.level]

    def move_exists(self, board: Board, rack: Sequence[str]) -> bool:
        """Whether ``rack`` has a legal placement on ``board`` (the core's move_finder)."""
        return self.gen.exists(board, rack)

    # -- levels ------------------------------------------------------------
    def _club(self, game: Game, rack: list[str]) -> Action:
        recs = self.gen.raw(game.board, rack)
        if not recs:
            return self._fallback_exchange(game, rack)
        top = max(r[0] for r in recs)
        best = min(r for r in recs if r[0] == top)  # ties: the generator's fixed order
        m = Move(*best, _Context(self.gen.analysis.lines, rack))
        return Action("place", m.play, score=m.score, equity=float(m.score))

    def _beginner(self, game: Game, rack: list[str]) -> Action:
        recs = self.gen.raw(game.board, rack)
        if not recs:
            return self._fallback_exchange(game, rack)
        ctx = _Context(self.gen.analysis.lines, rack)
        common = self._common_words()
        cap = self.rng.randint(*BEGINNER_CAP)
        small = [r for r in recs if r[0] <= cap and r[4] in common]  # r[4]: the main word
        small.sort()
        small.sort(key=_score, reverse=True)  # best first, ties in the generator's order
        top: list[Move] = []
        for r in small:
            if len(_used(rack, ctx, r)) > BEGINNER_MAX_TILES:
                continue
            m = Move(*r, ctx)
            if all(w in common for w in m.formed_words()):
                top.append(m)
                if len(top) == 4:
                    break
        if top:
            m = self.rng.choices(top, weights=[4, 3, 2, 1][: len(top)])[0]
        else:  # the lowest-scoring play (the last in the generator's order)
            low = min(r[0] for r in recs)
            m = Move(*max(r for r in recs if r[0] == low), ctx)
        return Action("place", m.play, score=m.score, equity=float(m.score))

    def _expert(self, game: Game, me: int, rack: list[str]) -> Action:
        if not game.bag and len(game.players) == 2:
            return self._endgame(game, me, rack)
        recs = self.gen.raw(game.board, rack)
        ctx = _Context(self.gen.analysis.lines, rack)
        best_rec, best_eq = None, float("-inf")
        if recs:
            recs.sort(reverse=True)
            bound = best_leave_bound(rack, self.leave)
            if not game.bag:  # more than two players, bag empty: tiles kept count against
                best_rec = max(recs, key=lambda r: bag_empty_value(r[0], _leave(rack, ctx, r)))
                m = Move(*best_rec, ctx)
                return Action("place", m.play, score=m.score, equity=float(m.score))
            pre = len(game.players) == 2 and 1 <= len(game.bag) <= 7
            heap: list[tuple[float, int, tuple]] = []  # the best few by equity (pre-endgame)
            for k, r in enumerate(recs):
                floor = heap[0][0] if pre and len(heap) == PRE_ENDGAME_CANDIDATES else (
                    float("-inf") if pre else best_eq)
                if r[0] + bound < floor:
                    break
                eq = r[0] + self.leave(_leave(rack, ctx, r))
                if pre:
                    item = (eq, -k, r)
                    if len(heap) < PRE_ENDGAME_CANDIDATES:
                        heapq.heappush(heap, item)
                    elif item > heap[0]:
                        heapq.heapreplace(heap, item)
                elif eq > best_eq:
                    best_rec, best_eq = r, eq
            if pre and heap:
                top = [(eq, r) for eq, _, r in sorted(heap, reverse=True)]
                best_rec, best_eq = self._pre_endgame(game, me, rack, ctx, top)
        exch = self._best_exchange(game, rack)
        if exch is not None and (best_rec is None or exch[1] > best_eq + EXCHANGE_MARGIN):
            return Action("exchange", tiles=exch[0], equity=exch[1])
        if best_rec is None:
            return Action("pass")
        m = Move(*best_rec, ctx)
        return Action("place", m.play, score=m.score, equity=best_eq)

    def _champion(self, game: Game, me: int, rack: list[str]) -> Action:
        """Simulation of the expert's best few plays (:mod:`.champion`);
        the exact search once the bag is empty; with more than two players,
        the expert's choice."""
        from . import champion

        if len(game.players) != 2 or not game.bag:
            return self._expert(game, me, rack)
        recs = self.gen.raw(game.board, rack)
        ctx = _Context(self.gen.analysis.lines, rack)
        scored = []
        for r in recs:
            left = _leave(rack, ctx, r)
            scored.append((r[0] + self.leave(left), r))
        scored.sort(key=lambda t: -t[0])
        if 1 <= len(game.bag) <= 7:
            # the pre-endgame: the candidates and their static values as the
            # expert adjusts them (bingo lanes, emptying the bag)
            top = scored[:PRE_ENDGAME_CANDIDATES]
            adjusted = self._pre_endgame_values(game, me, ctx, top)
            scored = sorted(((v, r) for v, (_, r) in zip(adjusted, top)), key=lambda t: -t[0])
        cands: list[tuple[Any, tuple[str, ...], int, float]] = []
        for eq, r in scored[: champion.CANDIDATES]:
            m = Move(*r, ctx)
            cands.append((m.play, tuple(_used(rack, ctx, r)), r[0], eq))
        exch = self._best_exchange(game, rack)
        if exch is not None:
            cands.append((None, tuple(exch[0]), 0, exch[1]))
        if not cands:
            return Action("pass")
        self.warm()
        if self.unavailable is not None:
            return self._expert(game, me, rack)
        # the budget is the whole move's: less what choosing the candidates took
        think = self.think if self.think is not None else champion.THINK_SECONDS
        self._sim.think = max(0.05, think - (time.perf_counter() - self._started))
        try:
            k = self._sim.choose(game, me, cands)
        except champion.WorkersUnavailable as e:
            self.unavailable = str(e)
            return self._expert(game, me, rack)
        play, used, score, eq = cands[k]
        mean = self._sim.last.get("means", {}).get(k, eq) if self._sim.last else eq
        if play is None:
            return Action("exchange", tiles=used, equity=mean)
        return Action("place", play, score=score, equity=mean)

    def close(self) -> None:
        """Stop the champion's worker processes (they stop with the program anyway)."""
        with self._warming:
            if self._sim is not None:
                self._sim.close()

    def _pre_endgame(self, game: Game, me: int, rack: list[str], ctx: _Context,
                     top: list[tuple[float, tuple]]) -> tuple[tuple, float]:
        """1 to 7 tiles in the bag, two players: the best of the best few
        plays by equity, adjusted (:meth:`_pre_endgame_values`)."""
        values = self._pre_endgame_values(game, me, ctx, top)
        k = max(range(len(top)), key=lambda j: (values[j], -j))
        return top[k][1], values[k]

    def _pre_endgame_values(self, game: Game, me: int, ctx: _Context, top: list[tuple[float, tuple]]) -> list[float]:
        """The equities of ``top`` ((equity, record) pairs), adjusted for the
        pre-endgame (:func:`pre_endgame`)."""
        scores = game.scores()
        spread = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        moves = [Move(*r, ctx) for _, r in top]  # type: ignore[call-arg]  # a generator record: six fields
        weighed = pre_endgame(game.board, len(game.bag), spread, [(m.play, m.tile_count) for m in moves])
        return [eq + w.value for (eq, _), w in zip(top, weighed)]

    # -- helpers -----------------------------------------------------------
    def _common_words(self) -> frozenset[str]:
        if self._common is None:
            self._common = common_words()
        return self._common

    def _best_exchange(self, game: Game, rack: list[str]) -> tuple[tuple[str, ...], float] | None:
        """(tiles to exchange, equity = value of the tiles kept), or None if not allowed."""
        if game.scoreless_streak() >= STALL_LIMIT and not game.rules.scoreless_turns_limit:
            return None
        options = legal_exchanges(rack, len(game.bag), game.rules)
        if not options:
            return None
        best: tuple[tuple[str, ...], float] | None = None
        for tiles in options:
            kept = list(rack)
            for t in tiles:
                kept.remove(t)
            eq = self.leave(kept)
            if best is None or eq > best[1]:
                best = (tiles, eq)
        return best

    def _fallback_exchange(self, game: Game, rack: list[str]) -> Action:
        exch = self._best_exchange(game, rack)
        if exch is not None:
            return Action("exchange", tiles=exch[0], equity=exch[1])
        return Action("pass")

    def _endgame(self, game: Game, me: int, rack: list[str]) -> Action:
        """Bag empty, two players: the exact search of :mod:`.endgame`
        (alpha-beta, iterative deepening within :attr:`endgame_seconds`)."""
        opp_rack = list(game.unseen(me).elements())
        solver = EndgameSolver(self._opp_gen)
        result = solver.solve(game.board, rack, opp_rack, self.endgame_seconds)
        self.last_endgame = result
        if result.play is None:
            return Action("pass", equity=result.value)
        return Action("place", result.play, score=result.score, equity=result.value)


@dataclass(frozen=True)
class PreEndgame:
    """How the pre-endgame weighs one play (1 to 7 tiles in the bag, two
    players; see :func:`pre_endgame`): the points added to its equity, and
    why -- the bingo lanes it opens, whether it empties the bag, whether it
    leaves one tile there."""

    value: float
    lanes_opened: int
    empties_bag: bool
    one_left: bool


def pre_endgame(board: Board, bag: int, spread: int, plays: Sequence[tuple[Play, int]]) -> list[PreEndgame]:
    """The expert's pre-endgame weights for ``plays`` ((play, tiles played)
    pairs) on ``board`` with ``bag`` tiles in the bag, the mover ``spread``
    points ahead (negative: behind). Ahead (or level), each bingo lane a
    play opens costs :data:`LANE_PENALTY` (the opponent's last chance is a
    bingo) and emptying the bag earns :data:`EMPTY_BAG_BONUS` (the endgame
    is then one of perfect information, where the leader's lead holds);
    leaving one tile in the bag (the opponent empties it and plays out
    first) costs :data:`ONE_IN_BAG_PENALTY`. Far behind
    (:data:`FAR_BEHIND`), opening lanes is worth half the penalty instead:
    only a bingo can win. Hints and reviews weigh plays the same way."""
    before = bingo_lanes(board)
    out = []
    for play, used in plays:
        after = board.copy()
        apply_play(after, play)
        opened = max(0, bingo_lanes(after) - before)
        adj = 0.0
        empties = used >= bag
        if spread >= 0:
            adj -= LANE_PENALTY * opened
            if empties:
                adj += EMPTY_BAG_BONUS
        elif spread < -FAR_BEHIND:
            adj += 0.5 * LANE_PENALTY * opened
        one_left = bag - used == 1
        if one_left:
            adj -= ONE_IN_BAG_PENALTY
        out.append(PreEndgame(adj, opened, empties, one_left))
    return out


def bingo_lanes(board: Board) -> int:
    """How many places a seven-tile play could go: runs of at least seven
    empty squares along a row or column that touch a tile (at an end of
    the run, or beside one of its squares)."""
    cells = board.cells
    n = len(cells)
    count = 0
    for d in (0, 1):
        for i in range(n):
            j = 0
            while j < n:
                if (cells[i][j] if d == 0 else cells[j][i]):
                    j += 1
                    continue
                k = j
                touch = False
                while k < n and not (cells[i][k] if d == 0 else cells[k][i]):
                    if d == 0:
                        touch = touch or (i > 0 and bool(cells[i - 1][k])) or (i < n - 1 and bool(cells[i + 1][k]))
                    else:
                        touch = touch or (i > 0 and bool(cells[k][i - 1])) or (i < n - 1 and bool(cells[k][i + 1]))
                    k += 1
                if k - j >= 7 and (touch or j > 0 or k < n):
                    count += 1
                j = k
    return count


_score = itemgetter(0)
_OUT_BONUS = 20  # going out with several opponents: they lose their tiles, about this much


def bag_empty_value(score: int, kept: Sequence[str]) -> float:
    """What a play is worth to the expert once the bag is empty with three
    or four players (no search there): its score, less the face value of
    the tiles kept (they count against at the end), plus :data:`_OUT_BONUS`
    for going out. Hints and reviews weigh plays the same way."""
    return score - rack_value(kept) + (_OUT_BONUS if not kept else 0)


def _used(rack: Sequence[str], ctx: _Context, rec: tuple) -> list[str]:
    _, d, i, s, w, bm = rec
    lt = ctx.lines[d][i][0]
    return [BLANK if bm >> (s + k) & 1 else ch for k, ch in enumerate(w) if not lt[s + k]]


def _leave(rack: Sequence[str], ctx: _Context, rec: tuple) -> list[str]:
    left = list(rack)
    for t in _used(rack, ctx, rec):
        left.remove(t)
    return left


def _goes_out(rack: Sequence[str], ctx: _Context, rec: tuple) -> bool:
    return len(_used(rack, ctx, rec)) == len(rack)
