"""Issue 23, items 4, 7, 8, 9 and 10: every answer true and short, with
the fix. A wrong direction is named, not taken for a second word, and a
row-first square with ``down`` typed is asked about; brief refusals are
one line; refusals say what to do instead; ``help survey`` and short
first help answers; one form for every play announced.
"""

from __future__ import annotations

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.questions import DirectionQuestion
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square
from audio_scrabble.core.game import Game
from audio_scrabble.core.play import PlacedTile, Play
from audio_scrabble.core.rules import rules_named
from audio_scrabble.errors import NotationError
from audio_scrabble.notation.typed import DirectionUnclear, parse_request
from audio_scrabble.presentation import phrases
from audio_scrabble.presentation.phrases import Audience, Style

WORDS = ["QI", "RUIN", "WINY", "TRAIN", "AIT", "TIAR", "AI", "IT"]


def pair(verbosity: str = "normal", seed: int = 1) -> Session:
    """Alice and Bob at one computer, the first player's rack heard
    (seed 1: Bob first, with V F A T Q I R)."""
    s = Session(Options(players="Alice,Bob", seed=seed, verbosity=verbosity), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("")
    return s


def joined(lines) -> str:
    return " ".join(lines)


# ---------------------------------------------------------------- 4: a wrong direction
@pytest.mark.parametrize("typed, wrong", [("RUIN from N5 acros", "acros"), ("WINY from N11 sideways", "sideways"),
                                          ("N5 acros RUIN", "acros"), ("RUIN N5 dwon", "dwon")])
def test_a_direction_not_understood_is_named_with_the_two_it_takes(typed, wrong):
    with pytest.raises(NotationError) as e:
        parse_request(typed)
    assert f"'{wrong}' is not a direction" in str(e.value) and "across or down" in str(e.value)
    assert "word" not in str(e.value).lower()  # never "Two words given"
    assert len(e.value.brief) <= 40 and wrong in e.value.brief and "across or down" in e.value.brief


@pytest.mark.parametrize("verbosity", ["brief", "normal"])
def test_play_with_a_misspelt_direction_names_it_and_changes_nothing(verbosity):
    s = pair(verbosity)
    for typed, wrong in (("play RUIN from N5 acros", "acros"), ("play WINY from N11 sideways", "sideways")):
        out = s.handle_line(typed)
        assert wrong in joined(out) and "across or down" in joined(out), out
        assert "Two words" not in joined(out) and "Which is the word" not in joined(out), out
        assert all(len(x) <= 40 for x in out)
        if verbosity == "brief":
            assert len(out) == 1, out
        assert s.question is None and not s.game.history[1:]


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
    assert out[-1] == "Across or down?" and "8H" in out[0] and "down" in joined(out), out
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
    assert s.handle_line("cancel") == ["Not played; the turn is still yours."]
    assert s.question is None and not s.game.history[1:]


# ---------------------------------------------------------------- 10: one form for every play
def _blank_game(names: list[str]) -> tuple[Game, tuple[int, ...]]:
    """The first player plays STRAiNED down from H1... here TRAiN across
    from D8, with a blank I."""
    g = Game(names, rules_named("house"), seed=1)
    g.current_player.rack = list("TRA?NXY")
    before = g.scores()
    tiles = [PlacedTile(Square.parse(sq), ch, blank=(ch == "I"))
             for sq, ch in zip(["D8", "E8", "F8", "G8", "H8"], "TRAIN")]
    g.place(Play.of(tiles))
    return g, before


def _plain_game(names: list[str]) -> tuple[Game, tuple[int, ...]]:
    g = Game(names, rules_named("house"), seed=1)
    g.current_player.rack = list("TRAINXY")
    before = g.scores()
    g.place(Play.of([PlacedTile(Square.parse(sq), ch) for sq, ch in zip(["D8", "E8", "F8", "G8", "H8"], "TRAIN")]))
    return g, before


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("names", [["Ann", "Bob"], ["Beginner computer", "Club computer"]])
@pytest.mark.parametrize("you", [False, True])
@pytest.mark.parametrize("blank", [False, True])
def test_every_play_is_announced_in_one_form(verbosity, compact, names, you, blank):
    """Who, the word (its blank named), where, the score: "Ann played
    TRAIN, D8 across, 12." at normal and full, "Ann: TRAIN, D8 across,
    12." at brief, for a person and a computer, whatever the length; the
    words and premiums come after it."""
    g, before = (_blank_game if blank else _plain_game)(names)
    ev = g.last_events[0]
    aud = Audience(tuple(names), you=ev.player if you else None)
    lines = phrases.announce(g.last_events, aud, before, Style(verbosity), compact=compact)
    who = "You" if you else names[ev.player]
    word = "TRAIN (blank I)" if blank else "TRAIN"
    said = f"{who}: " if verbosity == "brief" else f"{who} played "
    expected = f"{said}{word}, D8 across, {ev.score}."
    head = []
    for line in lines:
        head.append(line)
        if line.endswith(f"{ev.score}."):
            break
    assert joined(head) == expected, lines
    assert all(len(x) <= 40 for x in lines)
    assert not any(x.endswith("points.") and "played" not in x and "lose" not in x and "gain" not in x
                   for x in lines), lines  # no score said on a line of its own


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_last_says_the_play_in_the_same_form(verbosity):
    s = pair(verbosity)
    announced = s.handle_line("play 8H AIT")
    last = s.handle_line("last")
    form = "Bob played AIT, H8 across, 6."
    assert announced[0] == ("Bob: AIT, H8 across, 6." if verbosity == "brief" else form), announced
    assert last[0] == form, last  # last is the move in full, at any verbosity


# ---------------------------------------------------------------- 7: brief refusals in one line
def _unfinished_game(tmp_path):
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s = Session(Options(players="Alice,Bob", rules="house", seed=3), lexicon=services.WordSet(["QI"]), store=store)
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("quit")
    assert s.handle_line("yes")[0].startswith("Goodbye")
    return store


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
    assert joined(s.handle_line("maybe")) == "Type yes to resume that game, or no for a new one."


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


@pytest.mark.parametrize("seat", [0, 1])
def test_at_brief_accept_with_nothing_pending_is_one_line(seat):
    """A long name ("Beginner computer's play stands; your turn." is 43
    characters) is shortened, not broken over two lines."""
    names = ["Beginner computer", "Ann"] if seat else ["Ann", "Beginner computer"]
    s = Session(Options(players=",".join(names), seed=1, verbosity="brief"), lexicon=services.WordSet(WORDS))
    s.start()
    s.handle_line("")
    first = s.game.current
    out = s.handle_line("accept")
    assert len(out) == 1 and len(out[0]) <= 40 and out[0].startswith("Nothing to accept"), out
    s.handle_line("pass")
    s.handle_line("")
    out = s.handle_line("accept")
    assert len(out) == 1 and len(out[0]) <= 40, out
    assert "stands" in out[0] or "Nothing to accept" in out[0], out
    assert s.game.current != first


# ---------------------------------------------------------------- 8: refusals say the fix
@pytest.mark.parametrize("typed, fix", [
    ("row 16", "1 to 15"), ("column P", "A to O"), ("fit ????????????????", "15 letters"),
    ("undo", "check"), ("spots middle", "top, left"), ("xyzzy", "help"),
])
@pytest.mark.parametrize("verbosity", ["brief", "normal"])
def test_each_refusal_says_what_to_do_instead(typed, fix, verbosity):
    s = pair(verbosity)
    out = s.handle_line(typed)
    assert fix in joined(out), out
    assert all(len(x) <= 40 for x in out)
    if verbosity == "brief":
        assert len(out) == 1 and out[0].split()[0] not in ("Say", "Type", "Give", "You"), out
    assert not s.game.history[1:]


# ---------------------------------------------------------------- 9: help the index names, short first answers
def test_help_survey_answers_as_the_index_names_it():
    s = pair()
    index = s.handle_line("help")
    assert "Survey: spots, around, fit." in index
    out = s.handle_line("help survey")
    assert "no help" not in joined(out).lower(), out
    assert all(w in joined(out) for w in ("spots", "around", "fit")) and len(out) <= 10, out
    assert all(len(x) <= 40 for x in out)
    # every group the index names has an answer
    groups = [line.split(":")[0] for line in index[1:] if ":" in line and not line.startswith(("help", "tutorial"))]
    assert "Survey" in groups and "Turn" in groups
    for group in groups:
        said = s.handle_line(f"help {group}")
        assert "no help" not in joined(said).lower(), (group, said)


@pytest.mark.parametrize("topic, needed", [
    ("set", ["set verbosity brief", "set alone"]),
    ("keys", ["F2", "F4", "F9: spots"]),
    ("computer", ["champion", "beginner"]),
])
def test_long_help_gives_a_short_first_answer_and_the_rest_on_asking(topic, needed):
    s = pair()
    first = s.handle_line(f"help {topic}")
    assert len(first) <= 12, (len(first), first)
    assert all(n in joined(first) for n in needed), first
    assert first[-1] == f"help {topic} more: the rest."
    rest = s.handle_line(f"help {topic} more")
    assert len(rest) > 5 and not set(rest) & set(first[1:-1]), rest
    assert all(len(x) <= 40 for x in first + rest)


def test_help_computer_more_speaks_of_the_champion():
    s = pair()
    rest = joined(s.handle_line("help computer more"))
    assert "champion" in rest and "--think" in rest


POSITION = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0"


@pytest.mark.parametrize("players", [None, "Ann,Bob"])
def test_a_position_start_points_to_spots_and_help(players):
    s = Session(Options(position=POSITION, players=players), lexicon=services.WordSet(WORDS))
    out = s.start()
    if players:
        out = s.handle_line("")
    at = next(i for i, x in enumerate(out) if x.endswith("turn."))
    pointer = joined(out[at + 1:])
    assert "spots" in pointer and "help" in pointer, out
    # said once, not every turn
    s.handle_line("pass")
    later = s.handle_line("") if players else s.handle_line("pass")
    assert "Type spots" not in joined(later), later
