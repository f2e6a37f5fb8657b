"""Hints and post-game reviews, as a player would say them (pure).

The engine gives data (:func:`audio_scrabble.engine.hint`,
:func:`audio_scrabble.engine.review`); this turns it into short lines, the
most important words first: the word, where it goes, the score, what it
keeps. "Best" is by equity -- score plus the value of the tiles kept --
as the expert player judges, and the lines say so. Near the end the
expert weighs plays otherwise, and so do hints and reviews, saying how:
with 1 to 7 tiles in the bag, the bingo lanes a play opens and whether
it empties the bag ("Empties the bag."); with the bag empty and two
players, the end-game search, and what each play leads to by the end
("You end 12 ahead.", "7 of spread missed."); with three or four, score
less the tiles kept. Plays are said as a
player says them ("TRAIN, D8 across"), from the engine's placements
(square, direction, letters), not in the row-first tournament notation
("8D TRAIN"), though that is accepted too when the player types them back.
A play to type is suggested in one form everywhere (:func:`typed_play`,
help play, the tutorial, the first-turn prompt, the refusals):
``play TRAIN from D8 across``; ``8D TRAIN`` is read, never taught.
"""

from __future__ import annotations

from typing import Any, Sequence

from .phrases import clauses, join_and, placement_text, play_lines, plural, subject, tiles_list, where_text, word_text

#: How hints and reviews judge "best": the expert's own measure, said once
#: with the hints and in each review line that names a best play.
EVALUATION_LINE = "Ranked by equity: score plus tiles kept."
#: what equity is, in a player's words: said once, at the start of a review
EQUITY_MEANS = "Equity: the score, plus the worth of the tiles kept."
BEST_LEAD = "Best by equity:"
#: ... with 1 to 7 tiles in the bag (two players): weighed as the expert weighs them there
PRE_ENDGAME_LINE = "Ranked by equity, the bag nearly empty."
#: ... once the bag is empty with two players: the end-game search
ENDGAME_LEAD = "Best by end-game search:"
ENDGAME_BEST = "That was the best by end-game search."
#: ... once the bag is empty with three or four players: score less the tiles kept
BAG_EMPTY_LINE = "Ranked by score less the tiles kept."
BAG_EMPTY_LEAD = "Best by score less tiles kept:"
BAG_EMPTY_BEST = "That was best by score less tiles kept."


def _is_endgame(judged: Any) -> bool:
    """Judged by the end-game search (the bag empty, two players)."""
    from ..engine.advice import ENDGAME_EVALUATION

    return judged == ENDGAME_EVALUATION


def _is_bag_empty(judged: Any) -> bool:
    """Judged as the expert plays with the bag empty and 3 or 4 players."""
    from ..engine.advice import BAG_EMPTY_EVALUATION

    return judged == BAG_EMPTY_EVALUATION


def _depth_words(exact: bool, depth: int) -> str:
    """How far the end-game search saw: ``to the end`` or ``3 turns deep``."""
    return "to the end" if exact else f"{plural(depth, 'turn')} deep"


def pre_endgame_reason(w: Any) -> str | None:
    """Why the pre-endgame weighs a play (``Empties the bag; opens 1
    bingo lane.``), or None when it does not."""
    parts = []
    if w.empties_bag:
        parts.append("empties the bag")
    if w.one_left:
        parts.append("leaves 1 tile in the bag")
    if w.lanes_opened:
        parts.append(f"opens {plural(w.lanes_opened, 'bingo lane')}")
    if not parts:
        return None
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def end_margin(margin: int, exact: bool) -> str:
    """``You end 12 ahead.`` (``about``, when the search did not see the end)."""
    about = "" if exact else "about "
    if margin == 0:
        return f"You end {about}level."
    return f"You end {about}{abs(margin)} {'ahead' if margin > 0 else 'behind'}."


def _spoken(placement: Any) -> str:
    """``TRAIN, D8 across`` from a placement (square, direction, letters)."""
    return placement_text(placement.square, placement.direction, placement.letters)


def spoken_play(notation: str) -> str:
    """``8D (T)RAIN`` -> ``TRAIN, D8 across``; blanks named, as announced.

    For text a player typed or a record holds; the engine's own plays come
    as placements (square, direction, letters) and need no parsing.
    """
    from ..errors import ScrabbleError
    from ..notation.plays import parse_position

    try:
        pos, word = notation.split(None, 1)
        square, direction = parse_position(pos)
    except (ValueError, ScrabbleError):
        return notation
    return f"{word_text(word.replace('(', '').replace(')', ''))}, {where_text(square, direction)}"


