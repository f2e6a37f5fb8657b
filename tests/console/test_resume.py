"""A game kept and taken up again (console/files/saving.py, opening.py): every
action saved, the resume question and the --resume and --new options,
the settings a game was played with."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session, NEW
from audio_scrabble.core import Game, rules_named
from audio_scrabble.core.tiles import BLANK
from audio_scrabble.persistence import DATA_DIR_ENV, SaveStore, TableState, decode_save
from audio_scrabble.presentation import prompts_saving

from console_kit import AcceptAll, _first_two, ready, seed_where, _sixth_scoreless_play
from refusal_corpus import joined
from saving_kit import AcceptAll as AcceptAll_saving, _command, _env, pass_turn, said as said_saving, stored


# ---------------------------------------------------------------- saving and resuming
def _stored(tmp_path, **opts) -> tuple[Session, list[str]]:
    from audio_scrabble.persistence import SaveStore

    opts.setdefault("players", "Alice,Bob")
    opts.setdefault("seed", 5)
    s = Session(Options(**opts), lexicon=AcceptAll(), store=SaveStore(tmp_path / "saves"))
    return s, s.start()


def test_every_action_is_saved_and_the_game_can_be_resumed(tmp_path):
    s, _ = _stored(tmp_path)
    g = s.game
    ready(s)
    s.handle_line(f"play 8H {_first_two(s)}")
    ready(s)
    s.handle_line("set verbosity full")
    s.handle_line("pass")
    assert s.handle_line("quit") == ["Leave the game? Type yes or no."]
    assert s.handle_line("yes") == ["Goodbye. The game is saved;", "start again to resume it."]

    again, lines = _stored(tmp_path, players=None, seed=None)
    assert lines[1] == "An unfinished game of Alice and Bob:"
    assert phrases_scores(g) in lines
    assert lines[-1] == "Resume it? Type yes or no."
    assert again.prompt_text() == "resume> "
    assert joined(again.handle_line("maybe")) == "Type yes to resume that game, or no for a new one."
    out = again.handle_line("yes")
    assert out[0] == "Resumed. House rules (RNIB leaflet)."
    assert f"Last move: {g.names[1 - g.current]} passed." in out  # where things were left
    r = again.game
    assert r.board.rows_text() == g.board.rows_text()
    assert [p.rack for p in r.players] == [p.rack for p in g.players]
    assert r.current == g.current and r.scores() == g.scores()
    assert out[-1] == f"{g.names[g.current]}, press Enter to hear your rack."
    assert again.settings.verbosity == "full"
    # the resumed game goes on being saved, and can be played on
    ready(again)
    assert again.handle_line("pass")[0].endswith("passed.")


def phrases_scores(g) -> str:
    return ", ".join(f"{n} {t}" for n, t in zip(g.names, g.scores())) + "."


def test_declining_to_resume_starts_a_new_game_and_keeps_the_old_one(tmp_path):
    s, _ = _stored(tmp_path)
    ready(s)
    s.handle_line("pass")
    # the same players (issue 23 item 12: other players named start anew at once, unasked)
    again, _ = _stored(tmp_path, players="Alice,Bob", seed=6)
    out = again.handle_line("no")
    assert out[0] == "A new game, then."
    assert again.game.names == ("Alice", "Bob") and again.game.actions == []
    assert "Game put away: Alice and Bob." in out and "games/" not in " ".join(out)  # as --new says it
    assert list((tmp_path / "saves" / "games").glob("*.unfinished.json"))


def test_a_finished_game_leaves_its_record_and_no_resume_question(tmp_path):
    s, _ = _stored(tmp_path, seed=7)
    for _ in range(3):
        ready(s)
        s.handle_line("pass")
    ready(s)
    out = s.handle_line("pass")
    records = list((tmp_path / "saves" / "games").glob("*.gcg"))
    assert out[out.index("Game record saved:") + 1] == records[0].name
    again, lines = _stored(tmp_path, seed=8)
    assert not any("unfinished" in x for x in lines)
    assert again.game is not None


def test_a_save_that_fails_is_said_in_full_once_then_briefly_and_at_goodbye(tmp_path):
    """Issue 13: said in full once, briefly at the end of each turn while
    it still fails, and at goodbye (more in tests/console/test_saving.py)."""
    from audio_scrabble.persistence import SaveStore

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    s = Session(Options(players="Alice,Bob", seed=5), lexicon=AcceptAll(), store=SaveStore(blocker / "saves"))
    lines = s.start()
    assert " ".join(lines).count("The game could not be saved in ") == 1
    assert all(len(x) <= 40 or " " not in x for x in lines), lines  # fitted; a long path alone on its line
    ready(s)
    out = s.handle_line("pass")
    assert not any("could not be saved" in x for x in out)
    assert out[0].endswith("passed.")
    assert "Still NOT saved: not a directory." in out
    s.handle_line("quit")
    assert s.handle_line("yes") == ["Goodbye. The game could NOT be saved:", "not a directory."]


# ---------------------------------------------------------------- --resume, --new, settings kept with the game
class _Passer:
    """A computer player that always passes (the flow, not the engine, is tested)."""

    def __call__(self, game, i):
        return services.ComputerMove("pass")


def _passers(level, lexicon, seed):
    return _Passer()


def _kept_game(tmp_path, words_file) -> Session:
    """A game against a computer, with every setting changed, left unfinished."""
    from audio_scrabble.persistence import SaveStore

    opts = Options(players="Alice,computer:expert", seed=seed_where(lambda g: g.current == 0,
                                                                  names=("Alice", "Expert computer")),
                   lexicon=str(words_file), verbosity="full", marks="colours", braille_width=32, speech="tts")
    s = Session(opts, lexicon=services.load_lexicon(str(words_file)), computer_factory=_passers,
                store=SaveStore(tmp_path / "saves"))
    s.start()
    rack = s.playing().rack_of(0)
    s.handle_line("arrange " + "".join(reversed(rack)))
    s.handle_line("set verbosity normal")
    s.handle_line("pass")
    assert s.handle_line("quit") == ["Leave the game? Type yes or no."]
    s.handle_line("yes")
    return s


def test_resume_option_resumes_at_once_with_every_setting_the_game_was_played_with(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import RESUME

    words = tmp_path / "words.txt"
    words.write_text("ZYZZYVA\nQI\nZA\n")
    left = _kept_game(tmp_path, words)
    again = Session(Options(saved_game=RESUME), lexicon=None, computer_factory=_passers,
                    store=SaveStore(tmp_path / "saves"))
    lines = again.start()
    assert not any("Resume it?" in x for x in lines)
    assert "Resumed. House rules (RNIB leaflet)." in " ".join(lines)
    assert all(len(x) <= 32 for x in lines)  # braille mode is back, at 32 cells
    assert again.mode == "playing" and again.question is None
    g = again.game
    assert g.board.rows_text() == left.game.board.rows_text() and g.scores() == left.game.scores()
    # the settings
    assert again.settings.verbosity == "normal"  # as changed during the game
    assert again.settings.marks == "colours"
    assert again.settings.braille_width == 32
    assert again.settings.speech == "tts" and again.speech_change == "tts"
    # the word list, by its path, and the computer seat with its level
    assert again.options.lexicon == str(words)
    assert "ZYZZYVA" in again.lexicon and "TRAIN" not in again.lexicon
    assert again.playing().is_computer(1) and again.table.seats[1].computer == "expert"
    assert again.table.seats[1].name == "Expert computer"
    # the rack in the order Alice arranged it
    assert again.playing().rack_of(0) == left.playing().rack_of(0)
    assert again.playing().rack_of(0) != list(g.players[0].rack) or len(set(g.players[0].rack)) == 1


def test_an_option_named_on_the_command_line_wins_over_the_saved_setting(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import RESUME

    words = tmp_path / "words.txt"
    words.write_text("QI\nZA\n")
    _kept_game(tmp_path, words)
    again = Session(Options(saved_game=RESUME, verbosity="brief", speech="text", braille_width=20),
                    lexicon=None, computer_factory=_passers, store=SaveStore(tmp_path / "saves"))
    again.start()
    assert again.settings.verbosity == "brief"
    assert again.settings.speech == "text" and again.speech_change is None
    assert again.settings.braille_width == 20
    assert again.settings.marks == "colours"  # not named: the game's own


def test_a_resumed_game_keeps_its_own_word_list_and_says_so_once(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import RESUME

    words = tmp_path / "words.txt"
    words.write_text("ZYZZYVA\nQI\n")
    other = tmp_path / "other.txt"
    other.write_text("QI\n")
    _kept_game(tmp_path, words)
    again = Session(Options(saved_game=RESUME, lexicon=str(other), braille_width=40),
                    lexicon=services.load_lexicon(str(other)),
                    computer_factory=_passers, store=SaveStore(tmp_path / "saves"))
    lines = again.start()
    assert lines.count("This game keeps its own word list.") == 1
    assert "ZYZZYVA" in again.lexicon


def test_resume_option_with_no_saved_game_says_so_and_starts_the_setup(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import RESUME

    s = Session(Options(saved_game=RESUME, seed=3), lexicon=AcceptAll(), store=SaveStore(tmp_path / "saves"))
    lines = s.start()
    assert lines[1:5] == ["No unfinished game to resume.", "A new game, then.",
                          "How many players, 2 to 4?", "Press Enter for 2."]
    s = Session(Options(saved_game=RESUME, players="Ann,Ben", seed=3), lexicon=AcceptAll(),
                store=SaveStore(tmp_path / "saves2"))
    lines = s.start()
    assert lines[1:4] == ["No unfinished game to resume.", "A new game, then.", "House rules (RNIB leaflet)."]
    assert s.game is not None


def test_new_option_puts_the_unfinished_game_away_in_one_line(tmp_path):
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import NEW

    s, _ = _stored(tmp_path)
    ready(s)
    s.handle_line("pass")
    store = SaveStore(tmp_path / "saves")
    again = Session(Options(saved_game=NEW, players="Carol,Dan", seed=9), lexicon=AcceptAll(), store=store)
    lines = again.start()
    assert lines[1] == "Game put away: Alice and Bob."
    assert sum("put away" in x or "kept as" in x for x in lines) == 1
    assert len(lines[1]) <= 40
    assert not any("Resume it?" in x for x in lines)
    kept = list((tmp_path / "saves" / "games").glob("*.unfinished.json"))
    assert len(kept) == 1
    assert again.game.names == ("Carol", "Dan")
    # the new game is the one saved now; the old one is not offered again
    third = Session(Options(), lexicon=AcceptAll(), store=store)
    assert "An unfinished game of Carol and Dan:" in third.start()
    # with nothing saved, --new says nothing about it
    fresh = Session(Options(saved_game=NEW, seed=2), lexicon=AcceptAll(), store=SaveStore(tmp_path / "empty"))
    assert fresh.start()[1:] == ["How many players, 2 to 4?", "Press Enter for 2."]


def test_the_resume_question_answers_help_repeat_and_quit(tmp_path):
    s, _ = _stored(tmp_path)
    ready(s)
    s.handle_line("pass")
    s.handle_line("quit")
    s.handle_line("yes")
    again, offer = _stored(tmp_path, players=None, seed=None)
    assert again.handle_line("repeat") == offer
    out = again.handle_line("help")
    assert out == ["A game was left unfinished.", "yes resumes it where it stopped.", "no starts a new game; that one is",
                   "put away in the games folder.", "games lists them; open 2 opens one.",
                   "quit leaves; the game stays saved.", "Resume it? Type yes or no."]
    assert again.handle_line("quit") == ["Goodbye. The unfinished game is kept."]
    assert again.finished
    # nothing was lost: the game is offered again
    third, lines = _stored(tmp_path, players=None, seed=None)
    assert "Resume it? Type yes or no." in lines


def test_the_cli_options_resume_and_new(tmp_path, capsys):
    import os

    from audio_scrabble.cli import build_parser
    from audio_scrabble.console.session import NEW, RESUME
    from audio_scrabble.console.start import options_from

    parse = build_parser([]).parse_args
    assert options_from(parse(["--resume"])).saved_game == RESUME
    assert options_from(parse(["--new"])).saved_game == NEW
    plain = options_from(parse([]))
    assert plain.saved_game is None
    assert (plain.verbosity, plain.marks, plain.speech, plain.braille_width) == (None, None, None, None)
    assert options_from(parse(["--lexicon", "words.txt"])).lexicon == os.path.abspath("words.txt")
    with pytest.raises(SystemExit):
        parse(["--resume", "--new"])
    assert "not allowed with argument" in capsys.readouterr().err
    text = " ".join(build_parser([]).format_help().split())
    assert "--resume" in text and "--new" in text


def test_a_resumed_games_speech_is_followed_before_its_first_line(tmp_path, monkeypatch):
    """Piped lines (``run_plain``): the voice switches to the saved speech
    kind, and the resumed game is said in it."""
    import io

    from audio_scrabble.console.plain import run_plain
    from audio_scrabble.persistence import SaveStore
    from audio_scrabble.console.session import RESUME

    words = tmp_path / "words.txt"
    words.write_text("QI\n")
    _kept_game(tmp_path, words)
    made: list[services.ListSpeaker] = []

    def fake_make_speaker(kind, out=None):
        made.append(services.ListSpeaker())
        made[-1].kind = kind
        return made[-1]

    monkeypatch.setattr(services, "make_speaker", fake_make_speaker)
    first = services.ListSpeaker()
    s = Session(Options(saved_game=RESUME), lexicon=None, computer_factory=_passers,
                store=SaveStore(tmp_path / "saves"))
    run_plain(s, first, io.StringIO("scores\nquit\nyes\n"), io.StringIO())
    assert [m.kind for m in made] == ["tts"]
    said = made[0].lines
    assert "Resumed." in said and said[said.index("Resumed.") + 1].startswith("House rules")
    assert not any(x.startswith("Resumed.") for x in first.lines)


def test_settings_and_the_rack_order_changed_after_the_last_action_are_kept_on_leaving(tmp_path):
    from audio_scrabble.console.session import RESUME
    from audio_scrabble.persistence import SaveStore

    s = Session(Options(players="Alice,computer:club", seed=seed_where(lambda g: g.current == 0,
                                                                      names=("Alice", "Club computer"))),
                lexicon=AcceptAll(), computer_factory=_passers, store=SaveStore(tmp_path / "saves"))
    s.start()
    s.handle_line("pass")
    s.handle_line("set marks names")
    order = list(reversed(s.playing().rack_of(0)))
    s.handle_line("arrange " + "".join(order))
    s.handle_line("quit")
    assert s.handle_line("yes") == ["Goodbye. The game is saved;", "start again to resume it."]
    again = Session(Options(saved_game=RESUME), lexicon=AcceptAll(), computer_factory=_passers,
                    store=SaveStore(tmp_path / "saves"))
    lines = again.start()
    assert again.settings.marks == "names"
    assert again.playing().rack_of(0) == order
    assert f"Rack: {' '.join(phrases_tile(t) for t in order)}." in lines
    # the challenge window, pointed out once before leaving, is not pointed out again
    seed = seed_where(lambda g: sum(t != BLANK for t in g.current_player.rack) >= 2)
    store = SaveStore(tmp_path / "hot")
    h = Session(Options(players="Alice,Bob", seed=seed), lexicon=AcceptAll(), store=store)
    h.start()
    ready(h)
    h.handle_line(f"play 8H {_first_two(h)}")
    assert "You may challenge" in " ".join(ready(h))
    h.handle_line("quit")
    h.handle_line("yes")
    back = Session(Options(saved_game=RESUME), lexicon=AcceptAll(), store=store)
    back.start()
    assert back.game.pending_play is not None and back.game.why_not_challenge() is None
    assert not any("You may challenge" in x for x in ready(back))


def phrases_tile(t: str) -> str:
    return "blank" if t == BLANK else t


def test_a_game_a_closed_window_left_is_offered_when_this_slot_has_none(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    other = SaveStore(folder, slot="current-2")
    game = Game(["Gus", "Hal"], rules_named("house"), seed=9)
    other.save(game, {"verbosity": "full"})
    s, lines = stored(folder, players=None, seed=None)
    assert "An unfinished game of Gus and Hal:" in lines and lines[-1] == "Resume it? Type yes or no."
    out = s.handle_line("yes")
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert s.settings.verbosity == "full"
    assert not (folder / "current-2.json").exists()
    assert decode_save((folder / "current.json").read_bytes()).summary.names == ("Gus", "Hal")


def test_the_open_option_resumes_a_game_put_away(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    env = {**_env(tmp_path / "unused"), DATA_DIR_ENV: str(folder)}
    first, _ = stored(folder, players="Alice,Bob", seed=3)
    pass_turn(first)
    second, _ = stored(folder, players="Carol,Dan", seed=4, saved_game=NEW)
    first.store.release()  # as if both had left: this process holds the slot no more
    second.store.release()
    kept = next((folder / "games").glob("*-Alice-v-Bob.unfinished.json"))
    done = subprocess.run(_command() + ["--open", str(kept)], input="scores\nquit\nyes\n", env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Game put away:" in done.stdout and "Carol and Dan." in done.stdout
    assert "Resumed. House rules (RNIB leaflet)." in done.stdout
    assert not kept.exists()
    assert decode_save((folder / "current.json").read_bytes()).summary.names == ("Alice", "Bob")
    # a finished game's record cannot be opened: said on stderr, exit status 2
    record = tmp_path / "done.gcg"
    record.write_text("#player1 A A\n#player2 B B\n")
    refused = subprocess.run(_command() + ["--open", str(record)], input="", env=env,
                             capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert refused.returncode == 2
    assert "That game is over; review it with: audio-scrabble review done.gcg" in " ".join(refused.stderr.split())


# ====================================================================== a word list that moved
def _words(path: Path, words: str = "ZYZZYVA\nQI\nZA\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(words)
    return path


def _left_with(folder: Path, words: Path) -> Session:
    s = Session(Options(players="Alice,Bob", seed=5, lexicon=str(words)),
                lexicon=services.load_lexicon(str(words)), store=SaveStore(folder))
    s.start()
    pass_turn(s)
    s.handle_line("quit")
    s.handle_line("yes")
    return s


def test_a_game_resumes_with_its_word_list_moved_when_the_new_place_is_given(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    words = _words(tmp_path / "a" / "words.txt")
    left = _left_with(folder, words)
    moved = tmp_path / "b" / "mine.txt"
    moved.parent.mkdir()
    words.rename(moved)
    # other line ends, other order and case: the same words
    moved.write_bytes(b"qi\r\nZA\r\nzyzzyva\r\n")
    s = Session(Options(lexicon=str(moved)), lexicon=services.load_lexicon(str(moved)), store=SaveStore(folder))
    lines = s.start()
    assert "Word list: words.txt." in lines  # which list the game used
    out = s.handle_line("yes")
    assert "The word list words.txt was found at its new place." in " ".join(out)  # in lines of 40
    assert "Resumed. House rules (RNIB leaflet)." in out
    assert s.game.actions == left.game.actions
    assert s.options.lexicon == str(moved) and "ZYZZYVA" in s.lexicon
    pass_turn(s)
    saved = TableState.from_json(decode_save(s.store.current_path.read_bytes()).settings, 2)
    assert saved.word_list.path == str(moved)


def test_a_game_whose_word_list_is_gone_says_which_and_how_and_is_kept(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    words = _words(tmp_path / "a" / "words.txt")
    _left_with(folder, words)
    words.unlink()
    # the players named are the saved game's: it is offered (issue 23 item 12:
    # other players named start a new game at once)
    s = Session(Options(players="Alice,Bob", seed=2), lexicon=AcceptAll_saving(), store=SaveStore(folder))
    s.start()
    out = s.handle_line("yes")
    assert said_saving(out).startswith(prompts_saving.word_list_missing("words.txt", str(words)))
    assert "Starting a new game instead." in out
    # another list with other words is refused the same way, naming the list
    other = _words(tmp_path / "c" / "other.txt", "QI\n")
    left = _left_with(tmp_path / "y", _words(tmp_path / "d" / "words.txt"))
    (tmp_path / "d" / "words.txt").unlink()
    t = Session(Options(lexicon=str(other)), lexicon=services.load_lexicon(str(other)), store=SaveStore(tmp_path / "y"))
    t.start()
    assert prompts_saving.word_list_other("words.txt") in said_saving(t.handle_line("yes"))
    # the game was not lost: the new game put it away, and games lists it
    text = said_saving(s.handle_line("games"))
    assert "Put away: Alice and Bob," in text
    assert left.game is not None


def test_a_game_on_the_built_in_list_says_so_when_another_list_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    s, _ = stored(folder)
    pass_turn(s)
    other = _words(tmp_path / "w.txt")
    again = Session(Options(lexicon=str(other)), lexicon=services.load_lexicon(str(other)), store=SaveStore(folder))
    lines = again.start()
    assert "Word list: the built-in list." in lines
    # the game played on the built-in list says nothing about lists when none is named
    plain, lines = stored(folder, players=None, seed=None)
    assert not any(x.startswith("Word list") for x in lines)


def test_the_resume_question_says_why_the_game_waits_not_went_out(tmp_path):
    """Before, a game waiting on the sixth scoreless turn (or on a play after
    which no one can move) was offered as "Bob went out."."""
    from audio_scrabble.persistence import SaveStore

    store = SaveStore(tmp_path / "saves")
    s, player = _sixth_scoreless_play(store)
    s.handle_line("quit")
    s.handle_line("yes")
    again = Session(Options(), lexicon=services.WordSet(["AA"]), store=SaveStore(tmp_path / "saves"))
    said = " ".join(again.start())
    assert f"{player}'s play is the sixth scoreless turn in a row." in said and "went out" not in said
    again.handle_line("yes")
    assert again.game.awaiting_final_challenge and again.game.final_reason == "scoreless_turns"
