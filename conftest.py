"""pytest set-up for every test path (see also tests/conftest.py)."""

from __future__ import annotations

import standpat.engine.hand

collect_ignore: list[str] = []
if not standpat.engine.hand.__file__.endswith(".py"):
    # The mypyc build of the engine shadows hand.py, and a compiled module keeps no
    # doctests: tests/engine/test_compiled.py runs them on the source instead.
    collect_ignore.append("src/standpat/engine/hand.py")