def typed_play(placement: Any, board: Any = None) -> str:
    """A play as the player types it back, in the words it was said in:
    ``TRAIN from D8 across`` (board letters typed plain, a blank in lower
    case), where the hint said ``TRAIN, D8 across``: one way of naming a
    square, heard and typed. A word of blanks only (``eh``) would be read
    as ordinary tiles, typed all in lower case: it is typed as the game
    says it, ``EH (blanks E and H) from H8 across``, naming the new tiles'
    letters only (those on empty squares of ``board``, when given)."""
    letters, where = placement.letters, where_text(placement.square, placement.direction)
    if not (letters.isalpha() and letters.islower()):
        return f"{letters} from {where}"
    squares = [placement.square.step(placement.direction, k) for k in range(len(letters))]
    new = [ch for ch, sq in zip(letters, squares) if board is None or not board[sq]]
    return f"{blanks_named(letters, new)} from {where}"


def typed_word(letters: str, new: Sequence[str] | None = None) -> str:
    """A play's letters as typed back (board letters plain, a blank in
    lower case among capitals: ``FAqIR``); all in lower case they would be
    read as ordinary tiles, so a word of blanks only is written as the
    game says it (:func:`blanks_named`; ``new``: the new tiles' letters,
    all of them when None)."""
    if not (letters.isalpha() and letters.islower()):
        return letters
    return blanks_named(letters, list(letters) if new is None else new)


def blanks_named(letters: str, new: Sequence[str]) -> str:
    """A word of blanks only as the game says it and reads it back:
    ``EH (blanks E and H)``, naming the ``new`` tiles' letters."""
    named = [ch.upper() for ch in new]
    return f"{letters.upper()} ({'blanks' if len(named) > 1 else 'blank'} {join_and(named)})"


#: said before the first hint's play as typed, last of the hint's lines
TYPE_IT_BACK = "To play one, type it back:"


def hint_phrases(hints: Sequence[tuple[Any, int, Any]], board: Any = None) -> list[str]:
    """Lines for the best few plays: ``1. TRAIN, D8 across,`` / ``12 points; keeps E, S.``,
    then how they are ranked (:data:`EVALUATION_LINE`), then how to play
    one, the first as typed, in the words it was said in
    (``To play one, type it back:`` / ``play TRAIN from D8 across.``).

    ``hints`` are (play, score, info) as :func:`audio_scrabble.engine.hint`
    returns them (``info.placement``: square, direction, letters; ``info.leave``);
    ``board``: the board they are for (see :func:`typed_play`).
    """
    if not hints:
        return ["No play is possible with this rack.", "Exchange or pass."]
    lines = [f"{plural(len(hints), 'best play', 'best plays')}:" if len(hints) > 1 else "Best play:"]
    endgame = getattr(hints[0][2], "end_margin", None) is not None
    for n, (_, score, info) in enumerate(hints, start=1):
        if info.placement is None:  # an end-game pass
            lines.append(f"{n}. Pass.")
        else:
            lines.extend(clauses(f"{n}. {_spoken(info.placement)},"))
            bingo = " with all seven tiles" if getattr(info, "bingo", False) else ""
            if (endgame or getattr(info, "bag_empty", None) is not None) and not info.leave:
                keeps = "goes out"
            else:
                keeps = f"keeps {tiles_list(list(info.leave))}" if info.leave else "keeps nothing"
            lines.extend(clauses(f"{plural(score, 'point')}{bingo}; {keeps}."))
        if endgame:
            lines.append(end_margin(info.end_margin, info.exact))
        weighed = getattr(info, "pre_endgame", None)
        reason = pre_endgame_reason(weighed) if weighed is not None else None
        if reason:
            lines.extend(clauses(reason))
    if endgame:
        info = hints[0][2]
        lines.extend(clauses(f"Ranked by end-game search, {_depth_words(info.exact, info.depth)}."))
    elif any(getattr(info, "pre_endgame", None) is not None for _, _, info in hints):
        lines.append(PRE_ENDGAME_LINE)
    elif getattr(hints[0][2], "bag_empty", None) is not None:
        lines.append(BAG_EMPTY_LINE)
    else:
        lines.append(EVALUATION_LINE)
    first = hints[0][2].placement
    if first is not None:
        lines.extend([TYPE_IT_BACK, f"play {typed_play(first, board)}."])
    return lines


