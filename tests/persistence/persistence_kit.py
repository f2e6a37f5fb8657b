"""What the persistence tests share (tests/persistence/): a data folder of
the test's own, a store, games advanced and snapshotted."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.core import Game, rules_named
from audio_scrabble.persistence import DATA_DIR_ENV, SaveStore

from randplay import PseudoLexicon, step


LEX = PseudoLexicon()


STAMPED = r"\d{8}T\d{6}(-\d+)?"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    return folder


@pytest.fixture
def store(data_folder: Path) -> SaveStore:
    return SaveStore()


# ------------------------------------------------------------------ helpers
def new_game(rules: str = "double", seed: int = 7, names: tuple[str, ...] = ("Alice", "Bob")) -> Game:
    return Game(list(names), rules_named(rules), seed=seed, lexicon=LEX)


def finished_game(seed: int) -> Game:
    """A game of the double challenge (new_game) played to its end by
    random legal actions (randplay.step), seeded with ``seed``."""
    game = new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        step(game, rng)
    return game


def advance(game: Game, rng: random.Random, n: int, store: SaveStore | None = None,
            settings: dict[str, Any] | None = None) -> None:
    """Make up to n random legal actions, saving after each if a store is given."""
    for _ in range(n):
        if game.is_over:
            return
        step(game, rng)
        if store is not None:
            store.save(game, settings)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything observable about a game."""
    return {
        "config": game.config(),
        "board": game.board.rows_text(),
        "racks": [list(p.rack) for p in game.players],
        "bag": list(game.bag.tiles),
        "bag_state": game.bag.state,
        "scores": game.scores(),
        "current": game.current,
        "turn": game.turn,
        "history": list(game.history),
        "last_events": game.last_events,
        "actions": json.loads(json.dumps(game.actions)),
        "pending": game.pending_play,
        "awaiting_final": game.awaiting_final_challenge,
        "ended": game.ended,
        "unseen": game.unseen(),
    }


def game_with_pending_challenge(rules: str = "double") -> Game:
    """A game stopped just after a play that may still be challenged."""
    for seed in range(200):
        game = new_game(rules, seed)
        rng = random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            step(game, rng)
            if game.pending_play is not None and game.why_not_challenge() is None and len(game.actions) > 4:
                return game
    raise AssertionError("no game with a pending play found")


def one_sentence(text: str) -> bool:
    """Non-empty, ends with a full stop, and no sentence break inside."""
    return bool(text) and text.endswith(".") and len(re.findall(r"[.!?](?:\s|$)", text)) == 1


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _two_saves(store: SaveStore) -> tuple[Game, dict[str, Any]]:
    """A game saved twice; returns the game and the snapshot at the previous save."""
    game = new_game()
    rng = random.Random(11)
    advance(game, rng, 6, store)
    previous = snapshot(game)
    advance(game, rng, 1, store)
    assert store.previous_path.exists()
    return game, previous
