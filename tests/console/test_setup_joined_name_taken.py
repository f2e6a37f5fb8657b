"""Names joined by "and" at one player's name, one of them already
playing ("Ann", then "Ann and Bob"): no "two players, or one?" is asked,
for two players could not be seated (Ann plays already); the name is one
name, as when no seat is left for a second player. Before, the question
was asked, and "two" was answered "Ann is already playing; give this
player another name." at a question that takes only two or one: another
name typed there was refused in turn, a refusal that told the player to
do what the question does not take. Driven through a Session, as over
piped input (tests/console/test_newcomer_fourth.py's set-up)."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from console_kit import passers  # type: ignore[import-not-found]


def _set_up(*answers: str) -> tuple[Session, list[list[str]]]:
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    return s, [s.handle_line(a) for a in answers]


def test_a_name_joined_with_one_already_playing_is_one_name() -> None:
    s, said = _set_up("3", "Ann", "Ann and Bob")
    assert not any("already playing" in line for line in said[2]), said[2]
    assert said[2][0] == "Ann and Bob plays.", said[2]
    assert s.setup.asking == "name" and [seat.name for seat in s.setup.players] == ["Ann", "Ann and Bob"]


def test_a_name_joined_with_itself_is_one_name() -> None:
    s, said = _set_up("", "Tom and tom")
    assert said[1][0] == "Tom and tom plays.", said[1]
