"""The commands: one registry class for the game and the review
(``registry``), the game's registry and handlers (``commands``), those
shared with the review (``board_commands``), the survey and board keys
(``survey_commands``), files (``file_commands``), the tutorial,
hints and the review's steps (``teaching_commands``), the review's
(``review_commands``) and the help texts (``helptext``).

Each handler takes a declared front (``console/front.py``). Nothing is
re-exported: import the module.
"""
