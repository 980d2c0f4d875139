"""``python -m standpat.cli``: the same as the ``standpat`` command."""

import sys

from standpat.cli import main

sys.exit(main())
