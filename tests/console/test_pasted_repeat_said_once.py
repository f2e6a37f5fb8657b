"""``scores`` and ``repeat`` pasted together say the scores once (issue s27
sr8, 2).

Typed one after the other, ``repeat`` says the scores again: the player
heard them and asked to hear them again. Pasted (or dictated) together,
the two lines are answered in one reply the player has not heard yet;
the ``repeat`` said the same scores a second time in it, straight after
the first. Now it adds nothing there; a ``repeat`` that says something
else (the question again after a wrong answer pasted before it, a reply
from before the paste) is said as before, and ``repeat`` typed after
the paste says its reply once."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session


def _game() -> Session:
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    return s


def test_typed_one_by_one_repeat_says_the_scores_again() -> None:
    s = _game()
    scores = s.handle_line("scores")
    assert s.handle_line("repeat") == scores


def test_pasted_together_the_scores_are_said_once() -> None:
    scores = _game().handle_line("scores")
    for pasted in ("scores\nrepeat", "scores\r\nagain\n", "scores\nrepeat\nrepeat"):
        s = _game()
        said = s.handle_line(pasted)
        assert said == scores, (pasted, said)
        assert s.handle_line("repeat") == scores  # then typed: once more


def test_a_pasted_repeat_that_says_something_else_is_said() -> None:
    s = _game()
    question = s.handle_line("quit")
    said = s.handle_line("maybe\nrepeat")  # the refusal, then the question again
    assert said[-len(question):] == question and len(said) > len(question), said
    s = _game()
    rack = s.handle_line("rack")
    assert s.handle_line("repeat\nscores") == rack + _game().handle_line("scores")
