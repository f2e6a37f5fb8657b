"""A loss on time in a game of three or more between homes, not open at
the table, whose others tie: the end sentence says who tied ("A tie:
Alice and Carol, 120 each."), as the end sentence of a game not open
does ("...; a tie: you and Carol, 120 each."); a tie of every player, as
before ("A tie.", "a tie, 250 each"). Before, "A tie." was said bare: the
player who lost on time did not hear who tied. The claim's news goes
through online_away.hear_away as a game's link hands it on (a link and
a session standing in for them: what it reads of each)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from audio_scrabble.console.homes.online_away import hear_away
from audio_scrabble.presentation import prompts_homes

NAMES = ("Alice", "Bob", "Carol")


def test_who_tied_is_named_when_not_every_player_tied() -> None:
    assert prompts_homes.who_won(NAMES, 1, (0, 2), (120, 80, 120)) == "A tie: Alice and Carol, 120 each."
    assert prompts_homes.who_won(NAMES, 0, (0, 2), (120, 80, 120)) == "A tie: you and Carol, 120 each."
    assert prompts_homes.who_won(NAMES[:2], 0, (0, 1), (90, 90)) == "A tie."
    end = " ".join(prompts_homes.ended_not_open(["Alice", "Carol"], NAMES, 1, (120, 80, 120), (0, 2), timed_out=1))
    assert end == "In your game with Alice and Carol: you lost on time; a tie: Alice and Carol, 120 each."
    two = " ".join(prompts_homes.ended_not_open(["Bob"], NAMES[:2], 0, (250, 250), (0, 1), reason="passes",
                                                scoreless=6))
    assert two.endswith("a tie, 250 each.") and ":" not in two.split("; ")[-1], two


class _Notices:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def put(self, line: str, said: Any = None) -> None:
        self.lines.append(line)


def test_a_loss_on_time_of_three_says_who_tied() -> None:
    game = SimpleNamespace(scores=lambda: [120, 80, 120])
    state = SimpleNamespace(names=NAMES, my_seat=1, timed_out=1, game=game, final=None,
                            seat_of=lambda user: None)
    link = SimpleNamespace(state=state, journal=None, transport=SimpleNamespace(user_id="@bob:x"),
                           on_record=None, on_chat=None, on_refused=None, on_send_failed=None)
    notices = _Notices()
    session = SimpleNamespace(acting=SimpleNamespace(notices=notices), thinker=SimpleNamespace(on_ready=None))
    hear_away(session, link)  # type: ignore[arg-type]
    claim = SimpleNamespace(kind="claim", seat=0)
    link.on_record(SimpleNamespace(record=claim, final=None))
    said = " ".join(notices.lines)
    assert "You lost on time." in said, said
    assert "A tie: Alice and Carol, 120 each." in said, said
