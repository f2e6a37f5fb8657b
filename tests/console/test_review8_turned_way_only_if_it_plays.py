"""A word typed where it touches no tile is told the other way to type
when that way plays (review7: a hint's play typed back without its way,
a square written column first running down). That other way was said
whatever words it made across the tiles it met: 'type play FLUE from C9
across' made FL, AU and QE, not in the word list (refused at once under
rules with no challenges, a phony to be challenged off otherwise), and
'play GUL from A8 across' ran on into FAQIR (GULFAQIR). It is said now
only where the word, on just its own squares, crosses into words in the
list; else the rule alone is said (the play must touch a tile)."""

from __future__ import annotations

import re
import tempfile

import pytest

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

_TYPE = re.compile(r"type play (\S+ from [A-O]\d{1,2} (?:across|down))")


def _ann_after_faqir(rules: str) -> Session:
    """Seed 1: Bob plays FAQIR from D8 across (D8 to H8); Ann holds A L F R E G U."""
    s = Session(Options(players="Ann,Bob", seed=1, rules=rules), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.handle_line("play FAQIR from D8 across")
    s.handle_line("")
    assert sorted(s.game.players[s.game.current].rack) == sorted("ALFREGU")
    return s


@pytest.mark.parametrize("rules", ["house", "void"])
@pytest.mark.parametrize("typed", ["play FLUE C9", "play GRUEL C9", "play LUG C9", "play GUL A8"])
def test_the_other_way_is_not_said_where_it_makes_words_not_typed(rules, typed):
    s = _ann_after_faqir(rules)
    said = s.handle_line(typed)
    told = _TYPE.search(" ".join(said))
    if told is not None:  # were it said, typed back it would have to play clean
        checked = " ".join(s.handle_line(f"check {told.group(1)}"))
        assert "not in the word list" not in checked.lower() and "makes" not in checked, (said, checked)
    assert "touch" in " ".join(said), said
    assert len(s.game.actions) == 1  # nothing played


def test_the_other_way_is_still_said_where_it_plays_clean():
    s = _ann_after_faqir("house")
    said = s.handle_line("play LA C9")  # down from C9 touches nothing; across, A under F makes FA
    told = _TYPE.search(" ".join(said))
    assert told is not None and told.group(1) == "LA from C9 across", said
    s.handle_line(f"play {told.group(1)}")
    assert len(s.game.actions) == 2  # typed back, it plays
