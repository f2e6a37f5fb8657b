"""The player's settings, as one table.

Each :class:`Setting` row says everything about one setting: its name and
aliases, the values it takes (help and completion), how a typed value is
read (``set NAME VALUE`` and the command-line option alike), how it is
confirmed and described (``set`` alone), and its command-line option.
``set``, ``help set``, completion, :meth:`Settings.describe`, the save and
the command-line options of the game and of ``review`` are all fed from
:data:`SETTINGS`.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ...errors import NotationError
from ...notation.plays import clip
from ...notation.typed import small_number as small_number  # read here by the commands that take a number
from ...presentation import prompts_settings as say
from ...presentation.phrases import clauses, join_and
from ...presentation.survey_phrases import AIDS_OFF, AIDS_ON
from ...presentation.phrases import COLOURS, MARK_STYLES, MARKS, NAMES, NORMAL, VERBOSITIES, Style
from ..output.brailleview import MAX_CELLS, MIN_CELLS, cells_refusal
from ..services import SPEECH_KINDS

#: accepted spellings of the premium naming styles
MARK_ALIASES = {
    "marks": MARKS, "mark": MARKS, "braille": MARKS, "tactile": MARKS,
    "names": NAMES, "name": NAMES, "standard": NAMES,
    "colours": COLOURS, "colors": COLOURS, "colour": COLOURS, "color": COLOURS, "print": COLOURS,
}

#: how on and off may be typed
SWITCH_WORDS = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}

#: how ``set`` reads each way of naming premiums
MARK_STYLE_WORDS = {MARKS: "braille-board marks", NAMES: "standard names", COLOURS: "names and colours"}


# ---------------------------------------------------------------- reading values
def _verbosity(value: str) -> str:
    if value not in VERBOSITIES:
        raise NotationError(say.not_verbosity(clip(value)), brief=say.VERBOSITY_BRIEF)
    return value


def _marks(value: str) -> str:
    style = MARK_ALIASES.get(value)
    if style is None:
        raise NotationError(say.not_marks(clip(value)), brief=say.MARKS_BRIEF)
    return style


def _braille(value: str) -> int | None:
    if value in ("off", "none", "0", "no"):
        return None
    cells = small_number(value)
    if cells is None or not MIN_CELLS <= cells <= MAX_CELLS:
        raise NotationError(cells_refusal(value), brief=say.braille_brief(MIN_CELLS, MAX_CELLS))
    return cells


def _speech(value: str) -> str:
    if value not in SPEECH_KINDS:
        raise NotationError(say.not_speech(clip(value)), brief=say.speech_brief(value))
    return value


def _switch(what: str) -> Callable[[str], bool]:
    def read(value: str) -> bool:
        switch = SWITCH_WORDS.get(value)
        if switch is None:
            raise NotationError(say.not_a_switch(what, clip(value)), brief=say.switch_brief(what))
        return switch

    return read


def _think(value: str) -> int:
    seconds = small_number(value.removesuffix("s").strip())
    if seconds is None or not 1 <= seconds <= 60:
        raise NotationError(say.not_think(clip(value)), brief=say.THINK_BRIEF)
    return seconds


#: the prompt's forms: the player's name, the short form, or written only
#: when it changes (a screen reader reads the prompt after every reply)
PROMPT_FORMS = ("full", "short", "changes")


def _prompt(value: str) -> str:
    if value not in PROMPT_FORMS:
        raise NotationError(say.not_a_prompt(clip(value)), brief=say.PROMPT_BRIEF)
    return value


_MARK_EXAMPLE = {MARKS: "two dots", NAMES: "double letter score", COLOURS: "double letter score, light blue"}


@dataclass(frozen=True)
class Setting:
    """One setting: the row of the table that every use of it reads."""

    #: the name typed after ``set``, and the attribute of :class:`Settings`
    name: str
    attr: str
    default: Any
    #: the values offered by help and completion
    values: tuple[str, ...]
    #: a typed value (lower case) -> the value kept; raises NotationError
    read: Callable[[str], Any]
    #: the sentence that confirms a change
    confirm: Callable[[Any], str]
    #: the line ``set`` alone says
    describe: Callable[[Any], str]
    aliases: tuple[str, ...] = ()
    #: the command-line option: its flags, and argparse's help (none: no option)
    flags: tuple[str, ...] = ()
    option_help: str = ""
    metavar: str | None = None
    #: a switch on the command line (``--hints``), not an option with a value
    switch: bool = False
    #: kept in a game's save, so that a resumed game comes back with it
    saved: bool = True
    #: the command line's refusal of a value (None: the game's own sentence)
    option_refusal: Callable[[str], str] | None = None
    #: what ``set NAME`` alone says it takes (None: the values, listed)
    takes_lines: tuple[str, ...] | None = None

    def takes(self) -> list[str]:
        """``set NAME`` alone: what the setting takes, and how to type it."""
        if self.takes_lines is not None:
            return list(self.takes_lines)
        return clauses(say.setting_takes(self.name, join_and(list(self.values))))

    def argument(self, text: str) -> Any:
        """The command-line value (argparse type): refused in the option's own words."""
        try:
            return self.read(text.strip().lower())
        except NotationError as e:
            if self.option_refusal is not None:
                raise argparse.ArgumentTypeError(self.option_refusal(text)) from None
            message = str(e)
            raise argparse.ArgumentTypeError(message[:1].lower() + message[1:].rstrip(".")) from None


