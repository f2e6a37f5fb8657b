"""End to end: the game killed with SIGKILL at any moment never loses or corrupts a game.

``audio-scrabble --players Alice,Bob --seed N`` runs in a real terminal (a
pseudo-terminal from :mod:`pty`, so prompt_toolkit runs as it does for a
player). The test plays turns by typing (passes, exchanges and real plays
worked out from the rules core), and kills the process with SIGKILL at
random moments: right after a command is typed (while it is being
played and saved), a few milliseconds later, after its answer was
printed, and during start-up. Then it starts the game again and checks:

* the save (``SaveStore.resume_game``) holds exactly the position before
  the last action typed or the position after it, never anything else,
  and the position after it once its answer had been printed; no save is
  ever set aside as damaged;
* all 100 tiles are accounted for (bag, racks, board);
* the restarted console offers the game (or, started with ``--resume``
  as every other restart is, resumes it without asking), and its own
  answers (``scores``, ``bag``, ``rack``) are those of that position.

The test keeps its own copy of the game (the rules core, same seed, same
actions) to know both candidate positions; positions are compared by
``persistence.game_state_digest`` (board, racks in order, bag and its
generator, scores, turn).
"""

from __future__ import annotations

import os
import random
import re
import select
import shutil
import signal
import struct
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from audio_scrabble.core.board import Board, Square
from audio_scrabble.core.game import Game
from audio_scrabble.core.play import PlacedTile, Play
from audio_scrabble.core.rules import rules_named
from audio_scrabble.core.tiles import BLANK, TILE_COUNTS
from audio_scrabble.errors import ScrabbleError
from audio_scrabble.notation.plays import format_position, main_word_squares
from audio_scrabble.persistence import SaveStore, game_state_digest
from audio_scrabble.presentation import phrases

# pty, fcntl and termios exist on POSIX only: imported where the terminal is made, not here.
pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal (pty, fcntl and termios: POSIX only)")

NAMES = ("Alice", "Bob")
SEEDS = (3, 17, 29, 41, 58)
TIMEOUT = 15.0
#: what the game says of a save set aside as damaged or too new (the words since newcomer 5)
SET_ASIDE = ("save damaged", "saves damaged", "Neither save", "from a newer version")

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def _command() -> list[str]:
    exe = shutil.which("audio-scrabble")
    return [exe] if exe else [sys.executable, "-m", "audio_scrabble"]


