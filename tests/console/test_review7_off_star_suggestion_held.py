"""The first word typed off the star (console/table/plays.py, off_the_star,
newcomer8) says which way to type it instead: ``type play JEEZ from E8
across.`` That suggestion was given whatever the rack held, so a word
with a tile not on the rack (``play JE?Z from E8`` with no blank, or
``play JEST from E8`` with no S) was answered with a line that,
typed back, is refused for the rack: two refusals, the first telling the
player to type something that cannot be played. Now, when the way
suggested would be refused for another reason, that reason is said (the
rack's tiles there are), and nothing changes."""

from __future__ import annotations

from audio_scrabble.console.session import Options, Session

from console_kit import snapshot  # type: ignore[import-not-found]
from newcomer_kit import passers  # type: ignore[import-not-found]


def _ann() -> Session:
    s = Session(Options(players="Ann,computer:beginner", seed=3), computer_factory=passers)
    s.start()
    assert s.handle_line("rack")[-1] == "Rack: F L E T Z J E.", "the deal changed"
    return s


def _said_then_typed_back(line: str) -> tuple[list[str], list[str]]:
    s = _ann()
    before = snapshot(s)
    out = s.handle_line(line)
    assert snapshot(s) == before  # a refusal changes nothing
    typed = [x for x in " ".join(out).split("type ") if x.startswith("play ")]
    again = s.handle_line(typed[0].rstrip(".")) if typed else []
    return out, again


def test_a_blank_not_held_is_said_not_a_way_that_cannot_be_played() -> None:
    out, again = _said_then_typed_back("play JE?Z from E8")
    assert out[0] == "You have no blank on your rack to play;", (out, again)
    assert all(len(x) <= 40 for x in out), out


def test_a_letter_not_held_is_said_not_a_way_that_cannot_be_played() -> None:
    out, again = _said_then_typed_back("play JEST from E8")  # no S on the rack
    assert out[0] == "You have no S on your rack to play;", (out, again)
    assert all(len(x) <= 40 for x in out), out


def test_a_word_held_still_says_the_way_to_type() -> None:
    out, again = _said_then_typed_back("play JEEZ from E8")
    assert out == ["JEEZ from E8 runs down, off the star;", "type play JEEZ from E8 across."], out
    assert again[0] == "You played JEEZ, E8 across, 40.", again
