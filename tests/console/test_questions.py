"""A wrong answer to a question (the set-up's, the resume offer, the blank's,
leave or start anew) is one sentence saying what was wrong and naming the
answers the question takes; the question is not asked again. ``repeat``,
F4 and ``help`` still say the whole question. Driven through the
session's front (``handle_line``, ``key``), as a player's lines reach it,
at the default width and on a 40-cell braille display."""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.asking.questions import DirectionQuestion
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.notation.typed import DirectionUnclear, parse_request

from console_kit import joined as joined_console, pair, passers
from refusal_corpus import joined

COUNT_QUESTION = ["How many players, 2 to 4?", "Press Enter for 2."]
LEVEL_QUESTION = ["Which level: beginner, club,", "expert or champion?", "Enter for beginner, or help for more."]
RULES_QUESTION = ["Which rules? Enter for house rules.", "Or: naspa, wespa, single, ten, void."]


def _setup_session(**opts) -> tuple[Session, list[str]]:
    s = Session(Options(seed=2, **opts), lexicon=services.WordSet(["QI"]), computer_factory=passers)
    return s, s.start()


#: each set-up question, a wrong answer, and what it says: at the default
#: settings (the sentence, in lines of at most 40 characters), on a
#: 40-cell display (broken after a clause), at brief verbosity
SETUP_WRONG = [
    ("count", "7",
     ["'7' is not 2, 3 or 4; type how many are playing."],
     ["'7' is not 2, 3 or 4;", "type how many are playing."],
     ["'7' is not 2, 3 or 4."]),
    ("name 1", "",  # player 1 too may be a computer (a newcomer's second playthrough)
     ["Type a name, like Alice, or computer."], ["Type a name, like Alice, or computer."],
     ["No name given: a name or computer."]),
    ("name 1", "Ann,,",
     ["A name cannot hold a comma; type one name, like Alice."],
     ["A name cannot hold a comma;", "type one name, like Alice."],
     ["A comma in the name: type one name."]),
    ("name 2", "",
     ["Type a name, like Alice, or computer."], ["Type a name, like Alice, or computer."],
     ["No name given: a name or computer."]),
    ("name 2", "ANN",
     ["ANN is already playing; give this player another name."],
     ["ANN is already playing;", "give this player another name."],
     ["ANN is already playing."]),
    ("level", "zzz",
     ["No level called 'zzz'; type beginner, club, expert or champion."],
     ["No level called 'zzz'; type beginner,", "club, expert or champion."],
     ["Levels: beginner club expert champion"]),
    ("rules", "xyz",
     ["No rules called 'xyz'; type house, naspa, wespa, single, ten or void."],
     ["No rules called 'xyz'; type house,", "naspa, wespa, single, ten or void."],
     ["Rules: house naspa wespa single ten void"]),
]
#: the right answers that lead from one question to the next
ONWARD = {"count": "2", "name 1": "Ann", "name 2": "computer", "level": "club", "rules": "wespa"}


@pytest.mark.parametrize("way", ["default", "braille 40", "brief"])
def test_a_wrong_answer_at_each_set_up_question_is_one_sentence_naming_the_answers(way):
    opts = {"default": {}, "braille 40": {"braille_width": 40}, "brief": {"verbosity": "brief"}}[way]
    s, said = _setup_session(**opts)
    asked = said[1:]
    assert asked == COUNT_QUESTION
    done: list[str] = []
    for where, wrong, normal, braille, brief in SETUP_WRONG:
        if done and done[-1] != where:
            said = s.handle_line(ONWARD[done[-1]])
            asked = said[-3:] if where == "level" else said[-2:] if where in ("rules", "name 1", "name 2") else said[-1:]
        done.append(where)
        before = (s.setup.asking, list(s.setup.players), s.setup.count, s.setup.rules)
        out = s.handle_line(wrong)
        if way == "default":
            assert joined(out) == " ".join(normal), (where, wrong)
        else:
            assert out == {"braille 40": braille, "brief": brief}[way], (where, wrong)
        assert all(len(x) <= 40 for x in out), out
        assert not set(asked) & set(out), (where, out)  # the question is not asked again
        assert (s.setup.asking, list(s.setup.players), s.setup.count, s.setup.rules) == before
        assert s.game is None
        # repeat, F4 and help say the whole question
        assert s.handle_line("repeat")[-len(asked):] == asked, where
        assert s.key("repeat")[-len(asked):] == asked, where
        helped = s.handle_line("help")
        assert helped[-len(asked):] == asked and len(helped) > len(asked), where
    s.handle_line(ONWARD["rules"])
    assert s.game is not None and s.game.names == ("Ann", "Club computer") and s.game.rules.name == "five"


