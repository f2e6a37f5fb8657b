"""``set prompt full`` (or ``short``) where a screen reader reads the
console: news drawn on the input line (console/output/answer_line.py)
took the prompt's place until the next key, so the player heard the news
and no prompt, and the screen showed none. Now the prompt ends the news,
the caret after it, as after a printed reply; with ``changes`` its words
come only when they changed, as before. The real console at a pipe:
Alice presses Right, then Bob's pass arrives."""

from __future__ import annotations

import time

import pytest

from audio_scrabble.console.table.seats import PASS, SeatMove

from pipe_console import answer, passed_to_bob, remote_table, run_at_prompt, wait  # type: ignore[import-not-found]

RIGHT = "\x1b[C"


def _news_after_a_key(prompt: str) -> dict:
    s, (bob,) = remote_table("Bob")
    s.settings.prompt = prompt
    seen: dict = {}

    def script(app, inp, speaker, failed: list[str]) -> None:
        app.news_on_the_line = True  # as start.py sets it when a screen reader reads the console
        up = passed_to_bob(app, inp, s, failed)
        inp.send_text(RIGHT)
        wait(lambda: app.answer_line.lines is not None, failed, "the key's answer")
        bob.put(SeatMove(PASS))
        wait(lambda: up() and any("Bob passed." in line for line in app.answer_line.lines or []), failed,
             "the news on the input line")
        time.sleep(0.1)
        seen["line"] = app._message()
        seen["expected"] = s.prompt_text()
        seen["scores"] = answer(inp, speaker, failed, "scores")
        seen["prompt"] = app.prompt_words

    _, failed = run_at_prompt(s, script)
    assert failed == []
    return seen


@pytest.mark.parametrize("prompt", ["full", "short"])
def test_the_prompt_ends_the_news_on_the_input_line(prompt: str) -> None:
    seen = _news_after_a_key(prompt)
    line = seen["line"].split("\n")
    assert "Bob passed." in line, line
    assert seen["expected"].strip() and line[-1] == seen["expected"], line  # the caret after the prompt
    assert seen["prompt"] == seen["expected"]  # and it is the prompt again after the next line
    assert any("You 0, Bob 0." in m for m in seen["scores"]), seen["scores"]


def test_with_changes_the_prompt_words_come_only_when_changed() -> None:
    seen = _news_after_a_key("changes")
    line = seen["line"].split("\n")
    assert seen["expected"] == "" or line[-1] != seen["expected"]
    assert not any(part.endswith("> ") for part in line), line
