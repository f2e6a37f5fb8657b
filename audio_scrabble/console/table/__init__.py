"""The table and its turns: the game at the table (``match``), who sits
where and who may act or hear (``table``, ``seats``), racks (``racks``),
what opens a turn (``turns``), hints and the review (``coach``), a play read
before it is made (``plays``), an action made (``acting``), a computer's
move off the input thread (``thinking``), how a game comes to the table
(``opening``, ``position_start``).

Nothing is re-exported: import the module (``from .table import acting``).
"""
