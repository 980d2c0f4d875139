"""``standpat play`` for poker, end to end in a real pseudo-terminal (pexpect).

The player calls or checks every bet, discards by place in one hand, by name
in another and stands pat in a third, types one bad command, then quits in
the middle of a hand; the test reads the screen and the narration as the
player sees them, and replays every saved hand history.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

from standpat.history.files import load_strict

SRC = str(Path(__file__).resolve().parents[2] / "src")
TURN = re.compile(r"Your turn: ([^\r\n]*)\r\n> ")
NEXT = re.compile(r"Enter for the next hand[^\r\n]*: ")
CARDS = re.compile(r"Your cards: ((?:\d:\S+ ?)+)")


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    env["TERM"] = "dumb"
    env.pop("NO_COLOR", None)
    return env


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "standpat.cli", "play", *args],
        env=cli_env(), encoding="utf-8", timeout=60, dimensions=(50, 120),
    )


def hand_cards(screen: str) -> list[str]:
    found = CARDS.findall(screen)
    assert found, screen
    return [item.split(":")[1] for item in found[-1].split()]


def test_several_hands_discards_pat_bad_input_and_quit(tmp_path: Path) -> None:
    folder = tmp_path / "hands"
    child = spawn("--game", "five-card-draw-7a", "--structure", "pot-limit", "--stakes", "2/4",
                  "--bots", "3", "--bot-level", "normal", "--seed", "11", "--buy-in", "1000",
                  "--history-dir", str(folder), "--name", "Ana")
    transcript: list[str] = []
    draws = ["place", "name", "pat"]
    bad_done = False
    try:
        child.expect("Type 'help' for the commands.")
        while draws:
            index = child.expect([TURN, NEXT])
            screen = child.before
            transcript.append(screen)
            if index == 1:
                child.sendline("")
                continue
            options = child.match.group(1)
            if not bad_done:
                child.sendline("raise to the moon")
                child.expect(r"Not that: ([^\r\n]*)\r\n> ")
                assert "whole number" in child.match.group(1)
                child.sendline("d 1 2")
                child.expect(r"Not that: ([^\r\n]*)\r\n> ")
                assert "betting round" in child.match.group(1) or "at most" in child.match.group(1)
                child.sendline("help")
                child.expect(r"d 1 3 +discard the 1st and 3rd cards shown.*\r\n> ")
                child.sendline("t")
                child.expect(r"=== Hand \d+ \| Five Card Draw 7-A .*Your turn: [^\r\n]*\r\n> ")
                bad_done = True
            if options.startswith("d 1 3"):
                cards = hand_cards(screen)
                kind = draws.pop(0)
                if kind == "place":
                    child.sendline("d 1 3")
                    child.expect(rf"You discard {cards[0]} {cards[2]} and draw \S+ \S+\.")
                elif kind == "name":
                    child.sendline(f"d {cards[3]} {cards[1].lower()}")
                    child.expect(rf"You discard {cards[1]} {cards[3]} and draw \S+ \S+\.")
                else:
                    child.sendline("stand pat")
                    child.expect("You stand pat.")
            else:
                child.sendline("c")
                child.expect(r"You (check|call \d+)")
        # quit in the middle of a hand, at the next decision
        while child.expect([TURN, NEXT]) == 1:
            transcript.append(child.before)
            child.sendline("")
        transcript.append(child.before)
        child.sendline("quit")
        child.expect("You leave the table; the hand is played out without you, and saved.")
        child.expect(r"You leave with (\d+) chips\.")
        left_with = int(child.match.group(1))
        child.expect(r"You finish with (\d+) chips \(([+-]\d+)\)\.")
        assert int(child.match.group(1)) == left_with
        assert int(child.match.group(2)) == left_with - 1000
        child.expect(r"Bye\. (\d+) hands saved in (\S+)")
        saved = int(child.match.group(1))
        child.expect(pexpect.EOF)
        transcript.append(child.before)
    finally:
        child.close()
    assert child.exitstatus == 0
    text = "".join(transcript)

    # the screen as the player sees it
    assert "=== Hand 1 | Five Card Draw 7-A | pot-limit 2/4 | before the draw ===" in text
    assert re.search(r"\n>\s+1 Ana \(you\)", text)
    assert re.search(r"Ana \(you\)\s+(D|SB|BB)?", text)
    for mark in (" D ", " SB ", " BB "):
        assert mark in text
    assert re.search(r"(drew \d|stood pat)", text)
    assert re.search(r"(Ada|Bo|Cy) (checks|calls \d+|bets \d+|raises to \d+|folds)\.", text)
    assert re.search(r"(shows \S+ \S+ \S+ \S+ \S+: |wins \d+ from )", text)
    assert "\x1b[" not in text  # TERM=dumb: no colour

    # the histories: one PHH file per hand, each replays through the engine
    files = sorted(folder.glob("hand-*.phh"))
    assert len(files) == saved >= 3
    for path in files:
        (replayed,) = load_strict(path)
        assert replayed.record.players and "Ana" in replayed.record.players
        assert replayed.record.finishing_stacks is not None


def test_end_of_input_and_ctrl_c_end_cleanly(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "standpat.cli", "play", "--seed", "3", "--bots", "1",
         "--history-dir", str(tmp_path / "eof")],
        input="c\n", capture_output=True, text=True, env=cli_env(), timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr + out.stdout
    assert "Bye. 1 hand saved" in out.stdout
    assert len(list((tmp_path / "eof").glob("*.phh"))) == 1

    child = spawn("--seed", "4", "--bots", "2", "--history-dir", str(tmp_path / "intr"))
    try:
        child.expect(TURN)
        child.sendintr()
        child.expect(r"Bye\. 1 hand saved")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_ctrl_c_while_the_strong_bots_get_ready(tmp_path: Path) -> None:
    """Building the strong bots' tables takes seconds: a Ctrl-C then ends cleanly too."""
    folder = tmp_path / "strong"
    child = spawn("--bot-level", "strong", "--seed", "5", "--history-dir", str(folder))
    try:
        child.expect(r"Getting the strong bots ready[^\r\n]*\r\n")
        child.sendintr()
        child.expect(pexpect.EOF)
        text = child.before
    finally:
        child.close()
    assert child.exitstatus == 0, text
    assert "Traceback" not in text
    ending = re.search(r"Bye\. (No hand was dealt|(\d+) hands? saved)", text)
    assert ending, text
    # nearly always nothing was dealt yet; if the machine was slow enough for the bots to be
    # ready first, the hand in play was saved like any other
    assert len(list(folder.glob("*.phh"))) == int(ending.group(2) or 0)


