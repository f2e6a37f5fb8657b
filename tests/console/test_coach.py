"""The console's computer players, hints and post-game review (issue 4).

Everything goes through ``Session.handle_line``, as in test_session.py:
the set-up questions that seat a computer of a chosen level, the
``hint`` command and ``set hints``, ``review`` after the game, the
challenge window when a player goes out before a computer, the tiles
drawn after a play that may still be challenged, and the question asked
when the word made is not the word typed.
"""

from __future__ import annotations

import copy

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.tiles import BLANK
from refusal_corpus import joined


class AcceptAll:
    """A word list that accepts every word (games that only test the flow)."""

    def __contains__(self, word: object) -> bool:
        return True


def snapshot(s: Session):
    g = s.game
    assert g is not None
    return (copy.deepcopy(g.actions), g.board.rows_text(), [list(p.rack) for p in g.players], g.scores(),
            len(g.bag), g.current, len(g.history))


def two_people(seed: int = 1, lexicon=None) -> Session:
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=lexicon or AcceptAll())
    s.start()
    return s


def give(s: Session, tiles: str) -> None:
    """Put these tiles first on the current player's rack (a position for a test)."""
    g = s.game
    g.current_player.rack[: len(tiles)] = list(tiles)
    s.racks.order[g.current] = list(g.current_player.rack)


# ---------------------------------------------------------------- the word made is not the word typed
@pytest.mark.parametrize(
    "board, typed, made, joined",
    [
        ({"H8": "I"}, "play H5 ZIT", "That makes ZITI, H5 down.", "That joins I on H8."),
        ({"H4": "O"}, "play H5 ZIT", "That makes OZIT, H4 down.", "That joins O on H4."),
        ({"H4": "O", "H8": "I"}, "play H5 ZIT", "That makes OZITI, H4 down.", "That joins O on H4 and I on H8."),
        ({"K8": "S"}, "play 8H ZIT", "That makes ZITS, H8 across.", "That joins S on K8."),
        ({"H8": "A"}, "play H9 T", "That makes AT, H8 down.", "That joins A on H8."),
        ({"H8": "A"}, "play 9H T", "That makes AT, H8 down.", "That joins A on H8."),
    ],
)
def test_a_word_running_into_board_letters_is_said_and_asked_first(board, typed, made, joined):
    s = two_people()
    g = s.game
    for name, letter in board.items():
        g.board.put(Square.parse(name), letter)
    s.handle_line("")
    give(s, "ZIT")
    before = snapshot(s)
    out = s.handle_line(typed)
    assert out == [made, joined, "Play it? Type yes or no."]
    assert snapshot(s) == before
    assert s.handle_line("no") == ["Not played; still your turn."]
    assert snapshot(s) == before
    # check says the word really formed, and which board letters it takes in,
    # before its score (issue 11, finding 6)
    checked = s.handle_line(typed.replace("play", "check"))
    assert checked[:2] == [made, joined]
    assert checked[2].startswith("It would score ")
    assert snapshot(s) == before
    s.handle_line(typed)
    mover = g.names[g.current]
    out = s.handle_line("yes")
    assert out[0].startswith(f"{mover} played ")
    assert made.removeprefix("That makes ").rstrip(".") in " ".join(out[:2])


def test_the_word_typed_whole_with_its_board_letters_is_played_at_once():
    s = two_people()
    g = s.game
    g.board.put(Square.parse("H8"), "I")
    s.handle_line("")
    give(s, "ZIT")
    for typed in ("play H5 ZITI", "play H5 ZIT(I)", "play H5 ZIT."):
        t = copy.deepcopy(s)
        out = t.handle_line(typed)
        assert "played ZITI, H5 down, " in out[0], (typed, out)  # issue 23: the score ends the line


# ---------------------------------------------------------------- seating a computer
def passing_computer(level, lexicon, seed):
    """A stand-in computer that always passes (set-up tests need no engine)."""
    def choose(game, i):
        return services.ComputerMove("pass")
    return choose


def asked(**opts) -> tuple[Session, list[str]]:
    s = Session(Options(seed=2, **opts), lexicon=AcceptAll(), computer_factory=passing_computer)
    return s, s.start()


