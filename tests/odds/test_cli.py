"""``standpat odds`` and ``standpat equity`` on the command line."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from standpat.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in a new process, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "standpat.cli", *args], capture_output=True,
                          text=True, check=False)


def standpat(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in this process (fast), with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as stop:  # argparse's own errors and --help
            code = int(stop.code or 0)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def test_odds_prints_the_best_holds() -> None:
    result = run("odds", "Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--top", "3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Five Card Draw, 52-card deck, one draw: Qs Qd 9c 4h 2s (pair)")
    assert "3 of 32 shown" in lines[1]
    assert lines[3].split()[:5] == ["1", "Qs", "Qd", "3", "28.71%"]
    assert len(lines) == 6


def test_odds_json_is_exactly_the_issue_s_shape() -> None:
    result = standpat("odds", "7s 6d 3c 2h Kc", "--game", "deuce-to-seven-single-draw",
                      "--keep", "7s 6d 3c 2h", "--json")
    doc = json.loads(result.stdout)
    assert list(doc) == ["holds"]
    (hold,) = doc["holds"]
    assert hold["keep"] == ["7s", "6d", "3c", "2h"] and hold["discard"] == ["Kc"]
    assert hold["probabilities"]["7-low"] == pytest.approx(8 / 47)
    fractions = json.loads(standpat("odds", "7s 6d 3c 2h Kc", "--game",
                                    "deuce-to-seven-single-draw", "--keep", "7s 6d 3c 2h",
                                    "--json", "--fractions").stdout)
    assert fractions["holds"][0]["probabilities"]["7-low"] == "8/47"


def test_odds_fractions_in_text() -> None:
    result = standpat("odds", "Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--keep", "Qs Qd",
                      "--fractions")
    assert "1552/5405" in result.stdout and "864/5405" in result.stdout  # 2592/16215


def test_odds_fractions_over_several_draws() -> None:
    """Triple draw with draws to come: exact fractions too, not percentages (1 - 39/47 38/46)."""
    args = ("odds", "7s 6d 3c 2h Kc", "--game", "deuce-to-seven-triple-draw", "--keep",
            "7s 6d 3c 2h", "--draws", "2", "--fractions")
    result = standpat(*args)
    assert result.returncode == 0, result.stderr
    row = result.stdout.splitlines()[-1]
    assert "340/1081" in row and "%" not in row and "exact fractions" in result.stdout
    doc = json.loads(standpat(*args, "--json").stdout)
    assert doc["holds"][0]["probabilities"]["7-low"] == "340/1081"


def test_odds_fractions_agree_with_the_floats_of_every_hold_shown() -> None:
    from fractions import Fraction

    plain = standpat("odds", "8s 6d 3c 2h Kc", "--game", "deuce-to-seven-triple-draw",
                     "--draws", "2", "--top", "4", "--json")
    exact = standpat("odds", "8s 6d 3c 2h Kc", "--game", "deuce-to-seven-triple-draw",
                     "--draws", "2", "--top", "4", "--json", "--fractions")
    floats = {tuple(h["keep"]): h for h in json.loads(plain.stdout)["holds"]}
    holds = json.loads(exact.stdout)["holds"]
    assert len(holds) == len(floats) == 32
    for hold in holds[:6]:
        twin = floats[tuple(hold["keep"])]
        assert float(Fraction(hold["improve"])) == pytest.approx(twin["improve"], abs=1e-12)
        for name, value in hold["probabilities"].items():
            assert float(Fraction(value)) == pytest.approx(twin["probabilities"][name],
                                                           abs=1e-12)


def test_equity_fractions() -> None:
    args = ("equity", "--game", "deuce-to-seven-single-draw", "7s 5d 3c 2h", "draws", "1", "vs",
            "pat", "9c 8d 6h 4s 2c", "--fractions")
    result = standpat(*args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("exact fractions, every one of 43 deals")
    assert lines[2].split()[-4:] == ["12/43", "-", "31/43", "12/43"]
    doc = json.loads(standpat(*args, "--json").stdout)
    assert [(p["win"], p["tie"], p["equity"]) for p in doc["players"]] == [
        ("12/43", "0", "12/43"), ("31/43", "0", "31/43")]


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "deuce-to-seven-triple-draw", "--draws-left", "2", "7s 5d 3c 2h", "vs", "pat",
      "9-low+", "--fractions"), "an exact count needs"),
    (("--game", "five-card-draw", "Qs Qd", "vs", "9c 9d 9s", "--fractions", "--monte-carlo"),
     "--fractions needs an exact count"),
])
def test_equity_fractions_say_when_they_cannot_be_had(args: tuple[str, ...],
                                                      message: str) -> None:
    result = standpat("equity", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("Qs Qd 9c 4h", "--game", "five-card-draw"), "holds 5 cards, but 'Qs Qd 9c 4h' has 4"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw-7a"), "4h is not in the 32-card deck"),
    (("Qs Qd 9c 4h 1s", "--game", "five-card-draw"), "'1s' is not a card"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--keep", "Ks"), "not in the hand"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--dead", "Qs"), "appears twice"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--draws", "2"), "draws must be 1"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--aim", "best"), "not an aim"),
    (("Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--top", "0"), "--top must be"),
])
def test_odds_errors_go_to_stderr_with_code_2(args: tuple[str, ...], message: str) -> None:
    result = standpat("odds", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("standpat odds: error: ") and message in result.stderr


def test_odds_help_has_examples() -> None:
    result = standpat("odds", "--help")
    assert result.returncode == 0
    assert "examples:" in result.stdout and "--plot FILE.png" in result.stdout


def test_odds_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    single = tmp_path / "single.png"
    result = standpat("odds", "Qs Qd 9c 4h 2s", "--game", "five-card-draw", "--plot",
                      str(single), "--top", "4")
    assert result.returncode == 0, result.stderr
    assert single.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    several = tmp_path / "several.png"
    result = standpat("odds", "7s 6d 3c Kh Kc", "--game", "deuce-to-seven-triple-draw",
                      "--draws", "2", "--keep", "7s 6d 3c", "--plot", str(several))
    assert result.returncode == 0, result.stderr
    assert several.stat().st_size > 10_000


def test_equity_exact_and_json() -> None:
    result = run("equity", "--game", "deuce-to-seven-single-draw", "7s 5d 3c 2h", "draws",
                      "1", "vs", "pat", "9c 8d 6h 4s 2c", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["method"] == "exact" and doc["deals"] == 43
    first, second = doc["players"]
    assert first["win"] == pytest.approx(12 / 43) and second["equity"] == pytest.approx(31 / 43)
    text = standpat("equity", "--game", "deuce-to-seven-single-draw", "7s 5d 3c 2h", "vs",
                    "pat", "9c 8d 6h 4s 2c").stdout
    assert "exact, every one of 43 deals" in text and "27.91%" in text


def test_equity_monte_carlo_reports_its_interval() -> None:
    result = standpat("equity", "--game", "five-card-draw", "Qs Qd", "draws", "3", "vs",
                      "9c 9d 9s", "--seed", "3", "--precision", "0.02", "--json")
    doc = json.loads(result.stdout)
    assert doc["method"] == "monte-carlo"
    assert all(p["ci95"] <= 0.02 for p in doc["players"])
    assert doc["players"][1]["equity"] > 0.8


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "five-card-draw", "Qs Qd draws 3"), "two players or more"),
    (("--game", "five-card-draw", "Qs Qd", "draws", "2", "vs", "9c 9d 9s"), "make 4"),
    (("--game", "five-card-draw", "Qs Qd", "vs", "Qs Kd 4c"), "Qs is in both"),
    (("--game", "five-card-draw", "Qs Qd", "vs", "vs", "9c 9d 9s"), "check the \"vs\""),
    (("--game", "five-card-draw", "Qx Qd", "vs", "9c 9d 9s"), "is not a card"),
])
def test_equity_errors(args: tuple[str, ...], message: str) -> None:
    result = standpat("equity", *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_odds_of_badugi_at_its_last_draw() -> None:
    result = standpat("odds", "Kd 8d 5h 2s", "--game", "badugi", "--draws", "1", "--top", "2",
                      "--fractions")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Badugi, 52-card deck, one draw: Kd 8d 5h 2s (three-card)")
    assert lines[2].split()[-10:] == ["4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    # keep 8-5-2, draw one: five clubs (A, 3, 4, 6, 7) make an 8-badugi, ten any badugi
    assert lines[3].split()[:5] == ["1", "8d", "5h", "2s", "1"]
    assert [Fraction(x) for x in lines[3].split()[-6:]] == [Fraction(n, 48) for n in range(5, 11)]


def test_odds_of_ace_to_five_json() -> None:
    result = standpat("odds", "7s 5d 3c 2h Kc", "--game", "ace-to-five-triple-draw",
                      "--draws", "1", "--keep", "7s 5d 3c 2h", "--json", "--fractions")
    assert result.returncode == 0, result.stderr
    hold = json.loads(result.stdout)["holds"][0]
    assert hold["discard"] == ["Kc"]
    assert hold["probabilities"]["7-low"] == "12/47"  # an ace, a four or a six
    assert hold["probabilities"]["5-low"] == "0/1"  # no wheel with a seven kept
    several = standpat("odds", "8s 6d 3c 2h Kc", "--game", "ace-to-five-triple-draw",
                       "--draws", "2", "--keep", "8s 6d 3c 2h", "--json")
    assert several.returncode == 0, several.stderr
    chances = json.loads(several.stdout)["holds"][0]["probabilities"]
    assert list(chances)[:5] == ["5-low", "6-low", "7-low", "8-low", "9-low"]
    assert chances["8-low"] == pytest.approx(1 - (31 / 47) * (30 / 46))  # 16 outs, twice


@pytest.mark.parametrize(("args", "message"), [
    (("Kd 8d 5h 2s", "--game", "badugi", "--draws", "4"), "draws must be 1 to 3"),
    (("Kd 8d 5h 2s 3c", "--game", "badugi", "--draws", "1"), "Badugi holds 4 cards"),
    (("Kd 8d 5h 2s", "--game", "badugi", "--draws", "1", "--aim", "8-low"), "not an aim"),
    (("7s 5d 3c 2h Kc", "--game", "ace-to-five-triple-draw", "--aim", "A-low"), "not an aim"),
    (("7s 5d 3c 2h Kc", "--game", "ace-to-five-triple-draw", "--draws", "4"),
     "draws must be 1 to 3"),
])
def test_odds_of_the_new_games_refuse_bad_input(args: tuple[str, ...], message: str) -> None:
    result = standpat("odds", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("standpat odds: error: ") and message in result.stderr


def test_odds_help_names_the_new_games() -> None:
    result = standpat("odds", "--help")
    assert result.returncode == 0
    assert "--game badugi --draws 1" in result.stdout
    assert "--game ace-to-five-triple-draw" in result.stdout


def test_odds_of_badugi_over_several_draws() -> None:
    result = standpat("odds", "Kd 8d 5h 2s", "--game", "badugi", "--draws", "2", "--keep",
                      "8d 5h 2s", "--aim", "8-badugi", "--fractions")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Badugi, 52-card deck, 2 draws: Kd 8d 5h 2s (three-card)")
    assert "exact fractions" in lines[1]
    assert lines[3].split()[:5] == ["1", "8d", "5h", "2s", "1"]
    assert "75/376" in lines[3].split()  # 1 - (43/48)(42/47): five clubs, twice
