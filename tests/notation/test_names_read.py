"""Names read from files pass the check typed names pass (issue 24, item 7).

A crafted save whose players' names held escape codes
(``\\u001b[2J\\u0007``) had them written as they were by the prompt on a
pipe: the screen cleared, the bell rang. A name read from a save, a game
record or a put-away game's file name now meets the check a typed name
meets (notation/names.py): a save or record holding one is refused with a
sentence that does not repeat it, and no escape code reaches the terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.core import Game, rules_named
from audio_scrabble.errors import RecordError, ScrabbleError
from audio_scrabble.notation import read_gcg
from audio_scrabble.persistence import SaveStore, encode_save


class AcceptAll:
    """A word list that takes every word."""

    def __contains__(self, word: object) -> bool:
        return True

REPO = Path(__file__).resolve().parents[2]
CRAFTED = "\u001b[2J\u0007Eve"
ESCAPES = ("\x1b", "\x07")


def _crafted_save(names=(CRAFTED, "Bob")) -> bytes:
    return encode_save(Game(list(names), rules_named("house"), seed=3), {})


def test_a_crafted_save_never_reaches_the_terminal_through_the_prompt_on_a_pipe(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "current.json").write_bytes(_crafted_save())
    env = dict(os.environ, AUDIO_SCRABBLE_DATA_DIR=str(data),
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "audio_scrabble", "--speech", "text"], input="yes\nquit\nyes\n",
                          capture_output=True, text=True, timeout=120, env=env)
    out = proc.stdout + proc.stderr
    assert not any(code in out for code in ESCAPES), repr(out[:400])
    assert "Last save damaged" in out, out  # the reason ("hidden character") is the store's, not said: newcomer 5
    # kept aside, as a damaged save is: never lost
    assert [p.name for p in data.iterdir() if ".damaged-" in p.name]


@pytest.mark.parametrize("which", ["config", "summary"])
def test_a_save_holding_such_a_name_is_refused_as_damaged_with_a_sentence(tmp_path, which):
    import json

    from audio_scrabble.persistence import savefile

    doc = json.loads(_crafted_save(("Eve", "Bob")))
    place = doc["payload"]["config"] if which == "config" else doc["payload"]["summary"]
    place["names"][0] = "\u202eEve"  # a right-to-left override
    doc["checksum"] = savefile._checksum(doc)
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "current.json").write_text(json.dumps(doc))
    other = tmp_path / "other"
    other.mkdir()
    (other / "current.json").write_text(json.dumps(doc))
    with pytest.raises(ScrabbleError, match="hidden character"):  # the store's sentence names why
        SaveStore(other).load()
    s = Session(Options(), lexicon=AcceptAll(), store=SaveStore(folder))
    said = " ".join(s.start())
    # said short: what happened and what now (newcomer 5); why is the store's, above
    assert "Last save damaged" in said and "\u202e" not in said, said
    assert s.question is None or "Resume it?" not in said


def test_a_game_record_naming_a_player_so_is_refused():
    text = "#player1 eve \u001b[2JEve\n#player2 bob Bob\n>eve: ABC - +0 0\n"
    with pytest.raises(RecordError) as caught:
        read_gcg(text)
    assert "hidden character" in str(caught.value) and not any(c in str(caught.value) for c in ESCAPES)
    with pytest.raises(RecordError):
        read_gcg("#player1 e\u0007ve Eve\n#player2 bob Bob\n>e\u0007ve: ABC - +0 0\n")


def test_a_finished_games_file_name_is_listed_without_its_escape_codes(tmp_path):
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    (folder / "games" / "2026-11-20-101010-\u001b[2JEve-v-Bob.gcg").write_text("#player1 a A\n#player2 b B\n")
    s = Session(Options(players="Ann,Bob", seed=2), lexicon=AcceptAll(), store=SaveStore(folder))
    s.start()
    out = " ".join(s.handle_line("games"))
    assert "Bob" in out and not any(c in out for c in ESCAPES), repr(out)
