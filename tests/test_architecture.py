"""The package keeps its one-way layers and its light import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import standpat

PACKAGE = Path(standpat.__file__).parent

# Each layer may import only itself and the layers listed before it.
LAYERS = [
    {"errors", "_keys", "_native", "cards"},
    {"ranking", "batch"},
    {"engine", "pinochle", "fairness"},
    {"table"},
    {"bots", "history", "server", "store", "analysis", "odds", "cli", "__main__"},
]


def layer_of(module: str) -> int:
    for index, names in enumerate(LAYERS):
        if module in names:
            return index
    raise AssertionError(f"module standpat.{module} is in no layer; add it to LAYERS")


def test_core_never_imports_a_higher_layer() -> None:
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).with_suffix("")
        if rel.name == "__init__" and rel.parent == Path("."):
            continue
        here = layer_of(rel.parts[0])
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                parts = name.split(".")
                if parts[0] == "standpat" and len(parts) > 1:
                    assert layer_of(parts[1]) <= here, f"{path}: imports {name}"


def test_import_is_light() -> None:
    code = (
        "import sys, time; t = time.perf_counter(); import standpat; "
        "print(time.perf_counter() - t); "
        "print(any(m in sys.modules for m in ('numpy', 'numba')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, heavy = out.stdout.split()
    assert heavy == "False"
    assert float(seconds) < 0.5
