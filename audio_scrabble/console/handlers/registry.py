"""The command registry: each command names its handler, aliases,
arguments (whose kinds drive completion), help group, help key and the
modes it works in. One :class:`Registry` class serves the game and the
review alike: look-up by mode, suggestions for a mistyped name, the help
list and completion.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from ...errors import NotationError
from ...presentation import phrases, prompts
from .helptext import HelpEntry

#: the front a registry's handlers take (see console/front.py: the game's, the review's)
F = TypeVar("F")
#: a handler takes the session's front and the rest of the line, and returns lines to say
Handler = Callable[[F, str], list[str]]

# modes: where a command works
#: before a game: while a set-up or resume question is open, the line goes to these
QUESTION = "question"
#: before a game, with no question open (the board can still be read)
BEFORE = "before"
#: a game in play or over
GAME = "game"
#: the review of a game record
REVIEW = "review"

# argument kinds, for completion
SQUARE = "square"
ROW = "row"
COLUMN = "column"
PLAY = "play"
TILES = "tiles"
PLAYER = "player"
SETTING = "setting"
TOPIC = "topic"
WORDS = "words"
AREA = "area"  # a part of the board (spots)
PATH = "path"
TURN = "turn"  # a turn of the game (no candidates)
OFFER = "offer"  # the players and terms of an online game (invite: days, rules, list)


@dataclass(frozen=True)
class Arg:
    name: str
    kind: str
    optional: bool = False


@dataclass(frozen=True)
class Command(Generic[F]):
    name: str
    handler: Handler[F]
    group: str
    aliases: tuple[str, ...] = ()
    args: tuple[Arg, ...] = ()
    help_key: str = ""
    #: the modes it works in (see QUESTION, BEFORE, GAME, REVIEW)
    modes: frozenset[str] = frozenset({GAME})
    #: it changes the game (or puts another at the table): refused while a
    #: computer chooses its move (see console/table/thinking.py)
    changes: bool = False
    #: for a command that takes no arguments: what may be said after its
    #: name and changes nothing (``whose turn``, ``new game``); any other
    #: words are refused (see :meth:`Registry.words_after`)
    said_with: tuple[str, ...] = ()
    #: for a command that takes no arguments: words after its name that
    #: its handler is given, one option (``show large``)
    options: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.help_key or self.name


class Registry(Generic[F]):
    """Commands by name and alias; suggestions for a mistyped name."""

    def __init__(self, commands: Iterable[Command[F]] = ()):
        self.commands: list[Command[F]] = []
        self._by_name: dict[str, Command[F]] = {}
        for c in commands:
            self.add(c)

    def add(self, command: Command[F]) -> None:
        for n in (command.name, *command.aliases):
            if n in self._by_name:
                raise ValueError(f"command name {n!r} is used twice")
            self._by_name[n] = command
        self.commands.append(command)

    def get(self, word: str) -> Command[F] | None:
        return self._by_name.get(word.lower())

    def names(self) -> list[str]:
        return [c.name for c in self.commands]

    def suggest(self, word: str, n: int = 3) -> list[str]:
        """The commands closest to a mistyped word (by name, then alias)."""
        low = word.lower()
        found: list[str] = []
        for cand in difflib.get_close_matches(low, list(self._by_name), n=n * 2, cutoff=0.6):
            name = self._by_name[cand].name
            ratio = difflib.SequenceMatcher(None, low, cand).ratio()
            if cand != name and ratio < 0.75:
                continue  # only a near miss of an alias ("train" and print) would mislead
            if ratio <= 0.6:
                continue  # three letters of six in common is chance ("undo" and around)
            if name not in found:
                found.append(name)
        for c in self.commands:
            if c.name.startswith(low) and c.name not in found and len(low) >= 2:
                found.append(c.name)
        return found[:n]

    def groups(self) -> dict[str, list[Command[F]]]:
        out: dict[str, list[Command[F]]] = {}
        for c in self.commands:
            out.setdefault(c.group, []).append(c)
        return out

    def in_mode(self, word: str, mode: str) -> Command[F] | None:
        """The command ``word`` names, if it works in ``mode``."""
        cmd = self.get(word)
        return cmd if cmd is not None and mode in cmd.modes else None

    def words_after(self, typed: str, command: Command[F], rest: str) -> tuple[Command[F], str]:
        """The command to run, and its arguments, for ``command`` typed as
        ``typed`` with ``rest`` after it. A command that takes arguments:
        itself. One that takes none (its ``args`` empty) never ignores
        words after it: words it is said with (``whose turn``) or none
        (a full stop aside): itself; another command of its group
        (``board row 8``, ``show column C``): that one, with the words
        after its name; anything else is refused in one sentence, saying
        what it takes and what to type instead."""
        if command.args:
            return command, rest
        words = " ".join(rest.split()).rstrip(".?!").strip()
        if not words or words.lower() in command.said_with:
            return command, ""
        if words.lower() in command.options:
            return command, words.lower()
        first, _, after = words.partition(" ")
        other = self.get(first)
        if other is not None and other is not command and other.group == command.group:
            return self.words_after(first, other, after)
        raise NotationError(prompts.takes_nothing(typed, command.name), brief=prompts.takes_nothing_brief(typed))

    def not_a_command(self, word: str, brief: bool = False) -> list[str]:
        """The answer to a word that names no command: the nearest ones, if any."""
        return prompts.not_a_command(word, self.suggest(word), brief)

    def complete(self, text: str, candidates: Callable[[Command[F], Arg, list[str], int], list[str]]) -> list[str]:
        """Candidates for the word being typed at the end of ``text``: a
        command's name, or its argument (``candidates(command, arg, words, index)``)."""
        words = text.split()
        if not text or (len(words) == 1 and not text.endswith(" ")):
            prefix = words[0].lower() if words else ""
            return [n for n in self.names() if n.startswith(prefix)]
        cmd = self.get(words[0])
        if cmd is None or not cmd.args:
            return []
        current = "" if text.endswith(" ") else words[-1]
        index = len(words) - 1 if current == "" else len(words) - 2
        arg = cmd.args[min(index, len(cmd.args) - 1)]
        return [c for c in candidates(cmd, arg, words, index) if c.lower().startswith(current.lower())]