def test_typing_computer_at_a_name_asks_its_level_with_help_and_enter_for_beginner():
    s, lines = asked()
    assert lines[-1] == "Press Enter for 2."
    assert s.handle_line("")[-2:] == ["Player 1, your name?", "Type computer for a computer opponent."]
    assert s.handle_line("Alice") == ["Alice plays.", "Player 2, your name?", "Type computer for a computer opponent."]
    level_question = ["Which level: beginner, club,", "expert or champion?", "Enter for beginner, or help for more."]
    assert s.handle_line("computer") == level_question
    assert s.prompt_text() == "> "
    out = s.handle_line("help")  # this question's help: the levels, back and quit, in a few lines
    assert out[:-3] == ["How strongly the computer plays:", "beginner, club, expert or champion.",
                        "Enter picks beginner, the gentlest.", "help level: what each is like.",
                        "back: this player's name again.", "quit leaves; nothing is saved yet."]
    assert out[-3:] == level_question  # then the question again
    out = s.handle_line("help level")  # what each level is like
    assert out[0] == "How strongly the computer plays."
    assert "Type beginner." in out and "Type computer." not in out  # the names to type here
    assert any(x.startswith("beginner: gentle") for x in out)
    assert any(x.startswith("expert: ") for x in out)
    assert out[-3:] == level_question
    assert s.handle_line("?")[-3:] == level_question and s.setup.asking == "level"
    assert joined(s.handle_line("wizard")) == "No level called 'wizard'; type beginner, club, expert or champion."
    assert s.handle_line("repeat")[-3:] == level_question
    assert s.handle_line("expert") == ["Expert computer joins the game.", "Which rules? Enter for house rules.",
                                       "Or: naspa, wespa, single, ten, void."]
    out = s.handle_line("")
    assert s.game is not None and s.game.names == ("Alice", "Expert computer")
    assert s.table.seats[1].computer == "expert"
    assert all(len(x) <= 40 for x in lines + out)


@pytest.mark.parametrize("answer, level", [("", "beginner"), ("beginner", "beginner"), ("B", "beginner"), ("beg", "beginner"),
                                           ("exp", "expert"),
                                           ("club", "club"), ("Expert", "expert"), ("3", "expert")])
def test_the_level_question_takes_a_level_its_initial_or_enter(answer, level):
    s, _ = asked(players=None)
    s.handle_line("2")
    s.handle_line("Alice")
    s.handle_line("computer")
    out = s.handle_line(answer)
    assert out[0] == f"{level.capitalize()} computer joins the game."
    s.handle_line("")
    assert s.table.seats[1].computer == level


def test_the_level_question_can_be_cancelled_and_a_level_typed_at_once_is_not_asked():
    s, _ = asked()
    s.handle_line("3")
    s.handle_line("computer")
    assert s.handle_line("cancel") == ["No computer, then.", "Player 1, your name?", "Type computer for a computer opponent."]
    assert s.handle_line("computer expert")[0] == "Expert computer joins the game."
    assert s.handle_line("computer:expert")[0] == "Expert computer 2 joins the game."  # two computers: told apart
    s.handle_line("Alice")
    s.handle_line("")
    assert s.game.names == ("Expert computer", "Expert computer 2", "Alice")


@pytest.mark.parametrize("players, names", [
    ("Alice,computer:expert", ("Alice", "Expert computer")),
    ("Alice,computer", ("Alice", "Beginner computer")),  # computer alone: the gentlest
    ("computer:beginner,Alice,computer:beginner", ("Beginner computer", "Alice", "Beginner computer 2")),
    ("Expert computer,computer:expert", ("Expert computer", "Expert computer 2")),
])
def test_computers_on_the_command_line_read_naturally_and_are_never_named_alike(players, names):
    s, _ = asked(players=players)
    assert s.game is not None and s.game.names == names


# ---------------------------------------------------------------- hints
@pytest.fixture(scope="module")
def lexicon():
    from audio_scrabble.lexicon import Lexicon

    return Lexicon.default()


def test_hint_is_refused_while_hints_are_off_saying_why_and_how_to_turn_them_on(lexicon):
    s = Session(Options(players="Alice,Bob", seed=3), lexicon=lexicon)
    s.start()
    s.handle_line("")
    before = snapshot(s)
    out = s.handle_line("hint")
    assert out == ["Hints are off; a real game forbids them.", "Type set hints on to practise."]
    assert snapshot(s) == before
    assert "hints off." in s.handle_line("set")


