"""The accessible console game: ``audio-scrabble`` with no subcommand.

A linear command line that speaks: every answer is a few whole lines, the
most important words first. The front door and the wiring are here; the
rest lives in six rooms below (each ``__init__`` says what it holds).

Here:

``start``     command-line options (``configure``) and ``run``: builds a
              :class:`~.session.Session`, a speaker, and the prompt;
              ``options`` what a session is built with.
``session``   the front: holds the game's match, the settings, the open
              question and the last message. ``handle_line(text)`` and
              ``key(name)`` answer anything, in any state, without
              prompt_toolkit; they change the game only through its actions.
``front``     what a command may use of the game (``GameFront``), of the
              review (``ReviewFront``) and of both (``BoardFront``):
              every handler takes one; none writes a session's fields.
``app``       the prompt_toolkit application around the session (its
              ``Voice`` is ``output.voice``);
              ``prompted`` the protocols it needs of a session;
              ``plain`` the same game over piped lines.
``services``  the seams to the word list, speech, braille wrapping, the
              computer players, hints and the review after a game.
``review``    ``audio-scrabble review FILE.gcg``: a game record by ear
              (the ``review`` command after a game is the session's);
              its commands are ``handlers.review_commands``.

``table/``    the table and its turns: ``match`` (the game at the table),
              ``table``, ``seats`` (``RemoteSeat``, a game between homes,
              and the outward hook), ``racks``, ``turns``, ``coach``,
              ``plays``; ``opening`` (how a game comes to the table:
              set-up, ``new``, a position, a resumed save: a ``Seating``
              the session seats); ``acting`` (``Acting``: an action made,
              compute, save, then say; the one loop over the seats that
              are not a person's, ``Acting.steps``; a question to open
              comes back as a decision); ``thinking`` (a computer's move
              off the input thread); ``position_start`` (``--position``).
``handlers/`` the commands: ``registry`` (one registry class for the game
              and the review); ``commands`` (the game's registry: names,
              aliases, arguments, help keys, handlers and completion;
              ``dispatch`` runs a line); ``board_commands`` (shared with
              the review), ``file_commands``, ``survey_commands`` (``spots``,
              ``around``, ``fit`` and every board key's answer),
              ``teaching_commands`` (``tutorial``, ``hint``, ``review``,
              ``next``, ``back``), ``review_commands``; ``helptext`` (help texts, kept as data
              in ``audio_scrabble/data/help.txt``).
``asking/``   questions and set-up: ``questions`` (the one open question),
              ``setup`` (the questions before a game: players, names, a
              computer's level, rules), ``settings`` (verbosity, premium
              naming, braille mode, speech, hints).
``output/``   output to terminal, speech, braille and sound: ``output``
              (the ``Transcript``: each reply laid out once, where it
              leaves the session, for the braille display and the
              terminal, ``presentation.layout.lay_out``, and kept for
              ``repeat``; the ``BoardReader``); ``brailleview`` (braille
              display mode and ``FittedWriter``, the screen stream);
              ``cues`` (sounds); ``voice`` (``Voice``: each answer to the
              speaker, one reply in one write, ``one_reply``, and what is
              for the screen only); ``keys`` (key bindings, in small
              factories); ``answer_line`` (a board key's answer, and news
              that comes while the player is idle, drawn on the input
              line, where Orca reads it); ``histories`` (the prompt's
              line history, one a seat); ``cursor`` (the board cursor).
``files/``    ``saving`` (the saver), ``word_lists`` (which word list
              a saved game is judged by), ``game_files`` (a game on file read
              into one record), ``emboss_cli`` (``audio-scrabble emboss``).
``homes/``    play between homes: ``online_table`` and ``honour_table`` (a
              game at the table as a ``Relay``; ``online_view``,
              ``online_away``, ``online_end``), ``online_home``
              (``online_resuming``: the games of the logs resumed at
              sign-in; ``online_games``: what ``games`` lists;
              ``online_catching``: a new device's catch-up),
              ``online_watch``, ``online_commands``, ``online_start``
              (``audio-scrabble online``), ``online_clock`` and
              ``online_corresp`` (correspondence games).

A remote player plugs in as a seat, the way a computer does, without
touching the handlers: ``Session(remotes={"Bob": RemoteSeat()},
outward=send)``. A transport's thread puts each action that arrives in
the seat's inbox (``RemoteSeat.put(SeatMove(...))``); the one loop makes
it through the game's own action (compute, save, say: "Bob's move has
arrived.", the move, whose turn); until it arrives, reading commands are
answered and those that change the game are refused, saying whose turn
it is. ``Session.wake_with`` wakes the app on arrival. Every action made
at this table (not one that arrived) is handed to ``send`` with its events.

mypy checks the package, strictly here and in ``core``
(``tests/project/test_mypy.py``); the README's map names every module here,
each in its room's row (``tests/console/test_front.py``).

The words themselves come from :mod:`audio_scrabble.presentation`:
``phrases``, ``prompts`` (the console's own sentences),
``prompts_settings`` (settings and set-up), ``prompts_saving``,
``record_phrases``, ``survey_phrases``, and ``teaching`` (hints and the
review after a game); how they become lines, from ``layout``. The console keeps no sentence of its own but
those named in :data:`KEPT_SENTENCES` (tests/project/test_architecture.py
checks it).
"""

#: the console keeps these sentences (module.NAME), each the command
#: line's own words for argparse rather than a player-facing line:
#: ``--players``' help
KEPT_SENTENCES: tuple[str, ...] = ("start.PLAYERS_HELP",)
