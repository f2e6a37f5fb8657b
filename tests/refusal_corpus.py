"""Bad and illegal commands driven through the console's front, for the
"say less, say it first" tests (issue 11): each answer is a refusal.

:func:`refusals` plays a few seeded games at a verbosity and returns
{the line typed (and where): the lines said}, for every refusal met:
the core's IllegalPlay reasons, notation errors, console refusals.
"""

from __future__ import annotations

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

#: refused whenever a game is in play (a person's turn, rack heard)
IN_PLAY = [
    # not commands
    "xyzzy", "plya H8 QI", "helo", "yes", "no", "ok", "8H QI now", "QQQ", "z", "zz top",
    # squares, rows, columns
    "square Z9", "square 99", "square xx", "square H16", "square P1", "8Z",
    "row 0", "row 16", "row H", "row x", "column 3", "column Z", "column xx", "goto", "goto Z1", "goto 8",
    # plays as typed
    "play", "play 8", "play H8", "play QI", "play Z9 QI", "play H99 QI", "play H8 Q1", "play H8 Q-I",
    "check", "check H8", "check Z1 QI", "play H8 across down QI", "play from Z1 QI", "play H8 (Q)I",
    # the rack
    "arrange", "arrange ZZZZZ", "arrange 123", "exchange", "exchange 12", "exchange ZZZZZZZ",
    "exchange AAAAAAAA", "arrange ????????",
    # challenge and accept
    "challenge", "challenge Nobody", "accept",
    # asking again
    "history 0", "history x", "history -3", "tutorial 99", "tutorial x", "help nothing", "help xyzzy",
    # settings
    "set x", "set x y", "set verbosity loud", "set marks x", "set braille 3", "set braille x", "set speech x",
    "set hints maybe", "set sounds loud",
    # teaching and files
    "review", "review 3", "next", "back", "open", "open 99", "open x", "hint",
    # issue 23: a direction not understood, and refusals that say the fix
    "play QI from H8 acros", "play QI from H8 sideways", "undo", "spots middle", "column P",
    "fit ????????????????",
]
#: refused after the game is over
AT_OVER = ["play H8 QI", "pass", "exchange A", "challenge", "accept", "rack", "hint", "review 999", "review x",
           "check H8 QI", "shuffle", "arrange A"]


def _rack_word(seed: int) -> tuple[str, list[str]]:
    """The first player's rack in a seeded game of Alice and Bob, and a
    two-letter word made of its first two tiles (no blank)."""
    s = Session(Options(players="Alice,Bob", seed=seed), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    rack = [t for t in s.playing().rack_of(s.game.current) if t != "?"]
    return rack[0] + rack[1], s.playing().rack_of(s.game.current)


def refusals(verbosity: str, seeds=(1, 2, 3)) -> list[tuple[str, list[str]]]:
    said = _Said()
    for seed in seeds:
        word, rack = _rack_word(seed)
        missing = next(c for c in "ZQXJKVWYFBHMPCGDULNTSROIAE" if c not in rack)
        s = Session(Options(players="Alice,Bob", seed=seed, verbosity=verbosity),
                    lexicon=services.WordSet(["QI", word]))
        s.start()
        said["rack before Enter"] = s.handle_line("rack")
        said["play before Enter"] = s.handle_line(f"play H8 {word}")
        s.handle_line("")
        for line in IN_PLAY:
            said[line] = s.handle_line(line)
            s.question = None
        # the core's reasons
        for line in (f"check A1 {word}", f"check H8 {word[0]}", f"check H8 {missing}{missing}", "check H8 ??",
                     f"check H8 {word}{word}{word}{word}", f"check O1 {word}", f"check H8 {missing}",
                     f"exchange {missing}", f"arrange {missing}", "challenge Alice"):
            said[line] = s.handle_line(line)
            s.question = None
        mover = s.names[s.game.current]
        s.handle_line(f"play H8 {word}")  # a good first play: H8 down
        said["challenge own"] = s.handle_line(f"challenge {mover}")  # Bob is not ready yet: the core's other refusals
        said["rack of the next before Enter"] = s.handle_line("rack")
        s.handle_line("")
        for line in (f"check A1 {word}", "check A1 QI", "check O15 QI", f"challenge {mover}", "challenge Nobody",
                     "accept", f"check H8 {missing}{missing}", "play H8 (Q)I", "check H8 ZZ"):
            said[line + " (second turn)"] = s.handle_line(line)
            s.question = None
        s.handle_line("challenge")  # a good word: it stands
        said["challenge twice"] = s.handle_line("challenge")
        for _ in range(8):
            if s.game.is_over:
                break
            s.handle_line("")
            s.handle_line("pass")
        for line in AT_OVER:
            said[line + " (over)"] = s.handle_line(line)
            s.question = None
    s = Session(Options(players="Alice,computer:beginner", seed=1, verbosity=verbosity),
                lexicon=services.WordSet(["QI"]),
                computer_factory=lambda level, lexicon, seed: (lambda game, i: services.ComputerMove("pass")))
    s.start()
    for line in ("challenge Computer", "challenge", "play H8 ZZ"):
        said[line + " (computer)"] = s.handle_line(line)
    s = Session(Options(verbosity=verbosity), lexicon=services.WordSet(["QI"]))
    s.start()
    for line in ("rack", "play H8 QI", "scores", "words", "show", "new", "yes"):
        said[line + " (set-up)"] = s.handle_line(line)
    return said


class _Said(list):
    """(line typed, lines said) pairs; ``said[line] = lines`` adds one."""

    def __setitem__(self, key, value):
        self.append((key, list(value)))


def long_refusals(said, width: int = 40) -> list[tuple[str, list[str]]]:
    """The answers of more than one line, or a line longer than ``width``."""
    return [(k, v) for k, v in said if len(v) != 1 or len(v[0]) > width]


def joined(lines) -> str:
    """A refusal's lines joined into the sentence they break, once each line
    is checked to fit a 40-cell braille line (a word longer than a line,
    a file's path, alone on its own)."""
    lines = list(lines)
    assert [x for x in lines if len(x) > 40 and len(x.split()) > 1] == [], lines
    return " ".join(lines)
