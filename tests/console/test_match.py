"""The one person at a table of computers is "you" in every sentence
about them (a blind player's finding: "your play" sat next to "Me loses
4 points."): "You played", "You lose", "You went out", "You win", "You
challenge", "You 12" in the scores, "Last move: you passed." in the
summary, "Turn 1, you played" in the review; at every verbosity, the
verbs agreeing. The computers keep their names, and so does everyone at
a table of two or more people. Driven through the Session front with the
real word list and the real club computer; numbers the computer decides
are read back from the game, never written in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.events import ChallengeResolved, TilesExchanged, TilesPlaced
from audio_scrabble.core.tiles import tile_value
from audio_scrabble.presentation.phrases import tile_phrase

pytestmark = pytest.mark.skipif(not services.engine_available(), reason="the move engine is not installed")

COMPUTER = "Club computer"


@pytest.fixture(scope="module")
def lexicon():
    return services.load_lexicon(None)


def solo(lexicon, verbosity: str = "normal", rules: str = "house") -> Session:
    """Me (seat 0) against the club computer; seed 2: Me plays first with
    M R blank M I E A. The computer moves only when told (``run_computers``)."""
    s = Session(Options(players="Me,computer:club", seed=2, verbosity=verbosity, rules=rules), lexicon=lexicon,
                defer_computer=True)
    s.start()
    assert s.game.current == 0 and s.game.players[0].rack == ["M", "R", "?", "M", "I", "E", "A"]
    return s


def named_me(lines: list[str]) -> list[str]:
    """Lines that still name the person ("Me played", "Me 12", "Me's")."""
    return [x for x in lines if re.search(r"\bMe\b", x)]


def scores(s: Session) -> str:
    you, computer = s.game.scores()
    return f"You {you}, {COMPUTER} {computer}."


def last_event(s: Session, kind: type):
    return next(ev for ev in reversed(s.game.history) if isinstance(ev, kind))


# ---------------------------------------------------------------- the draw for first
@pytest.mark.parametrize("players, then", [
    ("Me,computer:club", ["You drew B, Club computer drew O.", "You play first.", "Your turn."]),
    ("computer:club,Me", ["Club computer drew B, you drew O.", "Club computer plays first."]),
    ("Me,computer:club,computer:beginner", ["You drew B, Club computer drew O,", "Beginner computer drew O.",
                                            "You play first.", "Your turn."]),
])
def test_the_draw_for_first_names_your_tile_once(lexicon, players, then):
    """Seed 2: the first seat draws B and plays first. The draw is said
    once, then who plays first without the tile again."""
    s = Session(Options(players=players, seed=2), lexicon=lexicon, defer_computer=True)
    try:
        out = s.start()
        assert out[2:2 + len(then)] == then, out
        assert sum(" drew B" in x for x in out) == 1 and named_me(out) == []
    finally:
        s._close_computers()


# ---------------------------------------------------------------- a play, an exchange, a pass
@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_your_play_exchange_and_pass_are_said_to_you_at_every_verbosity(lexicon, verbosity):
    s = solo(lexicon, verbosity)
    try:
        heard: list[str] = []
        out = s.handle_line("play 8H MAIM")
        heard += out
        play = {"brief": ["You: MAIM, H8 across, 16."],
                "normal": ["You played MAIM, H8 across, 16."],  # issue 23: one form
                "full": ["You played MAIM, H8 across, 16.", "MAIM: 8, doubled, 16.", "M on H8, star."]}
        assert out[:len(play[verbosity])] == play[verbosity], out
        if verbosity == "full":  # below full, the scores come once, after the computer's reply
            assert out[3:5] == ["You 16, Club computer 0.", "You drew 4 tiles; 82 left in the bag."], out
        # before the computer moves: the last move is yours
        assert s.handle_line("summary")[:4] == ["It is Club computer's turn.", "Scores: You 16, Club computer 0.",
                                                "Last move: you played MAIM,", "H8 across for 16."]
        assert s.handle_line("last")[0] == "You played MAIM, H8 across, 16."
        reply = s.acting.run_computers()
        heard += reply
        assert s.game.current == 0 and scores(s) in reply

        out = s.handle_line("exchange A")
        heard += out
        ex = last_event(s, TilesExchanged)
        if verbosity == "brief":
            assert out[0] == "You exchanged 1 tile.", out
        else:  # your own tiles may be named to you
            assert out[:2] == ["You put back A.", f"You drew {tile_phrase(ex.drawn[0])}."], out
        assert s.handle_line("summary")[2] == "Last move: you exchanged 1 tile."
        heard += s.acting.run_computers()

        out = s.handle_line("pass")
        heard += out
        assert out[0] == "You passed.", out
        assert s.handle_line("summary")[1:3] == [f"Scores: {scores(s)}", "Last move: you passed."]
        assert s.handle_line("last") == ["You passed."]
        assert s.handle_line("scores") == [scores(s)] + ([f"{COMPUTER} leads by {s.game.scores()[1] - 16}."]
                                                         if verbosity == "full" else [])
        history = s.handle_line("history")
        assert history[:2] == ["You play first, by the draw.", "1. You: MAIM, H8 across, 16."]
        assert "3. You exchanged 1." in history and history[-1] == "5. You passed."
        heard += s.acting.run_computers() + history
        assert named_me(heard) == [], named_me(heard)
        assert any(x.startswith(f"{COMPUTER}") for x in heard)  # the computer keeps its name
    finally:
        s._close_computers()


# ---------------------------------------------------------------- challenges
@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_the_computer_challenges_your_phony_and_you_lose_its_points(lexicon, verbosity):
    s = solo(lexicon, verbosity)
    try:
        s.handle_line("play 8H MAIMR")
        out = s.acting.run_computers()
        assert out[:4] == ["Club computer challenges your play.", "MAIMR is not acceptable.",
                           "Your play is taken back: 20 points off.", "You 0, Club computer 0."], out
        history = s.handle_line("history")
        assert history[1:3] == ["1. You: MAIMR, H8 across, 20.", "Club computer challenged: taken back."]
        assert named_me(out + history) == []
    finally:
        s._close_computers()


def challenge_its_reply(s) -> tuple[list[str], tuple[str, ...]]:
    """You pass, the computer plays (seed 2: one word), you challenge it:
    (what is said, the words challenged)."""
    s.handle_line("pass")
    s.acting.run_computers()
    assert last_event(s, TilesPlaced).player == 1
    out = s.handle_line("challenge")
    word = last_event(s, ChallengeResolved).words
    assert len(word) == 1, "seed 2: the computer's reply forms one word"
    return out, word


def test_you_challenge_the_computers_play_and_lose_the_next_turn(lexicon):
    """Double challenge: the computer's word stands; you lose your next turn."""
    s = solo(lexicon, rules="double")
    try:
        out, word = challenge_its_reply(s)
        assert out[:5] == ["You challenge Club computer's play.", f"{word[0]} is acceptable.",
                           "You lose the next turn.", scores(s), "You lose this turn."], out
        summary = s.handle_line("summary")
        assert summary[2] == "Last move: you lost a turn.", summary
        last = s.handle_line("last")
        assert last[-5:] == ["You challenge Club computer's play.", f"{word[0]} is acceptable.",
                             "You lose the next turn.", scores(s), "You lose this turn."], last
        history = s.handle_line("history")
        assert "You challenged: it stands." in history and "3. You lost the turn." in history
        assert named_me(out + summary + history) == []
    finally:
        s._close_computers()


