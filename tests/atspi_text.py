"""Print the text of every terminal on the accessibility bus, as a screen
reader's review reads it (run by tests/test_orca.py under the system
Python, which has pyatspi, on the test's own display and bus)."""

import sys

import pyatspi


def terminals(node, depth=0):
    if node is None or depth > 12:
        return
    try:
        if node.getRole() == pyatspi.ROLE_TERMINAL:
            yield node
            return
        children = list(node)
    except Exception:
        return
    for child in children:
        yield from terminals(child, depth + 1)


def main() -> int:
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        for terminal in terminals(app):
            text = terminal.queryText()
            sys.stdout.write(text.getText(0, text.characterCount))
            sys.stdout.write("\f")
    return 0


if __name__ == "__main__":
    sys.exit(main())
