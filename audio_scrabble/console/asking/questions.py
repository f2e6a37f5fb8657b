"""The questions a session can have open: at most one at a time.

Each question reads the answer typed and returns a *decision* (say these
lines, resume the saved game, play this draft, leave, answer the line as
a command...) that :class:`~audio_scrabble.console.session.Session`
carries out; a question never calls back into the session. Each also
says what Ctrl-C does to it, whether Ctrl-D leaves at once, and its
prompt (full, and short for a narrow braille display). A question
before the game lets some commands pass through (``help``, ``set``,
``games``...); which ones it asks of a :data:`PassesThrough` it is given
(the session's: :func:`.commands.answered_before_the_game`), never of
the commands themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence, Union

from ...errors import ScrabbleError
from ...presentation import prompts
from ...presentation import prompts_settings
from ..handlers.helptext import help_entries
from .setup import SetupFlow

if TYPE_CHECKING:
    from ...notation.typed import DirectionUnclear, Draft

YES = ("y", "yes")
NO = ("", "n", "no", "cancel", "stay")
HELP = ("help", "h", "?")
REPEAT = ("repeat", "again")
QUIT_WORDS = ("quit", "exit", "q", "bye")
#: ``help`` alone at a question before the game: that question's help
HELP_ALONE = (*HELP, "commands")

#: may a line whose first word is this pass through to the commands while
#: a question before the game stays open?
PassesThrough = Callable[[str], bool]


# ---------------------------------------------------------------- decisions
@dataclass(frozen=True)
class Say:
    """Say these lines; ``keep`` leaves the question open."""

    lines: tuple[str, ...]
    keep: bool = False
    remember: bool = True  # kept for ``repeat``
    by_clause: bool = False  # on a braille display, broken after a clause


@dataclass(frozen=True)
class Repeat:
    """Say the last reply again; the question stays open."""

    keep: bool = True


@dataclass(frozen=True)
class Command:
    """Answer ``text`` as a command, with lines before and after it (the
    lines after are left out when the command ends the session)."""

    text: str
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    keep: bool = False


@dataclass(frozen=True)
class Leave:
    keep: bool = False


@dataclass(frozen=True)
class NewGame:
    keep: bool = False


@dataclass(frozen=True)
class ResumeSaved:
    keep: bool = False


@dataclass(frozen=True)
class DeclineSaved:
    keep: bool = False


@dataclass(frozen=True)
class OpenSaved:
    """``open N`` before a game: resume game N of the ``games`` list. The
    question stays open (``after`` said again) if it cannot be opened."""

    text: str
    after: tuple[str, ...] = ()
    keep: bool = True


@dataclass(frozen=True)
class PlayDraft:
    """Play (or check) the draft, after saying ``before``."""

    draft: Draft
    action: str
    confirmed: bool = False
    before: tuple[str, ...] = ()
    keep: bool = False


@dataclass(frozen=True)
class Ask:
    """Ask another question instead, after saying ``lines``."""

    question: "Question"
    lines: tuple[str, ...] = ()
    keep: bool = False


@dataclass(frozen=True)
class BeginGame:
    """The set-up is answered: say ``lines``, then start the game."""

    lines: tuple[str, ...] = ()
    keep: bool = False


Decision = Union[Say, Repeat, Command, Leave, NewGame, ResumeSaved, DeclineSaved, OpenSaved, PlayDraft, Ask,
                 BeginGame]


def wrong_answer(lines: Sequence[str]) -> Say:
    """A wrong answer to an open question: one sentence saying what was
    wrong and naming the answers the question takes. The question stays
    open and is not asked again; the refusal is not kept for ``repeat``
    (nor F4), which so says the reply that asked the question, whole. On
    a braille display the sentence breaks after a clause."""
    return Say(tuple(prompts.refusal_said(*lines)), keep=True, remember=False, by_clause=True)


def question_help(key: str) -> tuple[str, ...]:
    """The help of a question before the game, from ``help.txt`` (``ask
    count``, ``ask name``, ``ask resume``...): what it asks, the answers
    it takes, ``back`` and ``quit``. The question is said after it."""
    entry = help_entries()[key]
    return (entry.summary, *entry.details)


def nothing_before(brief: bool) -> Say:
    """``back`` at the first question asked."""
    return wrong_answer(prompts.refusal_lines(prompts_settings.NOTHING_BEFORE, prompts_settings.NOTHING_BEFORE_BRIEF,
                                              brief))


def _first_word(text: str) -> str:
    return text.split()[0].lower() if text.strip() else ""


# ---------------------------------------------------------------- questions
class Question:
    """A question open at the prompt."""

    #: the prompt, and its short form for a narrow braille display
    prompt: tuple[str, str | None] = ("yes or no> ", "yes/no> ")
    #: Ctrl-D at this question leaves at once (else it asks first)
    leaves_on_eof = False

    def answer(self, text: str) -> Decision:
        raise NotImplementedError

    def lines(self) -> list[str]:
        """The question, said as it opens."""
        return []

    def again(self) -> list[str]:
        """The question again in one short line, said after news that came
        on its own while it was open (none: not said again)."""
        return []

    def interrupt(self) -> Decision:
        """Ctrl-C: the question is cancelled."""
        return Say((prompts.STAYING,))


class ResumeQuestion(Question):
    """An unfinished game is saved: resume it?"""

    prompt = ("resume> ", "yes/no> ")
    leaves_on_eof = True

    def __init__(self, brief: Callable[[], bool], passes: PassesThrough):
        #: whether refusals are said briefly now
        self.brief = brief
        self.passes = passes

    def answer(self, text: str) -> Decision:
        low = " ".join(text.split()).lower()
        if low in HELP_ALONE:  # this question's help, then the question
            return Say((*question_help("ask resume"), prompts.RESUME_IT), keep=True)
        if low == "back":
            return nothing_before(self.brief())
        if low in (*YES, "resume"):
            return ResumeSaved()
        if low in ("n", "no", "new"):
            return DeclineSaved()
        word = _first_word(low)
        if word in QUIT_WORDS:
            return Leave()
        if word == "open":
            return OpenSaved(text.split(None, 1)[1] if " " in text.strip() else "", (prompts.RESUME_IT,))
        if self.passes(word):
            again = () if word in (*REPEAT, "online") else (prompts.RESUME_IT,)
            return Command(text, after=again, keep=True)
        return wrong_answer(self._yes_or_no())

    def again(self) -> list[str]:
        return [prompts.STILL_ASKING["resume"]]

    def _yes_or_no(self) -> list[str]:
        """What yes and no do: one line at brief verbosity."""
        return [prompts.RESUME_YES_OR_NO_BRIEF] if self.brief() else prompts.refusal_said(prompts.RESUME_YES_OR_NO)

    def interrupt(self) -> Decision:
        # Ctrl-C cancels the line, not the question: there is no game yet.
        return Say(tuple(self._yes_or_no()), keep=True)


#: what the question's own command is said with and still means yes
#: ("quit game", "new game": the command's own words, handlers/commands.py)
_SAID_WITH = {"quit": ("game", "now"), "new": ("game", "game please")}


class ConfirmQuestion(Question):
    """``quit`` (leave the game?) or ``new`` (end this one unscored, or
    put it away when games are saved?). A
    command typed instead is a no, and is answered; anything else (which
    ``is_command`` says is none) is a wrong answer, the question kept."""

    def __init__(self, what: str, is_command: Callable[[str], bool] = lambda text: True, kept: bool = False):
        self.what = what  # "quit" or "new"
        self.leaves_on_eof = what == "quit"
        self.is_command = is_command
        self.kept = kept  # games are saved: new puts the game in play away, to open later

    def lines(self) -> list[str]:
        if self.what == "new":
            return list(prompts.START_NEW_KEPT if self.kept else prompts.START_NEW)
        return [prompts.LEAVE_GAME]

    def again(self) -> list[str]:
        return [prompts.STILL_ASKING[self.what]]

    def answer(self, text: str) -> Decision:
        low = text.lower()
        if low in REPEAT:
            return Repeat()
        if low in HELP:
            means = prompts.YES_MEANS["new kept" if self.what == "new" and self.kept else self.what]
            return Say((means, prompts.TYPE_YES_OR_NO), keep=True)
        own = ("quit", "exit", "leave") if self.what == "quit" else ("new",)
        first, _, rest = " ".join(low.rstrip(".!").split()).partition(" ")
        if low in YES or low in own or (first in own and rest in _SAID_WITH[self.what]):
            return NewGame() if self.what == "new" else Leave()
        if low in NO:
            return Say((prompts.STAYING,))
        if not self.is_command(text):
            return wrong_answer((prompts.not_yes_or_no(text.strip(), self.what, self.kept),))
        return Command(text, before=(prompts.STAYING,))  # a command is a no, and is answered


class PlayQuestion(Question):
    """The word made is not the word typed: play it?"""

    prompt = ("play it> ", "yes/no> ")

    def __init__(self, draft: Draft):
        self.draft = draft

    def again(self) -> list[str]:
        return [prompts.STILL_ASKING["play"]]

    def answer(self, text: str) -> Decision:
        low = text.lower()
        if low in REPEAT:
            return Repeat()
        if low in HELP:
            return Say((prompts.YES_MEANS["play"], prompts.TYPE_YES_OR_NO), keep=True)
        if low in YES or low == "play":  # "quit" never says yes to a play
            return PlayDraft(self.draft, "play", confirmed=True)
        if low in NO:
            return Say((prompts.NOT_PLAYED,))
        return Command(text, before=(prompts.NOT_PLAYED,))

    def interrupt(self) -> Decision:
        return Say((prompts.NOT_PLAYED,))


class DirectionQuestion(Question):
    """A square written row first (``11N``: across) with ``down`` typed:
    across or down? The answer plays (or checks) the word that way."""

    prompt = ("across or down> ", "a/d> ")

    def __init__(self, unclear: "DirectionUnclear", action: str, brief: bool = False):
        self.unclear = unclear
        self.action = action  # "play" or "check"
        self.brief = brief

    def lines(self) -> list[str]:
        return prompts.direction_question(self.unclear.square, self.unclear.typed, self.brief)

    def again(self) -> list[str]:
        return [prompts.STILL_ASKING["direction"]]

    def answer(self, text: str) -> Decision:
        low = text.lower()
        chosen = {"across": "across", "a": "across", "ac": "across", "down": "down", "d": "down", "dn": "down"}
        if low in chosen:
            request = self.unclear.readings[chosen[low]]
            # the start square named column first, which takes either direction
            return Command(f"{self.action} {request.typed} from {request.start.name} {chosen[low]}")
        if low in REPEAT:
            return Repeat()
        if low in HELP:
            return Say((prompts.TYPE_ACROSS_OR_DOWN,), keep=True)
        if low in NO:
            return Say((prompts.NOT_PLAYED,))
        return Command(text, before=(prompts.NOT_PLAYED,))  # anything else is a command

    def interrupt(self) -> Decision:
        return Say((prompts.NOT_PLAYED,))


class BlankQuestion(Question):
    """Which letter is the blank on a square?"""

    prompt = ("letter> ", "?> ")

    def __init__(self, draft: Draft, action: str, brief: bool = False):
        self.draft = draft
        self.action = action  # "play" or "check"
        self.brief = brief  # a wrong answer said in one line

    def lines(self) -> list[str]:
        return [prompts.blank_question(self.draft.open_blanks[0].name)]

    def again(self) -> list[str]:
        return [prompts.still_asking_blank(self.draft.open_blanks[0].name)]

    def answer(self, text: str) -> Decision:
        square = self.draft.open_blanks[0]
        low = text.lower()
        if low in ("cancel", "no", "stop"):
            return Say((prompts.CANCELLED_BLANK,))
        if low in REPEAT:
            return Repeat()
        if low in ("help", "?"):  # what a blank is, then the question ("h" is a letter)
            return Command("help blank", after=tuple(self.lines()), keep=True)
        if len(low) > 1 and _first_word(low) in QUIT_WORDS:  # "q" alone is a letter; quit leaves, unplayed
            return Command(text, before=(prompts.CANCELLED_BLANK,))
        letter = _letter_said(text)
        if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
            if self.brief:
                return wrong_answer((prompts.BLANK_ONE_LETTER_BRIEF,))
            return wrong_answer((prompts.blank_one_letter(square.name),))
        draft = self.draft.with_blank(square, letter.upper())
        said = prompts.blank_is(square.name, letter.upper())
        if draft.open_blanks:
            following = BlankQuestion(draft, self.action, self.brief)
            return Ask(following, (said, *following.lines()))
        return PlayDraft(draft, self.action, before=(said,))

    def interrupt(self) -> Decision:
        return Say((prompts.CANCELLED_BLANK,))


#: words around a blank's letter said whole ("the letter C", "blank is C")
_LETTER_WORDS = frozenset({"the", "letter", "blank", "is", "as", "be", "it", "it's", "its", "make", "an"})


def _letter_said(text: str) -> str:
    """The letter answered at the blank's question: ``C``, or ``the letter
    C``, ``blank is C``, ``letter C.`` as said whole (the words around the
    one letter left out); otherwise the answer as typed."""
    words = [w.strip(".,!:") for w in text.split()]
    if len(words) > 1:
        kept = [w for w in words if w.lower() not in _LETTER_WORDS]
        if len(kept) == 1 and len(kept[0]) == 1:
            return kept[0]
    return text.strip().rstrip(".!") if len(text.strip()) == 2 else text.strip()


class SetupQuestion(Question):
    """The questions before a game (see :class:`SetupFlow`)."""

    prompt = ("> ", None)

    def __init__(self, setup: SetupFlow, brief: Callable[[], bool], passes: PassesThrough,
                 tutoring: Callable[[], bool] = lambda: False):
        self.setup = setup
        #: whether refusals are said briefly now (the verbosity may change at set-up)
        self.brief = brief
        self.passes = passes
        #: whether a tutorial step heard at the set-up has a step after it
        self.tutoring = tutoring

    def again(self) -> list[str]:
        return prompts.still_asking(self.setup.question())

    def answer(self, text: str) -> Decision:
        setup = self.setup
        low = " ".join(text.split()).lower()
        if low in HELP_ALONE:  # this question's help, then the question
            return Say((*question_help(setup.help_key), *setup.question()), keep=True)
        if low == "back":  # the question before, its answer taken away
            try:
                return Say(tuple(setup.back()), keep=True)
            except ScrabbleError as e:
                return wrong_answer(prompts.refusal_lines(str(e), e.brief, self.brief()))
        if low == "next":  # the tutorial's next step, else what Enter answers (the counterpart of back)
            if self.tutoring():
                return Command("tutorial next", after=tuple(setup.question()), keep=True)
            text = ""
        word = _first_word(text)
        if word == "open":  # a game on file instead of a new one
            return OpenSaved(text.split(None, 1)[1] if " " in text.strip() else "", tuple(setup.question()))
        if self.passes(word):
            # online opens its own questions, which give this one back once answered
            after = () if word in (*QUIT_WORDS, *REPEAT, "online") else tuple(setup.question())
            return Command(text, after=after, keep=True)  # then the question still open
        try:
            out = setup.answer(text)
        except ScrabbleError as e:  # what was wrong and the answers taken, not the question again
            return wrong_answer(prompts.refusal_lines(str(e), e.brief, self.brief()))
        if setup.done:
            return BeginGame(tuple(out))
        return Say((*out, *setup.question()), keep=True)

    def interrupt(self) -> Decision:
        return Say((prompts.LINE_CLEARED,), keep=True, remember=False)
