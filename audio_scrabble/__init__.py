"""audio_scrabble: Scrabble for blind and partially sighted players."""

__version__ = "0.1.0"