def test_bad_options_exit_2(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    for args, words in (
        (["--history-dir", str(tmp_path / "file")], "is a file, not a folder"),
        (["--structure", "spread-limit"],
         "'spread-limit' is not a betting structure: expected fixed-limit, pot-limit, no-limit."),
        (["--stakes", "4/2"], "4/2"),
        (["--bots", "0"], "--bots must be 1-4"),
        (["--name", "Ada"], "taken by a bot"),
    ):
        out = subprocess.run(
            [sys.executable, "-m", "standpat.cli", "play", *args],
            capture_output=True, text=True, env=cli_env(), timeout=60,
        )
        assert out.returncode == 2, (args, out.stdout)
        assert words in out.stderr and out.stderr.startswith("standpat play: error:")


def test_sitting_out_marks_ml_and_coming_back(tmp_path: Path) -> None:
    lines = ["f", "out", "", "", "", "back", "wait", "f", "quit"]
    out = subprocess.run(
        [sys.executable, "-m", "standpat.cli", "play", "--seed", "2", "--bots", "3",
         "--history-dir", str(tmp_path / "h")],
        input="\n".join(lines) + "\n", capture_output=True, text=True, env=cli_env(), timeout=60,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "You sit out from the next hand" in text
    hands = re.findall(r"\*\*\* Hand (\d+): ([^\n]*) \*\*\*", text)
    out_hands = [n for n, names in hands if "You" not in names.split(", ")]
    assert out_hands, hands  # hands dealt without the player
    # once the big blind has passed him, he is marked ML on the spectator's screen
    assert re.search(r"\n\s+1 You ML sitting out\s+\d+", text)
    assert "(you)" not in text  # the default name says it already
    assert "You are marked ML" in text or "You owe the big blind" in text
    # after coming back he is dealt in again
    last_out = max(int(n) for n in out_hands)
    assert any(int(n) > last_out and "You" in names.split(", ") for n, names in hands)


def test_colour_in_a_colour_terminal_and_none_when_asked(tmp_path: Path) -> None:
    for flags, coloured in (([], True), (["--no-color"], False)):
        env = {**cli_env(), "TERM": "xterm-256color"}
        child = pexpect.spawn(
            sys.executable,
            ["-m", "standpat.cli", "play", "--seed", "1", "--history-dir", str(tmp_path), *flags],
            env=env, encoding="utf-8", timeout=60,
        )
        try:
            child.expect(r"Your turn: (\x1b\[0m)?[^\r\n]*\r\n> ")
            screen = child.before + child.after
            child.sendline("quit")
            child.expect(pexpect.EOF)
        finally:
            child.close()
        assert ("\x1b[1mYour turn: \x1b[0m" in screen) is coloured
        assert ("\x1b[" in screen) is coloured


def test_a_mixed_table_deals_its_games_in_turn_and_saves_each_hand_as_its_game(
        tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    child = spawn("--mix", "deuce-to-seven-triple-draw,five-card-draw", "--mix-hands", "2",
                  "--structure", "fixed-limit", "--bots", "2", "--bot-level", "easy",
                  "--seed", "5", "--history-dir", str(folder))
    headers: list[tuple[str, str]] = []
    try:
        child.expect(r"standpat: Mixed: 2-7 Triple Draw / Five Card Draw, 2 hands each, "
                     r"fixed-limit 2/4")
        while len({number for number, _ in headers}) < 6:
            index = child.expect([TURN, NEXT])
            headers += re.findall(r"=== Hand (\d+) \| ([^|]+) \|", child.before)
            if index == 1:
                child.sendline("")
            elif child.match.group(1).startswith("d 1 3"):
                child.sendline("stand pat")
            else:
                child.sendline("c")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    games = {int(number): title.strip() for number, title in headers}
    expected = {1: "Deuce-to-Seven Triple Draw", 2: "Deuce-to-Seven Triple Draw",
                3: "Five Card Draw", 4: "Five Card Draw", 5: "Deuce-to-Seven Triple Draw"}
    assert {n: g for n, g in games.items() if n in expected} == {
        n: g for n, g in expected.items() if n in games}
    assert set(expected) - set(games) == set(), games
    saved = {int(p.stem.split("-")[1]): load_strict(p)[0].record.game
             for p in folder.glob("hand-*.phh")}
    assert {n: saved[n] for n in (1, 2, 3, 4, 5)} == {
        1: "deuce-to-seven-triple-draw", 2: "deuce-to-seven-triple-draw", 3: "five-card-draw",
        4: "five-card-draw", 5: "deuce-to-seven-triple-draw"}


def test_a_mix_that_cannot_be_dealt_is_refused_with_its_reason(tmp_path: Path) -> None:
    for args, says in ((["--mix", "five-card-draw"], "2 to 8 games"),
                       (["--mix", "five-card-draw,pinochle-5"], "poker games only"),
                       (["--mix-hands", "3"], "give its games with --mix"),
                       (["--mix", "five-card-draw,five-card-draw-7a", "--bots", "5"],
                        "--bots must be 1-4")):
        out = subprocess.run([sys.executable, "-m", "standpat.cli", "play", *args,
                              "--history-dir", str(tmp_path / "x")], input="", text=True,
                             capture_output=True, env=cli_env(), timeout=60)
        assert out.returncode == 2, out
        assert says in out.stderr, out.stderr