#: every square's name, for completion
ALL_SQUARES = [f"{c}{r}" for c in "ABCDEFGHIJKLMNO" for r in range(1, 16)]
#: help topics that are not commands
HELP_TOPICS = ["keys", "notation", "premiums", "braille", "computer", "level", "blank", "end", "speech", "sounds", "aids",
               "survey", "verbosity", "confirm", "echo", "prompt", "think"]
#: the parts of the board ``spots`` takes, for completion
AREAS = ["top", "bottom", "left", "right", "all"]


def board_candidates(arg: Arg, words: list[str], index: int, setting_values: Mapping[str, Sequence[str]]) -> list[str] | None:
    """Completion for the argument kinds the game and the review share (None: not one of them)."""
    if arg.kind == SQUARE:
        return ALL_SQUARES + ["star"]
    if arg.kind == ROW:
        return [str(r) for r in range(1, 16)]
    if arg.kind == COLUMN:
        return list("ABCDEFGHIJKLMNO")
    if arg.kind == AREA:
        return AREAS
    if arg.kind == SETTING:
        if index == 0:
            return list(setting_values)
        return list(setting_values.get(words[1].lower(), ()))
    return None


def help_lines(
    registry: Registry[F],
    entries: Mapping[str, HelpEntry],
    args: str,
    index_tail: Sequence[str],
    more: Mapping[str, Callable[[], list[str]]] | None = None,
    brief: bool = False,
) -> list[str]:
    """``help`` and ``help TOPIC`` over a registry and its help texts (the
    game's and the review's alike). ``help`` alone: the summary, the
    commands by group, then ``index_tail``; a topic's entry ends with
    ``more[key]()`` when given."""
    topic = " ".join(args.split()).lower()
    more_asked = topic.endswith(" more")
    if more_asked:  # "help set more": the rest of a long entry
        topic = topic[: -len(" more")].strip()
    if not topic:
        lines = [entries["help"].summary]
        for group, cmds in registry.groups().items():
            names = [c.name for c in cmds]
            names[0] = f"{group}: {names[0]}"
            lines.extend(phrases.fit(names))
        lines.extend(index_tail)
        return lines
    cmd = registry.get(topic)
    key = cmd.key if cmd else topic
    if key not in entries and topic.startswith("set ") and topic[4:] in entries:
        key = topic = topic[4:]  # "help set echo": the setting's own help
    entry = entries.get(key)
    if entry is None:
        named = next((name for name in registry.groups() if name.lower() == topic), None)
        if named is not None:  # "help turn": a group the index names, as it names it
            names = [c.name for c in registry.groups()[named]]
            names[0] = f"{named}: {names[0]}"
            return phrases.fit(names) + [prompts.HELP_ON_ONE]
        return prompts.no_help_on(topic, registry.suggest(topic), brief)
    if more_asked:
        said = list(entry.more) or list(entry.rest)
        if more and key in more:
            said.extend(more[key]())
        return said
    lines = list(entry.lead)
    lines.extend(f"Type {u}" + ("." if not u.endswith(".") else "") for u in entry.usages)
    lines.extend(entry.rest)
    if cmd and cmd.aliases:
        lines.append(prompts.also(cmd.aliases))
    if entry.more:  # the rest on asking
        lines.append(prompts.help_more(topic))
    elif more and key in more:
        lines.extend(more[key]())
    return lines


