"""The ``standpat`` command line: one subcommand per module in this package.

Each subcommand module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``; add a module to ``COMMANDS`` to add a subcommand.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Final

from standpat import __version__

COMMANDS: Final = (
    "play", "serve", "admin", "rank", "odds", "equity", "meld", "replay", "verify", "simulate"
)
"""Modules of ``standpat.cli`` that provide subcommands, in ``--help`` order."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="standpat",
        description="standpat: a card room and rules engine for draw poker and Bruce's Pinochle.",
    )
    parser.add_argument("--version", action="version", version=f"standpat {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"standpat.cli.{name}")
        child = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(child)
        child.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``standpat`` command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "_run"):
        parser.print_help()
        return 0
    try:
        code: int = args._run(args)
    except KeyboardInterrupt:  # Ctrl-C where a command does not handle it: no traceback
        print(f"\nstandpat {args.command}: interrupted.", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
