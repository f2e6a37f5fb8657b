"""Which screen reader reads the console (presentation/screen_readers.py,
issue s27 sr8, 1): the answers of the accessibility bus and of the system
as the module reads them, each way it decides. The real environment (a
Speech Dispatcher without Orca, Orca running) is
tests/e2e/test_speech_way_said.py and test_orca_speech_way.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from audio_scrabble.presentation import screen_readers as sr

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux way (/proc, AT-SPI)")

ORCA_EVENTS = ("([(':1.0', 'Focus::'), (':1.0', 'Object:TextCaretMoved:'), "
               "(':1.0', 'Object:TextChanged:Insert'), (':1.0', 'Window:Activate:')],)\n")
FOCUS_ONLY = "([(':1.3', 'Focus::'), (':1.3', 'Object:StateChanged:Focused')],)\n"
SESSION = {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/nowhere", "DISPLAY": ":5"}


def _bus(monkeypatch: pytest.MonkeyPatch, events: str | None, pid: int = 4242) -> list[list[str]]:
    asked: list[list[str]] = []

    def gdbus(args: list[str], env: object, timeout: float) -> str | None:
        asked.append(args)
        method = args[args.index("--method") + 1]
        if method == "org.a11y.Bus.GetAddress":
            return "('unix:path=/tmp/a11y,guid=1',)\n"
        if method.endswith("GetRegisteredEvents"):
            return events
        if method.endswith("GetConnectionUnixProcessID"):
            return f"(uint32 {pid},)\n"
        return None

    monkeypatch.setattr(sr, "_gdbus", gdbus)
    return asked


def test_orca_listening_for_new_text_is_found_by_its_process(monkeypatch: pytest.MonkeyPatch) -> None:
    _bus(monkeypatch, ORCA_EVENTS)
    monkeypatch.setattr(sr, "_names_of", lambda pid: ["orca", "python3", "orca"] if pid == 4242 else [])
    assert sr.linux_screen_reader(SESSION) == "Orca"


def test_a_reader_of_another_name_is_said_as_your_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    _bus(monkeypatch, ORCA_EVENTS)
    monkeypatch.setattr(sr, "_names_of", lambda pid: ["odilia"])
    assert sr.linux_screen_reader(SESSION) == sr.SOME_SCREEN_READER


def test_an_assistive_tool_that_reads_no_text_is_no_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    _bus(monkeypatch, FOCUS_ONLY)
    monkeypatch.setattr(sr, "_own_reader_process", lambda: pytest.fail("the bus answered"))
    assert sr.linux_screen_reader(SESSION) is None


def test_nobody_on_the_bus_is_none_whatever_runs_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    _bus(monkeypatch, "([],)\n")
    monkeypatch.setattr(sr, "_own_reader_process", lambda: "Fenrir")
    assert sr.linux_screen_reader(SESSION) is None


def test_without_a_session_bus_the_bus_is_not_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    asked = _bus(monkeypatch, ORCA_EVENTS)
    monkeypatch.setattr(sr, "_own_reader_process", lambda: None)
    assert sr.linux_screen_reader({"XDG_RUNTIME_DIR": str(tmp_path)}) is None
    assert asked == []


def test_the_users_bus_in_the_runtime_folder_is_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A login over ssh, a tmux started outside the desktop: no session
    variables, the user's bus at $XDG_RUNTIME_DIR/bus."""
    (tmp_path / "bus").touch()
    asked = _bus(monkeypatch, ORCA_EVENTS)
    monkeypatch.setattr(sr, "_names_of", lambda pid: ["orca"])
    assert sr.linux_screen_reader({"XDG_RUNTIME_DIR": str(tmp_path)}) == "Orca"
    assert asked


def test_a_console_reader_is_found_by_its_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sr, "_gdbus", lambda *a: None)
    me = Path(f"/proc/{os.getpid()}/comm").read_text().strip()
    monkeypatch.setattr(sr, "READER_PROCESSES", (me,))
    assert sr.linux_screen_reader({}) == me.capitalize()


@pytest.mark.parametrize(("synth", "found"), [("soft\n", "Speakup"), ("none\n", None)])
def test_speakup_reads_when_a_synthesizer_is_chosen(
    synth: str, found: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.setattr(sr, "_gdbus", lambda *a: None)
    monkeypatch.setattr(sr, "READER_PROCESSES", ())
    (tmp_path / "synth").write_text(synth)
    monkeypatch.setattr(sr, "SPEAKUP_SYNTH", tmp_path / "synth")
    assert sr.linux_screen_reader({}) == found


def test_without_gdbus_a_session_bus_cannot_be_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sr.shutil, "which", lambda name: None)
    assert sr.bus_cannot_be_asked(SESSION)
    assert not sr.bus_cannot_be_asked({})  # a text console: nothing to ask


def test_without_gdbus_the_old_sign_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """gdbus missing: whether Orca reads is not known, and a Speech
    Dispatcher that answers still counts (an Orca user keeps what worked)."""
    from audio_scrabble.presentation import speech

    monkeypatch.setattr(sr, "linux_screen_reader", lambda env=None, timeout=3.0: None)
    monkeypatch.setattr(sr, "bus_cannot_be_asked", lambda env=None: True)
    monkeypatch.setattr(speech, "_speech_dispatcher_answers", lambda timeout: True)
    assert speech.screen_reader_name() == sr.SOME_SCREEN_READER
    monkeypatch.setattr(sr, "bus_cannot_be_asked", lambda env=None: False)
    assert speech.screen_reader_name() is None
