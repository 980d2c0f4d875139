"""The server deals in hosted tables only: no module under ``standpat/server/`` reaches a
game's hand (the poker engine's ``Hand``, the pinochle ``HandState``), neither by importing
its module nor by importing a name its package re-exports from it."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import standpat

SERVER = Path(standpat.__file__).parent / "server"
FORBIDDEN = ("standpat.engine.hand", "standpat.pinochle.hand")


def imported(path: Path, package: str) -> Iterator[tuple[int, str, str | None]]:
    """Every import of a ``standpat`` module in ``path``, lazy ones too: (line, module,
    name imported from it or None), relative imports resolved from ``package``."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for alias in node.names:
                yield node.lineno, base, alias.name


def home(module: str, name: str | None) -> str:
    """The module that defines what is imported: the module itself, the submodule
    ``name`` of it, or the module whose ``__module__`` the imported object names."""
    if name is None:
        return module
    try:
        return importlib.import_module(f"{module}.{name}").__name__
    except ImportError:
        pass
    value = getattr(importlib.import_module(module), name)
    return getattr(value, "__module__", None) or module


def hand_imports(root: Path, package: str) -> list[str]:
    """Each import under ``root`` (the package ``package``) that reaches a forbidden
    module, as ``file:line: what``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").parts
        here = ".".join([package, *rel[:-1]]) if rel[-1] != "__init__" or len(rel) > 1 \
            else package
        for line, module, name in imported(path, here):
            if not (module == "standpat" or module.startswith("standpat.")):
                continue
            target = home(module, name)
            if any(target == f or target.startswith(f + ".") for f in FORBIDDEN):
                what = module if name is None else f"{module}.{name}"
                found.append(f"{path.relative_to(root.parent)}:{line}: {what} ({target})")
    return found


def test_no_server_module_imports_a_games_hand() -> None:
    assert hand_imports(SERVER, "standpat.server") == []


def test_the_check_sees_direct_re_exported_and_relative_imports(tmp_path: Path) -> None:
    root = tmp_path / "server"
    (root / "live").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from standpat.engine import Hand, Stakes\n")
    (root / "b.py").write_text("def f():\n    import standpat.pinochle.hand\n")
    (root / "live" / "c.py").write_text("from ...pinochle import HandState\n"
                                        "from standpat.pinochle import meld\n")
    (root / "d.py").write_text("from standpat.engine import hand\nimport json\n")
    assert hand_imports(root, "standpat.server") == [
        "server/a.py:1: standpat.engine.Hand (standpat.engine.hand)",
        "server/b.py:2: standpat.pinochle.hand (standpat.pinochle.hand)",
        "server/d.py:1: standpat.engine.hand (standpat.engine.hand)",
        "server/live/c.py:1: standpat.pinochle.HandState (standpat.pinochle.hand)",
    ]