def test_hint_tells_the_best_three_plays_for_the_rack_of_the_player_to_move(lexicon):
    from audio_scrabble.engine import hint
    from audio_scrabble.presentation.teaching import hint_phrases

    s = Session(Options(players="Alice,Bob", seed=3), lexicon=lexicon)
    s.start()
    g = s.game
    assert s.handle_line("set hints on") == ["Hints on: type hint on your turn."]
    # two people at one computer: not before the player has pressed Enter for the rack
    assert joined(s.handle_line("hint")) == f"{g.names[g.current]}, press Enter for your rack first."
    s.handle_line("")
    before = snapshot(s)
    out = s.handle_line("hint")
    expected = hint_phrases(hint(g, g.current, 3, lexicon))
    assert out == expected and out[0] == "3 best plays:"
    assert all(len(x) <= 40 for x in out)
    assert snapshot(s) == before  # a hint changes nothing
    # each one can be typed back as it was said, and is legal for this rack
    for _, score, info in hint(g, g.current, 3, lexicon):
        t = copy.deepcopy(s)
        word, where = info.text.split(" ", 1)[1], info.text.split(" ", 1)[0]
        said = t.handle_line(f"play {where} {word}")
        assert f", {score}. " in " ".join(said), said  # issue 23: the score ends the play's line


def test_a_hint_depends_only_on_the_board_and_the_players_own_rack(lexicon):
    s = Session(Options(players="Alice,Bob", seed=5, hints=True), lexicon=lexicon)
    s.start()
    g = s.game
    s.handle_line("")
    first = s.handle_line("hint")
    other = 1 - g.current
    # give the other player a different rack from the bag: the hint is the same
    g.bag.put_back(g.players[other].rack)
    g.players[other].rack = g.bag.draw(7)
    assert s.handle_line("hint") == first


def test_no_hint_on_a_computers_turn_nor_after_the_game(lexicon):
    s = Session(Options(players="Alice,computer:club", seed=3, hints=True), lexicon=lexicon,
                computer_factory=passing_computer, defer_computer=True)
    s.start()
    g = s.game
    if g.current == 1:
        s.acting.computer_turn()
    s.handle_line("pass")  # now it is the computer's turn, not yet taken
    assert s.computer_to_move()
    assert joined(s.handle_line("hint")) == "It is Club computer's turn; wait for it to play."
    while not g.is_over:
        s.acting.run_computers()
        if not g.is_over:
            s.handle_line("pass")
    assert s.handle_line("hint") == ["The game is over;", "type review for each turn's best play."]


def test_hints_are_a_start_option_and_kept_with_the_saved_game(tmp_path, lexicon):
    import argparse

    from audio_scrabble.console.start import configure, options_from
    from audio_scrabble.persistence import SaveStore

    parser = argparse.ArgumentParser()
    configure(parser)
    assert options_from(parser.parse_args(["--hints"])).hints is True
    assert options_from(parser.parse_args([])).hints is None

    s = Session(Options(players="Alice,Bob", seed=3), lexicon=lexicon, store=SaveStore(tmp_path / "saves"))
    s.start()
    s.handle_line("set hints on")
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(), lexicon=lexicon, store=SaveStore(tmp_path / "saves"))
    again.start()
    again.handle_line("yes")
    assert again.settings.hints is True
    again.handle_line("")
    assert again.handle_line("hint")[0] == "3 best plays:"
    # a hint setting named on the command line wins over the save's
    third = Session(Options(hints=False), lexicon=lexicon, store=SaveStore(tmp_path / "saves"))
    third.start()
    third.handle_line("yes")
    assert third.settings.hints is False


# ---------------------------------------------------------------- review after the game
def hinted_game(lexicon, plays: int = 4, players: str = "Alice,Bob", seed: int = 3) -> Session:
    """Two people play the engine's best plays for a few turns, then all pass to the end."""
    from audio_scrabble.engine import hint

    s = Session(Options(players=players, seed=seed), lexicon=lexicon)
    s.start()
    g = s.game
    for _ in range(plays):
        s.handle_line("")
        best = hint(g, g.current, 1, lexicon)
        out = s.handle_line(f"play {best[0][2].text}")
        assert "played" in out[0], out
    return s


def test_review_is_refused_during_the_game_and_changes_nothing(lexicon):
    s = hinted_game(lexicon, plays=2)
    s.handle_line("")
    before = snapshot(s)
    for line in ("review", "review 1"):
        assert s.handle_line(line) == ["The best plays would be a word aid now;", "type review when the game is over."]
    for line in ("next", "back"):  # not a turn's next: the review's
        assert s.handle_line(line) == [f"{line} steps through the review;", "type review when the game is over."]
    assert snapshot(s) == before


