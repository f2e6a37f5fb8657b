"""At a narrow braille display two players' prompts could be fitted
alike: 'Mary-Jane &' and 'Mary-Jane Zoë Mary-Jane' were both prompted
'Mary-Jan> ' at 16 cells ('Mary-J> ' at 14; at the table,
where a name has at most 20 letters, 'Mary-Jane Zoë Mary' too), since neither a whole word
nor the initials of what is cut tell them apart (review6). Prompts the
fitting cannot tell apart now end with their seat's number
(``layout.fit_prompt``), so the prompts at a table always differ, and
each player's prompt is the same whoever's turn it is."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from audio_scrabble.console import services
from audio_scrabble.console.session import Options, Session
from audio_scrabble.presentation import layout


def _prompts_in_turn(players: str, cells: int) -> list[str]:
    s = Session(Options(players=players, seed=2, braille_width=cells), lexicon=services.WordSet(["QI"]))
    s.start()
    s.handle_line("")
    said = []
    for _ in players.split(","):
        said.append(s.prompt_text())
        s.handle_line("pass")
    return said


def test_mary_jane_and_mary_jane_zoe_are_prompted_apart_at_16_and_14_cells() -> None:
    players = "Mary-Jane &,Mary-Jane Zoë Mary"  # names of at most 20 letters
    assert _prompts_in_turn(players, 16) == ["Mary-J 1> ", "Mary-J 2> "]
    assert _prompts_in_turn(players, 14) == ["Mary 1> ", "Mary 2> "]
    assert _prompts_in_turn(players, 20) == ["Mary-Jane &> ", "Mary-Jane> "]  # told apart already: as before


def test_a_prompt_told_apart_already_is_as_it_was() -> None:
    assert layout.fit_prompt("Tom Smith> ", None, 14, others=["Tom Jones> "], seat=0) == "Tom S> "
    assert layout.fit_prompt("Tom> ", None, 20, others=["Tom and Jerry> "], seat=0) == "Tom> "
    assert layout.fit_prompt("Tom and Jerry> ", None, 14, others=["Tom> "], seat=1) == "Tom J> "


_NAME = st.text(alphabet="MaryJne-&Zoë .,'", min_size=1, max_size=30).map(lambda n: " ".join(n.split())).filter(
    lambda n: n != "")


@settings(max_examples=300, deadline=None)
@given(st.lists(_NAME, min_size=2, max_size=4, unique_by=str.casefold), st.integers(min_value=14, max_value=40))
def test_the_prompts_at_a_table_always_differ_and_fit(names: list[str], cells: int) -> None:
    full = [f"{name}> " for name in names]
    fitted = [layout.fit_prompt(p, None, cells, others=[q for q in full if q is not p], seat=i)
              for i, p in enumerate(full)]
    assert len({p.casefold() for p in fitted}) == len(fitted), (names, cells, fitted)
    assert all(p.endswith("> ") and len(p) <= max(4, cells - layout.TYPING_ROOM) for p in fitted), fitted
