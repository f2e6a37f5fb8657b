"""Help (console/helptext.py, data/help.txt): every command has help, its
lines fit a braille line, the first answer is short; through the
session as a player asks."""

from __future__ import annotations

import pytest

from audio_scrabble.console.commands import REGISTRY
from audio_scrabble.console.helptext import help_entries

from console_kit import session


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
    assert out[0] == "Place a word and end your turn."
    assert "Type play 8D TRAIN." in out
    assert s.handle_line("help p") == out
    out = s.handle_line("help keys")
    assert out[0] == "Keys on an empty line move the cursor:"
    assert all(len(x) <= 40 for x in out), out


@pytest.mark.parametrize("topic", sorted(help_entries()))
def test_every_help_topic_fits_40_characters_a_line(topic):
    s, _ = session()
    out = s.handle_line(f"help {topic}")
    assert all(len(x) <= 40 for x in out), out
