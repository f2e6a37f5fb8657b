"""The totals after a pass or an exchange, as after a play.

A blind player found that near the end "Expert computer passed." was
followed only by "Rack: N.": one person against the computers hears the
totals once a round, after its last play, so a round that ended in a pass
or an exchange gave none. Now a pass or an exchange is followed by the
totals wherever a play would be: at the end of a round heard at once
(brief and normal verbosity against the computers), after every turn at
full verbosity and at a shared computer. Not when nobody has scored yet
(every total 0), nor when the turn ends the game (the final scores follow).

Played through the Session front with the real expert on a real word list
file of three words (QI, ZA, AA), so that it must pass and exchange.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

pytestmark = pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed")

SCORELESS = re.compile(r"^(You|Expert computer|Alice|Bob) (passed|exchanged \d+ tiles?|drew .*)\.$")


def _words(folder: Path) -> Path:
    words = folder / "three.txt"
    words.write_text("QI\nZA\nAA\n", encoding="utf-8")
    return words


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_against_the_computer_a_pass_or_exchange_says_the_totals_as_a_play_would(tmp_path: Path, verbosity):
    s = Session(Options(players="Me,computer:expert", seed=7, lexicon=str(_words(tmp_path)), verbosity=verbosity))
    try:
        s.start()
        told = 0  # the computer's scoreless turns after someone scored, each followed by the totals
        while not s.game.is_over:
            before = s.game.scores()
            out = s.handle_line("pass")
            totals = s.game.scores()  # after the computer's turn, its last in the reply
            line = f"You {totals[0]}, Expert computer {totals[1]}."
            for k, said in enumerate(out):
                if said == "You passed.":
                    # your pass: the totals at full verbosity; against the computers below it,
                    # once at the end of the round (a computer moves next)
                    follows = k + 1 < len(out) and out[k + 1] == f"You {before[0]}, Expert computer {before[1]}."
                    assert follows == (verbosity == "full" and any(before)), (verbosity, out)
                elif said.startswith("Expert computer") and SCORELESS.match(said) and "Game over." not in out:
                    if any(totals):
                        assert out[k + 1] == line, (verbosity, out)
                        told += 1
                    else:
                        assert not out[k + 1].startswith("You 0"), out  # nothing to tell yet
        assert told >= 3  # it exchanged and passed after its QI, each time told
        # the pass that ended the game: the end follows it, with the final scores
        assert out[out.index("Expert computer passed.") + 1] == "Game over." and "Final scores:" in out
    finally:
        s._close_computers()


class _AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_at_a_shared_computer_a_pass_and_an_exchange_say_the_totals(verbosity):
    s = Session(Options(players="Alice,Bob", seed=5, verbosity=verbosity), lexicon=_AcceptAll())
    s.start()
    s.handle_line("")  # the hand-over
    first = s.game.current
    tiles = [t for t in s.playing().rack_of(first) if t != "?"]
    played = s.handle_line(f"play 8H {tiles[0]}{tiles[1]}")
    totals = s.game.scores()
    assert any(totals)
    line = f"Alice {totals[0]}, Bob {totals[1]}."
    assert line in played  # as after any play
    s.handle_line("")
    exchanged = s.handle_line("exchange " + s.playing().rack_of(s.game.current)[0])
    s.handle_line("")
    passed = s.handle_line("pass")
    for out, what in ((exchanged, "exchanged 1 tile."), (passed, "passed.")):
        name = s.game.names[1 - first] if what.startswith("exch") else s.game.names[first]
        heard = [k for k, x in enumerate(out) if x.startswith(name) and (x.endswith(what) or " drew " in x)]
        assert heard, out
        assert out[heard[-1] + 1] == line, (verbosity, out)
