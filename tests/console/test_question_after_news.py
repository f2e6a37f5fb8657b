"""A question left open under news is said again, once, in one short
line: Alice has typed quit (leave the game? yes or no) when Bob's move
arrives from elsewhere; with speech the prompt ("yes or no>") is not
read, so before, nothing told her the question was still open. The real
console (prompt_toolkit pipe input); the line is one of the speaker's
replies, printed and spoken alike."""

from __future__ import annotations

import io
import threading
import time

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.console.table.seats import PASS, RemoteSeat, SeatMove
from audio_scrabble.presentation import prompts

STILL = "Still asking: leave the game? Yes or no."


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


def _wait(ok, failed: list[str], what: str, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ok():
            return
        time.sleep(0.01)
    failed.append(what)


def _table() -> tuple[Session, RemoteSeat]:
    """Alice here, Bob remote; a seed where Alice plays first."""
    for seed in range(1, 60):
        bob = RemoteSeat()
        s = Session(Options(players="Alice,Bob", seed=seed, saved_game=NEW), lexicon=AcceptAll(),
                    remotes={"Bob": bob}, outward=lambda events: None)
        s.start()
        if s.game.current == 0:
            return s, bob
    raise AssertionError("no seed where Alice plays first")


def test_news_at_the_leave_question_is_followed_by_the_question_again_once():
    s, bob = _table()
    speaker = services.ListSpeaker()
    screen = io.StringIO()
    failed: list[str] = []
    seen: dict = {}
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        app = ConsoleApp(s, speaker, screen=screen)

        def script() -> None:
            try:
                up = lambda: app.prompt.app.is_running  # noqa: E731
                _wait(up, failed, "the first prompt")
                inp.send_text("pass\r")
                _wait(lambda: s.game.current == 1 and up(), failed, "Bob's turn")
                n = len(speaker.messages)
                inp.send_text("quit\r")
                _wait(lambda: up() and app._message() == "yes or no> ", failed, "the question's prompt")
                time.sleep(0.1)
                seen["asked"] = speaker.messages[n:]
                n = len(speaker.messages)
                bob.put(SeatMove(PASS))
                _wait(lambda: any(STILL in m for m in speaker.messages[n:]), failed, "the question again")
                time.sleep(0.2)
                seen["news"] = speaker.messages[n:]
                seen["open"] = s.question is not None and app._message() == "yes or no> "
                n = len(speaker.messages)
                inp.send_text("no\r")
                _wait(lambda: len(speaker.messages) > n, failed, "the answer to no")
                time.sleep(0.05)
                seen["no"] = speaker.messages[n:]
            except Exception as e:  # reported by the test
                failed.append(repr(e))
            finally:
                if not s.finished:
                    inp.send_text("\x15quit\ryes\r")

        t = threading.Thread(target=script, daemon=True)
        t.start()
        assert app.run() == 0
        t.join(10)
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
