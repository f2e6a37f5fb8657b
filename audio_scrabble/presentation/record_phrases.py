"""How a recorded move is said: the game's ``history`` and ``last``, and
each move line of a GCG record in ``audio-scrabble review``.

Pure, like :mod:`.phrases` (whose small parts it uses): every number is
read from an event of the game or from a replayed record step
(:mod:`audio_scrabble.notation.replay`); this module only chooses the words.
A history line has one shape, whichever the source: ``3. Alice: TRAIN,
D8 across, 12.``, ``4. Bob passed.``, ``5. Alice exchanged 3.``.
"""

from __future__ import annotations

from typing import Sequence

from ..core.events import (
    ChallengeResolved,
    Event,
    FirstPlayerDrawn,
    GameEnded,
    TilesExchanged,
    TilesPlaced,
    TurnLost,
    TurnPassed,
)
from ..notation.gcg import GcgRecord, MoveKind
from ..notation.plays import parse_rack
from ..notation.replay import Placement, RecordStep
from .layout import wrapped
from .phrases import (
    Audience,
    Style,
    adjustment_lines,
    clauses,
    does,
    event_phrases,
    join_and,
    last_move_event,
    main_word,
    named_you,
    play_text,
    played_lines,
    plural,
    said_names,
    scores_lines,
    short_lines,
    subject,
    tile_phrase,
    where_text,
    whose,
    word_text,
)

__all__ = [
    "AT_START",
    "NO_MOVES_YET",
    "NO_MOVE_YET",
    "REVIEW_HELP_FOOT",
    "before_first_lines",
    "end_reached",
    "history_line",
    "last_move_lines",
    "move_lines",
    "no_such_move",
    "only_moves",
    "opening_lines",
    "placement_said",
    "rack_lines",
    "record_history_line",
    "scores_head",
    "start_line",
    "step_text",
    "tiles_said",
]


# ---------------------------------------------------------------- one line a turn
def _turn_line(number: int, who: str, what: str) -> str:
    """``3. Alice: TRAIN, D8 across, 12.`` (``what`` starts with ``:`` or a space)."""
    return f"{number}. {who}{what}."


def history_line(ev: Event, aud: Audience) -> str | None:
    """One line per turn of the game, for ``history``: ``3. Alice: TRAIN, D8
    across, 12.``; the one person at the table (``aud.you``) is "You"."""
    if isinstance(ev, FirstPlayerDrawn):
        # as the opening said it ("You play first."): "drew first" read as the first to draw a tile
        return f"{does(ev.first_name, 'plays', aud.you == ev.first)} first, by the draw."
    if isinstance(ev, ChallengeResolved):
        who = subject(ev.challenger_name, aud.you == ev.challenger)
        return f"{who} challenged: {'taken back' if ev.withdrawn else 'it stands'}."
    if isinstance(ev, GameEnded):
        return "Game over: " + ", ".join(f"{n} {t}" for n, t in zip(said_names(aud.names, aud.you), ev.totals)) + "."
    if not isinstance(ev, (TilesPlaced, TilesExchanged, TurnPassed, TurnLost)):
        return None
    who = subject(ev.name, aud.you == ev.player)
    if isinstance(ev, TilesPlaced):
        out = ", went out" if ev.went_out else ""
        return _turn_line(ev.turn, who, f": {play_text(ev.breakdown)}, {ev.score}{out}")
    if isinstance(ev, TilesExchanged):
        return _turn_line(ev.turn, who, f" exchanged {len(ev.returned)}")
    if isinstance(ev, TurnPassed):
        return _turn_line(ev.turn, who, " passed")
    return _turn_line(ev.turn, who, " lost the turn")


