"""Scoring a play, with a breakdown a scorekeeper can read out."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Premium, Square, premium_at
from .play import Play, WordFormed, words_formed
from .tiles import BINGO_BONUS, RACK_SIZE, tile_value


@dataclass(frozen=True)
class PremiumUsed:
    square: Square
    premium: Premium
    letter: str  # as on the board (lower case for a blank)


@dataclass(frozen=True)
class WordScore:
    word: WordFormed
    letter_sum: int  # after letter premiums
    word_multiplier: int
    premiums: tuple[PremiumUsed, ...]
    score: int

    @property
    def letters(self) -> str:
        return self.word.letters


@dataclass(frozen=True)
class ScoreBreakdown:
    words: tuple[WordScore, ...]
    bingo: int
    total: int

    @property
    def premiums(self) -> tuple[PremiumUsed, ...]:
        """Every premium that counted (each square once)."""
        seen: dict[Square, PremiumUsed] = {}
        for w in self.words:
            for p in w.premiums:
                seen.setdefault(p.square, p)
        return tuple(seen.values())


def score_word(word: WordFormed) -> WordScore:
    letter_sum = 0
    multiplier = 1
    used = []
    for sq, ch, new in zip(word.squares, word.letters, word.new):
        value = tile_value(ch)
        if new:
            prem = premium_at(sq)
            if prem is not None:
                value *= prem.letter_multiplier
                multiplier *= prem.word_multiplier
                used.append(PremiumUsed(sq, prem, ch))
        letter_sum += value
    return WordScore(word, letter_sum, multiplier, tuple(used), letter_sum * multiplier)


def score_play(board: Board, play: Play) -> ScoreBreakdown:
    """Score a (valid) play on ``board`` before it is applied."""
    words = tuple(score_word(w) for w in words_formed(board, play))
    bingo = BINGO_BONUS if len(play.tiles) == RACK_SIZE else 0
    return ScoreBreakdown(words, bingo, sum(w.score for w in words) + bingo)