def review_move_phrases(r: Any, you: bool = False) -> list[str]:
    """One turn of a review: what was played, the best play by equity, what was missed.

    Lines of at most :data:`~.phrases.LINE_WIDTH` where words allow, who
    and what first, as the game announced the play:
    ``Turn 2, Bob played TOPAZ, H4 down,`` / ``17 points.`` (or
    ``taken back.``), then ``Best by equity: ATOM,`` / ``F9 across,`` /
    ``29 points; 12 of equity missed.`` (score plus leave given up: not
    points, since the best by equity may score less than the play made).
    ``you``: the one person at the table made it (``Turn 2, you played``).
    """
    lead = f"Turn {r.turn}, {subject(r.name, you, start=False)}"
    if r.kind == "place" and (r.played_at is not None or r.played_text):
        tail = ", taken back" if r.withdrawn else f", {plural(r.played_score, 'point')}"
        if r.played_at is None:
            lines = clauses(f"{lead} played {r.played_text}{tail}.")
        else:
            at = r.played_at
            lines = play_lines(f"{lead} played", at.letters, where_text(at.square, at.direction), tail)
    elif r.kind == "exchange":
        lines = clauses(f"{lead} exchanged.")
    else:
        lines = clauses(f"{lead} passed.")
    return lines + best_phrases(r)


def best_phrases(r: Any) -> list[str]:
    """What a turn of a review says after the play made: the best play
    then, by the measure the turn is judged by, and what was missed
    (``That was the best by equity.``, ``Best by equity: ATOM,`` /
    ``F9 across,`` / ``29 points; 12 of equity missed.``)."""
    lines: list[str] = []
    endgame = _is_endgame(getattr(r, "judged", None))
    bag_empty = _is_bag_empty(getattr(r, "judged", None))
    if r.best_at is None and not (endgame and r.missed):
        lines.append("No play was possible.")
    elif r.missed == 0 and r.kind == "place" and not r.withdrawn:
        lines.extend(clauses(ENDGAME_BEST if endgame else BAG_EMPTY_BEST if bag_empty else "That was the best by equity."))
    elif bag_empty:
        lines.extend(clauses(f"{BAG_EMPTY_LEAD} {_spoken(r.best_at)},"))
        lines.append(f"{plural(r.best_score, 'point')}; {plural(r.missed, 'point')} missed.")
    elif endgame:
        best = f"{_spoken(r.best_at)}," if r.best_at is not None else "passing,"
        lines.extend(clauses(f"{ENDGAME_LEAD} {best}"))
        score = f"{plural(r.best_score, 'point')}; " if r.best_at is not None else ""
        lines.append(f"{score}{r.missed} of spread missed.")
    else:
        lines.extend(clauses(f"{BEST_LEAD} {_spoken(r.best_at)},"))
        lines.append(f"{plural(r.best_score, 'point')}; {r.missed} of equity missed.")
    if endgame and not r.exact:
        lines.append(f"Searched {_depth_words(False, r.depth)}.")
    return lines


def equity_note(reviews: Sequence[Any]) -> list[str]:
    """What equity means (:data:`EQUITY_MEANS`), for the start of a review
    when a turn of it is judged by equity (not by the end-game search or,
    with the bag empty, by score less the tiles kept)."""
    if any(not _is_endgame(getattr(r, "judged", None)) and not _is_bag_empty(getattr(r, "judged", None))
           for r in reviews):
        return clauses(EQUITY_MEANS)
    return []


def review_summary(reviews: Sequence[Any], names: Sequence[str], you: int | None = None) -> list[str]:
    """Equity missed by each player over the game (and spread, in the end
    game's turns judged by the search), and how often they found the best
    play (``you``: the seat of the one person at the table, "You missed")."""
    lines = []
    for i, name in enumerate(names):
        mine = [r for r in reviews if r.player == i]
        if not mine:
            continue
        late = [r for r in mine if _is_endgame(getattr(r, "judged", None)) or _is_bag_empty(getattr(r, "judged", None))]
        lost = sum(r.missed for r in late)
        missed = sum(r.missed for r in mine) - lost
        best = sum(1 for r in mine if r.kind == "place" and not r.withdrawn and r.missed == 0)
        who = subject(name, i == you)
        if not late:
            lines.append(f"{who} missed {missed} of equity,")
            lines.append(f"best by equity {best} of {plural(len(mine), 'turn')}.")
            continue
        spread = f"{lost} of spread" if _is_endgame(late[0].judged) else plural(lost, "point")
        if len(late) < len(mine):
            lines += [f"{who} missed {missed} of equity,", f"{spread} in the end game,"]
        else:
            lines += clauses(f"{who} missed {spread}") + ["in the end game,"]
        lines.append(f"best play {best} of {plural(len(mine), 'turn')}.")
    return lines
