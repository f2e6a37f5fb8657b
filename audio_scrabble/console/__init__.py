"""The accessible console game: ``audio-scrabble`` with no subcommand.

A linear command line that speaks: every answer is a few whole lines, the
most important words first. How it fits together:

``start``     command-line options (``configure``) and ``run``: builds a
              :class:`~.session.Session`, a speaker, and the prompt.
``session``   the front: holds the game's match, the settings, the open
              question and the last message. ``handle_line(text)`` and
              ``key(name)`` answer anything, in any state, without
              prompt_toolkit; they change the game only through its actions.
``opening``   how a game comes to the table (set-up, ``new``, a position,
              a resumed save): a ``Seating`` the session seats.
``acting``    an action made: compute, save, then say; plays, the final
              acceptance and the computers' one loop.
``match``, ``table``, ``racks``, ``turns``, ``coach``, ``questions``,
``plays``, ``output``, ``cues``, ``saving``: the session's parts.
``commands``  the one command registry: names, aliases, arguments, help
              keys, handlers and completion; ``dispatch`` runs a line.
``survey_commands`` the board survey: ``spots``, ``around``, ``fit``
              (game and review alike), and every board key's answer
              (survey keys, quick keys, the cursor's moves).
``position_start`` ``--position CGP``: a game started from a position.
``setup``     the questions before a game (players, names, a computer's
              level, rules).
``cursor``    the board cursor, a plain object.
``keys``      prompt_toolkit key bindings, in small factories.
``app``       the prompt_toolkit application (and a plain-line loop for
              piped input) around the session; ``histories``: its line
              history, one a seat at a shared computer.
``settings``  verbosity, premium naming, braille mode, speech, hints.
``brailleview`` braille display mode: ``fit`` (the one place that makes
              every printed line fit N cells), prompts, the braille
              board, rows, columns, RNIB rack tiles, the legend, and
              ``FittedWriter`` (the screen stream everything prints to).
``helptext``  help texts, kept as data in ``audio_scrabble/data/help.txt``.
``services``  the seams to the word list, speech, braille wrapping, the
              computer players, hints and the review after a game.
``review``    ``audio-scrabble review FILE.gcg``: a game record by ear
              (the ``review`` command after a game is the session's);
              its commands are ``review_commands``.

The words themselves come from :mod:`audio_scrabble.presentation`:
``phrases``, ``prompts`` (the console's own sentences),
``prompts_settings`` (settings and set-up), ``prompts_saving``,
``record_phrases``, ``survey_phrases``, and ``teaching`` (hints and the
review after a game). The console keeps no sentence of its own but
those named in :data:`KEPT_SENTENCES` (tests/test_architecture.py
checks it).
"""

#: the console keeps these sentences (module.NAME), each the command
#: line's own words for argparse rather than a player-facing line:
#: ``--players``' help
KEPT_SENTENCES: tuple[str, ...] = ("start.PLAYERS_HELP",)
