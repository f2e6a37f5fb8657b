"""The champion's first round: every candidate it lets in is played out
FIRST_ROUND times before any is cut (pruned or halved), so the cuts
compare means of a hundred and more draws, not of eight (issue 26: a
median of 24.5 play-outs a candidate at the default think)."""

from __future__ import annotations

import pytest

from audio_scrabble.core import Game
from audio_scrabble.core.rules import VARIANTS
from audio_scrabble.engine import champion
from audio_scrabble.engine.champion import (FIRST_CANDIDATES, FIRST_ROUND, FIRST_SHARE, MIN_ITERATIONS, Champion,
                                            first_round)
from audio_scrabble.lexicon import Lexicon

from test_champion_halving import fake_play_outs


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon.default()


def test_the_first_round_fits_the_budget():
    """Enough play-outs left: every candidate, FIRST_ROUND each. Fewer:
    fewer candidates, down to FIRST_CANDIDATES, then fewer play-outs each,
    never under MIN_ITERATIONS."""
    plenty = 11 * FIRST_ROUND / FIRST_SHARE
    assert first_round(11, plenty) == (11, FIRST_ROUND)
    assert first_round(11, 4 * plenty) == (11, FIRST_ROUND)
    n, each = first_round(11, plenty / 2)
    assert FIRST_CANDIDATES <= n < 11 and each == FIRST_ROUND
    n, each = first_round(11, FIRST_CANDIDATES * FIRST_ROUND / FIRST_SHARE / 3)
    assert n == FIRST_CANDIDATES and MIN_ITERATIONS < each < FIRST_ROUND
    assert first_round(11, 1) == (FIRST_CANDIDATES, MIN_ITERATIONS)
    assert first_round(2, 1) == (2, MIN_ITERATIONS)


def test_no_candidate_is_cut_before_the_first_round(monkeypatch, lexicon):
    """Eight candidates, 7 and 6 far behind (they would be pruned after
    eight play-outs), a budget that affords the first round for all: each
    gets FIRST_ROUND play-outs before the clearly worse go, so the median
    over all the candidates is FIRST_ROUND at least; the best is played."""
    gaps = [0.0, -3.0, -4.0, -5.0, -6.0, -7.0, -60.0, -80.0]
    monkeypatch.setattr(champion, "_run_play_outs", fake_play_outs(gaps, each=0.0001))
    game = Game(["a", "b"], VARIANTS["double"], seed=3, lexicon=lexicon)  # a full bag: spread, not win chance
    sim = Champion(lexicon, think=0.8, workers=0, seed=1)
    cands = [(None, ("A",), 0, -float(k)) for k in range(8)]
    assert sim.choose(game, 0, cands) == 0
    last = sim.last
    assert last["fitted"] == 8
    assert last["play_outs_least"] >= FIRST_ROUND and last["play_outs_median"] >= FIRST_ROUND
    assert not last["cuts"] or last["cuts"][0][0] >= FIRST_ROUND
