"""``standpat verify``: check that a hand you played was dealt from its committed seed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from standpat.errors import StandpatError

NAME = "verify"
HELP = "Verify hand records (from GET /api/hands/ID): seed, commitment, chain and every card."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat verify``."""
    parser.add_argument(
        "history", nargs="+", metavar="HISTORY", help="a hand record JSON file ('-': stdin)"
    )


def run(args: argparse.Namespace) -> int:
    """Verify each record; exit 0 when all check out, 1 when one does not, 2 on unreadable input."""
    from standpat.table.records import verify_record

    status = 0
    for name in args.history:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text()
            doc = json.loads(text)
        except (OSError, ValueError) as error:
            print(f"standpat verify: error: cannot read {name}: {error}", file=sys.stderr)
            return 2
        docs = doc if isinstance(doc, list) else [doc]
        for item in docs:
            label = f"{name}: hand {item.get('hand', '?') if isinstance(item, dict) else '?'}"
            try:
                if not isinstance(item, dict):
                    raise ValueError("a hand record is a JSON object.")
                checks = verify_record(item)
            except (StandpatError, ValueError, KeyError) as error:
                print(f"{label}: FAILED: {error}")
                status = max(status, 1)
                continue
            print(f"{label}: verified")
            for line in checks:
                print(f"  - {line}")
    return status
