"""An action is computed, saved, then heard: the sound cue after an action
plays once the game is on file (console/table/acting.py; the README's "A play,
from prompt to save"). It played before the save."""

from __future__ import annotations

import json
from pathlib import Path

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore


class AcceptAll:
    def __contains__(self, word: object) -> bool:
        return True


class Player:
    """A sound player that notes, for each sound, how many actions the save holds then."""

    on = True

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.heard: list[tuple[object, int]] = []

    def saved_actions(self) -> int:
        path = self.folder / "current.json"
        return len(json.loads(path.read_text())["payload"]["actions"]) if path.exists() else 0

    def play(self, sound: object) -> None:
        self.heard.append((sound, self.saved_actions()))

    def take_notice(self) -> None:
        return None

    def wait_ready(self, timeout: float) -> bool:
        return True

    def close(self) -> None:
        pass


def test_the_cue_after_an_action_is_heard_once_the_game_is_saved(tmp_path):
    player = Player(tmp_path)
    s = Session(Options(players="Alice,Bob", seed=1, sounds=True), lexicon=AcceptAll(),
                store=SaveStore(tmp_path), sound_player=lambda: player)
    s.start()
    s.handle_line("")  # the hand-over: the rack is heard
    s.handle_line("pass")  # the other person's turn has come round: the "your turn" cue
    assert len(s.game.actions) == 1
    assert player.heard, "no cue after the pass"
    sound, on_file = player.heard[-1]
    assert on_file == 1, f"the cue ({getattr(sound, 'name', sound)}) was heard with {on_file} actions on file"
