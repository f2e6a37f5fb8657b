"""End to end: ``audio-scrabble`` started in a real terminal (tmux), played to its end.

The test types as a player would (keys and lines through tmux) and reads
only the printed lines, as a screen reader or braille display would. The
game is seeded; the test asks the rules core which tiles the first player
holds, so that its first word is known, and writes a tiny word list that
holds it.

Set ``AUDIO_SCRABBLE_E2E_COMMAND`` to run another command line in place of
``audio-scrabble`` (for example ``python3 -m audio_scrabble``).
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from audio_scrabble.core.game import Game
from audio_scrabble.core.rules import rules_named
from tmux_terminal import TIMEOUT, _command, terminal_factory  # noqa: F401  (the fixture)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed, so the terminal cannot be driven")

SEED = 5


def seeded() -> Game:
    """Alice and Bob's game at SEED, as the program deals it."""
    return Game(["Alice", "Bob"], rules_named("house"), SEED)


def movers(game: Game) -> tuple[str, str]:
    """Who moves first and who second."""
    return game.names[game.current], game.names[1 - game.current]


def two_letter_words(game: Game, folder: Path) -> tuple[str, Path]:
    """A word of the first mover's first two tiles (no blank), and a word
    list (in ``folder``) of it, QI and ZA."""
    tiles = [t for t in game.current_player.rack if t != "?"]
    word = tiles[0] + tiles[1]
    words = folder / "words.txt"
    words.write_text(f"{word}\nQI\nZA\n")
    return word, words


def test_a_seeded_game_played_to_its_end(tmp_path, terminal_factory):
    game = seeded()
    first, second = movers(game)
    word, words = two_letter_words(game, tmp_path)

    t = terminal_factory(["--players", "Alice,Bob", "--seed", str(SEED), "--lexicon", str(words), "--speech", "text"])
    t.wait_for(f"{first} drew")
    t.wait_for(f"{first}, press Enter to hear your rack.")
    screen = t.screen()
    assert " ".join(game.current_player.rack) not in screen  # private until Enter

    t.type("")
    t.wait_for(f"{first}, your rack:")
    # the board cursor, by keys on an empty line, as in a real terminal
    t.key("Right")
    t.wait_for("I8.")
    t.key("Home")
    t.wait_for("A8, three bars.")
    t.key("Left")
    t.wait_for("Left edge: A8, three bars.")
    t.type("paly")
    t.wait_for("'paly' is not a command;\ndid you mean play?\nType help for the list.")
    t.type(f"check 8H {word}")
    t.wait_for(f"{word}, H8 across, would score")
    t.type(f"play 8H {word}")
    t.wait_for(f"{first} played {word}, H8 across, ")  # issue 23: the score ends the line
    t.wait_for(f"{second}, press Enter to hear your rack.")

    t.type("")
    t.wait_for(f"{second}, your rack:")
    t.type("challenge")
    t.wait_for(f"{word} is acceptable.")
    t.type("exchange all")
    t.wait_for(f"{second} exchanged 7 tiles.")
    for n, who in enumerate([first, second, first, second], start=1):
        t.type("")
        screen = t.wait_for_hand_over(f"{who}, your rack:")
        # the other player's rack is not readable any more (issue 11, finding 2)
        other = second if who == first else first
        assert f"{other}, your rack:" not in screen and screen.count("your rack:") == 1, screen
        t.type("pass")
        t.wait_for(f"{who} passed.")
    screen = t.wait_for("Game over.")
    assert "Every player passed twice in a row." in screen
    t.wait_for("Final scores:")
    screen = t.wait_for("Type new for another game, or quit.")
    assert " wins with " in screen or "A tie:" in screen

    t.type("summary")
    t.wait_for("The game is over.")
    t.type("show")
    screen = t.wait_for("Large-print board shown on screen.")
    assert "  A    B    C    D" in screen and "To play:" not in screen  # the game is over
    t.type("quit")
    t.wait_for("Goodbye.")
    t.wait_for("[exit status 0]")
    assert "Traceback" not in t.screen()