def test_the_level_question_takes_cancel_and_still_refuses_in_one_line_after_it():
    s, _ = _setup_session(braille_width=40)
    s.handle_line("2")
    s.handle_line("Ann")
    s.handle_line("computer")
    assert s.handle_line("person") == ["No computer, then.", "Player 2, your name?",
                                       "Type computer for a computer opponent."]
    out = s.handle_line("computer maybe")
    assert " ".join(out) == "Computer players are beginner, club, expert, champion; type computer:club, for example."
    assert all(len(x) <= 40 for x in out) and out[-1] != "Type computer for a computer opponent."


def test_a_rules_option_that_cannot_be_read_names_the_rules_before_the_first_question():
    s = Session(Options(seed=2, rules="chess"), lexicon=services.WordSet(["QI"]))
    lines = s.start()
    assert s.game is None
    assert joined(lines[1:-2]) == "No rules called 'chess'; type house, naspa, wespa, single, ten or void."
    assert lines[-2:] == COUNT_QUESTION


# ---------------------------------------------------------------- the resume offer
@pytest.mark.parametrize("width, refusal", [
    (None, ["Type yes to resume that game, or no for a new one."]),
    (40, ["Type yes to resume that game,", "or no for a new one."]),
])
def test_a_wrong_answer_to_the_resume_offer_names_yes_and_no_and_repeat_says_the_offer(tmp_path, width, refusal):
    store = _unfinished_game(tmp_path)
    s = Session(Options(braille_width=width), lexicon=services.WordSet(["QI"]), store=store)
    offer = s.start()
    assert offer[-1] == "Resume it? Type yes or no."
    for wrong in ("maybe", "later on"):
        out = s.handle_line(wrong)
        assert joined(out) == " ".join(refusal) if width is None else out == refusal, out
    assert s.prompt_text() == "resume> " and s.game is None
    assert s.handle_line("repeat") == offer
    assert s.key("repeat") == offer
    assert s.handle_line("yes")[0].startswith("Resumed") or s.game is not None
    assert s.game is not None and s.game.turn >= 1


# ---------------------------------------------------------------- the blank
def _blank_session(width):
    for seed in range(500):
        g = Game(["Alice", "Bob"], rules_named("house"), seed)
        if BLANK in g.current_player.rack and any(t != BLANK for t in g.current_player.rack):
            break
    s = Session(Options(players="Alice,Bob", seed=seed, braille_width=width), lexicon=services.WordSet(["HE", "ZA"]))
    s.start()
    s.handle_line("")
    letter = next(t for t in s.game.current_player.rack if t != BLANK)
    return s, letter


@pytest.mark.parametrize("width, refusal", [
    (None, ["Type one letter, A to Z, for the blank on H8, or cancel."]),
    (40, ["Type one letter, A to Z,", "for the blank on H8, or cancel."]),
])
def test_a_wrong_answer_to_the_blank_question_names_its_answers_and_repeat_asks_it_again(width, refusal):
    s, letter = _blank_session(width)
    question = s.handle_line(f"check 8H ?{letter}")
    assert question == ["Which letter is the blank on H8?"]
    before = (list(s.game.actions), s.game.board.rows_text())
    for wrong in ("12", "rack", "EE"):
        out = s.handle_line(wrong)
        assert joined(out) == " ".join(refusal) if width is None else out == refusal, (wrong, out)
    assert s.handle_line("repeat") == question  # before: the refusal again
    assert s.key("repeat") == question
    helped = s.handle_line("help")  # before: the refusal
    assert helped[-1] == question[0] and any("blank" in x.lower() for x in helped[:-1])
    assert s.prompt_text() == "letter> "
    assert (list(s.game.actions), s.game.board.rows_text()) == before
    assert s.handle_line("h")[0] == "Blank on H8 is H."  # h is a letter here, not help


# ---------------------------------------------------------------- leave, start anew, play it
@pytest.mark.parametrize("width", [None, 40])
@pytest.mark.parametrize("asked", ["quit", "new"])
def test_a_wrong_answer_to_leave_or_start_anew_is_said_once_never_the_question_again(width, asked):
    # a wrong answer (no command) keeps the question, in one sentence naming
    # yes and no; it was a no, said with "'maybe' is not a command" after it
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=width), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    question = s.handle_line(asked)
    assert question[-1] == "Type yes or no." or question == ["Leave the game? Type yes or no."]
    before = (list(s.game.actions), s.game.current)
    out = s.handle_line("maybe")
    assert " ".join(out).startswith("'maybe' is not yes or no; type yes to ")
    assert not set(question) & set(out)
    assert all(len(x) <= 40 for x in out)
    assert (list(s.game.actions), s.game.current) == before and not s.finished and s.question is not None
    assert s.handle_line("no") == ["Staying in the game."] and s.question is None


