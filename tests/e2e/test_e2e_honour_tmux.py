"""The honour mode end to end: Alice's real game process (``audio-scrabble
online``, in a tmux terminal, its own data folder) over a real Synapse on
127.0.0.1 (the ``synapse`` fixture) invites Bob in honour mode; Bob has
no copy of the game: he is a bare Matrix client in this test (a plain
``m.text``, no structured content, as a phone's app sends) typing moves
like ``8D NASTIER``, chosen from the rack the room tells him, one refused
move and a chat line. Alice hears each of Bob's moves once as it
arrives, above her prompt; she plays her own moves at the prompt. Then she
invites Carol (that game comes to the table): Bob's next move is said
once in a short line ("Bob moved in another game."); she opens Bob's game
again with ``games`` and ``open N``, resigns, and the GCG record is written. Skipped with
the reason when tmux, matrix-nio's encryption or Synapse is missing."""

from __future__ import annotations

import itertools
import os
import shutil
import time
from pathlib import Path
from typing import Any, Callable

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed, so the terminal cannot be driven")

nio = pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")
from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

if not ENCRYPTION_ENABLED:
    pytest.skip("matrix-nio has no encryption here (vodozemac missing)", allow_module_level=True)

from audio_scrabble.console.homes.online_watch import display_name  # noqa: E402
from audio_scrabble.core.game import Game  # noqa: E402
from audio_scrabble.core.rules import rules_named  # noqa: E402
from audio_scrabble.engine.players import ComputerPlayer  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.notation.gcg import read_gcg  # noqa: E402
from audio_scrabble.online.honour import SETUP_KIND  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import ONLINE_FOLDER, OnlineStore  # noqa: E402
from audio_scrabble.online.transport import Message  # noqa: E402
from audio_scrabble.presentation import honour_prompts, online_prompts, prompts  # noqa: E402

from online_tmux_kit import online_terminal  # noqa: E402
from tmux_terminal import Terminal  # noqa: E402
from typed_moves import typed  # noqa: E402

#: the homeserver takes longer than a local turn
WAIT = 60.0
#: moves each side makes before Alice resigns
MOVES_EACH = 3


def flat(text: str) -> str:
    """The screen as one line: a sentence may be broken over braille lines."""
    return " ".join(text.split())


def until(ready: Callable[[], bool], timeout: float = WAIT) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if ready():
            return True
        time.sleep(0.05)
    return ready()


def alice_terminal(home: Path) -> Terminal:
    home.mkdir()
    return online_terminal(home, home / "data")


def waits_for(t: Terminal, text: str, count: int = 1) -> str:
    return t.wait_until(lambda sc: flat(sc).count(text) >= count, f"{text!r} ({count} times)", timeout=WAIT)


def the_game(store: OnlineStore, lexicon: Any, friend: str = "") -> tuple[Game, list[dict[str, Any]]]:
    """Alice's honour game (with ``friend``: when she has more than one) as
    her program keeps it (its log: the set-up and every action), rebuilt
    here; and the log's entries."""
    logs = [log for log in store.game_logs()
            if any(e.get("kind") == SETUP_KIND and friend in str(e.get("friend")) for e in log.entries())]
    assert len(logs) == 1, logs
    entries = logs[0].entries()
    config = next(e for e in entries if e.get("kind") == SETUP_KIND)["config"]
    actions = [e["action"] for e in entries if e.get("kind") == "honour_action"]
    return Game.replay(config, actions, rules_named(config["rules"]), lexicon), entries


def notation(game: Game, seat: int, player: ComputerPlayer) -> str:
    """The move a ``player`` chooses for ``seat``, as the friend types it in the room (no ``play``)."""
    return typed(player.choose(game, seat), game.board).removeprefix("play ")


