"""End to end with a real screen reader: the game in a terminal, read by Orca.

A virtual X server (Xvfb), a session bus with the accessibility bus, Orca,
and the game in xfce4-terminal (whose terminal widget speaks AT-SPI). Keys
are typed with xdotool. Speech goes to a private Speech Dispatcher whose
output modules write text instead of playing it (tests/speechd_log.py):
what Orca said lands in one log, what the game sent in another (the game's
clients name themselves audio_scrabble), each message marked finished or
cut short. From those logs:

* text mode: every line of a reply is heard exactly once, and the game
  sends nothing itself; after board keys Orca does not read the prompt
  again;
* screen-reader mode: the game sends the cursor moves (not printed), and
  no line it sends is one Orca also read from the screen;
* Orca's stop key (Ctrl) leaves nothing of the game's still playing;
* no escape codes are spoken.

Needs the Debian packages in tests/DEBIAN_PACKAGES.orca; skips with the
reason elsewhere.
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

TOOLS = {
    "orca": "orca",
    "Xvfb": "xvfb",
    "xfce4-terminal": "xfce4-terminal",
    "xdotool": "xdotool",
    "dbus-launch": "dbus-x11",
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


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

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
        """Wait until Orca has said nothing new for ``quiet_for`` seconds."""
        end = time.monotonic() + timeout
        last, since = -1, time.monotonic()
        while time.monotonic() < end:
            count = len(self.orca_said()) + len(self.game_sent())
            if count != last:
                last, since = count, time.monotonic()
            elif time.monotonic() - since >= quiet_for:
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


@pytest.fixture(scope="module")
def desktop() -> Iterator[Desktop]:
    root = Path(tempfile.mkdtemp(prefix="orca-"))
    home = root / "home"
    home.mkdir()
    speech = speechd_log.start(root / "sd")
    xvfb = orca = None
    bus_pid = None
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
        launched = subprocess.run(["dbus-launch", "--sh-syntax"], env=env, capture_output=True,
                                  text=True, timeout=30, check=True).stdout
        found = dict(re.findall(r"^(DBUS_SESSION_BUS_\w+)='?([^';]*)'?;", launched, re.M))
        env["DBUS_SESSION_BUS_ADDRESS"] = found["DBUS_SESSION_BUS_ADDRESS"]
        bus_pid = int(found["DBUS_SESSION_BUS_PID"])
        with open(root / "orca.out", "wb") as out:
            orca = subprocess.Popen(
                ["orca", "--replace", f"--debug-file={root / 'orca-debug.txt'}"],
                env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        d = Desktop(env, speech, root)
        if not speechd_log.wait_for(lambda: "Screen reader on" in d.heard_since(0), 40, 0.2):
            pytest.fail("Orca did not start: " + (root / "orca.out").read_text(errors="replace")[-1500:])
        d.settle(1.0)
        yield d
    finally:
        _stop_group(orca)
        if bus_pid is not None:  # the session bus and the accessibility bus it started
            with contextlib.suppress(ProcessLookupError, PermissionError):
                _stop_group(None, os.getpgid(bus_pid))
        _stop_group(xvfb)
        speech.stop()
        if not os.environ.get("KEEP_ORCA_TEST"):
            shutil.rmtree(root, ignore_errors=True) if not os.environ.get("KEEP_ORCA") else None


@dataclass
class Game:
    desktop: Desktop
    terminal: subprocess.Popen[bytes]
    mark: int


@pytest.fixture
def start_game(desktop: Desktop) -> Iterator[Callable[[str], Game]]:
    started: list[Game] = []

    def start(mode: str) -> Game:
        data = Path(tempfile.mkdtemp(prefix="data-", dir=desktop.root))
        env = dict(desktop.env, PYTHONPATH=str(REPO), AUDIO_SCRABBLE_DATA_DIR=str(data),
                   AUDIO_SCRABBLE_CACHE_DIR=os.environ.get("AUDIO_SCRABBLE_CACHE_DIR", str(data)))
        desktop.settle(0.5)
        mark = len(desktop.orca_said())
        title = f"scrabble-e2e-{data.name}"
        # The game starts when Return is pressed, once Orca follows the new
        # window (text printed before that is not read by a screen reader).
        command = (f"read go; exec {sys.executable} -m audio_scrabble --players Ann,Bob "
                   f"--seed 3 --speech {mode} --new")
        terminal = subprocess.Popen(
            ["xfce4-terminal", "--disable-server", "--geometry", "100x60", "-T", title,
             "--hide-menubar", "-x", "sh", "-c", command],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        game = Game(desktop, terminal, mark)
        started.append(game)
        subprocess.run(["xdotool", "search", "--sync", "--name", title, "windowfocus"],
                       env=desktop.env, timeout=30, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        desktop.settle(1.0)
        mark = game.mark = len(desktop.orca_said())
        desktop.key("Return")
        if not desktop.wait_heard(mark, "press Enter to hear your rack."):
            pytest.fail(f"the game's opening was not heard: {desktop.heard_since(mark)!r}")
        desktop.settle()
        return game

    yield start
    for game in started:
        _stop_group(game.terminal)


def _session():  # type: ignore[no-untyped-def]
    """The game as the terminal's, through the same front in this process
    (the same seed and players), to know what it answers."""
    from audio_scrabble.console import services
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    session.start()
    return session


def _replies(*typed: str) -> list[list[str]]:
    """The game's replies to lines typed."""
    session = _session()
    return [session.handle_line(text) for text in typed]


