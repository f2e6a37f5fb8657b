"""What tripped a blank newcomer playing the game from the terminal
(tmux, ``--speech text``, a braille display of 40 cells, then 20), each
checked here through the console's own paths: handle_line, or piped
lines onto the screen stream."""

from __future__ import annotations

import io

from audio_scrabble.console import services
from audio_scrabble.console.output.brailleview import FittedWriter
from audio_scrabble.console.plain import run_plain
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation.speech import TextSpeaker
from console_kit import AcceptAll, joined, session, snapshot


class Terminal(io.StringIO):
    """A terminal: the screen is cleared at a hand-over."""

    def isatty(self) -> bool:
        return True


CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def test_screen_cleared_is_two_lines_on_a_20_cell_display():
    # Ann (seed 3: F L E T Z J E) plays; the screen is cleared for Bob. The
    # escape that clears it took 11 cells of the first line's 20, so the
    # words broke as "Screen" / "cleared" / "for privacy."
    terminal = Terminal()
    session = Session(Options(players="Ann,Bob", seed=3, braille_width=20), lexicon=services.WordSet(["FEZ"]))
    screen = FittedWriter(terminal, lambda: 20)
    run_plain(session, TextSpeaker(screen), io.StringIO("\nplay 8H FEZ\nquit\nyes\n"), screen)  # type: ignore[arg-type]
    after = terminal.getvalue().split(CLEAR, 1)[1].splitlines()
    assert after[:3] == ["Screen cleared", "for privacy.", "Ann played FEZ,"]
    assert all(len(line) <= 20 for line in after)


def test_a_control_sequence_takes_no_cell():
    out = io.StringIO()
    screen = FittedWriter(out, lambda: 20)
    screen.write(CLEAR)
    screen.write("Screen cleared\nfor privacy.\n")
    screen.flush()
    assert out.getvalue() == CLEAR + "Screen cleared\nfor privacy.\n"


def test_history_keeps_each_line_to_a_braille_line():
    # "1. Christabella: FLETZJE, H8 across, 122." was one line of 41
    s, _ = session(players="Christabella,Maximiliano", seed=3, lexicon=AcceptAll())
    s.handle_line("")
    s.handle_line("play 8H " + "".join(s.game.current_player.rack))
    lines = s.handle_line("history")
    assert lines == ["Christabella plays first, by the draw.", "1. Christabella: FLETZJE,", "H8 across, 122."]
    assert s.handle_line("history 1") == lines[1:]


def test_save_says_the_game_saves_itself():
    # a newcomer's first guess; it was "'save' is not a command; type help for the list."
    s, _ = session()
    s.handle_line("")
    before = snapshot(s)
    assert joined(s.handle_line("save")) == (  # shorter, the news first: test_newcomer_fifth.py
        "Already saved, after every move; quit keeps the game.")
    assert snapshot(s) == before
    s.handle_line("set verbosity brief")
    assert s.handle_line("save") == ["No need to save: saved every move."]


def test_a_near_miss_offers_the_commands_as_choices():
    # "did you mean challenge, exchange and arrange?": one is meant, not all three
    s, _ = session()
    s.handle_line("")
    assert joined(s.handle_line("challange")) == (
        "'challange' is not a command; did you mean challenge, exchange or arrange? Type help for the list.")
    assert "challenge, exchange or arrange?" in joined(s.handle_line("help challange"))


def test_check_typed_alone_gives_check_as_its_example():
    # it said "Say what to play and where, like play TRAIN from D8 across."
    s, _ = session()
    s.handle_line("")
    before = snapshot(s)
    assert joined(s.handle_line("check")) == "Say what to check and where, like check TRAIN from D8 across."
    assert joined(s.handle_line("check 8D")) == "Say which word to check, like check TRAIN from D8 across."
    assert joined(s.handle_line("check TRAIN")) == "Say where it goes, like check TRAIN from D8 across."
    assert joined(s.handle_line("play")) == "Say what to play and where, like play TRAIN from D8 across."
    assert snapshot(s) == before
    s.handle_line("set verbosity brief")
    assert s.handle_line("check") == ["No play: check TRAIN from D8 across."]


