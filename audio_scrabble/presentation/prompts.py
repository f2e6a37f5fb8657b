"""Every question the console asks and every refusal it gives of its own.

The console's controllers (session, table, questions) say nothing in
their own words: the sentences are here, one name each, so that wording
is found, reviewed and kept to the braille line in one place. A sentence
longer than a braille line is kept as its clauses (see
:func:`.layout.clauses`), or written as lines joined by ``\\n`` where a
typed error carries it. A refusal, however it was written, is said in
lines of at most 40 characters (:func:`refusal_lines`,
:func:`refusal_said`).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..notation.plays import clip
from ..notation.typed import WordMade
from .layout import wrap, wrapped
from .phrases import (
    LINE_WIDTH, clauses, does, join_and, play_lines, tile_phrase, tiles_list, turn_clause, turn_line,
    went_out_line, where_text, whose,
)

# ---------------------------------------------------------------- start
WELCOME = "Audio Scrabble. Type help at any time."
NEW_GAME_THEN = "A new game, then."
NO_GAME_TO_RESUME = "No unfinished game to resume."
NOT_STARTED = "The game has not started yet; answer the question first."
#: a game command (or a line that is none) with no game open and no question asked: the online
#: console between games
NO_GAME_HERE = "No game is open; type games, or help."
STARTING_NEW_INSTEAD = "Starting a new game instead."
NEW_GAME = "New game."


def rules_title(title: str) -> list[str]:
    """The first line of a game: its rules, in lines of at most 40
    ("North American tournament rules," / "double challenge.")."""
    return clauses(f"{title}.")


def resumed(title: str) -> list[str]:
    return clauses(f"Resumed. {title}.")

# ---------------------------------------------------------------- yes or no
TYPE_YES_OR_NO = "Type yes or no."
RESUME_IT = "Resume it? Type yes or no."
RESUME_YES_OR_NO = "Type yes to resume that game, or no for a new one."
#: its brief form: one line, what each answer does
RESUME_YES_OR_NO_BRIEF = "Yes resumes it; no starts a new game."
LEAVE_GAME = "Leave the game? Type yes or no."
#: a question still open after news came on its own (a computer's move, a
#: remote player's): the question again in one short line, since the
#: prompt alone shows it and speech does not read the prompt
STILL_ASKING = {
    "quit": "Still asking: leave the game? Yes or no.",
    "new": "Still asking: a new game? Yes or no.",
    "play": "Still asking: play it? Yes or no.",
    "direction": "Still asking: across or down?",
    "resume": "Still asking: resume it? Yes or no.",
}


def still_asking(question: Sequence[str]) -> list[str]:
    """:data:`STILL_ASKING` for a question before the game, said in lines
    (``How many players, 2 to 4?`` / ``Press Enter for 2.``): the question
    after it, in lines of at most 40 characters."""
    return wrapped("Still asking: " + " ".join(question)) if question else []


def still_asking_blank(square: str) -> str:
    """:data:`STILL_ASKING` for the blank's letter."""
    return f"Still asking: the blank on {square}?"
START_NEW = ("Start a new game?", "This one ends unscored.", TYPE_YES_OR_NO)
#: ... when games are saved: the game in play is put away in the games
#: folder (``Game put away: ...`` / ``To resume it, type open 2.``), not ended
START_NEW_KEPT = ("Start a new game?", "This one is put away, to open later.", TYPE_YES_OR_NO)
PLAY_IT = "Play it? Type yes or no."
STAYING = "Staying in the game."
NOT_PLAYED = "Not played; still your turn."
CANCELLED_BLANK = "Cancelled; nothing was played."
LINE_CLEARED = "Line cleared."
#: a line that needed no words
DONE = "Done."

#: the prompts while a game is at the table (each with its short form)
REVIEW_PROMPT = "review> "
OVER_PROMPT = ("game over> ", "over> ")
FINAL_PROMPT = ("challenge or accept> ", "accept> ")


def player_prompt(name: str) -> str:
    return f"{name}> "


def waiting_prompt(name: str | None) -> tuple[str, str]:
    """The prompt while a computer moves (the champion thinks for
    seconds): whose keyboard it is, the one person at the table, and that
    it waits (``Alice, waiting> ``; None: no one person, ``waiting> ``);
    what is typed meanwhile reads the game and that person's rack. Its
    short form ``wait> `` fits the narrowest display's prompt."""
    return (f"{name}, waiting> " if name else "waiting> "), "wait> "


