"""A newcomer's first minutes in ``audio-scrabble online`` (over the
loopback): found playing it in a terminal as a blind player would.

- "Type help at any time." is the first thing said, but ``help`` typed
  at the homeserver question was taken as the homeserver (and at the user
  question as the user): the password was asked next and the sign-in then
  failed, "The homeserver https://help did not answer". Now ``help`` there
  says what the question wants (what a homeserver is, where to get an
  account) and asks it again.
- A user id mistyped was refused only after the password, and the
  questions were closed by then ("... is not a user id; type one like
  @bob:example.org." with no question open). Now the homeserver and the
  user are checked as each is typed, the question kept open.
(Signed in, no game open: test_online_no_game_open.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from homes_kit import PASSWORD, Player  # type: ignore[import-not-found]

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.online.loopback import LoopbackNetwork
from audio_scrabble.presentation import online_prompts


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def test_help_at_the_sign_in_questions_is_help(tmp_path: Path, lexicon: Any) -> None:
    p = Player(LoopbackNetwork(), "Alice", tmp_path, lexicon)
    try:
        assert p.line("online") == [online_prompts.ASK_HOMESERVER]
        out = p.line("help")
        said = " ".join(out)
        assert "account" in said and "colon" in said, out  # what a homeserver is, and where to get one
        assert out[-1] == online_prompts.ASK_HOMESERVER and all(len(x) <= 40 for x in out), out
        assert p.session.prompt_text() == "homeserver> "
        assert p.line("example.org") == list(online_prompts.ASK_USER)
        out = p.line("?")
        assert "user id" in " ".join(out) and tuple(out[-len(online_prompts.ASK_USER):]) == online_prompts.ASK_USER
        assert p.session.prompt_text() == "user> "
        assert p.line("alice") == [online_prompts.ASK_PASSWORD]
        assert online_prompts.signed_in(p.user)[0] in p.line(PASSWORD)
        assert p.passwords == [PASSWORD]
    finally:
        p.close()


def test_a_mistyped_user_is_refused_at_its_own_question(tmp_path: Path, lexicon: Any) -> None:
    p = Player(LoopbackNetwork(), "Alice", tmp_path, lexicon)
    try:
        p.line("online")
        out = p.line("ftp://example.org")  # not a web address
        assert "not a homeserver address" in " ".join(out), out
        assert p.session.prompt_text() == "homeserver> "
        p.line("example.org")
        out = p.line("http://127.0.0.1:8008")  # the server typed again, at the user question
        assert "is not a user id" in " ".join(out) and "type one like" in " ".join(out), out
        assert p.session.prompt_text() == "user> "  # the question stays: type one there
        assert p.line("@alice:loopback") == [online_prompts.ASK_PASSWORD]
        assert online_prompts.signed_in(p.user)[0] in p.line(PASSWORD)
    finally:
        p.close()
