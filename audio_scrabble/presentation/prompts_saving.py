"""What is said about saving: the resume question, failures, the games on file.

Beside :mod:`.prompts` (whose resume and goodbye sentences it shares).
Pure: values in, lines out (each at most 40 characters where a clause
allows, most important words first). The console's saver
(``console/files/saving.py``) decides *when* to say them.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Sequence

from ..errors import BegunFromPosition
from .layout import wrapped
from .phrases import LINE_WIDTH, clauses, join_and, scores_lines
from .prompts import RESUME_IT
from .prompts import final_why, turn


# ------------------------------------------------------------ the resume question
KEEPS_ITS_WORD_LIST = "This game keeps its own word list."
#: said by a second window on a data folder a running game is using
ANOTHER_WINDOW = "Another window is playing here, so this game is saved apart; games lists both."


def resume_offer_lines(names: Sequence[str], scores: Sequence[int], to_play: str, awaiting_final: bool,
                       word_list: str | None = None, final_reason: str | None = None,
                       scoreless_limit: int = 6, you: int | None = None, cells: int | None = None) -> list[str]:
    """The question at start about an unfinished game (``word_list``: the
    name of the list it was played with, when that is worth saying). A game
    waiting on a last play that may be challenged says why (``final_reason``:
    went out, no one can move, the last scoreless turn; None: went out).
    ``you``: the seat of the one person at the table ("You 0" in the
    scores; "Your turn." when ``to_play`` is theirs). ``cells``: the
    braille display's width, for the turn line (``Expert computer's`` /
    ``turn to play.``, not ``turn.`` alone: :func:`prompts.turn`)."""
    yours = you is not None and names[you] == to_play
    state = clauses(final_why(final_reason, to_play, scoreless_limit, yours)) if awaiting_final \
        else [turn(to_play, yours, cells)]
    head = f"An unfinished game of {join_and(list(names))}:"
    if len(head) > LINE_WIDTH:  # the names come next, with their scores
        head = "An unfinished game:"
    lines = [head, *scores_lines(names, scores, you), *state]
    if word_list is not None:
        lines.extend(clauses(f"Word list: {word_list}."))
    return lines + [RESUME_IT]


BUILT_IN_LIST = "the built-in list"


def put_away_line(names: Sequence[str]) -> list[str]:
    """``Game put away: Alice and Bob.``; longer, the names on the lines
    after, joined as said (``Ann and Beginner computer.``: the ``and``
    kept, where a list of names lost it), a name kept whole on a line."""
    whole = f"Game put away: {join_and(list(names))}."
    if len(whole) <= LINE_WIDTH:
        return [whole]
    return ["Game put away:", *wrapped(f"{join_and(list(names))}.", LINE_WIDTH, names=names)]


def put_away_to_open(names: Sequence[str], number: int) -> list[str]:
    """The game in play put away by ``open N`` (kept in the games folder,
    as every game is), said as ``--new`` says it, then how to go back to
    it: ``Game put away: Ann and Bob.`` / ``To resume it, type open 2.``"""
    return [*put_away_line(names), f"To resume it, type open {number}."]


#: after ``Game put away: ...`` when the number ``open`` will take is not yet known
FIND_IT_WITH_GAMES = "Type games to find it again."


# ------------------------------------------------------------ word lists
def word_list_moved(name: str) -> str:
    return f"The word list {name} was found at its new place."


def word_list_changed(name: str) -> str:
    return f"The word list {name} has changed since this game was saved."


def word_list_missing(name: str, path: str) -> str:
    """The refusal when a game's own word list is not where it was."""
    return (f"This game was played with the word list {name}, which is no longer at {path}; "
            f"start again with --lexicon and its new place.")


def word_list_other(name: str) -> str:
    return (f"The word list given is not the list {name} this game was played with; "
            f"start again with --lexicon and the list it used.")


# ------------------------------------------------------------ saving fails
def still_not_saved(reason: str) -> list[str]:
    """The brief reminder at the end of a turn while saving still fails."""
    return clauses(f"Still NOT saved: {reason}.")


