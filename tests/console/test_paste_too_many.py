"""A paste of more lines than anyone means to type (a whole clipboard,
pasted by mistake) is refused whole, in one sentence, and changes
nothing: before, each of its lines was answered in turn (14,000
refusals at the name question, seconds of work and pages of braille;
the fuzz test's 5-second limit caught it). A paste of up to
prompts.PASTE_LINES lines is still taken line by line."""

from __future__ import annotations

import tempfile

from audio_scrabble.console.session import Options, Session
from audio_scrabble.persistence import SaveStore
from audio_scrabble.presentation import prompts


def _at_the_first_question() -> tuple[Session, list[str]]:
    s = Session(Options(), store=SaveStore(tempfile.mkdtemp()))
    asked = s.start()
    return s, asked


def test_a_paste_of_too_many_lines_refused_whole() -> None:
    s, _ = _at_the_first_question()
    before = s.handle_line("repeat")
    said = s.handle_line("\n".join(["=X"] * 14_285))
    assert len(said) <= 4, said
    joined = " ".join(said)
    assert "14,285 lines" in joined and "none was taken" in joined, said
    assert all(len(line) <= 40 for line in said), said
    assert s.handle_line("repeat") == said  # the refusal is what repeat says
    assert s.question is not None and s.game is None  # still at the same question
    assert s.handle_line("repeat") == said
    assert before  # the question was there to ask


def test_a_paste_at_the_limit_is_taken_line_by_line() -> None:
    s, _ = _at_the_first_question()
    said = s.handle_line("\n".join(["help"] * prompts.PASTE_LINES))
    assert "none was taken" not in " ".join(said)
    assert len(said) > prompts.PASTE_LINES  # each line answered
