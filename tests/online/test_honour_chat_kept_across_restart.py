"""The honour mode: the friend's chat line that comes while the game is
not open at the table (another game is) is said at once, above the
prompt, as a game between homes' is ("Bob says, in another game: ..."),
and kept in the game's log until it is said: when the program is closed
first, it is said at the next start ("Bob said while you were away:
..."), once: not again when the game is opened, nor at a later start.
Before the review it waited in memory only (a restart lost it); then it
waited in the log for the game to be opened, while another game's line
was said at once. Over the loopback transport (tests/online/honour_kit.py's
Host).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.presentation import online_prompts

from honour_kit import CAROL, Restarts, open_game, room_of, two_games  # type: ignore[import-not-found]
from lines_kit import said, times  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_a_chat_line_of_a_game_not_open_is_said_at_once_and_kept_until_said(tmp_path: Path, lexicon: Any) -> None:
    restarts = Restarts(tmp_path, lexicon)
    bob, carol, first = restarts.bob, restarts.carol, restarts.hosts[0]
    try:
        room = two_games(first, bob, carol)  # Bob's game is not open now
        bob.send(room, "see you tomorrow", None, "bob.chat")
        first.idle()
        heard = first.line("")  # said at once, the game not open
        assert said(online_prompts.chat_not_open("Bob", "see you tomorrow"), heard), heard
        bob.send(room, "bring snacks", None, "bob.chat2")
        first.idle()
        first.close()  # the second line not said yet: the program ends
        again = restarts.again()
        start = again.sign_in()
        line = online_prompts.chat_while_away("Bob", "bring snacks")
        assert said(line, start), start
        assert not any("see you tomorrow" in x for x in start), start  # said already
        again.idle()
        opened = open_game(again, room)
        assert not any("bring snacks" in x or "see you tomorrow" in x for x in opened), opened
        open_game(again, room_of(again, CAROL))
        open_game(again, room)
        assert times(line, again.heard) == 1  # once
        again.close()
        third = restarts.again()
        out = third.sign_in()
        assert not any("bring snacks" in x for x in out + open_game(third, room))  # said: not kept any more
        third.close()
    finally:
        restarts.close()
