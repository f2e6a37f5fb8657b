"""The questions asked before a game: how many players, their names, the rules.

One question at a time; every answer is checked and a wrong one gets one
sentence saying what was wrong and naming the answers the question takes
(the question itself is not asked again: ``repeat`` and ``help`` say it).
Values given on the command line are not asked for.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ...core.rules import ALIASES, VARIANTS, RuleSet, rules_named
from ...presentation import prompts
from ...presentation import prompts_settings as say
from ...errors import ActionNotAllowed, NotationError
from ...notation.names import has_hidden
from ...notation.plays import clip
from .. import services
from ..services import COMPUTER_LEVELS
from .settings import small_number

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4}

#: the level a computer plays at when none is named (Enter at the question)
DEFAULT_LEVEL = "beginner"  # defaults suit a first-time player

#: what may be typed at the level question, beside the levels' own names
LEVEL_WORDS = {
    "b": "beginner", "beginner": "beginner", "easy": "beginner", "gentle": "beginner", "1": "beginner",
    "c": "club", "club": "club", "medium": "club", "2": "club",
    "e": "expert", "expert": "expert", "hard": "expert", "3": "expert",
    "champion": "champion", "champ": "champion", "hardest": "champion", "4": "champion",
}

#: the longest name: it is said every turn, and read on a braille line
MAX_NAME = 20

# A name may hold no character of HIDDEN_CATEGORIES (control and format
# characters, surrogates, private-use and unassigned code points, line or
# paragraph separators): a screen reader says them oddly or not at all,
# and on a terminal some of them rewrite what is shown. The same check
# refuses them in names read from files (notation/names.py).
#: words the set-up questions answer as commands, never taken as a name
#: (typed at a name question they do their work; in ``--players`` refused)
SETUP_WORDS = frozenset({"back", "next", "help", "repeat", "quit", "again", "exit", "bye", "commands"})
RULE_CHOICES = ("house", "naspa", "wespa", "single", "ten", "void")
#: two names joined, typed at one player's name (``Ann and Bob``, ``Ann & Bob``)
_JOINED = re.compile(r"\S\s+(?:and|&)\s+\S", re.IGNORECASE)
#: what joins them
_JOINER = re.compile(r"\s+(?:and|&)\s+", re.IGNORECASE)
#: the answers to "two players, or one so called?" (the count's own word or figure too)
ONE_NAME = frozenset({"one", "1", "one name", "one player", "a name", "single"})
BOTH_NAMES = frozenset({"both", "players", "separate", "apart"})


def joined_names(text: str) -> list[str]:
    """The names ``Tom and Jerry`` (or ``Tom & Jerry``) joins, as typed
    (none: ``text`` is one name, ``Sandy Anderson``)."""
    name = " ".join(text.split())
    if not _JOINED.search(name):
        return []
    parts = [part for part in _JOINER.split(name) if part]
    return parts if len(parts) > 1 else []


@dataclass(frozen=True)
class Seat:
    """A player at the table: a person, or a computer of some level."""

    name: str
    computer: str | None = None  # level, for a computer player

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


def parse_seat(text: str, taken: list[Seat], computers: bool | None = None, listed: bool = False,
               joined: bool = False) -> Seat:
    """A name as typed; ``computer:club`` (or ``computer``) is a computer player.

    Spaces are tidied (runs of white space become one space) and the name
    is put in Unicode's composed form. A name holding a control or other
    hidden character (:data:`HIDDEN_CATEGORIES`), or longer than
    :data:`MAX_NAME`, is refused with one sentence that does not repeat it;
    so are an empty name, a name already ``taken`` (any case: the game
    speaks players by name), a word the questions take (:data:`SETUP_WORDS`:
    ``back`` typed there goes back), a name of digits alone or a count's
    word (``two``: most likely a slip, the count typed again, or the answer
    to "two players, or one?" typed late; and "3 plays", "3's turn" are
    heard as numbers), and a comma (``--players`` lists names
    between commas); with ``joined`` false, two names joined by "and"
    (``Ann and Bob``: two players typed at one name, see :class:`SetupFlow`).
    ``listed``: the name is one of ``--players`` (its refusals say so). ``computers`` says whether computer players can be
    made (by default: whether the move engine is installed).
    """
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if not name:
        raise NotationError(say.EMPTY_NAME_LISTED if listed else say.TYPE_A_NAME, brief=say.TYPE_A_NAME_BRIEF)
    if has_hidden(name):
        raise NotationError(say.NAME_HIDDEN)
    low = name.lower()
    if is_computer_name(low):
        level = low.partition(":")[2].strip() if ":" in low else low[len("computer"):].strip()
        level = LEVEL_WORDS.get(level, level) or DEFAULT_LEVEL  # as the level question takes it: hard, 3
        if level not in COMPUTER_LEVELS:
            raise NotationError(say.computer_levels(COMPUTER_LEVELS))
        check_engine(computers)
        return Seat(computer_name(level, taken), level)
    if len(name) > MAX_NAME:
        raise NotationError(say.name_too_long(MAX_NAME))
    if low in SETUP_WORDS:
        raise NotationError(say.name_is_a_word(name, listed), brief=say.name_is_a_word_brief(name))
    if name.replace(" ", "").isdigit() or low in NUMBER_WORDS or low == "one":  # "two": the count, or an answer
        raise NotationError(say.name_is_a_number(name, listed), brief=say.name_is_a_number_brief(name))
    if ":" in name:
        raise NotationError(say.NAME_COLON)
    if "," in name:
        raise NotationError(say.NAME_COMMA, brief=say.NAME_COMMA_BRIEF)
    if not joined and _JOINED.search(name):  # "Ann and Bob" at player 1's name: two players
        raise NotationError(say.names_joined(name, listed), brief=say.names_joined_brief(clip(name, 16)))
    if any(s.name.casefold() == name.casefold() for s in taken):
        raise NotationError(say.named_twice(name) if listed else say.name_taken(name))
    return Seat(name)


def is_computer_name(text: str) -> bool:
    """Whether a name as typed asks for a computer player (``computer``,
    ``computer:expert``, ``computer expert``; any case)."""
    low = text.strip().lower()
    return low == "computer" or low.startswith("computer:") or low.startswith("computer ")


def check_engine(computers: bool | None = None) -> None:
    """Refuse a computer player when the move engine is missing."""
    if not (services.engine_available() if computers is None else computers):
        raise ActionNotAllowed(say.NO_ENGINE)


def computer_name(level: str, taken: list[Seat]) -> str:
    """How a computer of ``level`` is called: ``Expert computer``, read
    naturally in every sentence (``Expert computer's turn``); a second one
    of the same level is ``Expert computer 2``, and a name already taken
    (a person may be called anything) is never reused."""
    base = f"{level.capitalize()} computer"
    used = {s.name.casefold() for s in taken}
    n = 1 + sum(1 for s in taken if s.computer == level)
    name = base if n == 1 else f"{base} {n}"
    while name.casefold() in used:
        n += 1
        name = f"{base} {n}"
    return name


def parse_level(text: str) -> str:
    """A level as answered at the question: its name or the start of it
    (``b``, ``exp``), 1 to 3, easy/medium/hard; Enter is :data:`DEFAULT_LEVEL`."""
    low = _without_last(" ".join(text.split()).lower().removeprefix("computer").strip(" :"), "level")
    if not low:
        return DEFAULT_LEVEL
    level = LEVEL_WORDS.get(low)
    if level is None:
        starts = [name for name in COMPUTER_LEVELS if name.startswith(low)]
        if len(starts) != 1:
            raise NotationError(say.no_such_level(clip(text.strip()), COMPUTER_LEVELS),
                                brief=say.levels_brief(COMPUTER_LEVELS))
        level = starts[0]
    return level


def parse_players(text: str, computers: bool | None = None) -> list[Seat]:
    """``Alice,Bob,computer:club`` from the command line. The commas part
    the players, so a name joined by "and" is one name (``Tom and
    Jerry,computer``); alone it names two players (``Ann and Bob``), which
    is refused, saying how to list them."""
    seats: list[Seat] = []
    for part in text.split(","):
        seats.append(parse_seat(part, seats, computers, listed=True, joined=True))
    if len(seats) == 1 and joined_names(seats[0].name):
        name = seats[0].name
        raise NotationError(say.names_joined(name, True), brief=say.names_joined_brief(clip(name, 16)))
    if not 2 <= len(seats) <= 4:
        raise NotationError(say.players_named(len(seats)))
    return seats


def _without_last(text: str, *words: str) -> str:
    """``2 players`` as ``2``, ``house rules`` as ``house``: an answer said
    whole, the question's own last word after it."""
    head, _, last = text.rpartition(" ")
    return head.strip() if head.strip() and last.lower() in words else text


def parse_rules(text: str) -> RuleSet:
    key = _without_last(" ".join(text.split()).lower(), "rules", "rule") or "house"
    try:
        return rules_named(key)
    except NotationError:
        raise NotationError(say.no_such_rules(clip(text.strip()), RULE_CHOICES),
                            brief=say.rules_brief(RULE_CHOICES)) from None


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
    #: "computer" was typed for the next player: its level is asked next
    _choosing_level: bool = False
    #: how many names the command line gave (``back`` never takes them away)
    _given: int = 0
    #: names joined by "and" typed at one name (the name as typed, and each
    #: name it joins): two players, or one so called? is asked next
    _joined: tuple[str, tuple[str, ...]] | None = None

    def __post_init__(self) -> None:
        if self.seats is not None:
            self.count = len(self.seats)
            self._names = list(self.seats)
            self._given = len(self.seats)

    @property
    def done(self) -> bool:
        return self.count is not None and len(self._names) == self.count and self.rules is not None

    @property
    def asking(self) -> str:
        """Which question is open: count, name, level (of a computer),
        joined (two players, or one so called?) or rules."""
        if self.count is None:
            return "count"
        if self._choosing_level:
            return "level"
        if self._joined is not None:
            return "joined"
        if len(self._names) < self.count:
            return "name"
        return "rules"

    @property
    def help_key(self) -> str:
        """The help entry of the open question (``help.txt``: ``ask count``...)."""
        what = self.asking
        if what == "name":
            return "ask name" if self._names else "ask first name"
        return f"ask {what}"

    def _engine(self) -> bool:
        return services.engine_available() if self.computers is None else self.computers

    def _offers_computer(self) -> bool:
        """Whether the name question offers a computer: at every name, the
        first too (a newcomer who wants to play the computer learns it
        there, and player 1 may be the computer), when the engine is here."""
        return self._engine()

    def question(self) -> list[str]:
        what = self.asking
        if what == "count":
            return list(say.COUNT_QUESTION)
        if what == "name":
            lines = [say.name_question(len(self._names) + 1)]
            if self._offers_computer():
                lines.append(say.COMPUTER_OFFER)
            return lines
        if what == "level":
            return [*prompts.LEVEL_QUESTION, say.level_default(DEFAULT_LEVEL)]
        if what == "joined":
            assert self._joined is not None
            whole, parts = self._joined
            return say.joined_question(whole, parts)
        return [say.RULES_QUESTION, say.other_rules(RULE_CHOICES[1:])]

    def back(self) -> list[str]:
        """``back``: the question before this one is open again, its answer
        taken away; returns what to say (which question, then the question).
        At the first question asked it is refused (a typed error)."""
        what = self.asking
        if what == "level":
            self._choosing_level = False  # back to the name that asked for a computer
        elif what == "joined":
            self._joined = None  # back to the name that joined two
        elif what in ("name", "rules") and len(self._names) > self._given:
            self._names.pop()
        elif what == "name" and self.seats is None:
            self.count = None
        else:
            raise NotationError(say.NOTHING_BEFORE, brief=say.NOTHING_BEFORE_BRIEF)
        said = say.BACK_TO_COUNT if self.asking == "count" else say.back_to_name(len(self._names) + 1)
        return [said, *self.question()]

    def answer(self, text: str) -> list[str]:
        """Take an answer; returns what to say. A wrong answer raises a typed
        error whose one sentence names the answers taken."""
        what = self.asking
        text = text.strip()
        if what == "count":
            low = _without_last(" ".join(text.split()).lower(), "players", "player", "people")
            typed = small_number(low)
            if is_computer_name(low):  # "computer": the newcomer who wants to play one
                raise NotationError(say.COMPUTER_COUNTS, brief=say.COMPUTER_COUNTS_BRIEF)
            n = 2 if not low else NUMBER_WORDS.get(low, typed if typed is not None else 0)
            if not 2 <= n <= 4:
                raise NotationError(say.not_a_count(clip(text)), brief=say.not_a_count_brief(clip(text, 12)))
            self.count = n
            return [say.players_count(n)]
        if what == "joined":
            return self._answer_joined(text)
        if what == "level":
            if text.lower() in ("cancel", "no", "person"):
                self._choosing_level = False
                return [say.NO_COMPUTER]
            level = parse_level(text)
            self._choosing_level = False
            seat = parse_seat(f"computer:{level}", self._names, self.computers)
            self._names.append(seat)
            return [say.joins(seat.name)]
        if what == "name":
            if not text and self._offers_computer():
                raise NotationError(say.TYPE_A_NAME_OR_COMPUTER, brief=say.TYPE_A_NAME_OR_COMPUTER_BRIEF)
            if " ".join(text.split()).lower() == "computer":
                check_engine(self.computers)
                self._choosing_level = True
                return []  # the level is asked next
            parts = joined_names(text)
            if parts and not is_computer_name(text):
                return self._joined_at_one_name(text, parts)
            seat = parse_seat(text, self._names, self.computers)
            self._names.append(seat)
            return [say.plays(seat.name) if not seat.is_computer else say.joins(seat.name)]
        self.rules = parse_rules(text)
        return []  # the game's opening names the rules

    def _joined_at_one_name(self, text: str, parts: list[str]) -> list[str]:
        """``Tom and Jerry`` at one player's name: two players, or one so
        called? is asked next. A name that could not be one name (too
        long, or a computer among the names joined: ``Ann and computer``)
        is refused as two names typed at one; one that could not be two
        players (no seat for the second, four at most; one of them playing
        already, or named twice) is one name."""
        name = " ".join(text.split())
        two_at_one = NotationError(say.names_joined(name), brief=say.names_joined_brief(clip(name, 16)))
        if any(is_computer_name(part) for part in parts):
            raise two_at_one
        try:
            whole = parse_seat(text, self._names, self.computers, joined=True)
        except NotationError:
            raise two_at_one from None
        if len(self._names) + len(parts) > 4 or not self._seat_each(parts):
            self._names.append(whole)
            return [say.plays(whole.name)]
        self._joined = (whole.name, tuple(parts))
        return []  # the question is asked next

    def _seat_each(self, parts: list[str]) -> bool:
        """Whether each name joined could be a player of its own (none
        playing already, nor named twice: ``Ann and Bob`` after Ann)."""
        seats: list[Seat] = []
        try:
            for part in parts:
                seats.append(parse_seat(part, [*self._names, *seats], self.computers))
        except NotationError:
            return False
        return True

    def _answer_joined(self, text: str) -> list[str]:
        """The answer to "two players, or one so called?": ``two`` seats
        each name (one more player counted when the count had no seat for
        it), ``one`` the name as typed. ``back`` (:meth:`back`) asks the
        name again."""
        assert self._joined is not None and self.count is not None
        whole, parts = self._joined
        low = " ".join(text.split()).lower().strip(".!")
        counted = {str(len(parts)), say.count_word(len(parts)), f"{len(parts)} players",
                   f"{say.count_word(len(parts))} players"}
        if low in ONE_NAME or low == whole.lower():
            self._names.append(parse_seat(whole, self._names, self.computers, joined=True))
            self._joined = None
            return [say.plays(whole)]
        if low not in counted | BOTH_NAMES:
            raise NotationError(say.joined_two_or_one(whole, len(parts)), brief=say.joined_two_or_one_brief(len(parts)))
        seats: list[Seat] = []
        for part in parts:
            seats.append(parse_seat(part, [*self._names, *seats], self.computers))
        self._joined = None
        self._names.extend(seats)
        said = []
        if len(self._names) > self.count:
            self.count = len(self._names)
            said.append(say.players_count(self.count))
        return said + [say.joins(seat.name) if seat.is_computer else say.plays(seat.name) for seat in seats]

    @property
    def players(self) -> list[Seat]:
        return list(self._names)