def test_you_challenge_under_the_five_point_rule_and_the_computer_gains(lexicon):
    s = solo(lexicon, rules="five")
    try:
        out, word = challenge_its_reply(s)
        assert out[:4] == ["You challenge Club computer's play.", f"{word[0]} is acceptable.",
                           "Club computer gains 5 points.", scores(s)], out
        summary = s.handle_line("summary")
        assert summary[2:4] == ["Last move:", "you challenged and the play stood."]
    finally:
        s._close_computers()


# ---------------------------------------------------------------- the end of the game
def rack_said(rack) -> str:
    """``N, L, W and blank``: tiles left at the end, as a list is said."""
    said = [tile_phrase(t) for t in rack]
    return f"{', '.join(said[:-1])} and {said[-1]}" if len(said) > 1 else said[0]


def to_go_out(s: Session, seat: int) -> None:
    """The bag emptied, ``seat`` holding A and T: AT goes out."""
    g = s.game
    g.bag.draw(len(g.bag))
    g.players[seat].rack[:] = ["A", "T"]
    s.racks.order[seat] = ["A", "T"]


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_you_go_out_and_win(lexicon, verbosity):
    """The bag emptied, Me holding A and T: AT goes out, said once, with
    the bag empty; the computer accepts; the end is said to you (what the
    computer had, what you gain), then the summary, last, history and
    the review."""
    s = solo(lexicon, verbosity)
    try:
        g = s.game
        to_go_out(s, 0)
        kept = list(g.players[1].rack)
        played = s.handle_line("play 8H AT")
        assert played[-1] == "You went out with the bag empty.", played
        out = s.acting.run_computers()
        left = sum(tile_value(t) for t in kept)
        you, computer = g.scores()
        assert (you, computer) == (4 + left, -left)
        assert len(kept) == 7  # the sentence is too long for one line: who loses how much, then for what
        assert out[:5] == ["Club computer accepts the play.", "Game over.", f"Club computer loses {left} points",
                           f"for {rack_said(kept)}.", f"You gain {left} points."], out
        assert out[5:8] == ["Final scores:", f"You {you}, Club computer {computer}.", f"You win with {you}."], out
        assert sum("went out" in x for x in played + out) == 1
        summary = s.handle_line("summary")
        assert summary == ["The game is over.", "You won.", f"Scores: You {you}, Club computer {computer}.",
                           "Last move: you played AT,", "H8 across for 4.", "The bag is empty."]
        assert s.handle_line("last")[0] == "You played AT, H8 across, 4."
        assert s.handle_line("history")[-2:] == ["1. You: AT, H8 across, 4, went out.",
                                                 f"Game over: You {you}, Club computer {computer}."]
        review = s.handle_line("review")
        assert review[1:5] == ["Equity: the score,", "plus the worth of the tiles kept.",  # equity, said once
                              "Turn 1, you played AT,", "H8 across, 4 points."], review
        end = s.handle_line("")
        assert end[0] == "End of the review." and re.fullmatch(r"You missed \d+ of equity,", end[1]), end
        assert named_me(played + out + summary + review + end) == []
    finally:
        s._close_computers()