SAVING_WORKS_AGAIN = ["Saving works again;", "the game is saved."]
#: a finished game's GCG record was written: its file's bare name follows
#: on a line of its own (the games folder is where ``games`` says)
RECORD_SAVED = "Game record saved:"


def record_saved(file_name: str) -> list[str]:
    """A game that ended, kept as its GCG record, the file named whole."""
    return [RECORD_SAVED, file_name]


def record_not_written(reason: str) -> list[str]:
    """A game ended but its record could not be kept."""
    return clauses(f"The game record was NOT written: {reason}.")


#: a game begun from a position has ended: where it is kept, and why
POSITION_KEPT_AS_SAVE = ("A game begun from a position is kept", "in the games folder as a save file:",
                         "a GCG record has no starting board.")


def save_file_named(file_name: str) -> str:
    """The file a finished game was kept as, named (to review or emboss it)."""
    return f"Save file: {file_name}"


def kept_as_save(why: BaseException, file_name: str | None = None) -> list[str]:
    """A game that ended, kept as a save file and not as a GCG record:
    where, why (``why``: what the record writer raised) and the file's name."""
    named = [save_file_named(file_name)] if file_name else []
    if isinstance(why, BegunFromPosition):
        return [*POSITION_KEPT_AS_SAVE, *named]
    reason = str(why).strip().rstrip(".") or type(why).__name__
    if len(reason) > 1 and reason[1].islower():
        reason = reason[0].lower() + reason[1:]
    return ["The game is kept in the games folder", "as a save file, not a GCG record:", *clauses(f"{reason}."),
            *named]


def goodbye_not_saved(reason: str) -> list[str]:
    return clauses(f"Goodbye. The game could NOT be saved: {reason}.")


def goodbye_no_record(reason: str) -> list[str]:
    return clauses(f"Goodbye. The game record could NOT be written: {reason}.")


# ------------------------------------------------------------ games on file
#: how each kind of game on file is said (persistence.Kind values)
KIND_WORDS = {
    "here": "in play",
    "elsewhere": "open in another window",
    "unfinished": "unfinished",
    "put away": "put away",
    "finished": "finished",
}


def final_result(names: Sequence[str], scores: Sequence[int]) -> str:
    """A finished game in brief, the winner first: ``Ann won 457 to 395.``,
    ``Ann won with 312: Bob 280, Cy 200.``, ``A tie, 300 each.``, ``Ann
    and Bob tied on 300: Cy 200.``"""
    best = max(scores)
    won = [n for n, s in zip(names, scores) if s == best]
    rest = [f"{n} {s}" for n, s in sorted(zip(names, scores), key=lambda p: -p[1]) if s != best]
    if len(won) == len(names):
        return f"A tie, {best} each."
    if len(names) == 2:
        return f"{won[0]} won {best} to {min(scores)}."
    head = f"{won[0]} won with {best}" if len(won) == 1 else f"{join_and(won)} tied on {best}"
    return f"{head}: {', '.join(rest)}."


def game_entry_line(n: int, names: Sequence[str], kind: str, started: datetime | None,
                    scores: Sequence[int] | None = None) -> list[str]:
    """``3. Put away: Alice and Bob, 21 Nov 2026.``, with the scores of an
    unfinished game (``Alice 40, Bob 32.``) and the result of a finished
    one (``Alice won 312 to 280.``). The state goes with the number,
    first: a state after the names ("finished,") stood alone on a line
    of 20 cells, parted from its date."""
    state = KIND_WORDS.get(kind, kind)
    state = state[:1].upper() + state[1:]
    with_scores = bool(scores) and len(scores or ()) == len(names)
    end = ":" if with_scores else "."
    when = f"{started.day} {started:%b %Y}" if started else ""
    who = f"{n}. {state}: {join_and(list(names))}"
    head = f"{who}, {when}{end}" if when else f"{who}{end}"
    # broken where a reader pauses, a name never split, the "and" kept with them
    head_lines = [head] if len(head) <= LINE_WIDTH else wrapped(head, LINE_WIDTH, names=names)
    if not with_scores:
        return head_lines
    assert scores is not None
    if kind == "finished":
        result = final_result(names, scores)
        one = f"{head} {result}"
        return [one] if len(one) <= LINE_WIDTH else head_lines + clauses(result)
    one = f"{head} {', '.join(f'{a} {b}' for a, b in zip(names, scores))}."
    return [one] if len(one) <= LINE_WIDTH else head_lines + scores_lines(names, scores)


