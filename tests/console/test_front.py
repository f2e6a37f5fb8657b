"""The console's seams, declared (console/front.py, acting.py, seats.py):

* no function in console/ takes a session untyped or as ``Any`` (the
  handlers take a :class:`GameFront`, :class:`ReviewFront` or
  :class:`BoardFront`, which mypy checks the sessions against);
* no private member of a session is used outside its own module, and no
  module but the session's own writes a session's fields;
* one computers' loop: only acting.py starts, waits for or makes a
  computer's decision; the application runs ``Acting.steps``;
* Session keeps no one-line forwarder to acting; questions.py does not
  import the commands (it asks a ``PassesThrough`` whether a word may pass);
* the README's console map names every console module.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from audio_scrabble.console import front, review, session
from audio_scrabble.console.table import acting

ROOT = Path(__file__).resolve().parents[2]
CONSOLE = ROOT / "audio_scrabble" / "console"
#: the names a session goes by in the console's functions
SESSION_NAMES = {"session", "s"}
#: each session class's own module
OWN = {"session.py", "review.py"}


def modules() -> dict[str, ast.Module]:
    """Every console module by file name, its sub-rooms' (table/, handlers/, ...) included
    (the names are unique across the rooms: a test below checks it)."""
    return {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in console_files() if p.name != "__init__.py"}


def console_files() -> list[Path]:
    return sorted(CONSOLE.rglob("*.py"))


def test_the_console_modules_are_seen_in_every_room_and_named_once():
    files = [p for p in console_files() if p.name != "__init__.py"]
    assert len(files) == len({p.name for p in files}), "two console modules share a name"
    assert {p.parent.name for p in files} >= {"console", "table", "handlers", "asking", "output", "files", "homes"}
    assert {"session.py", "acting.py", "questions.py", "app.py"} <= set(modules())


def is_session(node: ast.AST) -> bool:
    """``session``, ``s`` or ``self.session``."""
    if isinstance(node, ast.Name):
        return node.id in SESSION_NAMES
    return isinstance(node, ast.Attribute) and node.attr == "session" and isinstance(node.value, ast.Name)


def test_no_console_function_takes_the_session_untyped_or_as_any():
    found = []
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
                if arg.arg not in SESSION_NAMES or isinstance(node, ast.Lambda):
                    continue
                note = ast.unparse(arg.annotation) if arg.annotation is not None else None
                if note is None or note in ("Any", "typing.Any", "object"):
                    found.append(f"{name}:{node.lineno} {node.name}({arg.arg}: {note})")
    assert not found, found


def test_the_handlers_take_a_declared_front():
    """Every handler of the game's and the review's registries names its front."""
    from audio_scrabble.console.handlers.commands import REGISTRY
    from audio_scrabble.console.handlers.review_commands import REVIEW_COMMANDS

    fronts = {"GameFront", "ReviewFront", "BoardFront", "F"}
    for registry in (REGISTRY, REVIEW_COMMANDS):
        for command in registry.commands:
            note = command.handler.__annotations__.get("session", command.handler.__annotations__.get("s"))
            assert note in fronts, (command.name, note)


def test_no_private_member_of_a_session_is_used_outside_its_module():
    found = []
    for name, tree in modules().items():
        if name in OWN:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and is_session(node.value) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                found.append(f"{name}:{node.lineno} .{node.attr}")
    assert not found, found


def test_no_module_but_the_sessions_own_writes_a_sessions_fields():
    found = []
    for name, tree in modules().items():
        if name in OWN:
            continue
        for node in ast.walk(tree):
            targets: list[ast.AST] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for t in targets:
                for part in ast.walk(t):
                    if isinstance(part, ast.Attribute) and is_session(part.value) and isinstance(part.ctx, ast.Store):
                        found.append(f"{name}:{node.lineno} {ast.unparse(t)}")
    assert not found, found


def test_one_computers_loop_in_acting():
    """Only acting.py starts a computer's move, waits for it or makes it."""
    deciding = {"start_computer", "computer_done", "computer_turn", "computer_thinking", "run_computers"}
    found = []
    for name, tree in modules().items():
        if name == "acting.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in deciding:
                found.append(f"{name}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Attribute) and node.attr == "wait" and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "thinker":
                found.append(f"{name}:{node.lineno} thinker.wait")
    # the session runs the one loop through acting (after an action, between pasted lines)
    allowed = {f for f in found if f.startswith("session.py") and f.endswith(".run_computers")}
    assert not set(found) - allowed, found
    app = (CONSOLE / "app.py").read_text(encoding="utf-8")
    assert "acting.steps(" in app


def test_session_keeps_no_one_line_forwarder_to_acting():
    tree = ast.parse((CONSOLE / "session.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session")
    found = []
    for fn in cls.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        body = [b for b in fn.body if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
        if len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Call):
            func = body[0].value.func
            if isinstance(func, ast.Attribute) and ast.unparse(func.value) == "self.acting":
                found.append(fn.name)
            if isinstance(func, ast.Attribute) and ast.unparse(func.value) == "acting":
                found.append(fn.name)
    assert not found, found
    # acting is built with what it needs, never handed the session's state to set
    assert "session" not in acting.Acting.__init__.__code__.co_varnames


def test_questions_do_not_import_the_commands():
    tree = ast.parse((CONSOLE / "asking" / "questions.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {m for m in imported if m and m.lstrip(".").endswith("commands")}, imported


def test_the_sessions_offer_their_fronts():
    """What mypy checks statically, checked by name too: each front's members are the session's."""

    def members(protocol: type) -> set[str]:
        names: set[str] = set()
        for klass in protocol.__mro__:
            if klass.__name__ in ("Protocol", "Generic", "object"):
                continue
            names |= {n for n in vars(klass) if not n.startswith("_")}
        return names

    for name in members(front.GameFront):
        assert hasattr(session.Session, name) or name in session.Session.__init__.__code__.co_names, name
    for name in members(front.ReviewFront):
        assert hasattr(review.ReviewSession, name) or name in review.ReviewSession.__init__.__code__.co_names, name


def readme_console_map() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## For developers")
    end = text.index("### A play, from prompt to save")
    return text[start:end]


def readme_rooms(table: str) -> set[tuple[str, str]]:
    """(room, file) for each file the map names in a row of the console:
    a row's first cell starts with the room's path (``audio_scrabble/console/``
    or ``audio_scrabble/console/table/``...), then names its files."""
    named: set[tuple[str, str]] = set()
    for line in table.splitlines():
        found = re.match(r"\| `audio_scrabble/console/(?:([a-z_]+)/)?", line)
        if not found:
            continue
        room = found.group(1) or "console"
        first_cell = line.split(" | ")[0]
        named |= {(room, name) for name in re.findall(r"([a-z_]+\.py)`", first_cell)}
    return named


def test_the_readme_map_names_every_console_module_in_its_room():
    named = readme_rooms(readme_console_map())
    missing = [str(p.relative_to(CONSOLE)) for p in console_files()
               if p.name != "__init__.py" and (p.parent.name, p.name) not in named]
    assert not missing, f"README's 'For developers' map does not name (in its room's row): {missing}"
    assert ("console", "__init__.py") in named
    rooms = {p.parent.name for p in console_files()} - {"console"}
    table = readme_console_map()
    assert all(f"`audio_scrabble/console/{room}/`" in table for room in rooms), rooms


def test_the_map_reader_tells_a_file_out_of_its_room():
    row = "| `audio_scrabble/console/table/`: `acting.py`, `keys.py` | words `output.py` |"
    assert readme_rooms(row) == {("table", "acting.py"), ("table", "keys.py")}
