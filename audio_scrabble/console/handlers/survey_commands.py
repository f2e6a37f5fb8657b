"""The board survey at the console: ``spots``, ``around``, ``fit``, and
the keys that survey the board or answer at once.

The analysis is :mod:`audio_scrabble.engine.survey` and the words are
:mod:`audio_scrabble.presentation.survey_phrases`; this module only reads
the command line and the session. The game and the review share it: a
handler is made for each by :func:`spots_command` and :func:`fit_command`,
given how that session finds the rack that faces the board (the game: the
rack its viewer may read; the review: the rack of the move after the one
being reviewed, when the record shows it).

Keys (see :mod:`.keys`): :func:`answer_key` answers every board key of a
session: the survey keys (around the cursor, next or previous hot spot
or word, the mark), the quick keys (a command run at once, from
``quick``), and the cursor's own moves (:class:`.output.BoardReader`).
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence, TypeVar

from ...core.board import Board
from ...core.tiles import RACK_SIZE
from ...engine.survey import spot_jump, word_jump_round
from ...errors import ActionNotAllowed, NotationError, ScrabbleError
from ...presentation import prompts
from ...presentation import survey_phrases as said
from .board_commands import square_arg

if TYPE_CHECKING:
    from ..front import BoardFront, GameFront

#: the front of the session a survey command is made for (the game's, the review's)
F = TypeVar("F", bound="BoardFront")
#: how a session finds the rack facing its board (may raise a refusal)
RackOf = Callable[[F], Sequence[str]]
#: how a session finds the size of that rack (never raises)
RackSizeOf = Callable[[F], int]
#: runs a command line in a session, returns its lines (may raise a refusal)
Run = Callable[[str], list[str]]


def need_aids(session: BoardFront, command: str) -> None:
    """``set aids off`` refuses the survey aids (spots, fit)."""
    if not session.settings.aids:
        raise ActionNotAllowed(said.aids_off_phrase(command))


# ====================================================================== the racks
def game_rack(session: GameFront) -> Sequence[str]:
    """The rack the game's viewer may read; refused as ``rack`` is."""
    return session.playing().rack_of(session.playing().viewer())


def game_rack_size(session: GameFront) -> int:
    """How many tiles the player surveying the board holds: the viewer's
    rack, else the player to move (how many tiles a rack holds is no secret);
    a full rack before the game. While the last play of the game waits on
    challenge or accept, the first asked (the player who made it, maybe
    gone out, is still the one "to move")."""
    game = session.game
    if game is None:
        return RACK_SIZE
    if game.awaiting_final_challenge:
        people, computers = session.playing().table.final_deciders()
        if people or computers:
            return len(game.players[(people + computers)[0]].rack)
    try:
        return len(game_rack(session))
    except ScrabbleError:
        return len(game.players[game.current].rack)


def game_survey_rack(session: GameFront) -> Sequence[str] | None:
    """The rack ``spots`` weighs: the viewer's, when the viewer may read
    it and is the one to move; None otherwise (then spots are ranked by
    the board alone)."""
    game = session.game
    if game is None or game.awaiting_final_challenge:
        return None
    try:
        return list(game_rack(session))
    except ScrabbleError:
        return None


# ====================================================================== commands
def spots_command(
    rack_size: RackSizeOf[F], rack_of: Callable[[F], "Sequence[str] | None"] = lambda s: None,
    lexicon: Callable[[F], Any] = lambda s: None,
) -> Callable[[F, str], list[str]]:
    """``spots [area] [all]``: the hot spots and lanes, most worth first
    for the rack ``rack_of`` finds (when it finds one)."""

    def cmd_spots(session: F, args: str) -> list[str]:
        need_aids(session, "spots")
        return said.spots_answer(session.board, rack_size(session), args, session.style,
                                 rack_of(session), lexicon(session))

    return cmd_spots


def cmd_around(session: BoardFront, args: str) -> list[str]:
    """``around [square]``: what lies each way (the cursor's square by default).
    Not an aid: it reads the board, as the arrows do."""
    return said.around_answer(session.board, square_arg(session, args), session.style)


def fit_command(rack_of: RackOf[F], lexicon: Callable[[F], Any],
                check_word: Callable[[F], bool]) -> Callable[[F, str], list[str]]:
    """``fit WORD [all]``: every legal place for the player's own word,
    best score first (the best five unless ``all``)."""

    def cmd_fit(session: F, args: str) -> list[str]:
        need_aids(session, "fit")
        words = args.split()
        show_all = len(words) > 1 and words[-1].lower() == "all"
        if show_all:
            words = words[:-1]
        if len(words) > 1:
            raise NotationError(said.FIT_ONE_WORD)
        rack = rack_of(session)
        return said.fit_answer(session.board, list(rack), words[0] if words else "", lexicon(session),
                               check_word=check_word(session), style=session.style, show_all=show_all)

    return cmd_fit


def game_check_word(session: GameFront) -> bool:
    """Under rules with no challenges a word not in the list is refused at
    once, so ``fit`` says so too; otherwise the player's word is theirs."""
    return not session.need_game().rules.challenges_allowed


def _game_lexicon(session: GameFront) -> Any:
    return session.lexicon