#: what yes means, said on ``help`` while a question is open
def not_yes_or_no(shown: str, what: str, kept: bool = False) -> str:
    """A wrong answer to ``quit``'s or ``new``'s question (``maybe``);
    ``kept``: the game in play is put away, not ended (see :data:`START_NEW_KEPT`)."""
    yes = "leave" if what == "quit" else "put this game away" if kept else "end this game unscored"
    return f"{clip(shown)!r} is not yes or no; type yes to {yes}, or no to stay."


YES_MEANS = {
    "play": "Yes plays that word; no keeps your turn.",
    "new": "Yes ends this game unscored; no stays.",
    "new kept": "Yes puts this game away, to open later; no stays.",
    "quit": "Yes leaves the game; no stays in it.",
}

# ---------------------------------------------------------------- leaving
GOODBYE = "Goodbye."
GOODBYE_KEPT = "Goodbye. The unfinished game is kept."
GOODBYE_SAVED = ("Goodbye. The game is saved;", "start again to resume it.")

# ---------------------------------------------------------------- turns
GAME_OVER_NEW_OR_QUIT = "The game is over; type new for another game, or quit."
NEW_OR_QUIT = "Type new for another game, or quit."
GAME_OVER_LINES = ("The game is over.", NEW_OR_QUIT)
REVIEW_OFFER = "Type review to hear what you missed."
RACKS_READ_AT_END = "The game is over; the racks were read out at the end."
CHALLENGE_OR_ACCEPT = "Type challenge or accept."
#: the refusal of a command that cannot be done while the last play of
#: the game waits on challenge or accept (its brief form: CHALLENGE_OR_ACCEPT)
ANSWER_CHALLENGE_FIRST = "Challenge or accept the last play first."
#: the first turn's prompt: the one form a play is taught in, the form the
#: hints say (teaching.typed_play); ``8D TRAIN`` is read too, never taught
FIRST_WORD_HINT = ("Type play, a word, its square and way:", "play TRAIN from D8 across, or help.")
#: the same, at a person's first turn after a computer opened: no example
#: square, which the word just played may cover (D8 under SORRY from E8)
JOIN_WORD_HINT = ("Type play, a word, its square and way,", "touching a tile; or type help.")
#: the first turn of a game begun from a position: where to start
POSITION_HINT = ("Type spots for where a word can go,", "or help for more.")
POSITION_HINT_NO_AIDS = ("Type help for commands.",)
CHALLENGE_HOW = "type challenge before you play."


def turn(name: str, you: bool = False, cells: int | None = None) -> str:
    """``Alice's turn.``; ``Your turn.`` to the one person at the table
    (``you``); ``Turn for Me.`` (see :func:`phrases.turn_line`). On a
    display of ``cells`` too narrow for it whose line holds the name,
    ``Tom and Jerry's turn to play.``: ``turn.`` alone on the last line
    would follow the name (``Tom and Jerry's`` / ``turn to play.``)."""
    line = turn_line(name, you)
    if cells is not None and len(line) > cells and line.endswith("'s turn.") and len(line) - len(" turn.") <= cells:
        return line[:-1] + " to play."
    return line


def turn_with_help(name: str, you: bool = False) -> list[str]:
    """Whose turn, and where to find the commands: a line each when both
    do not fit one (``Christabella's turn.`` / ``Type help for commands.``)."""
    return wrapped(f"{turn_line(name, you)} Type help for commands.", names=(name,))


def wait_for(name: str) -> str:
    """A computer's turn (``name``), to a person who tried to act in it."""
    return f"It is {whose('turn', name)}; wait for it to play."


def press_enter_first(name: str) -> str:
    """The refusal of a rack command before the hand-over, as lines joined by ``\\n``."""
    return "\n".join(clauses(f"{name}, press Enter for your rack first."))


#: said first at a hand-over, when the screen is cleared so that racks stay private
SCREEN_CLEARED = "Screen cleared for privacy."


def press_enter_to_hear(name: str) -> list[str]:
    return clauses(f"{name}, press Enter to hear your rack.")


def new_tiles(tiles: Sequence[str]) -> list[str]:
    return clauses(f"New tiles: {tiles_list(tiles)}.")


#: the first chance to challenge, after a round heard at once: a clause a
#: line at 20 cells ("You may" / "challenge it:" / "type challenge." read
#: "You may" as a line of its own)
CHALLENGE_IT = "To challenge it, type challenge."


