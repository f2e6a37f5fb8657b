"""A private desktop with Orca for the end-to-end tests (tests/e2e/test_orca*.py).

A virtual X server (Xvfb) on a free display, a session bus of its own with
the accessibility bus, Orca run through tests/orca_private.py (a process
name of its own, never ``--replace``), the logging Speech Dispatcher of
tests/speechd_log.py, and the game in xfce4-terminal. :class:`Desktop`
reads what Orca said (its speech log and debug log), what it showed on its
braille line, and what the game sent itself; the fixtures ``decoy``,
``desktop`` and ``start_game`` set it up and end only what they started.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest

import speechd_log

REPO = Path(__file__).resolve().parents[2]
#: the source the game in the terminal runs from: this checkout, or
#: ORCA_GAME_SOURCE (an export of an older commit, to see a test fail there)
GAME_SOURCE = os.environ.get("ORCA_GAME_SOURCE") or str(REPO)

TOOLS = {
    "orca": "orca",
    "Xvfb": "xvfb",
    "xfce4-terminal": "xfce4-terminal",
    "xdotool": "xdotool",
    "dbus-daemon": "dbus-daemon",
    "pgrep": "procps",
}


def _missing() -> str | None:
    if not sys.platform.startswith("linux"):
        return "the Orca test runs on Linux only"
    absent = [package for tool, package in TOOLS.items() if shutil.which(tool) is None]
    if not Path("/usr/libexec/at-spi-bus-launcher").exists() and not shutil.which("at-spi-bus-launcher"):
        absent.append("at-spi2-core")
    if absent:
        return "Debian packages missing for the Orca test: " + ", ".join(absent)
    return speechd_log.missing()


#: how long to wait for speech that should come
SOON = 20.0
#: how long to listen for speech that should not come
QUIET = 2.0

ESCAPE_LEFTOVERS = re.compile(r"\x1b|\[\??\d*(;\d+)*[A-Za-z~]|\x07")


#: a text-inserted event of the terminal in Orca's debug log: its first line
_INSERTED = re.compile(
    r"EVENT MANAGER: object:text-changed:insert for \[terminal \| Terminal\][^\n]*?"
    r"\(\d+, (\d+), "
)


#: what Orca sent to speech, in its debug log (continuation lines indented)
_SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*?)'\s*[\[{]", re.S)
#: a line Orca showed on its braille display, in its debug log
_BRAILLE = re.compile(r"BRAILLE LINE:\s+'(.*)'")


def _free_display() -> int:
    for n in range(91, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


def _stop_group(proc: subprocess.Popen[bytes] | None, pgid: int | None = None) -> None:
    """End a process and its group (they were started in a session of their own)."""
    if proc is None and pgid is None:
        return
    group = pgid if pgid is not None else proc.pid  # type: ignore[union-attr]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, sig)
        if proc is None:
            time.sleep(0.3)
            continue
        try:
            proc.wait(3)
            break
        except subprocess.TimeoutExpired:
            continue


@dataclass
class Desktop:
    """Xvfb, a session bus, Orca and the logging speech server."""

    env: dict[str, str]
    speech: speechd_log.Server
    root: Path
    #: the test's Orca
    orca_pid: int

    def orca_said(self) -> list[speechd_log.Message]:
        return self.speech.messages("others")

    def game_sent(self) -> list[speechd_log.Message]:
        return self.speech.messages("game")

    def heard_since(self, mark: int) -> str:
        """What Orca said after its ``mark``-th message, as one text."""
        return " ".join(m.text for m in self.orca_said()[mark:])

    def wait_heard(self, mark: int, text: str, timeout: float = SOON) -> bool:
        return speechd_log.wait_for(lambda: text in _plain(self.heard_since(mark)), timeout, 0.1)

    def settle(self, quiet_for: float = QUIET, timeout: float = SOON) -> None:
        """Wait until Orca and the game have said nothing new for
        ``quiet_for`` seconds, and the message being said (if any) has had
        the time the logging module takes to say it: a long message
        "spoken" for longer than ``quiet_for`` may have others queued
        behind it. (A message cut short never ends: it holds the wait only
        for its length when no stop was logged: see tests/speechd_patient.py.)"""
        end = time.monotonic() + timeout
        last: tuple[int, int] = (-1, -1)
        since = time.monotonic()
        while time.monotonic() < end:
            said, sent = self.orca_said(), self.game_sent()
            count = (len(said), len(sent))
            now = time.monotonic()
            if count != last:
                last, since = count, now
            else:
                saying = [m for m in (said[-1:] + sent[-1:]) if not (m.finished or m.stopped)]
                length = max((len(m.text) / 100 + 0.05 for m in saying), default=0.0)
                if now - since >= max(quiet_for, length + 0.5):
                    return
            time.sleep(0.1)

    def _debug_text(self) -> str:
        path = self.root / "orca-debug.txt"
        return path.read_text(errors="replace") if path.exists() else ""

    def terminal_mark(self) -> int:
        """A place in Orca's debug log, for :meth:`shown_since`."""
        return len(self._debug_text())

    def shown_since(self, mark: int) -> list[str]:
        """The lines the terminal showed after ``mark``, as Orca saw them
        arrive (AT-SPI text-inserted events, each read whole by its length,
        then joined: the terminal may report the first letter of a line
        with the text before it)."""
        text = self._debug_text()[mark:]
        inserted = "".join(text[m.end():m.end() + int(m.group(1))] for m in _INSERTED.finditer(text))
        return inserted.split("\n")

    def spoken_since(self, mark: int) -> list[str]:
        """What Orca sent to speech after ``mark`` (a :meth:`terminal_mark`),
        line by line, from its debug log. The logging speech module's own
        record garbles some long messages (Speech Dispatcher's text of a
        message with index marks can repeat its end), so counts of lines
        heard are taken from here."""
        said = _SPOKEN.findall(self._debug_text()[mark:])
        return [_plain(line) for text in said for line in text.split("\n") if line.strip()]

    def wait_spoken(self, mark: int, line: str, timeout: float = SOON) -> bool:
        """Wait until Orca sent ``line`` (or a line holding it) to speech
        after ``mark`` (a :meth:`terminal_mark`)."""
        return speechd_log.wait_for(lambda: _plain(line) in "\n".join(self.spoken_since(mark)), timeout, 0.1)

    def braille_since(self, mark: int) -> list[str]:
        """The lines Orca showed on its braille display after ``mark``."""
        return [_plain(line) for line in _BRAILLE.findall(self._debug_text()[mark:])]

    def terminal_text(self) -> str:
        """The text of the game's terminal as AT-SPI gives it (what Orca's
        review reads), through tests/atspi_text.py."""
        done = subprocess.run([_orca_command()[0], str(REPO / "tests" / "atspi_text.py")],
                              env=self.env, capture_output=True, text=True, timeout=60)
        return done.stdout

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def type_line(self, text: str) -> None:
        if text:
            self.xdotool("type", "--delay", "40", text)
        self.xdotool("key", "Return")

    def key(self, *names: str) -> None:
        self.xdotool("key", "--delay", "150", *names)


