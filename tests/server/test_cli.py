"""``standpat serve`` and ``standpat verify`` at the command line: errors go to stderr, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from standpat.cli import main


def test_verify_unreadable_and_unrevealed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"format": "standpat-hand/1", "hand": 4, "seed": None}))
    assert main(["verify", str(path)]) == 1
    assert "not revealed yet" in capsys.readouterr().out
    path.write_text(json.dumps({"format": "something else"}))
    assert main(["verify", str(path)]) == 1


def test_serve_refuses_a_bad_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "nosuchdb://x"]) == 2
    assert "cannot open the database" in capsys.readouterr().err
