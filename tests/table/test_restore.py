"""A hosted table saved between rounds and taken up again (a restart, a takeover): it deals
the next round exactly as the saved table would have, for the players the books seat; and a
table whose first button sits on a player sitting out still deals."""

from __future__ import annotations

import dataclasses
import random

import pytest

from standpat.table.rooms import hosted_table
from tests.server.live import passive_policy


def _play_round(table: object, rng: random.Random) -> None:
    from standpat.table.hosted import HostedTable

    assert isinstance(table, HostedTable)
    table.deal(rng)
    while not table.over:
        table.timeout()
    table.finish()


@pytest.mark.parametrize(("game", "structure", "stakes"), [
    ("five-card-draw-7a", "fixed-limit", "2/4"),
    ("deuce-to-seven-triple-draw", "no-limit", "2/4 ante 1"),
    ("pinochle-5", None, "entry 10"),
])
def test_a_saved_table_deals_on_as_it_would_have(
    game: str, structure: str | None, stakes: str
) -> None:
    for seed in range(20):
        rng = random.Random(seed)
        table = hosted_table(game, structure, stakes, seats=4, button=rng.randrange(4))
        for seat in range(4):
            table.sit(seat, f"p{seat}", table.options.default_buy_in)
            table.come_in(seat)
        out = rng.randrange(4)
        for _ in range(rng.randrange(1, 4)):
            _play_round(table, rng)
        table.sit_out(out, "next-hand")
        state = table.snapshot()
        seated = {line.seat: (line.name, line.stack) for line in table.lines()}
        again = hosted_table(game, structure, stakes, seats=4, button=0)
        again.restore(state, seated)
        # the same seats, stacks, markers and sitting out (no last round is shown)
        assert [dataclasses.replace(line, in_round=False) for line in table.lines()] == (
            again.lines())
        assert again.ready() == table.ready()
        if table.ready():
            assert again.next_seats() == table.next_seats()
            one, two = table.deal(random.Random(seed)), again.deal(random.Random(seed))
            assert (one.seats, one.button, one.setup) == (two.seats, two.button, two.setup)


def test_the_books_decide_who_sits_and_with_what() -> None:
    table = hosted_table("five-card-draw", "fixed-limit", "2/4", seats=4, button=0)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
        table.come_in(seat)
    _play_round(table, random.Random(1))
    table.sit_out(1, "next-hand")
    state = table.snapshot()
    again = hosted_table("five-card-draw", "fixed-limit", "2/4", seats=4, button=0)
    # p2 left since (his seat is gone from the books), ann sat in seat 3, p1 busted
    again.restore(state, {0: ("p0", 150), 1: ("p1", 0), 3: ("ann", 80)})
    lines = {line.seat: line for line in again.lines()}
    assert set(lines) == {0, 1, 3}
    assert (lines[0].stack, lines[0].sitting_out) == (150, False)
    assert (lines[1].stack, lines[1].sitting_out) == (0, True)
    assert (lines[3].name, lines[3].stack) == ("ann", 80)
    assert "wait-for-bb" in again.choices(3)  # a new player owes a big blind, as after a sit
    with pytest.raises(Exception, match="not"):
        again.restore({**state, "game": "seven-card-draw"}, {})


def test_a_first_button_on_a_player_sitting_out_moves_to_the_next_player() -> None:
    """After a restart without a saved state the first button is the table's last one; if
    its player sits out, the table deals with the button on the next player sitting in
    (it used to never deal: ready() said no while start_hand would have moved it)."""
    for button in range(4):
        for bots in ((0, 1), (1, 3), (2, 3), (0, 2)):
            table = hosted_table("five-card-draw", "fixed-limit", "2/4", seats=4, button=button)
            for seat in range(4):
                table.sit(seat, f"p{seat}", 200)
                if seat in bots:
                    table.come_in(seat)
                else:
                    table.sit_out(seat, "next-hand")
            assert table.ready(), (button, bots)
            deal = table.deal(random.Random(0))
            assert set(deal.seats) == set(bots)
            assert table.public()["button"] == min(bots, key=lambda s: (s - button) % 4)


def test_a_hosted_table_keeps_no_event_log() -> None:
    """The room never reads the table's own event log: a hosted table keeps none, so its
    memory does not grow with the hands it deals (each hand keeps its own events)."""
    from standpat.table.poker import HostedPoker

    table = hosted_table("five-card-draw", "fixed-limit", "2/4", seats=3, button=0)
    assert isinstance(table, HostedPoker)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 200)
        table.come_in(seat)
    rng = random.Random(3)
    for _ in range(50):
        table.deal(rng)
        while not table.over:
            turn = table.turn()
            assert turn is not None
            view = table.view(turn)
            table.act(turn, table.parse_action(passive_policy(view, rng)))
        table.finish()
    assert table.table.event_count == 0 and table.table.events == ()
