"""The readable text adds up: a reader of the text alone gets every stack right."""

from __future__ import annotations

import re

from standpat.history import format_hands, record_from_hand, replay
from tests.history.helpers import random_hands

SEAT = re.compile(r"^Seat (\d+): (.+) \((\d+) in chips\)$")
PAY = re.compile(r"^(.+): (posts (?:small blind|big blind|the ante|dead small blind)|calls|bets) "
                 r"(\d+)(?: and is all-in)?$")
RAISE = re.compile(r"^(.+): raises (\d+) to (\d+)(?: and is all-in)?$")
BACK = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
WON = re.compile(r"^(.+) collected (\d+) from (?:pot|main pot|side pot-\d+)$")


def stacks_from_text(text: str) -> list[dict[str, int]]:
    """What a tracker computes from the text: each player's stack at the end of each hand."""
    hands: list[dict[str, int]] = []
    stacks: dict[str, int] = {}
    bets: dict[str, int] = {}
    for line in text.splitlines():
        if line.startswith("standpat Hand #"):
            stacks, bets = {}, {}
            hands.append(stacks)
        elif m := SEAT.match(line):
            stacks[m.group(2)] = int(m.group(3))
            bets[m.group(2)] = 0
        elif line.startswith("*** ") and "DRAW" in line:
            bets = dict.fromkeys(bets, 0)
        elif m := PAY.match(line):
            name, what, amount = m.group(1), m.group(2), int(m.group(3))
            stacks[name] -= amount
            if what != "posts the ante" and what != "posts dead small blind":
                bets[name] += amount
        elif m := RAISE.match(line):
            name, to = m.group(1), int(m.group(3))
            stacks[name] -= to - bets[name]
            bets[name] = to
        elif m := BACK.match(line):
            stacks[m.group(2)] += int(m.group(1))
        elif m := WON.match(line):
            stacks[m.group(1)] += int(m.group(2))
    return hands


def test_the_text_of_random_hands_adds_up_to_the_finishing_stacks() -> None:
    replays = [
        replay(record_from_hand(h, players=[f"player {i}" for i in range(h.players)]))
        for h in random_hands(600, seed=3)
    ]
    text = format_hands(replays)
    tracked = stacks_from_text(text)
    assert len(tracked) == len(replays)
    for stacks, hand in zip(tracked, replays, strict=True):
        names = [hand.record.name_of(i) for i in range(hand.hand.players)]
        assert [stacks[name] for name in names] == list(hand.finishing_stacks)


def test_every_draw_is_written_with_its_count() -> None:
    hands = list(random_hands(60, seed=4))
    text = format_hands(replay(record_from_hand(h)) for h in hands)
    discards = sum(1 for h in hands for e in h.events if e.kind.value == "discard" and e.cards)
    pats = sum(1 for h in hands for e in h.events if e.kind.value == "discard" and not e.cards)
    assert len(re.findall(r": discards \d cards? \[", text)) == discards
    assert text.count(": stands pat") == pats
