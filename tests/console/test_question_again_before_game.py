"""The questions before a game are said again when something else took
the player's ear while they stayed open, as the questions in a game are
("Still asking: leave the game? Yes or no."): with speech the prompt
("> ", "resume> ") is not read, so nothing else tells a blind player
which question is still open.

* news that came on its own (a move in a game between homes not open
  here: "Bob moved in another game.") at a set-up question or at the
  resume offer;
* signing in (``online``) at a set-up question: the sign-in questions
  give the question back, and it was given back unsaid ("Signed in as
  @alice:loopback." and then silence).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.app import Voice
from audio_scrabble.console.asking.questions import ResumeQuestion, SetupQuestion
from audio_scrabble.console.homes.online_commands import install
from audio_scrabble.console.homes.online_home import OnlineHome
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork, LoopbackTransport
from audio_scrabble.online.store import OnlineStore
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import online_prompts

from console_kit import AcceptAll  # type: ignore[import-not-found]
from saving_kit import pass_turn, stored  # type: ignore[import-not-found]

HOW_MANY = "How many players, 2 to 4?"


def _news_said(s: Session) -> list[str]:
    """A move in a game not open here arrives; what the application says."""
    speaker = services.ListSpeaker()
    s.defer_computers()
    s.acting.notices.put(online_prompts.moved_not_open("Bob")[0])
    Voice(s, speaker).computers(s, wait=False)
    return [line for message in speaker.messages for line in message.split("\n")]


def test_news_at_a_set_up_question_is_followed_by_the_question_again() -> None:
    s = Session(Options(saved_game=NEW), lexicon=AcceptAll())
    assert HOW_MANY in s.start()
    said = _news_said(s)
    assert said[0] == online_prompts.moved_not_open("Bob")[0]
    assert isinstance(s.question, SetupQuestion)
    assert any(HOW_MANY in line for line in said[1:]), said
    assert any(HOW_MANY in line for line in s.handle_line("repeat")), "repeat says it with the news"


def test_news_at_the_resume_offer_is_followed_by_the_offer_again(tmp_path: Path) -> None:
    s, _ = stored(tmp_path)
    pass_turn(s)
    s.leave_at_once()
    again = Session(Options(players=None), lexicon=AcceptAll(), store=SaveStore(tmp_path))
    again.start()
    assert isinstance(again.question, ResumeQuestion)
    said = _news_said(again)
    assert len(said) > 1 and any("resume" in line.lower() for line in said[1:]), said
    assert isinstance(again.question, ResumeQuestion)


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_signing_in_at_a_set_up_question_says_the_question_again(tmp_path: Path, lexicon: Any) -> None:
    net = LoopbackNetwork()
    s = Session(Options(saved_game=NEW), lexicon=lexicon)
    home = install(s, OnlineHome(s, OnlineStore(tmp_path / "alice"),
                                 sign_in=lambda server, user, password: LoopbackTransport(net, "@alice:loopback")))
    try:
        s.start()
        s.handle_line("online")
        s.handle_line("example.org")
        s.handle_line("alice")
        said = s.handle_line("a password")
        assert said[0] == online_prompts.signed_in("@alice:loopback")[0]
        assert isinstance(s.question, SetupQuestion)  # given back
        assert any(HOW_MANY in line for line in said), said  # and said
    finally:
        home.close()


def test_each_question_before_the_game_again_fits_a_braille_line() -> None:
    s = Session(Options(saved_game=NEW), lexicon=AcceptAll())
    s.start()
    question = s.question
    assert isinstance(question, SetupQuestion)
    for answer in ("3", "Ann", "computer"):  # the count, a name, a computer's level
        again = question.again()
        assert again and again[0].startswith("Still asking:"), again
        assert all(len(line) <= 40 for line in again), again
        s.handle_line(answer)
    assert ResumeQuestion(lambda: False, lambda word: False).again() == ["Still asking: resume it? Yes or no."]
