"""What the console's tests share (tests/console/): a word list that accepts
every word, a session driven line by line, what it said, a snapshot of
the game to compare before and after a refusal."""

from __future__ import annotations

import copy

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK


WORDS = ["TRAIN", "AT", "TA", "FEZ", "ZA", "QI", "AA", "AE", "EA", "IN", "TI", "IT", "NA", "AN"]


class AcceptAll:
    """A word list that accepts every word (games that only test the flow)."""

    def __contains__(self, word: object) -> bool:
        return True


def session(players: str = "Alice,Bob", seed: int = 1, lexicon=None, **opts) -> tuple[Session, list[str]]:
    s = Session(Options(players=players, seed=seed, **opts), lexicon=lexicon or services.WordSet(WORDS))
    return s, s.start()


def ready(s: Session) -> list[str]:
    """Press Enter for the hand-over (two people at one computer)."""
    return s.handle_line("")


def snapshot(s: Session):
    g = s.game
    assert g is not None
    return (
        copy.deepcopy(g.actions),
        g.board.rows_text(),
        [list(p.rack) for p in g.players],
        g.scores(),
        len(g.bag),
        g.current,
        len(g.history),
    )


def seed_where(pred, names=("Alice", "Bob"), rules="house", limit=500) -> int:
    for seed in range(limit):
        g = Game(list(names), rules_named(rules), seed)
        if pred(g):
            return seed
    raise AssertionError("no seed found")


def said(lines: list[str]) -> str:
    return "\n".join(lines)


# ---------------------------------------------------------------- playing
def _first_two(s: Session) -> str:
    rack = s.game.current_player.rack
    return "".join(t for t in rack if t != BLANK)[:2]