def test_help_lists_the_options():
    out = subprocess.run(_command() + ["--help"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    for option in ("--players", "--rules", "--seed", "--speech", "--verbosity", "--lexicon"):
        assert option in out.stdout


def test_a_game_left_is_offered_again_and_resumed(tmp_path, terminal_factory):
    args = ["--players", "Alice,Bob", "--seed", str(SEED), "--speech", "text"]
    first, second = movers(seeded())
    t = terminal_factory(args)
    t.wait_for(f"{first}, press Enter to hear your rack.")
    t.type("")
    t.wait_for(f"{first}, your rack:")
    t.type("pass")
    t.wait_for(f"{second}, press Enter to hear your rack.")
    t.key("C-d")
    t.wait_for("Leave the game? Type yes or no.")
    t.type("yes")
    t.wait_for("Goodbye. The game is saved;")
    t.close()

    t = terminal_factory(args)
    t.wait_for("An unfinished game of Alice and Bob:")
    t.wait_for("Resume it? Type yes or no.")
    t.type("yes")
    t.wait_for("Resumed. House rules (RNIB leaflet).")
    t.wait_for(f"{second}, press Enter to hear your rack.")
    t.type("history")
    t.wait_for(f"1. {first} passed.")
    assert "Traceback" not in t.screen()


def test_a_whole_game_against_the_expert_computer_chosen_in_the_questions(terminal_factory):
    """The set-up questions seat an expert computer (its level asked, as a
    first-time player would meet it); the person tries hint (off, then on),
    passes to the end, and hears the review."""
    engine = pytest.importorskip("audio_scrabble.engine", reason="the move engine is not installed")
    if not hasattr(engine, "ComputerPlayer"):
        pytest.skip("the engine has no computer players yet")
    t = terminal_factory(["--seed", "3", "--speech", "text"])
    t.wait_for("Press Enter for 2.")
    t.type("")
    t.wait_for("Player 1, your name?")
    t.type("Alice")
    t.wait_for("Type computer for a computer opponent.")
    t.type("computer")
    t.wait_for("expert or champion?")
    t.type("help")
    t.wait_for("help level: what each is like.")
    t.type("expert")
    t.wait_for("Expert computer joins the game.")
    t.wait_for("Which rules? Enter for house rules.")
    t.type("")
    t.wait_for("Alice>")
    t.type("hint")
    t.wait_for("Hints are off; a real game forbids them.")
    t.type("set hints on")
    t.wait_for("Hints on: type hint on your turn.")
    t.type("hint")
    t.wait_for("1. ")
    t.type("review")
    t.wait_for("type review when the game is over.")
    passes = 0
    end = time.monotonic() + 120
    while time.monotonic() < end:
        screen = t.screen()
        if "Type new for another game, or quit." in screen:
            break
        if screen.rstrip().endswith("challenge or accept>"):
            t.type("accept")
            t.wait_for("Game over.")
            continue
        t.type("pass")
        passes += 1
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            screen = t.screen()
            if (screen.count("You passed.") >= passes and screen.rstrip().endswith(("Alice>", "accept>"))) \
                    or "Type new for another game, or quit." in screen:
                break
            time.sleep(0.05)
    screen = t.wait_for("Type new for another game, or quit.")
    assert "Expert computer played " in screen or "Expert computer: " in screen
    assert "Expert computer's turn." not in screen  # it moves at once: the round is said compactly (issue 11)
    assert "Final scores:" in screen
    assert " wins with " in screen or "You win with " in screen or "A tie:" in screen
    assert "Type review to hear what you missed." in screen
    t.type("review")
    t.wait_for("Turn 1, ")
    t.wait_for("review>")
    t.type("")
    t.wait_for("Turn 2, ")
    for _ in range(80):  # Enter through every turn to the summary
        if "End of the review." in t.screen():
            break
        t.type("")
        time.sleep(0.05)
    screen = t.wait_for("End of the review.")
    assert "You missed " in screen and "Expert computer missed " in screen  # Alice, alone with a computer
    t.type("quit")
    t.wait_for("Goodbye.")
    assert "Traceback" not in t.screen()


def test_a_hand_over_past_a_computer_leaves_the_pass_and_its_move_on_screen(terminal_factory):
    """Tester's finding: two people and the club computer, 20 cells. When a
    person passed and the computer moved next, the screen was cleared
    after its move, wiping the pass before the next person could read it.
    Now it is cleared when the turn leaves the person (their rack goes),
    and the pass and the computer's move stay for the next person."""
    game = Game(["Ann", "Bob", "Club computer"], rules_named("house"), SEED)
    order = [game.names[(game.current + k) % 3] for k in range(3)]
    assert order == ["Ann", "Bob", "Club computer"]  # seed 5: Ann plays first, the computer after Bob
    t = terminal_factory(["--players", "Ann,Bob,computer:club", "--seed", str(SEED), "--speech", "text",
                          "--braille-cells", "20"])
    t.wait_for("Ann, press Enter")
    t.type("")
    t.wait_for("your rack:")
    t.type("pass")
    t.wait_for("Bob, press Enter")
    t.type("")
    t.wait_for_hand_over("Bob, your")
    t.type("pass")
    screen = t.wait_until(lambda sc: "Ann, press Enter" in sc and sc.rstrip().endswith("Ann>"),
                          "Ann's hand-over after the computer's move")
    lines = [line for line in screen.splitlines() if line.strip()]
    # the clear came first, then Bob's pass, then the computer's move, in that order
    assert lines[:2] == ["Screen cleared", "for privacy."], lines  # the clear-screen escape takes no cell
    assert "Bob passed." in lines and "your rack:" not in screen and "Bob, your" not in screen, lines
    passed = lines.index("Bob passed.")
    moved = next(i for i, line in enumerate(lines) if line.startswith("Club computer "))
    assert passed < moved < lines.index("Ann, press Enter"), lines
    assert "Traceback" not in screen


def test_braille_mode_keeps_every_printed_line_within_20_cells(tmp_path, terminal_factory):
    """``--braille-cells 20`` in a real terminal: the whole pane, prompts and
    typed lines included, never holds a line longer than 20 characters."""
    from audio_scrabble.presentation.braille import BrailleTables

    game = seeded()
    first, second = movers(game)
    word, words = two_letter_words(game, tmp_path)
    t = terminal_factory(["--players", "Alice,Bob", "--seed", str(SEED), "--lexicon", str(words),
                          "--speech", "text", "--braille-cells", "20"])
    t.wait_for("press Enter")
    t.type("")
    t.wait_for(f"{first}, your rack:")
    t.type("sh", enter=False)
    t.key("Tab")
    t.wait_for("shuffle, show.")
    t.key("C-c")
    t.wait_for("Line cleared.")
    t.type("row 8")
    t.wait_for("O8, three bars.")
    empty_row_15 = BrailleTables.load().row_line(15, ["three bars", None, None, "two dots", None, None, None,
                                                       "three bars", None, None, None, "two dots", None, None,
                                                       "three bars"])
    t.type("board")
    t.wait_for(empty_row_15)
    t.type("legend")
    t.wait_for("worth 0.")
    t.type("help")
    t.wait_for("on one.")
    t.type(f"play 8H {word}")
    t.wait_for(f"{first} played {word},")
    t.wait_for("press Enter")
    t.type("")
    t.wait_for_hand_over(f"{second}, your rack:")
    t.type("set braille 9")  # refused: Bob> set braille 9 fits 20 cells
    t.wait_for("braille off.")
    t.type("exchange all")
    t.wait_for("7 tiles.")  # "Bob exchanged" / "7 tiles.": no word left alone
    for n in range(4):
        t.wait_for("press Enter")
        t.type("")
        t.wait_for_hand_over("your rack:")
        t.type("pass")
    t.wait_for("Game over.")
    t.wait_for("or quit.")
    t.type("history")
    t.wait_until(lambda sc: sum(1 for x in sc.splitlines() if x.endswith(f"{second} passed.") and x[:1].isdigit()) == 2,
                 "two passes in the history")
    t.type("emboss")
    t.wait_for("Braille file saved,")
    t.type("show")
    t.wait_for("type show large.")  # helper2: show large gives large print in braille mode
    t.type("quit")
    t.wait_for("Goodbye.")
    screen = t.wait_for("[exit status 0]")
    assert list((tmp_path / "data" / "games").glob("*.brf"))
    lines = [x for x in screen.splitlines() if not x.startswith("Pane is dead")]  # tmux's own line
    assert sum(1 for x in lines if x.strip()) > 40  # the screen is cleared at each hand-over
    long = [x for x in lines if len(x.rstrip()) > 20]
    assert not long, long
    assert "Traceback" not in screen


def test_resume_and_new_options_export_and_games_in_a_real_terminal(tmp_path, terminal_factory):
    first, second = movers(seeded())
    args = ["--players", "Alice,Bob", "--seed", str(SEED), "--speech", "text"]
    t = terminal_factory(args + ["--verbosity", "full"])
    t.wait_for(f"{first}, press Enter to hear your rack.")
    t.type("")
    t.wait_for(f"{first}, your rack, 7 tiles")
    t.type("pass")
    t.wait_for(f"{second}, press Enter to hear your rack.")
    t.type("quit")
    t.wait_for("Leave the game? Type yes or no.")
    t.type("yes")
    t.wait_for("[exit status 0]")
    t.close()

    t = terminal_factory(["--resume", "--speech", "text"])
    t.wait_for("Resumed. House rules (RNIB leaflet).")
    assert "Resume it?" not in t.screen()
    t.wait_for(f"{second}, press Enter to hear your rack.")
    t.type("set")
    t.wait_for("verbosity full.")  # the game's own setting came back with it
    t.type("games")
    t.wait_for("Games folder:")
    t.type("export")
    # the head and the path after it (the path may come on a line of its own, drawn a moment later)
    screen = t.wait_until(lambda sc: "Record saved:" in sc and ".gcg" in sc.split("Record saved:")[-1],
                          "the record saved and its path")
    records = list((tmp_path / "data" / "games").glob("*.gcg"))
    assert records
    # the path whole, to be copied: on the head's line if it fits the terminal, else on its own
    assert f"Record saved: {records[0]}" in screen or f"Record saved:\n{records[0]}" in screen
    t.type(f"export {tmp_path}/no/such/folder/x.gcg")
    screen = t.wait_for("for your games folder.")  # one sentence, in lines of at most 40 characters
    refusal = screen[screen.index("Cannot write"):].split("for your games folder.")[0].splitlines()
    assert " ".join(x.strip() for x in refusal).strip() == "Cannot write there (no such file or directory); type export alone"
    assert all(len(x) <= 40 for x in refusal)
    t.type("quit")
    t.wait_for("Leave the game? Type yes or no.")
    t.type("yes")
    t.wait_for("[exit status 0]")
    t.close()

    t = terminal_factory(args + ["--new"])
    t.wait_for("Game put away: Alice and Bob.")
    t.wait_for(f"{first}, press Enter to hear your rack.")
    assert list((tmp_path / "data" / "games").glob("*.unfinished.json"))
    t.type("quit")
    t.type("yes")
    screen = t.wait_for("[exit status 0]")
    assert "Traceback" not in screen


def test_ctrl_c_and_ctrl_d_never_paint_a_line_of_blanks_in_braille_mode(tmp_path, terminal_factory):
    """Issue 11, finding 14: in braille mode, Ctrl-C and Ctrl-D repainted the
    prompt greyed and padded with blanks to the terminal's width (159 cells
    of nothing on a display). The bytes the terminal receives are read."""
    raw = tmp_path / "raw.log"
    t = terminal_factory(["--players", "Ann,Bob", "--rules", "house", "--seed", "3", "--braille-cells", "20"])
    subprocess.run([*t.base, "pipe-pane", "-t", "game", "-o", f"cat >> {shlex.quote(str(raw))}"], check=True)
    t.wait_for("press Enter")
    t.type("")
    t.wait_for("your rack:")
    t.key("C-c")
    t.wait_for("Line cleared.")
    t.key("C-d")
    t.wait_for("yes or no>")
    t.type("no")
    t.wait_for("Staying in the game.")
    data = raw.read_bytes()
    assert b"Line cleared." in data
    assert b" " * 21 not in data  # no run of blanks wider than the display
    assert b"\x1b[159C" not in data


def test_a_narrow_terminal_never_breaks_a_word(tmp_path, terminal_factory):
    """A line wider than the terminal is broken between words by the game,
    not mid-word by the terminal: read without -J, each screen row is what
    a screen reader reads as a line."""
    t = terminal_factory(["--players", "Me,computer:club", "--seed", str(SEED), "--speech", "text"], width=40)
    t.wait_for("Rack:")
    t.wait_for_prompt()
    t.type("plya")  # "'plya' is not a command; did you mean play?": 43 characters
    t.wait_for("Type help for the list.")
    rows = subprocess.run([*t.base, "capture-pane", "-p", "-t", "game"],
                          check=True, capture_output=True, text=True).stdout.splitlines()
    start = next(i for i, row in enumerate(rows) if row.startswith("Me> plya"))
    answer = [row.rstrip() for row in rows[start + 1:start + 4]]
    assert answer == ["'plya' is not a command;", "did you mean play?", "Type help for the list."]
    assert all(len(row.rstrip()) <= 40 for row in rows)


def _a_finished_game(folder: Path, players: str) -> Path:
    """A game of ``players`` passed to its end, kept in ``folder``'s games folder."""
    from audio_scrabble.console.session import Options, Session
    from audio_scrabble.persistence import SaveStore

    class AcceptAll:
        def __contains__(self, word: object) -> bool:
            return True

    s = Session(Options(players=players, seed=SEED), lexicon=AcceptAll(), store=SaveStore(folder))
    s.start()
    while not s.game.is_over:
        s.handle_line("")  # the hand-over: two people at one computer
        s.handle_line("pass")
    s.store.release()
    return next((folder / "games").glob("*.gcg"))


def test_a_narrow_terminal_keeps_a_path_whole_on_its_own_row(tmp_path, terminal_factory):
    """A line holding a word wider than the terminal (a file's name, a
    folder's path): the words before and after it are broken between words
    by the game, and only that word is left whole on rows of its own, folded
    by the terminal (nothing else can be done); the review command that open
    gives for a finished game stays one piece to copy."""
    kept = _a_finished_game(tmp_path / "data", "Alexandra,Bartholomew")
    assert len(kept.name) > 40
    t = terminal_factory(["--players", "Me,computer:club", "--seed", str(SEED), "--speech", "text"], width=40)
    t.wait_for("Rack:")
    t.wait_for_prompt()
    t.type("games")
    t.wait_for("Finished: ")
    t.wait_for_prompt()
    t.type("open 2")
    t.wait_for("audio-scrabble review")
    t.wait_for_prompt()
    rows = [row.rstrip() for row in subprocess.run([*t.base, "capture-pane", "-p", "-t", "game", "-S", "-200"],
                                                   check=True, capture_output=True, text=True).stdout.splitlines()]
    # games: the head, then the folder's path alone (wider than 40 here: folded by the terminal)
    folder = str(tmp_path / "data" / "games")
    at = rows.index("Games folder:")
    span = -(-len(folder) // 40)
    assert "".join(rows[at + 1:at + 1 + span]) == folder
    # open 2: the sentence, the command on a row of its own, then the name alone
    at = next(i for i, row in enumerate(rows) if row.endswith("> open 2"))
    assert rows[at + 1:at + 3] == ["That game is over; review it with:", "audio-scrabble review"]
    assert rows[at + 3] + rows[at + 4] == kept.name and len(rows[at + 3]) == 40
    assert all(len(row) <= 40 for row in rows)
    t.type("quit")
    t.wait_for("Leave the game? Type yes or no.")
    t.type("yes")
    t.wait_for("[exit status 0]")
