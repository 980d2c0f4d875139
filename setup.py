"""Build the optional compiled paths; everything else is in pyproject.toml.

Three extensions, all optional: without a C compiler standpat installs and runs
on its pure-Python paths, which give the same results.

- ``standpat._native.scorer``: the C scalar hand scorer.
- ``standpat._native.observer``: the C event updates of the environments' poker
  observer (``standpat.env.observe``).
- ``standpat.engine.hand``: the hand engine compiled by mypyc from the very same
  ``src/standpat/engine/hand.py`` (mypy is a build requirement).  The compiled
  module shadows the source, so rebuild (``make``, ``pip install -e .``) after
  editing it; ``STANDPAT_PURE_ENGINE=1`` at build time skips it.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

METADATA_ONLY = {"egg_info", "dist_info"}
"""setup.py commands that only write the package's metadata (pip's first two steps of an
install): no extension is built by them, so mypyc's analysis (minutes, gigabytes) is skipped."""


def engine_extensions() -> list[Extension]:
    """The mypyc build of the hand engine, or nothing when it cannot be made."""
    if os.environ.get("STANDPAT_PURE_ENGINE") == "1":
        return []
    command = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
    if command in METADATA_ONLY:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("mypyc not found: the hand engine stays pure Python", file=sys.stderr)
        return []
    try:
        # Silent about the modules it imports: the build environment lacks numpy and
        # numba, which `mypy` (strict, with the dev extra installed) checks.
        extensions = mypycify(
            ["--follow-imports=silent", "src/standpat/engine/hand.py"], opt_level="3"
        )
    except (Exception, SystemExit) as error:  # mypycify exits on a type error
        print(f"mypyc failed ({error!r}): the hand engine stays pure Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return list(extensions)


setup(
    ext_modules=[
        Extension(
            "standpat._native.scorer",
            sources=["src/standpat/_native/scorer.c"],
            optional=True,
        ),
        Extension(
            "standpat._native.observer",
            sources=["src/standpat/_native/observer.c"],
            optional=True,
        ),
        *engine_extensions(),
    ]
)