def test_with_no_challenges_going_out_is_said_once_with_the_end(lexicon):
    """Void rules: no question waits on the last play, so the end says
    who went out, once, then what the computer had and what you gain."""
    s = solo(lexicon, rules="void")
    try:
        to_go_out(s, 0)
        kept = list(s.game.players[1].rack)
        out = s.handle_line("play 8H AT")
        left = sum(tile_value(t) for t in kept)
        at = out.index("Game over.")
        assert out[at:at + 5] == ["Game over.", "You went out with the bag empty.",
                                  f"Club computer loses {left} points", f"for {rack_said(kept)}.",
                                  f"You gain {left} points."], out
        assert sum("went out" in x for x in out) == 1 and s.game.is_over
    finally:
        s._close_computers()


def test_the_tiles_left_break_well_on_a_braille_display_of_20_cells(lexicon):
    """At 20 cells the loss breaks after who loses, the points kept whole
    at the head of the next line, then the tiles; the gain in one line."""
    s = solo(lexicon, rules="void")
    try:
        s.handle_line("set braille 20")
        to_go_out(s, 0)
        kept = list(s.game.players[1].rack)
        out = s.handle_line("play 8H AT")
        left = sum(tile_value(t) for t in kept)
        at = out.index("Club computer loses")
        gain = out.index(f"You gain {left} points.")
        assert out[at + 1].startswith(f"{left} points"), out
        assert " ".join(out[at:gain]) == f"Club computer loses {left} points for {rack_said(kept)}.", out
        assert all(len(x) <= 20 for x in out), out
    finally:
        s._close_computers()


