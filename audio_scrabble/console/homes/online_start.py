"""``audio-scrabble online``: the console opened on play between homes.

The same console and options as ``audio-scrabble``; instead of the
questions before a game, it answers ``online`` at once (signing in, one
question at a time, or resuming the account on file and saying who moved
while the player was away); ``games``, ``invite``, ``accept N`` and
``open N`` follow from there.
"""

from __future__ import annotations

import argparse

from ...presentation import prompts
from .. import start
from ..session import Session


class OnlineSession(Session):
    """A session that opens on ``online`` rather than on a new game's questions."""

    def start(self) -> list[str]:
        if self.game is not None or self.question is not None:
            return super().start()
        self.follow_sounds_setting()
        return [prompts.WELCOME] + self.handle_line("online")


def configure(parser: argparse.ArgumentParser) -> None:
    start.configure(parser)


def run(args: argparse.Namespace) -> int:
    return start.run(args, OnlineSession)
