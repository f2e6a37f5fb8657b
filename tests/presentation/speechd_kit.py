"""Shared by the tests of the screen-reader path (Speech Dispatcher): the
skips, each saying why, where the game's client of it cannot run."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from audio_scrabble.presentation import speech
from audio_scrabble.presentation.speech import SpeechUnavailable


def skip_without_speechd_client() -> None:
    """Skip the test unless this is Linux, the speechd module loads and
    accessible_output2 is installed."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Speech Dispatcher is the Linux screen-reader path")
    try:
        speech.load_speechd()
    except SpeechUnavailable as err:
        pytest.skip(err.reason)
    if importlib.util.find_spec("accessible_output2") is None:
        pytest.skip("accessible_output2 is not installed")
