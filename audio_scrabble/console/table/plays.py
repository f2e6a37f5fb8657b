"""Reading a player's play before it is made: blanks to ask for, the word
it really forms, ``check`` (what it would score), and the rack's reason
when a letter is missing. Nothing here changes the game: an outcome says
what to say, which question to open, and which play the session should
make through the game's own action.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Sequence

from ...core.board import ACROSS, CENTRE, DOWN
from ...core.game import Game
from ...core.play import Play, words_formed
from ...core.tiles import BLANK
from ...errors import IllegalPlay, ScrabbleError, WordNotAcceptable
from ...notation import typed
from ...notation.typed import Draft
from ...presentation import phrases, prompts, teaching
from ...presentation.phrases import Style
from ...presentation.survey_phrases import unlisted_line
from ..asking.questions import BlankQuestion, DirectionQuestion, PlayQuestion, Question


@dataclass
class PlayOutcome:
    """What comes of a draft: lines to say, maybe a question to open, maybe the play to make."""

    lines: list[str]
    question: Question | None = None
    play: Play | None = None
    #: the rules refused the play (or its check): the refused cue sounds
    refused: bool = False


def start(game: Game, draft: Draft | typed.DirectionUnclear, action: str, style: Style,
          settings: Any = None, held: Sequence[str] | None = None) -> PlayOutcome:
    """Play or check a draft; ask for the letters of blanks first. A play
    typed with a row-first square and ``down`` (``11N down``, read as
    :class:`~.typed.DirectionUnclear`) asks across or down first.
    ``settings``: the player's (aids, confirm; see :func:`finish`);
    ``held``: the rack as its player keeps it, said when a tile is not on it."""
    if isinstance(draft, typed.DirectionUnclear):
        ask = DirectionQuestion(draft, action, style.brief)
        return PlayOutcome(ask.lines(), ask)
    if draft.open_blanks:
        # Refuse at once what no letter could make legal.
        trial = draft
        for sq in draft.open_blanks:
            trial = trial.with_blank(sq, "E")
        try:
            game.check_place(trial.play())
        except WordNotAcceptable:
            pass
        except ScrabbleError as e:  # said as any refused play is (a tile not held: the tiles there are)
            return PlayOutcome(illegal_play_lines(game, e, trial.play(), style, held, draft.open_blanks, start=draft.start),
                               refused=True)
        question = BlankQuestion(draft, action, style.brief)
        return PlayOutcome(question.lines(), question)
    return finish(game, draft, action, style, settings=settings, held=held)


def unlisted(game: Game, breakdown: Any) -> list[str]:
    """The words a play forms that are not in the game's word list."""
    if game.lexicon is None:
        return []
    return [w.word.word for w in breakdown.words if w.word.word not in game.lexicon]


def finish(
    game: Game, draft: Draft, action: str, style: Style, confirmed: bool = False, settings: Any = None,
    held: Sequence[str] | None = None,
) -> PlayOutcome:
    """A draft with every blank named: check it, ask first when the word
    made is not the word typed, or hand over the play to make.

    With the aids on (``settings.aids``), ``check`` says first which words
    are not in the list, and with ``settings.confirm`` too, ``play`` asks
    before making such a play (a typo guard; under rules that take
    challenges: others refuse it themselves). Aids off, nothing is said:
    a bluff is the player's own."""
    aids = settings is not None and settings.aids
    guard = aids and settings.confirm and game.rules.challenges_allowed
    play = draft.play()
    if action == "check":
        try:
            breakdown = game.check_place(play)
        except IllegalPlay as e:  # checked: "Not legal." first, but when brief
            said = illegal_play_lines(game, e, play, style, held, listed=aids, start=draft.start)
            return PlayOutcome(said if style.brief else [prompts.NOT_LEGAL, *said], refused=True)
        lines = phrases.check_phrases(breakdown, style)
        bad = unlisted(game, breakdown) if aids else []
        listed = [unlisted_line(bad)] if bad else []  # said first (after the word made, if not the one typed)
        made = phrases.main_word(breakdown)
        if not differs(draft, made):
            return PlayOutcome(listed + lines)
        # The word made is not the word typed: say which word it is
        # first, then its score (not the word a second time).
        head = [] if made is None else phrases.play_lines(
            "", made.word.letters, phrases.where_text(made.word.start, made.word.direction),
            f", would score {breakdown.total}")
        if head and lines[:len(head)] == head:
            lines = [prompts.would_score(breakdown.total)] + lines[len(head):]
        return PlayOutcome(board_letter_lines(draft, made) + listed + lines)
    if not confirmed:
        # The word made may not be the word typed: a board letter inside
        # it left out, or board letters at either end. Say what it makes
        # and ask first.
        try:
            breakdown = game.check_place(play)
        except IllegalPlay as e:
            return PlayOutcome(illegal_play_lines(game, e, play, style, held, listed=aids, start=draft.start), refused=True)
        made = phrases.main_word(breakdown)
        bad = unlisted(game, breakdown) if guard else []
        if differs(draft, made) or bad:
            said = board_letter_lines(draft, made) if differs(draft, made) else []
            if bad:
                said.append(unlisted_line(bad))
            return PlayOutcome(said + [prompts.PLAY_IT], PlayQuestion(draft))
    return PlayOutcome([], play=play)