#: three board keys, and what the game answers to them
KEYS = ("Right", "Right", "Up")


def _key_answers() -> list[str]:
    session = _session()
    return [" ".join(session.key(key.lower())) for key in KEYS]


def _after(desktop: Desktop, mark: int) -> list[speechd_log.Message]:
    return desktop.orca_said()[mark:]


def test_text_mode_each_reply_heard_once(desktop: Desktop, start_game: Callable[[str], Game]) -> None:
    start = time.monotonic()
    game = start_game("text")
    # the opening, printed, heard once
    opening = _plain(desktop.heard_since(game.mark))
    assert opening.count("press Enter to hear your rack.") == 1

    mark = len(desktop.orca_said())
    desktop.type_line("scores")
    assert desktop.wait_heard(mark, "Ann 0, Bob 0.")
    desktop.settle()
    heard = _plain(desktop.heard_since(mark))
    assert heard.count("Ann 0, Bob 0.") == 1, heard

    # a reply of many lines: each heard once (Orca reads the new lines)
    mark = len(desktop.orca_said())
    desktop.type_line("help keys")
    assert desktop.wait_heard(mark, "F4")
    desktop.settle()
    heard = _plain(desktop.heard_since(mark))
    lines = [line for line in _replies("scores", "help keys")[-1] if line.strip()]
    assert len(lines) > 5
    for line in lines:
        assert heard.count(_plain(line)) == 1, (line, heard)

    # board keys: each answer is printed on a line of its own and the
    # prompt is not written again after it (a reader would read "Ann>"
    # after every arrow). Orca 43 does not speak text printed after a
    # navigation key ("lack of cause" in its debug log): with Orca, the
    # board keys are heard in screen-reader mode (the next test).
    desktop.settle()  # the prompt before the keys is drawn: it is not what the keys print
    mark = len(desktop.orca_said())
    shown = desktop.terminal_mark()
    answers = _key_answers()
    desktop.key(*KEYS)
    assert speechd_log.wait_for(lambda: len([t for t in desktop.shown_since(shown) if t.strip()]) >= 3, SOON)
    desktop.settle()
    inserted = desktop.shown_since(shown)
    if inserted and inserted[0].startswith(("Ann>", "Bob>")):  # the one prompt drawn before the first key
        inserted[0] = inserted[0][4:]
    assert [t.strip() for t in inserted if t.strip()] == answers, inserted
    assert not [t for t in inserted if "Ann>" in t or "Bob>" in t], inserted
    heard = _plain(desktop.heard_since(mark))
    assert "Ann>" not in heard and "Bob>" not in heard, heard

    # the game sent nothing of its own: Orca spoke everything, once
    assert desktop.game_sent() == []
    everything = [m.text for m in desktop.orca_said()]
    assert not [t for t in everything if ESCAPE_LEFTOVERS.search(t)]
    print(f"text mode took {time.monotonic() - start:.1f} s")


def test_screen_reader_mode_never_doubles(desktop: Desktop, start_game: Callable[[str], Game]) -> None:
    start_game("screenreader")
    sent_before = len(desktop.game_sent())

    mark = len(desktop.orca_said())
    desktop.type_line("scores")
    assert desktop.wait_heard(mark, "Ann 0, Bob 0.")
    shown = desktop.terminal_mark()
    answers = _key_answers()
    desktop.key(*KEYS)
    assert speechd_log.wait_for(lambda: len(desktop.game_sent()) >= sent_before + 3, SOON, 0.1)
    desktop.settle()
    sent = [m.text for m in desktop.game_sent()[sent_before:]]
    heard = _plain(desktop.heard_since(mark))
    # the cursor moves were sent by the game, once each, and not printed
    assert sent == answers
    assert not [t for t in desktop.shown_since(shown) if t.strip()], desktop.shown_since(shown)
    for text in sent:
        assert _plain(text) not in heard, (text, heard)
    # and the printed reply was not sent
    assert "Ann 0, Bob 0." not in sent
    assert heard.count("Ann 0, Bob 0.") == 1
    assert not [t for t in sent if ESCAPE_LEFTOVERS.search(t)]
    assert not [m.text for m in desktop.orca_said() if ESCAPE_LEFTOVERS.search(m.text)]


@pytest.mark.parametrize("mode", ["text", "screenreader"])
def test_orca_stop_key_leaves_nothing_of_the_game_playing(
    mode: str, desktop: Desktop, start_game: Callable[[str], Game],
) -> None:
    start_game(mode)
    mark = len(desktop.orca_said())
    sent_before = len(desktop.game_sent())
    desktop.type_line("help")
    assert desktop.wait_heard(mark, "help")
    time.sleep(0.3)
    stop_at = len(desktop.game_sent())
    desktop.key("ctrl")
    desktop.settle()
    # Orca stopped its own reading of the help (a message was cut short)
    assert any(not m.finished for m in _after(desktop, mark)), desktop.heard_since(mark)
    # and nothing of the game's own speech goes on: none was sent for the
    # printed help, none after the key, and what was sent before has ended
    game = desktop.game_sent()
    assert len(game) == stop_at == sent_before, [m.text for m in game[sent_before:]]
