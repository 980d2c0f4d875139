"""``standpat play --game badugi`` and ``--game ace-to-five-triple-draw`` in a real
pseudo-terminal: four (five) cards on the screen, three draws, each saved hand a history of
its game that replays."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from standpat.history.files import load_strict
from tests.play.test_play_terminal import NEXT, TURN, hand_cards, spawn


@pytest.mark.parametrize(("game", "title", "size"), [
    ("badugi", "Badugi", 4), ("ace-to-five-triple-draw", "Ace-to-Five Triple Draw", 5)])
def test_a_draw_game_plays_in_the_terminal(
    tmp_path: Path, game: str, title: str, size: int
) -> None:
    folder = tmp_path / "hands"
    child = spawn("--game", game, "--structure", "fixed-limit", "--bots", "2", "--seed", "3",
                  "--history-dir", str(folder), "--name", "Ana")
    transcript: list[str] = []
    draws = 0
    try:
        child.expect("Type 'help' for the commands.")
        while draws < 4:
            index = child.expect([TURN, NEXT])
            screen = child.before
            transcript.append(screen)
            if index == 1:
                child.sendline("")
                continue
            if child.match.group(1).startswith("d 1 3"):
                cards = hand_cards(screen)
                assert len(cards) == size
                child.sendline("d 1")
                child.expect(rf"You discard {re.escape(cards[0])} and draw \S+\.")
                draws += 1
            else:
                child.sendline("c")
                child.expect(r"You (check|call \d+)")
        child.sendline("quit")
        child.expect(r"Bye\. (\d+) hands saved")
        saved = int(child.match.group(1))
        child.expect(pexpect.EOF)
        transcript.append(child.before)
    finally:
        child.close()
    assert child.exitstatus == 0
    text = "".join(transcript)
    assert f"| {title} | fixed-limit 2/4 |" in text
    assert re.search(r"draw [23] of 3", text)  # the draws go on past the first
    files = sorted(folder.glob("hand-*.phh"))
    assert len(files) == saved >= 1
    for path in files:
        (replayed,) = load_strict(path)
        assert replayed.record.game == game
        assert replayed.record.finishing_stacks is not None
