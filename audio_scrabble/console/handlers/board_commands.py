"""The commands the game and the review share: reading the board
(square, row, column, goto, where, words, board, show, legend), repeat
and set. Each takes the session's front (the game's or the review's: both are a
:class:`~.front.BoardFront`) and the rest of the line.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...core.board import ACROSS, COLUMNS, DOWN, SIZE, Board, Square
from ...core.events import TilesPlaced
from ...errors import NotationError
from ...notation.plays import clip
from ...notation.typed import read_square
from ...presentation import braille_lines, largeprint, layout, phrases, prompts, prompts_settings

from ..asking.settings import SETTING_ALIASES, SETTING_VALUES, setting_named, small_number

if TYPE_CHECKING:
    from ..front import BoardFront


def square_arg(session: BoardFront, text: str) -> Square:
    text = text.strip()
    if not text:
        return session.reader.cursor.square
    if text.lower() in ("star", "centre", "center"):
        return Square(7, 7)
    return read_square(text)


def cmd_square(session: BoardFront, args: str) -> list[str]:
    sq = square_arg(session, args)
    return [phrases.square_phrase(session.board, sq, session.settings.marks)]


def _row_index(session: BoardFront, text: str) -> int:
    text = text.strip()
    if not text:
        return session.reader.cursor.square.row
    row = small_number(text)
    if row is not None and 1 <= row <= SIZE:
        return row - 1
    if text.upper() in COLUMNS:
        raise NotationError(prompts.is_a_column(text.upper()))
    raise NotationError(prompts.not_a_row(clip(text)), brief=prompts.not_a_row_brief(clip(text, 12)))


def _column_index(session: BoardFront, text: str) -> int:
    text = text.strip().upper()
    if not text:
        return session.reader.cursor.square.col
    if len(text) == 1 and text in COLUMNS:
        return COLUMNS.index(text)
    number = small_number(text)
    if number is not None and 1 <= number <= SIZE:
        raise NotationError(prompts.is_a_row(number))
    raise NotationError(prompts.not_a_column(clip(text)), brief=prompts.not_a_column_brief(clip(text, 12)))


def _line_answer(session: BoardFront, index: int, direction: str, cells: Callable[..., list[str]]) -> list[str]:
    """A row or column in words; in braille mode its line of ``cells`` comes first."""
    words = phrases.line_phrases(session.board, index, direction, session.style)
    if not session.braille_mode:
        return words
    return cells(session.board, index, session.settings.braille_width) + words


def cmd_row(session: BoardFront, args: str) -> list[str]:
    """A row in words; in braille mode its line of cells comes first."""
    return _line_answer(session, _row_index(session, args), ACROSS, braille_lines.row_lines)


def cmd_column(session: BoardFront, args: str) -> list[str]:
    """A column in words; in braille mode its line of cells comes first."""
    return _line_answer(session, _column_index(session, args), DOWN, braille_lines.column_lines)


def cmd_goto(session: BoardFront, args: str) -> list[str]:
    if not args.strip():
        raise NotationError(prompts.GOTO_WHERE, brief=prompts.GOTO_WHERE_BRIEF)
    move = session.reader.cursor.goto(square_arg(session, args))
    return [session.reader.move_phrase(move)]


def cmd_where(session: BoardFront, args: str) -> list[str]:
    return phrases.where_phrases(session.reader.cursor.square, session.board, session.settings.marks)


def cmd_words(session: BoardFront, args: str) -> list[str]:
    return phrases.words_phrases(session.board)


def cmd_board(session: BoardFront, args: str) -> list[str]:
    """The braille board: the column letters, then a line of cells a row."""
    return [prompts.BRAILLE_BOARD_HEAD] + braille_lines.board_lines(session.board, session.settings.braille_width)


#: what after ``show`` asks for large print even in braille mode
SHOW_LARGE = ("large", "large print", "big")


def cmd_show(session: BoardFront, args: str) -> list[str]:
    """The large-print board for a sighted helper (on screen only).

    In braille mode its lines would not fit the display, so the braille
    board is shown instead, after a line saying how to get large print:
    ``show large`` prints it all the same, for a sighted helper at the
    screen, and leaves braille mode on for the player at the display.
    """
    if session.braille_mode and args.strip().lower() not in SHOW_LARGE:
        return list(prompts.LARGE_PRINT_NEEDS) + cmd_board(session, args)[1:]
    colour = largeprint.colour_wanted(sys.stdout)
    columns = session.out.columns()
    narrow = columns is not None and columns < largeprint.MAX_WIDTH  # a magnified screen: the wide one would wrap
    session.out.show(largeprint.board_lines(session.board, colour=colour, cursor=session.reader.cursor.square,
                                            last=_last_squares(session), narrow=narrow, **_show_status(session)),
                     as_is=True)
    return [prompts.LARGE_PRINT_SHOWN]


def _last_squares(session: BoardFront) -> tuple[Square, ...]:
    """The squares of the last play's tiles, for the large-print board to
    mark (none when the last play was taken back or there is no game); in
    a review, the tiles the move reached put down."""
    game = getattr(session, "game", None)
    step, steps = getattr(session, "step", None), getattr(session, "steps", None)
    if game is None and step is not None and steps is not None:
        if step.placement is None:  # a pass, an exchange, a challenge: no tiles put down
            return ()
        at = getattr(session, "position", 1) - 1
        start = getattr(getattr(session, "record", None), "start", None)
        before = steps[at - 1].board if at > 0 else start.board if start is not None else Board()
        return tuple(sq for sq in (Square(r, c) for r in range(SIZE) for c in range(SIZE))
                     if step.board[sq] and not before[sq])
    if game is None:
        return ()
    play = next((ev.play for ev in reversed(game.history) if isinstance(ev, TilesPlaced)), None)
    return () if play is None else tuple(t.square for t in play.tiles if session.board[t.square])


def _show_status(session: BoardFront) -> dict[str, Any]:
    """What the large-print view says above the board: the scores, whose
    turn, the bag (the game's; the one person at a table of computers is
    "You"); the recorded totals (the review's)."""
    game = getattr(session, "game", None)
    table = getattr(session, "table", None)
    if game is not None and table is not None:
        over = game.is_over
        names = phrases.said_names(game.names, table.you)
        return {"scores": list(zip(names, game.scores())), "bag": len(game.bag), "over": over,
                "to_play": None if over else names[game.current]}
    totals = getattr(session, "totals", None)
    if totals is not None:
        return {"scores": list(zip(session.names, totals))}
    return {}


def cmd_legend(session: BoardFront, args: str) -> list[str]:
    """What each braille cell of the board and rack lines means."""
    return [prompts.BRAILLE_CELLS_HEAD] + braille_lines.legend_lines()


def last_lines(lines: list[str], args: str, unit: str, names: Sequence[str] = ()) -> list[str]:
    """``history``: all the lines; ``history N``: the last N (of the game's
    turns or the review's moves, ``unit``); any other N is refused. A turn
    too long for a line of 40 is said in two (:func:`layout.wrapped`:
    ``12. Christabella: POVERTY,`` / ``H2 across, 46.``), the players'
    ``names`` never parted."""
    text = args.strip()
    if text:
        count = small_number(text, digits=4)
        if count is None or count < 1:
            raise NotationError(prompts.history_how_many(unit), brief=prompts.history_how_many_brief(unit))
        lines = lines[-count:]
    return [part for line in lines for part in layout.wrapped(line, names=names)]


def cmd_repeat(session: BoardFront, args: str) -> list[str]:
    return session.out.repeat() or [prompts.NOTHING_SAID_YET]


def cmd_set(session: BoardFront, args: str) -> list[str]:
    parts = args.split()
    if not parts:
        return [prompts.SETTINGS_HEAD] + session.settings.describe()
    if len(parts) == 1:
        owners = [name for name, values in SETTING_VALUES.items() if parts[0].lower() in values]
        if len(owners) == 1 and parts[0].lower() not in SETTING_ALIASES and parts[0].lower() not in SETTING_VALUES:
            # a value without its setting (set brief): the setting named
            raise NotationError(prompts_settings.name_the_setting(owners[0], parts[0].lower()),
                                brief=prompts_settings.name_the_setting_brief(owners[0], parts[0].lower()))
        return setting_named(parts[0]).takes()  # no such setting: the settings named
    said = session.settings.change(parts[0], " ".join(parts[1:]))
    if parts[0].lower() == "speech":
        session.ask_speech(session.settings.speech)
    # in lines of at most 40 (a braille display's own width fits the sentence whole)
    lines = [said] if session.settings.braille_width else phrases.clauses(said)
    return lines + session.keep_settings()


