"""The hint a hosted poker table computes at a player's draw (issue 20's practice-table hint)."""

from __future__ import annotations

import random

from standpat.engine import Action, ActionKind
from standpat.table.hosted import Hinting
from standpat.table.rooms import hosted_table


def test_the_hint_is_for_the_seat_to_draw_only_and_names_its_own_cards() -> None:
    table = hosted_table("five-card-draw", "fixed-limit", "2/4", seats=3)
    assert isinstance(table, Hinting)
    for chair, name in enumerate(("ana", "bob", "cy")):
        table.sit(chair, name, 100)
    table.deal(random.Random(7))
    while True:  # everyone checks or calls to the draw
        seat = table.turn()
        assert seat is not None
        legal = table.bot_view(seat).legal
        assert legal is not None
        if ActionKind.DISCARD in legal.kinds:
            break
        for other in range(3):
            if other != seat:
                assert table.hinter(other) is None  # not his turn
        assert table.hinter(seat) is None  # betting, not drawing
        kind = ActionKind.CHECK if ActionKind.CHECK in legal.kinds else ActionKind.CALL
        table.act(seat, Action(kind))
    job = table.hinter(seat)
    assert job is not None
    assert all(table.hinter(other) is None for other in range(3) if other != seat)
    hint = job()
    assert hint is not None
    mine = [str(c) for c in table.bot_view(seat).hand]
    assert hint["hand"] == mine
    assert 1 <= len(hint["holds"]) <= 3
    for hold in hint["holds"]:
        assert sorted(hold["keep"] + hold["discard"]) == sorted(mine)
        assert 0.0 <= hold["improve"] <= 1.0
    improves = [hold["chance"] for hold in hint["holds"]]
    assert improves == sorted(improves, reverse=True)  # best first
