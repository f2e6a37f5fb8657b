"""Which screen reader is really reading this console, if any.

A Speech Dispatcher that answers is no sign of one: other programs start
it too (a browser's speech, a reading tool), and a player who relies on
the game's own voice would then hear nothing. On Linux a screen reader is
found where it reads:

* on the session's accessibility bus (AT-SPI): an assistive technology
  that listens for text inserted in a window (``Object:TextChanged:Insert``,
  which is how Orca reads a terminal's new lines), asked of the AT-SPI
  registry, named by its process (``Orca`` when its name says so);
* else (a text console): a console screen reader, Fenrir (a process of
  this user named ``fenrir``) or Speakup (the kernel's, with a
  synthesizer chosen in ``/sys/accessibility/speakup/synth``). Orca reads
  a terminal only through the accessibility bus; a login over ssh or a
  tmux started outside the desktop still reaches that bus through the
  user's bus at ``$XDG_RUNTIME_DIR/bus``.

The bus is asked with ``gdbus`` (GLib's tool). Where a session bus exists
but gdbus is not installed, the answer is not known, and the old sign is
kept (:func:`bus_cannot_be_asked`; ``speech.screen_reader_name``): a
Speech Dispatcher that answers.

Elsewhere (Windows, macOS) the screen-reader interface decides (NVDA,
JAWS, VoiceOver found by accessible_output2 or Prism; plain speech
engines such as SAPI do not count): see ``speech.screen_reader_running``.

Nothing here starts a server or changes a setting; every question has a
time limit.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Mapping

__all__ = ["linux_screen_reader", "bus_cannot_be_asked", "READER_PROCESSES", "SOME_SCREEN_READER"]

#: process names of screen readers that read a console without AT-SPI
READER_PROCESSES = ("fenrir",)
#: Speakup's synthesizer, "none" when it reads nothing
SPEAKUP_SYNTH = Path("/sys/accessibility/speakup/synth")

#: the name said when a screen reader reads but its own name is not known
SOME_SCREEN_READER = "your screen reader"

#: the event a screen reader listens for to read new text
_TEXT_INSERTED = "Object:TextChanged:Insert"


def _gdbus(args: list[str], env: Mapping[str, str], timeout: float) -> str | None:
    tool = shutil.which("gdbus")
    if tool is None:
        return None
    try:
        done = subprocess.run([tool, "call", *args], env=dict(env), capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _has_session_bus(env: Mapping[str, str]) -> bool:
    runtime = env.get("XDG_RUNTIME_DIR")
    return any(env.get(k) for k in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY")) or bool(
        runtime and Path(runtime, "bus").exists())


def bus_cannot_be_asked(env: Mapping[str, str] | None = None) -> bool:
    """The session has a bus, but ``gdbus`` (Debian: libglib2.0-bin), which
    asks it, is not installed: whether a screen reader reads is not known
    (the caller falls back to the old sign, a Speech Dispatcher that answers)."""
    return _has_session_bus(os.environ if env is None else env) and shutil.which("gdbus") is None


def _accessibility_bus(env: Mapping[str, str], timeout: float) -> str | None:
    """The address of the session's accessibility bus, if it has one."""
    if not _has_session_bus(env):
        return None
    said = _gdbus(["--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                   "--method", "org.a11y.Bus.GetAddress"], env, timeout)
    found = re.search(r"'([^']+)'", said or "")
    return found.group(1) if found else None


def _readers_on(address: str, env: Mapping[str, str], timeout: float) -> list[str] | None:
    """The bus names of those listening for inserted text on the
    accessibility bus at ``address`` (None: the registry did not answer)."""
    said = _gdbus(["--address", address, "--dest", "org.a11y.atspi.Registry",
                   "--object-path", "/org/a11y/atspi/registry",
                   "--method", "org.a11y.atspi.Registry.GetRegisteredEvents"], env, timeout)
    if said is None:
        return None
    pairs = re.findall(r"\('([^']*)', '([^']*)'\)", said)
    return sorted({name for name, event in pairs if event.startswith(_TEXT_INSERTED)})


def _process_of(address: str, bus_name: str, env: Mapping[str, str], timeout: float) -> int | None:
    said = _gdbus(["--address", address, "--dest", "org.freedesktop.DBus",
                   "--object-path", "/org/freedesktop/DBus",
                   "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", bus_name],
                  env, timeout)
    found = re.search(r"uint32 (\d+)", said or "")
    return int(found.group(1)) if found else None


def _names_of(pid: int) -> list[str]:
    """The process's name and its program's (a Python launcher's script too)."""
    names: list[str] = []
    with contextlib.suppress(OSError):
        names.append(Path(f"/proc/{pid}/comm").read_text().strip())
    with contextlib.suppress(OSError):
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        names += [os.path.basename(a.decode(errors="replace")) for a in argv[:2] if a]
    return names


def _reader_name(pid: int | None) -> str:
    if pid is not None and any("orca" in name.lower() for name in _names_of(pid)):
        return "Orca"
    return SOME_SCREEN_READER


def _own_reader_process() -> str | None:
    """A console screen reader of this user's (Fenrir by its process's
    name) or the kernel's (Speakup), if one reads."""
    me = os.getuid()
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                if entry.stat().st_uid != me:
                    continue
                name = Path(entry.path, "comm").read_text().strip()
                if name in READER_PROCESSES:
                    return name.capitalize()
    with contextlib.suppress(OSError):
        if SPEAKUP_SYNTH.read_text().strip() not in ("", "none"):
            return "Speakup"
    return None


def linux_screen_reader(env: Mapping[str, str] | None = None, timeout: float = 3.0) -> str | None:
    """The screen reader reading this session (``"Orca"``, ``"Fenrir"``,
    ``"Speakup"`` or :data:`SOME_SCREEN_READER`), or None. ``env``: the session's
    environment (this process's by default)."""
    env = os.environ if env is None else env
    end = time.monotonic() + timeout

    def left() -> float:  # the three questions share the time limit
        return max(0.05, end - time.monotonic())

    address = _accessibility_bus(env, left())
    if address is not None:
        readers = _readers_on(address, env, left())
        if readers is not None:
            if not readers:
                return None
            return _reader_name(_process_of(address, readers[0], env, left()))
    return _own_reader_process()
