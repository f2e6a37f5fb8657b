"""Every line a local game prints is a braille line: at most 40 characters
(or N after ``set braille N``), whatever the players are called.

The checker drives the console (Session.handle_line, the real word list
and a club computer) through a whole game of two people and a computer
with long names, typing at each of the people's turns the commands that
read the game (rack, bag, scores, history, summary, unseen, the board's
rows, columns and squares, help...), then the review of the game, and
collects every printed line longer than the line. A word longer than a
whole line (a file's path) may stand alone on its line, nothing else
with it. Before, "Christabella's turn. Type help for commands." was one
line of 44 characters (a name of 12 letters)."""

from __future__ import annotations

from typing import Any

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.engine.players import ComputerPlayer
from audio_scrabble.lexicon import Lexicon
from typed_moves import typed as typed_move  # type: ignore[import-not-found]

#: what a person types at their turn: the commands that read the game
READING = ("rack", "bag", "scores", "history", "summary", "unseen", "last", "where", "row 8", "column H",
           "square H8", "around", "legend", "rules", "hint", "spots", "words", "help", "help play", "sort",
           "shuffle", "check 8D QZQZ", "play H8", "exchange", "repeat")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def too_long(lines: list[str], width: int | None) -> list[str]:
    limit = width or 40
    return sorted({line for line in lines if len(line) > limit and len(line.split()) > 1})


def their_move(s: Session, player: ComputerPlayer) -> str:
    """The move a club player would make for the person whose turn it is, as typed."""
    game = s.game
    assert game is not None
    return typed_move(player.choose(game, game.current), game.board)


@pytest.mark.parametrize("width", [None, 20])
def test_a_local_game_with_long_names_prints_no_line_wider_than_the_line(lexicon: Any, width: int | None) -> None:
    s = Session(Options(players="Bartholomew,Christabella,computer:club", seed=4), lexicon=lexicon)
    heard = list(s.start())
    if width is not None:
        heard = []  # before braille mode: held to 40 below
        s.handle_line(f"set braille {width}")
    chooser = ComputerPlayer("club", lexicon, rng_seed=3)
    turns = 0
    while s.game is not None and not s.game.is_over and turns < 60:
        heard += s.handle_line("")
        game = s.game
        if game.awaiting_final_challenge:
            heard += s.handle_line("accept")
            continue
        if turns < 3:
            for typed in READING:
                heard += s.handle_line(typed)
        heard += s.handle_line(their_move(s, chooser))
        turns += 1
    for typed in ("", "scores", "history", "review", "next", "next", "back", "last", "history 3", "summary"):
        heard += s.handle_line(typed)
    assert turns > 5
    assert too_long(heard, width) == []


@pytest.mark.parametrize("rules", ["house", "double", "single", "five", "ten", "void"])
def test_each_rule_set_is_said_in_lines_of_40(rules: str) -> None:
    """``rules`` and the game's start under each rule set, with long names
    (a guard: these were in lines of 40 already)."""
    from audio_scrabble.console import services

    s = Session(Options(players="Bartholomew,Christabella", rules=rules, seed=2),
                lexicon=services.WordSet(["QI", "ZA"]))
    heard = list(s.start())
    for typed in ("", "rules", "summary", "pass", "", "scores", "history", "last"):
        heard += s.handle_line(typed)
    assert too_long(heard, None) == []


def test_the_review_s_help_is_written_in_lines_of_40() -> None:
    """The review's help (data/review_help.txt) in lines of at most 40, as
    help.txt is; its first sentence still whole (the entry's lead). Before,
    20 of its lines were 42 to 87 characters ("To hear the current move
    again, type move.", printed as it is by ``help last``)."""
    from audio_scrabble.console.handlers.review_commands import review_help

    entries = review_help()
    long = [(key, line) for key, e in entries.items() for line in (e.summary, *e.details) if len(line) > 40]
    assert long == []
    assert " ".join(entries["next"].lead) == "Hear the next move; Enter on an empty line does the same."
