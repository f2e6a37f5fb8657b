"""The settings (console/asking/settings.py, options.py): ``set``, the command-line
options and their help, each refusal one sentence; the braille display's
width first."""

from __future__ import annotations

import pytest

from audio_scrabble.cli import build_parser
from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session

from braille_kit import AcceptAll


# ====================================================================== settings and options
@pytest.mark.parametrize("value", ["13", "81", "0x20", "forty", "\u00b2\u2070", "4" * 500])
def test_set_braille_out_of_range_is_refused_in_one_sentence(value):
    s = Session(Options(players="Alice,Bob", seed=3, braille_width=40), lexicon=AcceptAll())
    s.start()
    out = s.handle_line(f"set braille {value}")
    text = " ".join(out)
    assert text.startswith("A braille display has 14 to 80 cells, not ")
    assert text.endswith("type set braille 40, for example, or set braille off.")
    assert text.count(".") == 1 and s.settings.braille_width == 40  # one sentence; nothing changed


def test_set_braille_on_and_off():
    s = Session(Options(players="Alice,Bob", seed=3), lexicon=AcceptAll())
    s.start()
    assert s.handle_line("set braille 14") == ["Braille mode", "on: every line", "fits 14 cells."]
    assert s.settings.braille_width == 14 and s.braille_mode
    assert s.handle_line("set cells 80") == ["Braille mode on: every line fits 80 cells."]
    assert s.handle_line("set braille off") == ["Braille mode off."]
    assert not s.braille_mode
    # braille mode off, a refusal still comes in lines of at most 40 characters
    assert s.handle_line("set braille 10") == ["A braille display has 14 to 80 cells,", "not '10'; type set braille 40,",
                                                "for example, or set braille off."]
    assert not s.braille_mode


def test_the_command_line_option_and_its_old_name():
    assert build_parser(["--braille-cells", "20"]).parse_args(["--braille-cells", "20"]).braille_width == 20
    assert build_parser([]).parse_args(["--braille-width", "32"]).braille_width == 32
    assert build_parser([]).parse_args([]).braille_width is None


def test_the_option_is_documented_in_the_help():
    """What the help says, not how argparse lays it out (Python 3.13 writes
    "--braille-cells, --braille-width N" where 3.12 repeated the N)."""
    parser = build_parser([])
    text = " ".join(parser.format_help().split())
    assert "--braille-cells" in text and "--braille-width" in text
    assert "braille display mode for a display of N cells (14 to 80)" in text
    # (that both names take the N is test_the_command_line_option_and_its_old_name's)
    usage = " ".join(parser.format_usage().split())
    assert "[--braille-cells N]" in usage


@pytest.mark.parametrize("value", ["9", "81", "abc"])
def test_the_command_line_refuses_a_width_out_of_range(value, capsys):
    with pytest.raises(SystemExit):
        build_parser([]).parse_args(["--braille-cells", value])
    err = capsys.readouterr().err
    assert "a braille display has 14 to 80 cells" in err and "--braille-cells 40" in err


def test_set_braille_alone_says_it_takes_any_width_from_14_to_80():
    """Finding 10: set braille listed five widths as if they were the only ones."""
    s = Session(Options(players="Alice,Bob", seed=1), lexicon=services.WordSet(["QI"]))
    s.start()
    out = s.handle_line("set braille")
    assert out == ["set braille takes 14 to 80 cells,", "like set braille 40; or set braille off."]
    assert s.handle_line("set braille 27") == ["Braille mode on:", "every line fits 27 cells."]


def test_set_says_the_speech_really_used_after_a_fall_back():
    """Finding 10: set reported tts while the game had fallen back to text."""
    import io

    from audio_scrabble.console.app import Voice
    from audio_scrabble.presentation.speech import TextSpeaker

    s = Session(Options(players="Ann,Bob", seed=3, speech="tts"), lexicon=services.WordSet(["QI"]))
    s.start()
    fell_back = TextSpeaker(io.StringIO())  # what make_speaker gives when tts cannot start
    fell_back.fallback_notice = "Speech could not start (no voice); printing text."
    voice = Voice(s, fell_back, screen=io.StringIO())
    assert "speech tts." in s.handle_line("set")
    voice.notice()
    said = s.handle_line("set")
    assert "speech text." in said and "speech tts." not in said


def test_a_shorter_prompt_and_the_typed_line_read_aloud_are_settings():
    """Issue 12: a setting allows a shorter prompt; the typed line is read
    aloud on request (tts). Both come from the one settings table."""
    from audio_scrabble.cli import build_parser
    from audio_scrabble.console.start import options_from

    s = Session(Options(players="Ann,Bob", seed=3), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    name = s.game.names[s.game.current]
    assert s.prompt_text() == f"{name}> "
    assert s.handle_line("set prompt short") == ["Prompt: short."]
    assert s.prompt_text() == "> "
    s.handle_line("quit")
    assert s.prompt_text() == "yes/no> "  # a question's own short form
    s.handle_line("no")
    assert s.handle_line("set echo on") == ["The typed line is read aloud."] and s.settings.echo
    options = options_from(build_parser([]).parse_args(["--prompt", "short", "--echo", "on"]))
    given = Session(options, lexicon=services.WordSet(["QI"]))
    assert (given.settings.prompt, given.settings.echo) == ("short", True)
