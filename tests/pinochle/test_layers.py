"""standpat.pinochle imports only standpat.cards, standpat.errors and itself."""

from __future__ import annotations

import ast
from pathlib import Path

import standpat.pinochle

ALLOWED = {"standpat.cards", "standpat.errors"}


def test_pinochle_imports_only_cards_errors_and_itself() -> None:
    package = Path(standpat.pinochle.__file__).parent
    for path in package.rglob("*.py"):
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


def test_every_public_object_has_a_docstring() -> None:
    for name in standpat.pinochle.__all__:
        obj = getattr(standpat.pinochle, name)
        if callable(obj) and not isinstance(obj, type(standpat.pinochle.Action)):
            assert obj.__doc__, name
