"""What is said about the settings (``set``) and at the set-up questions.

Beside :mod:`.prompts`. Pure: values in, sentences out; the console's
settings table (``console/asking/settings.py``) and set-up (``console/asking/setup.py``)
decide when. A value the player typed comes in already clipped.
"""

from __future__ import annotations

from typing import Sequence

from .layout import clauses
from .phrases import join_and

# ------------------------------------------------------------ refusals of a value
VERBOSITY_BRIEF = "Verbosity: brief, normal or full."
MARKS_BRIEF = "Premiums: marks, names or colours."
SPEECH_BRIEF = "Speech: text, screenreader, tts, auto."
THINK_BRIEF = "Think: 1 to 60 seconds."


def not_verbosity(shown: str) -> str:
    return f"Verbosity is brief, normal or full, not {shown!r}."


def not_marks(shown: str) -> str:
    return f"Premiums can be named by marks, names or colours, not {shown!r}."


def braille_brief(least: int, most: int) -> str:
    return f"Braille: {least} to {most} cells, or off."


def cells_refusal(given: str, least: int, most: int) -> str:
    """The one sentence that refuses a display width (command line and ``set``)."""
    return f"A braille display has {least} to {most} cells, not {given}; type set braille 40, for example, or set braille off."


#: what ``set speech off`` and ``set speech on`` are taken to want
SPEECH_OFF_WORDS = ("off", "none", "no", "quiet", "silent", "mute")
SPEECH_ON_WORDS = ("on", "yes", "voice")


def speech_way(reader: str | None, own_voice: bool) -> str:
    """Said first at start-up in a terminal: which way speech goes. The
    game's own voice (tts); else the screen reader found reading the
    console ("Orca", "NVDA", "your screen reader"); else none."""
    if own_voice:
        return "Speech: the game's own voice."
    if reader:
        return f"Speech: through {reader}."
    return "Speech: none, text only."


def not_speech(shown: str) -> str:
    if shown.lower() in SPEECH_OFF_WORDS:
        return "Speech has no off: text prints only, for your own screen reader."
    if shown.lower() in SPEECH_ON_WORDS:
        return "Speech has no on: tts speaks in the game's own voice, screenreader in yours."
    return f"Speech is text, screenreader, tts or auto, not {shown!r}."


def speech_brief(shown: str) -> str:
    if shown.lower() in SPEECH_OFF_WORDS:
        return "No speech off: text prints only."
    if shown.lower() in SPEECH_ON_WORDS:
        return "No speech on: tts or screenreader."
    return SPEECH_BRIEF


def not_a_switch(what: str, shown: str) -> str:
    return f"{what} are on or off, not {shown!r}."


def switch_brief(what: str) -> str:
    return f"{what} are on or off."


def not_think(shown: str) -> str:
    return f"Thinking time is 1 to 60 seconds, not {shown!r}."


def no_such_setting(shown: str, names: Sequence[str]) -> str:
    return f"There is no setting called {shown!r}; the settings are {', '.join(names)}."


def no_such_setting_brief(shown: str) -> str:
    return f"No setting {shown!r}; type set."


def name_the_setting(name: str, value: str) -> str:
    """``set brief``: a value typed without its setting."""
    return f"Name the setting too: type set {name} {value}."


def name_the_setting_brief(name: str, value: str) -> str:
    return f"Setting missing: set {name} {value}."


# ------------------------------------------------------------ confirmations, and ``set`` alone
def braille_confirm(cells: int | None) -> str:
    return "Braille mode off." if cells is None else f"Braille mode on: every line fits {cells} cells."


def verbosity_set(value: str) -> str:
    return f"Verbosity {value}."


def verbosity_is(value: str) -> str:
    return f"verbosity {value}."


def marks_set(example: str) -> str:
    return f"Premiums named as {example}."


def marks_are(words: str) -> str:
    return f"marks: {words}."


def braille_is(cells: int | None) -> str:
    return f"braille {f'{cells} cells' if cells else 'off'}."


