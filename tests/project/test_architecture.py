"""The house rules of the package, checked on its source.

* The import graph has no circles, function-level imports included.
* No module imports from a layer below it in the house plan (errors,
  core, reading, lexicon, notation, engine, presentation, persistence, online, console,
  cli): the rules core imports nothing of ours but errors.
* No file of the console is over 500 lines.
* The console keeps no player-facing sentence (a string literal of two
  words or more ending in . ? ! : or ;) but those named in
  ``audio_scrabble.console.KEPT_SENTENCES``: the words are presentation's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import audio_scrabble

PACKAGE = Path(audio_scrabble.__file__).parent
#: the layers, each importing only those before it
LAYERS = ["errors", "core", "reading", "lexicon", "notation", "engine", "presentation", "persistence", "online", "console", "cli", "__main__"]


def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for f in PACKAGE.rglob("*.py"):
        parts = ["audio_scrabble", *f.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = f
    return mods


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """Every module of ours that ``name`` imports, anywhere in its code."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in mods else module for a in node.names]
        found.update(t for t in targets if t in mods and t != name)
    return found


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    return {name: _imports(name, path, mods) for name, path in mods.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return -1  # the package itself
    assert parts[1] in LAYERS, f"{module} is in no layer of the house plan"
    return LAYERS.index(parts[1])


def test_the_graph_reader_sees_the_imports_it_must():
    graph = _graph()
    assert "audio_scrabble.errors" in graph["audio_scrabble.core.game"]
    assert "audio_scrabble.console.handlers.commands" in graph["audio_scrabble.console.session"]  # a lazy import
    assert len(graph) > 50


def test_no_import_circles():
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert circles == []


def test_no_import_reaches_up_a_layer():
    upward = [
        f"{m} imports {d}"
        for m, deps in sorted(_graph().items())
        for d in sorted(deps)
        if _layer(d) > _layer(m)
    ]
    assert upward == []


def test_the_rules_core_imports_nothing_of_ours_but_errors():
    for m, deps in _graph().items():
        if m.startswith("audio_scrabble.core"):
            assert all(d.startswith(("audio_scrabble.core", "audio_scrabble.errors")) for d in deps), (m, deps)


#: the most lines a console module may hold (the console's house)
CONSOLE_MOST_LINES = 500


def test_no_console_file_is_over_500_lines():
    long = {str(f.relative_to(PACKAGE)): n for f in _console_files()
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > CONSOLE_MOST_LINES}
    assert long == {}


def _console_files() -> list[Path]:
    """Every module of the console, its sub-rooms' (table/, handlers/, ...) included."""
    return sorted((PACKAGE / "console").rglob("*.py"))


def test_the_console_files_are_seen_in_every_room():
    files = _console_files()
    rooms = {f.parent.name for f in files}
    assert len(files) > 40  # it sees the console's files
    assert {"console", "table", "handlers", "asking", "output", "files", "homes"} <= rooms


# ---------------------------------------------------------------- the console's sentences
#: how a sentence ends
_SENTENCE_ENDS = (".", "?", "!", ":", ";")


def _text_of(node: ast.AST) -> str | None:
    """A string literal's text; an f-string's with ``{}`` for each value."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _sentences(path: Path) -> list[tuple[str | None, int, str]]:
    """Every sentence-like string literal of a module (two words or more,
    ending in . ? ! : or ;), docstrings left out: (the module-level name it
    is assigned to, if any; its line; its text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(n, ast.JoinedStr):  # its parts are read with it
            skip.update(id(v) for v in ast.walk(n) if v is not n)
    named: dict[int, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    named.update({id(v): t.id for v in ast.walk(stmt.value)})
    found = []
    for n in ast.walk(tree):
        text = _text_of(n)
        if text is None or id(n) in skip:
            continue
        s = text.strip()
        if len(s.split()) >= 2 and s.endswith(_SENTENCE_ENDS):
            found.append((named.get(id(n)), n.lineno, text))
    return found


def test_the_sentence_reader_finds_sentences(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""A docstring is not said."""\nKEPT = "Kept here."\n'
                      'def f(n):\n    """Nor is this."""\n    return [f"{n} players.", "one", "Two words"]\n')
    assert [(name, text) for name, _, text in _sentences(sample)] == [("KEPT", "Kept here."), (None, "{} players.")]


def test_the_console_keeps_no_sentence_but_its_named_list():
    from audio_scrabble.console import KEPT_SENTENCES

    kept, stray = set(), []
    for f in _console_files():
        for name, line, text in _sentences(f):
            if f"{f.stem}.{name}" in KEPT_SENTENCES:
                kept.add(f"{f.stem}.{name}")
            else:
                stray.append(f"{f.relative_to(PACKAGE)}:{line}: {text!r}")
    assert stray == [], "a player-facing sentence belongs in audio_scrabble/presentation (prompts)"
    assert kept == set(KEPT_SENTENCES)  # the list names no sentence that has gone
