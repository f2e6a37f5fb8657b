"""What a blind newcomer met in the tenth round, played over tmux at 20
and 40 braille cells and checked here through a session driven line by
line (and key by key), as over piped input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.core.board import Square

from newcomer_kit import passers  # type: ignore[import-not-found]


def _ann(width: int | None = None, players: str = "Ann,computer:beginner") -> Session:
    s = Session(Options(players=players, seed=3, braille_width=width), computer_factory=passers)
    s.start()
    return s


def test_f2_on_a_tile_says_the_tile_as_the_arrows_do():
    # F2 said "H8." on the J of JEEZ, where the arrow keys say "H8, J.":
    # a player asking where they are heard nothing of what is there
    s = _ann()
    assert s.handle_line("play JEEZ from H8 across")[0].startswith("You played JEEZ")
    assert s.key("where") == ["H8, J.", "Column H, 8th from the left.", "Row 8, 8th from the top."]
    assert s.handle_line("where")[0] == "H8, J."  # the command says the same
    s.key("right")
    s.key("right")
    s.key("right")
    s.key("right")  # L8: empty, a premium
    assert s.key("where")[0] == s.handle_line("square")[0] == "L8, two dots."


def _resumed(tmp_path: Path, width: int | None) -> Session:
    """A new session at the resume question, one game (Ann's, a pass made) on file."""
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:beginner", seed=3), store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.handle_line("quit")
    first.handle_line("yes")
    s = Session(Options(seed=3, braille_width=width), store=SaveStore(tmp_path), computer_factory=passers)
    assert "Resume it?" in " ".join(s.start())
    return s


@pytest.mark.parametrize("width", [20, 40])
@pytest.mark.parametrize("typed", ["open ²", "open 2", "open 0"])
def test_open_past_the_one_game_on_file_names_the_one_to_type(tmp_path, width, typed):
    # it said "Games are numbered 1 to 1; type games to hear them."
    s = _resumed(tmp_path, width)
    said = s.handle_line(typed)
    text = " ".join(said)
    assert text.startswith("One game on file; type open 1."), said
    assert "1 to 1" not in text
    assert all(len(x) <= width for x in said), said
    assert s.handle_line("open 1")[-1].startswith("Rack:")  # typed back, it opens the game


@pytest.mark.parametrize("width", [20, 40, None])
def test_after_a_computer_opened_the_prompt_names_no_square_its_word_covers(width):
    # seed 1: the club computer opens with FAQIR, D8 across; the prompt still
    # taught "play TRAIN from D8 across", which (as SORRY from E8 did in the
    # tmux game) may run over the tiles just played
    s = Session(Options(players="Ann,computer:club", seed=1, braille_width=width),
                lexicon=services.WordSet(["FAQIR", "AVIATOR"]))
    out = s.start()
    assert s.game.actions and not s.game.board.is_empty()  # the computer opened
    text = " ".join(out)
    assert "Type play, a word, its square and way, touching a tile; or type help." in text, out
    if width == 20:  # a clause a line ("joining a word on" / "the board; or help." parted a phrase)
        at = out.index("Type play, a word,")
        assert out[at + 1:at + 4] == ["its square and way,", "touching a tile;", "or type help."], out
    assert "play TRAIN" not in text, out
    assert out[-1].startswith("Rack: ")
    assert all(len(x) <= (width or 40) for x in out), out
    for square in re.findall(r"\bfrom ([A-O]\d{1,2})\b", text):  # any square suggested is free
        assert s.game.board[Square.parse(square)] is None, square


def _seed3(rules: str = "house", aids: str = "on") -> Session:
    s = Session(Options(players="Ann,computer:beginner", seed=3, rules=rules), computer_factory=passers)
    s.start()
    s.handle_line(f"set aids {aids}")
    assert s.handle_line("rack")[-1] == "Rack: F L E T Z J E.", "the deal changed"
    return s


def test_a_way_suggested_across_a_word_not_in_the_list_is_not_suggested():
    # after JEEZ from H8, "play TEA from L6 across" (touching nothing) was
    # answered "type play TEA from L6 down.": typed back, it formed JEEZA,
    # and the computer's challenge took it back
    s = _seed3()
    s.handle_line("play JEEZ from H8 across")
    said = s.handle_line("play TEA from L6 across")
    assert "play TEA from L6 down" not in " ".join(said), said
    assert " ".join(said) == "The play must touch a tile already on the board.", said
    assert len(s.game.actions) == 2  # JEEZ and the pass: the refusal changed nothing


@pytest.mark.parametrize("rules, aids", [("house", "on"), ("void", "on"), ("void", "off")])
def test_off_the_star_a_word_not_in_the_list_is_not_suggested_the_other_way(rules, aids):
    # "play FEZL from E8" said "type play FEZL from E8 across.": refused
    # there by rules without challenges, challenged off under the others
    s = _seed3(rules, aids)
    said = s.handle_line("play FEZL from E8")
    assert " ".join(said) == "FEZL is not in the word list; try another word.", said
    assert not s.game.actions


def test_with_the_aids_off_a_challenge_game_still_suggests_the_way_whatever_the_word():
    # no word-list oracle: whether a way is suggested tells nothing of the list
    for word in ("FEZL", "JEEZ"):
        said = _seed3("house", "off").handle_line(f"play {word} from E8")
        assert said == [f"{word} from E8 runs down, off the star;", f"type play {word} from E8 across."], said


@pytest.mark.parametrize("width", [20, 40])
def test_put_away_and_help_play_break_where_a_reader_pauses(tmp_path, width):
    # at 20 cells: "Type open 2 to go" / "back to it." and "Place a word and
    # end" / "your turn.": each first line read as a sentence, wrongly
    from audio_scrabble.persistence import SaveStore

    first = Session(Options(players="Ann,computer:expert", seed=3), lexicon=services.WordSet(["QI"]),
                    store=SaveStore(tmp_path), computer_factory=passers)
    first.start()
    first.handle_line("pass")
    first.store.release()
    s = Session(Options(seed=3, braille_width=width), lexicon=services.WordSet(["QI"]), store=SaveStore(tmp_path),
                computer_factory=passers)
    s.start()
    for answer in ("no", "2", "Ann", "computer:expert"):
        s.handle_line(answer)
    out = s.handle_line("")
    said = s.handle_line("help play")
    if width == 20:
        at = out.index("Expert computer.")
        assert out[at + 1:at + 3] == ["To resume it,", "type open 2."], out
        assert said[:2] == ["Place a word,", "ending your turn."], said
    else:
        assert "To resume it, type open 2." in out, out
        assert said[0] == "Place a word, ending your turn.", said
    assert all(len(x) <= width for x in out + said)


@pytest.mark.parametrize("width", [20, 40])
def test_games_says_a_games_state_with_its_number_not_alone_on_a_line(tmp_path, width):
    # at 20 cells: "1. Ann and" / "Expert computer," / "finished," / "28 Nov 2026:"
    from newcomer_kit import over  # type: ignore[import-not-found]

    s = over(tmp_path, width)
    out = s.handle_line("games")
    entry = next(k for k, x in enumerate(out) if x.startswith("1."))
    assert not any(re.fullmatch(r"\w+[,:.]", x) for x in out), out  # no word alone on a line
    if width == 20:
        assert out[entry:entry + 2] == ["1. Finished: Ann and", "Expert computer,"], out
        assert re.fullmatch(r"\d+ \w{3} \d{4}:", out[entry + 2]), out
    else:
        assert out[entry] == "1. Finished: Ann and Expert computer,", out
    assert all(len(x) <= width for x in out), out


@pytest.mark.parametrize("width", [20, 40])
def test_the_first_chance_to_challenge_breaks_into_whole_clauses(width):
    # at 20 cells: "You may" / "challenge it:" / "type challenge.", its first line read alone
    if not services.engine_available():
        pytest.skip("the club computer needs the move engine")
    s = Session(Options(players="Ann,computer:club", seed=7, braille_width=width))
    out = s.start()
    if width == 20:
        at = out.index("To challenge it,")
        assert out[at + 1] == "type challenge.", out
    else:
        assert "To challenge it, type challenge." in out, out
    assert "You may" not in out and out[-1].startswith("Rack: "), out


def test_a_word_a_play_forms_twice_is_told_apart_by_its_way():
    # "You played EW, M9 across, 10." / "Words: EW 5, EW 5.": a W beside one E
    # and under another made EW twice, and the two were said alike
    from audio_scrabble.core.board import Board
    from audio_scrabble.core.scoring import score_play
    from audio_scrabble.notation.typed import parse_draft
    from audio_scrabble.presentation import phrases
    from audio_scrabble.presentation.phrases import Style

    board = Board()
    board.put(Square.parse("M9"), "E")
    board.put(Square.parse("N8"), "E")
    breakdown = score_play(board, parse_draft("W from N9 across", board).play())
    assert [w.word.word for w in breakdown.words] == ["EW", "EW"]
    for style in (Style(), Style("brief")):
        assert phrases.breakdown_lines(breakdown, style) == [
            f"Words: EW across {breakdown.words[0].score}, EW down {breakdown.words[1].score}."]


@pytest.mark.parametrize("width, lines", [
    (40, ["Say which tiles: exchange AEI,", "or exchange all."]),
    (20, ["Say which tiles:", "exchange AEI,", "or exchange all."])])
def test_exchange_alone_says_two_commands_each_on_its_line(width, lines):
    # at 40: "Say which tiles, like exchange AEI" / "or all.": "or all." alone, not a command
    s = _ann(width)
    assert s.handle_line("exchange") == lines
    assert not s.game.actions
    said = s.handle_line(lines[-1].removeprefix("or ").rstrip("."))  # typed back: every tile goes back
    assert said[0].startswith("You put back"), said
    assert len(s.game.actions) >= 1


@pytest.mark.parametrize("width", [20, 40])
def test_open_on_a_finished_game_keeps_its_first_clause_on_a_line(tmp_path, width):
    # at 20 cells: "That game" / "is finished;" / "review it with:"
    from newcomer_kit import over  # type: ignore[import-not-found]

    s = over(tmp_path, width)
    listed = s.handle_line("games")
    number = next(x.split(".")[0] for x in listed if x[:1].isdigit() and "Finished:" in x)
    said = s.handle_line(f"open {number}")
    if width == 20:
        assert said[:3] == ["That game is over;", "review it with:", "audio-scrabble"], said
    else:
        assert said[:2] == ["That game is over; review it with:", "audio-scrabble review"], said
    assert all(len(x) <= width for x in said), said


def test_help_keys_says_what_f2_does_in_whole_clauses_at_20_cells():
    # F2 mended above; its help first broke "square, what is" / "on it, and where it" / "is, counting pegs."
    s = _ann(20)
    said = s.handle_line("help keys")
    at = said.index("F2: the cursor's")
    assert said[at + 1:at + 4] == ["square, its tile,", "and where it is,", "counting pegs."], said
    assert s.handle_line("help where")[:4] == ["Say the cursor's", "square, its tile,", "and where it is,", "counting pegs."]


@pytest.mark.parametrize("width", [20, 40])
def test_open_on_the_game_in_play_says_it_in_whole_clauses(tmp_path, width):
    # at 20 cells: "That game is the one" / "in play; to open" / "another, type open" / "and its number."
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Ann,computer:beginner", seed=3, braille_width=width), store=SaveStore(tmp_path),
                computer_factory=passers)
    s.start()
    s.handle_line("games")
    said = s.handle_line("open 1")
    if width == 20:
        assert said == ["Game 1 is in play;", "open another by", "its number."], said
    else:
        assert said == ["Game 1 is in play;", "open another by its number."], said
    assert not s.game.actions