def test_set_with_one_word_says_what_was_wrong():
    # "set colour" and "set brief" both said "Type set, a setting and a
    # value, like set verbosity full.", which never said what was wrong
    s, _ = session()
    s.handle_line("")
    assert joined(s.handle_line("set colour")).startswith("There is no setting called 'colour'; the settings are ")
    assert joined(s.handle_line("set brief")) == "Name the setting too: type set verbosity brief."
    assert joined(s.handle_line("set colours")) == "Name the setting too: type set marks colours."
    assert s.settings.verbosity == "normal" and s.settings.marks == "marks"
    assert joined(s.handle_line("set hints")) == "set hints takes on and off."  # a setting alone: its values
    s.handle_line("set verbosity brief")
    assert s.handle_line("set colour") == ["No setting 'colour'; type set."]
    assert s.handle_line("set full") == ["No setting 'full'; type set."]  # verbosity's and the prompt's: not guessed


def test_speech_off_and_on_say_which_kind_does_that():
    # "set speech off" said "Speech is text, screenreader, tts or auto, not 'off'.":
    # the fault last, and no word of which kind prints only
    s, _ = session()
    s.handle_line("")
    assert joined(s.handle_line("set speech off")) == (
        "Speech has no off: text prints only, for your own screen reader.")
    assert joined(s.handle_line("set speech on")) == (
        "Speech has no on: tts speaks in the game's own voice, screenreader in yours.")
    assert joined(s.handle_line("set speech loud")) == "Speech is text, screenreader, tts or auto, not 'loud'."
    assert s.settings.speech == "text"
    s.handle_line("set verbosity brief")
    assert s.handle_line("set speech off") == ["No speech off: text prints only."]
    assert s.handle_line("set speech on") == ["No speech on: tts or screenreader."]


def test_a_mistyped_answer_to_quit_keeps_the_question():
    # "maybe" at "Leave the game?" said "Staying in the game." and then
    # "'maybe' is not a command; type help for the list.": the question gone
    s, _ = session()
    s.handle_line("")
    before = snapshot(s)
    assert s.handle_line("quit") == ["Leave the game? Type yes or no."]
    assert joined(s.handle_line("maybe")) == "'maybe' is not yes or no; type yes to leave, or no to stay."
    assert s.question is not None and snapshot(s) == before
    assert s.handle_line("rack")[0] == "Staying in the game."  # a command is still a no, and answered
    assert s.question is None
    s.handle_line("new")
    assert joined(s.handle_line("perhaps")) == (
        "'perhaps' is not yes or no; type yes to end this game unscored, or no to stay.")
    assert s.handle_line("no") == ["Staying in the game."]
    assert snapshot(s) == before


def test_the_tutorial_ends_without_sending_a_player_in_a_game_to_new():
    # mid-game it ended "That is all: type new to play, or help at any
    # time." then "The end of the tutorial.": new ends the game unscored
    s, _ = session()
    s.handle_line("")
    said = joined(s.handle_line("tutorial 6"))
    assert "type new" not in said and said.endswith("help end and help blank tell more. Tutorial over; your game goes on.")
    fresh = Session(Options(), lexicon=services.WordSet(["QI"]))
    question = fresh.start()[-1]
    out = fresh.handle_line("tutorial 6")
    assert "The end of the tutorial." in out and out[-1] == question  # before a game: the question follows


def test_help_accept_says_the_game_end_before_the_invitations():
    # the invitations between homes came second, before what accept does in
    # every game: a newcomer heard of the games list before the game's end
    s, _ = session()
    said = s.handle_line("help accept")
    game_end = said.index("A play that ends the game can still")
    invitation = said.index("accept and a number accepts invitation")
    assert said[0] == "Accept the last play of the game." and game_end == 3 and invitation > game_end