def place_to_type(session: GameFront, word: str) -> str | None:
    """Where the player's own word, typed alone, plays now, as it is typed
    (``GRUEL from E7 across``; the rack's own tiles first, a blank for a
    letter it lacks, in lower case, whatever the case typed): from H8
    across when it plays there (the first turn's form, covering the
    star); else, with the survey aids on, the best-scoring place ``fit``
    names first; None when it fits nowhere (or only elsewhere, aids off).
    Each place is checked by the rules core, as ``fit``'s are."""
    from ...core.board import ACROSS, CENTRE
    from ...engine.advice import placement_of_play
    from ...engine.survey import fit_word
    from ...presentation.teaching import typed_play

    try:
        rack = session.playing().rack_of(session.playing().actor())
        # in capitals, as the answer names it: fit_word reads a lower-case letter among capitals as a
        # blank ('Fat': F and two blanks); so, the rack's own tiles first, a blank for a letter it lacks
        fits = fit_word(session.board, list(rack), word.upper(), session.lexicon,
                        check_word=game_check_word(session)).fits
    except ScrabbleError:
        return None
    centre = [f for f in fits if f.start == CENTRE and f.direction == ACROSS]
    chosen = centre[0] if centre else fits[0] if fits and session.settings.aids else None
    placement = placement_of_play(chosen.play, session.board) if chosen is not None else None
    return typed_play(placement, session.board) if placement is not None else None


cmd_spots: Callable[[GameFront, str], list[str]] = spots_command(game_rack_size, game_survey_rack, _game_lexicon)
cmd_fit: Callable[[GameFront, str], list[str]] = fit_command(game_rack, _game_lexicon, game_check_word)


# ====================================================================== keys
#: the keys that survey the board from the cursor (their names in .keys)
AROUND = "around"
NEXT_HOT_SPOT, PREVIOUS_HOT_SPOT = "next_hot_spot", "previous_hot_spot"
NEXT_WORD, PREVIOUS_WORD = "next_word", "previous_word"
SET_MARK, TO_MARK = "set_mark", "to_mark"
SURVEY_KEYS = (AROUND, NEXT_HOT_SPOT, PREVIOUS_HOT_SPOT, NEXT_WORD, PREVIOUS_WORD, SET_MARK, TO_MARK)

#: the quick keys of the game: key name -> the command lines they run
GAME_QUICK: dict[str, tuple[str, ...]] = {
    "rack": ("rack",),
    "scores": ("scores",),
    "square": ("square",),
    "row": ("row",),
    "column": ("column",),
    "last": ("last",),
    "bag": ("bag", "unseen"),
    "spots": ("spots",),
}
#: the review's: ``move`` is the move being reviewed; a record has no bag
REVIEW_QUICK: dict[str, tuple[str, ...]] = {**GAME_QUICK, "last": ("move",), "bag": ()}


def survey_key(
    session: BoardFront, name: str, rack_size: int, rack: Sequence[str] | None = None, lexicon: Any = None
) -> list[str]:
    """What a survey key says, moving the cursor where it jumps: the hot
    spots in the order ``spots`` says them (best first for ``rack``), the
    words in reading order, both going round."""
    reader = session.reader
    board: Board = session.board
    cursor = reader.cursor
    origin = cursor.square
    if name == AROUND:
        return said.around_answer(board, origin, session.style)
    if name in (NEXT_HOT_SPOT, PREVIOUS_HOT_SPOT):
        if not session.settings.aids:
            return [said.HOT_SPOT_KEYS_OFF]
        forward = name == NEXT_HOT_SPOT
        spot, wrapped = spot_jump(board, origin, rack_size, forward, rack, lexicon)
        if spot is not None:
            reader.last_move = cursor.goto(spot.square)  # heard as a cursor move
        return said.hot_spot_jump_phrases(spot, origin, forward, session.style, wrapped)
    if name in (NEXT_WORD, PREVIOUS_WORD):
        forward = name == NEXT_WORD
        word, wrapped = word_jump_round(board, origin, reader.last_word, forward)
        if word is not None:
            reader.last_move = cursor.goto(word.start)
            reader.last_word = word
        return said.word_jump_phrases(word, origin, forward, any_words=not board.is_empty(), wrapped=wrapped)
    if name == SET_MARK:
        reader.mark = origin
        return [said.mark_set_phrase(origin)]
    if name == TO_MARK:
        if reader.mark is None:
            return prompts.refusal_said(said.no_mark_phrase())
        reader.last_move = cursor.goto(reader.mark)
        return [reader.move_phrase(reader.last_move)]
    raise KeyError(name)


def answer_key(
    session: BoardFront, name: str, quick: Mapping[str, Sequence[str]], run: Run, rack_size: int,
    rack: Sequence[str] | None = None, lexicon: Any = None,
) -> list[str]:
    """Every board key of a session but ``repeat``: a survey key, a quick
    key (its commands run at once; a refusal is said as it is), or a move
    of the cursor. Never raises: a key must not end the game."""
    try:
        if name in SURVEY_KEYS:
            return survey_key(session, name, rack_size, rack, lexicon)
        if name in quick:
            lines: list[str] = []
            for text in quick[name]:
                try:
                    lines.extend(run(text))
                except ScrabbleError as e:
                    lines.extend(session.refusal(e))
            return lines or [prompts.key_does_nothing(name)]
        return session.reader.key(name)
    except Exception as e:  # a bug must not end the game or show a traceback
        session.report_error(traceback.format_exc())
        return prompts.internal_error(type(e).__name__)


def game_key(session: GameFront, name: str, run: Run) -> list[str]:
    """A board key in the game (see :func:`answer_key`), its sound cue played."""
    session.reader.last_move = None
    lines = answer_key(session, name, GAME_QUICK, run, game_rack_size(session),
                       game_survey_rack(session), session.lexicon)
    if session.cues is not None:
        session.cues.cursor(session.reader.last_move, session.board, session.style.brief)
    return lines
