"""Real game processes between homes, each in its own tmux terminal with
its own data folder, over the ``synapse`` fixture (the end-to-end tests of
issue 21 in tests/e2e/test_e2e_online_*.py).

The test plays as the players would, reading each player's own pane only:
its rack (``rack``) and whose turn it is ("Your turn."); the board is the
test's own, made from the moves it typed and saw stand, and each move is
chosen on it with the engine's move generator. No pane's rack is ever
used for another player's move.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Sequence

import pytest

pytest.importorskip("nio")  # the programs' homes: importing this kit skips the test module without it

from audio_scrabble.core.board import Board  # noqa: E402
from audio_scrabble.lexicon import Lexicon  # noqa: E402
from audio_scrabble.engine.movegen import generator_for  # noqa: E402
from audio_scrabble.notation.plays import format_play  # noqa: E402
from tmux_terminal import Terminal  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
#: the homeserver and the deal take longer than a local turn
WAIT = 60.0
RACK = re.compile(r"^Rack: (.*)\.$", re.M)
#: the tests' mark (pytestmark): they skip, saying why, without tmux
NEEDS_TMUX = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed, so the terminal cannot be driven")


@pytest.fixture(scope="module")
def lexicon() -> Any:
    return Lexicon.default()


def online_terminal(folder: Path, data: Path) -> Terminal:
    """A terminal (its files in ``folder``) running ``audio_scrabble online``
    with printed words (``--speech text``), its data in ``data``."""
    env = {
        "AUDIO_SCRABBLE_DATA_DIR": str(data),
        "NO_COLOR": "1",
        "TERM": "xterm-256color",
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
    }
    return Terminal(folder, [sys.executable, "-m", "audio_scrabble", "online", "--speech", "text"], env)


@contextmanager
def screens_shown(players: Sequence["Player"], synapse: Any = None) -> Iterator[None]:
    """Around a test's game: every pane printed when an assertion fails;
    at the end the homeserver started again (given ``synapse``: a test may
    have stopped it) and each program closed."""
    try:
        yield
    except AssertionError:
        print(screens(players))
        raise
    finally:
        if synapse is not None:
            synapse.start()
        for p in players:
            p.close()


class Player:
    """One player's program in its own terminal and data folder."""

    def __init__(self, tmp: Path, name: str, user: str, password: str) -> None:
        self.tmp = tmp
        self.name = name
        self.user = user
        self.password = password
        #: as the others hear the name: ``@bob12ab:localhost`` -> ``Bob12ab``
        self.label = user.lstrip("@").split(":")[0].capitalize()
        self.home = tmp / name
        self.home.mkdir(exist_ok=True)
        self.term: Terminal | None = None
        self.turns = 0  # "Your turn." lines seen so far on this pane
        self.arrived: dict[str, int] = {}  # each other player's moves heard so far
        self.outs = 0  # "went out" lines seen so far
        self.start()

    @property
    def t(self) -> Terminal:
        assert self.term is not None
        return self.term

    def start(self) -> None:
        run = self.home / f"run{int(time.monotonic() * 1000)}"
        run.mkdir()
        self.term = online_terminal(run, self.home / "data")
        self.turns = self.outs = 0
        self.arrived = {}

    def pid(self) -> int:
        """The game's own process (the shell's child in the pane)."""
        shell = subprocess.run([*self.t.base, "display-message", "-p", "-t", "game", "#{pane_pid}"],
                               capture_output=True, text=True, check=True).stdout.strip()
        kids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[1] == shell:  # the parent's id (after the state)
                kids.append(int(stat.parent.name))
        assert kids, "the game's process is not running"
        return min(kids)

    def kill(self) -> None:
        """SIGKILL the game's process (nothing saved, no goodbye)."""
        os.kill(self.pid(), signal.SIGKILL)
        self.t.wait_for("[exit status 137]", timeout=WAIT)
        self.close()

    def close(self) -> None:
        if self.term is not None:
            self.term.close()
            self.term = None

    def screen(self) -> str:
        return self.t.screen()

    def type(self, text: str, enter: bool = True) -> None:
        self.t.type(text, enter)

    def wait_for(self, text: str, count: int = 1, timeout: float = WAIT) -> str:
        return self.t.wait_for(text, count, timeout=timeout)

    def wait_said(self, sentence: str, timeout: float = WAIT) -> str:
        """Wait for a sentence the game may break over lines of 40."""
        return said_on(self.t, sentence, timeout)

    def sign_in(self, url: str) -> None:
        t = self.t
        t.wait_for("homeserver>", timeout=WAIT)
        t.type(url)
        t.wait_for("user>", timeout=WAIT)
        t.type(self.user)
        t.wait_for("password>", timeout=WAIT)
        t.type(self.password)
        said_on(t, f"Signed in as {self.user}.")

    def rack(self) -> list[str]:
        """The rack as this pane says it (``rack`` typed): ``?`` for a blank."""
        before = len(RACK.findall(self.screen()))
        self.type("rack")
        screen = self.t.wait_until(lambda sc: len(RACK.findall(sc)) > before, "the rack", timeout=WAIT)
        said = RACK.findall(screen)[-1]
        return ["?" if w == "blank" else w for w in said.replace(",", " ").split()]

    def count(self, text: str) -> int:
        return self.screen().count(text)

    def gcg(self) -> tuple[Path, str]:
        """The record kept at the end: its path and text."""
        found = re.findall(r"Its record is kept in games: (\S*\.gcg)\.", flat(self.screen()))  # maybe 2 lines
        assert found, self.screen()[-2000:]
        path = self.home / "data" / "games" / found[-1]
        return path, path.read_text(encoding="utf-8")


