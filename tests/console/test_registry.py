"""The command registry (console/handlers/registry.py): names and aliases, modes,
suggestions for a mistyped name, completion and ``help``.

A small registry of its own shows each rule; the game's registry
(console/handlers/commands.py) and the review's are read through the same class.
"""

from __future__ import annotations

import pytest

from audio_scrabble.console.handlers.commands import REGISTRY
from audio_scrabble.console.handlers.helptext import HelpEntry
from audio_scrabble.console.handlers.registry import (
    ALL_SQUARES,
    AREA,
    BEFORE,
    COLUMN,
    GAME,
    PLAY,
    QUESTION,
    REVIEW,
    ROW,
    SETTING,
    SQUARE,
    Arg,
    Command,
    Registry,
    board_candidates,
    help_lines,
)
from audio_scrabble.console.handlers.review_commands import REVIEW_COMMANDS


def _said(front: object, args: str) -> list[str]:
    return [args]


def _small() -> Registry[object]:
    return Registry([
        Command("play", _said, "Turn", aliases=("p",), args=(Arg("word", PLAY),), changes=True),
        Command("pass", _said, "Turn", changes=True),
        Command("square", _said, "Board", args=(Arg("square", SQUARE),), modes=frozenset({GAME, BEFORE})),
        Command("set", _said, "Settings", args=(Arg("name", SETTING), Arg("value", SETTING)),
                modes=frozenset({GAME, QUESTION}), help_key="settings"),
    ])


def test_a_command_is_found_by_name_or_alias_in_any_case() -> None:
    reg = _small()
    assert reg.get("PLAY") is reg.get("p") is reg.commands[0]
    assert reg.get("nothing") is None
    assert reg.names() == ["play", "pass", "square", "set"]
    assert reg.get("set").key == "settings" and reg.get("pass").key == "pass"


def test_a_name_or_alias_used_twice_is_refused() -> None:
    reg = _small()
    with pytest.raises(ValueError, match="'p' is used twice"):
        reg.add(Command("print", _said, "Board", aliases=("p",)))
    assert reg.get("p").name == "play" and reg.names() == ["play", "pass", "square", "set"]


def test_a_command_works_only_in_its_modes() -> None:
    reg = _small()
    assert reg.in_mode("play", GAME) is not None
    assert reg.in_mode("play", QUESTION) is None
    assert reg.in_mode("square", BEFORE) is not None
    assert reg.in_mode("set", QUESTION) is not None and reg.in_mode("set", REVIEW) is None


def test_the_groups_keep_the_order_commands_were_added() -> None:
    groups = _small().groups()
    assert list(groups) == ["Turn", "Board", "Settings"]
    assert [c.name for c in groups["Turn"]] == ["play", "pass"]


def test_a_mistyped_name_gets_the_nearest_commands() -> None:
    reg = _small()
    assert reg.suggest("paly") == ["play"]
    assert reg.suggest("squre") == ["square"]
    assert reg.suggest("pa") == ["play", "pass"]  # two letters: the names they start
    assert reg.suggest("s") == []  # one letter is no guess
    assert reg.suggest("zzz") == []
    said = " ".join(reg.not_a_command("squre"))
    assert said.startswith("'squre' is not a command") and "square" in said
    assert reg.not_a_command("squre", brief=True) == ["Not a command; square?"]


def test_the_games_registry_suggests_from_its_own_names() -> None:
    assert "play" in REGISTRY.suggest("plya")
    assert all(REGISTRY.get(name) is not None for name in REGISTRY.suggest("scroes"))
    assert REGISTRY.not_a_command("undo")  # a command other programs have: said what to do instead


def test_completion_of_names_and_arguments() -> None:
    reg = _small()
    assert reg.complete("", lambda *a: []) == reg.names()
    assert reg.complete("p", lambda *a: []) == ["play", "pass"]
    asked: list[tuple[str, str, list[str], int]] = []

    def candidates(cmd, arg, words, index) -> list[str]:
        asked.append((cmd.name, arg.name, words, index))
        return ["alpha", "beta", "ALPS"]

    assert reg.complete("play al", candidates) == ["alpha", "ALPS"]
    assert asked[-1] == ("play", "word", ["play", "al"], 0)
    assert reg.complete("set speech ", candidates) == ["alpha", "beta", "ALPS"]
    assert asked[-1] == ("set", "value", ["set", "speech"], 1)
    assert reg.complete("pass ", candidates) == []  # no arguments
    assert reg.complete("nothing ", candidates) == []


def test_the_argument_kinds_the_game_and_review_share() -> None:
    values = {"speech": ["text", "tts"], "braille": ["off", "40"]}
    assert board_candidates(Arg("s", SQUARE), [], 0, values) == ALL_SQUARES + ["star"]
    assert len(ALL_SQUARES) == 225 and "H8" in ALL_SQUARES
    assert board_candidates(Arg("r", ROW), [], 0, values) == [str(n) for n in range(1, 16)]
    assert board_candidates(Arg("c", COLUMN), [], 0, values)[-1] == "O"
    assert "all" in board_candidates(Arg("a", AREA), [], 0, values)
    assert board_candidates(Arg("n", SETTING), ["set"], 0, values) == ["speech", "braille"]
    assert board_candidates(Arg("v", SETTING), ["set", "Speech"], 1, values) == ["text", "tts"]
    assert board_candidates(Arg("w", PLAY), [], 0, values) is None


def _entries() -> dict[str, HelpEntry]:
    return {
        "help": HelpEntry("help", ("help",), "Commands, by group:", ()),
        "play": HelpEntry("play", ("play WORD at SQUARE",), "Play a word", ("on the board.", "Scores it."), first=None),
        "settings": HelpEntry("settings", ("set NAME VALUE",), "Change a setting.", ("One.", "Two.", "Three."),
                              first=1),
    }


def test_help_lists_the_groups_then_the_tail() -> None:
    lines = help_lines(_small(), _entries(), "", ["help COMMAND: more."])
    assert lines == ["Commands, by group:", "Turn: play, pass.", "Board: square.", "Settings: set.",
                     "help COMMAND: more."]


def test_help_on_a_command_an_alias_a_group_and_nothing() -> None:
    reg = _small()
    play = help_lines(reg, _entries(), "p", [])
    assert play == ["Play a word", "on the board.", "Type play WORD at SQUARE.", "Scores it.", "Also: p."]
    assert help_lines(reg, _entries(), "turn", []) == ["Turn: play, pass.", "help and a command: more about it."]
    nothing = " ".join(help_lines(reg, _entries(), "pasz", []))
    assert nothing.startswith("There is no help on 'pasz'.") and "pass" in nothing
    assert help_lines(reg, _entries(), "pasz", [], brief=True) == ["No help on 'pasz'; type help."]


def test_a_long_entry_says_the_rest_on_asking() -> None:
    reg = _small()
    first = help_lines(reg, _entries(), "set", [], more={"settings": lambda: ["Now: text."]})
    assert first == ["Change a setting.", "Type set NAME VALUE.", "One.", "help set more: the rest."]
    rest = help_lines(reg, _entries(), "set  MORE", [], more={"settings": lambda: ["Now: text."]})
    assert rest == ["Two.", "Three.", "Now: text."]


def test_the_game_and_the_review_each_name_a_command_once() -> None:
    for registry in (REGISTRY, REVIEW_COMMANDS):
        words = [w for c in registry.commands for w in (c.name, *c.aliases)]
        assert len(words) == len(set(words))
        assert all(registry.get(w) is not None for w in words)
