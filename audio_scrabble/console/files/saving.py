"""The console's saver: load, offer, resume, autosave, goodbye, games on file.

:class:`Saver` stands between the session and :class:`~audio_scrabble.
persistence.SaveStore`. It never calls back into the session: it returns
what to offer (:class:`Offer`, from which the session builds the resume
question), a resumed game with its typed table state (:class:`Resumed`,
which the session seats), and the lines to say. With no store it saves
nothing and says so only where asked.

What it says about saving follows one rule: say it every time it
matters, and no more. A save that starts failing is said in full once;
at the end of each turn while it still fails, briefly (once per round
of play: not after a computer's turn when another computer follows);
at goodbye ("Goodbye. The game could NOT be saved: ..."); a game that
ends while saves fail says its record was not written; and the first
save that works again says so once.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ...core.game import Game
from ...core.rules import rules_named
from ...errors import ActionNotAllowed, ScrabbleError
from ...persistence import MAX_SAVE_BYTES, GameOnFile, Kind, LoadResult, SaveStore, Summary, TableState, decode_save
from ...presentation import prompts, prompts_saving as say
from ...reading import read_limited
from ...presentation.phrases import clauses, short_lines
from .. import services
from ...notation.typed import small_number
from .word_lists import word_list_for


@dataclass(frozen=True)
class Offer:
    """An unfinished game to offer at start: what the resume question needs."""

    summary: Summary
    word_list: str | None  # the list to name in the question (None: nothing worth saying)
    #: the seat of the one person at the table ("You 0", "Your turn."), if there is one
    you: int | None = None

    def question(self, cells: int | None = None) -> list[str]:
        """The resume question (``cells``: the braille display's width)."""
        s = self.summary
        try:
            limit = rules_named(s.rules).scoreless_turns_limit or 0
        except ScrabbleError:
            limit = 0
        return say.resume_offer_lines(s.names, s.scores, s.to_play, s.awaiting_final, self.word_list,
                                      s.final_reason, limit, self.you, cells)


@dataclass
class Resumed:
    """A saved game rebuilt, with what the session needs to seat it."""

    game: Game
    state: TableState
    lexicon: Any  # the word list the game is judged by
    lexicon_path: str | None  # its path (None: the built-in list), for later games and saves
    lines: list[str] = field(default_factory=list)  # to say before "Resumed."


def _reason(e: BaseException) -> str:
    """Why a save failed, as a phrase: the system's words when it gave them."""
    cause = e.__cause__ if e.__cause__ is not None else e
    if isinstance(cause, OSError) and cause.strerror:
        return cause.strerror[0].lower() + cause.strerror[1:]
    text = str(e).strip().rstrip(".")
    return text.split(": ", 1)[-1] if ": " in text else text


def _fitted(method: Callable[..., list[str]]) -> Callable[..., list[str]]:
    """What the saver says, in lines of at most 40 characters: the store's
    and the disk's own sentences too, which may be long and may hold a
    path, so that no saving notice reaches the player unfitted."""

    @functools.wraps(method)
    def fitted(*args: Any, **kwargs: Any) -> list[str]:
        return short_lines(method(*args, **kwargs))

    return fitted


def _kept(outcome: Any, brief: bool = False) -> list[str]:
    """How a game that ended was kept: as its GCG record, named (not said
    when brief), or as a save file, why and its name (always said: it is
    not where a record would be)."""
    if not outcome.finished:
        return []
    if outcome.not_gcg is not None:
        return say.kept_as_save(outcome.not_gcg, Path(outcome.path).name)
    return [] if brief else say.record_saved(Path(outcome.path).name)


def _identity(game: GameOnFile) -> tuple[Any, ...]:
    """Which game a listed game is, whatever its scores or state now: its
    file, players and start (the game in play keeps its file as it goes on;
    a game put away or resumed moves)."""
    return game.path, game.names, game.started


def _players_named(asked: str | None) -> list[str] | None:
    """The players ``--players`` names, as :func:`_folded` compares them
    (None: not given, or not valid: the set-up then says why)."""
    if not asked:
        return None
    from ..asking.setup import parse_players

    try:
        return _folded(seat.name for seat in parse_players(asked))
    except ScrabbleError:
        return None


def _folded(names: Any) -> list[str]:
    """Players' names as one game's table: any case, any order."""
    return sorted(name.casefold() for name in names)


def _left_when(loaded: LoadResult) -> tuple[str, int]:
    """When a game was left: its last save's time, then its file's (the
    save's time is to the second)."""
    try:
        mtime = Path(loaded.source).stat().st_mtime_ns if loaded.source is not None else 0
    except OSError:
        mtime = 0
    return loaded.saved_at, mtime


def _finished(file_name: str) -> ActionNotAllowed:
    """The refusal to open a finished game: the command that reviews it,
    kept at brief verbosity too."""
    return ActionNotAllowed(say.open_finished(file_name), brief=say.open_finished_brief(file_name))


def kept_by_room(game: Game) -> bool:
    """A game between homes (console/homes/online_table.py): its room keeps it,
    never a file here (its racks are others' and its bag is dealt)."""
    return bool(getattr(game, "between_homes", False))


class Saver:
    """Saving and resuming for one session (``store`` None: nothing is saved).

    ``load_lexicon(path)`` reads a word list (None: the built-in one).
    """

    def __init__(self, store: SaveStore | None, load_lexicon: Callable[[str | None], Any] | None = None):
        self.store = store
        self.load_lexicon = load_lexicon or services.load_lexicon
        #: the save offered for resuming (or chosen with open), until answered
        self.offered: LoadResult | None = None
        #: why saving fails now, as a phrase; None while saving works
        self.failing: str | None = None
        #: the games as last listed by ``games``, for ``open N``
        self.listing: list[GameOnFile] = []
        self._claimed = False
        #: the store's sentences about saves set aside heard this time, details and all (``aside``)
        self.set_aside: list[str] = []

    # ------------------------------------------------------------ at start
    def _aside(self, notice: str) -> list[str]:
        """Saves set aside, said short (the file and why kept for ``aside``)."""
        self.set_aside.append(notice)
        return say.set_aside_lines(notice)

    def aside_lines(self) -> list[str]:
        """``aside``: the last save set aside, its file and why, in one sentence."""
        if not self.set_aside:
            return [say.NOTHING_SET_ASIDE]
        return short_lines([say.aside_details(self.set_aside[-1])])

    def _claim(self) -> list[str]:
        """Take this window's slot in the data folder; a line if another window has the first."""
        if self.store is None or self._claimed:
            return []
        self._claimed = True
        return [] if self.store.claim() else clauses(say.ANOTHER_WINDOW)

    def _load_own(self) -> tuple[LoadResult | None, list[str]]:
        assert self.store is not None
        try:
            loaded = self.store.load()
        except ScrabbleError as e:
            return None, self._aside(str(e))
        except OSError as e:
            return None, [say.save_unreadable(str(e.strerror or e))]
        said = self._aside(loaded.notice) if loaded is not None and loaded.notice else []
        if loaded is None or loaded.summary.over:
            return None, said
        return loaded, said

    def offer(self, asked_word_list: str | None = None,
              asked_players: str | None = None) -> tuple[Offer | None, list[str]]:
        """The unfinished game to offer, and what to say first (another
        window, saves set aside): of this window's and those closed
        windows left, the one left last (saved last); with ``--players``
        (``asked_players``), only a game of those players (none: a new game
        starts). A game chosen before start (``--open``) is the one offered."""
        said = self._claim()
        if self.store is None:
            return None, said
        loaded = self.offered
        if loaded is None:
            own, more = self._load_own()
            said += more
            players = _players_named(asked_players)
            found = [x for x in [own, *self.store.waiting_elsewhere()]
                     if x is not None and (players is None or _folded(x.summary.names) == players)]
            loaded = max(found, key=_left_when, default=None)  # the first of equals: this window's
        self.offered = loaded
        if loaded is None:
            return None, said
        summary = loaded.summary
        computers = TableState.from_json(loaded.settings, len(summary.names)).computers
        people = [i for i in range(len(summary.names)) if i not in computers]
        you = people[0] if len(people) == 1 else None
        return Offer(summary, self._word_list_said(loaded, asked_word_list), you), said

    def _word_list_said(self, loaded: LoadResult, asked: str | None) -> str | None:
        ref = TableState.from_json(loaded.settings, len(loaded.summary.names)).word_list
        if ref.name is not None:
            return ref.name
        return say.BUILT_IN_LIST if asked is not None else None

    def decline(self) -> None:
        """The player said no to the offer (the game stays on file)."""
        self.offered = None

    @_fitted
    def put_away(self, saved_next: bool = False) -> list[str]:
        """``--new``: put this window's unfinished game away in the games
        folder, said with how to go back to it: ``games`` finds it; with
        ``saved_next`` (a new game is saved in this slot at once, listed
        first), the number ``open`` will take."""
        said = self._claim()
        if self.store is None:
            return said
        loaded, more = self._load_own()
        said += more
        if loaded is None:
            return said
        try:
            kept = self.store.archive_unfinished()
        except ScrabbleError as e:
            return said + [str(e)]
        if kept is None:
            return said
        names = loaded.summary.names
        listing = self.store.catalogue() if saved_next else []
        found = [n for n, g in enumerate(listing, start=2) if Path(g.path).resolve() == Path(kept).resolve()]
        if not found:
            return said + say.put_away_line(names) + [say.FIND_IT_WITH_GAMES]
        self.listing = []  # open N goes by the games as they will be, the new game first
        return said + say.put_away_to_open(names, found[0])

    # ------------------------------------------------------------ resuming
    def resume(self, lexicon: Any, asked: str | None) -> Resumed:
        """The offered game, rebuilt exactly as it was left, with its word
        list and table state. A game from elsewhere (another window's slot,
        the games folder, a file) moves into this window's slot first, and
        an unfinished game there is put away. Raises ScrabbleError with a
        sentence when it cannot be resumed (nothing is changed then)."""
        loaded, self.offered = self.offered, None
        assert loaded is not None and self.store is not None
        names = loaded.summary.names
        ref = TableState.from_json(loaded.settings, len(names)).word_list
        lexicon, path, said = word_list_for(ref, lexicon, asked, self.load_lexicon)
        source = loaded.source
        away: tuple[tuple[str, ...], Path] | None = None
        if source is not None and Path(source).resolve() != self.store.current_path.resolve():
            loaded.replay(lexicon, services.move_finder(lexicon))  # raises before anything moves
            before, away = self._make_room()
            self.store.adopt(Path(source))
            said = before + self._back_to(away) + said
        resumed = self.store.resume_game(lexicon, services.move_finder(lexicon))
        state = TableState.from_json(resumed.settings, len(resumed.game.names))
        notice = self._aside(resumed.notice) if resumed.notice else []
        return Resumed(resumed.game, state, lexicon, path, notice + short_lines(said))

    def _make_room(self) -> tuple[list[str], tuple[tuple[str, ...], Path] | None]:
        """Put this slot's unfinished game away (another is coming in):
        what to say first, and the players and file of the game put away."""
        assert self.store is not None
        loaded, said = self._load_own()
        kept = self.store.archive_unfinished()
        return said, ((tuple(loaded.summary.names), kept) if loaded is not None and kept is not None else None)

    def _back_to(self, away: tuple[tuple[str, ...], Path] | None) -> list[str]:
        """The game put away, said with the number ``open`` takes to go back
        to it (the games on file as they are now, kept as the listing
        ``open N`` goes by, so that the number said is the one it takes)."""
        if away is None:
            return []
        assert self.store is not None
        names, kept = away
        listing = self.store.catalogue()
        found = [n for n, g in enumerate(listing, start=1) if Path(g.path).resolve() == Path(kept).resolve()]
        if not found:
            return say.put_away_line(names)
        self.listing = listing
        return say.put_away_to_open(names, found[0])

    # ------------------------------------------------------------ saving
    def _save(self, game: Game, state: TableState) -> tuple[Any, BaseException | None]:
        assert self.store is not None
        try:
            return self.store.save(game, state.to_json()), None
        except (ScrabbleError, OSError) as e:
            return None, e

    def before_first_save(self, game: Game | None) -> list[str]:
        """A new game is seated: this window's unfinished game is put away
        (:meth:`put_away`) unless the new game is not saved here."""
        if self.store is None or game is None or kept_by_room(game):
            return []
        return self.put_away(saved_next=True)

    @_fitted
    def autosave(self, game: Game | None, state: TableState | None, brief: bool = False) -> list[str]:
        """Save the game after an action; what to say (see the module doc).
        Before a new game's first save the session puts an unfinished game
        in this window's slot away (:meth:`before_first_save`, said as ``--new``
        says it, ``Game put away: Ann and Bob.``, before the new game's
        opening); a game the save itself finds in the way
        (``SaveOutcome.put_away``: the put-away failed, or the slot was
        filled behind this window's back) is said alike, with the number
        ``open`` takes to go back to it, never by its file's path."""
        if self.store is None or game is None or state is None or kept_by_room(game):
            return []
        self.offered = None  # a game is being played: no offer stands any more
        outcome, error = self._save(game, state)
        if error is not None:
            reason = _reason(error)
            first = self.failing is None
            self.failing = reason
            if game.is_over:
                return ([str(error)] if first else []) + say.record_not_written(reason)
            if first:
                return [str(error)]
            next_is_computer = game.current in state.computers and not game.awaiting_final_challenge
            return [] if next_is_computer else say.still_not_saved(reason)
        lines: list[str] = []
        if self.failing is not None:
            self.failing = None
            lines.extend(say.SAVING_WORKS_AGAIN)
        if outcome.notice:
            lines.extend(self._aside(outcome.notice))
        for away in outcome.put_away:  # another's game found in the way: by its players, and how back
            lines.extend(self._back_to(away))
        return lines + _kept(outcome, brief)

    @_fitted
    def goodbye(self, game: Game | None, state: TableState | None) -> list[str]:
        """Leaving: the game is saved once more (settings and rack orders as
        they are now), and the slot is let go."""
        try:
            if self.offered is not None:
                return [prompts.GOODBYE_KEPT]
            if self.store is None or game is None or state is None or kept_by_room(game):
                return [prompts.GOODBYE]
            if game.is_over:
                if self.failing is None:
                    return [prompts.GOODBYE]
                outcome, error = self._save(game, state)  # the record, once more
                if error is not None:
                    return say.goodbye_no_record(_reason(error))
                return _kept(outcome) + [prompts.GOODBYE]
            outcome, error = self._save(game, state)
            if error is not None:
                self.failing = _reason(error)
                return say.goodbye_not_saved(self.failing)
            self.failing = None
            notice = self._aside(outcome.notice) if outcome.notice else []
            notice += [line for names, _ in outcome.put_away for line in say.put_away_line(names)]
            return notice + list(prompts.GOODBYE_SAVED)
        finally:
            if self.store is not None:
                self.store.release()

    # ------------------------------------------------------------ games on file
    def games_lines(self, in_play: bool) -> list[str]:
        """Every game on file, numbered (``open N`` resumes one)."""
        if self.store is None:
            return [say.NOT_SAVED_HERE]
        self._claim()
        self.listing = self.store.catalogue(keep_aside=True)
        lines = [line for notice in self.store.kept_aside for line in self._aside(notice)]
        lines.append(say.games_heading(len(self.listing)))
        for n, g in enumerate(self.listing, start=1):
            kind = g.kind.value if (g.kind is not Kind.HERE or in_play) else Kind.UNFINISHED.value
            lines.extend(say.game_entry_line(n, g.names, kind, g.started, g.scores))
        if any(g.kind.can_open for g in self.listing):
            lines.append(say.OPEN_HOW)
        return lines

    def choose(self, text: str, lexicon: Any, asked: str | None, in_play: bool = True) -> None:
        """``open N``: check that game N as ``games`` last listed it can be
        resumed (it replays, with its word list) and offer it (refused, to
        type games again, when the games on file are no longer those listed;
        never listed, they are numbered as ``games`` would number them) (before a game,
        ``in_play`` False, this window's own unfinished game too). Raises
        ActionNotAllowed (or another ScrabbleError) with a sentence if not;
        nothing changes then."""
        if self.store is None:
            raise ActionNotAllowed(say.NOT_SAVED_HERE)
        t = text.strip()
        if not t:
            raise ActionNotAllowed(say.OPEN_WHICH)
        # N is the game the player heard as N: the games on file now, which
        # must still be those last listed (an open N before moves two games)
        listing = self.store.catalogue()
        if self.listing and [_identity(g) for g in listing] != [_identity(g) for g in self.listing]:
            raise ActionNotAllowed(say.GAMES_CHANGED, brief=say.GAMES_CHANGED_BRIEF)
        n = small_number(t, 4)  # not int(): '²' passes isdigit
        if n is None or not 1 <= n <= len(listing):
            raise ActionNotAllowed(say.open_out_of_range(len(listing)) if n is not None or t.isdigit()
                                   else say.OPEN_WHICH)
        entry = listing[n - 1]
        if entry.kind is Kind.HERE and in_play:
            raise ActionNotAllowed(say.in_play_already(n))
        if entry.kind is Kind.ELSEWHERE:
            raise ActionNotAllowed(say.OPEN_ELSEWHERE)
        if entry.kind is Kind.FINISHED:  # its GCG record, or its save (a game begun from a position)
            raise _finished(entry.path.name)
        self.choose_file(entry.path, lexicon, asked)

    def _review_name(self, path: Path) -> str:
        """How to name a finished game's file to ``audio-scrabble review``:
        bare when it is where the player is or in the games folder (the
        review looks there too), else as it was given."""
        folders = [Path.cwd()] + ([self.store.games_dir] if self.store is not None else [])
        try:
            here = path.resolve().parent
            if any(here == Path(folder).resolve() for folder in folders):
                return path.name
        except OSError:
            pass
        return str(path)

    def choose_file(self, path: str | Path, lexicon: Any, asked: str | None) -> None:
        """Offer the unfinished game saved in ``path`` (``--open FILE``, ``open N``),
        once it is checked to resume. Raises ScrabbleError with a sentence if not."""
        target = Path(path).expanduser()
        if self.store is not None and self.store.held_elsewhere(target):
            raise ActionNotAllowed(say.OPEN_ELSEWHERE)
        try:
            data = read_limited(target, MAX_SAVE_BYTES, "a saved game")
        except OSError as e:
            raise ActionNotAllowed(say.file_unreadable(target.name, e.strerror or str(e))) from None
        if target.suffix.lower() == ".gcg":
            raise _finished(self._review_name(target))
        loaded = decode_save(data, target)
        if loaded.summary.over:
            raise _finished(self._review_name(target))
        ref = TableState.from_json(loaded.settings, len(loaded.summary.names)).word_list
        words, _, _ = word_list_for(ref, lexicon, asked, self.load_lexicon)
        loaded.replay(words, services.move_finder(words))
        self.offered = loaded
