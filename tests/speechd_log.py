"""A private Speech Dispatcher whose output modules write text, not sound.

Tests that need a real speech server (the screen-reader backends, the
end-to-end test with Orca) start one with :func:`start`: its own
configuration, socket, log folder and runtime folder under a short
temporary path, and two output modules built on Speech Dispatcher's
``sd_generic``, which runs a shell command for each message:

* ``game`` speaks for clients that name themselves ``audio_scrabble``
  (``BeginClient "*:audio_scrabble:*"``), as the game's do;
* ``others`` speaks for everyone else (Orca).

Each module appends ``<<<START id text>>>`` to its log when it starts a
message, "speaks" for a time that grows with the text (a hundredth of a
second a character, at least a twentieth), and appends ``<<<END id>>>``
when it finished; a message cut short (a cancel kills the command) has a
start and no end. ``id`` is the command's process id, so that an end is
paired with its own start even when a cut message's command and the next
one overlap. Each record is appended in one ``write`` (``dd`` with
``oflag=append`` and a block larger than any message), so two commands
writing at once cannot interleave their records under load.
:meth:`Server.messages` reads the logs.

Known weakness, not the log's: ``sd_generic`` itself refuses a message
that arrives while it ends the one before ("301 ERROR CANT SPEAK" in the
server's log; :meth:`Server.refused` counts them), and its text of a
message with index marks (Orca's SSML) can repeat its end or keep a
scrap of a mark. Tests that count lines Orca said take them from Orca's
own debug log (tests/e2e/orca_kit.py ``spoken_since``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import sys
import textwrap
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import pytest

MODULE_DIRS = (
    "/usr/lib/speech-dispatcher-modules",
    "/usr/libexec/speech-dispatcher-modules",
    "/usr/lib/x86_64-linux-gnu/speech-dispatcher-modules",
    "/usr/lib/aarch64-linux-gnu/speech-dispatcher-modules",
)

#: one record of a module's log: a message's start (its id and text) or end (its id)
_RECORD = re.compile(r"<<<START (\d+) (.*?)>>>\n|<<<END (\d+)>>>\n|<<<STOPPED>>>\n", re.S)


def module_dir() -> Path | None:
    """Where Speech Dispatcher's output modules are, if sd_generic is there."""
    for d in MODULE_DIRS:
        if Path(d, "sd_generic").exists():
            return Path(d)
    return None


def missing() -> str | None:
    """Why a logging server cannot start here (None when it can)."""
    if not shutil.which("speech-dispatcher"):
        return "Debian package speech-dispatcher is not installed"
    if module_dir() is None:
        return "Speech Dispatcher's sd_generic module is not installed"
    return None


@dataclass
class Message:
    text: str
    #: the module spoke it to its end (not cut short)
    finished: bool
    #: the module confirmed a stop while saying it (it was cut short)
    stopped: bool = False


@dataclass
class Server:
    root: Path
    address: str
    socket: Path
    log_dir: Path
    proc: subprocess.Popen[bytes]
    env: dict[str, str] = field(default_factory=dict)

    def module_log(self, module: str) -> Path:
        return self.root / f"{module}.spoken"

    def messages(self, module: str) -> list[Message]:
        """What the module was given, in order (``game`` or ``others``)."""
        path = self.module_log(module)
        text = path.read_text(errors="replace") if path.exists() else ""
        said: list[Message] = []
        open_by_id: dict[str, Message] = {}  # the last unfinished message of each id
        for m in _RECORD.finditer(text):
            if m.group(1) is not None:
                said.append(Message(m.group(2), False))
                open_by_id[m.group(1)] = said[-1]
            elif m.group(3) is None:  # a stop: every message still going was cut
                for message in open_by_id.values():
                    message.stopped = True
                open_by_id.clear()
            elif m.group(3) in open_by_id:
                open_by_id.pop(m.group(3)).finished = True
        return said

    def speaking(self, module: str) -> Message | None:
        """The message the module is still saying (the last one, started
        and neither finished nor stopped), or None."""
        said = self.messages(module)
        return said[-1] if said and not (said[-1].finished or said[-1].stopped) else None

    def refused(self) -> int:
        """How many messages the server was refused ("301 ERROR CANT SPEAK")."""
        return self.server_log().count("301 ERROR CANT SPEAK")

    def offered_again(self, module: str) -> list[int]:
        """For each message sd_generic refused at first, how many times it
        was offered (tests/speechd_patient.py)."""
        path = self.root / f"{module}.spoken.retried"
        lines = path.read_text().split("\n") if path.exists() else []
        return [int(line.split()[0]) for line in lines if line.strip()]

    def texts(self, module: str) -> list[str]:
        return [m.text for m in self.messages(module)]

    def server_log(self) -> str:
        path = self.log_dir / "speech-dispatcher.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def client_names(self) -> list[str]:
        """The names clients gave themselves (user:client:component)."""
        return re.findall(r'CLIENT_NAME "?([^"\s]+)', self.server_log())

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        # the output modules run in the server's session; make sure they are gone
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        if not os.environ.get("KEEP_ORCA_TEST"):  # kept to read after a failure
            shutil.rmtree(self.root, ignore_errors=True)


