"""standpat.pinochle imports only cards, errors and itself, and documents its whole API."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import standpat.pinochle

ALLOWED = {"standpat.cards", "standpat.errors"}
PACKAGE = Path(standpat.pinochle.__file__).parent


def test_pinochle_imports_only_cards_errors_and_itself() -> None:
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name.startswith("standpat"):
                    assert name in ALLOWED or name.startswith("standpat.pinochle"), (
                        f"{path.name} imports {name}"
                    )


def documented(source: str) -> dict[str, bool]:
    """Each top-level name ``source`` defines, with whether the source gives it a docstring.

    Read from the source, not from ``__doc__``: ``@dataclass`` writes a class
    without one a ``__doc__`` of its own (its signature), and an enum or a
    constant inherits its type's.  A class counts as documented only when its
    public methods are too.  A constant is documented by the string that
    follows its assignment.
    """
    body = ast.parse(source).body
    found: dict[str, bool] = {}
    for i, node in enumerate(body):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            ok = bool(ast.get_docstring(node))
            if isinstance(node, ast.ClassDef):
                ok = ok and all(
                    ast.get_docstring(f) for f in node.body
                    if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                    and not f.name.startswith("_")
                )
            found[node.name] = ok
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            after = body[i + 1] if i + 1 < len(body) else None
            ok = (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                  and isinstance(after.value.value, str) and bool(after.value.value.strip()))
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update((t.id, ok) for t in targets if isinstance(t, ast.Name))
    return found


def test_documented_reads_the_source_not_the_generated_docstring() -> None:
    source = (
        "from dataclasses import dataclass\n"
        "@dataclass\nclass Bare:\n    x: int\n"
        '@dataclass\nclass Told:\n    """A point."""\n    x: int\n'
        '    def public(self) -> None:\n        pass\n'
        'def f() -> None:\n    """Does nothing."""\n'
        'LIMIT = 3\n"""The limit."""\n'
        "SILENT = 4\n"
    )
    namespace: dict[str, object] = {}
    exec(compile(source, "<fake>", "exec"), namespace)
    assert namespace["Bare"].__doc__  # what the old test accepted: dataclass wrote one
    assert documented(source) == {
        "Bare": False, "Told": False, "f": True, "LIMIT": True, "SILENT": False,
    }


def test_every_public_object_has_a_docstring() -> None:
    sources = {path: documented(path.read_text()) for path in PACKAGE.rglob("*.py")}
    for name in standpat.pinochle.__all__:
        obj = getattr(standpat.pinochle, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            module = sys.modules[obj.__module__]
            assert module.__file__ is not None
            found = documented(Path(module.__file__).read_text())
            assert found.get(name), f"{name} (in {obj.__module__}) has no docstring"
        else:  # a constant or a type alias: the string after its assignment
            assert any(names.get(name) for names in sources.values()), (
                f"{name} has no docstring after its assignment"
            )
