"""No module reaches into another object's private parts: the store's satellites and the room
use the public surface of the store's parts (``store.ledger``, ``store.accounts``,
``store.sessions``, ``store.tables``, ``store.hands``, ``store.tx``), never ``store._tx`` or
``Store._balance``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import standpat

PACKAGE = Path(standpat.__file__).parent
STORE = PACKAGE / "store"


def _trees(root: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(root.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def store_private_names() -> frozenset[str]:
    """The private names the store's classes define: methods, and attributes they set on
    ``self``."""
    names: set[str] = set()
    for _, tree in _trees(STORE):
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in ast.walk(cls):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _private(
                        node.name):
                    names.add(node.name)
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "self" and _private(node.attr)):
                    names.add(node.attr)
    return frozenset(names)


def _names_a_store(node: ast.expr) -> bool:
    """``store``, ``self.store``, ``pg_store``, ``Store``: an expression naming a store."""
    name = node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")
    return name.lower().endswith("store")


def private_uses(root: Path = PACKAGE) -> list[str]:
    """Every use, outside the object's own class, of a store's private member: an attribute
    of a store (``store._tx``) or of any object but ``self``/``cls`` whose name is private to
    one of the store's classes (``ledger._move``), and a private name imported from the
    store's modules (``from standpat.store.db import _utc``)."""
    private = store_private_names()
    found = []
    for path, tree in _trees(root):
        where = path.relative_to(root.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                if _names_a_store(owner) or node.attr in private:
                    found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
            if (isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "standpat.store")):
                found += [f"{where}:{node.lineno}: from {node.module} import {alias.name}"
                          for alias in node.names if _private(alias.name)]
    return sorted(found)


def test_no_module_uses_the_stores_private_members() -> None:
    assert private_uses() == []


def test_the_scan_finds_a_private_use(tmp_path: Path) -> None:
    (tmp_path / "caller.py").write_text(
        "from standpat.store.tx import _make_engine\n"
        "def f(store, ledger):\n"
        "    with store._tx() as conn:\n"
        "        ledger._last_refill(conn, 1)\n"
    )
    assert private_uses(tmp_path) == [
        f"{tmp_path.name}/caller.py:1: from standpat.store.tx import _make_engine",
        f"{tmp_path.name}/caller.py:3: store._tx",
        f"{tmp_path.name}/caller.py:4: ledger._last_refill",
    ]


def test_the_store_composes_its_parts_and_re_exports_none_of_their_methods() -> None:
    from standpat.store import Store

    store = Store("sqlite://")
    methods = sorted(name for name, value in vars(Store).items()
                     if callable(value) and not name.startswith("_"))
    parts = sorted(name for name in vars(store) if not name.startswith("_"))
    store.close()
    assert methods == ["close"]
    assert parts == ["accounts", "hands", "ledger", "sessions", "tables", "tournaments", "tx"]