def test_alice_process_referees_bob_typing_in_the_room(synapse: Any, tmp_path: Path) -> None:
    lexicon = Lexicon.default()
    alice_id, alice_pw = synapse.new_user("alice")
    bob_id, bob_pw = synapse.new_user("bob")
    ann, ben = display_name(alice_id), display_name(bob_id)  # numbered names
    alice = alice_terminal(tmp_path / "alice")
    alice_store = OnlineStore(tmp_path / "alice" / "data" / ONLINE_FOLDER)
    bob = MatrixTransport.sign_in(synapse.url, bob_id, bob_pw, OnlineStore(tmp_path / "bob"))
    got: list[Message] = []
    txn = itertools.count()
    try:
        alice.wait_for("homeserver>", timeout=WAIT)
        alice.type(synapse.url)
        alice.wait_for("user>", timeout=WAIT)
        alice.type(alice_id)
        alice.wait_for("password>", timeout=WAIT)
        alice.type(alice_pw)
        waits_for(alice, f"Signed in as {alice_id}.")
        alice.type(f"invite {bob_id} honour")
        waits_for(alice, " ".join(honour_prompts.game_with(ben)))
        assert until(lambda: len(bob.invitations()) == 1)
        room = bob.invitations()[0].room
        bob.accept(room)
        bob.listen(got.append)

        def answers() -> list[Message]:
            return [m for m in got if m.sender == alice_id and m.record is not None]

        assert until(lambda: any("holds both racks and the bag" in m.body for m in bob.history(room)))
        rack_head = honour_prompts.rack_message(ben, []).split(":")[0] + ": "

        def rack_told() -> list[str]:
            """Bob's rack, as the room's last answer tells him."""
            told = [m.body for m in bob.history(room) if m.sender == alice_id and rack_head in m.body]
            line = told[-1].split(rack_head, 1)[1].split("\n")[0].rstrip(".")
            return line.split()

        def bob_types(text: str) -> str:
            """Bob types a line in his Matrix app; Alice's program has heard it."""
            event = bob.send(room, text, None, f"bob.{next(txn)}")
            assert until(lambda: any(e.get("event") == event for e in the_game(alice_store, lexicon, bob_id)[1])), text
            return event

        players = {0: ComputerPlayer("club", lexicon, rng_seed=5), 1: ComputerPlayer("club", lexicon, rng_seed=9)}
        made = {0: 0, 1: 0}
        refused = chatted = False
        while min(made.values()) < MOVES_EACH:
            game, _ = the_game(alice_store, lexicon)
            assert not game.is_over
            count = len(game.actions)
            if game.current == 1:
                told = rack_told()
                assert sorted(told) == sorted(game.players[1].rack), (told, game.players[1].rack)
                if not chatted:  # a chat line, said once above Alice's prompt
                    bob_types("good luck")
                    waits_for(alice, " ".join(honour_prompts.chat_here(ben, "good luck")))
                    chatted = True
                if not refused:  # a move off the board: refused in the room and here, nothing changed
                    before = len(answers())
                    bob_types("8D QZQZ")
                    assert until(lambda: any(f"Not played, {ben}: " in m.body for m in answers()[before:]))
                    waits_for(alice, f"{ben}'s move refused:")
                    assert len(the_game(alice_store, lexicon)[0].actions) == count
                    refused = True
                move = notation(game, 1, players[1])
                before = len(answers())
                # every other move in lower case, as a phone types it too; a move
                # with a blank keeps its case (a lower-case letter is the blank)
                blank = any(c.islower() for c in move)
                bob_types(move if made[1] % 2 == 0 or blank else move.lower())
                made[1] += 1
                # said once, above her prompt, as it arrives
                waits_for(alice, prompts.move_arrived(ben), made[1])
                assert until(lambda: len(answers()) > before)  # the room's answer: sentence, board, rack
            else:
                move = notation(game, 0, players[0])
                alice.type(move if move == "pass" or move.startswith("exchange") else "play " + move)
                made[0] += 1
            assert until(lambda: len(the_game(alice_store, lexicon)[0].actions) > count), move
        # Bob's move while his game is not open (Alice opened another): said once, in a short line
        game, _ = the_game(alice_store, lexicon)
        if game.current == 0:
            move = notation(game, 0, players[0])
            alice.type(move if move == "pass" or move.startswith("exchange") else "play " + move)
            made[0] += 1
            assert until(lambda: the_game(alice_store, lexicon)[0].current == 1)
        carol_id, _ = synapse.new_user("carol")
        alice.type(f"invite {carol_id} honour")
        waits_for(alice, " ".join(honour_prompts.game_with(display_name(carol_id))))
        game, _ = the_game(alice_store, lexicon, friend=bob_id)
        bob_types(notation(game, 1, players[1]))
        waits_for(alice, " ".join(online_prompts.moved_not_open(ben)))
        alice.type("games")
        listed = waits_for(alice, f"With {ben} (")
        number = next(line.split(".")[0].strip() for line in listed.splitlines() if f"With {ben} (" in line)
        alice.type(f"open {number}")
        waits_for(alice, " ".join(honour_prompts.game_with(ben)), 2)
        alice.type("resign")
        waits_for(alice, "Its record is kept in games:")
        screen = flat(alice.screen())
        assert screen.count(prompts.move_arrived(ben)) == made[1], screen[-3000:]  # the last not open
        assert screen.count(" ".join(online_prompts.moved_not_open(ben))) == 1
        assert screen.count(" ".join(honour_prompts.chat_here(ben, "good luck"))) == 1
        assert screen.count(f"{ben}'s move refused:") == 1
        assert alice_pw not in screen and "Missing session" not in screen
        records = list((tmp_path / "alice").rglob("*.gcg"))
        assert len(records) == 1, records
        record = read_gcg(records[0].read_bytes())
        assert [p.full_name for p in record.players] == [ann, ben]
        assert until(lambda: any("Final scores" in m.body for m in answers()))
        if os.environ.get("SHOW_SCREENS"):
            print(alice.screen())
        alice.type("quit")
        alice.wait_for("[exit status 0]", timeout=WAIT)
    finally:
        alice.close()
        bob.close()