def _cells_option_refusal(text: str) -> str:
    shown = repr(text) if len(text) <= 12 else "that"
    return f"a braille display has {MIN_CELLS} to {MAX_CELLS} cells, not {shown}; try --braille-cells 40"


#: ``--speech``'s help, the game's and the review's
SPEECH_HELP = (
    "text: print once, for your own screen reader (the default; auto picks it whenever a screen "
    "reader runs); screenreader: print the replies, and speak only the board cursor through the "
    "screen reader; tts: print and speak with the game's own voice (no screen reader); auto"
)

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "verbosity", "verbosity", NORMAL, VERBOSITIES, _verbosity,
        say.verbosity_set, say.verbosity_is, aliases=("verbose",),
        flags=("--verbosity",), option_help="how much is said (default: normal)", metavar="LEVEL",
    ),
    Setting(
        "marks", "marks", MARKS, MARK_STYLES, _marks,
        lambda v: say.marks_set(_MARK_EXAMPLE[v]), lambda v: say.marks_are(MARK_STYLE_WORDS[v]),
        aliases=("premiums", "premium"), flags=("--marks",), metavar="STYLE",
        option_refusal=lambda text: f"premiums are named by {', '.join(MARK_STYLES)}, not {text!r}",
        option_help="name premium squares by braille-board marks (marks, the default), "
        "standard names (names) or names with print colours (colours)",
    ),
    Setting(
        "braille", "braille_width", None, ("off", "14", "20", "32", "40", "80"), _braille,
        say.braille_confirm, say.braille_is,
        aliases=("width", "cells", "display"), flags=("--braille-cells", "--braille-width"), metavar="N",
        option_refusal=_cells_option_refusal,
        takes_lines=say.braille_takes(MIN_CELLS, MAX_CELLS),
        option_help=f"braille display mode for a display of N cells ({MIN_CELLS} to {MAX_CELLS}): every line "
        "fits N cells, board rows and racks are also shown in braille cells (default: off; set braille N in the game)",
    ),
    Setting(
        "speech", "speech", "text", SPEECH_KINDS, _speech,
        say.speech_set, say.speech_is, flags=("--speech",), metavar="KIND",
        option_help=SPEECH_HELP,
    ),
    Setting(
        "hints", "hints", False, ("on", "off"), _switch("Hints"),
        say.hints_set, lambda v: say.switch_is("hints", v), aliases=("hint", "teaching"), flags=("--hints",), switch=True,
        option_help="let the hint command tell the best plays for your rack (off by default: "
        "the rules forbid word aids in a real game; set hints on|off in the game)",
    ),
    Setting(
        "aids", "aids", True, ("on", "off"), _switch("Aids"),
        lambda v: AIDS_ON if v else AIDS_OFF,
        lambda v: say.switch_is("aids", v), aliases=("aid", "survey"), flags=("--aids",), metavar="on|off",
        option_help="the board survey aids: spots, fit and the hot-spot keys (default: on; "
        "off for strict tournament play; set aids on|off in the game)",
    ),
    Setting(
        "confirm", "confirm", False, ("on", "off"), _switch("Confirmations"),
        say.confirm_set, lambda v: say.switch_is("confirm", v), aliases=("guard",),
        flags=("--confirm",), metavar="on|off",
        option_help="with the aids on, ask before playing a word not in the word list, "
        "a guard against typing slips (default: off; strict play, aids off, never asks)",
    ),
    Setting(
        "sounds", "sounds", False, ("on", "off"), _switch("Sounds"),
        say.sounds_set, lambda v: say.switch_is("sounds", v),
        aliases=("sound", "cues"), flags=("--sounds",), metavar="on|off",
        option_help="short sounds for the cursor (pitch follows the row, left to right follows the "
        "column), premiums, tiles, plays and your turn (default: off, on with --speech tts)",
    ),
    Setting(
        "echo", "echo", False, ("on", "off"), _switch("Echo"),
        say.echo_set, lambda v: say.switch_is("echo", v),
        flags=("--echo",), metavar="on|off",
        option_help="with --speech tts, read each typed line aloud before the answer (default: off)",
    ),
    Setting(
        "prompt", "prompt", "full", PROMPT_FORMS, _prompt,
        say.prompt_set, say.prompt_is,
        flags=("--prompt",), metavar="full|short|changes",
        option_help="full: the player's name before the cursor; short: a shorter prompt; changes: "
        "none before the cursor, its words said on a line of their own when they change (default: "
        "changes at a terminal when a screen reader runs and the game does not speak itself; else full)",
    ),
    Setting(
        "think", "think", 3, ("1", "3", "5", "10", "30"), _think,
        say.think_set, say.think_is,
        aliases=("thinking",), flags=("--think",), metavar="SECONDS", saved=False,
        option_help="seconds the champion computer thinks over a move (1 to 60, default 3)",
    ),
)

