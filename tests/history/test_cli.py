"""``standpat replay`` on files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from standpat.history.capture import record_from_hand
from standpat.history.files import save
from tests.history.helpers import random_hand
from tests.history.pokerkit_play import pokerkit_hand

DATA = Path(__file__).parent / "data"


def standpat(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "standpat.cli", *args], capture_output=True, text=True, check=False
    )


def test_summary_json_gives_one_object_per_hand_in_phh_order(tmp_path: Path) -> None:
    hands = [random_hand(seed) for seed in range(12)]
    records = [record_from_hand(h, players=[f"n{i}" for i in range(h.players)]) for h in hands]
    path = tmp_path / "hands.phhs"
    save(path, records)
    result = standpat("replay", "--summary", "--json", str(path))
    assert result.returncode == 0, result.stderr
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["hand"] for d in docs] == list(range(1, 13))
    for doc, record in zip(docs, records, strict=True):
        assert doc["game"] == record.game
        assert doc["structure"] == record.structure
        assert doc["players"] == list(record.players)
        assert doc["starting_stacks"] == list(record.starting_stacks)
        assert tuple(doc["finishing_stacks"]) == record.finishing_stacks
        assert doc["net"] == [b - a for a, b in zip(doc["starting_stacks"],
                                                     doc["finishing_stacks"], strict=True)]


def test_a_pokerkit_file_replays_to_pokerkits_stacks(tmp_path: Path) -> None:
    texts, stacks = zip(*(pokerkit_hand(seed) for seed in range(8)), strict=True)
    path = tmp_path / "pokerkit.phhs"
    path.write_text("\n\n".join(f"[{i}]\n{t}" for i, t in enumerate(texts, 1)))
    result = standpat("replay", "--summary", "--json", str(path))
    assert result.returncode == 0, result.stderr
    assert [tuple(json.loads(line)["finishing_stacks"]) for line in
            result.stdout.splitlines()] == list(stacks)


def test_street_by_street_shows_every_card() -> None:
    result = standpat("replay", str(DATA / "yockey-arieh-2019.phh"))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for header in ("*** DEALING HANDS ***", "*** FIRST DRAW ***", "*** SECOND DRAW ***",
                   "*** THIRD DRAW ***", "*** SHOW DOWN ***", "*** SUMMARY ***"):
        assert header in out
    assert "Dealt to Josh Arieh [5c 3c 2h 4d] [7c]" in out
    assert "Josh Arieh collected 2510000 from pot" in out


def test_summary_line() -> None:
    result = standpat("replay", "--summary", str(DATA / "yockey-arieh-2019.phh"))
    assert result.stdout.strip() == (
        "hand 1 (Triple Draw 2-7 Lowball Limit 150000/300000): "
        "Bryce Yockey 1180000 -> 0 (-1180000), Phil Hui 4340000 -> 4190000 (-150000), "
        "John Esposito 5910000 -> 5910000 (+0), Josh Arieh 10765000 -> 12095000 (+1330000)"
    )


def test_bad_hands_go_to_stderr_with_code_2_and_good_ones_still_print(tmp_path: Path) -> None:
    good = (DATA / "yockey-arieh-2019.phh").read_text()
    call = '"p4 cc",  # Arieh\n  "p1 sd",  # First'
    bad = good.replace(call, call.replace("cc", "f"))
    assert bad != good
    path = tmp_path / "mixed.phhs"
    path.write_text(f"[1]\n{good}\n[2]\n{bad}\n")
    result = standpat("replay", "--summary", "--json", str(path))
    assert result.returncode == 2
    assert [json.loads(line)["hand"] for line in result.stdout.splitlines()] == [1]
    assert f"standpat replay: error: {path}: hand 2, line " in result.stderr
    assert "the hand is already over" in result.stderr
    only = standpat("replay", "--summary", "--hand", "2", str(path))
    assert only.returncode == 2 and only.stdout == ""


def test_missing_file() -> None:
    result = standpat("replay", "/nonexistent/h.phh")
    assert result.returncode == 2
    assert "cannot read /nonexistent/h.phh" in result.stderr


def test_text_export() -> None:
    result = standpat("replay", "--text", str(DATA / "yockey-arieh-2019.phh"))
    assert result.stdout.startswith("standpat Hand #1: Triple Draw 2-7 Lowball Limit")
    assert "Dealt to Phil Hui [?? ?? ?? ?? ??]" in result.stdout


def test_interactive_replay_pauses_between_streets() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "standpat.cli", "replay",
                                           str(DATA / "yockey-arieh-2019.phh")],
                          encoding="utf-8", timeout=20)
    child.expect(r"Seat 4: Josh Arieh \(10765000 in chips\)")
    child.expect("-- Enter: next street, q: quit --")
    child.sendline("")
    child.expect(r"\*\*\* DEALING HANDS \*\*\*")
    child.expect("-- Enter: next street, q: quit --")
    child.sendline("")
    child.expect(r"\*\*\* FIRST DRAW \*\*\*")
    child.expect("-- Enter: next street, q: quit --")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "SECOND DRAW" not in (child.before or "")
    child.close()
    assert child.exitstatus == 0


def test_reading_from_stdin_and_the_date_in_the_header() -> None:
    text = (DATA / "yockey-arieh-2019.phh").read_text() + "day = 28\nmonth = 6\nyear = 2019\n"
    result = subprocess.run([sys.executable, "-m", "standpat.cli", "replay", "--text", "-"],
                            input=text, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "standpat Hand #1: Triple Draw 2-7 Lowball Limit (150000/300000) - 2019/06/28\n")


def test_readable_text_replays_like_its_phh(tmp_path: Path) -> None:
    records = [record_from_hand(random_hand(seed)) for seed in range(10)]
    phh, txt = tmp_path / "hands.phhs", tmp_path / "hands.txt"
    save(phh, records)
    save(txt, records)
    from_phh = standpat("replay", "--summary", "--json", str(phh))
    from_text = standpat("replay", "--summary", "--json", str(txt))
    assert from_text.returncode == 0, from_text.stderr
    finishing = [json.loads(line)["finishing_stacks"] for line in from_text.stdout.splitlines()]
    assert finishing == [json.loads(line)["finishing_stacks"]
                         for line in from_phh.stdout.splitlines()]
    assert finishing == [list(r.finishing_stacks or ()) for r in records]


def test_converting_text_to_phh_and_back(tmp_path: Path) -> None:
    records = [record_from_hand(random_hand(seed)) for seed in range(6)]
    txt = tmp_path / "hands.txt"
    save(txt, records)
    phh = standpat("replay", "--phh", str(txt))
    assert phh.returncode == 0, phh.stderr
    assert phh.stdout.startswith("[1]\nvariant = ")
    converted = tmp_path / "converted.phhs"
    converted.write_text(phh.stdout)
    text = standpat("replay", "--text", str(converted))
    assert text.stdout.strip() == txt.read_text().strip()


def test_phh_output_states_the_finishing_stacks_the_input_left_out(tmp_path: Path) -> None:
    text = (DATA / "yockey-arieh-2019.phh").read_text()
    assert "finishing_stacks" not in text
    result = standpat("replay", "--phh", str(DATA / "yockey-arieh-2019.phh"))
    assert result.returncode == 0, result.stderr
    assert "\nfinishing_stacks = [0, 4190000, 5910000, 12095000]\n" in result.stdout
    # As the docs promise, from readable text too.
    txt = tmp_path / "hands.txt"
    save(txt, [record_from_hand(random_hand(seed)) for seed in range(4)])
    converted = standpat("replay", "--phh", str(txt))
    assert converted.stdout.count("\nfinishing_stacks = [") == 4


@pytest.mark.parametrize("form", ["--text", "--phh", "--summary", "--json"])
def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path, form: str) -> None:
    path = tmp_path / "many.phhs"
    save(path, [record_from_hand(random_hand(seed)) for seed in range(400)])
    args = ["--summary", "--json"] if form == "--json" else [form]
    with subprocess.Popen([sys.executable, "-m", "standpat.cli", "replay", *args, str(path)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        first = [child.stdout.readline() for _ in range(2)]
        child.stdout.close()  # as `| head -2` does
        errors = child.stderr.read()
        assert child.wait(timeout=60) == 0
    assert all(first)
    assert errors == ""
