"""Sound cues, measured from the WAV files they render to, and the player.

Every cue is written to a real WAV file with the wave module, read back,
and measured in plain Python: pitch by zero crossings (checked against a
Goertzel filter), pan by each ear's RMS, distinctness by a coarse
spectrogram (20 ms slices x quarter-octave Goertzel bands), bursts by the
loudness envelope. The player is driven with the real sounddevice and
PortAudio: on this machine there is no sound card (the no-device case),
and a fake card (ALSA's file plugin into a pipe, tests/fake_soundcard.py)
stands in for one where a test needs to hear what was played.
"""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
import threading
import wave
from pathlib import Path

import pytest

from audio_scrabble.core.board import CENTRE, SIZE, Board, Square, premium_at
from audio_scrabble.presentation import sounds
from audio_scrabble.presentation.sounds import (
    CUE_NAMES,
    NO_DEVICE,
    NO_LIBRARY,
    NO_PORTAUDIO,
    RATE,
    SoundPlayer,
    cue,
    cursor_tone,
    read_wav,
    row_pitch,
    square_sound,
    write_wav,
)

REPO = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------
# Measuring sounds (plain Python: numpy is no dependency of the game)


def wav_of(sound: sounds.Sound, tmp_path: Path) -> sounds.Sound:
    """Write ``sound`` to a WAV file and read that file back."""
    path = write_wav(sound, tmp_path / f"{sound.name.replace(' ', '_')}.wav")
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (2, 2, RATE)
        assert w.getnframes() == sound.frames
    return read_wav(path)


def mono(s: sounds.Sound) -> list[float]:
    return [a + b for a, b in zip(s.left, s.right)]


def rms(xs) -> float:
    return math.sqrt(sum(x * x for x in xs) / len(xs)) if len(xs) else 0.0


