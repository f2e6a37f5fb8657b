"""A board key's answer, written on the input line where the caret is.

Orca (43, in a terminal) reads new console text only when a key it knows
as a cause came before it (Enter, Tab, space, typing, an Alt key) or when
the new text ends where the caret is. An arrow or a function key is not a
cause, and an answer printed above the prompt ends a line before the
caret: Orca read nothing and only the braille line moved. So a board
key's answer is drawn by the prompt itself, as its message, with the caret
just after its last word: Orca reads it (and shows it in braille) as it
reads the reply to a typed command, and NVDA and JAWS read it as any new
console text. Nothing is printed besides, so nothing is heard twice.

The answer stays on the screen: before the next key's answer, the first
thing typed, or anything printed, the input moves to a fresh line below
it (a line break written where the caret is), so that the screen, the
screen reader's review and the scrollback keep every answer, one under
the other, as printed replies are. After an arrow (on Linux), the last
answer's line is blank while the next is drawn below it and written back
just after (:meth:`AnswerLine.restore`): at the bottom of a full screen
that write scrolls it, and Orca reads the new answer alone. News ending
with the prompt (``--prompt full``) leaves it to the line typed next, as
any prompt does.

A function key pressed on a line being typed is answered the same way:
the typed line stays on the screen as it was, the answer goes below it,
the caret after its last word, and the typed text stays in the input,
out of sight (:meth:`AnswerLine.hides_typed`) until the next key that is
not a board key, which finds it as it was: typing goes on where it was
left, Enter sends it (the line on the screen above the answer).
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout.processors import (
    ConditionalProcessor,
    Processor,
    Transformation,
    TransformationInput,
)
from prompt_toolkit.utils import get_cwidth

from ...presentation.layout import is_cells_line


#: seconds the line break under an answer is left alone before anything is
#: drawn after it. At the bottom of a full screen the break scrolls it, and
#: VTE reported the break and the next answer as one insertion beginning at
#: the end of the answer's line; Orca's terminal script reads an insertion
#: from the start of its first line, so it said the last answer's last
#: line again before the new one. Written alone, the break is an insertion
#: of its own (a line break, which Orca does not read), as after Enter.
BREAK_ALONE = 0.1

#: seconds an answer's last line stays blank after a key that moves Orca's
#: caret (an arrow) drew the next answer below it (see :meth:`AnswerLine.restore`)
RESTORE_AFTER = 0.3
#: where the last answer's line is blanked so (measured with Orca on VTE):
#: where NVDA or JAWS read a console by its lines, a line written back
#: above would be new text to them (not measured), so it is not done there
BLANK_FIRST = sys.platform.startswith("linux")


class _Nothing(Processor):
    """Shows none of the input (the caret just after the prompt's message)."""

    def apply_transformation(self, transformation_input: TransformationInput) -> Transformation:
        return Transformation([], source_to_display=lambda i: 0, display_to_source=lambda i: 0)


class AnswerLine:
    """The key answer the prompt ``session`` (a PromptSession) shows on its
    input line, if any (``lines``)."""

    def __init__(self, session: PromptSession[Any]):
        self._session = session
        #: the answer shown as the prompt's message; None: the prompt's own words
        self.lines: list[str] | None = None
        #: the answer is on the screen (the caret just after it)
        self._drawn = False
        #: the line being typed is under the answer, kept but not shown
        self.hidden = False
        #: the answer drawn was a key's that moves Orca's caret (an arrow)
        self._caret_key = False
        #: the last line of the answer before, blanked on the screen (see :meth:`restore`)
        self._blanked: str | None = None
        #: the answer's last line is the prompt (see :meth:`show`)
        self._prompt_last = False
        self._restoring: asyncio.TimerHandle | None = None

    def hides_typed(self) -> Processor:
        """An input processor for the prompt: no typed text is shown while
        an answer stands over the line being typed."""
        return ConditionalProcessor(_Nothing(), Condition(lambda: self.hidden))

    def text(self) -> str:
        return "\n".join(self.lines or ())

    def show(self, lines: Sequence[str], break_alone: bool | None = True, prompt_last: bool = False) -> None:
        """Show ``lines`` on the input line, drawn at once (keys typed
        ahead are answered one after the other, each drawn before the next
        moves below it); an answer already there is kept above. On a line
        being typed, the line stays on the screen as typed and its text in
        the input, out of sight, until :meth:`close`. ``break_alone``: the
        line break below the last answer is written alone first (see
        :data:`BREAK_ALONE`); False after a key that moves Orca's caret, an
        arrow (Orca says the blank line the break alone leaves the caret
        on): the break goes with the answer, the last answer's last line
        blank meanwhile (:meth:`restore`). ``break_alone`` None: news that
        came on its own, seconds after the key, below the answer the same
        way as after that key. ``prompt_last``: the last line is the prompt
        itself (news ending with it, ``--prompt full`` or ``short``): what
        comes next is drawn on that line, from its start, as on a prompt
        (the prompt with the text typed, or a key's answer in its place),
        not below it (the prompt written twice)."""
        self.restore()
        app = self._session.app
        if break_alone is None:
            break_alone = not self._caret_key
        else:
            self._caret_key = not break_alone
        typed = bool(self._session.default_buffer.text) and app.is_running
        if typed and not self.hidden and self.lines is None:
            # the typed line left on the screen as it is, the caret below it
            app.renderer.render(app, app.layout, is_done=True)
            time.sleep(BREAK_ALONE if break_alone else 0)
        else:
            self._move_below(break_alone)
        self.hidden = typed and bool(lines)
        self.lines = list(lines) or None
        self._prompt_last = prompt_last and self.lines is not None
        if self.lines is not None and app.is_running:
            app.render_counter += 1  # a new frame: the message is asked for again
            app.renderer.render(app, app.layout)
            self._drawn = True
            if self._blanked is not None:
                self._restoring = asyncio.get_running_loop().call_later(RESTORE_AFTER, self.restore)

    def close(self) -> None:
        """Keep the answer shown on the screen and move the input below it,
        the text being typed (if any) shown again there as it was.

        The caret is just after the answer (no input is shown while one is),
        so a line break there starts the new line; the prompt's renderer
        then draws the input from there as from a fresh start."""
        self._move_below()
        self.hidden = False

    def _move_below(self, break_alone: bool = True) -> None:
        self.restore()
        drawn, self._drawn = self._drawn, False
        if self.lines is None:
            return
        last, self.lines = self.lines[-1], None
        app = self._session.app
        if not (drawn and app.is_running):
            return
        if self._prompt_last:  # drawn again from its line's start, the renderer's first
            self._prompt_last = False
            app.output.write_raw("\r")
            app.renderer.reset(leave_alternate_screen=False)
            return
        blank = ""
        if not break_alone and BLANK_FIRST and get_cwidth(last) < app.output.get_size().columns:
            blank = "\r" + " " * get_cwidth(last)
        app.output.write_raw(blank + "\r\n")
        app.output.flush()
        if blank:  # (only once written: a signal's write_back may come at any moment)
            self._blanked = last
        time.sleep(BREAK_ALONE if break_alone else 0)  # the terminal takes the break alone
        app.renderer.reset(leave_alternate_screen=False)

    def restore(self) -> None:
        """Write back the last answer's last line, blanked while the answer
        below it was drawn (after a key that moves Orca's caret, an arrow,
        or news after one). At the bottom of a full screen the line break
        between them scrolls it; VTE reports the scroll and the new answer
        as one insertion beginning at the end of the line above, which
        Orca's terminal script reads from that line's start: it said the
        last answer again. The break written alone first is a caret move
        (the top line gone) that Orca takes for the arrow's and says
        ("blank"). With that line blank (spaces, its length kept) when
        Orca reads the insertion, only the new answer is heard; written
        back after :data:`RESTORE_AFTER` or before anything else is drawn,
        the cursor where it was, it is an insertion that does not end at
        the caret, which Orca does not read: every answer stays on the
        screen, one under the other."""
        self._write_back(self._session.app.is_running)

    def write_back(self) -> None:
        """Leaving at once (SIGTERM, SIGHUP; called by the signal's handler,
        the prompt still running, the caret where the answer left it): the
        blanked line written back now, so that the screen and its
        scrollback keep it (it stayed blank before)."""
        self._write_back(self._session.app.is_running)

    def _write_back(self, running: bool) -> None:
        line, self._blanked = self._blanked, None
        if self._restoring is not None:
            self._restoring.cancel()
            self._restoring = None
        app = self._session.app
        if line is None or not running:
            return
        size = app.output.get_size()
        columns = max(1, size.columns)
        if self._drawn and self.lines:  # the caret after the answer drawn below it
            rows = sum(max(1, -(-get_cwidth(text) // columns)) for text in self.lines)
        elif app.is_running and not self.lines:  # (write_back) between the blank and the answer:
            rows = 1  # the caret on the line below the blank
        else:
            return
        if rows >= size.rows:  # scrolled off the screen: the cursor would stop on the answer's own first line
            return
        app.output.write_raw(f"\x1b7\x1b[{rows}A\r{line}\x1b8")
        app.output.flush()

    def forget(self) -> None:
        """A new prompt starts: the last one's answer is behind it already."""
        self.restore()
        self.lines = None
        self._drawn = False
        self.hidden = False
        self._prompt_last = False


def news_on_the_line(lines: Sequence[str], screen_only: bool, speaks_replies: bool) -> bool:
    """Whether news that came on its own (``lines``, laid out) is drawn on
    the input line rather than printed above the prompt: words only, when
    nothing printed only waits (``screen_only``: the large-print board, a
    screen to clear at a hand-over) and the game's own voice does not say
    the replies (``speaks_replies``: tts, where nothing is lost)."""
    return (bool(lines) and not screen_only and not speaks_replies
            and not any(is_cells_line(line) for line in lines))