def test_the_computer_goes_out_and_wins(lexicon):
    """You pass; the computer, holding A and T with the bag empty, goes
    out, said once; you are asked without your name and accept; you had
    your tiles, the computer gains them."""
    s = solo(lexicon)
    try:
        g = s.game
        s.handle_line("pass")
        to_go_out(s, 1)
        out = s.acting.run_computers()
        assert out[-3:] == ["Club computer went out", "with the bag empty.", "Challenge or accept?"], out
        # at the question you may read your rack and the game; a turn waits for your answer
        assert s.handle_line("rack") == [f"Rack: {' '.join(tile_phrase(t) for t in g.players[0].rack)}."]
        assert "unseen" in s.handle_line("unseen")[0]
        assert s.handle_line("pass") == ["Challenge or accept the last play first."]
        out = s.handle_line("accept")
        you, computer = g.scores()
        mine = ["M", "R", "?", "M", "I", "E", "A"]
        assert out == ["Game over.", f"You lose {-you} points", f"for {rack_said(mine)}.", f"Club computer gains {-you} points.",
                       "Final scores:", f"Club computer {computer}, You {you}.", f"Club computer wins with {computer}.",
                       "Type review to hear what you missed.", "Type new for another game, or quit."], out
        assert named_me(out) == []
    finally:
        s._close_computers()


# ---------------------------------------------------------------- a shared computer keeps names
def test_at_a_shared_computer_every_player_keeps_their_name(lexicon):
    s = Session(Options(players="Me,Bob", seed=5), lexicon=lexicon)
    s.start()
    g = s.game
    first = s.names[g.current]
    s.handle_line("")
    out = s.handle_line("pass")
    assert out[0] == f"{first} passed.", out
    second = s.names[g.current]
    s.handle_line("")
    out = s.handle_line("pass")
    assert out[0] == f"{second} passed."
    summary = s.handle_line("summary")
    assert summary[1] == "Scores: Me 0, Bob 0." and summary[2] == f"Last move: {second} passed."
    assert s.handle_line("scores") == ["Me 0, Bob 0."]
    assert s.handle_line("history")[1:] == [f"1. {first} passed.", f"2. {second} passed."]
    assert not any("You" in x for x in out + summary)


