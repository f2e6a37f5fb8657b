"""News that comes on its own is never lost for ``repeat``: the real
console (prompt_toolkit pipe input), one person at the table and the
others' moves arriving from elsewhere (remote seats, whose inbox a
transport's thread fills) or made by computers after the person's line.

Each piece is said once, above the prompt, the half line being typed kept;
``repeat`` (and F4) then says every piece that came since the person's
last line, in order, not only the last one: a key pressed while the first
was spoken cuts all of it short (tts), and before, ``repeat`` had only the
last piece to give. A line typed after it starts afresh.
"""

from __future__ import annotations

import time

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import NEW, Options, Session
from audio_scrabble.console.table.seats import PASS, SeatMove

from console_kit import passers  # type: ignore[import-not-found]
from pipe_console import AcceptAll, answer, passed_to_bob, remote_table, run_at_prompt, wait  # type: ignore[import-not-found]


def test_repeat_after_two_remote_moves_says_both_and_the_half_line_is_kept():
    s, (bob, carol) = remote_table("Bob", "Carol")
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        passed_to_bob(app, inp, s, failed)
        time.sleep(0.1)
        inp.send_text("sco")  # half a line, typed while Bob's move is awaited
        wait(lambda: app.prompt.default_buffer.text == "sco", failed, "the half line")
        bob.put(SeatMove(PASS))
        wait(lambda: s.game.current == 2 and any("Bob passed." in m for m in speaker.messages), failed, "Bob's")
        carol.put(SeatMove(PASS))
        wait(lambda: s.game.current == 0 and any("Carol passed." in m for m in speaker.messages), failed,
              "Carol's")
        time.sleep(0.1)
        seen["typed"] = app.prompt.default_buffer.text
        seen["news"] = list(speaker.messages)
        seen["f4"] = s.key("repeat")
        seen["repeat"] = answer(inp, speaker, failed, "\x15repeat")
        seen["scores"] = answer(inp, speaker, failed, "scores")
        seen["repeat after"] = answer(inp, speaker, failed, "repeat")

    speaker, failed = run_at_prompt(s, script)
    assert failed == []
    assert seen["typed"] == "sco"  # what Alice had typed is still on her line
    news = seen["news"]
    bobs = [m for m in news if "Bob passed." in m]
    carols = [m for m in news if "Carol passed." in m]
    assert len(bobs) == 1 and len(carols) == 1  # each said once
    assert news.index(bobs[0]) < news.index(carols[0])
    both = bobs[0].split("\n") + carols[0].split("\n")
    assert seen["f4"] == both
    assert seen["repeat"] == ["\n".join(both)]  # both pieces, in order, as one message
    assert seen["scores"] == ["You 0, Bob 0, Carol 0."]
    assert seen["repeat after"] == seen["scores"]  # a line typed since: its answer only


def test_repeat_after_two_computers_moved_says_both_moves():
    """Alice and two computers (stand-ins that pass): after her pass both
    move at once, one reply each; repeat says both."""
    for seed in range(1, 60):
        s = Session(Options(players="Alice,computer:club,computer:expert", seed=seed, saved_game=NEW),
                    lexicon=AcceptAll(), computer_factory=passers)
        s.start()
        if s.game.current == 0:
            break
    s.defer_computers()
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        wait(lambda: app.prompt.app.is_running, failed, "the first prompt")
        n = len(speaker.messages)
        inp.send_text("pass\r")
        wait(lambda: s.game.current == 0 and app.prompt.app.is_running
              and any("Expert computer passed." in m for m in speaker.messages[n:]), failed,
              "both computers' passes")
        time.sleep(0.05)
        seen["said"] = speaker.messages[n:]
        seen["repeat"] = answer(inp, speaker, failed, "repeat")

    speaker, failed = run_at_prompt(s, script)
    assert failed == []
    said = seen["said"]
    assert said[0].startswith("You passed.")
    club = [m for m in said if "Club computer passed." in m]
    expert = [m for m in said if "Expert computer passed." in m]
    assert len(club) == 1 and len(expert) == 1
    assert seen["repeat"] == ["\n".join(club + expert)]


def test_news_at_an_open_question_is_said_once_and_the_question_stays_open():
    """Alice has typed quit (leave the game? yes or no) when Bob's move
    arrives: it is said once, above the question's prompt, which stays;
    repeat there says the news; no keeps her in the game, her turn."""
    s, (bob, carol) = remote_table("Bob", "Carol")
    seen: dict = {}

    def script(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        up = passed_to_bob(app, inp, s, failed)
        seen["question"] = answer(inp, speaker, failed, "quit")
        wait(lambda: up() and app._message() == "yes or no> ", failed, "the question's prompt")
        bob.put(SeatMove(PASS))
        wait(lambda: s.game.current == 2 and any("Bob passed." in m for m in speaker.messages), failed, "Bob's")
        time.sleep(0.1)
        seen["prompt"], seen["open"] = app._message(), s.question is not None
        seen["repeat"] = answer(inp, speaker, failed, "repeat")
        seen["no"] = answer(inp, speaker, failed, "no")
        seen["after"] = (s.question, s.finished, s.game.current)
        carol.put(SeatMove(PASS))
        wait(lambda: s.game.current == 0, failed, "Carol's")

    speaker, failed = run_at_prompt(s, script)
    assert failed == []
    assert seen["question"] == ["Leave the game? Type yes or no."]
    bobs = [m for m in speaker.messages if "Bob passed." in m]
    assert len(bobs) == 2 and bobs[1] == seen["repeat"][0]  # said once, then once more on asking
    assert seen["prompt"] == "yes or no> " and seen["open"]
    assert seen["no"] == ["Staying in the game."]
    assert seen["after"] == (None, False, 2)