def games_heading(count: int) -> str:
    return "No games on file yet." if count == 0 else f"{count} game{'s' if count != 1 else ''} on file:"


OPEN_HOW = "Type open and a number to resume one."
OPEN_WHICH = "Type open and a game's number; games lists them."
OPEN_NONE = "No game to open; games lists them."


def in_play_already(n: int) -> str:
    """``open N`` on the game in play: a clause a line at 20 cells ("That
    game is the one" / "in play; to open" / "another, type open" / ...)."""
    return f"Game {n} is in play; open another by its number."


#: open N when the games on file are no longer those games last listed
GAMES_CHANGED = "The games on file have changed since games listed them; type games to hear them again."
GAMES_CHANGED_BRIEF = "Games changed; type games again."
OPEN_ELSEWHERE = "That game is open in another window; leave it there first."


def open_out_of_range(count: int) -> str:
    if count == 0:
        return "No games on file yet."
    if count == 1:  # not "numbered 1 to 1"
        return "One game on file; type open 1."
    return f"Games are numbered 1 to {count}; type games to hear them."


def open_finished(file_name: str) -> str:
    """``open N`` on a finished game: that it is over ("That game is
    finished;" broke "That game" / "is finished;" at 20 cells), then the
    command that reviews it, on a line of its own with nothing after it, so that it can be copied or retyped
    as it stands (a braille display breaks it after ``review``, then the
    name only after its own ``/ - _ .``). ``file_name`` is bare for a file
    in the games folder: ``audio-scrabble review`` looks there too."""
    return f"That game is over; review it with:\n{review_command(file_name)}"


def open_finished_brief(file_name: str) -> str:
    """:func:`open_finished` at brief verbosity: short, the command kept,
    the file's name whole on a line of its own."""
    return f"Finished: {review_command('').rstrip()}\n{file_name}"


NOT_SAVED_HERE = "Games are not saved this time."


def set_aside_lines(notice: str) -> list[str]:
    """What the player hears of saves set aside (the store's notice, one
    sentence): short, what happened and what comes now (``Last save
    damaged;`` / ``the save before it is offered instead.``). The file
    each went to and why it could not be used, in brackets at the
    sentence's end, are for whoever helps and are left out: the file
    stays in the data folder, named ``.damaged-`` (or ``.newer-``) with
    its time; the sentence ends saying that ``aside`` says them
    (``aside says why.``)."""
    return clauses(_DETAILS.sub(ASIDE_SAYS_WHY, notice))


#: where a set-aside sentence's brackets were: the command that says them
ASIDE_SAYS_WHY = "; aside says why."


#: ``aside`` when no save was set aside this time
NOTHING_SET_ASIDE = "No save set aside since you started."


def aside_details(notice: str) -> str:
    """What :func:`set_aside_lines` leaves out, in one sentence: the file a
    save set aside went to and why it could not be used
    (``current.damaged-20261128T053012.json: it is cut short.``), or that
    it was left where it was, and why."""
    found = _DETAILS.search(notice)
    if found is None:
        return notice
    inner = found.group(0)[len(" ("):-len(").")]
    if inner.startswith("kept as "):
        inner = inner[len("kept as "):]
    return f"{inner[:1].upper()}{inner[1:]}." if inner.startswith("left") else f"{inner}."


#: the store's brackets at a set-aside sentence's end (one level of brackets inside)
_DETAILS = re.compile(r" \((?:kept as|left where)[^()]*(?:\([^()]*\)[^()]*)*\)\.$")


def save_unreadable(reason: str) -> str:
    return f"The saved game cannot be read ({reason}); starting a new game."


def file_unreadable(name: str, reason: str) -> str:
    return f"The file {name} cannot be read ({reason.lower()})."


def review_command(file_name: str) -> str:
    return f"audio-scrabble review {file_name}"

