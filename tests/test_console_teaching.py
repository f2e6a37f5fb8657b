"""The console's computer players, hints and post-game review (issue 4).

Everything goes through ``Session.handle_line``, as in test_console.py:
the set-up questions that seat a computer of a chosen level, the
``hint`` command and ``set hints``, ``review`` after the game, the
challenge window when a player goes out before a computer, the tiles
drawn after a play that may still be challenged, and the question asked
when the word made is not the word typed.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.tiles import BLANK


class AcceptAll:
    """A word list that accepts every word (games that only test the flow)."""

    def __contains__(self, word: object) -> bool:
        return True


def snapshot(s: Session):
    g = s.game
    assert g is not None
    return (copy.deepcopy(g.actions), g.board.rows_text(), [list(p.rack) for p in g.players], g.scores(),
            len(g.bag), g.current, len(g.history))


def two_people(seed: int = 1, lexicon=None) -> Session:
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=lexicon or AcceptAll())
    s.start()
    return s


def give(s: Session, tiles: str) -> None:
    """Put these tiles first on the current player's rack (a position for a test)."""
    g = s.game
    g.current_player.rack[: len(tiles)] = list(tiles)
    s.rack_order[g.current] = list(g.current_player.rack)


# ---------------------------------------------------------------- the word made is not the word typed
@pytest.mark.parametrize(
    "board, typed, made, joined",
    [
        ({"H8": "I"}, "play H5 ZIT", "That makes ZITI, H5 down.", "That joins I on H8."),
        ({"H4": "O"}, "play H5 ZIT", "That makes OZIT, H4 down.", "That joins O on H4."),
        ({"H4": "O", "H8": "I"}, "play H5 ZIT", "That makes OZITI, H4 down.", "That joins O on H4 and I on H8."),
        ({"K8": "S"}, "play 8H ZIT", "That makes ZITS, H8 across.", "That joins S on K8."),
        ({"H8": "A"}, "play H9 T", "That makes AT, H8 down.", "That joins A on H8."),
        ({"H8": "A"}, "play 9H T", "That makes AT, H8 down.", "That joins A on H8."),
    ],
)
def test_a_word_running_into_board_letters_is_said_and_asked_first(board, typed, made, joined):
    s = two_people()
    g = s.game
    for name, letter in board.items():
        g.board.put(Square.parse(name), letter)
    s.handle_line("")
    give(s, "ZIT")
    before = snapshot(s)
    out = s.handle_line(typed)
    assert out == [made, joined, "Play it? Type yes or no."]
    assert snapshot(s) == before
    assert s.handle_line("no") == ["Not played; the turn is still yours."]
    assert snapshot(s) == before
    # check says the word really formed, and which board letters it takes in
    checked = s.handle_line(typed.replace("play", "check"))
    assert checked[0].startswith(made.removeprefix("That makes ").rstrip("."))
    assert checked[-1] == joined
    assert snapshot(s) == before
    s.handle_line(typed)
    mover = g.names[g.current]
    out = s.handle_line("yes")
    assert out[0].startswith(f"{mover} played ")
    assert made.removeprefix("That makes ").rstrip(".") in " ".join(out[:2])


def test_the_word_typed_whole_with_its_board_letters_is_played_at_once():
    s = two_people()
    g = s.game
    g.board.put(Square.parse("H8"), "I")
    s.handle_line("")
    give(s, "ZIT")
    for typed in ("play H5 ZITI", "play H5 ZIT(I)", "play H5 ZIT."):
        t = copy.deepcopy(s)
        out = t.handle_line(typed)
        assert "played ZITI, H5 down." in out[0], (typed, out)