def braille_takes(least: int, most: int) -> tuple[str, str]:
    return (f"set braille takes {least} to {most} cells,", "like set braille 40; or set braille off.")


def speech_set(value: str) -> str:
    return f"Speech {value}."


def speech_is(value: str) -> str:
    return f"speech {value}."


def hints_set(on: bool) -> str:
    return "Hints on: type hint on your turn." if on else "Hints off."


def confirm_set(on: bool) -> str:
    """``set confirm``: the typo guard, heard only while the aids are on."""
    return "Confirm on: asks before unlisted words." if on else "Confirm off."


def switch_is(name: str, on: bool) -> str:
    """``set`` alone, for a setting that is on or off: ``hints off.``"""
    return f"{name} {'on' if on else 'off'}."


def sounds_set(on: bool) -> str:
    return "Sounds on." if on else "Sounds off."


def think_set(seconds: int) -> str:
    return f"The champion thinks {seconds} seconds a move."


def think_is(seconds: int) -> str:
    return f"think {seconds} seconds."


PROMPT_BRIEF = "Prompt: full, short or changes."


def not_a_prompt(shown: str) -> str:
    return f"The prompt is full, short or changes, not {shown!r}."


def echo_set(on: bool) -> str:
    return "The typed line is read aloud." if on else "Echo off."


def prompt_set(value: str) -> str:
    if value == "changes":
        return "Prompt: only when it changes."
    return "Prompt: " + ("short." if value == "short" else "the player's name.")


def prompt_when_changed(prompt: str) -> str:
    """The line ``set prompt changes`` says when the prompt changed: its
    words without the ``>`` (a screen reader says "greater"); nothing
    when it has no words."""
    return prompt.rstrip().rstrip(">").rstrip()


def prompt_is(value: str) -> str:
    return f"prompt {value}."


def setting_takes(name: str, values: str) -> str:
    return f"set {name} takes {values}."


VALUES_HEAD = "Each setting's values:"


def values_line(name: str, values: Sequence[str]) -> str:
    return f"{name}: {', '.join(values)}."


# ------------------------------------------------------------ the set-up questions
TYPE_A_NAME = "Type a name, like Alice."
#: the same, at a name question that also takes ``computer``
TYPE_A_NAME_OR_COMPUTER = "Type a name, like Alice, or computer."
TYPE_A_NAME_BRIEF = "No name given: type one."
TYPE_A_NAME_OR_COMPUTER_BRIEF = "No name given: a name or computer."
NAME_COMMA = "A name cannot hold a comma; type one name, like Alice."
NAME_COMMA_BRIEF = "A comma in the name: type one name."
#: a name left empty between the commas of ``--players``
EMPTY_NAME_LISTED = "A name between the commas is empty; give names like Alice,Bob."
NAME_HIDDEN = "A name cannot hold control characters; type it again in plain letters."
NAME_COLON = "A name cannot hold a colon; for a computer player type computer:club."
NO_ENGINE = "Computer players need the move engine, which is not installed yet; name a person."
COUNT_QUESTION = ("How many players, 2 to 4?", "Press Enter for 2.")
COMPUTER_OFFER = "Type computer for a computer opponent."
RULES_QUESTION = "Which rules? Enter for house rules."
NO_COMPUTER = "No computer, then."


def computer_levels(levels: Sequence[str]) -> str:
    return f"Computer players are {', '.join(levels)}; type computer:club, for example."


def name_too_long(most: int) -> str:
    return f"That name is long to hear every turn; use {most} letters or fewer."


def name_taken(name: str) -> str:
    return f"{name} is already playing; give this player another name."


def named_twice(name: str) -> str:
    """Two names of ``--players`` that are the same but for case."""
    return f"{name} is named twice; give each player a different name."


def players_named(count: int) -> str:
    named = "1 was named" if count == 1 else f"{count} were named"
    return f"A game needs 2 to 4 players; {named}: give names like Alice,Bob."


