"""Every line the game says at the default settings (braille mode off,
normal verbosity) is at most 40 characters, a braille display's line,
but for a line that carries a file's path on purpose (copied whole).

A scripted evening through the session's front, as a player's lines
reach it: the set-up questions (with help, back and Ctrl-C), settings,
the rules, a computer that cannot move, start anew, the end of a game and
Enter after it, leaving, and resuming with Ctrl-C at the resume offer.
Before, these lines ran past 40: "Start a new game? This one ends
unscored." (41), "The game is over. Type new for another game, or quit."
(53), "North American tournament rules, double challenge." (51),
"Premiums named as double letter score, light blue." (50), "... could
not make its move, so it passes.", and Ctrl-C's resume reminder (50)."""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore


#: every two letters make a word here: any first play stands
TWO_LETTERS = [a + b for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]


def _broken_computer(level, lexicon, seed):
    def choose(game, i):
        raise RuntimeError("no move")  # the computer's mistake: it passes

    return choose


class Evening:
    """A session, and every line it said."""

    def __init__(self, store, **opts):
        self.s = Session(Options(**opts), lexicon=services.WordSet(TWO_LETTERS), store=store,
                         computer_factory=_broken_computer)
        self.said = list(self.s.start())

    def type(self, *lines: str) -> list[str]:
        out: list[str] = []
        for line in lines:
            out += self.s.handle_line(line)
        self.said += out
        return out

    def ctrl_c(self) -> list[str]:
        out = self.s.interrupt()
        self.said += out
        return out

    def too_long(self) -> list[str]:
        """Lines over 40, but for a path (one word longer than a line) or a
        line that names the data folder or a saved file on purpose."""
        return [x for x in self.said if len(x) > 40 and not any(len(w) > 40 or "/" in w for w in x.split())]


def _until_over(ev: Evening, limit: int = 40) -> None:
    """A first play (so that six scoreless turns end the game), then passes."""
    ev.type("")
    rack = [t for t in ev.s.playing().rack_of(ev.s.game.current) if t != "?"]
    ev.type(f"play 8H {rack[0]}{rack[1]}")
    for _ in range(limit):
        if ev.s.game.is_over:
            return
        ev.type("", "pass")


def test_a_scripted_evening_at_the_default_settings_says_no_line_over_40(tmp_path):
    store = SaveStore(tmp_path / "saves")
    ev = Evening(store, seed=4)
    ev.ctrl_c()
    ev.type("help", "2", "help", "back", "2", "Ann", "help", "computer", "help", "club")
    ev.ctrl_c()
    ev.type("help", "back", "back", "Ann", "computer", "club", "help")
    assert ev.type("naspa")[:2] == ["North American tournament rules,", "double challenge."]
    assert ev.s.game is not None and ev.s.game.names == ("Ann", "Club computer")
    ev.type("rules", "set", "set marks colours", "set marks names", "set marks marks", "set verbosity full",
            "set verbosity normal", "set hints on", "set hints off", "set braille 40", "set braille off",
            "set sounds off", "help set", "scores", "bag", "summary", "games")
    ev.type("", "pass")  # the computer's choice fails: it passes, said in lines of 40
    assert any("could not make its move" in x for x in ev.said)
    assert ev.type("new")[:3] == ["Start a new game?", "This one ends unscored.", "Type yes or no."]
    ev.ctrl_c()
    ev.type("new", "no", "quit", "no")
    _until_over(ev)
    assert ev.s.game.is_over
    ev.type("scores", "last", "history")
    assert ev.type("") == ["The game is over.", "Type new for another game, or quit."]
    ev.type("new")  # another game, same players and rules
    ev.type("", "pass", "quit", "yes")  # left unfinished: saved
    assert ev.s.finished
    # resuming it, with Ctrl-C at the offer
    again = Evening(store)
    assert again.said[-1] == "Resume it? Type yes or no."
    assert again.ctrl_c() == ["Type yes to resume that game,", "or no for a new one."]
    again.type("help", "back", "maybe")
    out = again.type("yes")
    assert out[:2] == ["Resumed. North American tournament", "rules, double challenge."] or \
        all(len(x) <= 40 for x in out), out
    again.type("rules", "quit", "yes")
    assert ev.too_long() == [] and again.too_long() == []


def test_a_word_list_found_at_its_new_place_is_said_in_lines_of_40(tmp_path):
    """"The word list words.txt was found at its new place." was one line of 51."""
    store = SaveStore(tmp_path / "saves")
    words = tmp_path / "words.txt"
    words.write_text("\n".join(TWO_LETTERS) + "\n", encoding="utf-8")
    s = Session(Options(players="Ann,Bob", seed=3, lexicon=str(words)), lexicon=services.load_lexicon(str(words)),
                store=store)
    s.start()
    s.handle_line("")
    s.handle_line("pass")
    s.handle_line("quit")
    s.handle_line("yes")
    moved = tmp_path / "moved"
    moved.mkdir()
    words.rename(moved / "words.txt")
    again = Session(Options(lexicon=str(moved / "words.txt")), lexicon=services.load_lexicon(str(moved / "words.txt")),
                    store=store)
    again.start()
    out = again.handle_line("yes")
    assert again.game is not None
    assert "The word list words.txt was found at its new place." in " ".join(out), out
    assert [x for x in out if len(x) > 40] == [], out
