"""Hints and post-game reviews, as a player would say them (pure).

The engine gives data (:func:`audio_scrabble.engine.hint`,
:func:`audio_scrabble.engine.review`); this turns it into short lines, the
most important words first: the word, where it goes, the score, what it
keeps. "Best" is by equity -- score plus the value of the tiles kept --
as the expert player judges, and the lines say so. Plays are said as a
player says them ("TRAIN, D8 across"), from the engine's placements
(square, direction, letters), not in the row-first tournament notation
("8D TRAIN"), though that is accepted too when the player types them back.
"""

from __future__ import annotations

from typing import Any, Sequence

from .phrases import clauses, placement_text, play_lines, plural, subject, tiles_list, where_text, word_text

#: How hints and reviews judge "best": the expert's own measure, said once
#: with the hints and in each review line that names a best play.
EVALUATION_LINE = "Ranked by equity: score plus leave."
BEST_LEAD = "Best by equity:"


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


def hint_phrases(hints: Sequence[tuple[Any, int, Any]]) -> list[str]:
    """Lines for the best few plays: ``1. TRAIN, D8 across,`` / ``12 points; keeps E, S.``,
    then how they are ranked (:data:`EVALUATION_LINE`).

    ``hints`` are (play, score, info) as :func:`audio_scrabble.engine.hint`
    returns them (``info.placement``: square, direction, letters; ``info.leave``).
    """
    if not hints:
        return ["No play is possible with this rack.", "Exchange or pass."]
    lines = [f"{plural(len(hints), 'best play', 'best plays')}:" if len(hints) > 1 else "Best play:"]
    for n, (_, score, info) in enumerate(hints, start=1):
        lines.append(f"{n}. {_spoken(info.placement)},")
        bingo = " with all seven tiles" if getattr(info, "bingo", False) else ""
        keeps = f"keeps {tiles_list(list(info.leave))}" if info.leave else "keeps nothing"
        lines.append(f"{plural(score, 'point')}{bingo}; {keeps}.")
    lines.append(EVALUATION_LINE)
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
    if r.best_at is None:
        lines.append("No play was possible.")
    elif r.missed == 0 and r.kind == "place" and not r.withdrawn:
        lines.append("That was the best by equity.")
    else:
        lines.extend(clauses(f"{BEST_LEAD} {_spoken(r.best_at)},"))
        lines.append(f"{plural(r.best_score, 'point')}; {r.missed} of equity missed.")
    return lines


def review_summary(reviews: Sequence[Any], names: Sequence[str], you: int | None = None) -> list[str]:
    """Equity missed by each player over the game, and how often they found
    the best play (``you``: the seat of the one person at the table, "You missed")."""
    lines = []
    for i, name in enumerate(names):
        mine = [r for r in reviews if r.player == i]
        if not mine:
            continue
        missed = sum(r.missed for r in mine)
        best = sum(1 for r in mine if r.kind == "place" and not r.withdrawn and r.missed == 0)
        lines.append(f"{subject(name, i == you)} missed {missed} of equity,")
        lines.append(f"best by equity {best} of {plural(len(mine), 'turn')}.")
    return lines
