"""``standpat rank`` on the command line."""

from __future__ import annotations

import json
import subprocess
import sys


def standpat(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "standpat.cli", *args], capture_output=True, text=True, check=False
    )


def test_rank_names_the_winner() -> None:
    result = standpat("rank", "--ranking", "short-7a", "Ah 7c 8d 9s Th", "Kc Kd Ks 7h 7d")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].endswith("Straight, ten high")
    assert lines[1].endswith("Full house, kings full of sevens  <- wins")


def test_rank_json_and_split() -> None:
    result = standpat("rank", "--json", "As Kd Qh Jc 9s", "Ac Kc Qd Jd 9h", "2c 3d 4h 5s 7c")
    doc = json.loads(result.stdout)
    assert doc["winners"] == [0, 1]
    assert doc["hands"][2]["category"] == "high-card"
    assert doc["hands"][0]["best"] == ["As", "Kd", "Qh", "Jc", "9s"]


def test_rank_errors_go_to_stderr_with_code_2() -> None:
    result = standpat("rank", "--ranking", "short-7a", "2c 7d 8h 9s Ts")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "card 2c is not in the 32-card deck" in result.stderr


def test_help_lists_rank() -> None:
    result = standpat("--help")
    assert result.returncode == 0 and "rank" in result.stdout