def new_players(synapse: Any, tmp: Path, names: Sequence[str]) -> list[Player]:
    out = []
    for name in names:
        user, password = synapse.new_user(name)
        out.append(Player(tmp, name, user, password))
    return out


def start_game(synapse: Any, players: Sequence[Player]) -> list[Player]:
    """Sign every player in; the first invites the others, who accept;
    the players in the order they play (the first player first)."""
    for p in players:
        p.sign_in(synapse.url)
    host, guests = players[0], players[1:]
    host.type("invite " + " ".join(g.user for g in guests))
    host.wait_said("the game starts when they accept")
    for g in guests:
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            before = g.count("Games folder:")
            g.type("games")
            screen = g.t.wait_until(lambda sc: sc.count("Games folder:") > before, "games listed", timeout=WAIT)
            if "invites you to a game." in screen.split("Games folder:")[-1]:
                break
            time.sleep(0.5)
        g.type("accept 1")
    for p in players:
        p.wait_for("Your game with", timeout=WAIT)
    screen = host.wait_for(" plays first.", timeout=WAIT)
    first = re.search(r"(\w+) plays first\.", screen)
    assert first is not None
    # seats in the offer's order (the host, then the invited); play goes round from the first
    i = next(k for k, p in enumerate(players) if p.label == first.group(1))
    return list(players[i:]) + list(players[:i])


class Table:
    """The test's own board and bag count, from the moves that stood."""

    def __init__(self, lexicon: Any, players: int) -> None:
        self.lexicon = lexicon
        self.board = Board()
        self.bag = 100 - 7 * players
        self.gen = generator_for(lexicon)

    def choose(self, rack: Sequence[str]) -> tuple[str, Any]:
        """What to type for ``rack`` on this board, and the play (None if not a placement)."""
        moves = list(self.gen.generate(self.board, list(rack)))
        if moves:
            best = max(moves, key=lambda m: m.score)
            if self.bag == 0:  # the end: go out if any move can
                outs = [m for m in moves if m.tile_count == len(rack)]
                if outs:
                    best = max(outs, key=lambda m: m.score)
            return "play " + format_play(best.play, self.board), best.play
        if self.bag >= 7:
            return "exchange " + "".join(rack), None
        return "pass", None

    def phony(self, rack: Sequence[str]) -> tuple[str, Any]:
        """A play of two or three letters of ``rack`` at 8H that is no word
        (the first move of the game)."""
        from audio_scrabble.notation.plays import parse_play

        for n in (2, 3):
            for letters in itertools.permutations([t for t in rack if t != "?"], n):
                word = "".join(letters)
                if word not in self.lexicon:
                    return f"play 8H {word}", parse_play(f"8H {word}", self.board)
        raise AssertionError("no phony on this rack")

    def put(self, play: Any) -> None:
        for tile in play.tiles:
            self.board.put(tile.square, tile.board_letter)
        self.bag = max(0, self.bag - len(play.tiles))


