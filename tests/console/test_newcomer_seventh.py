"""What a blind newcomer tripped on in the seventh round, the ones the
sixth left (tests/console/test_newcomer_sixth.py): help at the review>
prompt listed the game's commands, not the review's; the short notice of
a damaged save did not say that aside tells why; at 20 cells a list's
last item alone on a line ("Braille: legend," / "emboss."); the put-away
line did not say how to go back to the game. Each is checked through the
console's own paths (a session driven line by line, as over piped input)
or the layout the lines go through."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

from newcomer_kit import damaged_start, over, passers  # type: ignore[import-not-found]


# ---------------------------------------------------------------- 1. help at the review> prompt
def test_help_at_the_review_prompt_says_the_reviews_commands_and_how_to_leave(tmp_path):
    s = over(tmp_path, 40)
    index = s.handle_line("help")  # at the game over> prompt: every command, as ever
    assert index[0] == "Commands, by group:", index
    s.handle_line("review")
    out = s.handle_line("help")
    assert out[0] != "Commands, by group:", out
    said = " ".join(out)
    for words in ("next: the next turn", "back: turn before", "A number: that turn", "To leave it: new", "quit"):
        assert words in said, out
    assert all(len(x) <= 40 for x in out), out
    assert s.handle_line("help all") == index  # every command, asked for
    assert s.handle_line("help back")[0] == "In a review: the turn before."  # a command's help as ever
    assert s.handle_line("3")[0].startswith("Turn 3")  # still in the review: help changed nothing


# ---------------------------------------------------------------- 2. the damaged save's notice says aside tells why
def test_the_damaged_saves_notice_says_aside_tells_why(tmp_path):
    s, out = damaged_start(tmp_path)
    assert out[1:4] == ["Last save damaged;", "the save before it is offered instead;", "aside says why."], out
    assert "not valid JSON" in " ".join(s.handle_line("aside"))  # and it does


def test_a_notice_without_details_says_nothing_of_aside():
    from audio_scrabble.presentation import prompts_saving

    assert prompts_saving.set_aside_lines("Last save damaged; a new game starts.") == [
        "Last save damaged; a new game starts."]


# ---------------------------------------------------------------- 4. the put-away line says how to go back
def _left_unfinished(tmp_path) -> None:
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.store.release()


def test_a_new_games_put_away_says_the_number_open_takes_to_go_back(tmp_path):
    from audio_scrabble.persistence import SaveStore

    _left_unfinished(tmp_path)
    s = Session(Options(seed=3), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path), computer_factory=passers)
    s.start()
    for answer in ("no", "2", "Ann", "computer:expert"):
        s.handle_line(answer)
    out = s.handle_line("")  # house rules: the game begins, saved in this window's slot
    at = out.index("Game put away: Ann and Expert computer.")
    assert out[at + 1] == "To resume it, type open 2.", out
    assert len(s.game.actions) == 0
    back = s.handle_line("open 2")  # the number said is the one open takes, no games needed between
    assert len(s.game.actions) == 2, back  # the game left with a pass each
    assert back[:2] == ["Game put away: Ann and Expert computer.", "To resume it, type open 2."], back


def test_new_from_the_command_line_says_games_finds_the_game_put_away(tmp_path):
    from audio_scrabble.console.options import NEW
    from audio_scrabble.persistence import SaveStore

    _left_unfinished(tmp_path)
    s = Session(Options(seed=3, saved_game=NEW), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path),
                computer_factory=passers)
    out = s.start()  # the set-up's questions follow: the number open will take is not known yet
    at = out.index("Game put away: Ann and Expert computer.")
    assert out[at + 1] == "Type games to find it again.", out
    assert "1. Put away: Ann and Expert computer," in s.handle_line("games")


# ---------------------------------------------------------------- 5. a pass in the end game: what the hints say it cost
def test_a_pass_in_the_end_game_misses_what_the_hints_before_and_after_differ_by():
    # a review said a pass missed 28 of spread where the hints before and
    # after it differ by 25: it valued the pass as if the other's pass back
    # ended the game (two passes in a row end the search), where the player
    # may still play and the other's hint searches the position afresh
    from audio_scrabble.core import Game
    from audio_scrabble.core.rules import VARIANTS
    from audio_scrabble.engine import ComputerPlayer, MoveGenerator, review
    from audio_scrabble.engine.endgame import EndgameSolver
    from audio_scrabble.lexicon import Lexicon

    lexicon = Lexicon.default()
    game = Game(["a", "b"], VARIANTS["double"], seed=904, lexicon=lexicon)
    seats = [ComputerPlayer("club", lexicon, 1), ComputerPlayer("club", lexicon, 2)]
    hint: dict[int, float] = {}
    while not game.is_over:
        if game.awaiting_final_challenge:
            game.accept()
            continue
        if not game.bag and game.turn in (23, 24):  # the bag empty: the hint is the end-game search's best
            me = game.current
            found = EndgameSolver(MoveGenerator(lexicon)).solve(
                game.board, list(game.players[me].rack), list(game.players[1 - me].rack), 30)
            assert found.exact
            hint[game.turn] = found.value
        if not game.bag and game.turn == 23:
            game.pass_turn()
            continue
        seats[game.current].choose(game, game.current).apply(game)
    turn = next(r for r in review(game, lexicon, seconds=30) if r.turn == 23)
    assert turn.kind == "pass" and turn.exact
    assert turn.missed == round(hint[23] + hint[24]), (turn.missed, hint)  # the pass gave the other hint[24]


# ---------------------------------------------------------------- 3. at 20 cells: a list's last two items together
def test_at_20_cells_a_lists_last_item_is_not_alone_where_it_fits_with_the_one_before():
    from audio_scrabble.presentation import layout

    assert layout.wrap("Braille: legend, emboss.", 20) == ["Braille:", "legend, emboss."]
    assert layout.wrap("Survey: spots, around, fit.", 20) == ["Survey: spots,", "around, fit."]  # as before
    assert layout.wrap("Settings: set, help, new, quit.", 20) == ["Settings: set, help,", "new, quit."]
    s = Session(Options(players="Ann,computer:expert", seed=3, braille_width=20), lexicon=services.WordSet(["QI"]),
                computer_factory=passers)
    s.start()
    told = s.handle_line("help")
    assert told[told.index("Braille:") + 1] == "legend, emboss.", told
    assert "emboss." not in told and all(len(x) <= 20 for x in told), told


def test_at_20_cells_the_last_two_items_that_cannot_share_a_line_stay_as_they_were():
    from audio_scrabble.presentation import layout

    # "finished, 28 Nov 2026:" is 22 cells: the item stays a line of its own
    assert layout.wrap("1. Ann and Expert computer, finished, 28 Nov 2026:", 20, names=("Expert computer",)) == [
        "1. Ann and", "Expert computer,", "finished,", "28 Nov 2026:"]


# ---------------------------------------------------------------- found on the way: the resume question at 20 cells
def test_at_20_cells_the_resume_questions_turn_has_no_word_alone(tmp_path):
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Tom,Tom and Jerry", seed=2), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path))
    first.start()
    first.handle_line("")
    first.handle_line("pass")  # Tom and Jerry's turn
    first.store.release()
    s = Session(Options(seed=2, braille_width=20), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    out = s.start()
    at = out.index("Tom and Jerry's turn")
    assert out[at + 1] == "to play." and "turn." not in out, out  # was "Tom and Jerry's" / "turn." alone
    assert all(len(x) <= 20 for x in out), out
    s.store.release()
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path))
    assert "Tom and Jerry's turn." in s.start()  # at 40 cells as before