def _plain(text: str) -> str:
    """Spaces and line breaks as single spaces."""
    return " ".join(text.split())


def _orca_command() -> list[str]:
    """Orca run through tests/orca_private.py (named :data:`orca_private.NAME`,
    never ``--replace``), under the Python its launcher names."""
    launcher = Path(shutil.which("orca") or "orca")
    first = launcher.read_text(errors="replace").split("\n", 1)[0]
    python = first[2:].strip().split()[0] if first.startswith("#!") else "python3"
    if python.endswith("/env"):
        python = first[2:].strip().split()[1]
    return [python, str(REPO / "tests" / "orca_private.py")]


@contextlib.contextmanager
def private_desktop(root: Path) -> Iterator[Desktop]:
    """Xvfb on a free display, a session bus of its own (and the
    accessibility bus it starts), Orca and the logging speech server, all
    under ``root`` (HOME, XDG folders, runtime folder) and each in a
    process group of its own, which is all that is ended afterwards:
    nothing outside is touched (no ``--replace``, no process named orca)."""
    home = root / "home"
    home.mkdir()
    speech = speechd_log.start(root / "sd")
    xvfb = orca = bus = None
    try:
        display = _free_display()
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SPEECHD_", "DBUS_", "XDG_", "AT_SPI", "WAYLAND"))}
        env.update(
            HOME=str(home), XDG_RUNTIME_DIR=str(speech.root / "run"),
            XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local" / "share"),
            XDG_CACHE_HOME=str(home / ".cache"), DISPLAY=f":{display}",
            SPEECHD_ADDRESS=speech.address, GTK_MODULES="gail:atk-bridge",
            GNOME_ACCESSIBILITY="1", NO_AT_BRIDGE="0", LANG="C.UTF-8",
        )
        xvfb = subprocess.Popen(
            ["Xvfb", f":{display}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        if not speechd_log.wait_for(lambda: Path(f"/tmp/.X11-unix/X{display}").exists(), 15):
            pytest.fail("Xvfb did not start")
        # the session bus: our own daemon, in its own process group (the
        # accessibility bus it starts joins that group)
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        assert bus.stdout is not None
        address = bus.stdout.readline().decode().strip()
        if not address:
            pytest.fail("the test's session bus did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        with open(root / "orca.out", "wb") as out:
            orca = subprocess.Popen(
                [*_orca_command(), f"--debug-file={root / 'orca-debug.txt'}"],
                env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        d = Desktop(env, speech, root, orca.pid)
        if not speechd_log.wait_for(lambda: "Screen reader on" in d.heard_since(0), 40, 0.2):
            pytest.fail("Orca did not start: " + (root / "orca.out").read_text(errors="replace")[-1500:])
        d.settle(1.0)
        yield d
    finally:
        _stop_group(orca)
        _stop_group(bus)
        _stop_group(xvfb)
        speech.stop()


#: a process named orca, as a player's own screen reader is, started before
#: the test's Orca: it must still run after (see :func:`decoy`)
DECOY_NAME = "orca"


@pytest.fixture(scope="module")
def decoy() -> Iterator[subprocess.Popen[bytes]]:
    """A stand-in for the player's own Orca: a copy of ``sleep`` named
    ``orca``, in the same user's session. The test's Orca must leave it
    running (and start beside it: Orca's launcher refuses to start while
    another orca runs)."""
    folder = Path(tempfile.mkdtemp(prefix="decoy-"))
    sleeper = folder / DECOY_NAME
    shutil.copy(shutil.which("sleep") or "/bin/sleep", sleeper)
    proc = subprocess.Popen([str(sleeper), "3600"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield proc
        assert proc.poll() is None, f"the decoy orca was ended (status {proc.returncode})"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def desktop(decoy: subprocess.Popen[bytes]) -> Iterator[Desktop]:
    root = Path(tempfile.mkdtemp(prefix="orca-"))
    try:
        with private_desktop(root) as d:
            yield d
    finally:
        if not os.environ.get("KEEP_ORCA_TEST"):
            shutil.rmtree(root, ignore_errors=True)


@dataclass
class Game:
    desktop: Desktop
    terminal: subprocess.Popen[bytes]
    mark: int
    #: Orca's debug log before the game's first words (a :meth:`Desktop.terminal_mark`)
    opening_mark: int = 0


@pytest.fixture
def start_game(desktop: Desktop) -> Iterator[Callable[..., Game]]:
    started: list[Game] = []

    def start(mode: str, players: str = "Ann,Bob", seed: int = 3,
              opening_ends: str = "press Enter to hear your rack.", more: str = "",
              env_more: dict[str, str] | None = None, path_first: str = "") -> Game:
        """The game in a terminal, in speech ``mode``; ``more`` options,
        ``env_more`` variables and ``path_first`` (folders put before the
        game's source on its PYTHONPATH) for the game."""
        data = Path(tempfile.mkdtemp(prefix="data-", dir=desktop.root))
        source = os.pathsep.join(p for p in (path_first, GAME_SOURCE) if p)
        env = dict(desktop.env, PYTHONPATH=source, AUDIO_SCRABBLE_DATA_DIR=str(data),
                   AUDIO_SCRABBLE_CACHE_DIR=os.environ.get("AUDIO_SCRABBLE_CACHE_DIR", str(data)),
                   **(env_more or {}))
        desktop.settle(0.5)
        mark = len(desktop.orca_said())
        title = f"scrabble-e2e-{data.name}"
        # The game starts when Return is pressed, once Orca follows the new
        # window (text printed before that is not read by a screen reader).
        command = (f"read go; exec {sys.executable} -m audio_scrabble --players {players} "
                   f"--seed {seed} --speech {mode} --new {more}")
        terminal = subprocess.Popen(
            ["xfce4-terminal", "--disable-server", "--geometry", "100x60", "-T", title,
             "--hide-menubar", f"--working-directory={data}", "-x", "sh", "-c", command],
            # (not the checkout: python -m puts the working folder before PYTHONPATH)
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            cwd=data,
        )
        game = Game(desktop, terminal, mark)
        started.append(game)
        subprocess.run(["xdotool", "search", "--sync", "--name", title, "windowfocus"],
                       env=desktop.env, timeout=30, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        desktop.settle(1.0)
        mark = game.mark = len(desktop.orca_said())
        spoken = game.opening_mark = desktop.terminal_mark()
        desktop.key("Return")
        if not desktop.wait_spoken(spoken, opening_ends):
            pytest.fail(f"the game's opening was not heard: {desktop.spoken_since(spoken)!r}")
        desktop.settle()
        return game

    yield start
    for game in started:
        _stop_group(game.terminal)



#: Ann first against the champion: at this seed its answer to her pass
#: takes most of its think (tests/e2e/test_orca_arrival.py found it)
CHAMPION_SEED = 4
THINKING = "Champion computer is thinking."
CHALLENGE = "To challenge it, type challenge."


def start_against_the_champion(start_game: Callable[..., Game], mode: str = "text",
                               think: int = 6, more: str = "") -> Game:
    """Ann's game against the champion at :data:`CHAMPION_SEED`, thinking
    ``think`` seconds a move, heard up to "Your turn."; ``more`` options."""
    return start_game(mode, players="Ann,computer:champion", seed=CHAMPION_SEED,
                      opening_ends="Your turn.", more=f"--think {think} {more}".rstrip())


def pass_to_the_champion(desktop: Desktop) -> int:
    """Ann passes and the champion is heard thinking; the place in Orca's
    debug log before the pass (a :meth:`Desktop.terminal_mark`)."""
    mark = desktop.terminal_mark()
    desktop.type_line("pass")
    assert desktop.wait_spoken(mark, THINKING), desktop.spoken_since(mark)
    return mark


def right_while_the_champion_thinks(desktop: Desktop, start_game: Callable[..., Game],
                                    more: str = "") -> tuple[int, bool]:
    """Ann against the champion (``more`` options) passes and, while it
    thinks, presses Right: the place in Orca's debug log before the key,
    and whether the champion's move (its CHALLENGE line) was heard after
    it within 40 s."""
    start_against_the_champion(start_game, more=more)
    pass_to_the_champion(desktop)
    desktop.settle(0.5)
    pressed = desktop.terminal_mark()
    desktop.key("Right")
    return pressed, desktop.wait_spoken(pressed, CHALLENGE, 40)


def typed_and_heard(desktop: Desktop, text: str, heard: str, timeout: float = 10) -> int:
    """``text`` typed (and Return); asserts ``heard`` was spoken after it
    within ``timeout`` s: the place in Orca's debug log before the typing."""
    typed = desktop.terminal_mark()
    desktop.type_line(text)
    assert desktop.wait_spoken(typed, heard, timeout), desktop.spoken_since(typed)
    return typed


def board_key_answers(actions: list[str]) -> list[list[str]]:
    """What the game of ``full_screen`` (Ann and Bob, seed 3, the word
    list QI) answers each board key's action in ``actions``, one after the
    other, Enter pressed on its opening."""
    from audio_scrabble.console import services
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    session.start()
    session.handle_line("")
    return [session.key(action) for action in actions]


def full_screen(desktop: Desktop, start_game: Callable[..., Game]) -> None:
    """The game (Ann and Bob, speech ``text``) started, Enter, then help
    shown until the terminal's screen is full."""
    start_game("text")
    for line in ("", "help", "help", "help keys"):
        desktop.type_line(line)
        desktop.settle(1.0)


def key_answered(desktop: Desktop, key: str, last: str) -> int:
    """``key`` pressed and its answer's ``last`` line waited for (10 s at
    most), then a second's quiet: the place in Orca's debug log before the key."""
    pressed = desktop.terminal_mark()
    desktop.key(key)
    desktop.wait_spoken(pressed, last, 10)
    desktop.settle(1.0)
    return pressed
