"""What a blind newcomer met in the ninth round: two ways to type a play.
A hint ended "play JEEZ from E8 across." and a play is said "TRAIN, D8
across", but the first-turn prompt, help play, the tutorial and the
refusals taught "play 8D TRAIN" (row first: across). One form is now
taught and suggested everywhere a player is about to type a play:
``play WORD from SQUARE across|down``; the row-first form is still read,
silently. Checked through a session driven line by line, as over piped
input."""

from __future__ import annotations

import re

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import ACROSS, DOWN
from audio_scrabble.notation.plays import parse_position
from audio_scrabble.notation.typed import parse_request

from newcomer_kit import passers  # type: ignore[import-not-found]

#: a play suggested in the one form taught: ``play TRAIN from D8 across``
_TAUGHT = re.compile(r"\b(play|check) ([A-Za-z?()]+) from ([A-O]\d{1,2}) (across|down)\b")
#: a play suggested row first or column first with no way said: ``play 8D TRAIN``, ``play H8 THROB``
_OTHER = re.compile(r"\b(?:play|check) (?:\d{1,2}[A-O]|[A-O]\d{1,2}) [A-Za-z?]")
#: the row-first square anywhere before a word: ``8D TRAIN``
_ROW_FIRST = re.compile(r"\b\d{1,2}[A-O] [A-Z(]")

#: a newcomer's first turn: help, the tutorial, and the slips that are answered with a play to type
_SCRIPT = ("help play", "help check", "help blank", "help notation", "tutorial", "next", "next",
           "play", "check", "play H8", "check H8", "play TRAIN", "JEEZ", "play 1", "check 2",
           "play E8 H8 JEEZ", "play JEEZ JEFE E8", "play JEEZ E8", "play . from H8 across",
           "hint", "play 2", "check 1")


def _engine() -> None:
    if not services.engine_available():
        pytest.skip("hints need the move engine")


def _newcomer(brief: bool = False) -> tuple[Session, list[str]]:
    s = Session(Options(players="Ann,computer:beginner", seed=3, hints=True), computer_factory=passers)
    said = list(s.start())
    if brief:
        s.handle_line("set verbosity brief")
    for line in _SCRIPT:
        said.extend(s.handle_line(line))
    return s, said


@pytest.mark.parametrize("brief", [False, True], ids=["normal", "brief"])
def test_every_play_the_game_suggests_is_in_the_one_form_it_teaches(brief):
    _engine()
    s, said = _newcomer(brief)
    assert s.game is not None and not s.game.actions  # nothing was played by the script
    text = " ".join(said)
    assert _OTHER.findall(text) == [], [x for x in said if _OTHER.search(x)]  # was play 8D TRAIN, all over
    assert _ROW_FIRST.findall(text) == [], [x for x in said if _ROW_FIRST.search(x)]
    suggested = _TAUGHT.findall(text)
    assert len(suggested) >= (8 if brief else 15), suggested  # the prompt, help, tutorial, refusals, hint
    for _, word, square, way in suggested:  # each, typed back, is read as it was said
        request = parse_request(f"{word} from {square} {way}")
        assert (request.start, request.direction) == (parse_position(square)[0], ACROSS if way == "across" else DOWN)
    assert all(len(x) <= 40 for x in said), [x for x in said if len(x) > 40]


def test_the_first_turn_prompt_teaches_the_form_the_hint_ends_with():
    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3, hints=True), computer_factory=passers)
    out = s.start()
    assert out[-3:-1] == ["Type play, a word, its square and way:", "play TRAIN from D8 across, or help."], out
    hint = s.handle_line("hint")
    assert hint[-1] == "play JEEZ from E8 across.", hint  # the same form, the player's own word


def test_help_play_and_the_tutorial_teach_one_form_and_its_example_covers_the_star():
    s = Session(Options(players="Ann,computer:beginner", seed=3), computer_factory=passers)
    s.start()
    help_play = s.handle_line("help play")
    assert help_play[1:3] == ["Type play TRAIN from D8 across.", "Type play THROB from H8 down."], help_play
    assert not any(re.search(r"\d[A-O]\b", x) for x in help_play), help_play  # no 8D
    s.handle_line("tutorial")
    s.handle_line("next")
    step3 = s.handle_line("next")
    assert step3[0] == "Step 3: a first word.", step3
    assert "play TRAIN from D8 across puts T on" in step3 and "play TRAIN from H4 down runs down" in step3, step3
    for typed in ("TRAIN from D8 across", "TRAIN from H4 down"):  # both taught examples cross the star
        r = parse_request(typed)
        step = (0, 1) if r.direction == ACROSS else (1, 0)
        squares = {(r.start.row + i * step[0], r.start.col + i * step[1]) for i in range(len(r.word))}
        assert (7, 7) in squares, typed


def test_a_word_typed_alone_is_answered_with_a_play_that_typed_back_plays():
    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3), computer_factory=passers)
    s.start()
    told = s.handle_line("JEEZ")
    assert told == ["To play JEEZ, say where and which way:", "play JEEZ from H8 across."], told
    assert not s.game.actions
    played = s.handle_line(told[-1].rstrip("."))
    assert played[0] == "You played JEEZ, H8 across, 40.", played


def test_the_row_first_form_is_still_read_silently():
    _engine()
    s = Session(Options(players="Ann,computer:beginner", seed=3), computer_factory=passers)
    s.start()
    played = s.handle_line("play 8E JEEZ")
    assert played[0] == "You played JEEZ, E8 across, 40.", played  # as 'play JEEZ from E8 across' would


@pytest.mark.parametrize("width", [20, 40])
def test_last_before_any_move_is_one_whole_line_at_20_cells(width):
    # at 20 cells it said "No move has been" / "made yet.": a first line that reads as a sentence, wrongly
    s = Session(Options(players="Ann,computer:beginner", seed=3, braille_width=width), computer_factory=passers)
    s.start()
    assert s.handle_line("last") == ["No move yet."]