# ---------------------------------------------------------------- names: empty, the same, a comma
@pytest.mark.parametrize("players, sentence", [
    ("Ann,,", "A name between the commas is empty; give names like Alice,Bob."),
    (",Bob", "A name between the commas is empty; give names like Alice,Bob."),
    ("Ann, ,Bob", "A name between the commas is empty; give names like Alice,Bob."),
    ("Ann,ANN", "ANN is named twice; give each player a different name."),
    ("Ann,Bob,ann ", "ann is named twice; give each player a different name."),
])
def test_empty_or_repeated_names_on_the_command_line_are_refused_in_one_sentence(players, sentence, capsys):
    """``--players`` lists names between commas: an empty one, or one named
    twice in any case (the game speaks players by name, and the core
    refuses such a game too), is refused before any game, saying what to do."""
    from audio_scrabble.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--players", players])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"audio-scrabble: error: argument --players: {sentence}"
    # given to the session directly, the names are refused and asked for instead
    s = Session(Options(players=players, seed=2), lexicon=services.WordSet(["QI"]))
    lines = s.start()
    assert joined(lines[1:-2]) == sentence and lines[-2:] == COUNT_QUESTION and s.game is None


def test_at_the_name_question_a_comma_an_empty_name_or_a_name_taken_is_refused_and_the_names_stay():
    s, _ = _setup_session()
    s.handle_line("3")
    for wrong in ("Ann,,", "Ann, Bob", ","):  # the question takes one name: never 'Ann,,' as a name
        assert joined(s.handle_line(wrong)) == "A name cannot hold a comma; type one name, like Alice.", wrong
    assert s.handle_line("  ") == ["Type a name, like Alice, or computer."]
    assert s.handle_line("Ann")[0] == "Ann plays."
    for wrong in ("ann", " ANN ", "Ann"):
        assert joined(s.handle_line(wrong)) == f"{wrong.strip()} is already playing; give this player another name."
    assert s.handle_line("Bob")[0] == "Bob plays."
    s.handle_line("Cy")
    s.handle_line("")
    assert s.game is not None and s.game.names == ("Ann", "Bob", "Cy")


# ---------------------------------------------------------------- help and back at the set-up
#: each set-up question: the answers that reach it, its help's first line, and the question
SETUP_ASKED = [
    ("count", [], "How many are playing: 2, 3 or 4.", COUNT_QUESTION),
    ("name 1", ["2"], "The first player's name, like Alice,",
     ["Player 1, your name?", "Type computer for a computer opponent."]),
    ("name 2", ["2", "Ann"], "This player's name, like Bob, or",
     ["Player 2, your name?", "Type computer for a computer opponent."]),
    ("level", ["2", "Ann", "computer"], "How strongly the computer plays:", LEVEL_QUESTION),
    ("rules", ["2", "Ann", "computer", "club"], "Which rules to play by.", RULES_QUESTION),
]


@pytest.mark.parametrize("width", [None, 20])
@pytest.mark.parametrize("where, answers, first, asked", SETUP_ASKED)
def test_help_at_a_set_up_question_is_that_questions_help_in_a_few_lines_then_the_question(
        where, answers, first, asked, width):
    """help at "Player 2, your name?" printed the game's 40-line command list."""
    s, _ = _setup_session(braille_width=width)
    for answer in answers:
        s.handle_line(answer)
    before = (s.setup.asking, list(s.setup.players), s.setup.count)
    out = s.handle_line("help")
    assert not any(x.startswith(("Turn:", "Commands", "help COMMAND")) for x in out), out
    if width is None:
        assert out[0] == first and out[-len(asked):] == asked
        told = out[:-len(asked)]
        assert 3 <= len(told) <= 7 and any(x.startswith("quit leaves") for x in told), out
        assert any(x.startswith("back: ") for x in told) == (where != "count"), out
    else:
        assert all(len(x) <= 20 for x in out) and len(out) <= 20, out  # the command list took about 40
        assert " ".join(out).endswith(" ".join(asked)), out
    assert all(len(x) <= 40 for x in out), out
    assert (s.setup.asking, list(s.setup.players), s.setup.count) == before
    assert s.handle_line("?") == out and s.handle_line("repeat") == out


