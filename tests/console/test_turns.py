"""Whose turn, said to the people at the table (a blind player's
findings): one person against the computers hears "Your turn.", never
their own name in the possessive ("Me's turn."); at a shared computer
each turn is said by name, and a name that is a pronoun (Me, I, You,
Myself, any case) is said after the noun ("Turn for Me."); the same in
the summary, the Enter line, the resume question and the challenge
lines, at every verbosity. ``accept`` with nothing to accept says what
stands and whose turn it is, changing nothing. Driven through the
Session front with the real word list and real computers.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore
from refusal_corpus import joined

pytestmark = pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed")


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


def solo(lexicon, name: str = "Me", seed: int = 2, store: SaveStore | None = None) -> tuple[Session, list[str]]:
    """``name`` against the club computer; seed 2: the person plays first."""
    s = Session(Options(players=f"{name},computer:club", seed=seed), lexicon=lexicon, store=store)
    out = s.start()
    assert s.game.current == 0
    return s, out


def state(s: Session):
    g = s.game
    return (copy.deepcopy(g.actions), g.board.rows_text(), [list(p.rack) for p in g.players], g.scores(),
            len(g.bag), g.current, len(g.history), s.playing().turns.told_challenge)


def no_possessive_of(name: str, lines: list[str]) -> list[str]:
    """The lines that put ``name`` in the possessive ("Me's", "Me'")."""
    return [x for x in lines if f"{name}'s" in x or f"{name}' " in x]


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_one_person_against_a_computer_hears_your_turn_at_every_verbosity(lexicon, verbosity):
    s, opening = solo(lexicon)
    try:
        heard = list(opening)
        assert "Your turn." in opening
        heard += s.handle_line(f"set verbosity {verbosity}")
        for _ in range(3):  # the computer plays in turn, a round heard at once below full
            heard += s.handle_line("pass")
        assert s.game.current == 0 and len(s.game.actions) == 6
        enter = s.handle_line("")
        summary = s.handle_line("summary")
        heard += enter + summary
        assert enter == ["Your turn. Type help for commands."]
        assert summary[0] == "It is your turn."
        assert no_possessive_of("Me", heard) == [], heard
        if verbosity == "full":  # every turn said: the computer's by its name, the person's as theirs
            assert heard.count("Club computer's turn.") == 3 and heard.count("Your turn.") >= 4, heard
        else:  # a round heard at once: the rack, last, is the turn signal
            assert "Club computer's turn." not in heard
    finally:
        s._close_computers()


def test_a_pronoun_name_at_a_shared_computer_is_said_after_the_noun(lexicon):
    """Two people, "Me" and "bob": whose turn is said by name (there is no
    one "you"), "Turn for Me." rather than "Me's turn."; the summary and
    the Enter line the same; bob's turn as any name's."""
    s = Session(Options(players="Me,bob", seed=5), lexicon=lexicon)
    out = s.start()
    heard = list(out)
    for _ in range(2):  # each passes once, after the hand-over
        who = s.names[s.game.current]
        handed = s.handle_line("")
        heard += handed
        assert handed[0] == ("Turn for Me." if who == "Me" else "bob's turn."), handed
        summary = s.handle_line("summary")
        assert summary[0] == ("Turn for Me." if who == "Me" else "It is bob's turn."), summary
        assert s.handle_line("")[0] == ("Turn for Me. Type help for commands." if who == "Me"
                                        else "bob's turn. Type help for commands.")
        heard += s.handle_line("pass")
    assert no_possessive_of("Me", heard) == [], heard


@pytest.mark.parametrize("name", ["me", "I", "MYSELF", "You"])
def test_every_pronoun_name_any_case(lexicon, name):
    s = Session(Options(players=f"{name},Bob", seed=5), lexicon=lexicon)
    s.start()
    if s.game.current != 0:
        s.handle_line("")
        s.handle_line("pass")
    out = s.handle_line("")
    assert out[0] == f"Turn for {name}.", out
    assert s.handle_line("summary")[0] == f"Turn for {name}."


def test_the_resume_question_says_your_turn_to_the_one_person(lexicon, tmp_path: Path):
    folder = tmp_path / "saves"
    s, _ = solo(lexicon, store=SaveStore(folder))
    s.handle_line("pass")  # the computer plays; Me to move
    assert s.game.current == 0
    s.handle_line("quit")
    s.handle_line("yes")
    s._close_computers()
    again = Session(Options(), lexicon=lexicon, store=SaveStore(folder))
    offer = again.start()
    assert offer[1:3] == ["An unfinished game:", "You 0, Club computer 28."], offer
    assert offer[-2:] == ["Your turn.", "Resume it? Type yes or no."], offer
    assert no_possessive_of("Me", offer) == []
    out = again.handle_line("yes")
    assert "Resumed. House rules (RNIB leaflet)." in out
    again._close_computers()


def test_the_resume_question_names_whose_turn_at_a_shared_computer(lexicon, tmp_path: Path):
    folder = tmp_path / "saves"
    s = Session(Options(players="Me,Bob", seed=5), lexicon=lexicon, store=SaveStore(folder))
    s.start()
    s.handle_line("quit")
    s.handle_line("yes")
    offer = Session(Options(), lexicon=lexicon, store=SaveStore(folder)).start()
    whose = "Turn for Me." if s.game.current == 0 else "Bob's turn."
    assert offer[-2:] == [whose, "Resume it? Type yes or no."], offer


# ---------------------------------------------------------------- accept with nothing to accept
def test_accept_after_the_computers_play_says_it_stands_and_changes_nothing(lexicon):
    s, _ = solo(lexicon)
    try:
        out = s.handle_line("pass")
        assert out[1].startswith("Club computer played ") and "To challenge it, type challenge." in out
        before = state(s)
        assert s.handle_line("accept") == ["Club computer's play stands; your turn."]
        assert state(s) == before
        assert s.handle_line("accept") == ["Club computer's play stands; your turn."]  # as often as asked
        # it can still be challenged: accept decided nothing
        assert s.game.why_not_challenge() is None
        s.settings.verbosity = "brief"
        assert s.handle_line("accept") == ["Club computer's play stands; your turn."]
        assert state(s) == before
    finally:
        s._close_computers()


def test_accept_with_no_play_to_accept_says_whose_turn(lexicon):
    """The person plays first: no play yet; then the game over."""
    s, _ = solo(lexicon)
    try:
        before = state(s)
        assert s.handle_line("accept") == ["Nothing to accept; your turn."]
        assert state(s) == before
    finally:
        s._close_computers()


def test_accept_at_a_shared_computer_names_the_play_and_the_turn(lexicon):
    s = Session(Options(players="Alice,Me", seed=3), lexicon=lexicon)
    s.start()
    first = s.game.current
    s.handle_line("")
    rack = [t for t in s.game.current_player.rack if t != "?"]
    word = next(a + b for a in rack for b in rack if a + b in lexicon)
    assert s.handle_line(f"play 8H {word}")[0].startswith(s.names[first])
    before = state(s)
    out = s.handle_line("accept")
    if s.names[first] == "Me":
        assert out == ["The play by Me stands; Alice's turn."]
    else:
        assert out == ["Alice's play stands; turn for Me."]
    assert state(s) == before


def test_accept_once_the_game_is_over_says_so(lexicon):
    s = Session(Options(players="Alice,Bob", seed=3), lexicon=lexicon)
    s.start()
    for _ in range(12):  # passes: the house rules end the game after six scoreless turns
        if s.game.is_over:
            break
        s.handle_line("")
        s.handle_line("pass")
    assert s.game.is_over
    assert joined(s.handle_line("accept")) == "The game is over; type new for another game, or quit."


# ---------------------------------------------------------------- the prompt while a computer moves
def test_the_prompt_while_a_computer_moves_says_whose_keyboard_and_fits_braille(lexicon):
    """One person: their name and that they wait; two people: no one
    person's keyboard, "waiting> "; a 14-cell display: the short form."""
    s = Session(Options(players="Me,computer:club", seed=1), lexicon=lexicon, defer_computer=True)
    s.start()
    assert s.computer_to_move() and s.prompt_text() == "Me, waiting> "
    s.settings.braille_width = 14
    assert s.prompt_text() == "wait> "
    s.acting.run_computers()
    assert s.prompt_text() == "Me> "
    s._close_computers()
    shared = Session(Options(players="Alice,Bob,computer:club", seed=1), lexicon=lexicon, defer_computer=True)
    shared.start()
    for _ in range(3):
        if shared.computer_to_move():
            break
        shared.handle_line("")
        shared.handle_line("pass")
    assert shared.computer_to_move() and shared.prompt_text() == "waiting> "
    shared.acting.run_computers()
    assert shared.prompt_text() == f"{shared.names[shared.game.current]}> "
    shared._close_computers()
