"""End to end with a real screen reader: the game in a terminal, read by Orca.

A virtual X server (Xvfb), a session bus with the accessibility bus, Orca,
and the game in xfce4-terminal (whose terminal widget speaks AT-SPI). Keys
are typed with xdotool. Speech goes to a private Speech Dispatcher whose
output modules write text instead of playing it (tests/speechd_log.py):
what Orca said lands in one log, what the game sent in another (the game's
clients name themselves audio_scrabble), each message marked finished or
cut short. Orca's debug log gives what it sent to speech and showed on
its braille line, and AT-SPI the terminal's text (what Orca's review
reads). From those:

* text mode (the default): every line of a reply is heard exactly once,
  and the game sends nothing itself; every board key's answer (arrows,
  F-keys) is heard once, is on the screen and on the braille line, and
  the prompt is not read after it (issue 22, point 1);
* the issue's game against the club computer, played ``ORCA_RUNS`` times:
  each reply, the computer's move with the player's, heard exactly once
  (point 4), and the prompt read at most when it changes, never with its
  ">" (point 6);
* screen-reader mode: the game sends the cursor moves (not printed), and
  no line it sends is one Orca also read from the screen;
* Orca's stop key (Ctrl) leaves nothing of the game's still playing;
* no escape codes are spoken;
* nothing outside the test is touched: its Orca runs through
  tests/orca_private.py (a process name of its own, never ``--replace``)
  on its own display, session bus, HOME and runtime folder, and a decoy
  process named orca, started first, is still running after.

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
        done = subprocess.run([_orca_command()[0], str(Path(__file__).parents[1] / "atspi_text.py")],
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
    return [python, str(Path(__file__).parents[1] / "orca_private.py")]


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


@pytest.fixture
def start_game(desktop: Desktop) -> Iterator[Callable[..., Game]]:
    started: list[Game] = []

    def start(mode: str, players: str = "Ann,Bob", seed: int = 3,
              opening_ends: str = "press Enter to hear your rack.") -> Game:
        data = Path(tempfile.mkdtemp(prefix="data-", dir=desktop.root))
        env = dict(desktop.env, PYTHONPATH=str(REPO), AUDIO_SCRABBLE_DATA_DIR=str(data),
                   AUDIO_SCRABBLE_CACHE_DIR=os.environ.get("AUDIO_SCRABBLE_CACHE_DIR", str(data)))
        desktop.settle(0.5)
        mark = len(desktop.orca_said())
        title = f"scrabble-e2e-{data.name}"
        # The game starts when Return is pressed, once Orca follows the new
        # window (text printed before that is not read by a screen reader).
        command = (f"read go; exec {sys.executable} -m audio_scrabble --players {players} "
                   f"--seed {seed} --speech {mode} --new")
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
        spoken = desktop.terminal_mark()
        desktop.key("Return")
        if not desktop.wait_spoken(spoken, opening_ends):
            pytest.fail(f"the game's opening was not heard: {desktop.spoken_since(spoken)!r}")
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


#: board keys (as xdotool names them) and the actions they make
KEYS = (("Right", "right"), ("Right", "right"), ("Up", "up"), ("F9", "spots"), ("F2", "where"),
        ("F6", "scores"))


def _key_answers() -> list[list[str]]:
    session = _session()
    return [session.key(action) for _, action in KEYS]


def _press_each(desktop: Desktop, keys: tuple[tuple[str, str], ...], answers: list[list[str]]) -> None:
    """Press each key once the answer to the one before was heard (as a
    player listens), or after a while if it was not."""
    for (key, _), answer in zip(keys, answers):
        mark = desktop.terminal_mark()
        desktop.key(key)
        desktop.wait_spoken(mark, answer[-1], 8.0)
        time.sleep(0.3)


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

    # board keys, in the default mode: each answer is heard once (Orca 43
    # reads no text printed after an arrow or a function key: the answer
    # is drawn on the input line, the caret after it), is on the screen (for
    # the review and the scrollback) and on Orca's braille line; the prompt
    # is not read again
    desktop.settle()
    shown = desktop.terminal_mark()
    answers = _key_answers()
    _press_each(desktop, KEYS, answers)
    desktop.settle()
    heard = desktop.spoken_since(shown)
    keys_echoed = {f"{key}" for key, _ in KEYS}
    said = [line for line in heard if line not in keys_echoed]
    assert said == [_plain(line) for answer in answers for line in answer], heard
    on_screen = [_plain(t) for t in desktop.terminal_text().split("\n") if t.strip()]
    for answer in answers:
        for line in answer:
            assert _plain(line) in on_screen, (line, on_screen)
    brailled = desktop.braille_since(shown)
    for answer in answers:
        assert _plain(answer[-1]) in brailled, (answer, brailled)
    assert not [t for t in heard if t.rstrip(">").strip() in ("Ann", "Bob")], heard

    # the game sent nothing of its own: Orca spoke everything, once
    assert desktop.game_sent() == []
    everything = [m.text for m in desktop.orca_said()]
    assert not [t for t in everything if ESCAPE_LEFTOVERS.search(t)]
    print(f"text mode took {time.monotonic() - start:.1f} s")


#: the issue's game: one player against the club computer, and the steps
#: typed (a play the computer answers, commands, a question and its answer)
VERSUS = dict(players="Ann,computer:club", seed=7, opening_ends="You may challenge it: type challenge.")
STEPS = ("play 7E FACED", "scores", "rack", "bag", "quit", "no", "unseen", "last")
#: how many games the replies are checked over (ORCA_RUNS to change; 20
#: were run for issue 22, each about half a minute)
RUNS = int(os.environ.get("ORCA_RUNS", "2"))


def _versus_replies() -> list[list[str]]:
    """The replies to :data:`STEPS` in the issue's game, from the same front
    in this process (the real word list: the computer's moves depend on it)."""
    from audio_scrabble.console import services
    from audio_scrabble.console.session import Options, Session

    session = Session(Options(players=VERSUS["players"], seed=VERSUS["seed"]),
                      lexicon=services.load_lexicon(None))
    session.start()
    return [session.handle_line(step) for step in STEPS]


def test_replies_heard_once_and_the_prompt_only_when_it_changes(
    desktop: Desktop, start_game: Callable[..., Game],
) -> None:
    """Issue 22, points 4 and 6: over :data:`RUNS` games in the default
    mode, each line of each reply (the player's move and the computer's
    with it, written in one write) is heard exactly once, and the prompt is
    read at most when it changes, never with its ">" ("greater")."""
    replies = _versus_replies()
    assert "Club computer played " in " ".join(replies[0])  # the computer answers the play (the one form of issue 23 item 10)
    problems: list[str] = []
    prompts_heard = []
    for run in range(RUNS):
        game = start_game("text", **VERSUS)
        heard_prompts = 0
        for step, reply in zip(STEPS, replies):
            spoken = desktop.terminal_mark()
            desktop.type_line(step)
            if not desktop.wait_spoken(spoken, reply[-1]):
                problems.append(f"run {run}: {step!r}: not heard: {desktop.spoken_since(spoken)!r}")
            desktop.settle(1.0)
            heard = desktop.spoken_since(spoken)
            for line in reply:
                if line.strip() and heard.count(_plain(line)) != 1:
                    problems.append(f"run {run}: {step!r}: {line!r} heard {heard.count(_plain(line))} times")
            prompts = [t for t in heard if t.rstrip(">").strip() in ("Ann", "yes or no")]
            heard_prompts += len(prompts)
            if prompts:
                print(f"run {run}: after {step!r} the prompt was read: {prompts}")
            problems += [f"run {run}: {step!r}: 'greater' in {t!r}" for t in heard if t.endswith(">")]
        prompts_heard.append(heard_prompts)
        _stop_group(game.terminal)
    print("\n".join(problems))
    # the prompt changes twice in the steps: to the question's, and back
    assert problems == [] and max(prompts_heard) <= 2, (problems, prompts_heard)
    print(f"{RUNS} runs, prompts heard per run: {prompts_heard}")


def test_screen_reader_mode_never_doubles(desktop: Desktop, start_game: Callable[[str], Game]) -> None:
    start_game("screenreader")
    sent_before = len(desktop.game_sent())

    mark = len(desktop.orca_said())
    desktop.type_line("scores")
    assert desktop.wait_heard(mark, "Ann 0, Bob 0.")
    shown = desktop.terminal_mark()
    answers = [" ".join(answer) for answer in _key_answers()[:3]]  # the arrows
    desktop.key(*[key for key, _ in KEYS[:3]])
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


def test_nothing_outside_the_test_is_touched(desktop: Desktop, decoy: subprocess.Popen[bytes]) -> None:
    """The test's Orca ran beside a process named orca (a player's own
    screen reader) without ending it, under a name of its own, on its own
    display and session bus (the decoy is checked again once the desktop
    is gone, by its fixture)."""
    import orca_private

    assert decoy.poll() is None, f"the decoy orca was ended (status {decoy.returncode})"
    comm = Path(f"/proc/{desktop.orca_pid}/comm").read_text().strip()
    assert comm == orca_private.NAME != DECOY_NAME
    named_orca = subprocess.run(["pgrep", "-x", DECOY_NAME], capture_output=True, text=True).stdout.split()
    assert str(decoy.pid) in named_orca and str(desktop.orca_pid) not in named_orca
    cmdline = Path(f"/proc/{desktop.orca_pid}/cmdline").read_bytes().split(b"\0")
    assert b"--replace" not in cmdline and b"-r" not in cmdline
    environ = dict(item.split(b"=", 1) for item in
                   Path(f"/proc/{desktop.orca_pid}/environ").read_bytes().split(b"\0") if b"=" in item)
    assert environ[b"DBUS_SESSION_BUS_ADDRESS"].decode() == desktop.env["DBUS_SESSION_BUS_ADDRESS"]
    assert desktop.env["DBUS_SESSION_BUS_ADDRESS"] != os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    assert environ[b"DISPLAY"].decode() == desktop.env["DISPLAY"] != os.environ.get("DISPLAY")
    assert environ[b"HOME"].decode() == desktop.env["HOME"] != os.environ.get("HOME")