def record_history_line(step: RecordStep, names: Sequence[str], you: int | None = None) -> str:
    """One line per move line of a record: ``3. doug: JAVELIN, E3 down, 34.``
    (``you``: the seat of a saved game's one person, ``3. You: ...``)."""
    mv, who = step.move, subject(names[step.player], step.player == you)
    k = mv.kind
    if k is MoveKind.PLAY:
        return _turn_line(step.number, who, f": {step_text(step)}, {mv.score}")
    what = {
        MoveKind.PASS: "passed",
        MoveKind.EXCHANGE: f"exchanged {mv.exchanged_count}",
        MoveKind.WITHDRAWN: f"play taken back, {mv.score}",
        MoveKind.CHALLENGE: f"challenge, {mv.score:+d}",
        MoveKind.END_GAIN: f"end of game, {mv.score:+d}",
        MoveKind.END_LOSS: f"end of game, {mv.score:+d}",
        MoveKind.TIME: f"time, {mv.score:+d}",
    }[k]
    return _turn_line(step.number, who, f" {what}")


# ---------------------------------------------------------------- last
def last_move_lines(history: Sequence[Event], aud: Audience, style: Style) -> list[str]:
    """``last``: the last turn, said in full. After a challenge, the play
    challenged comes first (who played what, where, for how much), then
    the challenge, then a turn lost to it: the challenge alone would lose
    the move itself."""
    last = last_move_event(history)
    if last is None:
        return ["No move yet."]  # one line, whole, at 20 cells too
    i = max(k for k, ev in enumerate(history) if ev is last)
    said: list[Event] = [last]
    if isinstance(last, TurnLost) and i and isinstance(history[i - 1], ChallengeResolved):
        i -= 1
        said.insert(0, history[i])
    lines: list[str] = []
    head = said[0]
    if isinstance(head, ChallengeResolved):
        play = next((ev for ev in reversed(history[:i]) if isinstance(ev, TilesPlaced) and ev.player == head.player),
                    None)
        if play is not None:
            w = main_word(play.breakdown)
            yours = aud.you == play.player
            if w is None:
                lines.append(f"{subject(play.name, yours)} played no word, {play.score}.")
            else:
                where = where_text(w.word.start, w.word.direction)
                lines.extend(played_lines(play.name, w.word.letters, where, play.score, play.breakdown, style,
                                          yours))
    for ev in said:
        lines.extend(event_phrases(ev, aud, style))
    return short_lines(lines)


# ---------------------------------------------------------------- a record's moves
def tiles_said(tiles: str) -> str:
    """``OPEG`` -> ``O P E G``; ``?`` is said as blank."""
    return " ".join(tile_phrase(t) for t in parse_rack(tiles, limit=None))


def placement_said(placement: Placement) -> tuple[str, str | None]:
    """How a placement of a record is said: the word and where (``E3 down``).

    The word is said whole, as the game says a play (``JAVELIN``, not the
    record's ``JAVE(LI)N``: a screen reader reads a word broken by
    parentheses as pieces, or reads the parentheses out); blanks are
    named after the word (``RELIGION (blank O)``). A line that cannot be
    placed is said as written, and without where when its position cannot
    be read.
    """
    if placement.start is None or placement.direction is None:
        return f"{placement.position} {placement.written}", None
    where = where_text(placement.start, placement.direction)
    if placement.letters is None:
        return placement.written.upper(), where
    return word_text(whole_word(placement.letters)), where


def whole_word(letters: str) -> str:
    """A record's word with the board's letters out of their parentheses:
    ``JAVE(LI)N`` -> ``JAVELIN`` (a blank stays lower case)."""
    return letters.replace("(", "").replace(")", "")


def step_text(step: RecordStep) -> str | None:
    """``JAVELIN, E3 down``: the play of a step (or the play it takes back), else None."""
    if step.placement is None:
        return None
    word, where = placement_said(step.placement)
    return f"{word}, {where}" if where else word