def test_review_goes_through_the_game_turn_by_turn_and_ends_with_the_summary(lexicon):
    from audio_scrabble.engine import review
    from audio_scrabble.presentation.teaching import review_move_phrases, review_summary

    s = hinted_game(lexicon, plays=4)
    g = s.game
    out: list[str] = []
    while not g.is_over:
        out = s.handle_line("")
        out = s.handle_line("pass")
    assert out[-2:] == ["Type review to hear what you missed.", "Type new for another game, or quit."]
    reviews = review(g, lexicon)
    assert len(reviews) == 8  # four plays and four passes
    turn = [review_move_phrases(r) for r in reviews]
    assert s.handle_line("review") == ["Review of 8 turns; Enter for the next.",  # then what equity is, once
                                       "Equity: the score,", "plus the worth of the tiles kept."] + turn[0]
    assert s.prompt_text() == "review> "
    assert s.handle_line("") == turn[1]
    assert s.handle_line("next") == turn[2]
    assert s.handle_line("back") == turn[1]
    assert s.handle_line("review 6") == turn[5]
    assert s.handle_line("review 9") == ["The game had turns 1 to 8;", "type review and a number, like review 3."]
    assert s.handle_line("review none") == s.handle_line("review 0")
    assert s.handle_line("repeat") == ["The game had turns 1 to 8;", "type review and a number, like review 3."]
    assert s.handle_line("") == turn[6]
    assert s.handle_line("") == turn[7]
    end = s.handle_line("")
    assert end == ["End of the review."] + review_summary(reviews, g.names) + ["Type review to hear it again, or new."]
    assert s.handle_line("") == ["The review is over;", "type review to hear it again."]
    assert s.handle_line("back") == turn[7]
    assert s.handle_line("review 1") == turn[0]
    assert s.handle_line("back") == ["This is the first turn."] + turn[0]
    # every line of the review fits a 40-cell display where words allow
    assert all(len(x) <= 40 for t in turn for x in t)
    # the board and the scores can still be read while reviewing
    assert s.handle_line("scores")[0].startswith(("Alice", "Bob"))
    # a new game starts without a review
    s.handle_line("new")
    assert not s.coach.reviewing and s.prompt_text() != "review> "


def _first_turn_kept_whole(lexicon, first_turn):
    """A game of Alice and Bob whose first turn (``first_turn(session)``)
    keeps the whole rack, then passes to the end; the review's first turn,
    the mover, the best play then, and the leave value of the rack kept."""
    from audio_scrabble.engine import hint
    from audio_scrabble.engine.leave import leave_value

    s = Session(Options(players="Alice,Bob", seed=3), lexicon=lexicon)
    s.start()
    g = s.game
    best = hint(g, g.current, 1, lexicon)[0]
    mover = g.names[g.current]
    rack = list(g.current_player.rack)
    first_turn(s)
    assert sorted(g.players[g.names.index(mover)].rack) == sorted(rack)  # every tile kept
    while not g.is_over:
        s.handle_line("")
        s.handle_line("pass")
    kept = leave_value(rack)
    assert round(kept) != 0, rack  # a rack whose value shows in what was missed
    return s.handle_line("review"), mover, best, kept


def test_a_passed_turn_says_the_best_play_that_was_missed(lexicon):
    out, mover, best, kept = _first_turn_kept_whole(lexicon, lambda s: (s.handle_line(""), s.handle_line("pass")))
    assert out[3] == f"Turn 1, {mover} passed."  # after the head and what equity is
    # a pass keeps the whole rack and scores 0: it is worth that rack's
    # leave, as an exchange is worth the tiles it keeps; the best play by
    # equity was worth its score plus its leave
    assert out[-1] == f"{best[1]} points; {round(best[2].equity - kept)} of equity missed."
    assert any(x.startswith("Best by equity:") for x in out)


def test_a_play_challenged_off_is_reviewed_as_a_pass_by_the_whole_rack_it_keeps(lexicon):
    """A play taken back after a challenge scores 0 and leaves every tile
    on the rack, as a pass does: the review values it by that rack's leave
    (before, at 0, so the equity missed was too large by the rack's value)."""
    from itertools import permutations

    def phony_challenged_off(s):
        rack = [t for t in s.game.current_player.rack if t != BLANK]
        phony = next("".join(p) for p in permutations(rack, 3) if "".join(p) not in lexicon)
        s.handle_line("")
        s.handle_line(f"play 8G {phony}")
        assert s.game.pending_play is not None
        s.handle_line("")
        assert "play is taken back" in " ".join(s.handle_line("challenge"))

    out, mover, best, kept = _first_turn_kept_whole(lexicon, phony_challenged_off)
    assert out[3].startswith(f"Turn 1, {mover} played") and "taken back." in " ".join(out[3:5])
    assert out[-1] == f"{best[1]} points; {round(best[2].equity - kept)} of equity missed."