def test_words_heads_its_list_on_one_line_at_20_cells():
    # "9 words on" / "the board:"
    from audio_scrabble.core.board import Board
    from audio_scrabble.presentation import layout, phrases

    board = Board()
    for square, letter in (("D8", "T"), ("E8", "O"), ("E9", "X")):
        board.put(Square.parse(square), letter)
    said = layout.lay_out(phrases.words_phrases(board), 20)
    assert said == ["2 words on board:", "TO, D8 across.", "OX, E8 down."], said


def test_the_tutorials_first_steps_read_in_whole_clauses_at_20_cells():
    # "A to O, from the" / "left; rows are", "the first word must" / "cover it.",
    # "with their values if" / "you like:": lines that part a phrase
    s = _ann(20)
    step1 = s.handle_line("tutorial")
    assert step1[:7] == ["Step 1: the board.", "The board:", "15 by 15 squares.", "Columns: A to O,", "from the left.",
                         "Rows: 1 to 15,", "from the top."], step1
    assert "The first word" in step1 and "covers it." in step1, step1
    step2 = s.handle_line("next")
    assert step2[:5] == ["Step 2: your rack.", "You hold 7 tiles;", "rack says them.", "set verbosity full",
                         "adds their values."], step2
    assert all(len(x) <= 20 for x in step1 + step2)
    for line in step1 + step2:  # no line ends in a word that leads into the next
        assert not line.endswith((" the", " are", " if", " must", " to")), line


def test_a_games_entry_too_long_for_a_line_keeps_its_date_with_the_names_where_they_fit():
    # "1. Unfinished:" / "Ann and Beginner computer," / "28 Nov 2026:": three lines where two do
    from datetime import datetime

    from audio_scrabble.presentation import prompts_saving

    lines = prompts_saving.game_entry_line(1, ["Ann", "Beginner computer"], "unfinished", datetime(2026, 11, 28), [85, 43])
    assert lines == ["1. Unfinished:", "Ann and Beginner computer, 28 Nov 2026:", "Ann 85, Beginner computer 43."]
