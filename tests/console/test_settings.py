"""The settings (console/settings.py, options.py): ``set``, the command-line
options and their help, each refusal one sentence; the braille display's
width first."""

from __future__ import annotations

import pytest

from audio_scrabble.cli import build_parser
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