# ---------------------------------------------------------------- the challenge window and computers
class Judge:
    """A stand-in computer: passes on its turn, challenges when told to,
    and notes when it was asked."""

    def __init__(self, challenge: bool):
        self.challenge = challenge
        self.asked: list[int] = []

    def __call__(self, game, i):
        return services.ComputerMove("pass")

    def wants_challenge(self, game, i):
        self.asked.append(i)
        return self.challenge


def _judged(players: str, judge: Judge, mover: str) -> Session:
    """A session of ``players`` whose computers are ``judge``, dealt with
    the first seed where ``mover`` starts."""
    for seed in range(200):
        s = Session(Options(players=players, seed=seed), lexicon=AcceptAll(),
                    computer_factory=lambda level, lex, sd: judge, defer_computer=True)
        s.start()
        g = s.game
        if g.names[g.current] == mover:
            return s
    raise AssertionError(f"no seed where {mover} starts")


def going_out(players: str, challenge: bool, mover: str = "Alice") -> tuple[Session, Judge, list[str]]:
    """``mover`` (a person) has only A and T left and the bag is empty; it is
    that player's turn, and ``play 8H AT`` goes out."""
    judge = Judge(challenge)
    s = _judged(players, judge, mover)
    g = s.game
    g.bag.draw(len(g.bag))  # an empty bag
    g.current_player.rack[:] = ["A", "T"]
    s.racks.order[g.current] = ["A", "T"]
    s.handle_line("")  # the hand-over, when two people share the computer
    out = s.handle_line("play 8H AT")
    return s, judge, out


def no_one_can_move(players: str, challenge: bool) -> tuple[Session, Judge, list[str]]:
    """House rules, the bag empty and no player able to move after Alice's
    ``play 8H AT`` (she keeps an X): the game waits for a last challenge."""
    judge = Judge(challenge)
    s = _judged(players, judge, "Alice")
    g = s.game
    assert g.rules.end_no_moves
    g.move_finder = lambda board, rack: board.is_empty()  # only a first play is possible
    g.bag.draw(len(g.bag))
    g.current_player.rack[:] = ["A", "T", "X"]
    s.racks.order[g.current] = ["A", "T", "X"]
    s.handle_line("")
    out = s.handle_line("play 8H AT")
    return s, judge, out


def test_a_last_play_after_which_no_one_can_move_is_offered_for_challenge():
    s, judge, out = no_one_can_move("Alice,Bob", challenge=False)
    g = s.game
    assert not g.is_over and g.awaiting_final_challenge
    assert out[-2:] == ["After Alice's play no player can move.", "Bob, challenge or accept?"]
    assert s.prompt_text() == "challenge or accept> "
    out = s.handle_line("accept")
    assert out[:2] == ["Game over.", "Alice loses 8 points for X."], out  # why was said with the question, once
    assert not any("no player" in x.lower() for x in out), out
    assert g.is_over and g.ended.reason == "no_moves"


def test_a_computer_decides_on_a_last_play_after_which_no_one_can_move():
    s, judge, out = no_one_can_move("Alice,computer:club", challenge=True)
    g = s.game
    assert out[-1] == "After your play no player can move."
    assert s.computer_to_move()
    out = s.acting.computer_turn()
    assert out[0] == "Club computer challenges your play."
    assert judge.asked == [1] and g.is_over and g.ended.reason == "no_moves"  # AT stands


def test_the_sixth_scoreless_turn_when_a_play_of_blanks_is_offered_for_challenge():
    s = Session(Options(players="Alice,Bob", seed=3, rules="single"), lexicon=AcceptAll(), defer_computer=True)
    s.start()
    g = s.game
    for _ in range(5):
        s.handle_line("")
        s.handle_line("pass")
    player = g.current
    g.current_player.rack[:] = ["?", "?", "T"]
    s.racks.order[player] = ["?", "?", "T"]
    s.handle_line("")
    s.handle_line("play 8H ??")
    s.handle_line("Q")
    out = s.handle_line("I")  # QI of two blanks: 0 points
    assert "H8 across, 0." in out  # issue 23: the score ends the play's line
    assert not g.is_over and g.final_reason == "scoreless_turns"
    other = g.names[1 - player]
    assert out[-3:] == [f"{g.names[player]}'s play is the sixth scoreless turn", "in a row.",
                        f"{other}, challenge or accept?"]
    out = s.handle_line("challenge")
    assert out[0] == f"{other} challenges {g.names[player]}'s play." and "Game over." in out
    assert g.is_over and g.ended.reason == "scoreless_turns"


