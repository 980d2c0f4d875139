"""Every bot level is reproducible from its seed, whatever the machine's load.

Two processes (different hash seeds) play the same 200 seeded hands of each level
against the normal bot while two more processes keep the CPUs busy; every action of
the two runs must match.  (The strong bot used to stop sampling at a clock deadline,
so its decisions changed with the load.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from standpat.bots import LEVELS

ROOT = Path(__file__).resolve().parents[2]
GAME = "deuce-to-seven-single-draw"
HANDS = 200
WAIT = 900
"""Seconds a run may take at most (about 10 s each on a quiet machine)."""


@pytest.mark.long  # (it loads both CPUs on purpose: make long, not beside make test's others)
def test_every_level_replays_its_seeded_hands_in_another_process_under_load() -> None:
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
               for _ in range(2)]
    try:
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "tests.bots.seeded_play", GAME, str(HANDS), "7",
                 *LEVELS],
                cwd=ROOT, stdout=subprocess.PIPE, text=True,
                env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            )
            for hash_seed in (1, 2)
        ]
        outputs = [run.communicate(timeout=WAIT)[0] for run in runs]
        assert [run.returncode for run in runs] == [0, 0]
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    first, second = ([json.loads(line) for line in out.splitlines()] for out in outputs)
    assert [r["level"] for r in first] == list(LEVELS) == [r["level"] for r in second]
    for a, b in zip(first, second, strict=True):
        assert a["actions"].count("net:0") < HANDS  # real hands were played
        assert sum(x.startswith("net:") for x in a["actions"]) == HANDS
        differ = next((i for i, (x, y) in enumerate(zip(a["actions"], b["actions"],
                                                         strict=False)) if x != y), None)
        assert differ is None and len(a["actions"]) == len(b["actions"]), (
            f"{a['level']}: the runs part at action {differ}: "
            f"{a['actions'][differ or 0]} / {b['actions'][differ or 0]}")
