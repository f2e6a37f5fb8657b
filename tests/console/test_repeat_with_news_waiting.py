"""``repeat`` typed when news is waiting (a remote player's move arrived
and was not said yet: piped lines, or Enter pressed before the
application said it above the prompt) says the news once: the news is
the answer, as Enter after news is. Before, the news was said and then
said again as the "last reply" (taking it had made it the last reply).
A second ``repeat`` says it again, once."""

from __future__ import annotations

from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove

from console_kit import AcceptAll  # type: ignore[import-not-found]


def _table() -> tuple[Session, RemoteSeat]:
    """Alice here, Bob remote; a seed where Alice plays first; the news
    left for the lines typed (as piped lines find it)."""
    for seed in range(1, 60):
        bob = RemoteSeat()
        s = Session(Options(players="Alice,Bob", seed=seed, saved_game=NEW), lexicon=AcceptAll(),
                    remotes={"Bob": bob}, outward=lambda events: None)
        s.start()
        if s.game.current == 0:
            s.defer_computers()
            return s, bob
    raise AssertionError("no seed where Alice plays first")


def test_repeat_with_news_waiting_says_the_news_once() -> None:
    s, bob = _table()
    s.handle_line("pass")
    bob.put(SeatMove(PASS))
    said = s.handle_line("repeat")
    assert said.count("Bob passed.") == 1, said
    assert said[0] == "Bob's move has arrived."
    assert s.handle_line("repeat") == said  # and again, whole, once


def test_repeat_at_a_question_with_news_waiting_says_the_news_once_and_the_question_stays() -> None:
    s, bob = _table()
    s.handle_line("pass")
    s.handle_line("quit")
    bob.put(SeatMove(PASS))
    said = s.handle_line("repeat")
    assert said.count("Bob passed.") == 1, said
    assert s.question is not None  # still asking: leave the game?
    assert s.handle_line("no") == ["Staying in the game."]