def may_challenge(whose_name: str, first_time: bool, compact: bool = False) -> list[str]:
    """That the last play may be challenged: the first time with how
    (``compact``: in one line, after a round heard at once)."""
    if compact:
        return [CHALLENGE_IT if first_time else "You may challenge it."]
    play = whose("play", whose_name)
    if len(f"You may challenge {play}:") > LINE_WIDTH:
        play = "the last play"  # it was just said whose it is
    if not first_time:
        return [f"You may challenge {play}."]
    return [f"You may challenge {play}:", CHALLENGE_HOW]


def final_why(reason: str | None, name: str, scoreless_limit: int = 6, you: bool = False) -> str:
    """Why the game waits on ``name``'s last play (the core's
    ``Game.final_reason``): ``out`` (went out), ``no_moves`` (no player can
    move after it), ``scoreless_turns`` (the last scoreless turn allowed).
    ``you``: ``name`` is the one person at the table ("your play", "You
    went out with the bag empty."; the end does not say it again)."""
    if reason == "no_moves":
        return f"After {whose('play', name, you)} no player can move."
    if reason == "scoreless_turns":
        nth = {6: "sixth"}.get(scoreless_limit, f"{scoreless_limit}th")
        return f"{whose('play', name, you, start=True)} is the {nth} scoreless turn in a row."
    return went_out_line(name, you)


def final_question(reason: str | None, name: str, asked: Sequence[str], scoreless_limit: int = 6,
                   you: bool = False, asking_you: bool = False) -> list[str]:
    """Why the last play ends the game (see :func:`final_why`), and who is
    asked to challenge or accept (nobody: the computers decide; ``asking_you``:
    the one person at the table alone, asked without their name)."""
    why = clauses(final_why(reason, name, scoreless_limit, you))
    if not asked:
        return why
    if asking_you:
        return why + [FINAL_ASK_YOU]
    return why + clauses(f"{' or '.join(asked)}, challenge or accept?")


#: the question to the one person at the table when a computer's play ends the game
FINAL_ASK_YOU = "Challenge or accept?"


def nothing_to_accept(played: str | None, to_move: str, played_yours: bool = False,
                      your_turn: bool = False, brief: bool = False) -> list[str]:
    """``accept`` when no last play waits on it (the core's "nothing to
    accept"): the last play, ``played``'s, stands (None: there is none to
    challenge), and whose turn it is; nothing changes. ``brief``: in one
    line, shortened to fit."""
    turn = turn_clause(to_move, your_turn)
    if played is None:
        said = f"Nothing to accept; {turn}."
        shorter = ["Nothing to accept."]
    else:
        said = f"{whose('play', played, played_yours, start=True)} stands; {turn}."
        shorter = [f"That play stands; {turn}.", "Nothing to accept; it stands."]
    if brief:  # one line: the first that fits
        return [next((x for x in (said, *shorter) if len(x) <= LINE_WIDTH), shorter[-1])]
    return clauses(said)


def people_accept(names: Sequence[str], you: bool = False) -> str:
    """``Alice accepts.``, ``Alice and Bob accept.``; ``You accept.`` (``you``:
    the one person at the table, the only one named)."""
    return f"{does(join_and(list(names)), 'accepts' if len(names) == 1 else 'accept', you)}."


def computers_accept(who: str, count: int) -> str:
    return f"{who} {'accepts' if count == 1 else 'accept'} the play."


#: the level question of the set-up (its refusal: prompts_settings.no_such_level)
LEVEL_QUESTION = ("Which level: beginner, club,", "expert or champion?")


def thinking(name: str) -> str:
    """Said once when a computer that simulates starts on its move."""
    return f"{name} is thinking."


#: the brief form of :func:`still_thinking` (at most 40 characters)
STILL_THINKING_BRIEF = "Still thinking; wait for its move."


def still_thinking(name: str) -> str:
    """A command that would change the game, refused while a computer
    chooses its move (reading commands are answered meanwhile)."""
    return f"{name} is still thinking; wait for its move."


def could_not_move(name: str) -> list[str]:
    return clauses(f"{name} could not make its move, so it passes.")


# ---------------------------------------------------------------- racks
def rack_head(owner: str) -> str:
    return f"{owner}, your rack:"


# ---------------------------------------------------------------- blanks and plays
def blank_question(square: str) -> str:
    return f"Which letter is the blank on {square}?"


def direction_question(square: str, typed: str, brief: bool = False) -> list[str]:
    """A start square written row first (``11N``, tournament notation for a
    word across) with ``down`` typed: which did the player mean? Asked, not
    refused (issue 23)."""
    if brief:
        return [f"{ACROSS_OR_DOWN} {clip(square, 4)} says across."]
    return clauses(f"{clip(square, 4)}, row first, runs across, but you typed {typed}.") + [ACROSS_OR_DOWN]


