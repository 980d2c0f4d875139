"""The real PokerStars draw files (fpdb's regression data) replay as docs/hand-histories.md
counts them, game by game.

The files are not ours to ship: this runs scripts/pokerstars_files.py on a checkout of fpdb
named by ``STANDPAT_FPDB`` (the folder holding ``regression-test-files``), and is skipped
without one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
FPDB = os.environ.get("STANDPAT_FPDB")


def documented() -> dict[str, tuple[int, int]]:
    """Each game's hands replayed and refused, as the docs' table of fpdb's files says."""
    text = (ROOT / "docs" / "hand-histories.md").read_text(encoding="utf-8")
    table = text[text.index("| game | hands replayed | refused |"):]
    rows = re.findall(r"^\| ([^|]+?) \| (\d+)[^|]*\| (\d+)[^|]*\|$", table, re.MULTILINE)
    return {game: (int(replayed), int(refused)) for game, replayed, refused in rows}


def test_the_docs_table_is_read() -> None:
    counts = documented()
    assert {"Badugi", "Deuce-to-Seven Triple Draw", "Five Card Draw"} <= set(counts)


@pytest.mark.skipif(not FPDB, reason="STANDPAT_FPDB names no checkout of fpdb")
def test_the_pokerstars_draw_files_replay_as_the_docs_count_them() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "pokerstars_files.py"), str(FPDB)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr  # every refusal is one the docs give
    seen = {m[0]: (int(m[1]), int(m[2])) for m in re.findall(
        r"^(\S.*?): (\d+) replayed, (\d+) refused$", run.stdout, re.MULTILINE)}
    assert seen == documented()
    total = re.search(r"^(\d+) hands replayed .*?, (\d+) refused", run.stdout, re.MULTILINE)
    assert total is not None
    assert (int(total[1]), int(total[2])) == tuple(map(sum, zip(*seen.values(), strict=True)))