def illegal_play_lines(game: Game, e: ScrabbleError, play: Play, style: Style,
                       held: Sequence[str] | None = None, open_blanks: Sequence[Any] = (),
                       listed: bool = False, start: Any = None) -> list[str]:
    """An illegal play as said (written once, for a play, its check and its
    making): brief, the reason alone in one short line ("No Z on your
    rack."); else the reason as its own sentence, with how to use a blank
    when one would do (:func:`explain_rack`; ``start``: the square the
    play was typed from, when known)."""
    if style.brief:
        return prompts.refusal_lines(str(e), e.brief, True)
    if e.code == "first_not_on_star" and play.tiles:
        other = _unnamed_judged(_refused_the_other_way(game, play, listed=listed), open_blanks)
        if other is None:
            return prompts.refusal_said(off_the_star(play, open_blanks))
        e, play = other  # typed back the way said, refused for the rack: that said instead
    elif e.code == "not_touching" and play.tiles:  # a hint's play typed back without its way
        other = _unnamed_judged(_refused_the_other_way(game, play, e, listed), open_blanks)
        if other is None:
            return prompts.refusal_said(_touching_nothing(play, open_blanks))
        if other[0].code == "not_on_rack":
            e, play = other  # refused the other way for the rack: that said instead
    return prompts.refusal_said(explain_rack(game, e, play, held, start, open_blanks))


def _unnamed_judged(other: tuple[ScrabbleError, Play] | None,
                    open_blanks: Sequence[Any]) -> tuple[ScrabbleError, Play] | None:
    """The other way's refusal, but none for its words while a blank is
    unnamed (``open_blanks``: tried as a stand-in E, its words are not the
    player's: QE for Q?, which may be QI)."""
    if other is not None and open_blanks and isinstance(other[0], WordNotAcceptable):
        return None
    return other


def _touching_nothing(play: Play, open_blanks: Sequence[Any] = ()) -> str:
    """A word touching no tile, said with which way it ran and the other
    way to type, which plays (see :func:`_refused_the_other_way`)."""
    start, way = play.tiles[0].square, play.line_direction()
    other = DOWN if way == ACROSS else ACROSS
    letters = teaching.typed_word("".join("?" if t.square in open_blanks else t.board_letter for t in play.tiles))
    return prompts.touching_nothing(letters, start.name, phrases.direction_word(way), phrases.direction_word(other))


def _refused_the_other_way(game: Game, play: Play, e: ScrabbleError | None = None,
                           listed: bool = False) -> tuple[ScrabbleError, Play] | None:
    """A play refused (``e``; None: the first word off the star), turned
    the other way from its first square (the way :func:`off_the_star`
    says to type it): None when that plays (only its own word may not be
    in the list, under rules with challenges and the aids off); else its
    refusal (a tile not on the rack; touching nothing either way; a word
    not in the list, under rules without challenges), and the play
    turned; off the board, or the first word not covering H8 that way
    either: ``e`` itself (None for the star). ``listed`` (the aids on): the
    words it forms are checked against the list too, and a word not in it
    is its refusal; aids off, a bluff is the player's own, and whether a
    way is suggested must not tell which words are listed."""
    start, way = play.tiles[0].square, play.line_direction()
    other = DOWN if way == ACROSS else ACROSS
    squares = [start.step(other, n) for n in range(len(play.tiles))]
    if not all(sq.on_board for sq in squares) or (e is None and CENTRE not in squares):
        return None if e is None else (e, play)
    turned = Play(tuple(replace(t, square=sq) for t, sq in zip(play.tiles, squares)), other)
    try:
        breakdown = game.check_place(turned)
    except IllegalPlay as refused:  # a word not in the list, under rules without challenges, too
        return refused, turned
    if e is not None and not _only_its_word_unsure(game, turned, squares, listed):
        return e, play  # that way it makes another word not in the list, or runs into a tile: not said to type
    bad = game.unacceptable_words(breakdown) if listed else ()
    if bad:  # aids on: a way that forms a word not in the list is not suggested
        return WordNotAcceptable(prompts.not_listed_other_way(bad), bad), turned
    return None