#: the question of :func:`direction_question`, and what it takes
ACROSS_OR_DOWN = "Across or down?"
TYPE_ACROSS_OR_DOWN = "Type across or down, or cancel."


def blank_is(square: str, letter: str) -> str:
    return f"Blank on {square} is {letter}."


def blank_one_letter(square: str) -> str:
    return f"Type one letter, A to Z, for the blank on {square}, or cancel."


#: the brief form of :func:`blank_one_letter`: the fault, then the fix
BLANK_ONE_LETTER_BRIEF = "Not one letter: type A to Z, or cancel."


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


def use_your_blank_as(letters: list[str], example: str | None = None) -> str:
    """How to type blanks for the letters a play lacks (a clause a line):
    ``example``, the play's word typed so (``eAT``: a lower-case letter
    is a blank only among capitals), when it can be told; whole (a word
    of 15 letters at most), as a play clipped could not be typed back."""
    if example is not None:
        blanks = f"your blank as {letters[0]}" if len(letters) == 1 else f"your blanks as {join_and(letters)}"
        places = "its place" if len(letters) == 1 else "their places"
        return f"to use {blanks},\ntype the word as {example},\nor ? in {places}."
    if len(letters) == 1:
        return f"to use your blank as {letters[0]},\ntype a lower-case {letters[0].lower()}, or ? in its place."
    return (f"to use your blanks as {join_and(letters)},\n"
            f"type {join_and([x.lower() for x in letters])} in lower case,\nor ? in their places.")

# ---------------------------------------------------------------- errors
INTERNAL_ERROR_HELP = tuple(wrapped("Type last or scores to hear where things stand."))


def internal_error(kind: str) -> list[str]:
    """A bug caught (``kind``: the exception's name), in lines of 40."""
    return wrapped(f"Something went wrong inside the game ({kind}).")


def news_failed(kind: str) -> list[str]:
    """News that could not be said (a move arrived, a line of another
    game: a bug caught, ``kind`` the exception's name): one sentence; the
    game and the rest of the news go on."""
    return wrapped(f"Some news could not be said ({kind}); type last or scores to hear where things stand.")


def key_does_nothing(name: str) -> str:
    return f"The key {name!r} does nothing here."

# ---------------------------------------------------------------- completion
def too_many_choices(count: int) -> str:
    return f"{count} choices; type a letter or two more, then Tab."


# ---------------------------------------------------------------- hints and the review
HINTS_OFF = ("Hints are off; a real game forbids them.", "Type set hints on to practise.")
HINTS_OFF_BRIEF = "Hints off: type set hints on."
HINT_GAME_OVER = "The game is over;\ntype review for each turn's best play."
REVIEW_LATER = "The best plays would be a word aid now; type review when the game is over."
REVIEW_LATER_BRIEF = "Review comes after the game."
NOTHING_TO_REVIEW = ("No turn was played,", "so there is nothing to review.")
REVIEW_END = "End of the review."
REVIEW_AGAIN_OR_NEW = "Type review to hear it again, or new."
REVIEW_OVER = ("The review is over;", "type review to hear it again.")
REVIEW_FIRST_TURN = "This is the first turn."


def review_steps_only(step: str) -> str:
    return f"{step} steps through the review;\ntype review when the game is over."


def review_steps_only_brief(step: str) -> str:
    return f"No review yet: {step} follows the game."


def review_head(turns: str) -> str:
    return f"Review of {turns}; Enter for the next."


def review_turns(last: int) -> str:
    return "\n".join(clauses(f"The game had turns 1 to {last}; type review and a number, like review {min(3, last)}."))


def turn_lost(wanted: int) -> str:
    return f"Turn {wanted} was lost; the next turn:"


# ---------------------------------------------------------------- players
def no_such_player_brief(text: str) -> str:
    return f"No player called {clip(text, 12)!r}."


def no_such_player(text: str, names: Sequence[str]) -> str:
    return f"No player is called {clip(text)!r}; the players are {join_and(list(names))}."


# ---------------------------------------------------------------- refusals, said first
#: the widest a refusal is at brief verbosity: one braille line
BRIEF_WIDTH = LINE_WIDTH
#: where a refusal's reason ends and its detail begins
_DETAIL = re.compile(r"[;:]\s|\n|,\s(?:like|for example|or|and|then|so)\b|\s\(|\.\s")


