"""Bots against bots at scale: local processes, a local Ray cluster and the command line."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TypedDict

import pytest

from standpat.cli import main
from standpat.simulation import local_ray, simulate


class Options(TypedDict):
    """The options every simulation here shares (a small, quiet, seeded run)."""

    hands: int
    chunk: int
    seed: int
    progress: bool


KW: Options = {"hands": 120, "chunk": 30, "seed": 4, "progress": False}


def test_the_table_is_the_same_on_one_process_and_two() -> None:
    one = simulate("five-card-draw", "fixed-limit", ["normal", "easy", "easy"], workers=1, **KW)
    two = simulate("five-card-draw", "fixed-limit", ["normal", "easy", "easy"], workers=2, **KW)
    assert one == two
    assert one["hands"] == [120, 120, 120]
    assert sum(one["net_bb"]) == pytest.approx(0.0)
    assert all(ci > 0 for ci in one["ci95"])


@pytest.mark.parametrize(("game", "structure"), [
    ("badugi", "fixed-limit"), ("ace-to-five-triple-draw", "pot-limit")])
def test_the_new_draw_games_simulate_alike_on_one_process_and_two(
        game: str, structure: str) -> None:
    one = simulate(game, structure, ["normal", "easy", "normal"], workers=1, **KW)
    two = simulate(game, structure, ["normal", "easy", "normal"], workers=2, **KW)
    assert one == two
    assert one["hands"] == [120, 120, 120]
    assert sum(one["net_bb"]) == pytest.approx(0.0)
    assert any(net != 0 for net in one["net_bb"])


def test_duplicate_heads_up_mirrors_the_two_seats() -> None:
    result = simulate("deuce-to-seven-single-draw", "pot-limit", "normal,easy",
                      duplicate=True, workers=1, **KW)
    assert result["bb_per_100"][0] == pytest.approx(-result["bb_per_100"][1])
    assert result["ci95"][0] == pytest.approx(result["ci95"][1])


def _descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _listening(pids: set[int]) -> set[str]:
    """The addresses (hex, as /proc/net/tcp writes them) that ``pids`` listen on."""
    inodes: set[str] = set()
    for pid in pids:
        fds = Path(f"/proc/{pid}/fd")
        try:
            links = [os.readlink(fd) for fd in fds.iterdir()]
        except OSError:  # gone, or not ours to read
            continue
        inodes |= {link[8:-1] for link in links if link.startswith("socket:[")}
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                found.add(fields[1].rsplit(":", 1)[0])
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F", "00000000000000000000000001000000"}
"""127.0.0.1 as /proc/net/tcp writes it, as tcp6 writes it mapped, and ::1."""


def test_a_local_ray_cluster_gives_the_same_table_and_leaves_nothing_behind() -> None:
    pytest.importorskip("ray")
    before = _descendants(os.getpid())
    with local_ray(num_cpus=2):
        started = _descendants(os.getpid()) - before
        assert started  # the cluster's own processes
        on_ray = simulate("five-card-draw", "no-limit", ["normal", "easy"], ray=True, **KW)
        listening = _listening(started | {os.getpid()})
        assert listening and listening <= LOOPBACK, listening  # 127.0.0.1 only
    local = simulate("five-card-draw", "no-limit", ["normal", "easy"], workers=1, **KW)
    assert on_ray == local
    deadline = time.monotonic() + 30
    while _descendants(os.getpid()) & started and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _descendants(os.getpid()) & started


def test_the_command_prints_the_table_and_saves_the_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart, table = tmp_path / "chart.png", tmp_path / "table.csv"
    code = main(["simulate", "--game", "five-card-draw-7a", "--seats", "normal,easy,easy",
                 "--hands", "60", "--chunk", "20", "--workers", "1", "--quiet",
                 "--plot", str(chart), "--csv", str(table)])
    out = capsys.readouterr().out
    assert code == 0
    assert "bb/100" in out and "normal" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert table.read_text().splitlines()[0] == "seat,bot,hands,net_bb,bb_per_100,ci95"
    assert main(["simulate", "--game", "five-card-draw", "--seats", "normal,nobody",
                 "--quiet"]) == 2