def zero_crossing_pitch(xs: list[float], rate: int) -> float:
    """Frequency from the rising zero crossings (interpolated) of the middle half."""
    n = len(xs)
    part = xs[n // 4: 3 * n // 4]
    ups = []
    for i in range(1, len(part)):
        a, b = part[i - 1], part[i]
        if a < 0 <= b:
            ups.append(i - 1 + (-a) / (b - a))
    assert len(ups) >= 3, "too few cycles to measure a pitch"
    return rate * (len(ups) - 1) / (ups[-1] - ups[0])


def goertzel(xs, rate: int, freq: float) -> float:
    """Power of ``xs`` at ``freq`` (one Goertzel filter)."""
    k = 2.0 * math.cos(2.0 * math.pi * freq / rate)
    s1 = s2 = 0.0
    for x in xs:
        s1, s2 = x + k * s1 - s2, s1
    return (s1 * s1 + s2 * s2 - k * s1 * s2) / max(1, len(xs)) ** 2


BANDS = [110.0 * 2 ** (i / 4) for i in range(22)]  # 110 Hz .. 4.4 kHz, quarter octaves
SLICE = RATE // 50  # 20 ms


def spectrogram(s: sounds.Sound) -> list[list[float]]:
    """Quarter-octave band powers of each 20 ms slice, decimated by 2."""
    xs = mono(s)
    return [
        [goertzel(xs[i:i + SLICE:2], RATE // 2, f) for f in BANDS]
        for i in range(0, len(xs), SLICE)
    ]


def distance(a: sounds.Sound, b: sounds.Sound) -> float:
    """How different two sounds are: 0 the same, 1 nothing in common.

    One minus the cosine similarity of their spectrograms (log-compressed,
    aligned at the start, the shorter padded with silence)."""
    sa, sb = spectrogram(a), spectrogram(b)
    n = max(len(sa), len(sb))
    pad = [0.0] * len(BANDS)
    va = [math.log1p(1e4 * p) for row in sa + [pad] * (n - len(sa)) for p in row]
    vb = [math.log1p(1e4 * p) for row in sb + [pad] * (n - len(sb)) for p in row]
    dot = sum(x * y for x, y in zip(va, vb))
    norm = math.sqrt(sum(x * x for x in va)) * math.sqrt(sum(y * y for y in vb))
    return 1.0 - dot / norm


def bursts(s: sounds.Sound, threshold: float = 0.25) -> list[tuple[float, float]]:
    """(start, length) in seconds of each loud stretch of the 2 ms envelope."""
    xs = mono(s)
    step = RATE // 500
    env = [rms(xs[i:i + step]) for i in range(0, len(xs), step)]
    top = max(env)
    out, start = [], None
    for i, e in enumerate(env + [0.0]):
        if e >= threshold * top and start is None:
            start = i
        elif e < threshold * top * 0.6 and start is not None:
            out.append((start * step / RATE, (i - start) * step / RATE))
            start = None
    return out


# ---------------------------------------------------------------------------
# The cues, as rendered to WAV


def test_every_cue_renders_to_a_short_loud_enough_unclipped_wav(tmp_path):
    for name in CUE_NAMES:
        heard = wav_of(cue(name), tmp_path)
        assert 0.05 <= heard.duration <= 0.5, (name, heard.duration)
        peak = max(max(map(abs, heard.left)), max(map(abs, heard.right)))
        assert 0.1 < peak < 0.99, (name, peak)
        # it ends in silence: no click when it stops
        assert max(abs(v) for v in heard.left[-20:]) < 0.01, name


def test_cursor_tone_is_short_and_its_pitch_follows_the_row_top_highest(tmp_path):
    measured = []
    for row in range(SIZE):
        heard = wav_of(cursor_tone(row, 7), tmp_path)
        assert heard.duration <= 0.06
        f = zero_crossing_pitch(mono(heard), RATE)
        assert f == pytest.approx(row_pitch(row), rel=0.005)
        # the energy really is there (not a harmonic trick of the crossings)
        xs = mono(heard)
        assert goertzel(xs, RATE, f) > 50 * goertzel(xs, RATE, f * 1.5)
        measured.append(f)
    # row 1 (top) is the highest, each row down at least a semitone lower
    for upper, lower in zip(measured, measured[1:]):
        assert upper / lower >= 2 ** (1 / 12) * 0.995
    assert measured[0] / measured[-1] == pytest.approx(4.0, rel=0.01)  # two octaves
    assert measured[7] == pytest.approx(523.25, rel=0.005)  # the star's row on C5


def test_cursor_tone_pan_follows_the_column_a_left_o_right(tmp_path):
    shares, loudness = [], []
    for col in range(SIZE):
        heard = wav_of(cursor_tone(7, col), tmp_path)
        left, right = rms(heard.left), rms(heard.right)
        shares.append(right / (left + right))
        loudness.append(left * left + right * right)
    assert all(a < b for a, b in zip(shares, shares[1:]))
    assert shares[0] < 0.01  # column A: left ear only
    assert shares[-1] > 0.99  # column O: right ear only
    assert shares[7] == pytest.approx(0.5, abs=0.01)  # column H: the middle
    # the same loudness wherever it sits (equal-power panning)
    assert max(loudness) / min(loudness) == pytest.approx(1.0, abs=0.02)


def test_a_cue_placed_at_a_column_sits_there(tmp_path):
    left_edge = wav_of(cue("edge", 0), tmp_path)
    right_edge = wav_of(cue("edge", SIZE - 1), tmp_path)
    assert rms(left_edge.right) < 0.01 * rms(left_edge.left)
    assert rms(right_edge.left) < 0.01 * rms(right_edge.right)


def test_every_cue_is_distinct_from_every_other(tmp_path):
    heard = {name: wav_of(cue(name), tmp_path) for name in CUE_NAMES}
    for row in (0, 7, 14):  # the cursor tone at the top, middle and bottom rows
        heard[f"tone row {row + 1}"] = wav_of(cursor_tone(row, 7), tmp_path)
    closest = min(
        (distance(heard[a], heard[b]), a, b) for a, b in itertools.combinations(heard, 2)
    )
    assert closest[0] > 0.3, closest
    # a sound is at distance 0 from itself (the measure can tell)
    assert distance(heard["bingo"], wav_of(cue("bingo"), tmp_path)) < 1e-9


def test_premium_cues_play_their_braille_marks_dots_short_and_high_bars_long_and_low(tmp_path):
    marks = {
        "double_letter": 2, "triple_letter": 3, "double_word": 2, "triple_word": 3,
    }
    for name, count in marks.items():
        found = bursts(wav_of(cue(name), tmp_path))
        assert len(found) == count, (name, found)
    dots = bursts(wav_of(cue("double_letter"), tmp_path))
    bars = bursts(wav_of(cue("double_word"), tmp_path))
    assert max(length for _, length in dots) < 0.04 < min(length for _, length in bars)
    dot_pitch = zero_crossing_pitch(mono(wav_of(cue("double_letter"), tmp_path))[:int(0.02 * RATE)], RATE)
    bar = mono(wav_of(cue("double_word"), tmp_path))[:int(0.06 * RATE)]
    assert dot_pitch > 1500
    assert goertzel(bar, RATE, 440) > 10 * goertzel(bar, RATE, dot_pitch)


def test_star_rises_accepted_rises_refused_falls(tmp_path):
    def pitch_at(s, start, end):
        xs = mono(s)
        return zero_crossing_pitch(xs[int(start * RATE):int(end * RATE)], RATE)

    star = wav_of(cue("star"), tmp_path)
    assert pitch_at(star, 0.0, 0.04) < pitch_at(star, 0.10, 0.14)
    accepted = wav_of(cue("accepted"), tmp_path)
    assert pitch_at(accepted, 0.0, 0.08) < pitch_at(accepted, 0.10, 0.20)
    refused = wav_of(cue("refused"), tmp_path)
    assert pitch_at(refused, 0.0, 0.11) > pitch_at(refused, 0.14, 0.27)


def test_square_sound_is_the_tone_then_what_is_on_the_square(tmp_path):
    empty_plain = Square(1, 0)  # A2: no premium
    assert premium_at(empty_plain) is None
    plain = wav_of(square_sound(empty_plain), tmp_path)
    assert plain.duration == pytest.approx(0.05, abs=0.002)

    a1 = square_sound(Square(0, 0))  # a triple word square
    heard = wav_of(a1, tmp_path)
    assert heard.duration <= 0.4
    tone_part = heard.left[: int(0.05 * RATE)]
    assert zero_crossing_pitch(list(tone_part), RATE) == pytest.approx(row_pitch(0), rel=0.005)
    assert rms(heard.right) < 0.01 * rms(heard.left)  # column A: all of it on the left
    assert len(bursts(heard)) == 1 + 3  # the tone, then three bars

    board = Board()
    board.put(CENTRE, "Q")
    on_tile = wav_of(square_sound(CENTRE, board), tmp_path)
    on_star = wav_of(square_sound(CENTRE, Board()), tmp_path)
    tone = wav_of(cursor_tone(CENTRE.row, CENTRE.col), tmp_path)
    assert distance(on_tile, on_star) > 0.25
    # the mark follows the tone: the start of both is the tone itself
    n = tone.frames - int(0.016 * RATE)
    assert list(on_tile.left[:n]) == pytest.approx(list(tone.left[:n]), abs=1e-4)
    assert square_sound(CENTRE, Board(), mark=None).frames == tone.frames


def test_chain_plays_one_cue_after_the_other(tmp_path):
    accepted, your_turn = cue("accepted"), cue("your_turn")
    both = wav_of(sounds.chain(accepted, your_turn, gap=0.05), tmp_path)
    gap = int(0.05 * RATE)
    assert both.frames == accepted.frames + gap + your_turn.frames
    assert max(map(abs, both.left[accepted.frames:accepted.frames + gap])) == 0
    tail = list(both.left[accepted.frames + gap:])
    assert tail == pytest.approx(list(your_turn.left), abs=1e-4)


def test_event_cues_follow_a_real_game():
    """A seeded random game (tests/randplay.py) with plays, a bingo and
    challenges both ways: each event gets the cue that says what happened."""
    import random

    from randplay import PseudoLexicon, play_to_end

    from audio_scrabble.core import VARIANTS, Game
    from audio_scrabble.core.events import ChallengeResolved, TilesPlaced

    game = Game(["Ann", "Ben"], VARIANTS["double"], seed=0, lexicon=PseudoLexicon())
    play_to_end(game, random.Random(0))
    heard = {}
    for event in game.history:
        said = sounds.event_cue(event)
        if isinstance(event, TilesPlaced):
            assert said == ("bingo" if event.breakdown.bingo == 50 else "accepted")
            heard.setdefault("bingo" if said == "bingo" else "play", said)
        elif isinstance(event, ChallengeResolved):
            assert said == ("refused" if event.withdrawn else "accepted")
            heard.setdefault("withdrawn" if event.withdrawn else "stood", said)
        else:
            assert said is None
            heard.setdefault("other", said)
    assert heard == {"play": "accepted", "bingo": "bingo", "withdrawn": "refused",
                     "stood": "accepted", "other": None}


def test_row_and_column_outside_the_board_are_refused():
    with pytest.raises(ValueError):
        row_pitch(SIZE)
    with pytest.raises(ValueError):
        cursor_tone(0, -1)
    with pytest.raises(ValueError):
        cue("trumpet")


def test_wav_files_round_trip(tmp_path):
    original = cue("bingo", 3)
    back = wav_of(original, tmp_path)
    assert back.frames == original.frames
    assert max(abs(a - b) for a, b in zip(original.left, back.left)) < 1 / 30000
    assert max(abs(a - b) for a, b in zip(original.right, back.right)) < 1 / 30000


# ---------------------------------------------------------------------------
# The player


def _has_output_device() -> bool:
    try:
        import sounddevice
    except (ImportError, OSError):
        return False
    try:
        sounddevice.query_devices(kind="output")
    except Exception:  # noqa: BLE001 - PortAudioError: no default output
        return False
    return True


@pytest.mark.skipif(_has_output_device(), reason="this machine has an audio output device")
def test_player_with_no_audio_device_turns_off_with_one_line():
    said: list[str] = []
    player = SoundPlayer(on_off=said.append)
    assert player.start() is player
    player.play("bingo")  # while opening: no exception, returns
    assert player.wait_ready(10) is False
    assert player.state == "off" and not player.on
    assert said == [player.notice]
    assert player.notice in (NO_DEVICE, NO_LIBRARY, NO_PORTAUDIO)
    assert len(player.notice) <= 40 and "\n" not in player.notice
    assert player.take_notice() == player.notice
    assert player.take_notice() is None  # said once
    player.play("tile")  # off: nothing happens, nothing raised
    player.play(cursor_tone(0, 0))
    player.silence()
    player.close()
    assert said == [player.notice]


def test_why_off_names_the_missing_part():
    assert sounds._why_off(ImportError("No module named 'sounddevice'")) == NO_LIBRARY
    assert sounds._why_off(OSError("PortAudio library not found")) == NO_PORTAUDIO
    assert sounds._why_off(RuntimeError("Error querying device -1")) == NO_DEVICE


def test_player_never_blocks_the_caller_while_the_device_hangs():
    """start and play return while the audio output takes forever to open."""
    release = threading.Event()
    opened = threading.Event()

    def slow_device(callback, **options):
        opened.set()
        release.wait(30)
        raise OSError("device never answered")

    said: list[str] = []
    player = SoundPlayer(opener=slow_device, on_off=said.append)
    done = threading.Event()

    def caller():
        player.start()
        for name in CUE_NAMES:
            player.play(name)
        player.play(cursor_tone(3, 3))
        done.set()

    threading.Thread(target=caller, daemon=True).start()
    assert done.wait(10), "play or start blocked on the device"
    assert opened.wait(10)
    assert player.state == "starting" and said == []
    release.set()
    assert player.wait_ready(10) is False
    assert said == [NO_DEVICE]
    player.close()


CARD_SCRIPT = r"""
import sys, time, json
sys.path.insert(0, sys.argv[1])
import fake_soundcard
card = fake_soundcard.install()
from audio_scrabble.presentation import sounds
player = sounds.SoundPlayer().start()
if not player.wait_ready(10):
    print(json.dumps({"off": player.notice, "errors": player.errors})); sys.exit(0)
time.sleep(0.3)
t0 = time.perf_counter()
player.play("refused")
time.sleep(0.06)
t1 = time.perf_counter()
player.play("accepted")
time.sleep(0.5)
t2 = time.perf_counter()
from audio_scrabble.core.board import Square
player.play_square(Square(0, 0))  # A1: top row, far left, three bars
time.sleep(0.6)
player.close()
time.sleep(0.05)
data = card.floats(since=t0)
import array, wave
out = array.array("h", (max(-32767, min(32767, int(v * 32767))) for v in data))
with wave.open(sys.argv[2], "wb") as w:
    w.setnchannels(2); w.setsampwidth(2); w.setframerate(44100); w.writeframes(out.tobytes())
a1 = card.floats(since=t2)
left, right = a1[0::2], a1[1::2]
print(json.dumps({"off": None, "pickup": player.last_pickup - t2,
                  "a1": [sum(v * v for v in left), sum(v * v for v in right)],
                  "a1_left": list(left)}))
"""


def test_player_plays_through_a_real_portaudio_device_and_newest_cuts_previous(tmp_path):
    """Real sounddevice, PortAudio and ALSA into the fake card; the WAV heard
    holds the start of "refused", cut, then all of "accepted"."""
    try:
        import sounddevice  # noqa: F401
    except ImportError as err:
        pytest.skip(f"sounddevice is not installed ({err})")
    except OSError as err:  # the module is there, the library it loads is not
        pytest.skip(f"PortAudio is not installed (tests/DEBIAN_PACKAGES.sounds): {err}")
    if not sys.platform.startswith("linux"):
        pytest.skip("the fake card is ALSA's file plugin")
    import json

    script = tmp_path / "card.py"
    script.write_text(CARD_SCRIPT)
    captured = tmp_path / "heard.wav"
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, str(script), str(REPO / "tests"), str(captured)],
        capture_output=True, text=True, timeout=60, env=env,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    if result["off"] == NO_PORTAUDIO:
        pytest.skip("PortAudio is not installed (tests/DEBIAN_PACKAGES.sounds)")
    assert result["off"] is None, result
    xs = mono(read_wav(captured))
    assert any(abs(v) > 1e-3 for v in xs), "nothing came out of the card"
    refused, accepted = mono(cue("refused")), mono(cue("accepted"))
    ref_at = locate(xs, refused, 0)
    acc_at = locate(xs, accepted, ref_at + 1)
    # all of "accepted" came out, sample for sample
    assert list(xs[acc_at:acc_at + len(accepted)]) == pytest.approx(accepted, abs=2e-4)
    # before it "refused" began and was cut short, about 60 ms in
    cut_after = (acc_at - ref_at) / RATE
    assert 0.03 < cut_after < len(refused) / RATE - 0.1
    assert list(xs[ref_at:acc_at]) == pytest.approx(refused[:acc_at - ref_at], abs=2e-4)
    # the player handed it to the device after it was asked (how soon is
    # a figure, not a test: bench/sounds.py measures it)
    assert 0 <= result["pickup"]
    # the cursor on A1: all in the left ear, the top row's pitch, three bars
    left_energy, right_energy = result["a1"]
    assert left_energy > 0 and right_energy < 1e-6 * left_energy
    a1_left = result["a1_left"]
    want = list(square_sound(Square(0, 0)).left)
    at = locate(a1_left, want, 0)
    assert a1_left[at:at + len(want)] == pytest.approx(want, abs=2e-4)


def test_player_refuses_unknown_cues_and_squares_off_the_board_at_once():
    player = SoundPlayer(opener=lambda callback, **options: (_ for _ in ()).throw(OSError("none")))
    with pytest.raises(ValueError):
        player.play_cue("trumpet")
    with pytest.raises(ValueError):
        player.play_cue("tile", SIZE)
    with pytest.raises(ValueError):
        player.play_square(Square(SIZE, 0))
    with pytest.raises(ValueError):
        player.play_square(Square(0, 0), mark="trumpet")


def locate(xs: list[float], want: list[float], start: int) -> int:
    """Where ``want`` begins in ``xs`` (at or after ``start``), matching its
    first loud 64 samples."""
    first = next(i for i, v in enumerate(want) if abs(v) > 1e-3)
    probe = want[first:first + 64]
    for i in range(start + first, len(xs) - len(probe)):
        if abs(xs[i] - probe[0]) < 2e-4 and all(
            abs(xs[i + k] - probe[k]) < 2e-4 for k in range(len(probe))
        ):
            return i - first
    raise AssertionError("the sound was not found in what came out")


def test_memory_stays_bounded_however_long_the_cursor_wanders():
    board = Board()
    board.put(CENTRE, "Q")
    first = list(square_sound(Square(0, 0), board).left)
    for row in range(SIZE):
        for col in range(SIZE):
            square_sound(Square(row, col), board)
    for name in CUE_NAMES:
        for col in range(SIZE):
            cue(name, col)
    assert len(sounds._CACHE) <= sounds.PLACED_KEPT
    # what was let go comes back the same
    assert list(square_sound(Square(0, 0), board).left) == first