def _only_its_word_unsure(game: Game, turned: Play, squares: Sequence[Any], listed: bool = True) -> bool:
    """Whether the play turned forms its own word on just its squares
    (typed back, it is read as that word, not one running on into a tile)
    and, with the aids on (``listed``), every other word it forms is in the
    game's word list: the player's own word is theirs to judge, the words
    it crosses are not. Aids off, the list is not looked at: whether a way
    is suggested must not tell which words are listed."""
    formed = words_formed(game.board, turned)
    own = [w for w in formed if w.direction == turned.direction]
    if len(own) != 1 or tuple(own[0].squares) != tuple(squares):
        return False
    return not listed or game.lexicon is None or all(w.word in game.lexicon for w in formed if w is not own[0])


def off_the_star(play: Play, open_blanks: Sequence[Any] = ()) -> str:
    """The first word off the star, said with which way it ran and, when
    the other way from the same square covers H8, that way to type (a
    blank whose letter is not yet asked, on ``open_blanks``, as ``?``)."""
    start, way = play.tiles[0].square, play.line_direction()
    other = DOWN if way == ACROSS else ACROSS
    turned = [start.step(other, n) for n in range(len(play.tiles))]
    covers = all(sq.on_board for sq in turned) and CENTRE in turned
    letters = teaching.typed_word("".join("?" if t.square in open_blanks else t.board_letter for t in play.tiles))
    return prompts.off_the_star(letters, start.name, phrases.direction_word(way), phrases.direction_word(other) if covers else None)


def explain_rack(game: Game | None, e: ScrabbleError, play: Any = None, held: Sequence[str] | None = None,
                 start: Any = None, open_blanks: Sequence[Any] = ()) -> str:
    """A missing letter when the rack holds a blank: say how to use it --
    for the letters ``play`` lacks, when the blanks can stand for them all,
    the lower-case letters to type (a hint's word said with its blank,
    BLOUSING with blank I, is typed BLOUSiNG), read from ``start``, the
    square the play was typed from (see :func:`_blank_example`). A play
    holding a ? whose letter is still to ask (on ``open_blanks``; ``play``
    then has a stand-in letter there): ? in its place, the one form that
    plays (beside a ?, a lower-case letter is read as an ordinary tile)."""
    msg = str(e)
    if e.code != "not_on_rack" or game is None:
        return msg
    rack = Counter(game.current_player.rack)
    need = Counter(play.rack_tiles()) if play is not None else Counter()
    spare = rack[BLANK] - need[BLANK]  # blanks the play leaves free (a ? typed takes one)
    if spare > 0 and "no blank" not in msg:
        lacking = +(need - rack)
        if lacking and sum(lacking.values()) <= spare and not open_blanks:
            example = _blank_example(game, play, lacking, start)
            return msg.rstrip(".") + ";\n" + prompts.use_your_blank_as(sorted(lacking.elements()), example)
        return msg.rstrip(".") + ";\n" + prompts.USE_YOUR_BLANK  # a clause a line
    # what to do instead: the tiles there are
    return prompts.play_from(msg, held if held is not None else game.current_player.rack)


def _blank_example(game: Game, play: Any, lacking: Counter[str], start: Any = None) -> str | None:
    """The play as it is typed back with blanks for the ``lacking``
    letters, read as the parser reads it: from ``start``, the square it
    was typed from (None: its first new tile), the way it runs, through
    its new tiles and the board letters among and after them (typed
    plain), the lacking letters in lower case among capitals (``eAT``;
    from I9 under the A of FAQIR, ``t``, not ``At``); a word of blanks
    only as the game says it (``EH (blanks E and H)``, ``T (blank T)``:
    typed all in lower case it would be read as ordinary tiles). None
    when it cannot be told (an odd play, a ? whose letter is still to ask)."""
    if play is None or not play.tiles or any(not t.letter for t in play.tiles):
        return None
    way = play.direction or play.line_direction(game.board)
    placed = {t.square: t for t in play.tiles}
    square = start if start is not None else play.tiles[0].square
    left = Counter(lacking)
    out: list[str] = []
    new: list[str] = []
    while square.on_board:
        tile = placed.get(square)
        ch = tile.board_letter if tile is not None else game.board[square]
        if not ch:
            break
        if tile is not None:
            if ch.isupper() and left[ch] > 0:
                left[ch] -= 1
                ch = ch.lower()
            new.append(ch.upper())
        out.append(ch)  # a blank already in the play (or on the board) stays in lower case
        square = square.step(way)
    if len(new) != len(play.tiles):
        return None  # not every new tile on the line from the square typed: not told
    return teaching.typed_word("".join(out), new)


def differs(draft: Draft, made: Any) -> bool:
    """Whether the word formed is not the word typed (see :func:`typed.word_made`)."""
    return typed.word_made(draft, made.word if made is not None else None).differs


def board_letter_lines(draft: Draft, made: Any) -> list[str]:
    """What the word formed is, then the board letters in it that were not
    typed: said before the play is scored or made."""
    return prompts.word_made_lines(typed.word_made(draft, made.word if made is not None else None))
