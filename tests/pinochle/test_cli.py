"""The CLI: ``standpat meld`` (text and JSON) and ``standpat play`` end to end with pexpect."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from standpat.cli import main
from standpat.cli.play import parse_command
from standpat.cli.prompt import InputError, Quit
from standpat.pinochle import PINOCHLE_5, Bid, Discard, HandState, NameTrump, Pass, Play, Suit

SRC = str(Path(__file__).resolve().parents[2] / "src")


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def standpat(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "standpat.cli", *args],
        capture_output=True, text=True, env=cli_env(), timeout=30,
    )


def test_meld_json() -> None:
    out = standpat("meld", "Qs Js Ks Jd Qs 9h", "--trump", "spades", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["total"] == 8
    assert [(m["name"], m["points"], m["cards"]) for m in doc["melds"]] == [
        ("marriage in trump", 4, ["Ks", "Qs"]),
        ("pinochle", 4, ["Jd", "Qs"]),
    ]


def test_meld_text_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", "As Ts Ks Qs Js 9s", "--trump", "s"]) == 0
    out = capsys.readouterr().out
    assert "run in trump" in out and "nine of trump" in out
    assert out.splitlines()[-1].split()[-1] == "16"
    assert main(["meld", "9h", "--trump", "clubs"]) == 0
    assert "no meld" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["2c Qs", "--trump", "spades"], "not in the pinochle deck"),
        (["Qs Qs Qs", "--trump", "spades"], "more than twice"),
        (["Qx", "--trump", "spades"], "is not a card"),
        (["Qs", "--trump", "stars"], "is not a suit"),
    ],
)
def test_meld_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["meld", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_play_rejects_unknown_games_and_bad_counts() -> None:
    out = standpat("play", "--game", "five-card-draw", "--bots", "9")
    assert out.returncode == 2 and "--bots must be 1-5" in out.stderr
    out = standpat("play", "--game", "bridge")
    assert out.returncode == 2 and "is not a game" in out.stderr
    out = standpat("play", "--game", "pinochle-7", "--players", "6")
    assert out.returncode == 2 and "2-5 players" in out.stderr


def test_parse_command() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Qs Js Ks Jd 9h", "Ac Ad Ah As Tc"])
    view = hand.view(0)  # shown sorted: Jd 9h Ks Qs Js
    assert [str(c) for c in view.hand] == ["Jd", "9h", "Ks", "Qs", "Js"]
    assert parse_command("pass", view) == Pass()
    assert parse_command("BID 12", view) == Bid(12)
    assert parse_command("trump h", view) == NameTrump(Suit.HEARTS)
    assert parse_command("keep", view) == Discard(())
    assert parse_command("d 1 3", view) == Discard((view.hand[0], view.hand[2]))
    assert parse_command("discard 9h Qs", view) == Discard((view.hand[1], view.hand[3]))
    assert parse_command("play 2", view) == Play(view.hand[1])
    assert parse_command("play Ks", view) == Play(view.hand[2])
    for bad in ("", "bid", "bid -1", "play", "play 9", "play Ah", "d 1 1", "dance", "trump"):
        with pytest.raises((InputError, ValueError)):
            parse_command(bad, view)
    with pytest.raises(Quit):
        parse_command("quit", view)


def test_play_end_to_end_with_pexpect() -> None:
    child = pexpect.spawn(
        sys.executable, ["-m", "standpat.cli", "play", "--game", "pinochle-5", "--seed", "3"],
        env=cli_env(), encoding="utf-8", timeout=20,
    )
    try:
        child.expect(r"You may: (.*)\r\n> ")
        assert "pass" in child.match.group(1)
        child.sendline("pass")
        played = False
        while not played:
            child.expect(r"You may: (.*)\r\n> ")
            choices = child.match.group(1)
            if choices.startswith("trump"):
                child.sendline("trump spades")
            elif choices.startswith("keep"):
                child.sendline("keep")
            elif choices.startswith("bid"):
                child.sendline("pass")
            else:
                card = re.match(r"play (\S+)", choices)
                assert card is not None
                child.sendline(f"play {card.group(1)}")
                child.expect(rf"you played {card.group(1)}\.")
                played = True
        child.expect(r"You may: .*\r\n> ")
        child.sendline("play Zz")
        child.expect("Not that: .*'Zz'")
        child.expect("> ")
        child.sendline("quit")
        child.expect("Bye.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
