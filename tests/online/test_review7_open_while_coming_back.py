"""``open N`` typed while an honour game asked back is being taken on the
worker's thread (console/homes/online_catching.py: ask_back, _honour_taken).

The worker takes the other computer's answer: it drops the room from
``home.catching``, replays the log (resume_honour), then drops it from
``home.asked``. An ``open`` on the console's thread in between found the
room still asked back and nothing waiting, so it took it for a game
moved away and asked it back again: a second ``asked_back`` note in its
log after the game had come, a new ask sent, and a stray ask kept in
``home.catching``. Now an ``open`` then says it is asked back (it is
coming) and changes nothing. The interleaving is made certain by
running the ``open`` from inside the worker's take, where the console's
thread would meet it. Over honour_kit's homes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console.homes import online_catching
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import prompts_homes

from honour_kit import Computers, asked_with_the_other_off  # type: ignore[import-not-found]
from lines_kit import joined  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_open_while_the_game_is_being_taken_asks_nothing_again(tmp_path: Path, lexicon: Any) -> None:
    homes = Computers(tmp_path, lexicon)
    try:
        first, room, actions = asked_with_the_other_off(homes)
        home = first.home
        said: list[str] = []
        takes: list[Any] = []
        real = home.resume_honour

        def mid_take(log: Any) -> list[str]:  # the worker's take, the console's `open 1` arriving now
            takes.append(log)
            if len(takes) == 1:
                said.extend(home.open(1))
            return real(log)

        home.resume_honour = mid_take  # type: ignore[method-assign]
        second = homes.host("second", "ALICE2")
        second.sign_in()  # reads the ask: hands the game back to the first, running
        homes.idle(first, second)
        assert said, "the take did not run"
        assert len(takes) == 1, "the game was taken twice"
        assert joined(said) == joined(prompts_homes.honour_asked_back("Bob")), said
        assert room in home.honour and home.honour[room].game.actions == actions
        assert room not in home.catching and room not in home.asked and room not in home.moved
        kinds = [e.get("kind") for e in home.store.game_log(room).entries()]
        took = max(k for k, kind in enumerate(kinds) if kind == "took")
        assert online_catching.ASKED_BACK not in kinds[took:], kinds[took:]
        out = joined(first.line("games"))
        assert "1 online game: with Bob (honour)," in out and "asked back" not in out, out
    finally:
        homes.close()