def move_lines(step: RecordStep, count: int, names: Sequence[str], style: Style,
               you_seat: int | None = None) -> list[str]:
    """What is said about one move line of a record, most important words first.

    ``Move 3 of 27.``, who did what and the points, everyone's recorded
    totals after it, then (unless brief) a difference between the
    record and the rules, and the move's notes. ``you_seat``: a saved
    game's one person at a table of computers, said "You" as the game
    says them (``You played``, ``You 12, Club computer 30.``).
    """
    mv = step.move
    you = named_you(names[step.player]) or step.player == you_seat
    who = subject(names[step.player], you)
    n = abs(mv.score)
    k = mv.kind
    lines: list[str] = [f"Move {step.number} of {count}."]
    if k is MoveKind.PLAY:
        p = step.placement
        assert p is not None
        word, where = placement_said(p)
        lines.extend(played_lines(who, whole_word(p.letters) if p.letters else word, where, mv.score,
                                  step.breakdown, style, you))
    elif k is MoveKind.PASS:
        lines.append(f"{who} passed.")
    elif k is MoveKind.EXCHANGE:
        counted = f"{who} exchanged {plural(mv.exchanged_count, 'tile')}"
        if mv.tiles and not style.brief:
            lines.extend([counted + ":", tiles_said(mv.tiles) + "."])
        else:
            lines.append(counted + ".")
    elif k is MoveKind.WITHDRAWN:
        lines.append(f"{whose('play', who, you, start=True)} is taken back:")
        text = step_text(step)
        if text:
            lines.append(f"{text}.")
        lines.append(f"{plural(n, 'point')} off." if n else "No points lost.")  # its own points: not a penalty
    elif k is MoveKind.CHALLENGE:
        if mv.score >= 0:
            lines.append(f"{who}: challenge bonus, {plural(n, 'point')}.")
        else:
            lines.append(f"{who}: failed challenge, minus {n}.")
    elif k in (MoveKind.END_GAIN, MoveKind.END_LOSS):
        # as the game's own end says it: "Club computer loses 12 points" / "for Q, N and I."
        tiles = parse_rack(mv.tiles, limit=None) if mv.tiles else []
        lines.extend(adjustment_lines(who, mv.score, tiles, you, gain=k is MoveKind.END_GAIN, lead="Game end: "))
    elif k is MoveKind.TIME:
        lines.append(f"{does(who, 'loses', you)} {n} for time.")
    lines.extend(scores_lines(names, step.totals, you_seat))
    if not style.brief:
        if step.computed_score is not None and step.computed_score != mv.score:
            lines.append(f"The rules give {step.computed_score}, not {mv.score}.")
        elif step.problem:
            lines.extend(wrapped(f"Note from the rules: {step.problem}"))
    for note in mv.notes:
        if note.strip():
            lines.extend(wrapped(f"Note: {note}"))
    if step.number == count and not style.brief:
        lines.append("End of the record.")
    return lines


def start_line(names: Sequence[str], totals: Sequence[int], you: int | None = None) -> str:
    """``Begun from a position: Ann 0, Bob 32.``: where a game begun from
    a position (``--position``) started, for the review and the braille
    file (``you``: the seat said "You")."""
    return "Begun from a position: " + ", ".join(f"{n} {t}" for n, t in zip(said_names(names, you), totals)) + "."


def opening_lines(record: GcgRecord, count: int, saved: Sequence[str] | None = None,
                  over: bool = True, you: int | None = None) -> list[str]:
    """The review's opening: the players, the record's title and notes
    (or, for a saved game, ``saved``: its players' names, where it began,
    and while it goes on, ``over`` False, that best plays wait for its
    end), how many moves, and how to move through them."""
    if saved is not None:
        lines = clauses(f"Saved game: {join_and(list(saved))}.")
        if record.start is not None:
            lines.extend(clauses(start_line(saved, record.start.totals, you)))
        if not over:
            lines.extend(NOT_OVER)
    else:
        names = [p.nick for p in record.players]
        lines = clauses(f"Game record: {join_and(names)}.")
        for p in record.players:
            if p.full_name and p.full_name != p.nick:
                lines.append(f"{p.nick} is {p.full_name}.")
        for label, value in (("Title", record.title), ("Description", record.description),
                             ("Word list", record.lexicon)):
            if value:
                lines.extend(wrapped(f"{label}: {value}."))
        for w in record.warnings:
            lines.extend(wrapped(w))
    lines.append(f"{plural(count, 'move')}.")
    lines.append("Enter or next: the next move.")
    lines.append("back, go to N, first, last.")
    lines.append("Board: square, row, column, words.")
    lines.append("help for more, quit to leave.")
    return lines


