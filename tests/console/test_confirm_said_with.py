"""At "Leave the game?" and "Start a new game?", the command typed again
with the words it is said with ("quit game", "quit now", "new game") is
a yes, as the command alone is ("quit", "new"). Before, it was taken for
another command: "Staying in the game." and then the same question again,
two answers that contradict each other, the player still asked."""

from __future__ import annotations

from console_kit import ready, session  # type: ignore[import-not-found]


def test_quit_game_at_the_leave_question_leaves() -> None:
    for typed in ("quit game", "quit now", "Quit game.", "exit game"):
        s, _ = session()
        s.handle_line("quit")
        said = s.handle_line(typed)
        assert "Staying in the game." not in said, (typed, said)
        assert s.finished, typed


def test_new_game_at_the_new_question_starts_one() -> None:
    s, _ = session()
    ready(s)
    s.handle_line("pass")
    assert s.game.actions
    s.handle_line("new")
    said = s.handle_line("new game")
    assert "Staying in the game." not in said, said
    assert s.question is None and not s.game.actions  # a new game, no move made yet


def test_other_words_after_quit_are_still_no() -> None:
    s, _ = session()
    s.handle_line("quit")
    said = s.handle_line("quit maybe")
    assert not s.finished and "Staying in the game." in said, said  # not taken for a yes