def test_help_at_the_resume_offer_is_its_own_help_then_the_offer(tmp_path):
    s = Session(Options(braille_width=20), lexicon=services.WordSet(["QI"]), store=_unfinished_game(tmp_path))
    s.start()
    out = s.handle_line("help")
    assert not any(x.startswith(("Turn:", "Commands", "help COMMAND")) for x in out), out
    assert all(len(x) <= 20 for x in out) and len(out) <= 16, out
    assert " ".join(out).endswith("Resume it? Type yes or no.")
    assert "quit leaves; the game stays saved." in " ".join(out)
    assert s.prompt_text().startswith(("resume>", "yes/no>")) and s.game is None


def test_back_at_each_set_up_question_goes_to_the_one_before_and_takes_its_answer_away():
    s, _ = _setup_session()
    for answer in ("3", "Ann", "Bob"):
        s.handle_line(answer)
    assert s.handle_line("back") == ["Back to player 2's name.", "Player 2, your name?",
                                     "Type computer for a computer opponent."]
    assert s.setup.players[-1].name == "Ann" and len(s.setup.players) == 1
    assert s.handle_line("computer")[0] == LEVEL_QUESTION[0]
    assert s.handle_line("back")[0] == "Back to player 2's name."  # the level: back to the name that asked
    assert s.setup.asking == "name" and len(s.setup.players) == 1
    assert s.handle_line("back") == ["Back to player 1's name.", "Player 1, your name?",
                                     "Type computer for a computer opponent."]
    assert s.setup.players == []
    assert s.handle_line("back") == ["Back to how many are playing.", *COUNT_QUESTION]
    assert s.setup.count is None
    # at the first question there is nothing before: one sentence, nothing changed
    out = s.handle_line("back")
    assert joined(out) == "Nothing comes before this question; answer it, or type quit to leave."
    assert s.setup.asking == "count" and s.handle_line("repeat")[-2:] == COUNT_QUESTION
    for answer in ("2", "Ann", "computer", "expert"):
        s.handle_line(answer)
    assert s.setup.asking == "rules"
    assert s.handle_line("back") == ["Back to player 2's name.", "Player 2, your name?",
                                     "Type computer for a computer opponent."]  # the computer taken away
    s.handle_line("Bob")
    s.handle_line("")
    assert s.game is not None and s.game.names == ("Ann", "Bob")


def test_back_at_the_first_question_briefly_and_at_the_resume_offer(tmp_path):
    s, _ = _setup_session(verbosity="brief")
    assert s.handle_line("back") == ["Nothing before this question."]
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=_unfinished_game(tmp_path))
    offer = s.start()
    assert joined(s.handle_line("back")) == "Nothing comes before this question; answer it, or type quit to leave."
    assert s.handle_line("repeat") == offer and s.game is None


@pytest.mark.parametrize("typed, sentence, brief", [
    ("3", "'3' is a number, not a name; type a name, like Alice, or back.", "'3' is a number, not a name."),
    (" 4 2 ", "'4 2' is a number, not a name; type a name, like Alice, or back.", "'4 2' is a number, not a name."),
])
def test_a_name_of_digits_is_refused_as_the_slip_it_most_likely_is(typed, sentence, brief):
    """'3' typed again after the count was taken was accepted as a name: "3 plays."."""
    s, _ = _setup_session()
    s.handle_line("3")
    out = s.handle_line(typed)
    assert joined(out) == sentence and s.setup.players == []
    assert s.handle_line("back")[0] == "Back to how many are playing."
    s, _ = _setup_session(verbosity="brief")
    s.handle_line("2")
    assert s.handle_line(typed) == [brief]
    assert s.handle_line("R2D2")[0] == "R2D2 plays."  # digits among letters make a name


@pytest.mark.parametrize("players, sentence", [
    ("Ann,back", "'back' is a command here, not a name; give each player another name."),
    ("Help,Bob", "'Help' is a command here, not a name; give each player another name."),
    ("Ann,REPEAT", "'REPEAT' is a command here, not a name; give each player another name."),
    ("quit,Bob", "'quit' is a command here, not a name; give each player another name."),
    ("Ann,3", "'3' is a number, not a name; give names like Alice,Bob."),
])
def test_a_set_up_command_word_or_a_number_in_players_is_refused_in_one_sentence(players, sentence, capsys):
    from audio_scrabble.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--players", players])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"audio-scrabble: error: argument --players: {sentence}"
    s = Session(Options(players=players, seed=2), lexicon=services.WordSet(["QI"]))
    lines = s.start()
    assert joined(lines[1:-2]) == sentence and lines[-2:] == COUNT_QUESTION and s.game is None


def _unfinished_game(tmp_path):
    """A saved, unfinished game: its store."""
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(players="Alice,Bob", rules="house", seed=3), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("quit")
    assert s.handle_line("yes")[0].startswith("Goodbye")
    return store