def test_a_line_ending_as_a_sentence_is_the_command():
    # dictation writes "Rack." and "Row 8."; each was refused as no command
    s, _ = session()
    s.handle_line("")
    assert s.handle_line("Rack.") == s.handle_line("rack")
    assert s.handle_line("scores?") == s.handle_line("scores")
    assert s.handle_line("row 8.") == s.handle_line("row 8")
    assert s.handle_line("H8?") == ["H8, star."]
    assert s.handle_line("help play?") == s.handle_line("help play")
    before = snapshot(s)
    # a play's letters keep theirs: ? is a blank there (Bob's rack, seed 1, has none)
    assert joined(s.handle_line("play 8G FAT?")).startswith("You have no blank")
    assert snapshot(s) == before


def test_how_to_play_is_said_when_a_computer_opened_the_game():
    # seed 1: the club computer plays first (FAQIR); the board is no longer
    # empty, so a first-time player heard the rack and nothing of how to play
    s = Session(Options(players="Ann,computer:club", seed=1), lexicon=services.WordSet(["FAQIR", "AVIATOR"]))
    out = s.start()
    assert "Club computer plays first." in out
    hint = out.index("Type play, a word, its square and way,")  # no example square: FAQIR may cover it
    assert out[hint + 1] == "touching a tile; or type help." and out[hint + 2].startswith("Rack: ")
    after = s.handle_line("pass")  # the person has had a turn: not again
    assert "Type play, a word, its square and way," not in after and after[-1].startswith("Rack: ")


def test_the_set_up_takes_an_answer_said_whole():
    # "2 players" (the very words said back), "club level" and "house rules"
    # (the question's "Enter for house rules") were each refused
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]))
    s.start()
    assert s.handle_line("2 players")[0] == "2 players."
    s.handle_line("Ann")
    s.handle_line("computer")
    assert s.handle_line("club level")[0] == "Club computer joins the game."
    assert s.handle_line("house rules")[0] == "House rules (RNIB leaflet)."
    assert s.game is not None and s.game.names == ("Ann", "Club computer")
    s = Session(Options(seed=2), lexicon=services.WordSet(["QI"]))
    s.start()
    assert joined(s.handle_line("players")) == "'players' is not 2, 3 or 4; type how many are playing."
    assert s.handle_line("three people")[0] == "3 players."


def test_a_play_said_with_vertically_or_a_full_stop_is_read():
    # "'vertically' is not a direction" (it is one); "across." was not across
    s, _ = session(lexicon=AcceptAll())
    s.handle_line("")
    assert s.handle_line("check FAT vertically from H8")[0] == "FAT, H8 down, would score 12."
    assert s.handle_line("check FAT horizontally at H8")[0] == "FAT, H8 across, would score 12."
    assert s.handle_line("check FAT from H8 across.")[0] == "FAT, H8 across, would score 12."
    assert joined(s.handle_line("check FAT sideways from H8")) == "'sideways' is not a direction; type across or down."


def test_a_square_past_the_edge_typed_alone_is_said_off_the_board():
    # "H16" alone was "'H16' is not a command; type help for the list."
    s, _ = session()
    s.handle_line("")
    before = snapshot(s)
    for typed in ("H16", "Z9", "16H", "h0"):
        assert joined(s.handle_line(typed)) == (
            f"{typed.upper()} is off the board; columns run A to O and rows 1 to 15.")
    assert s.handle_line("o15") == ["O15, three bars."]
    assert snapshot(s) == before


def test_every_setting_that_set_lists_has_help():
    # set lists "confirm off.", "echo off.", "prompt full.", "think 3
    # seconds." and "verbosity normal."; help on each was "There is no help"
    s, _ = session()
    listed = [line.split()[0].rstrip(":.") for line in s.handle_line("set")[1:]]
    assert {"verbosity", "confirm", "echo", "prompt", "think"} <= set(listed)
    for name in listed:
        said = s.handle_line(f"help {name}")
        assert not said[0].startswith("There is no help"), (name, said)
        assert all(len(line) <= 40 for line in said)
    assert s.handle_line("help set echo") == s.handle_line("help echo")
    assert "help confirm, help echo, help prompt." in s.handle_line("help set more")
