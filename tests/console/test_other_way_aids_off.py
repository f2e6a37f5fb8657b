"""The other way to type a word that touches no tile, with the aids off
(review8 and newcomer10 met here): under rules with challenges, whether
that way is suggested must not tell which words are in the list, so it
is suggested where the word sits on its own squares whatever words it
crosses; with the aids on it is not suggested where a crossed word is
not listed (test_review8_turned_way_only_if_it_plays)."""

from __future__ import annotations

import re
import tempfile

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore

_TYPE = re.compile(r"type play (\S+ from [A-O]\d{1,2} (?:across|down))")


def _ann_after_faqir(aids: bool) -> Session:
    """Seed 1: Bob plays FAQIR from D8 across; Ann holds A L F R E G U."""
    s = Session(Options(players="Ann,Bob", seed=1, rules="house", aids=aids), store=SaveStore(tempfile.mkdtemp()))
    s.start()
    s.handle_line("")
    s.handle_line("play FAQIR from D8 across")
    s.handle_line("")
    return s


def test_aids_off_the_other_way_said_whatever_it_crosses():
    s = _ann_after_faqir(aids=False)
    said = s.handle_line("play FLUE C9")  # across from C9 it makes FL, AU, QE: not listed
    told = _TYPE.search(" ".join(said))
    assert told is not None and told.group(1) == "FLUE from C9 across", said
    assert len(s.game.actions) == 1


def test_aids_on_the_other_way_not_said_where_it_crosses_unlisted():
    s = _ann_after_faqir(aids=True)
    said = s.handle_line("play FLUE C9")
    assert _TYPE.search(" ".join(said)) is None, said