def test_going_out_before_a_computer_asks_the_person_at_the_table_first():
    s, judge, out = going_out("Alice,computer:club,Bob", challenge=False)
    g = s.game
    assert out[-2:] == ["Alice went out with the bag empty.", "Bob, challenge or accept?"], out
    assert not s.computer_to_move() and judge.asked == []  # the computer has not decided
    assert s.prompt_text() == "challenge or accept> "
    assert s.handle_line("accept") == ["Bob accepts."]
    assert s.computer_to_move()
    out = s.acting.computer_turn()
    assert out[:2] == ["Club computer accepts the play.", "Game over."], out
    assert not any("went out" in x for x in out), out  # said once, with the question
    assert judge.asked == [1] and g.is_over


def test_the_computer_may_still_challenge_after_the_people_accept():
    s, judge, _ = going_out("Alice,computer:club,Bob", challenge=True)
    s.handle_line("accept")
    out = s.acting.run_computers()
    assert out[0] == "Club computer challenges Alice's play."


def test_challenge_alone_is_the_persons_when_a_computer_sits_next():
    s, judge, _ = going_out("Alice,computer:club,Bob", challenge=False)
    out = s.handle_line("challenge")
    assert out[0] == "Bob challenges Alice's play."
    assert judge.asked == []
    assert s.game.is_over  # AT is acceptable: the play stands and the game ends


def test_a_pronoun_name_is_never_put_in_the_possessive_at_a_shared_computer():
    """A person called Me went out; Bob challenges: "the play by Me", not "Me's play"."""
    s, judge, out = going_out("Me,Bob", challenge=False, mover="Me")
    assert out[-2:] == ["Me went out with the bag empty.", "Bob, challenge or accept?"]
    out = s.handle_line("challenge")
    assert out[0] == "Bob challenges the play by Me."
    assert not any("Me's" in x for x in out) and s.game.is_over


def test_a_person_cannot_challenge_in_a_computers_name():
    s, judge, _ = going_out("Alice,computer:club,Bob", challenge=False)
    before = snapshot(s)
    out = s.handle_line("challenge club")
    assert joined(out) == "Club computer decides for itself; name a person, or type challenge alone."
    assert snapshot(s) == before


#: what each command of the registry is given at the challenge question
_ARGS = {"play": "9H AT", "check": "9H AT", "exchange": "A", "arrange": "A", "fit": "AT", "square": "H8",
         "goto": "H8", "row": "8", "column": "H", "around": "H8", "review": "1", "tutorial": "2", "set": "marks",
         "help": "accept", "open": "1"}
#: what cannot be done while the last play waits on challenge or accept, at
#: a shared computer (no hand-over until it is answered, so no rack is read)
_NOT_NOW = {"play", "check", "exchange", "pass", "hint", "rack", "shuffle", "sort", "arrange", "fit", "unseen"}
ANSWER_FIRST = "Challenge or accept the last play first."