def test_the_large_print_view_shows_you_in_the_scores_and_whose_turn(lexicon, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdout", io.StringIO())  # a pipe: no colour codes
    s = solo(lexicon)
    try:
        s.handle_line("set braille off")
        assert s.handle_line("show") == ["Large-print board shown on screen."]
        shown = s.take_display()
        assert shown[:3] == ["You              0", "Club computer    0", "To play: You"], shown[:4]
    finally:
        s._close_computers()


def test_a_resumed_game_says_your_scores_and_your_last_move(lexicon, tmp_path):
    from audio_scrabble.persistence import SaveStore

    folder = tmp_path / "saves"
    s = Session(Options(players="Me,computer:club", seed=2), lexicon=lexicon, store=SaveStore(folder),
                defer_computer=True)
    s.start()
    s.handle_line("play 8H MAIM")  # the computer has not replied: the last move is yours
    s.handle_line("quit")
    s.handle_line("yes")
    s._close_computers()
    again = Session(Options(), lexicon=lexicon, store=SaveStore(folder), defer_computer=True)
    offer = again.start()
    assert offer[1:4] == ["An unfinished game:", "You 16, Club computer 0.", "Club computer's turn."], offer
    out = again.handle_line("yes")
    at = out.index("Resumed. House rules (RNIB leaflet).")
    assert out[at + 1:at + 4] == ["You 16, Club computer 0.", "Last move: you played MAIM,", "H8 across for 16."], out
    assert named_me(offer + out) == []
    again._close_computers()


def test_a_position_names_you_whatever_your_name(lexicon):
    windy = "15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex NWL20;"
    s = Session(Options(position=windy, players="Alice,computer:club", seed=2), lexicon=lexicon)
    out = s.start()
    try:
        assert "Position: You 0, Club computer 32." in out and "Your turn." in out, out
        assert not any("Alice" in x for x in out)
    finally:
        s._close_computers()


def test_you_accept_before_another_computer_decides(lexicon):
    """Two computers: one goes out, you are asked first (without your
    name) and accept; then the other computer decides."""
    s = Session(Options(players="Me,computer:club,computer:beginner", seed=2), lexicon=lexicon, defer_computer=True)
    s.start()
    try:
        assert s.handle_line("pass")[0] == "You passed."
        to_go_out(s, 1)
        assert s.acting.run_computers()[-3:] == ["Club computer went out", "with the bag empty.", "Challenge or accept?"]
        assert s.handle_line("accept") == ["You accept."]
        out = s.acting.run_computers()
        assert out[0] == "Beginner computer accepts the play." and "Game over." in out
        mine = [x for x in out if x.startswith("You lose ")]
        assert len(mine) == 1 and named_me(out) == [], out
    finally:
        s._close_computers()


SCORELESS = re.compile(r"^(You|Expert computer|Alice|Bob) (passed|exchanged \d+ tiles?|drew .*)\.$")


def _words(folder: Path) -> Path:
    words = folder / "three.txt"
    words.write_text("QI\nZA\nAA\n", encoding="utf-8")
    return words


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_against_the_computer_a_pass_or_exchange_says_the_totals_as_a_play_would(tmp_path: Path, verbosity):
    s = Session(Options(players="Me,computer:expert", seed=7, lexicon=str(_words(tmp_path)), verbosity=verbosity))
    try:
        s.start()
        told = 0  # the computer's scoreless turns after someone scored, each followed by the totals
        while not s.game.is_over:
            before = s.game.scores()
            out = s.handle_line("pass")
            totals = s.game.scores()  # after the computer's turn, its last in the reply
            line = f"You {totals[0]}, Expert computer {totals[1]}."
            for k, said in enumerate(out):
                if said == "You passed.":
                    # your pass: the totals at full verbosity; against the computers below it,
                    # once at the end of the round (a computer moves next)
                    follows = k + 1 < len(out) and out[k + 1] == f"You {before[0]}, Expert computer {before[1]}."
                    assert follows == (verbosity == "full" and any(before)), (verbosity, out)
                elif said.startswith("Expert computer") and SCORELESS.match(said) and "Game over." not in out:
                    if any(totals):
                        assert out[k + 1] == line, (verbosity, out)
                        told += 1
                    else:
                        assert not out[k + 1].startswith("You 0"), out  # nothing to tell yet
        assert told >= 3  # it exchanged and passed after its QI, each time told
        # the pass that ended the game: the end follows it, with the final scores
        assert out[out.index("Expert computer passed.") + 1] == "Game over." and "Final scores:" in out
    finally:
        s._close_computers()


class _AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


@pytest.mark.parametrize("verbosity", ["brief", "normal", "full"])
def test_at_a_shared_computer_a_pass_and_an_exchange_say_the_totals(verbosity):
    s = Session(Options(players="Alice,Bob", seed=5, verbosity=verbosity), lexicon=_AcceptAll())
    s.start()
    s.handle_line("")  # the hand-over
    first = s.game.current
    tiles = [t for t in s.playing().rack_of(first) if t != "?"]
    played = s.handle_line(f"play 8H {tiles[0]}{tiles[1]}")
    totals = s.game.scores()
    assert any(totals)
    line = f"Alice {totals[0]}, Bob {totals[1]}."
    assert line in played  # as after any play
    s.handle_line("")
    exchanged = s.handle_line("exchange " + s.playing().rack_of(s.game.current)[0])
    s.handle_line("")
    passed = s.handle_line("pass")
    for out, what in ((exchanged, "exchanged 1 tile."), (passed, "passed.")):
        name = s.game.names[1 - first] if what.startswith("exch") else s.game.names[first]
        heard = [k for k, x in enumerate(out) if x.startswith(name) and (x.endswith(what) or " drew " in x)]
        assert heard, out
        assert out[heard[-1] + 1] == line, (verbosity, out)