def test_ctrl_c_at_the_resume_question_keeps_the_question_and_the_session_works(tmp_path):
    """Finding 1: Ctrl-C at "Resume it?" left a session whose every later
    command said "Something went wrong inside the game (AssertionError)"."""
    store = _unfinished_game(tmp_path)
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=store)
    assert s.start()[-1] == "Resume it? Type yes or no."
    assert s.interrupt() == ["Type yes to resume that game,", "or no for a new one."]
    assert s.prompt_text() == "resume> "
    for line in ("help", "scores", "yes", "rack", "scores"):
        out = s.handle_line(line)
        assert not any("went wrong" in x for x in out), (line, out)
    assert s.game is not None and s.game.turn >= 1 and s.last_error is None


def test_a_row_first_square_with_down_typed_is_asked_not_overridden():
    with pytest.raises(DirectionUnclear) as e:
        parse_request("WINY from 11N down")
    assert set(e.value.readings) == {"across", "down"}
    assert e.value.readings["down"].start == Square.parse("N11")
    # a square named column first takes either direction, as README's spoken form does
    assert parse_request("TRAIN from D8 across").direction == "across"
    assert parse_request("WINY from N11 down").direction == "down"
    assert parse_request("11N WINY").direction == "across"


@pytest.mark.parametrize("answer, direction", [("down", "down"), ("across", "across"), ("d", "down")])
def test_the_question_plays_the_way_answered(answer, direction):
    s = pair()
    before = s.game.board.copy() if hasattr(s.game.board, "copy") else None
    out = s.handle_line("play AIT from 8H down")
    assert isinstance(s.question, DirectionQuestion), out
    assert out[-1] == "Across or down?" and "8H" in out[0] and "down" in joined_console(out), out
    assert all(len(x) <= 40 for x in out)
    assert s.prompt_text().startswith("across or down")
    assert not s.game.history[1:]  # nothing played while asking
    played = s.handle_line(answer)
    assert played[0] == f"Bob played AIT, H8 {direction}, 6.", played
    del before


def test_the_direction_question_at_brief_is_one_line_and_cancel_keeps_the_turn():
    s = pair("brief")
    out = s.handle_line("check AIT from 8H down")
    assert len(out) == 1 and len(out[0]) <= 40 and "across or down" in out[0].lower(), out
    assert s.handle_line("cancel") == ["Not played; still your turn."]
    assert s.question is None and not s.game.history[1:]


# ---------------------------------------------------------------- 7: brief refusals in one line
def test_at_brief_the_resume_question_refuses_maybe_and_ctrl_c_in_one_line(tmp_path):
    store = _unfinished_game(tmp_path)
    s = Session(Options(verbosity="brief"), lexicon=services.WordSet(["QI"]), store=store)
    offer = s.start()
    assert offer[-1] == "Resume it? Type yes or no."
    for out in (s.handle_line("maybe"), s.interrupt()):
        assert len(out) == 1 and len(out[0]) <= 40, out
        assert "yes" in out[0].lower() and "no" in out[0].lower(), out
    assert s.game is None and s.prompt_text() == "resume> "
    # at normal verbosity the whole sentence, as before
    s = Session(Options(), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    assert joined_console(s.handle_line("maybe")) == "Type yes to resume that game, or no for a new one."


def _blank_rack(s: Session) -> None:
    s.game.current_player.rack[:2] = ["?", "?"]
    s.racks.order[s.game.current] = list(s.game.current_player.rack)


def test_at_brief_the_blank_question_refuses_in_one_line_with_the_fix():
    s = pair("brief")
    _blank_rack(s)
    assert s.handle_line("play 8H ?I") == ["Which letter is the blank on H8?"]
    out = s.handle_line("7")
    assert len(out) == 1 and len(out[0]) <= 40 and "A to Z" in out[0] and "cancel" in out[0], out
    assert s.prompt_text() == "letter> "
    assert s.handle_line("q")[0] == "Blank on H8 is Q."  # one letter is still a letter, q too


@pytest.mark.parametrize("verbosity", ["brief", "normal"])
def test_quit_at_the_blank_question_cancels_the_play_and_asks_to_leave(verbosity):
    s = pair(verbosity)
    _blank_rack(s)
    s.handle_line("play 8H ?I")
    out = s.handle_line("quit")
    assert out == ["Cancelled; nothing was played.", "Leave the game? Type yes or no."], out
    assert not s.game.history[1:]
    assert s.handle_line("no") == ["Staying in the game."]
    assert s.question is None
