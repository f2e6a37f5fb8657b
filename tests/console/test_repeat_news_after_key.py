"""News that came on its own is not lost to ``repeat`` by a board key.

A blind player reading the board with the arrows while the others move:
a move (or a chat line) arrives and is spoken; the next arrow cuts that
speech (any key does) and says its square. ``repeat`` ("moves and
messages that came since your last line: all of them") must still give
the news: a board key is no line typed. Before, the key's answer took
the news' place, and ``repeat`` and F4 said the square alone (a chat
line was then lost: ``last`` and ``history`` keep only moves). The key's
own answer is kept after the news (F4 after an arrow ends with its square).
"""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.app import Voice
from audio_scrabble.console.session import Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove

from console_kit import alice_first_at_a_table  # type: ignore[import-not-found]


def _news_then_key(s: Session, bob: RemoteSeat, carol: RemoteSeat) -> tuple[list[str], list[str]]:
    voice = Voice(s, services.ListSpeaker())
    s.handle_line("pass")
    bob.put(SeatMove(PASS))
    voice.computers(s, wait=False)  # said above the prompt, as it arrives
    carol.put(SeatMove(PASS))
    voice.computers(s, wait=False)
    news = list(s.out.last_reply)
    square = s.key("right")  # the next arrow: its square
    return news, square


def test_repeat_typed_after_a_board_key_still_says_the_news() -> None:
    s, bob, carol = alice_first_at_a_table()
    news, square = _news_then_key(s, bob, carol)
    assert any("Bob passed." in line for line in news) and any("Carol passed." in line for line in news)
    said = s.handle_line("repeat")
    assert said[: len(news)] == news, said  # every piece of news, in order
    assert said[len(news):] == square  # then the key's own answer


def test_f4_after_a_board_key_says_the_news_then_the_square() -> None:
    s, bob, carol = alice_first_at_a_table()
    news, square = _news_then_key(s, bob, carol)
    assert s.key("repeat") == news + square
    again = s.key("left")  # another arrow: its square replaces the last one's, the news stays
    assert s.key("repeat") == news + again


def test_a_line_typed_after_the_key_starts_afresh() -> None:
    s, bob, carol = alice_first_at_a_table()
    _news_then_key(s, bob, carol)
    scores = s.handle_line("scores")
    assert s.handle_line("repeat") == scores
    right = s.key("right")
    assert s.key("repeat") == right  # no news since the line: the key's answer alone
