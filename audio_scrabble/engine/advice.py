"""Hints and game reviews: the best plays, by the expert's own evaluation.

Both rank plays by **equity** -- score plus the value of the tiles kept
(:func:`~audio_scrabble.engine.leave.leave_value`) -- exactly as the
expert player chooses its plays, so a hint, a review and the expert agree
on what "best" means (:data:`EVALUATION` names it, for the phrases).

Near the end the expert weighs plays otherwise, and hints and reviews
follow it, saying so:

* 1 to 7 tiles in the bag, two players: its best few by equity weighed
  again (:func:`~.players.pre_endgame`: bingo lanes opened, the bag
  emptied);
* the bag empty, two players: it searches the rest of the game
  (:mod:`.endgame`), each side knowing the other's rack, and values a
  play by the spread it brings by the end (:data:`ENDGAME_EVALUATION`);
* the bag empty, three or four players: score less the tiles kept,
  going out a bonus (:data:`BAG_EMPTY_EVALUATION`).

Everything here is data for the presentation layer to phrase: where a
play lies is a :class:`Placement` (square, direction, letters), never a
string to parse back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections import Counter
from typing import Any, Iterable, Sequence

from ..core.board import Board, Square
from ..core.events import ChallengeResolved, Event, TilesExchanged, TilesPlaced, TurnPassed
from ..core.game import Game, unseen_tiles
from ..core.play import Play, apply_play, remove_play
from .endgame import EndgameSolver
from .leave import leave_value
from .players import PRE_ENDGAME_CANDIDATES, PreEndgame, bag_empty_value, pre_endgame
from .movegen import Move, MoveGenerator, MoveList, generator_for, record_leave

#: What "best" means in hints and reviews (the expert's evaluation).
EVALUATION = "equity"
#: ... once the bag is empty with two players: the expert's end-game search.
ENDGAME_EVALUATION = "end-game search"
#: ... once the bag is empty with three or four players: score less the tiles kept.
BAG_EMPTY_EVALUATION = "score less tiles kept"
#: Seconds the search may take for a hint (the expert's own budget) and
#: for each end-game turn of a review.
HINT_ENDGAME_SECONDS = 1.0
REVIEW_ENDGAME_SECONDS = 0.5


@dataclass(frozen=True)
class Placement:
    """Where a play's main word lies, as data.

    ``square`` is the first square of the main word, ``direction`` ACROSS or
    DOWN, ``letters`` the whole main word (board letters included, a blank
    in lower case, no brackets), ``notation`` the tournament form a player
    may type back (``8D (T)RAIN``).
    """

    square: Square
    direction: str
    letters: str
    notation: str


@dataclass(frozen=True)
class MoveInfo:
    """Facts about a play, for hints and reviews (data for the console to phrase)."""

    position: str  # "8D"
    word: str  # tournament notation, "(T)RAIN", blanks in lower case
    words: tuple[str, ...]  # every word formed, main word first
    score: int
    tiles: tuple[str, ...]  # taken from the rack ("?" for a blank)
    leave: tuple[str, ...]  # kept on the rack
    leave_value: float
    equity: float  # score + leave_value: what the expert maximises
    bingo: bool
    placement: Placement | None = None
    #: an end-game hint (bag empty, two players): the spread the play
    #: brings by the end of the game, by the search, and the margin the
    #: player then ends with (their score less the other's); ``exact``:
    #: the search saw to the end of the game, else ``depth`` turns ahead
    end_value: float | None = None
    end_margin: int | None = None
    exact: bool = False
    depth: int = 0
    #: 1 to 7 tiles in the bag (two players): how the expert weighs the
    #: play there (bingo lanes opened, the bag emptied; see
    #: :func:`~.players.pre_endgame`), the hints ranked by ``equity`` plus
    #: its ``value``
    pre_endgame: PreEndgame | None = None
    #: the bag empty with three or four players: what the expert then
    #: values (:func:`~.players.bag_empty_value`: score less the tiles
    #: kept, going out a bonus), the hints ranked by it
    bag_empty: float | None = None

    @property
    def text(self) -> str:
        """Tournament notation, ``8D (T)RAIN``: what a player types back;
        ``pass`` for a pass (an end-game hint may advise one)."""
        return f"{self.position} {self.word}" if self.position else self.word


@dataclass(frozen=True)
class MoveReview:
    """One turn of a game, compared with the best play available then.

    "Best" is by equity (score plus leave), as the expert plays and as
    hints rank; ``missed`` is the equity the turn gave up, in whole points.
    Once the bag is empty with two players (``judged`` is
    :data:`ENDGAME_EVALUATION`), "best" is the end-game search's choice,
    ``played_equity`` and ``best_equity`` are the spread each brings by the
    end of the game, and ``missed`` is spread given up; ``rank`` is then 1
    for the best and 2 for any other (the search ranks only its best).
    With three or four players and the bag empty (:data:`BAG_EMPTY_EVALUATION`),
    the values are score less the tiles kept.
    """

    turn: int
    player: int
    name: str
    kind: str  # "place", "exchange" or "pass"
    played: Play | None
    played_text: str | None  # "8D TRAIN", None for an exchange or pass
    played_score: int  # 0 for an exchange, a pass or a withdrawn play
    withdrawn: bool
    best: Play | None  # the best legal play by equity, None if there was none
    best_text: str | None
    best_score: int
    missed: int  # best equity - played equity, rounded (never negative)
    rank: int | None  # 1 = the played move was (one of) the best by equity; None if not a legal play here
    played_at: Placement | None = None
    best_at: Placement | None = None
    played_equity: float = 0.0
    best_equity: float = 0.0
    best_leave: tuple[str, ...] = ()
    judged: str = EVALUATION
    #: an end-game turn: the search saw to the end of the game, else
    #: ``depth`` turns ahead
    exact: bool = False
    depth: int = 0


def placement_of(m: Move) -> Placement:
    """The placement of a generated move."""
    pos, word = m.notation()
    letters = "".join(ch.lower() if m.blanks >> (m.start + k) & 1 else ch for k, ch in enumerate(m.word))
    return Placement(m.start_square, m.direction, letters, f"{pos} {word}")


def placement_of_play(play: Play, board: Board) -> Placement | None:
    """The placement of a core play on ``board`` (the board before it), or None."""
    from ..notation import format_play
    from ..notation.plays import main_word_squares

    try:
        start, direction, squares = main_word_squares(play, board)
        text = format_play(play, board)
    except Exception:  # an odd record: no placement to say
        return None
    placed = {t.square: t.board_letter for t in play.tiles}
    letters = "".join(placed.get(sq) or board[sq] for sq in squares)
    return Placement(start, direction, letters, text)


def describe(m: Move) -> MoveInfo:
    """Facts about a generated move."""
    pos, word = m.notation()
    leave = m.leave()
    lv = leave_value(leave)
    return MoveInfo(
        position=pos,
        word=word,
        words=tuple(m.formed_words()),
        score=m.score,
        tiles=tuple(m.rack_tiles()),
        leave=tuple(sorted(leave)),
        leave_value=lv,
        equity=round(m.score + lv, 2),
        bingo=m.tile_count == 7,
        placement=placement_of(m),
    )


def _lexicon(lexicon: Any) -> Any:
    if lexicon is not None:
        return lexicon
    from ..lexicon import Lexicon

    return Lexicon.default()


def by_equity(moves: MoveList) -> list[tuple[float, int]]:
    """(equity, index) of every move, best equity first (ties: the list's order)."""
    ctx = moves._ctx
    rack = moves.rack
    if ctx is None:  # no moves
        return []
    out = [(round(rec[0] + leave_value(record_leave(rack, ctx, rec)), 2), k) for k, rec in enumerate(moves.records)]
    out.sort(key=lambda t: (-t[0], t[1]))
    return out


def weighed_for_bag_end(board: Board, bag: int, lead: int, moves: MoveList,
                        ranked: list[tuple[float, int]]) -> tuple[list[tuple[float, int]], dict[int, PreEndgame]]:
    """The pre-endgame (``bag`` 1 to 7, two players), as the expert weighs
    it: its best few of ``ranked`` ((equity, index), best first) weighed
    again (:func:`~.players.pre_endgame`), best first, and each one's weight."""
    top = ranked[:PRE_ENDGAME_CANDIDATES]
    marks = pre_endgame(board, bag, lead, [(moves[k].play, moves[k].tile_count) for _, k in top])
    weights = {k: w for (_, k), w in zip(top, marks)}
    weighed = sorted(((round(eq + weights[k].value, 2), k) for eq, k in top), key=lambda t: (-t[0], t[1]))
    return weighed, weights


def by_bag_empty_value(moves: MoveList) -> list[tuple[float, int]]:
    """(value, index) of every move as the expert values it with the bag
    empty and three or four players (:func:`~.players.bag_empty_value`), best first."""
    return sorted(((bag_empty_value(m.score, m.leave()), k) for k, m in enumerate(moves)), key=lambda t: (-t[0], t[1]))


def hint(game: Game, player_index: int, n: int = 3, lexicon: Any = None,
         seconds: float = HINT_ENDGAME_SECONDS) -> list[tuple[Play | None, int, MoveInfo]]:
    """The ``n`` best plays for a player's rack, by the expert's equity.

    Each is (play, score, facts). ``lexicon`` defaults to the game's word
    list (or the packaged one if the game has none). With 1 to 7 tiles in
    the bag (two players), the expert's best few by equity are weighed
    again as it weighs them (:func:`~.players.pre_endgame`: bingo lanes
    opened, the bag emptied), each hint saying how. With the bag empty and
    three or four players, by score less the tiles kept (going out a
    bonus), as the expert plays then. Once the bag is empty with two
    players, by the end-game search instead (``seconds`` at
    most), as the expert chooses then: each hint's facts carry the spread
    it brings by the end and the margin the player ends with; a pass
    (play None) is among them when it is that good.
    """
    gen = generator_for(_lexicon(lexicon if lexicon is not None else game.lexicon))
    rack = list(game.players[player_index].rack)
    two = len(game.players) == 2
    lead = game.players[player_index].score - game.players[1 - player_index].score if two else 0
    if two and not game.bag:
        theirs = list(game.unseen(player_index).elements())
        if rack and theirs:
            return _endgame_hints(gen, game.board, rack, theirs, n, seconds, lead)
    moves = gen.generate(game.board, rack)
    if not game.bag and not two:
        return [(moves[k].play, moves[k].score, replace(describe(moves[k]), bag_empty=v))
                for v, k in by_bag_empty_value(moves)[:n]]
    ranked = by_equity(moves)
    weighed: dict[int, PreEndgame] = {}
    if two and 1 <= len(game.bag) <= 7:  # the pre-endgame: the expert's best few, weighed again
        ranked, weighed = weighed_for_bag_end(game.board, len(game.bag), lead, moves, ranked)
    # Teach different words first: the same word in another place only
    # when there are not enough different ones.
    seen: set[str] = set()
    varied: list[int] = []
    repeats: list[int] = []
    for _, k in ranked:
        word = moves[k].word
        (repeats if word in seen else varied).append(k)
        seen.add(word)
        if len(varied) >= n:
            break
    chosen = (varied + repeats)[:n]
    return [(moves[k].play, moves[k].score, replace(describe(moves[k]), pre_endgame=weighed.get(k)))
            for k in chosen]


def _pass_info(rack: Sequence[str]) -> MoveInfo:
    """The facts of a pass, as an end-game hint: it keeps the whole rack
    and scores 0, valued by that rack's leave (as the review values a pass)."""
    value = leave_value(list(rack))
    return MoveInfo(position="", word="pass", words=(), score=0, tiles=(), leave=tuple(sorted(rack)),
                    leave_value=value, equity=value, bingo=False)


def _endgame_hints(gen: MoveGenerator, board: Board, rack: list[str], theirs: list[str], n: int,
                   seconds: float, margin: int) -> list[tuple[Play | None, int, MoveInfo]]:
    """The search's ``n`` best moves, each with what it brings by the end."""
    result = EndgameSolver(gen).solve(board, rack, theirs, seconds, top=n)
    out = []
    for move, score, value in result.ranked:
        base = describe(move) if move is not None else _pass_info(rack)
        info = replace(base, end_value=round(value, 2), end_margin=round(margin + value), exact=result.exact,
                       depth=result.value_depth)
        out.append((move.play if move is not None else None, score, info))
    return out


def review(source: Game | Iterable[Event] | Any, lexicon: Any = None,
           seconds: float = REVIEW_ENDGAME_SECONDS) -> list[MoveReview]:
    """For every turn: the play made, the best play available, equity missed.

    ``source`` is a :class:`Game` (its history), its events, or a GCG record
    (:class:`~audio_scrabble.notation.GcgRecord`, replayed through the core).
    "Best" is the best legal play by equity for the rack the player held,
    as the expert and the hints judge it; once the bag is empty with two
    players, the end-game search's choice (``seconds`` for each such turn).
    """
    if isinstance(source, Game):
        lex = lexicon if lexicon is not None else source.lexicon
        start = source.start  # a game begun from a position: its board and scores then
        board = Board.from_rows(start["board"]) if start else None
        scores = start["scores"] if start else [0] * len(source.players)
        return _review_turns(_turns_from_events(source.history, board, scores), lex, len(source.players), seconds)
    if hasattr(source, "moves") and hasattr(source, "players"):
        return _review_turns(_turns_from_gcg(source), lexicon, len(source.players), seconds)
    events = list(source)
    seats = {getattr(ev, "player", None) for ev in events} - {None}
    return _review_turns(_turns_from_events(events), lexicon, max(len(seats), 2), seconds)


@dataclass
class _Turn:
    turn: int
    player: int
    name: str
    kind: str
    board: Board
    rack: list[str]
    play: Play | None = None
    score: int = 0
    withdrawn: bool = False
    kept: list[str] | None = None  # an exchange's kept tiles, when known
    extra: dict = field(default_factory=dict)
    lead: int | None = None  # the mover's score less the best other's, before the turn (None: unknown)
    bag_empty: bool = False  # the bag was empty before the turn (known from a game's events)


def _lead(totals: dict[int, int], me: int) -> int | None:
    others = [v for k, v in totals.items() if k != me]
    return totals.get(me, 0) - max(others) if others else None


def _turns_from_events(events: list[Event], board: Board | None = None,
                       scores: Sequence[int] = ()) -> list[_Turn]:
    """The turns of a game's events, from ``board`` (empty when None) and
    ``scores`` (the players' scores then: none, all 0)."""
    board = Board() if board is None else board.copy()
    turns: list[_Turn] = []
    last_place: dict[int, _Turn] = {}
    totals = dict(enumerate(scores))
    empty = False  # the bag, as the last play left it
    for ev in events:
        if isinstance(ev, (TilesPlaced, TilesExchanged, TurnPassed)):
            totals.setdefault(ev.player, 0)
            lead = _lead(totals, ev.player)
            totals[ev.player] = ev.total
        if isinstance(ev, ChallengeResolved):
            totals.update(enumerate(ev.totals))
        if isinstance(ev, TilesPlaced):
            t = _Turn(ev.turn, ev.player, ev.name, "place", board.copy(), list(ev.rack_before), ev.play, ev.score,
                      lead=lead, bag_empty=empty)
            empty = ev.bag_left == 0
            apply_play(board, ev.play)
            turns.append(t)
            last_place[ev.player] = t
        elif isinstance(ev, TilesExchanged):
            rack = list(ev.rack_before)
            left = list(rack)
            kept: list[str] | None = left
            for tile in ev.returned:
                if tile in left:
                    left.remove(tile)
                else:
                    kept = None
                    break
            turns.append(_Turn(ev.turn, ev.player, ev.name, "exchange", board.copy(), rack, kept=kept, lead=lead))
        elif isinstance(ev, TurnPassed):
            turns.append(_Turn(ev.turn, ev.player, ev.name, "pass", board.copy(), list(ev.rack_before), lead=lead,
                               bag_empty=empty))
        elif isinstance(ev, ChallengeResolved) and ev.withdrawn:
            placed = last_place.get(ev.player)
            if placed is not None and placed.play is not None:
                remove_play(board, placed.play)
                placed.withdrawn = True
    return turns


def _turns_from_gcg(record: Any) -> list[_Turn]:
    from ..notation import MoveKind, parse_play, parse_rack, replay_record

    turns: list[_Turn] = []
    nicks = [p.nick for p in record.players]
    n = 0
    last: _Turn | None = None
    totals = dict(enumerate(record.start.totals if record.start else [0] * len(nicks)))
    for step in replay_record(record):
        mv = step.move
        who = nicks.index(mv.nick) if mv.nick in nicks else 0
        lead = _lead(totals, who)
        totals[who] = mv.total
        try:
            rack = parse_rack(mv.rack, limit=None)
        except Exception:
            rack = []
        if mv.kind is MoveKind.PLAY:
            n += 1
            try:
                play = parse_play(f"{mv.position} {mv.word}", step.board_before)
            except Exception:
                play = None
            last = _Turn(n, who, mv.nick, "place", step.board_before, rack, play, step.computed_score or 0, lead=lead)
            turns.append(last)
        elif mv.kind in (MoveKind.PASS, MoveKind.EXCHANGE):
            n += 1
            kind = "pass" if mv.kind is MoveKind.PASS else "exchange"
            turns.append(_Turn(n, who, mv.nick, kind, step.board_before, rack, lead=lead))
        elif mv.kind is MoveKind.WITHDRAWN and last is not None:
            last.withdrawn = True
    return turns


def _played_equity(t: _Turn) -> float:
    """What the turn was worth by the expert's measure: a play's score plus
    its leave; an exchange, the kept tiles' value; a pass or a play
    challenged off, the whole rack's value (each keeps every tile and
    scores 0)."""
    if t.kind == "place" and t.play is not None and not t.withdrawn:
        left = list(t.rack)
        for tile in t.play.rack_tiles():
            if tile in left:
                left.remove(tile)
            else:  # a record whose rack does not hold the tiles: no leave to judge
                return float(t.score)
        return round(t.score + leave_value(left), 2)
    if t.kind == "exchange" and t.kept is not None:
        return round(leave_value(t.kept), 2)
    if t.kind == "pass" or t.withdrawn:
        return round(leave_value(t.rack), 2)
    return 0.0


def _review_turns(turns: list[_Turn], lexicon: Any, players: int = 2,
                  seconds: float = REVIEW_ENDGAME_SECONDS) -> list[MoveReview]:
    gen = MoveGenerator(_lexicon(lexicon))
    out = []
    for t in turns:
        bag = 0
        if players == 2 and t.rack:
            # With two players the bag is empty exactly when the other holds
            # every unseen tile: a rack is full while the bag has tiles.
            theirs = list(unseen_tiles(t.board, t.rack).elements())
            if 0 < len(theirs) <= 7:
                judged = _endgame_turn(t, gen, theirs, seconds)
                if judged is not None:
                    out.append(judged)
                    continue
            bag = len(theirs) - 7
        elif players > 2 and t.bag_empty and t.rack:
            out.append(_bag_empty_turn(t, gen))
            continue
        out.append(_equity_turn(t, gen, bag if 1 <= bag <= 7 and t.lead is not None else 0))
    return out


def _row(t: _Turn, best: Move | None, best_value: float, played_value: float, missed: int, rank: int | None,
         **judged: Any) -> MoveReview:
    """A turn's review: the play made, the best, what each was worth by
    the measure the turn is judged by (``judged``: how, when not by equity)."""
    played_at = placement_of_play(t.play, t.board) if t.play is not None else None
    best_at = placement_of(best) if best else None
    return MoveReview(
        turn=t.turn, player=t.player, name=t.name, kind=t.kind, played=t.play,
        played_text=played_at.notation if played_at else None,
        played_score=0 if t.withdrawn or t.play is None else t.score, withdrawn=t.withdrawn,
        best=best.play if best else None, best_text=best_at.notation if best_at else None,
        best_score=best.score if best else 0, missed=missed, rank=rank, played_at=played_at, best_at=best_at,
        played_equity=played_value, best_equity=best_value, best_leave=tuple(sorted(best.leave())) if best else (),
        **judged,
    )


def _bag_empty_turn(t: _Turn, gen: MoveGenerator) -> MoveReview:
    """A turn with the bag empty and three or four players, judged as the
    expert plays then (:func:`~.players.bag_empty_value`)."""
    moves = gen.generate(t.board, t.rack)
    valued = by_bag_empty_value(moves)
    best = moves[valued[0][1]] if valued else None
    best_value = valued[0][0] if valued else 0.0
    made = t.play if t.kind == "place" and not t.withdrawn else None
    kept = Counter(t.rack) - Counter(made.rack_tiles()) if made is not None else Counter(t.rack)
    played_value = bag_empty_value(t.score if made is not None else 0, list(kept.elements()))
    return _row(t, best, best_value, played_value, max(0, round(best_value - played_value)) if best else 0,
                (1 + sum(1 for v, _ in valued if v > played_value + 0.005)) if made is not None else None,
                judged=BAG_EMPTY_EVALUATION, exact=True)


def _endgame_turn(t: _Turn, gen: MoveGenerator, theirs: list[str], seconds: float) -> MoveReview | None:
    """A turn with the bag empty, judged by the end-game search, as the
    expert plays then; None for a record whose rack does not hold the play."""
    solver = EndgameSolver(gen)
    result = solver.solve(t.board, t.rack, theirs, seconds)
    made = t.play if t.kind == "place" and not t.withdrawn else None
    best = result.ranked[0][0] if result.ranked else None
    exact = result.exact
    if made == (best.play if best else None):
        played_value = result.value
    else:
        # Like with like: the best's depth when that was not the end, else
        # deepened until the play's own line reaches the end.
        try:
            played_value, seen = solver.value_of(t.board, t.rack, theirs, made, t.score if made else 0,
                                                 None if exact else result.value_depth, seconds)
        except ValueError:  # a record whose rack does not hold the play
            return None
        exact = exact and seen
    # the best may be a pass (no best play), and still worth more than the turn
    return _row(t, best, round(result.value, 2), round(played_value, 2), max(0, round(result.value - played_value)),
                (1 if played_value >= result.value - 0.005 else 2) if made is not None else None,
                judged=ENDGAME_EVALUATION, exact=exact, depth=result.value_depth)


def _equity_turn(t: _Turn, gen: MoveGenerator, bag: int = 0) -> MoveReview:
    """A turn judged by equity, as the expert plays while the bag has
    tiles; with ``bag`` 1 to 7 (two players), weighed for the pre-endgame
    as the expert weighs its best few."""
    moves = gen.generate(t.board, t.rack) if t.rack else MoveList()
    ranked = by_equity(moves) if moves else []
    played_equity = _played_equity(t)
    if bag and ranked:
        assert t.lead is not None  # known for every turn of a game (bag given)
        ranked, _ = weighed_for_bag_end(t.board, bag, t.lead, moves, ranked)
        if t.kind == "place" and t.play is not None and not t.withdrawn:
            played_equity += pre_endgame(t.board, bag, t.lead, [(t.play, len(t.play.tiles))])[0].value
    best = moves[ranked[0][1]] if ranked else None
    best_equity = ranked[0][0] if ranked else 0.0
    rank = None
    if t.play is not None and not t.withdrawn:
        rank = 1 + sum(1 for eq, _ in ranked if eq > played_equity + 0.005)
    return _row(t, best, best_equity, played_equity, max(0, round(best_equity - played_equity)) if best else 0, rank)
