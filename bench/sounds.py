"""Sound cues: the audio library chosen on evidence, and the player's latency.

    python bench/sounds.py                  # the figures (about 20 s)
    python bench/sounds.py --path DIR       # also try candidates installed
                                            # with pip install --target DIR
    python bench/sounds.py --wheels         # also ask PyPI which wheels exist

What it measures, each in a fresh process:

1. No audio device (this build machine has no sound card): how long each
   candidate takes to fail, what it says, and how many lines of noise it
   writes on standard error. HOME points at an empty folder so that no
   personal ALSA set-up counts.
2. Latency through a fake sound card (Linux; tests/fake_soundcard.py):
   ALSA's default device is the file plugin over the null device, writing
   into a pipe that a thread drains at 44.1 kHz. The pipe is one page (512
   float32 stereo frames, 11.6 ms): the fake card's own buffer. For 40
   plays at uneven gaps it times
     - the call: how long ``play`` blocks the caller;
     - call to device write: from the call until the audio callback copies
       the sound's first block towards the device (libraries with a
       callback only);
     - call to sound out: until the fake card takes the first non-silent
       block out of the pipe (includes the library's device buffer and the
       fake card's 11.6 ms page).
3. The game's own :class:`SoundPlayer` (sounddevice) the same way, plus how
   long cues take to render in plain Python.

The target: key to sound at most 30 ms (issue 11).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CANDIDATES = ("sounddevice", "miniaudio", "pygame")
RATE = 44100
BLOCK = 256
PLAYS = 40

# Wheels on PyPI, checked 2026-11-25 with
#   pip download --no-deps --only-binary=:all: --platform P --python-version V NAME
# (run with --wheels to ask again).
WHEELS = {
    "sounddevice": "0.5.6 (2026-08): py3-none-any (Linux: needs the system's PortAudio, "
                   "Debian libportaudio2), win_amd64 and macOS universal2 with PortAudio inside",
    "miniaudio": "1.71 (2026-04): cp312 and cp314 wheels for win_amd64, macOS arm64 and "
                 "manylinux x86_64 (1.70 for manylinux2014); the C library inside, nothing to install",
    "pygame": "2.6.1 (2024-09): win, macOS, manylinux up to cp313, none for 3.14; 11-14 MB (SDL)",
    "synthizer": "0.12.6 (2023-05): win_amd64 only, none for Linux or macOS: not measured",
    "simpleaudio": "1.0.4 (2019-11): no wheels for Python 3.11+; unmaintained: not measured",
}


# ---------------------------------------------------------------------------
# the candidates behind one small interface (in the child process)


class _Source:
    """What a callback plays: the newest sound, cut when a newer one comes."""

    def __init__(self) -> None:
        self.current: tuple[bytes, int] | None = None
        self.picked: float = 0.0

    def play(self, data: bytes) -> None:
        self.current = (data, 0)

    def fill(self, nbytes: int) -> bytes:
        cur = self.current
        if cur is None:
            return bytes(nbytes)
        data, pos = cur
        if pos == 0:
            self.picked = time.perf_counter()
        chunk = data[pos:pos + nbytes]
        self.current = (data, pos + nbytes) if pos + nbytes < len(data) else None
        return chunk + bytes(nbytes - len(chunk))


def _open(name: str, source: _Source):
    """Open candidate ``name``; returns (play function, description)."""
    if name == "sounddevice":
        import sounddevice as sd

        def callback(outdata, frames, t, status):
            outdata[:] = source.fill(len(outdata))

        stream = sd.RawOutputStream(samplerate=RATE, channels=2, dtype="float32",
                                    blocksize=BLOCK, latency=0.005, callback=callback)
        stream.start()
        return source.play, f"PortAudio {sd.get_portaudio_version()[1]}, buffer {stream.latency * 1000:.1f} ms"
    if name == "miniaudio":
        import miniaudio

        B = miniaudio.Backend
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.FLOAT32, nchannels=2, sample_rate=RATE,
            buffersize_msec=3, backends=[B.WASAPI, B.COREAUDIO, B.PULSEAUDIO, B.ALSA],
        )

        def generator():
            frames = yield b""
            while True:
                frames = yield source.fill(frames * 8)

        g = generator()
        next(g)
        device.start(g)
        return source.play, f"backend {device.backend}, period 3 ms"
    if name == "pygame":
        os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        import pygame

        pygame.mixer.pre_init(RATE, 32, 2, BLOCK)
        pygame.mixer.init()
        channel = pygame.mixer.Channel(0)
        sounds: dict[bytes, object] = {}

        def play(data: bytes) -> None:
            sound = sounds.get(data) or sounds.setdefault(data, pygame.mixer.Sound(buffer=data))
            channel.play(sound)

        return play, f"SDL mixer, buffer {BLOCK} frames"
    raise SystemExit(f"unknown candidate {name}")


def _summary(xs: list[float]) -> dict:
    if not xs:
        return {}
    xs = sorted(xs)
    return {"n": len(xs), "median": statistics.median(xs), "p90": xs[max(0, int(0.9 * len(xs)) - 1)],
            "worst": xs[-1]}


def _child_no_device(name: str) -> dict:
    t0 = time.perf_counter()
    try:
        if name == "player":
            from audio_scrabble.presentation.sounds import SoundPlayer

            player = SoundPlayer().start()
            t1 = time.perf_counter()
            on = player.wait_ready(10)
            outcome = "opened" if on else f"off: {player.notice!r} ({'; '.join(player.errors)})"
        else:
            source = _Source()
            __import__(name)
            t1 = time.perf_counter()
            _, info = _open(name, source)
            outcome = f"opened ({info})"
    except BaseException as exc:  # noqa: BLE001 - the failure is the figure
        t1 = locals().get("t1", time.perf_counter())
        outcome = f"failed: {type(exc).__name__}: {exc}"
    t2 = time.perf_counter()
    return {"import_ms": (t1 - t0) * 1000, "open_ms": (t2 - t1) * 1000, "outcome": outcome}


def _tone(ms: int = 80) -> bytes:
    import array
    import math

    frames = int(RATE * ms / 1000)
    samples = array.array("f")
    for i in range(frames):
        v = 0.3 * math.sin(2 * math.pi * 660 * i / RATE)
        samples.extend((v, v))
    return samples.tobytes()


def _busy(stop) -> None:
    """Pure Python work on another thread, as the move generator does."""
    n = 0
    while not stop.is_set():
        for i in range(10000):
            n += i * i % 7


def _child_latency(name: str) -> dict:
    sys.path.insert(0, str(REPO / "tests"))
    import fake_soundcard

    card = fake_soundcard.install(RATE, 8, keep=False)
    t0 = time.perf_counter()
    if name == "player":
        from audio_scrabble.core.board import Board, Square
        from audio_scrabble.presentation.sounds import CUE_NAMES, SoundPlayer

        if os.environ.get("SOUNDS_BENCH_SWITCH"):
            sys.setswitchinterval(float(os.environ["SOUNDS_BENCH_SWITCH"]))
        latency = os.environ.get("SOUNDS_BENCH_LATENCY")
        player = (SoundPlayer(latency=float(latency)) if latency else SoundPlayer()).start()
        if not player.wait_ready(10):
            return {"error": player.notice + " " + "; ".join(player.errors)}
        info = (f"SoundPlayer: blocksize {player.blocksize}, latency asked {player.latency * 1000:.0f} ms, "
                f"device buffer {player.device_latency * 1000:.1f} ms")
        board = Board()
        for col, letter in zip(range(4, 11), "QUIXOTE"):
            board.put(Square(7, col), letter)
        # the cursor's walk: squares of every kind, most seen for the first time
        walk = [Square((3 * i) % 15, (7 * i + i // 15) % 15) for i in range(PLAYS)]

        def play(i: int) -> None:
            player.play_square(walk[i], board)

        def picked() -> float:
            return player.last_pickup
    else:
        source = _Source()
        play_bytes, info = _open(name, source)
        data = _tone()

        def play(i: int) -> None:
            play_bytes(data)

        def picked() -> float:
            return source.picked
    open_ms = (time.perf_counter() - t0) * 1000
    import threading

    stop = threading.Event()
    if os.environ.get("SOUNDS_BENCH_BUSY"):
        threading.Thread(target=_busy, args=(stop,), daemon=True).start()
    time.sleep(0.4)
    calls, writes, outs = [], [], []
    for i in range(PLAYS):
        card.clear()
        before = picked()
        t_call = time.perf_counter()
        play(i)
        t_back = time.perf_counter()
        time.sleep(0.12 + (i % 7) * 0.0037)  # uneven gaps: the phase against the card varies
        calls.append((t_back - t_call) * 1000)
        if picked() != before and picked() >= t_call:
            writes.append((picked() - t_call) * 1000)
        out = card.first_sound_after(t_call)
        if out is not None:
            outs.append((out - t_call) * 1000)
    stop.set()
    result = {"info": info, "open_ms": open_ms, "call": _summary(calls),
              "write": _summary(writes), "out": _summary(outs)}
    if name == "player":
        from audio_scrabble.presentation import sounds as sounds_module

        sounds_module._CACHE.clear()
        sounds_module._MONO.clear()
        t = time.perf_counter()
        sounds_module.cursor_tone(3, 4)
        result["render_tone_ms"] = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        for n in CUE_NAMES:
            sounds_module.cue(n)
        result["render_all_cues_ms"] = (time.perf_counter() - t) * 1000
        result["underflows"] = player.underflows
        player.close()
        import tracemalloc

        sounds_module._CACHE.clear()
        sounds_module._MONO.clear()
        tracemalloc.start()
        for sq in (Square(r, c) for r in range(15) for c in range(15)):
            sounds_module.square_sound(sq, board)
        for n in CUE_NAMES:
            for col in range(15):
                sounds_module.cue(n, col)
        result["kept_mb"] = tracemalloc.get_traced_memory()[0] / 1e6
        result["peak_mb"] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return result


# ---------------------------------------------------------------------------
# the parent: run each child, print figures


def _run_child(mode: str, name: str, extra_path: str | None, **extra_env: str) -> tuple[dict, int]:
    env = dict(os.environ, **extra_env)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), extra_path, env.get("PYTHONPATH")) if p
    )
    if mode == "nodevice":
        env["HOME"] = tempfile.mkdtemp(prefix="sounds-bench-home-")
    proc = subprocess.run(
        [sys.executable, __file__, "--child", mode, name], capture_output=True, text=True,
        timeout=120, env=env,
    )
    noise = len([line for line in proc.stderr.splitlines() if line.strip()])
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1]), noise
    except (IndexError, json.JSONDecodeError):
        return {"error": (proc.stderr.strip().splitlines() or ["no output"])[-1]}, noise


def _fmt(s: dict) -> str:
    if not s:
        return "not observable"
    return f"median {s['median']:.2f}, p90 {s['p90']:.2f}, worst {s['worst']:.2f} ms (n={s['n']})"


def _installed(name: str, extra_path: str | None) -> bool:
    code = f"import importlib.util,sys; sys.exit(0 if importlib.util.find_spec({name!r}) else 1)"
    env = dict(os.environ)
    if extra_path:
        env["PYTHONPATH"] = extra_path + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], env=env).returncode == 0


def _wheels() -> None:
    print("Wheels on PyPI now (pip download --only-binary=:all:, Python 3.12):")
    for name in (*CANDIDATES, "synthizer", "simpleaudio"):
        found = []
        for platform in ("win_amd64", "macosx_11_0_arm64", "manylinux2014_x86_64"):
            with tempfile.TemporaryDirectory() as d:
                subprocess.run(
                    [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                     "--platform", platform, "--python-version", "3.12", "-d", d, name],
                    capture_output=True, text=True, timeout=300,
                )
                files = os.listdir(d)
                found.append(f"{platform}: {files[0] if files else 'none'}")
        print(f"  {name}: " + "; ".join(found))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--path", help="a folder of candidates installed with pip install --target")
    ap.add_argument("--wheels", action="store_true", help="ask PyPI which wheels exist")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        mode, name = args.child
        result = _child_no_device(name) if mode == "nodevice" else _child_latency(name)
        print(json.dumps(result), file=sys.__stdout__)
        sys.__stdout__.flush()
        os._exit(0)  # some libraries hang at exit with a device open

    print("Audio library for sound cues (issue 11): figures from this machine")
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    print()
    print("Wheels (checked 2026-11-25 with pip download --only-binary):")
    for name, text in WHEELS.items():
        print(f"  {name}: {text}")
    if args.wheels:
        _wheels()
    present = [n for n in CANDIDATES if _installed(n, args.path)]
    missing = [n for n in CANDIDATES if n not in present]
    if missing:
        print(f"  not installed here, not measured: {', '.join(missing)} (use --path)")

    print()
    print("1. No audio device: time to fail, what is said, lines on stderr")
    for name in (*present, "player"):
        r, noise = _run_child("nodevice", name, args.path)
        if "error" in r:
            print(f"  {name}: child failed: {r['error']}")
            continue
        print(f"  {name}: import {r['import_ms']:.0f} ms, open {r['open_ms']:.0f} ms, "
              f"{noise} stderr lines; {r['outcome']}")

    if not sys.platform.startswith("linux"):
        print("\n2. Latency: the fake sound card needs Linux (ALSA); skipped")
        return
    print()
    print(f"2. Latency through the fake card ({PLAYS} plays; its pipe holds 11.6 ms)")
    runs = [(name, name, {}) for name in present] + [
        ("player", "player, idle", {}),
        ("player", "player, another thread busy in Python (a computer's turn)",
         {"SOUNDS_BENCH_BUSY": "1"}),
        ("player", "player, busy, sys.setswitchinterval(0.001)",
         {"SOUNDS_BENCH_BUSY": "1", "SOUNDS_BENCH_SWITCH": "0.001"}),
    ]
    for name, label, env in runs:
        r, noise = _run_child("latency", name, args.path, **env)
        if "error" in r:
            print(f"  {label}: {r['error']}")
            continue
        print(f"  {label}: {r['info']}; open {r['open_ms']:.0f} ms")
        print(f"    the call blocks:      {_fmt(r['call'])}")
        print(f"    call to device write: {_fmt(r['write'])}")
        print(f"    call to sound out:    {_fmt(r['out'])}")
        if "render_tone_ms" in r:
            print(f"    render: one cursor tone {r['render_tone_ms']:.1f} ms (once, then cached); "
                  f"all 11 cues {r['render_all_cues_ms']:.0f} ms (on the worker, while idle); "
                  f"underflows {r['underflows']}")
            print(f"    memory kept after every square and every cue at every column: "
                  f"{r['kept_mb']:.1f} MB (peak {r['peak_mb']:.1f} MB)")
    print()
    print("Target: key to sound at most 30 ms. On a real card, sound out is about")
    print("call to device write + the device buffer; the fake card adds its 11.6 ms page.")


if __name__ == "__main__":
    main()