def _module_conf(log: Path) -> str:
    # $DATA comes in single quotes with its own quotes escaped by sd_generic.
    # Each record in one write: dd reads the whole record (iflag=fullblock,
    # a block bigger than any message) and appends it with one write(2).
    append = f"dd of={log} oflag=append conv=notrunc bs=4M iflag=fullblock status=none"
    synth = (
        f"t=\\'$DATA\\'; IFS=; set -f; printf '<<<START %s %s>>>\\\\n' $$ $t | {append}; "
        "n=$(printf %s $t | wc -c); sleep $((n / 100)).$((n % 100 / 10))5; "
        f"kill -0 $PPID 2>/dev/null && printf '<<<END %s>>>\\\\n' $$ | {append}"
    )
    return textwrap.dedent(f'''\
        GenericExecuteSynth "{synth}"
        GenericMaxChunkLength 100000
        GenericDelimiters "\x7f"
        AddVoice "en" "male1" "logger"
        DefaultVoice "logger"
        ''')


def accepts(sock: Path) -> bool:
    """The server listens on its socket (the file appears before it does)."""
    if not sock.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        try:
            client.connect(os.fspath(sock))
        except OSError:
            return False
    return True


def wait_for(predicate: Callable[[], object], timeout: float, step: float = 0.02) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())


def start(root: Path | None = None) -> Server:
    """Start a private logging Speech Dispatcher (see the module doc).

    ``Server.env`` holds the variables a client (or Orca) needs to reach
    it: ``SPEECHD_ADDRESS`` and the runtime folder.
    """
    reason = missing()
    if reason:
        raise RuntimeError(reason)
    root = root or Path(tempfile.mkdtemp(prefix="sdl-"))  # short: socket paths are limited
    conf, run, logs, home = root / "conf", root / "run", root / "log", root / "home"
    modules = root / "modules"
    for d in (conf / "modules", run, logs, home, modules):
        d.mkdir(parents=True, exist_ok=True)
    # the modules' program: sd_generic behind tests/speechd_patient.py, which
    # offers a refused message again instead of letting it be dropped
    patient = modules / "sd_patient"
    patient.write_text(f'#!/bin/sh\nexec {sys.executable} {Path(__file__).with_name("speechd_patient.py")} '
                       f'{module_dir() / "sd_generic"} "$@"\n')
    patient.chmod(0o755)
    sock = run / "sd.sock"
    for module in ("game", "others"):
        (conf / "modules" / f"{module}.conf").write_text(_module_conf(root / f"{module}.spoken"))
    (conf / "speechd.conf").write_text(textwrap.dedent(f'''\
        CommunicationMethod "unix_socket"
        SocketPath "{sock}"
        Timeout 0
        LogLevel 5
        LogDir "{logs}"
        AudioOutputMethod "libao"
        AddModule "game" "sd_patient" "game.conf"
        AddModule "others" "sd_patient" "others.conf"
        DefaultModule others
        DefaultLanguage "en"
        BeginClient "*:audio_scrabble:*"
        DefaultModule game
        EndClient
        '''))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPEECHD_")}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(run), XDG_CONFIG_HOME=str(home / ".config"))
    out = open(root / "server.out", "wb")
    try:
        proc = subprocess.Popen(
            ["speech-dispatcher", "-s", "-C", str(conf), "-m", str(modules), "-S", str(sock),
             "-L", str(logs), "-l", "5", "-t", "0", "-P", str(run / "sd.pid")],
            env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    finally:
        out.close()
    server = Server(root, f"unix_socket:{sock}", sock, logs, proc,
                    {"SPEECHD_ADDRESS": f"unix_socket:{sock}"})
    if not wait_for(lambda: accepts(sock) or proc.poll() is not None, 15) or not accepts(sock):
        detail = (root / "server.out").read_text(errors="replace")[-2000:]
        server.stop()
        raise RuntimeError(f"speech-dispatcher did not start: {detail}")
    return server


@pytest.fixture
def logging_speechd(monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    """A logging server for the test, ``SPEECHD_ADDRESS`` pointing at it;
    skips (with the reason) where one cannot run."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Speech Dispatcher is the Linux screen-reader path")
    reason = missing()
    if reason:
        pytest.skip(reason)
    from audio_scrabble.presentation.speech import SpeechUnavailable, load_speechd

    try:
        load_speechd()
    except SpeechUnavailable as err:
        pytest.skip(err.reason)
    server = start()
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    try:
        yield server
    finally:
        server.stop()
        # the speechd library's reader threads end once their server has gone
        wait_for(lambda: not any(t.name == "SSIP client communication thread"
                                 for t in threading.enumerate()), 5)