def wait_turn(p: Player, timeout: float = WAIT) -> str:
    """Until this pane says it is this player's turn (a new "Your turn."),
    that the last player went out (challenge or accept), or that the game
    ended: "turn", "out" or "end"."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = p.screen()
        if "The deal checked out." in screen:
            return "end"
        if screen.count("went out with the bag empty") > p.outs:
            p.outs = screen.count("went out with the bag empty")
            p.turns = screen.count("Your turn.")
            return "out"
        if screen.count("Your turn.") > p.turns:
            p.turns = screen.count("Your turn.")
            return "turn"
        time.sleep(0.1)
    raise AssertionError(f"{p.label}'s turn did not come; the pane shows:\n{p.screen()[-3000:]}")


def heard_by_all(players: Sequence[Player], mover: Player, timeout: float = WAIT) -> None:
    """Every other pane says the mover's move has arrived (once more than before)."""
    for q in players:
        if q is mover:
            continue
        q.arrived[mover.label] = q.arrived.get(mover.label, 0) + 1
        q.wait_for(f"{mover.label}'s move has arrived.", count=q.arrived[mover.label], timeout=timeout)


def play_to_end(order: Sequence[Player], table: Table, *, phony: bool = True, exchange_at: int = 3,
                chat_at: int = 4, limit: int = 200, hook: Any = None) -> list[str]:
    """Play the game to its end from its first turn, ``order`` the players
    in the order they play: a phony first (challenged off by the next
    player) if ``phony``; an exchange at turn ``exchange_at``; a chat line
    each way at turns ``chat_at`` and the next; every other turn the best
    play on the test's board (out at the end if it can); the one who went
    out accepted by the next. ``hook(phase, turn, mover, line)``, if given,
    runs before each move is typed (phase "before") and after (phase
    "typed", before the others are waited on). What was typed, turn by
    turn."""
    typed: list[str] = []
    n = len(order)
    k = 0  # whose turn: order[k % n]
    for turn in range(limit):
        mover = order[k % n]
        state = wait_turn(mover)
        if state == "end":
            return typed
        if state == "out":
            mover.type("accept")
            typed.append(f"{mover.label}: accept")
            for p in order:
                p.wait_for("The deal checked out.", timeout=WAIT)
            return typed
        rack = mover.rack()
        play = None
        if turn == 0 and phony:
            line, _ = table.phony(rack)
        elif turn == exchange_at and table.bag >= 7:
            line = "exchange " + "".join(t for t in rack if t != "?")[:3]
        else:
            line, play = table.choose(rack)
        if turn in (chat_at, chat_at + 1):
            sent = mover.count("Sent.")
            mover.type(f"say hello from {mover.name}")
            mover.wait_for("Sent.", count=sent + 1)
            for p in order:
                if p is not mover:
                    p.wait_said(f"{mover.label} says: hello from {mover.name}")
        if hook is not None:
            hook("before", turn, mover, line)
        mover.type(line)
        typed.append(f"{mover.label}: {line}")
        if hook is not None:
            hook("typed", turn, mover, line)
        heard_by_all(order, mover)
        if turn == 0 and phony:  # the next player challenges it off the board
            k += 1
            challenger = order[k % n]
            assert wait_turn(challenger) == "turn"
            challenger.type("challenge")
            typed.append(f"{challenger.label}: challenge")
            heard_by_all(order, challenger)
            challenger.turns = challenger.count("Your turn.") - 1  # its own turn goes on
            continue
        if play is not None:
            table.put(play)
        k += 1
    raise AssertionError(f"no end after {limit} turns: {typed[-10:]}")


def flat(screen: str) -> str:
    """A pane's text with its line breaks (the game's lines of 40) as spaces."""
    return " ".join(screen.split())


def said_on(t: Terminal, sentence: str, timeout: float = WAIT) -> str:
    """Wait until ``sentence`` is on the screen, maybe broken over lines of
    40 (the game's braille lines); returns the screen."""
    return t.wait_until(lambda sc: sentence in flat(sc), repr(sentence), timeout=timeout)


def screens(players: Sequence[Player]) -> str:
    """Every pane still open, for a failing test's report."""
    out = []
    for p in players:
        if p.term is not None:
            out.append(f"===== {p.label}\n{p.screen()[-4000:]}")
    return "\n".join(out)
