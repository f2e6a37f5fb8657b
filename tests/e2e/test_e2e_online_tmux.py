"""End to end between homes: two real game processes (``audio-scrabble
online``), each in its own tmux terminal with its own data folder, over a
real Synapse on 127.0.0.1 (the ``synapse`` fixture). Each signs in
through the questions (the password typed unseen), Alice invites, Bob
hears the invitation in ``games`` and accepts; the game comes to both
tables as the deal is done, moves are made and each is said on the other
side as it arrives, above the prompt, the line being typed there kept;
a chat line is said once; one resigns and both hear the deal checked.
Skipped with the reason when tmux or Synapse is missing."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed, so the terminal cannot be driven")

pytest.importorskip("nio")

from tmux_terminal import Terminal  # noqa: E402
from online_tmux_kit import online_terminal, said_on  # noqa: E402

#: the homeserver and the deal take longer than a local turn
WAIT = 60.0


def player(tmp: Path, name: str) -> Terminal:
    home = tmp / name
    home.mkdir()
    return online_terminal(home, home / "data")


def sign_in(t: Terminal, url: str, user: str, password: str) -> None:
    t.wait_for("homeserver>", timeout=WAIT)
    t.type(url)
    t.wait_for("user>", timeout=WAIT)
    t.type(user)
    t.wait_for("password>", timeout=WAIT)
    t.type(password)
    said_on(t, f"Signed in as {user}.")
    assert password not in t.screen()  # typed unseen


def test_two_processes_play_between_homes(synapse: Any, tmp_path: Path) -> None:
    alice_id, alice_pw = synapse.new_user("alice")
    bob_id, bob_pw = synapse.new_user("bob")
    alice = player(tmp_path, "alice")
    bob = player(tmp_path, "bob")
    try:
        sign_in(alice, synapse.url, alice_id, alice_pw)
        sign_in(bob, synapse.url, bob_id, bob_pw)
        alice.type(f"invite {bob_id}")
        said_on(alice, "the game starts when they accept")
        bob.type("games")
        said_on(bob, "invites you to a game.")
        bob.type("accept 1")
        bob.wait_for("Your game with", timeout=WAIT)
        # Alice is at her prompt: the game comes to her table as it is dealt
        screen = alice.wait_for("Your game with", timeout=WAIT)
        first_name = re.search(r"(\w+) plays first\.", screen)
        assert first_name is not None, screen[-2000:]
        alice_local = alice_id.lstrip("@").split(":")[0].capitalize()
        first, second = (alice, bob) if first_name.group(1) == alice_local else (bob, alice)
        second_name = (bob_id if first is alice else alice_id).lstrip("@").split(":")[0].capitalize()
        first_label = first_name.group(1)
        # the first player passes; the second hears it at once, while typing a line
        second.wait_for_prompt()
        second.type("scor", enter=False)
        first.type("pass")
        first.wait_for("You passed.", timeout=WAIT)
        screen = second.wait_for(f"{first_label}'s move has arrived.", timeout=WAIT)
        second.wait_until(lambda sc: sc.rstrip().endswith("> scor"), "the typed line kept", timeout=WAIT)
        assert f"{first_label} passed." in second.screen()
        second.type("es")  # the line finished: scores
        second.wait_for("Your turn.", timeout=WAIT)
        # the second passes back; heard on the first side
        second.type("pass")
        second.wait_for("You passed.", timeout=WAIT)
        first.wait_for(f"{second_name}'s move has arrived.", timeout=WAIT)
        # a chat line, said once
        second.type("say good one")
        said_on(first, f"{second_name} says: good one")
        # the first resigns; both hear the deal checked
        first.type("resign")
        first.wait_for("The deal checked out.", timeout=WAIT)
        second.wait_for("The deal checked out.", timeout=WAIT)
        for t in (alice, bob):
            assert t.screen().count("The deal checked out.") == 1
            assert t.screen().count("says: good one") <= 1
        assert alice_pw not in alice.screen() and bob_pw not in bob.screen()
        for t in (alice, bob):  # no library's warning printed over the game's lines
            assert "Missing session" not in t.screen() and "Error validating" not in t.screen()
        if os.environ.get("SHOW_SCREENS"):
            print(alice.screen(), "\n=========\n", bob.screen())
        for t in (alice, bob):  # the game is over: quit leaves at once
            t.type("quit")
            t.wait_for("[exit status 0]", timeout=WAIT)
    finally:
        alice.close()
        bob.close()
