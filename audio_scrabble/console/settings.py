"""The player's settings: verbosity, premium names, braille mode, speech, hints.

``set NAME VALUE`` changes one; a game's save keeps them, so a resumed
game comes back with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotationError
from ..presentation.phrases import COLOURS, MARK_STYLES, MARKS, NAMES, NORMAL, VERBOSITIES, Style
from .brailleview import MAX_CELLS, MIN_CELLS, cells_refusal
from .services import SPEECH_KINDS

#: accepted spellings of the premium naming styles
MARK_ALIASES = {
    "marks": MARKS, "mark": MARKS, "braille": MARKS, "tactile": MARKS,
    "names": NAMES, "name": NAMES, "standard": NAMES,
    "colours": COLOURS, "colors": COLOURS, "colour": COLOURS, "color": COLOURS, "print": COLOURS,
}

#: setting name -> the values it takes, for help and completion
SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "verbosity": VERBOSITIES,
    "marks": MARK_STYLES,
    "braille": ("off", "14", "20", "32", "40", "80"),
    "speech": SPEECH_KINDS,
    "hints": ("on", "off"),
}

#: how on and off may be typed
SWITCH_WORDS = {"on": True, "yes": True, "true": True, "1": True, "off": False, "no": False, "false": False, "0": False}

SETTING_ALIASES = {
    "verbose": "verbosity", "premiums": "marks", "premium": "marks",
    "width": "braille", "cells": "braille", "display": "braille",
    "hint": "hints", "teaching": "hints",
}


def small_number(text: str, digits: int = 3) -> int | None:
    """A whole number typed in ASCII digits, at most ``digits`` long; else None.

    ``str.isdigit`` is not enough: it accepts ``²`` and digits of other
    scripts, and a line of 5000 digits, none of which a player means.
    """
    t = text.strip()
    if t and len(t) <= digits and all("0" <= c <= "9" for c in t):
        return int(t)
    return None


#: how ``set`` reads each way of naming premiums
MARK_STYLE_WORDS = {MARKS: "braille-board marks", NAMES: "standard names", COLOURS: "names and colours"}


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

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.marks)

    def describe(self) -> list[str]:
        width = f"{self.braille_width} cells" if self.braille_width else "off"
        return [
            f"verbosity {self.verbosity}.",
            f"marks: {MARK_STYLE_WORDS[self.marks]}.",
            f"braille {width}.",
            f"speech {self.speech}.",
            f"hints {'on' if self.hints else 'off'}.",
        ]

    def change(self, name: str, value: str) -> str:
        """Change one setting; returns the confirmation, raises NotationError."""
        key = SETTING_ALIASES.get(name.lower(), name.lower())
        value = value.strip().lower()
        if key == "verbosity":
            if value not in VERBOSITIES:
                raise NotationError(f"Verbosity is brief, normal or full, not {value!r}.")
            self.verbosity = value
            return f"Verbosity {value}."
        if key == "marks":
            style = MARK_ALIASES.get(value)
            if style is None:
                raise NotationError(f"Premiums can be named by marks, names or colours, not {value!r}.")
            self.marks = style
            example = {MARKS: "two dots", NAMES: "double letter score", COLOURS: "double letter score, light blue"}
            return f"Premiums named as {example[style]}."
        if key == "braille":
            if value in ("off", "none", "0", "no"):
                self.braille_width = None
                return "Braille mode off."
            cells = small_number(value)
            if cells is None or not MIN_CELLS <= cells <= MAX_CELLS:
                raise NotationError(cells_refusal(value))
            self.braille_width = cells
            return f"Braille mode on: every line fits {cells} cells."
        if key == "speech":
            if value not in SPEECH_KINDS:
                raise NotationError(f"Speech is text, screenreader, tts or auto, not {value!r}.")
            self.speech = value
            return f"Speech {value}."
        if key == "hints":
            switch = SWITCH_WORDS.get(value)
            if switch is None:
                raise NotationError(f"Hints are on or off, not {value!r}.")
            self.hints = switch
            return "Hints on: type hint on your turn." if switch else "Hints off."
        names = ", ".join(SETTING_VALUES)
        raise NotationError(f"There is no setting called {name!r}; the settings are {names}.")