#: a saved game reviewed while it goes on: no best plays (a word aid then)
NOT_OVER = ("The game is not over;", "best plays wait for its end.")


def before_first_lines(count: int, from_position: bool = False) -> list[str]:
    """Move 0 of a review: the board before the first move (empty, or
    the position the game began from)."""
    board = "the board is the starting position." if from_position else "the board is empty."
    return ["Before the first move;", board, f"Enter or next for move 1 of {count}."]


def rack_lines(step: RecordStep, names: Sequence[str], you: int | None = None) -> tuple[list[str], list[str]]:
    """The mover's rack as the record shows it: a head line and the tiles
    said (braille cells, when shown, go between the two; ``you``: the seat
    whose rack is "your rack")."""
    who, yours = names[step.player], step.player == you
    if not step.move.rack:
        return wrapped(f"The record does not show {whose('rack', who, yours)} here.", names=(who,)), []
    head = [f"{whose('rack', who, yours, start=True)} before move {step.number}:"]
    return head, [tiles_said(step.move.rack) + "."]


# ---------------------------------------------------------------- the review's own sentences
#: the foot of the review's ``help`` (its usages never end in a full stop)
REVIEW_HELP_FOOT = ("Enter alone: the next move.", "help keys: the board keys.", "help COMMAND: more on one.")
AT_START = ("This is the start, before move 1.", "Type next or press Enter.")
NO_MOVE_YET = "No move yet; type next to hear the first."
NO_MOVES_YET = tuple(wrapped("No moves yet; type next to hear the first."))


def end_reached(count: int, summary: Sequence[str] = ()) -> list[str]:
    """Past the last move; ``summary``: what each player missed, for a
    saved game reviewed beside the best plays."""
    return [f"That was the last move, {count} of {count}.", *summary, "Type back, first, or quit."]


def no_such_move(number: int, count: int) -> str:
    return f"There is no move {number}; the record has moves 1 to {count}, and 0 is the start."


def only_moves(count: int) -> list[str]:
    """A start past the end of the record (``--move 99``), in lines of 40."""
    return wrapped(f"The record has {plural(count, 'move')}; here is the last.")


def scores_head(position: int) -> str:
    return "Before the first move:" if position == 0 else f"After move {position}:"


# ------------------------------------------------------------ the review's own sentences
REVIEW_HEAR_AGAIN = "Type move to hear this move again."


def review_went_wrong(kind: str) -> str:
    return f"Something went wrong inside the review ({kind})."


def goto_where(last: int) -> str:
    return f"Say where to go, like go to 5 (a move, 0 to {last}) or goto H8."


def not_a_move_or_square(shown: str) -> str:
    return f"{shown!r} is not a move or a square; type go to 5, or goto H8."


# ------------------------------------------------------------ the command line's words
#: ``audio-scrabble review --help``
REVIEW_FILE_HELP = ("the game to step through: a GCG record (.gcg), or a game's save file (.json), "
                    "as a game begun from a position is kept in the games folder; a bare file name "
                    "not found here is looked for in the games folder too")
REVIEW_LEXICON_HELP = "the word list a saved game is replayed and judged by (default: its own)"
REVIEW_EPILOG = ("A saved game is heard from where it began, a position too; once it is over, "
                 "each turn with the best play then, as the game's own review says it, "
                 "and past the last move what each player missed.")


def game_file_nowhere(name: str, here: str, games: str) -> str:
    """``audio-scrabble review NAME`` (and ``emboss``): a bare file name
    found neither where the player is nor in the games folder."""
    return f"No file {name} here ({here}) or in your games folder ({games}); check the name."
