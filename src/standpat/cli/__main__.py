"""``python -m standpat.cli``: the ``standpat`` command."""

from __future__ import annotations

import sys

from standpat.cli import main

if __name__ == "__main__":
    sys.exit(main())
