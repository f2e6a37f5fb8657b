"""A question left open under news is said again, once, in one short
line: Alice has typed quit (leave the game? yes or no) when Bob's move
arrives from elsewhere; with speech the prompt ("yes or no>") is not
read, so before, nothing told her the question was still open. The real
console (prompt_toolkit pipe input); the line is one of the speaker's
replies, printed and spoken alike."""

from __future__ import annotations

import time

from audio_scrabble.console.session import Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove
from audio_scrabble.presentation import prompts

from pipe_console import answer, passed_to_bob, remote_table, run_at_prompt, wait  # type: ignore[import-not-found]

STILL = "Still asking: leave the game? Yes or no."


def _table() -> tuple[Session, RemoteSeat]:
    """Alice here, Bob remote; a seed where Alice plays first."""
    s, (bob,) = remote_table("Bob")
    return s, bob


def test_news_at_the_leave_question_is_followed_by_the_question_again_once():
    s, bob = _table()
    seen: dict = {}

    def script(app, inp, speaker, failed: list[str]) -> None:
        up = passed_to_bob(app, inp, s, failed)
        n = len(speaker.messages)
        inp.send_text("quit\r")
        wait(lambda: up() and app._message() == "yes or no> ", failed, "the question's prompt")
        time.sleep(0.1)
        seen["asked"] = speaker.messages[n:]
        n = len(speaker.messages)
        bob.put(SeatMove(PASS))
        wait(lambda: any(STILL in m for m in speaker.messages[n:]), failed, "the question again")
        time.sleep(0.2)
        seen["news"] = speaker.messages[n:]
        seen["open"] = s.question is not None and app._message() == "yes or no> "
        seen["no"] = answer(inp, speaker, failed, "no")

    speaker, failed = run_at_prompt(s, script)
    assert failed == []
    assert seen["asked"] == [prompts.LEAVE_GAME]
    news = seen["news"]
    assert "Bob passed." in news[0] and news[-1] == STILL, news  # the news, then the question once
    assert sum(m.count(STILL) for m in news) == 1, news
    assert seen["open"]
    assert seen["no"] == [prompts.STAYING]
    # one reply of the speaker's, which prints it (text) or prints and speaks it (tts)
    assert len(STILL) <= 40


def test_each_question_of_the_game_has_its_line_again_and_news_alone_adds_nothing():
    # no question open: news is said as before, nothing after it
    from audio_scrabble.console.asking.questions import ConfirmQuestion

    s, bob = _table()
    s.handle_line("pass")
    bob.put(SeatMove(PASS))
    said = list(s.acting.steps(wait=False, again=True))
    assert said and not any(STILL in line for lines in said for line in lines)
    assert ConfirmQuestion("new").again() == ["Still asking: a new game? Yes or no."]
    for line in (*prompts.STILL_ASKING.values(), prompts.still_asking_blank("H8")):
        assert len(line) <= 40
