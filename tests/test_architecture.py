"""The package keeps its one-way layers and its light import."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import standpat

PACKAGE = Path(standpat.__file__).parent

LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(names) for names in (
    {"errors", "_keys", "_native"},
    {"cards"},
    {"ranking", "fairness", "pinochle"},
    {"batch", "engine"},
    {"odds"},
    {"table"},
    {"tournament"},
    {"store"},
    {"history"},
    {"bots"},
    {"env", "simulation"},
    {"server"},
    {"__init__"},  # the package itself: a facade over the parts (standpat.simulate, evaluate...)
    {"cli"},
    {"__main__"},
))
"""The parts of ``standpat`` (its modules and subpackages), lowest first.

A part may import itself and the parts of lower layers only: parts of one
layer are independent of each other.  The package's own ``__init__`` sits
above the library parts (it may import any of them, lazily for the heavy
ones), so no part below the CLI imports from ``standpat`` itself.  A part
listed but not present yet (``odds``, ``env``, ``simulation`` are being
written) simply has no modules; a module whose part is not listed is an
error, so a new part gets a place.
"""


def layer_of(part: str) -> int | None:
    """The index of ``part``'s layer, or None when it is in none."""
    return next((i for i, names in enumerate(LAYERS) if part in names), None)


def part_of(module: str) -> str:
    """``standpat.engine.hand`` -> ``engine``; the package itself -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports(package: Path) -> Iterator[tuple[str, int, str]]:
    """Every import of ``package``'s own modules: (file, line, imported module), lazy ones too.

    ``from standpat import X`` imports the submodule X when there is one, else
    the package's ``__init__``; relative imports are resolved.
    """
    root = package.name
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).with_suffix("")
        here = list(rel.parts[:-1])  # the package a relative import starts from
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here[: len(here) - node.level + 1]
                    base = ".".join([*up, *([base] if base else [])])
                if base == root:
                    found = [
                        f"{root}.{alias.name}" if _is_part(package, alias.name) else root
                        for alias in node.names
                    ]
                else:
                    found = [base]
            for name in found:
                if name == root or name.startswith(root + "."):
                    yield str(path.relative_to(package.parent)), node.lineno, name


def _is_part(package: Path, name: str) -> bool:
    return (package / name / "__init__.py").exists() or (package / f"{name}.py").exists()


def upward_imports(package: Path) -> list[str]:
    """Each import that breaks :data:`LAYERS`, as ``file:line: why``."""
    root = package.name
    problems = []
    for where, line, name in imports(package):
        module = ".".join(Path(where).with_suffix("").parts)
        if module.endswith(".__init__"):
            module = module.removesuffix(".__init__")
        mine, theirs = part_of(module), part_of(name)
        here, there = layer_of(mine), layer_of(theirs)
        if here is None:
            problems.append(f"{where}:{line}: {root}.{mine} is in no layer; add it to LAYERS")
        elif there is None:
            problems.append(f"{where}:{line}: imports {name}, which is in no layer")
        elif mine != theirs and there >= here:
            side = "the same layer" if there == here else "a higher layer"
            problems.append(f"{where}:{line}: {mine} imports {name}, from {side}")
    return problems


def test_no_module_imports_upward_or_sideways() -> None:
    assert upward_imports(PACKAGE) == []


def test_every_present_part_has_a_layer() -> None:
    parts = {p.stem for p in PACKAGE.iterdir() if _is_part(PACKAGE, p.stem)}
    assert parts, PACKAGE
    assert {p for p in parts if layer_of(p) is None} == set()


def write(root: Path, files: dict[str, str]) -> Path:
    package = root / "standpat"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return package


def test_the_check_catches_upward_sideways_lazy_and_relative_imports(tmp_path: Path) -> None:
    package = write(tmp_path, {
        "cards.py": "from standpat.errors import StandpatError\n",
        "errors.py": "",
        "ranking.py": "from standpat import cards\nfrom standpat.pinochle import meld\n",
        "pinochle/__init__.py": "from standpat.cards import Card\n",
        "store/__init__.py": "from ..server import app\n",
        "history/__init__.py": "def f():\n    import standpat.bots.strong\n",
        "bots/__init__.py": "from standpat.history import f\nfrom standpat import evaluate\n",
        "__init__.py": "from standpat.ranking import evaluate\n"
                       "def simulate():\n    from standpat.bots import play\n",
        "server/__init__.py": "from standpat.store import x\nfrom standpat.cli import main\n",
        "cli/__init__.py": "from standpat.server import app\n",
        "analysis/__init__.py": "from standpat.cards import Card\n",
    })
    assert upward_imports(package) == [
        "standpat/analysis/__init__.py:1: standpat.analysis is in no layer; add it to LAYERS",
        "standpat/bots/__init__.py:2: bots imports standpat, from a higher layer",
        "standpat/history/__init__.py:2: history imports standpat.bots.strong, from a higher layer",
        "standpat/ranking.py:2: ranking imports standpat.pinochle, from the same layer",
        "standpat/server/__init__.py:2: server imports standpat.cli, from a higher layer",
        "standpat/store/__init__.py:1: store imports standpat.server, from a higher layer",
    ]


def test_import_is_light() -> None:
    heavy = ("numpy", "numba", "pandas", "matplotlib", "starlette", "sqlalchemy", "psycopg",
             "pokerkit", "pettingzoo", "gymnasium", "ray")
    code = f"import sys, standpat; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


SERVER = PACKAGE / "server"
SERVER_LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(names) for names in (
    {"__init__", "agents", "answers", "collector", "config", "downloads", "frames", "guard",
     "metrics", "origins", "problems", "protocol", "schemas", "seatbots", "sessions"},
    {"bodies", "host", "lobby", "openapi", "throttle", "tournament_lines",
     "tournament_recurring", "tournaments"},
    {"live"},
    {"room", "orders"},
    {"tournament_service"},
    {"cluster"},
    {"api"},
    {"ws"},
    {"app"},
))
"""The parts of ``standpat.server``, lowest first, by the same rule as :data:`LAYERS`: a live
table knows nothing of the nodes (``cluster``), of a host or of the web; the nodes build on the
one-process host; the web layer (``api``, ``ws``, ``app``) sits on top.  (``web`` is the
browser client's folder: no Python.)"""

PURE = ("core", "handlers", "restart", "effects", "writes", "clock", "ghosts", "waiting",
        "chat", "messages", "sitters", "tournament")
"""The modules of a live table's core: they decide, and do no I/O."""
IMPURE = ("asyncio", "threading", "sqlalchemy", "redis", "psycopg", "starlette", "uvicorn",
          "standpat.server.live.task", "standpat.server.live.recorder",
          "standpat.server.live.writer")
STORE_DATA = {"SeatRecord", "TableRecord", "Account", "VoidedHand"}
"""What the core may take from the store: its records, never the store itself."""


def test_server_parts_import_one_way() -> None:
    problems = []
    for where, line, name in imports(PACKAGE):
        if not where.startswith("standpat/server/") or not name.startswith("standpat.server"):
            continue
        mine = Path(where).relative_to("standpat/server").with_suffix("").parts[0]
        theirs = name.split(".")[2] if name.count(".") >= 2 else "__init__"
        here = next((i for i, names in enumerate(SERVER_LAYERS) if mine in names), None)
        there = next((i for i, names in enumerate(SERVER_LAYERS) if theirs in names), None)
        if here is None or there is None:
            problems.append(f"{where}:{line}: {mine} or {theirs} is in no server layer")
        elif mine != theirs and there >= here:
            problems.append(f"{where}:{line}: server.{mine} imports {name}")
    assert problems == []


def test_the_live_tables_core_does_no_io() -> None:
    problems = []
    for module in PURE:
        path = SERVER / "live" / f"{module}.py"
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
                if node.module == "standpat.store":
                    names += [f"standpat.store.{a.name}" for a in node.names
                              if a.name not in STORE_DATA]
            for name in names:
                if any(name == bad or name.startswith(bad + ".") for bad in IMPURE) or (
                        name.startswith("standpat.store.") and name.split(".")[-1]
                        not in STORE_DATA):
                    line = getattr(node, "lineno", 0)
                    problems.append(f"live/{module}.py:{line}: imports {name}")
    assert problems == []
