"""Every question the console asks and every refusal it gives of its own.

The console's controllers (session, table, questions) say nothing in
their own words: the sentences are here, one name each, so that wording
is found, reviewed and kept to the braille line in one place. A sentence
longer than a braille line is kept as its clauses (see
:func:`phrases.clauses`), or written as lines joined by ``\\n`` where a
typed error carries it.
"""

from __future__ import annotations

from typing import Sequence

from ..notation.typed import WordMade
from .phrases import LINE_WIDTH, clauses, join_and, play_lines, possessive, tile_phrase, tiles_list, where_text

# ---------------------------------------------------------------- start
WELCOME = "Audio Scrabble. Type help at any time."
NEW_GAME_THEN = "A new game, then."
NO_GAME_TO_RESUME = "No unfinished game to resume."
NOT_STARTED = "The game has not started yet; answer the question first."
STARTING_NEW_INSTEAD = "Starting a new game instead."
NEW_GAME = "New game."

# ---------------------------------------------------------------- yes or no
TYPE_YES_OR_NO = "Type yes or no."
RESUME_IT = "Resume it? Type yes or no."
RESUME_YES_OR_NO = "Type yes to resume that game, or no for a new one."
LEAVE_GAME = "Leave the game? Type yes or no."
START_NEW = ("Start a new game? This one ends unscored.", TYPE_YES_OR_NO)
PLAY_IT = "Play it? Type yes or no."
STAYING = "Staying in the game."
NOT_PLAYED = "Not played; the turn is still yours."
CANCELLED_BLANK = "Cancelled; nothing was played."
LINE_CLEARED = "Line cleared."
#: what yes means, said on ``help`` while a question is open
YES_MEANS = {
    "play": "Yes plays that word; no keeps your turn.",
    "new": "Yes ends this game unscored; no stays.",
    "quit": "Yes leaves the game; no stays in it.",
}

# ---------------------------------------------------------------- leaving
GOODBYE = "Goodbye."
GOODBYE_KEPT = "Goodbye. The unfinished game is kept."
GOODBYE_SAVED = ("Goodbye. The game is saved;", "start again to resume it.")

# ---------------------------------------------------------------- turns
GAME_OVER_NEW_OR_QUIT = "The game is over; type new for another game, or quit."
GAME_OVER_LINE = "The game is over. Type new for another game, or quit."
NEW_OR_QUIT = "Type new for another game, or quit."
REVIEW_OFFER = "Type review to hear what you missed."
RACKS_READ_AT_END = "The game is over; the racks were read out at the end."
CHALLENGE_OR_ACCEPT = "Type challenge or accept."
FIRST_WORD_HINT = ("Type play, a square and a word,", "like play 8D TRAIN, or help for more.")
CHALLENGE_HOW = "type challenge before you play."


def turn(name: str) -> str:
    """``Alice's turn.``"""
    return f"{possessive(name)} turn."


def turn_with_help(name: str) -> str:
    return f"{possessive(name)} turn. Type help for commands."


def wait_for(name: str) -> str:
    return f"It is {possessive(name)} turn; wait for it to play."


def press_enter_first(name: str) -> str:
    """The refusal of a rack command before the hand-over, as lines joined by ``\\n``."""
    return "\n".join(clauses(f"{name}, press Enter for your rack first."))


def press_enter_to_hear(name: str) -> list[str]:
    return clauses(f"{name}, press Enter to hear your rack.")


def new_tiles(tiles: Sequence[str]) -> list[str]:
    return clauses(f"New tiles: {tiles_list(tiles)}.")


def may_challenge(whose_name: str, first_time: bool, compact: bool = False) -> list[str]:
    """That the last play may be challenged: the first time with how
    (``compact``: in one line, after a round heard at once)."""
    if compact:
        return ["You may challenge it: type challenge." if first_time else "You may challenge it."]
    whose = f"{possessive(whose_name)} play"
    if len(f"You may challenge {whose}:") > LINE_WIDTH:
        whose = "the last play"  # it was just said whose it is
    if not first_time:
        return [f"You may challenge {whose}."]
    return [f"You may challenge {whose}:", CHALLENGE_HOW]


