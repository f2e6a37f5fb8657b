"""The champion thinks off the input thread (issue 14): the game says
"thinking" once a move, and the player's other commands are answered
meanwhile; those that would change the game are refused with one
sentence and change nothing; the move then comes through the normal path
and the game goes on. Driven through the real console (prompt_toolkit
pipe input) and the Session front, with a real champion (1 to 1.5 s a
move, its worker processes started from the fork server).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.app import ConsoleApp
from audio_scrabble.console.session import RESUME, Options, Session
from audio_scrabble.console.table.thinking import Thinker
from audio_scrabble.persistence import SaveStore
from pipe_console import run_at_prompt  # type: ignore[import-not-found]
from refusal_corpus import joined

THINKING = "Champion computer is thinking."
STILL = "Champion computer is still thinking; wait for its move."
#: the refusal as one message of the speaker: the sentence in lines of at most 40 characters
STILL_SAID = "Champion computer is still thinking;\nwait for its move."


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


class Typist:
    """Types into the console from another thread, as a person would:
    waiting to hear something before typing the next line."""

    def __init__(self, inp, speaker: services.ListSpeaker, session: Session):
        self.inp, self.speaker, self.session = inp, speaker, session
        self.failed: list[str] = []
        self.app: ConsoleApp | None = None

    def heard(self) -> list[str]:
        return list(self.speaker.messages)

    def wait(self, what: str, ok: Callable[[], bool], timeout: float = 30.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if ok():
                return True
            time.sleep(0.005)
        self.failed.append(what)
        return False

    def type(self, text: str) -> int:
        """Type a line; returns how many messages had been said before it."""
        n = len(self.speaker.messages)
        self.inp.send_text(text)
        return n

    def answer_to(self, text: str, start: str = "") -> tuple[int, str]:
        """Type a line and wait for its answer, the first message said after
        it that begins with ``start`` (a computer's move may come between):
        (its index among the messages, its text)."""
        n = self.type(text)

        def found() -> int | None:
            return next((i for i, m in enumerate(self.heard()) if i >= n and m.startswith(start)), None)

        self.wait(f"an answer to {text!r}", lambda: found() is not None)
        at = found()
        return (at, self.speaker.messages[at]) if at is not None else (-1, "")


def drive(session: Session, script: Callable[[Typist], None]) -> tuple[services.ListSpeaker, Typist]:
    """Run the real console, typed into by ``script`` on another thread
    (pipe_console.run_at_prompt: whatever the script raised is among the
    typist's failures; the game is ended, quit and yes, if it stops early)."""
    typists: list[Typist] = []

    def typed(app: ConsoleApp, inp, speaker: services.ListSpeaker, failed: list[str]) -> None:
        typist = Typist(inp, speaker, session)
        typist.app = app  # what the prompt shows (app._message())
        typist.failed = failed  # one list: what it waited for in vain and what the script raised
        typists.append(typist)
        script(typist)

    speaker, _failed = run_at_prompt(session, typed)
    return speaker, typists[0]


def test_a_reading_command_is_answered_before_the_champions_move_and_a_game_changing_one_refused(lexicon, tmp_path: Path):
    """While the champion thinks (2 s): scores and a square are answered,
    pass, new and challenge refused with one sentence (the game unchanged),
    Ctrl-C clears the line and it thinks on; its move then comes, said
    after one "thinking"; the game goes on; leaving while it thinks again
    saves the game as it stood, and resuming it gives the champion its turn."""
    folder = tmp_path / "saves"
    s = Session(Options(players="Alice,computer:champion", seed=2, think=2), lexicon=lexicon, store=SaveStore(folder))
    seen: dict = {}

    def script(k: Typist) -> None:
        k.wait("the first prompt", lambda: s.game is not None and s.game.current == 0)
        k.type("pass\r")
        if not k.wait("thinking", lambda: THINKING in k.heard()):
            return
        game = s.game
        seen["actions"], seen["board"] = len(game.actions), [list(r) for r in game.board.cells]
        seen["scores"] = k.answer_to("scores\r", "You")  # the one person at the table is "You"
        seen["square"] = k.answer_to("H8\r", "H8")
        seen["busy after reading"] = s.thinker.busy
        seen["pass"] = k.answer_to("pass\r")
        seen["new"] = k.answer_to("new\r")
        seen["challenge"] = k.answer_to("challenge\r")
        seen["ctrl-c"] = k.answer_to("unse\x03")  # Ctrl-C clears the line; the champion thinks on
        seen["busy after refusals"] = s.thinker.busy
        seen["unchanged"] = (len(game.actions), [list(r) for r in game.board.cells]) == (seen["actions"], seen["board"])
        k.wait("the champion's move", lambda: not s.thinker.busy and s.game.current == 0)
        k.wait("its announcement", lambda: any(m.startswith("Champion computer") and m != THINKING and m != STILL_SAID
                                                 for m in k.heard()[seen["challenge"][0] + 1:]))
        seen["moved"] = len(s.game.actions)
        # the game goes on: Alice passes again; the champion thinks again,
        # and Alice leaves while it thinks
        k.type("pass\r")
        k.wait("thinking again", lambda: k.heard().count(THINKING) == 2)
        seen["left at"] = len(s.game.actions)
        k.answer_to("quit\r")
        k.type("yes\r")

    speaker, typist = drive(s, script)
    assert typist.failed == []
    heard = speaker.messages
    first = heard.index(THINKING)
    move = next(i for i, m in enumerate(heard) if i > first and m.startswith("Champion computer")
                and m not in (THINKING, STILL_SAID))
    # read while it thinks: answered at once, before its move
    scores_at, scores = seen["scores"]
    assert first < scores_at < move and scores == "You 0, Champion computer 0.", scores
    assert first < seen["square"][0] < move and seen["square"][1].startswith("H8"), seen["square"]
    assert seen["busy after reading"] and seen["busy after refusals"]
    # refused with one sentence, changing nothing
    for key in ("pass", "new", "challenge"):
        at, text = seen[key]
        assert text == STILL_SAID and joined(text.split("\n")) == STILL and first < at < move, (key, text)
    assert seen["ctrl-c"][1] == "Line cleared." and seen["ctrl-c"][0] < move
    assert seen["unchanged"]
    # said once before the move, never between
    assert heard[first + 1:move].count(THINKING) == 0
    assert heard.count(THINKING) == 2, "\n---\n".join(heard)  # once for each move it started on
    # its move was made through the game (legal: the core checked it), and the game went on
    assert seen["moved"] == seen["actions"] + 1
    assert seen["left at"] == seen["moved"] + 1
    assert heard[-1].endswith("Goodbye.") or "Goodbye." in heard[-1]
    # leaving while it thought: the game is saved as it stood, the champion to move
    resumed = Session(Options(saved_game=RESUME), lexicon=lexicon, store=SaveStore(folder), defer_computer=True)
    resumed.start()
    assert len(resumed.game.actions) == seen["left at"] and resumed.game.current == 1
    assert resumed.game.board.cells == s.game.board.cells
    resumed._close_computers()


def test_a_half_typed_line_is_kept_when_the_champions_move_comes(lexicon):
    """Alice starts typing while the champion thinks; its move is said
    above the prompt, and what she typed is still there to finish."""
    s = Session(Options(players="Alice,computer:champion", seed=2, think=1), lexicon=lexicon)
    seen: dict = {}

    def script(k: Typist) -> None:
        k.wait("the first prompt", lambda: s.game is not None and s.game.current == 0)
        k.type("pass\r")
        k.wait("thinking", lambda: THINKING in k.heard())
        k.type("sco")  # half a line, typed while it thinks
        time.sleep(0.1)
        seen["typed while busy"] = s.thinker.busy
        k.wait("its move", lambda: not s.thinker.busy and s.game.current == 0)
        k.wait("Alice's turn said", lambda: len(k.heard()) > k.heard().index(THINKING) + 1)
        seen["scores"] = k.answer_to("res\r", "You")  # the line completed: "scores"

    speaker, typist = drive(s, script)
    assert typist.failed == []
    heard = speaker.messages
    move = next(i for i, m in enumerate(heard) if m.startswith("Champion computer") and m != THINKING)
    assert seen["typed while busy"] and move < seen["scores"][0]
    assert seen["scores"][1].startswith("You 0, Champion computer ")


def test_the_prompt_while_the_champion_thinks_is_the_persons_and_says_they_wait(lexicon):
    """The real console: while the champion thinks the prompt is Alice's,
    saying she waits ("Alice, waiting> ", not the computer's name); after
    its move it is "Alice> " again, and accept there says the champion's
    play stands and it is her turn, changing nothing."""
    s = Session(Options(players="Alice,computer:champion", seed=2, think=1), lexicon=lexicon)
    seen: dict = {}

    def prompt_up(k: Typist) -> bool:
        return k.app is not None and k.app.prompt.app.is_running

    def script(k: Typist) -> None:
        k.wait("the first prompt", lambda: s.game is not None and s.game.current == 0 and prompt_up(k))
        seen["first"] = k.app._message()
        k.type("pass\r")
        k.wait("thinking", lambda: THINKING in k.heard())
        k.wait("the prompt back while it thinks", lambda: prompt_up(k) and s.thinker.busy)
        seen["thinking"] = (k.app._message(), s.thinker.busy)
        seen["accept while busy"] = k.answer_to("accept\r")
        k.wait("its move", lambda: not s.thinker.busy and s.game.current == 0)
        k.wait("the prompt after it", lambda: prompt_up(k) and k.app._message() == "Alice> ")
        seen["after"] = k.app._message()
        seen["before accept"] = (len(s.game.actions), s.game.current, s.game.pending_play)
        seen["accept"] = k.answer_to("accept\r")
        seen["after accept"] = (len(s.game.actions), s.game.current, s.game.pending_play)

    speaker, typist = drive(s, script)
    assert typist.failed == []
    assert seen["first"] == "Alice> "
    assert seen["thinking"] == ("Alice, waiting> ", True)
    assert seen["accept while busy"][1] == STILL_SAID and joined(STILL_SAID.split("\n")) == STILL
    assert seen["after"] == "Alice> "
    move = next(m for m in speaker.messages if m.startswith("Champion computer") and m not in (THINKING, STILL_SAID))
    assert "To challenge it" in move, move  # its play, which may be challenged
    assert seen["accept"][1] == "Champion computer's play stands;\nyour turn."
    assert seen["after accept"] == seen["before accept"]


def test_the_computers_after_the_champion_play_in_turn(lexicon):
    """Three seats, Alice, the champion and an expert: with more than two
    players the champion takes the expert's choice at once, so it is not
    said to be thinking (that would promise a wait that never comes); its
    move, then the expert's, then the prompt is Alice's again."""
    s = Session(Options(players="Alice,computer:champion,computer:expert", seed=2, think=1), lexicon=lexicon)
    seen: dict = {}

    def script(k: Typist) -> None:
        k.wait("the first prompt", lambda: s.game is not None and s.game.current == 0)
        start = len(k.heard())
        k.type("pass\r")
        k.wait("both computers' moves", lambda: len(s.game.actions) == 3 and not s.thinker.busy and s.game.current == 0)
        k.wait("the round's scores said", lambda: any("You 0, " in m for m in k.heard()[start + 1:]))
        seen["moves"] = len(s.game.actions)
        seen["scores"] = k.answer_to("scores\r", "You")

    speaker, typist = drive(s, script)
    assert typist.failed == []
    heard = speaker.messages
    champion = next(i for i, m in enumerate(heard) if m.startswith("Champion computer"))
    expert = next(i for i, m in enumerate(heard) if i > champion and m.startswith("Expert computer"))
    assert champion < expert < seen["scores"][0]
    assert seen["moves"] == 3 and THINKING not in heard
    assert seen["scores"][1].startswith("You 0, Champion computer ") and "Expert computer" in seen["scores"][1]


def test_the_session_front_refuses_changes_and_answers_reading_while_a_move_is_chosen(lexicon):
    """The front the prompt drives: a move being chosen (start_computer)
    leaves every reading command answered and the game unchanged."""
    s = Session(Options(players="Alice,computer:champion", seed=1, think=1), lexicon=lexicon, defer_computer=True)
    try:
        s.start()
        assert s.computer_to_move()
        assert s.acting.computer_thinking() == [THINKING]
        assert s.acting.start_computer() is None and s.thinker.busy and s.thinker.long
        # the prompt is Alice's keyboard, waiting (never the computer's name)
        assert s.prompt_text() == "Alice, waiting> "
        s.settings.prompt = "short"
        assert s.prompt_text() == "wait> "
        s.settings.prompt = "full"
        before = (len(s.game.actions), [list(r) for r in s.game.board.cells])
        for reading in ("board", "unseen", "rack", "last", "around H8", "set think 2", "help play"):
            said = s.handle_line(reading)
            assert said and not set(STILL_SAID.split("\n")) & set(said), (reading, said)
        assert s.settings.think == 2
        assert joined(s.handle_line("pass")) == STILL
        assert joined(s.handle_line("exchange all")) == STILL
        s.settings.verbosity = "brief"
        assert s.handle_line("new") == ["Still thinking; wait for its move."]
        assert len("Still thinking; wait for its move.") <= 40
        s.settings.verbosity = "normal"
        assert (len(s.game.actions), [list(r) for r in s.game.board.cells]) == before
        assert s.thinker.wait(30)
        out = s.acting.computer_done()
        assert any(x.startswith("Champion computer") for x in out)
        assert len(s.game.actions) == before[0] + 1 and s.game.current == 0 and not s.thinker.busy
        assert s.prompt_text() == "Alice> "
        assert s.acting.computer_done() == []  # said once
        assert s.handle_line("pass")[0] == "You passed."  # the game goes on
        assert s.computer_to_move() and not s.thinker.busy
    finally:
        s._close_computers()


#: two experts' game (seed 7) at the moment the bag ran out: 7 tiles each
ENDGAME = ("15/11GOAT/8FAQIRS1/JOINT3A4C1/4INFORmED1R1/1PEATY2C4I1/8I4B1/1G5ME2V1EH/1E5OD1LI1DE/"
           "1T3ZEK2UR2R/1G2eOLIPILE2B/1OUTTA4UM2Y/1E9I3/1S7WRAWL1/5HOOVE5 SANNNUN/DSEXAAE 403/418 0")


def test_two_champions_play_out_an_endgame_in_turn_and_the_game_ends_while_the_player_reads(lexicon, monkeypatch):
    """With the bag empty the champion's exact search runs on the
    thinker's thread itself (no worker processes): the player's reading
    commands are still answered between its moves, each move is said after
    one "thinking", one computer after the other, and the end of the game
    comes through the normal path (the prompt then is the game-over one).
    Each choice is held 0.4 s on the thinker's thread: the search itself
    is now exact in a few milliseconds here (eg3, eg4), and the game could
    end before any line was read while it ran (1 run in 4 under load)."""
    real_start = Thinker.start

    def held_start(self: Thinker, thought: object, choose: Callable[[], object]) -> None:
        def held() -> object:
            time.sleep(0.4)
            return choose()
        real_start(self, thought, held)

    monkeypatch.setattr(Thinker, "start", held_start)
    s = Session(Options(position=ENDGAME, players="computer:champion,computer:champion", seed=3, think=1),
                lexicon=lexicon)
    seen: dict = {"answers": []}

    def script(k: Typist) -> None:
        k.wait("thinking", lambda: THINKING in k.heard())
        while not (s.game is not None and s.game.is_over) and len(seen["answers"]) < 40:
            at, text = k.answer_to("H8\r", "H8")
            seen["answers"].append((at, text, s.thinker.busy))
            time.sleep(0.2)
        k.wait("the game over", lambda: s.game.is_over and not s.thinker.busy, timeout=60)
        seen["over"] = k.answer_to("scores\r", "Champion computer")

    speaker, typist = drive(s, script)
    assert typist.failed == []
    heard = speaker.messages
    thinks = [i for i, m in enumerate(heard) if m.startswith("Champion computer") and m.endswith(" is thinking.")]
    moves = [i for i, m in enumerate(heard) if m.startswith("Champion computer") and i not in thinks]
    assert s.game.is_over and len(moves) >= 2
    # one "thinking" before each move, none between it and its move
    assert len(thinks) == len(s.game.actions) - sum(1 for a in s.game.actions if a.get("type") == "accept")
    for t, nxt in zip(thinks, thinks[1:] + [len(heard)]):
        assert any(t < m < nxt for m in moves)
    # read between its moves: answered while it thought
    assert any(busy for _, _, busy in seen["answers"]), seen["answers"]
    assert all(at > 0 for at, _, _ in seen["answers"])
    assert "Champion computer" in seen["over"][1]


def test_at_a_shared_computer_the_hand_over_follows_the_champions_move(lexicon):
    """Two people and the champion: after its move (chosen off the input
    thread; with three players it takes the expert's choice at once, so no
    "thinking") the turn is handed over as after any move: the next person
    is asked to press Enter before the rack is heard."""
    s = Session(Options(players="Alice,Bob,computer:champion", seed=4, think=1), lexicon=lexicon)
    seen: dict = {}

    def moved(k: Typist) -> bool:
        return any(m.startswith("Champion computer") for m in k.heard())

    def asked_for_enter(k: Typist) -> bool:
        """What a person waits for before the hand-over's Enter: the last
        reply asks for it. (The game's state alone is not: a move is made
        before it is said, and under load the reply came seconds later.)"""
        heard = k.heard()
        return bool(heard) and "press Enter to hear your rack." in heard[-1]

    def script(k: Typist) -> None:
        for _ in range(4):  # people pass until the champion has moved once
            k.wait("a person's turn", lambda: s.game is not None and not s.thinker.busy
                   and not s.computer_to_move() and asked_for_enter(k))
            if moved(k):
                break
            k.type("\r")  # the hand-over: Enter, then the rack is heard
            k.wait("the rack", lambda: k.heard()[-1].startswith("Rack:") or "Rack:" in k.heard()[-1])
            k.type("pass\r")  # its answer asks the next person for Enter (or the champion moves)
        seen["after"] = s.game.current

    speaker, typist = drive(s, script)
    assert typist.failed == []
    heard = speaker.messages
    assert not any(m.endswith(" is thinking.") for m in heard)
    move = next(i for i, m in enumerate(heard) if m.startswith("Champion computer"))
    assert "press Enter to hear your rack." in heard[move], heard[move]
    assert s.names[seen["after"]] in heard[move].split("press Enter")[0]

