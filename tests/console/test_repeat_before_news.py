"""A long reply cut short by news is not lost to ``repeat``.

Under a screen reader (Orca) new text is spoken with interrupt: news that
arrives while the player hears a long reply (help, a row) cuts it off,
and ``repeat`` (or F4) then gives the news, no longer the reply. For a
player who cannot see the screen the reply was lost. Now ``repeat``
says the news, then one line saying the reply before it can be heard
(only when that reply was long enough to be cut: a few lines); ``repeat``
once more says that reply whole. A line typed starts afresh."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.app import Voice
from audio_scrabble.console.session import Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove
from audio_scrabble.presentation import prompts

from console_kit import alice_first_at_a_table  # type: ignore[import-not-found]


def _table() -> tuple[Session, RemoteSeat]:
    """Alice here, Bob and Carol remote; Alice has passed: Bob's turn."""
    s, bob, _ = alice_first_at_a_table()
    s.handle_line("pass")
    return s, bob


def _cut_by_news(s: Session, bob: RemoteSeat, line: str = "help") -> tuple[list[str], list[str]]:
    """``line`` typed and answered, then Bob's pass arrives and is said."""
    reply = s.handle_line(line)
    bob.put(SeatMove(PASS))
    Voice(s, services.ListSpeaker()).computers(s, wait=False)  # said as it arrives
    return reply, list(s.out.last_reply)


def test_repeat_says_the_news_then_offers_the_long_reply_it_cut() -> None:
    s, bob = _table()
    help_lines, news = _cut_by_news(s, bob)
    assert len(help_lines) > 3 and any("Bob passed." in line for line in news)
    said = s.handle_line("repeat")
    assert said[: len(news)] == news, said  # the news first, as before
    assert said[len(news):] == [prompts.REPEAT_AGAIN_BEFORE_NEWS]  # then one line
    assert len(prompts.REPEAT_AGAIN_BEFORE_NEWS) <= 40
    assert s.handle_line("repeat") == help_lines  # the reply the news cut, whole
    assert s.handle_line("repeat") == help_lines  # and again, as repeat does


def test_f4_goes_back_the_same_way() -> None:
    s, bob = _table()
    help_lines, news = _cut_by_news(s, bob)
    assert s.key("repeat") == [*news, prompts.REPEAT_AGAIN_BEFORE_NEWS]
    assert s.key("repeat") == help_lines


def test_a_short_reply_is_not_offered() -> None:
    """A one-line reply was heard before the news came: repeat says the news alone."""
    s, bob = _table()
    reply, news = _cut_by_news(s, bob, "scores")
    assert len(reply) == 1
    assert s.handle_line("repeat") == news
    assert s.handle_line("repeat") == news


def test_a_line_typed_after_the_news_starts_afresh() -> None:
    s, bob = _table()
    _cut_by_news(s, bob)
    scores = s.handle_line("scores")
    assert s.handle_line("repeat") == scores
    assert s.handle_line("repeat") == scores


def test_the_help_on_repeat_says_so() -> None:
    said = " ".join(s for s in _table()[0].handle_line("help repeat"))
    assert "repeat again" in said.lower() and "before" in said.lower(), said
