"""The review's commands (``audio-scrabble review FILE.gcg``): moving
through the record, the game's board and survey commands reading the
board after the move being reviewed, and what the record says of it.

Each handler takes the review's front (:class:`~.front.ReviewFront`, which
:class:`~.review.ReviewSession` is) and the rest of the line.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import TYPE_CHECKING

from ...core.tiles import RACK_SIZE
from ...errors import ActionNotAllowed, NotationError
from ...notation.plays import clip, parse_rack
from ...presentation import braille_lines, phrases, record_phrases, survey_phrases
from . import board_commands, registry, survey_commands
from .helptext import HelpEntry, parse_help
from ..asking.settings import SETTING_VALUES, small_number

if TYPE_CHECKING:
    from ..front import ReviewFront

# ====================================================================== commands


@functools.lru_cache(maxsize=1)
def review_help() -> dict[str, HelpEntry]:
    """The review's help texts, by command (and ``keys``), kept as data in
    ``audio_scrabble/data/review_help.txt``."""
    return parse_help((resources.files("audio_scrabble") / "data" / "review_help.txt").read_text(encoding="utf-8"))




def _next(s: ReviewFront, args: str) -> list[str]:
    return s.next_move()


def _back(s: ReviewFront, args: str) -> list[str]:
    return s.previous_move()


def _first(s: ReviewFront, args: str) -> list[str]:
    return s.go(1)


def _last(s: ReviewFront, args: str) -> list[str]:
    return s.go(s.count)


def _move(s: ReviewFront, args: str) -> list[str]:
    if args.strip():
        return _goto(s, args)
    return s.current_lines()


def _goto(s: ReviewFront, args: str) -> list[str]:
    """``go to 12`` (a move) or ``goto H8`` (the board cursor)."""
    text = args.strip()
    low = text.lower()
    if low.startswith("to ") or low == "to":
        text = text[2:].strip()
        low = text.lower()
    if low.startswith("move "):
        text = text[5:].strip()
    number = small_number(text, digits=4)
    if number is not None:
        return s.go(number)
    if not text:
        raise NotationError(record_phrases.goto_where(s.count))
    try:
        return board_commands.cmd_goto(s, text)
    except NotationError:
        raise NotationError(record_phrases.not_a_move_or_square(clip(text))) from None


def _scores(s: ReviewFront, args: str) -> list[str]:
    return [record_phrases.scores_head(s.position)] + phrases.scores_lines(s.names, s.totals, s.you)


def _rack(s: ReviewFront, args: str) -> list[str]:
    step = s.step
    if step is None:
        raise ActionNotAllowed(record_phrases.NO_MOVE_YET)
    head, said = record_phrases.rack_lines(step, s.names, s.you)
    if s.braille_mode and step.move.rack:
        head += braille_lines.rack_lines(parse_rack(step.move.rack, limit=None), s.settings.braille_width)
    return head + said


def _history(s: ReviewFront, args: str) -> list[str]:
    shown = [record_phrases.record_history_line(st, s.names, s.you) for st in s.steps[: s.position]]
    return board_commands.last_lines(shown, args, "moves", s.names) or list(record_phrases.NO_MOVES_YET)


def _help(s: ReviewFront, args: str) -> list[str]:
    # (the review's usages never end in a full stop: the game's "Type U." is the same)
    return registry.help_lines(REVIEW_COMMANDS, review_help(), args, list(record_phrases.REVIEW_HELP_FOOT),
                               brief=s.style.brief)


def facing_rack(s: ReviewFront) -> list[str] | None:
    """The rack that faced the board being reviewed: the next mover's, as
    the record shows it (None when it does not, or at the end)."""
    if s.position >= s.count:
        return None
    rack = s.steps[s.position].move.rack
    return parse_rack(rack, limit=None) if rack else None


def _fit_rack(s: ReviewFront) -> list[str]:
    rack = facing_rack(s)
    if rack is None:
        raise ActionNotAllowed(survey_phrases.NO_RACK_TO_FIT)
    return rack


def rack_size(s: ReviewFront) -> int:
    rack = facing_rack(s)
    return len(rack) if rack is not None else RACK_SIZE


_spots = survey_commands.spots_command(rack_size, facing_rack)


def _no_lexicon(s: ReviewFront) -> None:
    return None  # a record is reviewed without its word list: fit checks no word


def _no_check(s: ReviewFront) -> bool:
    return False


_fit = survey_commands.fit_command(_fit_rack, _no_lexicon, _no_check)


def _quit(s: ReviewFront, args: str) -> list[str]:
    return s.leave()


_A = registry.Arg
_C = functools.partial(registry.Command, modes=frozenset({registry.REVIEW}))

#: the review's commands; the board ones are the game's own handlers, which
#: read the board after the current move through the session's ``board``
REVIEW_COMMANDS: registry.Registry[ReviewFront] = registry.Registry(
    [
        _C("next", _next, "Moving", ("n", "forward", "f")),
        _C("back", _back, "Moving", ("b", "previous", "prev")),
        _C("goto", _goto, "Moving", ("go",), (_A("move or square", registry.SQUARE),)),
        _C("first", _first, "Moving", ("start",)),
        _C("last", _last, "Moving", ("end",)),
        _C("move", _move, "Moving", ("this", "current"), (_A("move", registry.TURN, True),)),
        _C("square", board_commands.cmd_square, "Board", ("sq", "read"), (_A("square", registry.SQUARE, True),)),
        _C("row", board_commands.cmd_row, "Board", (), (_A("row", registry.ROW, True),)),
        _C("column", board_commands.cmd_column, "Board", ("col",), (_A("column", registry.COLUMN, True),)),
        _C("where", board_commands.cmd_where, "Board", ("pos", "position")),
        _C("words", board_commands.cmd_words, "Board"),
        _C("board", board_commands.cmd_board, "Board", ("brd",)),
        _C("show", board_commands.cmd_show, "Board", ("print",), said_with=("board", "the board"),
           options=board_commands.SHOW_LARGE),
        _C("spots", _spots, "Survey", ("spot", "hot"), (_A("area", registry.AREA, True),)),
        _C("around", survey_commands.cmd_around, "Survey", ("near",), (_A("square", registry.SQUARE, True),)),
        _C("fit", _fit, "Survey", (), (_A("word", registry.WORDS),)),
        _C("scores", _scores, "Ask again", ("score", "s")),
        _C("rack", _rack, "Ask again", ("r", "tiles")),
        _C("history", _history, "Ask again", ("hist",), (_A("moves", registry.TURN, True),)),
        _C("repeat", board_commands.cmd_repeat, "Ask again", ("again",)),
        _C("legend", board_commands.cmd_legend, "Settings", ("marks", "cells")),
        _C("set", board_commands.cmd_set, "Settings", (),
           (_A("setting", registry.SETTING, True), _A("value", registry.SETTING, True))),
        _C("help", _help, "Settings", ("h", "?", "commands"), (_A("topic", registry.TOPIC, True),)),
        _C("quit", _quit, "Settings", ("exit", "q", "bye")),
    ]
)


# ====================================================================== completion
def complete(session: ReviewFront, text: str) -> list[str]:
    """Candidates for the word being typed at the end of ``text``."""

    def candidates(cmd: registry.Command[ReviewFront], arg: registry.Arg, words: list[str], index: int) -> list[str]:
        if cmd.name == "goto":
            return ["to"] + [str(n) for n in range(session.count + 1)] + registry.ALL_SQUARES
        if arg.kind == registry.TOPIC:
            return REVIEW_COMMANDS.names() + ["keys"]
        return registry.board_candidates(arg, words, index, SETTING_VALUES) or []

    return REVIEW_COMMANDS.complete(text, candidates)
