"""The sound cues, wired into the console (issue 11, "Hear the board").

A real :class:`SoundPlayer` plays into an in-process device: the test
pulls the audio the player hands to the device, block by block, as a
sound card's callback would, and compares it with the sound the cue
should make (what each cue sounds like is measured in tests/presentation/test_sounds.py).
"""

from __future__ import annotations

import threading
import time

import pytest

from audio_scrabble.cli import build_parser
from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.console.start import options_from
from audio_scrabble.core.board import Square
from audio_scrabble.presentation import sounds
from audio_scrabble.presentation.sounds import SoundPlayer
from console_kit import passers  # type: ignore[import-not-found]


class PulledDevice:
    """An output device whose audio the test pulls: the player's callback
    fills each block, as PortAudio's would."""

    def __init__(self) -> None:
        self.callback = None
        self.blocksize = 256
        self.closed = threading.Event()

    def opener(self, callback, *, rate, blocksize, latency, stopped):
        self.callback, self.blocksize = callback, blocksize
        return self

    def stop(self) -> None:
        pass

    def close(self) -> None:
        self.closed.set()

    def pull(self, timeout: float = 2.0, quiet_after: float = 0.6) -> bytes:
        """The next sound: every block from its first sound until
        ``quiet_after`` seconds of silence (a cue may hold short gaps)."""
        out = bytearray()
        quiet = 0
        need = int(quiet_after * sounds.RATE / self.blocksize)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            block = bytearray(self.blocksize * 8)  # float32 stereo
            self.callback(memoryview(block), self.blocksize, None, None)
            if any(block):
                out += block
                quiet = 0
            elif out:
                out += block
                quiet += 1
                if quiet >= need:
                    break
            else:
                time.sleep(0.002)  # the worker may still be rendering
        return bytes(out).rstrip(b"\x00")


def session_with(device: PulledDevice, **opts) -> Session:
    opts.setdefault("sounds", True)
    s = Session(Options(players="Alice,computer:club", seed=4, **opts), lexicon=services.WordSet(["QI", "AT", "TA"]),
                computer_factory=passers,
                sound_player=lambda: SoundPlayer(opener=device.opener).start())
    s.start()
    if opts["sounds"]:
        assert s.cues is not None and s.cues.player.wait_ready(2.0)
        device.pull(0.5)  # whatever the opening played
    return s


def expected(sound: sounds.Sound) -> bytes:
    return sound.interleaved().rstrip(b"\x00")


def test_a_cursor_key_plays_the_square_it_reaches():
    device = PulledDevice()
    s = session_with(device)
    s.key("up")  # from the star to H7: two dots (double letter)
    assert s.reader.cursor.square == Square(6, 7)
    heard = device.pull()
    assert heard and heard == expected(sounds.square_sound(Square(6, 7), s.board))
    s.key("left")  # G7: two dots too, one column to the left
    assert device.pull() == expected(sounds.square_sound(Square(6, 6), s.board))


def test_the_edge_bumps():
    device = PulledDevice()
    s = session_with(device)
    s.handle_line("goto A1")
    device.pull(0.3)
    out = s.key("left")
    assert out[0].startswith("Left edge") or "edge" in out[0].lower()
    assert device.pull() == expected(sounds.cue("edge", 0))


def test_a_refused_play_sounds_refused_and_your_turn_comes_with_its_cue():
    device = PulledDevice()
    s = session_with(device)
    if s.game.current != 0:
        s.handle_line("pass")
        device.pull(0.3)
    s.handle_line("play 1A QI")  # not on the star: refused by the rules
    assert device.pull() == expected(sounds.cue("refused"))
    s.handle_line("pass")  # the computer passes in turn: Alice's turn again
    assert device.pull() == expected(sounds.cue("your_turn"))


def test_no_device_turns_sounds_off_in_one_line_once():
    def no_device(callback, **options):
        raise OSError("Error querying device -1")

    s = Session(Options(players="Alice,computer:club", seed=4, sounds=True), lexicon=services.WordSet(["QI"]),
                computer_factory=passers, sound_player=lambda: SoundPlayer(opener=no_device).start())
    opening = s.start()  # the game waits a moment for the device, then knows
    # no news at start-up (issue 22, point 7): not said then, nor later unasked
    assert not any("Sounds off" in x for x in opening) and opening[0].startswith("Audio Scrabble")
    later = s.handle_line("scores") + s.key("up") + s.handle_line("rack")
    assert not any("Sounds off" in x for x in later)
    described = s.handle_line("set")  # the setting says what is really in use, and why
    assert described[described.index("sounds off.") + 1] == "Sounds off: no audio device found."
    # tried again: said again, after the answer
    assert s.handle_line("set sounds on") == ["Sounds on.", "Sounds off: no audio device found."]


def test_set_sounds_starts_and_stops_the_player():
    device = PulledDevice()
    s = session_with(device, sounds=False)
    assert s.cues is None
    assert s.handle_line("set sounds on") == ["Sounds on."]
    assert s.cues is not None and s.cues.player.wait_ready(2.0)
    s.key("down")
    assert device.pull() == expected(sounds.square_sound(Square(8, 7), s.board))
    assert s.handle_line("set sounds off") == ["Sounds off."]
    assert s.cues is None and device.closed.wait(2.0)


def test_sounds_are_off_by_default_and_on_with_tts_unless_chosen():
    parser = build_parser([])
    assert options_from(parser.parse_args([])).sounds is None
    assert options_from(parser.parse_args(["--sounds", "on"])).sounds is True
    assert options_from(parser.parse_args(["--sounds", "off", "--speech", "tts"])).sounds is False
    with pytest.raises(SystemExit):
        parser.parse_args(["--sounds", "loud"])
    assert Session(Options()).settings.sounds is False
    assert Session(Options(speech="tts")).settings.sounds is True
    assert Session(Options(speech="tts", sounds=False)).settings.sounds is False
