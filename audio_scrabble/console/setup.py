"""The questions asked before a game: how many players, their names, the rules.

One question at a time; every answer is checked and a wrong one gets a
sentence saying what to type, and the same question again. Values given
on the command line are not asked for.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from ..core.rules import ALIASES, VARIANTS, RuleSet, rules_named
from ..errors import ActionNotAllowed, NotationError
from . import services
from .services import COMPUTER_LEVELS
from .settings import small_number

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4}

#: the longest name: it is said every turn, and read on a braille line
MAX_NAME = 20

#: Unicode categories a name may not hold: control characters (NUL, escape
#: sequences), format characters (right-to-left overrides, zero-width
#: joiners), surrogates, private-use and unassigned code points, and line
#: or paragraph separators. A screen reader says them oddly or not at all,
#: and on a terminal some of them rewrite what is shown.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
RULE_CHOICES = ("house", "naspa", "wespa", "single", "void")


@dataclass(frozen=True)
class Seat:
    """A player at the table: a person, or a computer of some level."""

    name: str
    computer: str | None = None  # level, for a computer player

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


def parse_seat(text: str, taken: list[Seat], computers: bool | None = None) -> Seat:
    """A name as typed; ``computer:club`` (or ``computer``) is a computer player.

    Spaces are tidied (runs of white space become one space) and the name
    is put in Unicode's composed form. A name holding a control or other
    hidden character (:data:`HIDDEN_CATEGORIES`), or longer than
    :data:`MAX_NAME`, is refused with one sentence that does not repeat it.
    ``computers`` says whether computer players can be made (by default:
    whether the move engine is installed).
    """
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if not name:
        raise NotationError("Type a name, like Alice.")
    if any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in name):
        raise NotationError("A name cannot hold control characters; type it again in plain letters.")
    low = name.lower()
    if low == "computer" or low.startswith("computer:") or low.startswith("computer "):
        level = low.partition(":")[2].strip() if ":" in low else low[len("computer"):].strip()
        level = level or "club"
        if level not in COMPUTER_LEVELS:
            raise NotationError(f"Computer players are {', '.join(COMPUTER_LEVELS)}; type computer:club, for example.")
        if not (services.engine_available() if computers is None else computers):
            raise ActionNotAllowed("Computer players need the move engine, which is not installed yet; name a person.")
        base = f"{level.capitalize()} computer"
        n = 1 + sum(1 for s in taken if s.computer == level)
        return Seat(base if n == 1 else f"{base} {n}", level)
    if len(name) > MAX_NAME:
        raise NotationError(f"That name is long to hear every turn; use {MAX_NAME} letters or fewer.")
    if ":" in name:
        raise NotationError("A name cannot hold a colon; for a computer player type computer:club.")
    if any(s.name.casefold() == name.casefold() for s in taken):
        raise NotationError(f"{name} is already playing; give this player another name.")
    return Seat(name)


def parse_players(text: str, computers: bool | None = None) -> list[Seat]:
    """``Alice,Bob,computer:club`` from the command line."""
    seats: list[Seat] = []
    for part in text.split(","):
        seats.append(parse_seat(part, seats, computers))
    if not 2 <= len(seats) <= 4:
        raise NotationError(f"A game needs 2 to 4 players; {len(seats)} were named.")
    return seats


def parse_rules(text: str) -> RuleSet:
    key = text.strip().lower() or "house"
    return rules_named(key)


def rule_names() -> list[str]:
    return list(RULE_CHOICES) + [n for n in list(VARIANTS) + list(ALIASES) if n not in RULE_CHOICES]


@dataclass
class SetupFlow:
    """Asks the questions that the command line left open."""

    seats: list[Seat] | None = None
    rules: RuleSet | None = None
    count: int | None = None
    computers: bool | None = None  # whether computer players can be made
    _names: list[Seat] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats is not None:
            self.count = len(self.seats)
            self._names = list(self.seats)

    @property
    def done(self) -> bool:
        return self.count is not None and len(self._names) == self.count and self.rules is not None

    @property
    def asking(self) -> str:
        """Which question is open: count, name or rules."""
        if self.count is None:
            return "count"
        if len(self._names) < self.count:
            return "name"
        return "rules"

    def question(self) -> list[str]:
        what = self.asking
        if what == "count":
            return ["How many players, 2 to 4?", "Press Enter for 2."]
        if what == "name":
            n = len(self._names) + 1
            lines = [f"Player {n}, your name?"]
            if n == 1 and (services.engine_available() if self.computers is None else self.computers):
                lines.append("For a computer, type computer:club.")
            return lines
        return ["Which rules? Enter for house rules.", "Or: naspa, wespa, single, void."]

    def answer(self, text: str) -> list[str]:
        """Take an answer; returns what to say (a refusal repeats the question)."""
        what = self.asking
        text = text.strip()
        if what == "count":
            low = text.lower()
            typed = small_number(low)
            n = 2 if not low else NUMBER_WORDS.get(low, typed if typed is not None else 0)
            if not 2 <= n <= 4:
                return [f"{text!r} is not 2, 3 or 4; type how many are playing."]
            self.count = n
            return [f"{n} players."]
        if what == "name":
            seat = parse_seat(text, self._names, self.computers)
            self._names.append(seat)
            return [f"{seat.name} plays." if not seat.is_computer else f"{seat.name} joins."]
        self.rules = parse_rules(text)
        return []  # the game's opening names the rules

    @property
    def players(self) -> list[Seat]:
        return list(self._names)
