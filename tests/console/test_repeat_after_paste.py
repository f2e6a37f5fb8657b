"""``repeat`` after lines pasted at once (issue: a paste set the last reply
without the state ``repeat`` keeps).

A paste is taken one line at a time, as if each were typed
(Session._handle_pasted), and ``repeat`` then says their answers
together. But it did so even when none of them was kept for ``repeat``:
a wrong answer at a question, pasted with its line break (as a paste of
one line brings it), made ``repeat`` say the refusal instead of the
question, which after the same line typed it asks again. Now a paste
leaves ``repeat`` as the same lines typed leave it, except that the
answers kept are said together; a pasted ``repeat`` after news that cut a
long reply short offers that reply, and ``repeat`` then gives it, as
typed."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.app import Voice
from audio_scrabble.console.session import Options, Session
from audio_scrabble.console.table.seats import PASS, SeatMove
from audio_scrabble.presentation import prompts

from console_kit import alice_first_at_a_table  # type: ignore[import-not-found]


def _at_quit() -> tuple[Session, list[str]]:
    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    return s, s.handle_line("quit")


def test_a_wrong_answer_pasted_at_a_question_leaves_repeat_asking_it() -> None:
    for pasted in ("maybe\n", "maybe\r\n", "maybe\nperhaps"):
        s, question = _at_quit()
        refused = s.handle_line(pasted)
        assert "not yes or no" in " ".join(refused), refused
        assert s.handle_line("repeat") == question, pasted  # as after "maybe" typed
        assert s.question is not None and not s.finished


def test_the_answers_of_a_paste_are_repeated_together() -> None:
    s, _ = _at_quit()
    s.handle_line("no")
    said = s.handle_line("scores\nbag")
    typed = _at_quit()[0]
    typed.handle_line("no")
    assert said == typed.handle_line("scores") + typed.handle_line("bag")
    assert s.handle_line("repeat") == said


def test_a_pasted_repeat_after_news_offers_the_reply_it_cut_as_typed() -> None:
    s, bob, _ = alice_first_at_a_table()
    s.handle_line("pass")
    help_lines = s.handle_line("help")
    bob.put(SeatMove(PASS))
    Voice(s, services.ListSpeaker()).computers(s, wait=False)  # said as it arrives
    news = list(s.out.last_reply)
    assert s.handle_line("repeat\n") == [*news, prompts.REPEAT_AGAIN_BEFORE_NEWS]
    assert s.handle_line("repeat") == help_lines