@pytest.mark.parametrize("players", ["Alice,Bob", "Alice,computer:club,Bob"])
def test_every_command_at_the_challenge_question_is_answered_never_asked_again(players, tmp_path):
    """At "challenge or accept>" a command that cannot be done now says
    why and names the two answers, in one sentence, and changes nothing;
    every other command answers; none asks the question again."""
    from audio_scrabble.console.handlers.commands import REGISTRY

    s, judge, question = going_out(players, challenge=False)
    s.handle_line("set hints on")
    asked = question[-2:]
    assert asked[-1].endswith("challenge or accept?") and s.prompt_text() == "challenge or accept> "
    before = snapshot(s)
    for command in REGISTRY.commands:
        if command.name in ("challenge", "accept"):
            continue  # the answers, below
        arg = _ARGS.get(command.name, str(tmp_path / "file") if command.name in ("export", "emboss") else "")
        out = s.handle_line(f"{command.name} {arg}".strip())
        if command.name in ("new", "quit"):  # each asks first: stay
            assert s.handle_line("no") == ["Staying in the game."]
        assert out != asked, (command.name, out)
        if command.name != "summary":  # the summary ends with the question, below
            assert not any(x.endswith("challenge or accept?") for x in out), (command.name, out)
        assert (out == [ANSWER_FIRST]) == (command.name in _NOT_NOW), (command.name, out)
        assert snapshot(s) == before, command.name
        assert s.prompt_text() == "challenge or accept> ", command.name
    for wrong in ("yes", "no", "ok", "c", "8H AT"):  # not an answer: the two answers, not the question
        assert s.handle_line(wrong) == [ANSWER_FIRST], wrong
    assert joined(s.handle_line("acept")) == \
        "'acept' is not a command; did you mean accept? Type help for the list."  # a near miss: the command
    assert s.handle_line("summary")[-2:] == asked  # no one's turn: the question waits
    assert s.handle_line("") == asked  # Enter asks it again, as it always did
    s.handle_line("set verbosity brief")
    assert s.handle_line("pass") == ["Type challenge or accept."]
    assert snapshot(s) == before
    s.handle_line("accept")
    assert s.game.is_over or s.computer_to_move()


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("why", ["out", "no_moves"])
def test_in_braille_mode_a_wrong_answer_at_the_challenge_question_is_one_line(why, width):
    """The question takes two to four lines on a braille display; a wrong
    answer is refused in one line naming the answers, whatever the last
    play waits for."""
    s, _, question = going_out("Alice,Bob", False) if why == "out" else no_one_can_move("Alice,Bob", False)
    assert s.game.final_reason == why
    s.handle_line(f"set braille {width}")
    s.handle_line("set hints on")
    for wrong in ("pass", "play 9H AT", "exchange A", "yes", "rack", "hint"):
        assert s.handle_line(wrong) == [ANSWER_FIRST], wrong
    assert len(s.handle_line("")) >= 2  # the question itself


@pytest.mark.parametrize("players", ["Alice,Bob", "Alice,Bob,Cy", "Alice,computer:club,Bob"])
def test_spots_at_the_challenge_question_speak_for_the_first_asked_not_the_player_who_went_out(players):
    """Alice went out: her rack is empty, and it is still her turn in the
    core while the play waits. ``spots`` and the hot-spot keys survey the
    board for the first person asked to challenge or accept (before: "No
    hot spots: your rack is empty.")."""
    from audio_scrabble.presentation.survey_phrases import spots_answer

    s, _, question = going_out(players, challenge=False)
    g = s.game
    bob = g.names.index("Bob")
    assert question[-1].startswith("Bob") and not g.players[g.names.index("Alice")].rack
    out = s.handle_line("spots")
    assert out == spots_answer(g.board, len(g.players[bob].rack), "", s.style)
    assert "No hot spots: your rack is empty." not in out and out[0].endswith("hot spots, best 3:")
    s.handle_line("goto H8")
    assert s.key("next_hot_spot") != ["No hot spots: your rack is empty."]
    assert s.prompt_text() == "challenge or accept> "


def test_with_no_other_person_the_computer_decides_at_once():
    s, judge, out = going_out("Alice,computer:club", challenge=False)
    assert out[-1] == "You went out with the bag empty.", out  # the one person at the table
    assert s.computer_to_move()
    out = s.acting.run_computers()
    assert out[0] == "Club computer accepts the play." and s.game.is_over


def test_a_computer_that_challenges_on_its_turn_has_its_turn_said_at_most_once():
    judge = Judge(challenge=True)
    s = Session(Options(players="Alice,computer:expert", seed=4), lexicon=AcceptAll(),
                computer_factory=lambda level, lex, sd: judge)
    out = s.start()
    g = s.game
    if g.current == 1:
        out = s.handle_line("pass")
    rack = [t for t in g.players[0].rack if t != BLANK]
    out = s.handle_line(f"play 8H {rack[0]}{rack[1]}")
    assert "Expert computer challenges your play." in out
    # one person against a computer: its turn goes unsaid, as it moves at once (issue 11)
    assert out.count("Expert computer's turn.") == 0
    assert out.index("Expert computer challenges your play.") < out.index("Expert computer passed.")
    assert out[-1].startswith("Rack")


# ---------------------------------------------------------------- tiles drawn while a play may be challenged
def alone_with(judge: Judge, lexicon, seed: int = 4) -> tuple[Session, list[str]]:
    """Alice against a stand-in computer, at Alice's turn."""
    s = Session(Options(players="Alice,computer:expert", seed=seed), lexicon=lexicon,
                computer_factory=lambda level, lex, sd: judge)
    out = s.start()
    if s.game.current == 1:
        out = s.handle_line("pass")
    return s, out