# ====================================================================== the terminal
class Terminal:
    """The game in a pseudo-terminal of 120 x 50, read as plain lines."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        import fcntl
        import pty
        import termios

        pid, fd = pty.fork()
        if pid == 0:  # the child: becomes the game
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.raw = b""
        self.mark = 0  # where the answer to the last thing typed starts (in text())
        self.alive = True

    def _pump(self, timeout: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the game has ended and the terminal is closed
            data = b""
        if data:
            self.raw += data
        else:
            time.sleep(timeout)

    def text(self) -> str:
        return _ANSI.sub("", self.raw.decode("utf-8", errors="replace")).replace("\r", "")

    def lines_since_mark(self) -> list[str]:
        return [line.strip() for line in self.text()[self.mark :].split("\n")]

    def type(self, text: str) -> None:
        """Type a line (and Enter); what is printed after it is its answer."""
        self._pump(0)
        self.mark = len(self.text())
        os.write(self.fd, text.encode() + b"\r")

    def wait_for(self, pattern: str, timeout: float = TIMEOUT) -> re.Match[str]:
        """The first line printed since the last thing typed that matches ``pattern``."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            for line in self.lines_since_mark():
                m = regex.search(line)
                if m:
                    return m
            if time.monotonic() > end:
                raise AssertionError(f"{pattern!r} was not printed; the terminal shows:\n{self.text()[-3000:]}")
            self._pump(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash or a power cut would stop it: nothing runs after."""
        if not self.alive:
            return  # killed already; its terminal is closed (and its number may be reused)
        self._pump(0)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self.alive = False
        os.close(self.fd)


# ====================================================================== the test's own game
def _replayed(game: Game) -> Game:
    return Game.replay(game.config(), game.actions, game.rules)


def _single_tile_plays(game: Game) -> list[Play]:
    """Every one-tile play of a non-blank rack letter next to a board tile."""
    board = game.board
    letters = sorted({t for t in game.current_player.rack if t != BLANK})
    squares = sorted({
        nb
        for sq, _ in board.occupied()
        for nb in (Square(sq.row + dr, sq.col + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        if nb.on_board and not board[nb]
    }, key=lambda s: (s.row, s.col))
    plays = []
    for sq in squares:
        for letter in letters:
            play = Play.of([PlacedTile(sq, letter)])
            try:
                game.check_place(play)
            except ScrabbleError:
                continue
            plays.append(play)
    return plays


def typed_play(play: Play, board: Board) -> str:
    """The play as a player types it, board letters included: ``play 8H AT``."""
    start, direction, squares = main_word_squares(play, board)
    placed = {t.square: t.letter for t in play.tiles}
    word = "".join(placed.get(sq) or board[sq].upper() for sq in squares)
    return f"play {format_position(start, direction)} {word}"


@dataclass
class Action:
    """A command to type, what the game does for it, and the line that says it was done."""

    command: str
    do: Callable[[Game], object]
    said: str


def choose_action(game: Game, rng: random.Random) -> Action:
    """A pass, an exchange or a real play for the player to act, that does not end the game."""
    name = game.names[game.current]
    rack = list(game.current_player.rack)
    options: list[Action] = []
    if not list(game.board.occupied()):
        plain = [t for t in rack if t != BLANK]
        if len(plain) >= 2:
            play = Play.of([PlacedTile(Square(7, 7), plain[0]), PlacedTile(Square(7, 8), plain[1])])
            options += [Action(f"play 8H {plain[0]}{plain[1]}", lambda g, p=play: g.place(p), f"{name} played ")] * 2
    else:
        plays = _single_tile_plays(game)
        if plays:
            play = rng.choice(plays)
            options += [Action(typed_play(play, game.board), lambda g, p=play: g.place(p), f"{name} played ")] * 2
    swap = rng.sample(rack, rng.randint(1, 3))
    options.append(Action("exchange " + "".join(swap), lambda g, t=swap: g.exchange(t), f"{name} exchanged {len(swap)} tile"))
    options.append(Action("pass", lambda g: g.pass_turn(), f"{name} passed."))
    rng.shuffle(options)
    for action in options:
        trial = _replayed(game)
        try:
            action.do(trial)
        except ScrabbleError:
            continue
        if not trial.is_over:
            return action
    raise AssertionError("no action keeps the game going")


# ====================================================================== checks
@dataclass
class Tally:
    """What the kills found, for the summary line."""

    kills: int = 0
    before: int = 0
    after: int = 0
    no_save: int = 0
    during_save: int = 0
    modes: Counter[str] = field(default_factory=Counter)


def check_store(data: Path, candidates: list[Game | None], must_be_last: bool) -> Game | None:
    """The saved game, which must be one of ``candidates`` (None: no save yet), whole."""
    if data.exists():
        set_aside = [n for n in os.listdir(data) if ".damaged-" in n or ".newer-" in n]
        assert not set_aside, f"a save was damaged and set aside: {set_aside}"
    store = SaveStore(data)
    loaded = store.load()
    if loaded is None:
        assert None in candidates, "the save is gone"
        return None
    resumed = store.resume_game()
    assert resumed.notice is None, resumed.notice  # no save was ever set aside as damaged
    game = resumed.game
    digests = [game_state_digest(c) if c is not None else None for c in candidates]
    found = game_state_digest(game)
    assert found in digests, f"the saved game is neither before nor after the last action: {game.actions}"
    if must_be_last:
        assert found == digests[-1], "an action whose answer was printed is not in the save"
    counts = game.tile_accounting()
    assert sum(counts.values()) == 100
    assert counts == Counter(TILE_COUNTS)
    return candidates[digests.index(found)]


def check_console(t: Terminal, game: Game, at_once: bool = False) -> None:
    """After a restart: resume (at once when started with ``--resume``), and
    the console's own answers are this game's."""
    names = list(game.names)
    if at_once:
        t.wait_for(r"^Resumed\.")
        assert "Resume it?" not in t.text()
    else:
        t.wait_for(r"Resume it\? Type yes or no\.")
        t.type("yes")
        t.wait_for(r"^Resumed\.")
    assert not any(said in t.text() for said in SET_ASIDE), t.text()[-3000:]
    who = names[game.current]
    t.wait_for(re.escape(f"{who}, press Enter to hear your rack."))
    t.type("scores")
    said = t.wait_for(r"^Alice -?\d+, Bob -?\d+\.$").group(0)
    assert said == phrases.scores_lines(names, game.scores())[0]
    t.type("bag")
    said = t.wait_for(r"^(\d+ tiles? in the bag\.|The bag is empty\.)$").group(0)
    assert said == phrases.bag_phrase(len(game.bag))
    t.type("")
    t.wait_for(re.escape(f"{who}, your rack:"))
    t.type("rack")
    said = t.wait_for(r"^Rack: (.*)\.$").group(1)
    # the tiles of that position, in the order the player had arranged them
    # (a save keeps the arrangement, which may differ from the core's order)
    held = ["?" if x == "blank" else x for x in said.split()]
    assert Counter(held) == Counter(game.players[game.current].rack)


# ====================================================================== the test
@pytest.fixture
def game_env(tmp_path: Path):
    env = dict(os.environ)
    env.update(
        AUDIO_SCRABBLE_DATA_DIR=str(tmp_path / "data"),
        AUDIO_SCRABBLE_CACHE_DIR=str(tmp_path / "cache"),
        TERM="xterm-256color",
        NO_COLOR="1",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    started: list[Terminal] = []

    def start(seed: int, resume: bool = False) -> Terminal:
        extra = ["--resume"] if resume else []
        t = Terminal(_command() + ["--players", ",".join(NAMES), "--seed", str(seed), "--speech", "text"] + extra, env)
        started.append(t)
        return t

    yield start, tmp_path / "data"
    for t in started:
        t.kill()
    for t in started:
        assert "Traceback" not in t.text(), t.text()[-3000:]
        assert not any(said in t.text() for said in SET_ASIDE), t.text()[-3000:]  # no save was ever damaged


#: when each action's process is killed: right after the command is typed;
#: 0 to 150 ms later (an action takes some 30 to 500 ms here, its save
#: starting after 20 to 50 ms); the moment a save's temporary file appears
#: (the first or the second of the two a save writes); after its answer was
#: printed; or not at all
MODES = ("immediate", "delay", "saving", "saving", "answered", "none")


def temp_files(data: Path) -> set[str]:
    """The temporary files of saves being written (or left by a killed save)."""
    try:
        return {n for n in os.listdir(data) if n.endswith(".tmp")}
    except FileNotFoundError:
        return set()


def kill_while_saving(t: Terminal, data: Path, nth: int, stale: set[str], timeout: float = TIMEOUT) -> bool:
    """Kill the game as soon as the ``nth`` new temporary save file appears in ``data``.

    ``stale`` are the temporary files left by earlier kills. Returns
    whether it was killed during a save (a new temporary file was there);
    if the answer is printed first, it is killed then.
    """
    seen: set[str] = set()
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        temps = temp_files(data) - stale
        seen |= temps
        if temps and len(seen) >= nth:
            t.kill()
            return True
        if "press Enter to hear your rack." in t.text()[t.mark :]:
            break
        t._pump(0.0002)
    t.kill()
    return False


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_killed_at_random_moments_resumes_as_it_was(seed, game_env):
    start, data = game_env
    rng = random.Random(seed * 7919)
    tally = Tally()
    game = Game(list(NAMES), rules_named("house"), seed)

    t = start(seed)
    if rng.random() < 0.6:
        # killed during start-up: no save yet, or the new game's first save, whole
        time.sleep(rng.uniform(0.2, 1.2))
        t.kill()
        tally.kills += 1
        tally.modes["start-up"] += 1
        found = check_store(data, [None, game], must_be_last=False)
        tally.no_save += found is None
        t = start(seed, resume=True)
        if found is not None:
            check_console(t, game, at_once=True)
            ready = True
        else:
            t.wait_for(r"^No unfinished game to resume\.$")
            ready = False
    else:
        ready = False
    if not ready:
        t.mark = 0
        t.wait_for(re.escape(f"{game.names[game.current]}, press Enter to hear your rack."))

    modes = list(MODES)
    rng.shuffle(modes)
    for mode in modes:
        if not ready:
            t.type("")
            t.wait_for(re.escape(f"{game.names[game.current]}, your rack:"))
        action = choose_action(game, rng)
        after = _replayed(game)
        action.do(after)
        stale = temp_files(data)
        t.type(action.command)
        if mode in ("none", "answered"):
            t.wait_for(re.escape(action.said))
            t.wait_for(re.escape(f"{after.names[after.current]}, press Enter to hear your rack."))
        if mode == "none":
            game, ready = after, False
            continue
        if mode == "delay":
            time.sleep(rng.uniform(0.0, 0.15))
        if mode == "saving":
            tally.during_save += kill_while_saving(t, data, rng.choice((1, 2)), stale)
        t.kill()
        tally.kills += 1
        tally.modes[mode] += 1
        found = check_store(data, [game, after], must_be_last=(mode == "answered"))
        assert found is not None
        if found is after:
            tally.after += 1
        else:
            tally.before += 1
        game = found
        at_once = tally.kills % 2 == 0  # every other restart with --resume
        t = start(seed, resume=at_once)
        check_console(t, game, at_once)
        ready = True

    # the game goes on after all that: one more action, seen through
    if not ready:
        t.type("")
        t.wait_for(re.escape(f"{game.names[game.current]}, your rack:"))
    action = choose_action(game, rng)
    t.type(action.command)
    t.wait_for(re.escape(action.said))
    after = _replayed(game)
    action.do(after)
    t.kill()
    check_store(data, [after], must_be_last=True)
    assert "Traceback" not in t.text()
    print(
        f"seed {seed}: {tally.kills} kills ({dict(tally.modes)}); "
        f"{tally.during_save} during a save; "
        f"save held the state before {tally.before}, after {tally.after}, no save {tally.no_save}"
    )
