"""The game over plain lines, when standard input is not a terminal (a
script piped in, a test): each prompt printed, each line answered, through
the same :class:`~.output.voice.Voice` as the prompt_toolkit application."""

from __future__ import annotations

from typing import TextIO

from ..presentation.speech import Speaker
from .output.voice import Voice
from .prompted import Prompted
from .session import Session


def read_plain(session: Prompted, voice: Voice, stdin: TextIO) -> str | None:
    """Print the session's prompt and read the next piped line (its newline
    kept); None at the end of the input, once the screen has a new line."""
    out = voice.screen
    out.write(session.prompt_text())
    out.flush()
    line = stdin.readline()
    if not line:
        out.write("\n")
        return None
    return line


def run_plain(session: Session, speaker: Speaker, stdin: TextIO, screen: TextIO | None = None) -> int:
    """The same game over plain lines (no terminal): each prompt, each answer."""
    session.defer_computers()
    voice = Voice(session, speaker, screen)
    with voice.one_reply():
        voice.notice()
        voice.answer(session.start())
        voice.computers(session)  # piped lines wait for each computer's move
    session.wake_with(None, voice.at_once)  # a slow command's first words (accept: the deal)
    while not session.finished:
        line = read_plain(session, voice, stdin)
        if line is None:
            voice.emit(session.end_of_input())
            if not session.finished:
                voice.emit(session.end_of_input())
            break
        with voice.one_reply():
            voice.answer(session.handle_line(line.rstrip("\n")))
            voice.computers(session)
    voice.close()
    return 0