def test_a_play_challenged_off_never_names_the_tiles_drawn_after_it():
    judge = Judge(challenge=True)
    s, _ = alone_with(judge, services.WordSet(["QI"]))
    g = s.game
    rack = [t for t in g.players[0].rack if t != BLANK]
    order = list(s.racks.order[0])
    word = rack[0] + rack[1]
    out = s.handle_line(f"play 8H {word}")
    placed = next(ev for ev in g.history if type(ev).__name__ == "TilesPlaced")
    assert placed.drawn and all(t in g.bag.tiles for t in placed.drawn)  # back in the bag
    assert "play is taken back" in " ".join(out)
    said = "\n".join(out + s.handle_line("rack") + s.handle_line("last") + s.handle_line("history"))
    from audio_scrabble.presentation.phrases import tiles_list
    assert f"drew {tiles_list(placed.drawn)}" not in said and "New tiles" not in said
    # the rack comes back as Alice kept it
    assert s.racks.order[0] == order
    assert out[-1] == "Rack: " + " ".join("blank" if t == BLANK else t for t in order) + "."


def test_tiles_drawn_after_a_play_are_named_once_the_play_is_safe():
    from audio_scrabble.presentation.phrases import tiles_list

    judge = Judge(challenge=False)
    s, _ = alone_with(judge, AcceptAll())
    g = s.game
    rack = [t for t in g.players[0].rack if t != BLANK]
    out = s.handle_line(f"play 8H {rack[0]}{rack[1]}")
    placed = next(ev for ev in g.history if type(ev).__name__ == "TilesPlaced")
    # the draw is not named with the play (a round against a computer: not said at all)
    at = out.index("Expert computer passed.")
    assert not any("drew" in x for x in out[:at]), out
    # the computer did not challenge and passed: now they are Alice's
    new = out.index(f"New tiles: {tiles_list(placed.drawn)}.")
    assert new > at and out[new + 1].startswith("Rack")
    assert "New tiles" not in " ".join(s.handle_line("rack"))  # said once


def test_with_challenges_off_the_tiles_drawn_are_named_at_once():
    from audio_scrabble.presentation.phrases import tiles_list

    judge = Judge(challenge=False)
    s = Session(Options(players="Alice,computer:expert", seed=4, rules="void"), lexicon=AcceptAll(),
                computer_factory=lambda level, lex, sd: judge)
    s.start()
    g = s.game
    if g.current == 1:
        s.handle_line("pass")
    rack = [t for t in g.players[0].rack if t != BLANK]
    out = s.handle_line(f"play 8H {rack[0]}{rack[1]}")
    placed = next(ev for ev in reversed(g.history) if type(ev).__name__ == "TilesPlaced")
    # a round against a computer: the draw is named once, before the rack (issue 11)
    assert [x for x in out if tiles_list(placed.drawn) in x] == [f"New tiles: {tiles_list(placed.drawn)}."]
    assert not any("drew" in x for x in out)


def test_a_champion_computer_says_it_is_thinking_once_a_move_and_plays_a_legal_move():
    """Issue 14's champion level, seated from the console: the level is
    offered at the question, --think sets its budget, and before each of
    its moves the game says once that it is thinking (a few seconds)."""
    from audio_scrabble.cli import build_parser
    from audio_scrabble.console.start import options_from

    assert options_from(build_parser([]).parse_args(["--think", "2"])).think == 2
    with pytest.raises(SystemExit):
        build_parser([]).parse_args(["--think", "0"])
    lexicon = services.load_lexicon(None)
    s = Session(Options(players="Alice,computer:champion", seed=6, think=1), lexicon=lexicon)
    out = s.start()
    try:
        assert s.table.seats[1].computer == "champion" and s.settings.think == 1
        g = s.game
        if g.current == 0:
            out = s.handle_line("pass")
        thinking = [x for x in out if x == "Champion computer is thinking."]
        assert len(thinking) == 1, out
        its_move = next(i for i, x in enumerate(out) if x.startswith("Champion computer") and x not in thinking)
        assert out.index(thinking[0]) < its_move  # said before its move, not after
        assert g.history and len(g.actions) >= 1 and g.current == 0
        assert s.handle_line("set think 2") == ["The champion thinks 2 seconds a move."]
    finally:
        s.handle_line("quit")
        s.handle_line("yes")