def first_clause(text: str) -> str:
    """A sentence's reason: the words before its first ``;``, ``:``, line
    break, ``, like ...`` or ``(...)``, as a sentence of its own."""
    head = _DETAIL.split(text.strip(), maxsplit=1)[0].strip().rstrip(",.;:")
    return head + ("" if head.endswith(("?", "!")) else ".")


def brief_refusal(sentence: str, brief: str | None = None) -> str:
    """A refusal at brief verbosity: one line of at most :data:`BRIEF_WIDTH`
    characters carrying the reason. ``brief`` is the error's own short form;
    else the sentence's first clause; else (a long reason with no short form
    yet) its first words that fit, a word too long for half a line (a
    file's name) left out."""
    for form in (brief, first_clause(sentence)):
        if form and "\n" not in form and len(form) <= BRIEF_WIDTH:
            return form
    # a file's name or path is left out rather than cut: "The file cannot
    # be read.", not "The file."
    words = [w for w in first_clause(sentence).rstrip(".").split() if len(w) <= BRIEF_WIDTH // 2]
    out = ""
    for w in words:
        if len(out) + len(w) + 2 > BRIEF_WIDTH:
            break
        out = f"{out} {w}" if out else w
    return (out or sentence[: BRIEF_WIDTH - 1]) + "."


#: commands other programs have that this game has not, each with what to
#: do instead, and its brief form
NO_SUCH_COMMAND = {
    "undo": ("There is no undo: a play made stands; to test one first, type check.",
             "No undo: check a play before you play."),
}
NO_SUCH_COMMAND["takeback"] = NO_SUCH_COMMAND["redo"] = NO_SUCH_COMMAND["undo"]
NO_SUCH_COMMAND["save"] = (
    "Already saved, after every move; quit keeps the game.",
    "No need to save: saved every move.",
)


def not_a_command(word: str, near: Sequence[str], brief: bool = False) -> list[str]:
    """A word that names no command, and the nearest commands, if any;
    or a command other programs have (``undo``), with what to do instead."""
    if word.lower() in NO_SUCH_COMMAND:
        sentence, short = NO_SUCH_COMMAND[word.lower()]
        return refusal_lines(sentence, short, brief)
    if brief:
        if near and len(guess := f"Not a command; {' or '.join(near)}?") <= BRIEF_WIDTH:
            return [guess]
        said = f"{clip(word, 16)!r} is not a command; type help."
        return [said if len(said) <= BRIEF_WIDTH else f"{clip(word, 9)!r} is not a command; type help."]
    if near:
        return refusal_said(f"{clip(word)!r} is not a command; did you mean {join_and(list(near), 'or')}?",
                            "Type help for the list.")
    return refusal_said(f"{clip(word)!r} is not a command; type help for the list.")


def no_help_on(topic: str, near: Sequence[str], brief: bool = False) -> list[str]:
    if brief:
        return [f"No help on {clip(topic, 16)!r}; type help."]
    hint = f" Did you mean {join_and(list(near), 'or')}?" if near else ""
    return refusal_said(f"There is no help on {clip(topic)!r}.{hint}", "Type help for the list.")


NO_QUESTION_OPEN = "No question is open; type help for the list."

#: what to type instead of words after a command that takes none, where
#: more than the command alone is likely meant (``board 8``, ``last 3``)
TAKES_NOTHING_INSTEAD = {
    "board": "or row 8 to hear one row",
    "show": "or row 8 to hear one row",
    "words": "or row 8 to hear one row",
    "last": "or history 3 for the last 3 turns",
    "scores": "or summary for the whole state",
}


def takes_nothing(typed: str, name: str) -> str:
    """Words after a command that takes none (``rack AEI``): what it takes
    and what to type instead. ``typed``: the command's word as typed;
    ``name``: the command's own name."""
    word = clip(typed.lower(), 16)
    instead = TAKES_NOTHING_INSTEAD.get(name)
    return f"{word!r} takes no words after it; type {word} alone{', ' + instead if instead else ''}."


def takes_nothing_brief(typed: str) -> str:
    return f"Type {clip(typed.lower(), 16)} alone."


#: a play said back whole: a word of 15 letters, its blanks named, a square and a way
PLAY_SHOWN_LIMIT = 48


def play_it_how(text: str, brief: bool = False, whole: bool = False) -> list[str]:
    """A play typed without ``play``; ``whole``: the line reads as a play,
    said back whole (clipped, it could not be typed back), else clipped."""
    if brief:
        return ["No command: type play first."]
    shown = clip(text, PLAY_SHOWN_LIMIT) if whole else clip(text)
    return refusal_said(f"To play that, type play {shown}; to test it first, check {shown}.")


def give_its_square(word: str, brief: bool = False, typed: str | None = None) -> list[str]:
    """A word from the rack typed alone: how to play it, in the one form
    taught. ``typed``: a place it plays, as typed (``GRUEL from E7
    across``: from H8 across on the first turn, where it covers the star;
    a blank in lower case); None where none is named (it fits nowhere, or
    the survey aids are off): the form without a square."""
    shown = clip(word.upper(), 12 if brief else 40)
    if typed is None:
        if brief:
            return wrapped(f"No square: play {shown} from a square, across or down.")
        return refusal_said(f"To play {shown}, say where and which way:\nplay {shown} from its first square, "
                            "across or down.")
    if brief:  # the play whole: clipped, it could not be typed back
        return wrapped(f"No square: play {typed}.")
    return refusal_said(f"To play {shown}, say where and which way:\nplay {typed}.")


#: the most lines one paste may hold: more is taken for a mistake (a whole
#: clipboard pasted), refused whole, so that no line of it acts
PASTE_LINES = 100


def pasted_too_many(count: int) -> list[str]:
    return refusal_said(f"That paste held {count:,} lines, more than {PASTE_LINES}; none was taken. "
                        "Type one command at a time.")


def refusal_lines(sentence: str, brief_form: str | None, brief: bool) -> list[str]:
    """What a refusal says: at brief verbosity its one short line (a short
    form holding ``\\n``, its lines: a command, then a file's name); else the
    sentence, its reason first, in lines of at most :data:`LINE_WIDTH`
    (:func:`refusal_said`)."""
    if brief:
        if brief_form and "\n" in brief_form:  # a command and a file's name, each on its line
            return brief_form.split("\n")
        return [brief_refusal(sentence, brief_form)]
    return refusal_said(sentence)


def refusal_said(*sentences: str) -> list[str]:
    """Sentences of a refusal in lines of at most :data:`LINE_WIDTH`
    characters, for a braille display showing the console: each broken
    where a reader pauses, as the display's own lines are
    (:func:`.layout.wrap`: after a clause where the lines stay full,
    before a joining word, never inside a word, no word left alone on a
    line it could share). A ``\\n`` a sentence holds starts a line; a word
    longer than a line (a file's path) stands whole on a line of its own.
    Joined by spaces, the lines are the sentences again."""
    return [line for sentence in sentences for line in wrap(sentence, LINE_WIDTH, whole_words=True)]


# ------------------------------------------------------------ the board commands (game and review)
def is_a_column(column: str) -> str:
    return f"{column} is a column; type column {column}."


def not_a_row(shown: str) -> str:
    return f"{shown!r} is not a row; rows are numbered 1 to 15 from the top."


def not_a_row_brief(shown: str) -> str:
    return f"{clip(shown, 12)!r} is not a row: 1 to 15."


def is_a_row(number: int) -> str:
    return f"{number} is a row; type row {number}."


def not_a_column(shown: str) -> str:
    return f"{shown!r} is not a column; columns are lettered A to O from the left."


def not_a_column_brief(shown: str) -> str:
    return f"{clip(shown, 12)!r} is not a column: A to O."


GOTO_WHERE = "Say which square to go to, like goto H8, or goto star."
GOTO_WHERE_BRIEF = "No square given: goto H8."
BRAILLE_BOARD_HEAD = "Braille board:"
LARGE_PRINT_NEEDS = ("Large print: type show large.", "Here is the braille board.")
LARGE_PRINT_SHOWN = "Large-print board shown on screen."
BRAILLE_CELLS_HEAD = "Braille cells:"
NOTHING_SAID_YET = "Nothing has been said yet."
#: after news that came on a long reply (its speech cut short): repeat once more says that reply
REPEAT_AGAIN_BEFORE_NEWS = "Repeat again for the reply before."
SETTINGS_HEAD = "Settings:"


def history_how_many(unit: str) -> str:
    return f"Say how many {unit} to hear, like history 5, or just history for all."


def history_how_many_brief(unit: str) -> str:
    return f"Not a number of {unit}: history 5."


def no_more_tiles(beyond: str, square: str) -> str:
    """A word jump with no more tiles that way: ``No more tiles left of H8.``"""
    return f"No more tiles {beyond} {square}."


#: after a group's commands (``help turn``): where to hear more of one
HELP_ON_ONE = "help and a command: more about it."


def help_more(topic: str) -> str:
    """The last line of a long help entry's first answer: how to hear the rest."""
    return f"help {clip(topic, 20)} more: the rest."


def also(aliases: Sequence[str]) -> str:
    """The end of a command's help: its other names."""
    return f"Also: {', '.join(aliases)}."


# ------------------------------------------------------------ the game's commands
ARRANGE_HOW = "Type the tiles in the order you want them, like arrange RETAIN; ? is a blank."
ARRANGE_HOW_BRIEF = "No tiles given: arrange RETAIN."
ARRANGED = "Arranged."


def none_to_arrange(what: str, more: bool) -> str:
    return f"You have no {'more ' if more else ''}{what} on your rack to arrange."


def none_to_arrange_brief(what: str, more: bool) -> str:
    return f"No {'more ' if more else ''}{what} on your rack."


def exchange_from(reason: str, rack: Sequence[str]) -> str:
    """A tile to exchange that the rack lacks (``reason``: the rules' own
    sentence, "You have no Q on your rack to exchange."), then what to do
    instead: the tiles there are to exchange, as the rack is said."""
    tiles = " ".join(tile_phrase(t) for t in rack)
    return f"{reason.rstrip('.')}; exchange from your tiles: {tiles}."


def play_from(reason: str, rack: Sequence[str]) -> str:
    """A tile to play that the rack lacks (the rules' sentence), then the
    tiles there are to play, as the rack is said."""
    tiles = " ".join(tile_phrase(t) for t in rack)
    return f"{reason.rstrip('.')}; play from your tiles: {tiles}."


def not_listed_other_way(words: Sequence[str]) -> str:
    """The other way of a play refused for its place (off the star,
    touching nothing), with the aids on, forms a word not in the list:
    that said, not the way to type (which a challenge would take back)."""
    if len(words) == 1:
        return f"{words[0]} is not in the word list; try another word."
    return f"{', '.join(words[:-1])} and {words[-1]} are not in the word list; try other words."


def touching_nothing(letters: str, start: str, way: str, other_way: str) -> str:
    """A word typed where it touches no tile (a hint's play typed back
    without its way: a square written column first runs down): which way
    it ran, and the other way to type, which plays."""
    return f"{letters} from {start} runs {way}, touching no tile;\ntype play {letters} from {start} {other_way}."


def off_the_star(letters: str, start: str, way: str, other_way: str | None) -> str:
    """The first word typed where it misses the star: the rule, which way
    the word ran (``JEEZ from E8 runs down``: a square written column
    first runs down, which the player may not have meant), and what to
    type instead: ``other_way`` (``across``) when that way covers the
    star, else through H8."""
    ran = f"{letters} from {start} runs {way}, off the star;\n"  # a clause a line
    if other_way is not None:
        return f"{ran}type play {letters} from {start} {other_way}."
    return f"{ran}the first word must cross H8."


def play_a_number(typed: str, action: str = "play") -> str:
    """``play 1`` (a hint's number, most often): what a play needs."""
    return f"{clip(typed, 8)!r} is a number, not a word; type {action}, a word, its square and way, like {action} TRAIN from D8 across."


PLAY_A_NUMBER_BRIEF = "A number: type a square and a word."


def play_the_hint(typed: str, action: str, notation: str) -> str:
    """``play 1`` just after a hint: the hint's play, as it is typed."""
    n = typed.rstrip(".")
    return f"{clip(n, 8)!r} is a number; for hint {clip(n, 8)}, type {action} {notation}."


def play_the_hint_brief(action: str, notation: str) -> str:
    return f"Type {action} {notation}."


EXCHANGE_WHICH = "Say which tiles: exchange AEI, or exchange all."
EXCHANGE_WHICH_BRIEF = "No tiles given: exchange AEI."
NOTHING_TO_CHALLENGE = "Nothing to challenge: no word is played yet."


def challenged_already(withdrawn: bool) -> str:
    return f"That play was challenged already; {'it was taken back' if withdrawn else 'it stands'}."


def last_turn_was(passed: bool) -> str:
    return f"Nothing to challenge: the last turn was {'a pass' if passed else 'an exchange'}."


def decides_for_itself(name: str) -> str:
    return f"{name} decides for itself; name a person, or type challenge alone."


def leads_by(name: str, lead: int, you: bool = False) -> str:
    """``Alice leads by 12.``; ``You lead by 12.`` (``you``: the one person at the table)."""
    return f"{does(name, 'leads', you)} by {lead}."


LEVEL_AT_THE_TOP = "Level at the top."
NO_MOVES_YET = "No moves yet."
EXCHANGE_NEEDS_SEVEN = "Exchanges need 7 tiles in the bag."
EXCHANGE_WHILE_ENOUGH = "Exchange while the bag holds enough."
ENDS_ALL_PASSED_TWICE = "The game also ends when every player passes twice running."


#: what a challenge costs, by the rules' challenge code (core/rules.py)
CHALLENGE_RULES = {
    "free": "A challenged word that stands costs the challenger nothing.",
    "double": "A challenger whose challenge fails loses their next turn.",
    "single": "A failed challenge costs nothing.",
    "points": "A play that stands after a challenge gains its player {penalty} points.",
    "void": "There are no challenges; a word not in the list is refused when played.",
}


def challenge_rule(challenge: str, penalty: int = 0) -> str:
    """The ``rules`` line on challenges, by the rules' challenge code."""
    return CHALLENGE_RULES[challenge].format(penalty=penalty)


def ends_after_scoreless(limit: int) -> str:
    return f"The game also ends after {limit} scoreless turns in a row."


def seed_line(seed: int) -> str:
    return f"Seed {seed}, for a replay."


HELP_FOOT = ("help keys: the board keys.", "help braille: braille mode.", "help computer: its levels.",
             "help blank, end, speech: the rules.", "tutorial: a first game, step by step.",
             "help COMMAND: more on one.")
TUTORIAL_END = "The end of the tutorial."


def tutorial_end(in_game: bool, over: bool) -> str:
    """The tutorial's last line: in a game, that the game goes on (``new``
    would end it); after one, how to play another; before one, the set-up
    question follows it."""
    if in_game:
        return "Tutorial over; your game goes on."
    return "Tutorial over; type new to play." if over else TUTORIAL_END


def tutorial_steps(count: int) -> str:
    return f"The tutorial has steps 1 to {count}; type tutorial 2, for example."


def tutorial_next(n: int, by_next: bool = False) -> str:
    """How to hear step ``n``: ``next`` where it goes on to it (``by_next``:
    in a game, at a set-up question), else ``tutorial N``."""
    return f"Type next for step {n}." if by_next else f"Type tutorial {n} for step {n}."


# ------------------------------------------------------------ the files (emboss, export, games)
def emboss_cannot_write(reason: str) -> str:
    return f"The braille file cannot be written there ({reason}); type emboss alone to save it in your games folder."


EMBOSS_BAD_NAME = "That is not a usable file name; type emboss alone to save it in your games folder."


def braille_file_saved(pages: str) -> str:
    return f"Braille file saved, {pages}:"


def export_cannot_write(reason: str) -> str:
    return f"Cannot write there ({reason}); type export alone for your games folder."


def record_not_written(why: object) -> str:
    return f"The record cannot be written: {why}"


#: export refused for a game begun from a position (a GCG record starts
#: from an empty board)
EXPORT_FROM_POSITION = "A game begun from a position has no GCG record; games lists its save file."
EXPORT_FROM_POSITION_BRIEF = "A position game has no GCG record."


RECORD_SAVED = "Record saved:"


def file_kept(name: str) -> str:
    """After ``export`` or ``emboss`` to a name already taken: the file
    there is kept, the new one took the next free name (said above)."""
    return f"{name} was there already and is kept; add replace after the name to write over it."
FILES_GO_TO = "Files go to:"
GAMES_FOLDER = "Games folder:"


# ---------------------------------------------------------------- a seat whose moves come from elsewhere
def move_arrived(name: str) -> str:
    """Said once, before its announcement, when a remote player's action arrives."""
    return f"{name}'s move has arrived."


def move_arrived_lines(name: str) -> list[str]:
    """:func:`move_arrived` in lines of 40 (a long name: two lines)."""
    return wrapped(move_arrived(name), names=(name,))


def wait_for_remote(name: str) -> str:
    """A remote player's turn (``name``), to a person who tried to act in it."""
    return f"It is {whose('turn', name)}; wait for the move."


def decides_at_own_table(name: str) -> str:
    """``challenge NAME`` naming a remote player, who decides where they sit."""
    return f"{name} decides at their own table; type challenge alone."


def arrived_refused(name: str, reason: str) -> list[str]:
    """An action arrived for ``name`` that the rules refuse: nothing changes."""
    return clauses(f"{name}'s move arrived but cannot be made: {reason}")