def went_out_question(name: str, asked: Sequence[str]) -> list[str]:
    """Who went out, and who is asked to challenge or accept (nobody: the computers decide)."""
    if not asked:
        return [f"{name} went out."]
    return clauses(f"{name} went out.") + clauses(f"{' or '.join(asked)}, challenge or accept?")


def people_accept(names: Sequence[str]) -> str:
    return f"{join_and(list(names))} {'accepts' if len(names) == 1 else 'accept'}."


def computers_accept(who: str, count: int) -> str:
    return f"{who} {'accepts' if count == 1 else 'accept'} the play."


def could_not_move(name: str) -> str:
    return f"{name} could not make its move, so it passes."


# ---------------------------------------------------------------- racks
def rack_head(owner: str) -> str:
    return f"{owner}, your rack:"


# ---------------------------------------------------------------- blanks and plays
def blank_question(square: str) -> str:
    return f"Which letter is the blank on {square}?"


def blank_is(square: str, letter: str) -> str:
    return f"Blank on {square} is {letter}."


def blank_one_letter(square: str) -> str:
    return f"Type one letter, A to Z, for the blank on {square}, or cancel."


NOT_LEGAL = "Not legal."
MAKES_NO_WORD = "That makes no word."


def word_made_lines(made: WordMade) -> list[str]:
    """The word a play really makes, when it is not the word typed, and
    the board letters in it that were not typed: said before its score."""
    if made.word is None:
        lines = [MAKES_NO_WORD]
    else:
        lines = play_lines("That makes", made.word.letters, where_text(made.word.start, made.word.direction))
    if made.played_through:
        through = join_and([f"{tile_phrase(t)} on {sq.name}" for sq, t in made.played_through])
        lines.extend(clauses(f"That plays through {through}."))
    if made.joined:
        joined = join_and([f"{tile_phrase(t.upper())} on {sq.name}" for sq, t in made.joined])
        lines.extend(clauses(f"That joins {joined}."))
    return lines


def would_score(total: int) -> str:
    """A check's score, once the word it makes has been said."""
    return f"It would score {total}."

USE_YOUR_BLANK = "to use your blank, type ? in its place."

# ---------------------------------------------------------------- errors
INTERNAL_ERROR_HELP = "Type last or scores to hear where things stand."


def internal_error(kind: str) -> str:
    return f"Something went wrong inside the game ({kind})."


def key_does_nothing(name: str) -> str:
    return f"The key {name!r} does nothing here."

# ---------------------------------------------------------------- completion
def too_many_choices(count: int) -> str:
    return f"{count} choices; type a letter or two more, then Tab."


# ---------------------------------------------------------------- hints and the review
HINTS_OFF = ("Hints are off; a real game forbids them.", "Type set hints on to practise.")
HINT_GAME_OVER = "The game is over;\ntype review for each turn's best play."
REVIEW_LATER = "The best plays would be a word aid now; type review when the game is over."
NOTHING_TO_REVIEW = ("No turn was played,", "so there is nothing to review.")
REVIEW_END = "End of the review."
REVIEW_AGAIN_OR_NEW = "Type review to hear it again, or new."
REVIEW_OVER = ("The review is over;", "type review to hear it again.")
REVIEW_FIRST_TURN = "This is the first turn."


def review_steps_only(step: str) -> str:
    return f"{step} steps through the review;\ntype review when the game is over."


def review_head(turns: str) -> str:
    return f"Review of {turns}; Enter for the next."


def review_turns(last: int) -> str:
    return "\n".join(clauses(f"The game had turns 1 to {last}; type review and a number, like review {min(3, last)}."))


def turn_lost(wanted: int) -> str:
    return f"Turn {wanted} was lost; the next turn:"


# ---------------------------------------------------------------- players
def no_such_player(text: str, names: Sequence[str]) -> str:
    return f"No player is called {text!r}; the players are {join_and(list(names))}."
