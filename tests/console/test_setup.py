"""The questions before a game (console/asking/setup.py, opening.py): the draw for first,
one question at a time, players' names and the rules, driven through
``Session.handle_line`` as a player types."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.presentation import phrases

from console_kit import AcceptAll, WORDS, ready, session, passers
from refusal_corpus import joined


# ---------------------------------------------------------------- starting
def test_start_announces_the_draw_and_hands_over():
    s, lines = session()
    g = s.game
    first = g.names[g.current]
    draws = ", ".join(f"{name} drew {tile}" for name, tile in g.history[0].rounds[-1])
    assert lines[2:] == [f"{draws}.", f"{first} plays first.", f"{first}, press Enter to hear your rack."]
    assert s.prompt_text() == f"{first}> "


@pytest.mark.parametrize("players, seed, rounds", [
    ("Ann,Bob", 1, 1), ("Ann,Bob,Cy,Di", 3, 1), ("Ann,Bob,Cy", 8, 2)])
def test_the_draw_for_first_names_each_tile_once(players, seed, rounds):
    """Two, three or four people at one computer; a tie draws again: every
    tile drawn is named once, then who plays first, by name, no tile."""
    s, lines = session(players, seed)
    g = s.game
    ev = g.history[0]
    assert len(ev.rounds) == rounds
    first = g.names[g.current]
    said = lines[2:lines.index(f"{first} plays first.") + 1]  # after the title and the rules
    heard = " ".join(said)
    for rnd in ev.rounds:
        for name, tile in rnd:
            assert f"{name} drew {'a blank' if tile == BLANK else tile}" in heard
    assert heard.count(" drew ") == sum(len(rnd) for rnd in ev.rounds)  # one draw, one mention
    ties = [x for x in said if x.endswith("tie and draw again.")]
    assert ties == [f"{phrases.join_and([name for name, _ in rnd])} tie and draw again." for rnd in ev.rounds[1:]]
    assert all(len(x) <= 40 for x in said), said
    assert lines[-1] == f"{first}, press Enter to hear your rack."


def test_setup_asks_one_question_at_a_time_and_refuses_bad_answers():
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    lines = s.start()
    assert lines[-2:] == ["How many players, 2 to 4?", "Press Enter for 2."]
    lines = s.handle_line("7")
    assert joined(lines) == "'7' is not 2, 3 or 4; type how many are playing."  # not the question again
    assert s.game is None
    lines = s.handle_line("three")
    computer = ["Type computer for a computer opponent."] if services.engine_available() else []
    assert lines[1:] == ["Player 1, your name?"] + computer  # player 1 too may be the computer
    assert s.handle_line("Alice")[1:] == ["Player 2, your name?"] + computer
    lines = s.handle_line("alice")
    assert joined(lines) == "alice is already playing; give this player another name."
    assert s.handle_line("repeat")[-len(computer) - 1:] == ["Player 2, your name?"] + computer
    assert s.handle_line("") == ["Type a name, like Alice, or computer." if computer else "Type a name, like Alice."]
    s.handle_line("Bob")
    lines = s.handle_line("Carol")
    assert lines[-2] == "Which rules? Enter for house rules."
    lines = s.handle_line("chess")
    assert joined(lines) == "No rules called 'chess'; type house, naspa, wespa, single, ten or void."
    lines = s.handle_line("wespa")
    assert "Tournament rules, 5-point challenge." in lines
    assert s.game is not None and s.game.names == ("Alice", "Bob", "Carol")
    assert s.game.rules.name == "five"


@pytest.mark.parametrize("answer", ["\u00b2", "9" * 5000, "\u0663"])
def test_player_count_refuses_digits_that_are_not_plain_numbers(answer):
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    s.start()
    out = s.handle_line(answer)
    assert joined(out).endswith("is not 2, 3 or 4; type how many are playing.")
    assert s.setup.count is None


def test_help_and_quit_work_during_setup():
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    s.start()
    assert s.handle_line("help")[0] == "How many are playing: 2, 3 or 4."  # this question's help
    assert s.handle_line("help play")[0] == "Place a word, ending your turn."  # a command's, as ever
    assert joined(s.handle_line("rack")) == "'rack' is not 2, 3 or 4; type how many are playing."
    assert s.handle_line("quit") == ["Goodbye."]
    assert s.finished


def test_rules_given_without_players_are_not_asked_again():
    s = Session(Options(seed=2, rules="naspa"), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("2")
    s.handle_line("Ann")
    lines = s.handle_line("Ben")
    assert "North American tournament rules, double challenge." in " ".join(lines)
    assert s.game.rules.name == "double"


def test_computer_players_are_refused_without_the_engine(monkeypatch):
    monkeypatch.setattr(services, "engine_available", lambda: False)
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("2")
    lines = s.handle_line("computer:club")
    assert joined(lines) == "Computer players need the move engine, which is not installed yet; name a person."


BAD_NAMES = [
    "Bob\x00",  # NUL
    "\u202eboB",  # right-to-left override: shows as "Bob" reversed
    "Bob\x1b[2J",  # an escape sequence that clears the screen
    "Al\u200bice",  # a zero-width space
    "Bob\x07",  # the bell
    "\ufeffBob",  # a byte-order mark
    "Bob\x7f",  # delete
]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_with_a_control_character_is_refused_in_one_sentence(name):
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("2")
    lines = s.handle_line(name)
    assert joined(lines) == "A name cannot hold control characters; type it again in plain letters."
    assert not any(ch in "".join(lines) for ch in "\x00\x1b\x07\u202e\u200b\ufeff\x7f")
    assert s.setup.players == [] and s.game is None
    s.handle_line("Alice")
    s.handle_line("Bob")
    s.handle_line("")
    assert s.game.names == ("Alice", "Bob")


def test_a_name_over_20_letters_is_refused_and_20_are_taken():
    s = Session(Options(seed=2), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("2")
    lines = s.handle_line("A" * 21)
    assert joined(lines) == "That name is long to hear every turn; use 20 letters or fewer."
    assert s.handle_line("Bartholomew Jonesy-Q")[:2] == ["Bartholomew Jonesy-Q plays.", "Player 2, your name?"]
    # white space is tidied, and tabs or runs of spaces are not hidden characters
    assert s.handle_line("  Ann\tMarie  ")[0] == "Ann Marie plays."
    assert s.setup.players[-1].name == "Ann Marie"


@pytest.mark.parametrize("name", BAD_NAMES + ["Christopher Alexander Smith"])
def test_bad_names_on_the_command_line_are_refused_before_the_game(name, capsys):
    from audio_scrabble.cli import build_parser

    with pytest.raises(SystemExit) as stop:
        build_parser([]).parse_args(["--players", f"Alice,{name}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "A name cannot hold control characters" in err or "use 20 letters or fewer" in err
    assert name not in err
    # given to the session directly, the names are refused and asked for instead
    s = Session(Options(players=f"Alice,{name}", seed=2), lexicon=services.WordSet(WORDS))
    lines = s.start()
    assert s.game is None
    assert lines[-2:] == ["How many players, 2 to 4?", "Press Enter for 2."]


# ---------------------------------------------------------------- the rules are named once
HOUSE = "House rules (RNIB leaflet)"


def _count_house(lines: list[str]) -> int:
    return " ".join(lines).count(HOUSE)


def test_the_rules_are_named_once_however_the_game_starts(tmp_path):
    from audio_scrabble.console.session import NEW, RESUME
    from audio_scrabble.persistence import SaveStore

    # the command line names the players
    s, lines = session()
    assert _count_house(lines) == 1
    # the questions, with Enter for the rules, and with "house" typed
    for answer in ("", "house", "rnib"):
        q = Session(Options(seed=2), lexicon=AcceptAll())
        said = q.start() + q.handle_line("2") + q.handle_line("Ann") + q.handle_line("Ben") + q.handle_line(answer)
        assert q.game is not None and _count_house(said) == 1, (answer, said)
    # a new game after the end, and one asked for during a game
    for _ in range(4):
        ready(s)
        s.handle_line("pass")
    assert _count_house(s.handle_line("new")) == 1
    said = s.handle_line("new") + s.handle_line("yes")
    assert _count_house(said) == 1
    # resumed: asked, with --resume, and a new one with --new
    store = SaveStore(tmp_path / "saves")
    left = Session(Options(players="Alice,Bob", seed=4), lexicon=AcceptAll(), store=store)
    assert _count_house(left.start()) == 1
    ready(left)
    left.handle_line("pass")
    asked = Session(Options(), lexicon=AcceptAll(), store=store)
    said = asked.start() + asked.handle_line("yes")
    assert _count_house(said) == 1
    again = Session(Options(saved_game=RESUME), lexicon=AcceptAll(), store=store)
    assert _count_house(again.start()) == 1
    fresh = Session(Options(saved_game=NEW, players="Carol,Dan", seed=5), lexicon=AcceptAll(), store=store)
    assert _count_house(fresh.start()) == 1


def test_the_rules_are_printed_once_on_the_screen(tmp_path):
    """Through the plain-line loop and the text speaker, as printed."""
    import io

    from audio_scrabble.console.plain import run_plain

    screen = io.StringIO()
    s = Session(Options(seed=2), lexicon=AcceptAll())
    run_plain(s, services.make_speaker("text", screen), io.StringIO("2\nAnn\nBen\n\n\nquit\nyes\n"), screen)
    assert screen.getvalue().count(HOUSE) == 1, screen.getvalue()


def test_ctrl_c_at_the_setup_clears_the_line_and_keeps_the_question():
    s = Session(Options(), lexicon=services.WordSet(["QI"]))
    question = s.start()[-1]
    assert s.interrupt() == ["Line cleared."]
    assert s.handle_line("2")[-1] != question and s.last_error is None


def test_the_level_question_help_names_the_levels_not_computer():
    """Finding 12: help at the level question said "Type computer."."""
    s = Session(Options(), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    s.start()
    for answer in ("2", "Alice"):
        s.handle_line(answer)
    s.handle_line("computer")
    out = s.handle_line("help")
    assert "beginner, club, expert or champion." in out and not any("Type computer" in x for x in out)
    out = s.handle_line("help level")
    assert "Type beginner." in out and "Type expert." in out and "Type computer." not in out


def test_the_set_up_refuses_briefly_at_brief_verbosity():
    s = Session(Options(verbosity="brief"), lexicon=services.WordSet(["QI"]))
    s.start()
    assert s.handle_line("rack") == ["'rack' is not 2, 3 or 4."]
    s = Session(Options(), lexicon=services.WordSet(["QI"]))
    s.start()
    assert joined(s.handle_line("rack")) == "'rack' is not 2, 3 or 4; type how many are playing."