def no_such_rules(shown: str, names: Sequence[str]) -> str:
    """A wrong answer to the rules question: the answers it takes (the
    question is not asked again)."""
    return f"No rules called {shown!r}; type {join_and(names, 'or')}."


def rules_brief(names: Sequence[str]) -> str:
    """:func:`no_such_rules` at brief verbosity: the answers, in 40 characters."""
    return "Rules: " + " ".join(names)


def no_such_level(shown: str, levels: Sequence[str]) -> str:
    """A wrong answer to a computer's level question: the levels."""
    return f"No level called {shown!r}; type {join_and(levels, 'or')}."


def levels_brief(levels: Sequence[str]) -> str:
    return "Levels: " + " ".join(levels)


def name_question(n: int) -> str:
    return f"Player {n}, your name?"


def level_default(level: str) -> str:
    return f"Enter for {level}, or help for more."


def other_rules(names: Sequence[str]) -> str:
    return "Or: " + ", ".join(names) + "."


def not_a_count(shown: str) -> str:
    return f"{shown!r} is not 2, 3 or 4; type how many are playing."


def not_a_count_brief(shown: str) -> str:
    return f"{shown!r} is not 2, 3 or 4."


def players_count(n: int) -> str:
    return f"{n} players."


def joins(name: str) -> str:
    """``Expert computer joins the game.``: at 20 cells ``joins.`` alone
    on the last line would follow the name."""
    return f"{name} joins the game."


def plays(name: str) -> str:
    return f"{name} plays."


# ------------------------------------------------------------ back, and names that are not names
#: ``back`` at the first question asked
NOTHING_BEFORE = "Nothing comes before this question; answer it, or type quit to leave."
NOTHING_BEFORE_BRIEF = "Nothing before this question."
BACK_TO_COUNT = "Back to how many are playing."


def back_to_name(n: int) -> str:
    return f"Back to player {n}'s name."


def name_is_a_word(name: str, listed: bool = False) -> str:
    """A name that is a word the set-up questions take (``back``, ``help``)."""
    then = "give each player another name" if listed else "type another name, like Alice"
    return f"{name!r} is a command here, not a name; {then}."


def name_is_a_word_brief(name: str) -> str:
    return f"{name!r} is a command, not a name."


def name_is_a_number(name: str, listed: bool = False) -> str:
    """A name of digits alone: most likely a slip (a count typed again)."""
    then = "give names like Alice,Bob" if listed else "type a name, like Alice, or back"
    return f"{name!r} is a number, not a name; {then}."


def name_is_a_number_brief(name: str) -> str:
    return f"{name!r} is a number, not a name."


def names_joined(name: str, listed: bool = False) -> str:
    """``Ann and Bob`` typed at one player's name: two players."""
    then = "give names like Alice,Bob" if listed else "type one name now, the next at the next question"
    return f"{name!r} names two players; {then}."


def names_joined_brief(name: str) -> str:
    return f"{name!r}: one name at a time."


#: how many players, said as a word (the question asked of names joined)
COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def count_word(n: int) -> str:
    return COUNT_WORDS.get(n, str(n))


def joined_question(whole: str, parts: Sequence[str]) -> list[str]:
    """``Tom and Jerry`` typed at one player's name: ``Two players, Tom
    and Jerry, or one called Tom and Jerry?`` / ``Type two or one.``"""
    word = count_word(len(parts))
    return [*clauses(f"{word.capitalize()} players, {join_and(list(parts))}, or one called {whole}?"),
            f"Type {word} or one."]


def joined_two_or_one(whole: str, count: int) -> str:
    word = count_word(count)
    return f"Type {word} for {word} players, or one for one called {whole}."


def joined_two_or_one_brief(count: int) -> str:
    return f"Type {count_word(count)} or one."


#: ``computer`` typed at the count question: a computer is counted too
COMPUTER_COUNTS = "A computer counts as a player: type 2, then computer as one player's name."
COMPUTER_COUNTS_BRIEF = "Count the computer: type 2."
