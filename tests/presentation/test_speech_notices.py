"""What the speech layer prints on its own fits a braille line (40 cells):
the notice that speech stopped, and why, come as whole lines of 40 or
fewer, the notice first (the why is for whoever mends the voice)."""

from __future__ import annotations

from audio_scrabble.presentation import speech


def test_the_stopped_notice_fits_a_braille_line() -> None:
    assert len(speech.SPEECH_STOPPED_NOTICE) <= 40


def test_a_long_reason_comes_after_the_notice_in_braille_lines() -> None:
    why = ("espeak-ng exited with status 1: cannot open audio device "
           "/dev/snd/pcmC0D0p (Device or resource busy)")
    lines = speech.stopped_lines(why)
    assert lines[0] == speech.SPEECH_STOPPED_NOTICE
    assert all(len(line) <= 40 for line in lines), lines
    assert " ".join(lines[1:]) == f"Why: {why}."
