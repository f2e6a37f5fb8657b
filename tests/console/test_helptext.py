"""Help (console/handlers/helptext.py, data/help.txt): every command has help, its
lines fit a braille line, the first answer is short; through the
session as a player asks."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.handlers.commands import REGISTRY
from audio_scrabble.console.handlers.helptext import help_entries, tutorial_steps
from audio_scrabble.console.session import Options, Session

from console_kit import session, joined, pair


# ---------------------------------------------------------------- help and the registry
def test_every_command_has_help_text():
    entries = help_entries()
    for cmd in REGISTRY.commands:
        assert cmd.key in entries, cmd.name
        assert entries[cmd.key].summary
    for topic in ("keys", "notation", "premiums"):
        assert topic in entries


def test_help_on_a_command_and_its_alias():
    s, _ = session()
    out = s.handle_line("help play")
    assert out[0] == "Place a word, ending your turn."
    assert "Type play TRAIN from D8 across." in out
    assert s.handle_line("help p") == out
    out = s.handle_line("help keys")
    assert out[0] == "Keys on an empty line move the cursor:"
    assert all(len(x) <= 40 for x in out), out


@pytest.mark.parametrize("topic", sorted(help_entries()))
def test_every_help_topic_fits_40_characters_a_line(topic):
    s, _ = session()
    out = s.handle_line(f"help {topic}")
    assert all(len(x) <= 40 for x in out), out


@pytest.mark.parametrize("topic, words", [
    ("blank", "any letter"), ("end", "bag is empty"), ("speech", "screen"),
    ("challenge", "goes out"), ("level", "beginner"),
])
def test_help_explains_rules_questions(topic, words):
    """Finding 3: help could not say what a blank is, how challenges and the end work."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    out = s.handle_line(f"help {topic}")
    assert not out[0].startswith("There is no help"), out
    assert words in " ".join(out)
    assert all(len(x) <= 40 for x in out), out


def test_the_tutorial_walks_a_first_game_step_by_step():
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    steps = tutorial_steps()
    assert len(steps) >= 5
    first = s.handle_line("tutorial")
    assert first[0] == "Step 1: the board." and first[-1] == "Type next for step 2."
    last = s.handle_line(f"tutorial {len(steps)}")
    assert last[-1] == "Tutorial over; your game goes on."  # in a game: not "type new to play"
    assert s.handle_line("tutorial 99")[0].startswith("The tutorial has steps 1 to")
    for n in range(1, len(steps) + 1):
        assert all(len(x) <= 40 for x in s.handle_line(f"tutorial {n}"))
    # also before the game, at a set-up question
    fresh = Session(Options(), lexicon=services.WordSet(["QI"]))
    question = fresh.start()[-1]
    out = fresh.handle_line("tutorial")
    assert out[0] == "Step 1: the board." and out[-1] == question


def test_help_says_a_summary_sentence_whole_before_the_usages():
    """Finding 4: a summary broken over two lines had "Type X." land inside it."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    for key, entry in help_entries().items():
        out = s.handle_line(f"help {key}")
        typed = [n for n, line in enumerate(out) if line.startswith("Type ")]
        if not typed:
            continue
        before = out[: typed[0]]
        assert before and before[-1].endswith((".", "?", "!")), (key, out)
    assert s.handle_line("help words")[:3] == [
        "Every word on the board, where it", "starts and which way it runs.", "Type words."]


def test_help_says_the_last_play_can_still_be_challenged():
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    accept = " ".join(s.handle_line("help accept"))
    assert "no one can move" in accept and "sixth scoreless turn" in accept and "going out" in accept
    end = " ".join(s.handle_line("help end"))
    assert "can still be challenged" in end
    assert all(len(x) <= 40 for x in s.handle_line("help accept") + s.handle_line("help end"))


# ---------------------------------------------------------------- 9: help the index names, short first answers
def test_help_survey_answers_as_the_index_names_it():
    s = pair()
    index = s.handle_line("help")
    assert "Survey: spots, around, fit." in index
    out = s.handle_line("help survey")
    assert "no help" not in joined(out).lower(), out
    assert all(w in joined(out) for w in ("spots", "around", "fit")) and len(out) <= 10, out
    assert all(len(x) <= 40 for x in out)
    # every group the index names has an answer
    groups = [line.split(":")[0] for line in index[1:] if ":" in line and not line.startswith(("help", "tutorial"))]
    assert "Survey" in groups and "Turn" in groups
    for group in groups:
        said = s.handle_line(f"help {group}")
        assert "no help" not in joined(said).lower(), (group, said)


@pytest.mark.parametrize("topic, needed", [
    ("set", ["set verbosity brief", "set alone"]),
    ("keys", ["F2", "F4", "F9: spots"]),
    ("computer", ["champion", "beginner"]),
])
def test_long_help_gives_a_short_first_answer_and_the_rest_on_asking(topic, needed):
    s = pair()
    first = s.handle_line(f"help {topic}")
    assert len(first) <= 12, (len(first), first)
    assert all(n in joined(first) for n in needed), first
    assert first[-1] == f"help {topic} more: the rest."
    rest = s.handle_line(f"help {topic} more")
    assert len(rest) > 5 and not set(rest) & set(first[1:-1]), rest
    assert all(len(x) <= 40 for x in first + rest)


def test_help_computer_more_speaks_of_the_champion():
    s = pair()
    rest = joined(s.handle_line("help computer more"))
    assert "champion" in rest and "--think" in rest
