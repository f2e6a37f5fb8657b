"""News that comes while the player is idle is drawn on the input line,
the caret after its last word, as a board key's answer is (console/output/
answer_line.py): printed above the prompt, it ended a line before the
caret, and after an arrow or a function key Orca 43 read none of it
("lack of cause"; tests/e2e/test_orca_idle_arrival.py shows it under
Orca). The real console at a pipe: Alice presses Right (its answer on
the input line), then Bob's pass arrives; the input line shows the news,
nothing is printed, the prompt comes back at the next key, and the line
typed then is answered. Only where a screen reader reads the console
(``ConsoleApp.news_on_the_line``, set by start.py); with the game's own
voice (tts) the news is said and printed as before."""

from __future__ import annotations

import time

from audio_scrabble.console.table.seats import PASS, SeatMove

from pipe_console import answer, passed_to_bob, remote_table, run_at_prompt, wait  # type: ignore[import-not-found]

RIGHT = "\x1b[C"


def test_news_after_a_board_key_is_drawn_on_the_input_line_and_the_prompt_comes_back():
    s, (bob,) = remote_table("Bob")
    seen: dict = {}

    def script(app, inp, speaker, failed: list[str]) -> None:
        app.news_on_the_line = True  # as start.py sets it when a screen reader reads the console
        up = passed_to_bob(app, inp, s, failed)
        n = len(speaker.messages)
        inp.send_text(RIGHT)
        wait(lambda: app.answer_line.lines is not None, failed, "the key's answer")
        seen["key"] = list(app.answer_line.lines or [])
        printed = app.voice.screen.tell()
        bob.put(SeatMove(PASS))
        wait(lambda: up() and any("Bob passed." in line for line in app.answer_line.lines or []), failed,
             "the news on the input line")
        time.sleep(0.1)
        seen["line"] = app._message()
        seen["printed"] = app.voice.screen.getvalue()[printed:]
        seen["kinds"] = speaker.kinds[n:]
        seen["scores"] = answer(inp, speaker, failed, "scores")
        seen["prompt"] = app.prompt_words

    speaker, failed = run_at_prompt(s, script)
    assert failed == []
    line = seen["line"].split("\n")
    assert "Bob passed." in line and line[-1].strip(), line  # the caret after its last word
    assert seen["key"][0] not in line  # the key's answer stays above, not in the news
    assert seen["printed"] == "", seen["printed"]
    assert seen["kinds"] == ["shown", "shown"], seen["kinds"]  # the key's answer, the news: none printed
    assert any("You 0, Bob 0." in m for m in seen["scores"]), seen["scores"]
    assert seen["prompt"] == "Alice> "


def test_what_is_printed_above_the_prompt_instead():
    from audio_scrabble.console.output.answer_line import news_on_the_line

    words = ["Bob passed.", "Your turn."]
    assert news_on_the_line(words, screen_only=False, speaks_replies=False)
    assert not news_on_the_line(words, screen_only=True, speaks_replies=False)  # a screen to clear first
    assert not news_on_the_line(words, screen_only=False, speaks_replies=True)  # tts says it
    assert not news_on_the_line([*words, "\u2801\u2803"], screen_only=False, speaks_replies=False)
    assert not news_on_the_line([], screen_only=False, speaks_replies=False)