BY_NAME: dict[str, Setting] = {s.name: s for s in SETTINGS}
#: other names a setting is typed by
SETTING_ALIASES: dict[str, str] = {a: s.name for s in SETTINGS for a in s.aliases}
#: setting name -> the values it takes, for help and completion
SETTING_VALUES: dict[str, tuple[str, ...]] = {s.name: s.values for s in SETTINGS}


def setting_named(name: str) -> Setting:
    key = name.lower()
    found = BY_NAME.get(SETTING_ALIASES.get(key, key))
    if found is None:
        raise NotationError(say.no_such_setting(clip(name), list(BY_NAME)), brief=say.no_such_setting_brief(clip(name, 12)))
    return found


@dataclass
class Settings:
    verbosity: str = NORMAL
    marks: str = MARKS
    #: braille mode: every line fits a display of this many cells; None is off
    braille_width: int | None = None
    speech: str = "text"
    #: whether ``hint`` tells the best plays: off by default, since the
    #: rules forbid word aids during a game (a teaching setting)
    hints: bool = False
    #: whether ``spots``, ``fit`` and the hot-spot keys answer (geometry
    #: aids, allowed by every rule set; off for strict tournament play)
    aids: bool = True
    #: with the aids on, ``play`` asks first when a word is not in the list
    #: (a typo guard; aids off, a bluff is played as typed)
    confirm: bool = False
    #: sound cues (see console/output/cues.py): off unless chosen, or speech is tts
    sounds: bool = False
    #: seconds the champion computer thinks over a move
    think: int = 3
    #: tts: the typed line is read aloud before the answer
    echo: bool = False
    #: "short": the prompt's short form (the one a narrow braille display gets);
    #: "changes": written only when it changes (console/app.py)
    prompt: str = "full"
    #: lines ``set`` says after a setting's own (by attribute): what is
    #: really in use and why, when it is not what was asked for ("Prism is
    #: not installed; using accessible_output2."). Not news at start-up,
    #: so not said then; never saved.
    notes: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_options(cls, options: Any) -> "Settings":
        """The settings the command line chose; sounds are off unless
        chosen, or speech is tts (the player's own voice)."""
        settings = cls()
        for row in SETTINGS:  # what the command line named; each other setting its default
            given = getattr(options, row.attr, None)
            if given is not None:
                setattr(settings, row.attr, given)
        if options.sounds is None:
            settings.sounds = settings.speech == "tts"
        return settings

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.marks)

    def describe(self) -> list[str]:
        """``set`` alone: each setting, then its notes as lines of at most 40 characters."""
        notes = {attr: [part for note in lines for part in clauses(note)] for attr, lines in self.notes.items()}
        return [line for s in SETTINGS for line in [s.describe(getattr(self, s.attr)), *notes.get(s.attr, [])]]

    def change(self, name: str, value: str) -> str:
        """Change one setting; returns the confirmation, raises NotationError."""
        setting = setting_named(name)
        kept = setting.read(value.strip().lower())
        setattr(self, setting.attr, kept)
        return setting.confirm(kept)


def add_options(group: Any, names: Sequence[str] | None = None, defaults: dict[str, Any] | None = None) -> None:
    """The command-line options of the settings ``names`` (all by default),
    each with ``dest`` the setting's attribute; a default of None means
    "not given", so that a resumed game keeps its own."""
    defaults = defaults or {}
    for s in SETTINGS:
        if not s.flags or (names is not None and s.name not in names):
            continue
        if s.switch:
            group.add_argument(*s.flags, dest=s.attr, action="store_const", const=True,
                               default=defaults.get(s.name), help=s.option_help)
        else:
            group.add_argument(*s.flags, dest=s.attr, type=s.argument, metavar=s.metavar,
                               default=defaults.get(s.name), help=s.option_help)


def value_lines() -> list[str]:
    """``help set`` ends with each setting and the values it takes."""
    return [say.VALUES_HEAD] + [say.values_line(s.name, s.values) for s in SETTINGS]
