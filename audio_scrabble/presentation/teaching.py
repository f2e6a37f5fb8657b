"""Hints and post-game reviews, as a player would say them (pure).

The engine gives data (:func:`audio_scrabble.engine.hint`,
:func:`audio_scrabble.engine.review`); this turns it into short lines, the
most important words first: the word, where it goes, the score, what it
keeps. Plays are said as a player says them ("TRAIN, D8 across"), not in
the row-first tournament notation ("8D TRAIN"), though that is accepted
too when the player types them back.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import ScrabbleError
from ..notation.plays import parse_position
from .phrases import clauses, direction_word, join_and, play_lines, plural, word_text


def _spoken_parts(notation: str) -> tuple[str, str] | None:
    """``8D (T)RAIN`` -> (``TRAIN``, ``D8 across``): the word's letters
    (blanks in lower case, no brackets) and where it runs; None when it
    is not a play in tournament notation."""
    try:
        pos, word = notation.split(None, 1)
        square, direction = parse_position(pos)
    except (ValueError, ScrabbleError):
        return None
    return word.replace("(", "").replace(")", ""), f"{square.name} {direction_word(direction)}"


def spoken_play(notation: str) -> str:
    """``8D (T)RAIN`` -> ``TRAIN, D8 across``; blanks named, as announced."""
    parts = _spoken_parts(notation)
    if parts is None:
        return notation
    letters, where = parts
    return f"{word_text(letters)}, {where}"


def hint_phrases(hints: Sequence[tuple[Any, int, Any]]) -> list[str]:
    """Lines for the best few plays: ``1. TRAIN, D8 across,`` / ``12 points; keeps E, S.``

    ``hints`` are (play, score, info) as :func:`audio_scrabble.engine.hint`
    returns them (``info.text`` in tournament notation, ``info.leave``).
    """
    if not hints:
        return ["No play is possible with this rack.", "Exchange or pass."]
    lines = [f"{plural(len(hints), 'best play', 'best plays')}:" if len(hints) > 1 else "Best play:"]
    for n, (_, score, info) in enumerate(hints, start=1):
        lines.append(f"{n}. {spoken_play(info.text)},")
        bingo = " with all seven tiles" if getattr(info, "bingo", False) else ""
        keeps = f"keeps {join_and(list(info.leave))}" if info.leave else "keeps nothing"
        lines.append(f"{plural(score, 'point')}{bingo}; {keeps}.")
    return lines


def review_move_phrases(r: Any) -> list[str]:
    """One turn of a review: what was played, the best play, points missed.

    Lines of at most :data:`~.phrases.LINE_WIDTH` where words allow, who
    and what first, as the game announced the play:
    ``Turn 2, Bob played TOPAZ, H4 down,`` / ``17 points.`` (or
    ``taken back.``), then ``Best: ATOM, F9 across,`` / ``29 points; 12 missed.``
    """
    lead = f"Turn {r.turn}, {r.name}"
    if r.kind == "place" and r.played_text:
        parts = _spoken_parts(r.played_text)
        tail = ", taken back" if r.withdrawn else f", {plural(r.played_score, 'point')}"
        if parts is None:
            lines = clauses(f"{lead} played {r.played_text}{tail}.")
        else:
            lines = play_lines(f"{lead} played", parts[0], parts[1], tail)
    elif r.kind == "exchange":
        lines = clauses(f"{lead} exchanged.")
    else:
        lines = clauses(f"{lead} passed.")
    if r.best_text is None:
        lines.append("No play was possible.")
    elif r.missed == 0 and r.kind == "place" and not r.withdrawn:
        lines.append("That was the best score.")
    else:
        lines.extend(clauses(f"Best: {spoken_play(r.best_text)},"))
        lines.append(f"{plural(r.best_score, 'point')}; {r.missed} missed.")
    return lines


def review_summary(reviews: Sequence[Any], names: Sequence[str]) -> list[str]:
    """Points missed by each player over the game, and how often they found the best score."""
    lines = []
    for i, name in enumerate(names):
        mine = [r for r in reviews if r.player == i]
        if not mine:
            continue
        missed = sum(r.missed for r in mine)
        best = sum(1 for r in mine if r.kind == "place" and not r.withdrawn and r.missed == 0)
        lines.append(f"{name} missed {plural(missed, 'point')},")
        lines.append(f"best score {best} of {plural(len(mine), 'turn')}.")
    return lines
