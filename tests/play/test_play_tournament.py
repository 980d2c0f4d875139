"""``standpat play --tournament``: a sit-and-go against bots in a real pseudo-terminal.

The player calls every bet and stands pat at every draw; the test reads the tournament's
line on every screen (the level and its blinds rising), plays to the end, reads the results
and replays every saved hand with its tournament fields.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pexpect

from standpat.history.files import load_strict
from standpat.history.tournament import tournament_of
from tests.play.test_play_terminal import cli_env, spawn

TURN = re.compile(r"Your turn: ([^\r\n]*)\r\n> ")
STATUS = re.compile(r"Level (\d+): (\d+)/(\d+)(?: ante \d+)? \| next level in \d+:\d\d \| "
                    r"(\d+) of (\d+) left \| your chips: \d+\w\w \| table (\d+)")
QUICK = """
name = "quick"
level_seconds = 20
starting_stack = 300
levels = [{small_blind = 5, big_blind = 10}, {small_blind = 10, big_blind = 20},
          {small_blind = 25, big_blind = 50}, {small_blind = 50, big_blind = 100},
          {small_blind = 100, big_blind = 200}]
"""


def test_a_sit_and_go_played_to_the_end(tmp_path: Path) -> None:
    structure = tmp_path / "quick.toml"
    structure.write_text(QUICK)
    child = spawn("--tournament", str(structure), "--players", "3", "--seed", "4",
                  "--game", "five-card-draw", "--structure", "fixed-limit",
                  "--bot-level", "easy", "--no-color", "--history-dir", str(tmp_path / "h"))
    levels: list[int] = []
    turns = 0
    while child.expect([TURN, pexpect.EOF]) == 0:
        turns += 1
        screen = child.before or ""
        status = STATUS.findall(screen)
        assert status, screen[-400:]
        level, _, big, left, entries, _ = (int(x) for x in status[-1])
        assert entries == 3 and 1 <= left <= 3 and big >= 10
        levels.append(level)
        options = child.match.group(1)
        child.sendline("pat" if "pat" in options else "call")
        assert turns < 2_000
    out = child.before or ""
    child.close()
    assert child.exitstatus == 0, out[-600:]
    assert turns > 3 and levels == sorted(levels) and levels[-1] > levels[0]
    assert re.search(r"Results \(3 players, a pool of 300\):", out), out[-600:]
    assert re.search(r"1st \S+: 300", out)  # three players: the winner takes all
    saved = sorted((tmp_path / "h").glob("hand-*.phh"))
    assert saved and f"Your {len(saved)} hands are saved" in out
    for path in saved:
        (done,) = load_strict(path)  # replayed: every card and stack checked
        assert tournament_of(done.record.extra) is not None and "You" in done.record.players


def test_quitting_leaves_the_tournament(tmp_path: Path) -> None:
    child = spawn("--tournament", "turbo", "--players", "4", "--seed", "1",
                  "--history-dir", str(tmp_path / "h"), "--no-color")
    child.expect(TURN)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "You leave the tournament." in (child.before or "")


def test_an_unknown_structure_is_refused() -> None:
    done = subprocess.run([sys.executable, "-m", "standpat.cli", "play", "--tournament",
                           "hyper"], env=cli_env(), capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 2
    assert "turbo, regular, deep or a structure file" in done.stderr
