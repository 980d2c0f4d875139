"""A tournament table: every player with chips is dealt in every hand, one moved in at once;
no one owes a blind to come in, sits out or is marked (RULES.md, "Tournaments")."""

from __future__ import annotations

import random

import pytest

from standpat.engine import Action, ActionKind, Stakes
from standpat.errors import TableError
from standpat.table import Table


def table(tournament: bool) -> Table:
    t = Table("five-card-draw", "no-limit", Stakes.from_bets(20), seats=6, button=0,
              min_buy_in=1, max_buy_in=10_000, rng=1, tournament=tournament)
    for seat, name in enumerate(("ann", "bob", "cy", "dee")):
        t.sit(seat, name, 1_000)
    return t


def fold_round(t: Table) -> None:
    """Everyone folds to the big blind."""
    while t.playing:
        seat = t.to_act
        assert seat is not None and t.hand is not None
        legal = t.hand.view(t.dealt.index(seat)).legal
        assert legal is not None
        kinds = legal.kinds
        t.act(seat, Action(ActionKind.FOLD if ActionKind.FOLD in kinds else ActionKind.CHECK))


@pytest.mark.parametrize("seat", [4, 5])
def test_a_player_moved_in_is_dealt_in_at_once_without_a_post(seat: int) -> None:
    ring, tour = table(False), table(True)
    for t in (ring, tour):
        t.start_hand()
        fold_round(t)
        t.sit(seat, "eve", 800)
    assert ring.choices(seat) and tour.choices(seat) == ()
    ring.start_hand()
    tour.start_hand()
    assert seat not in ring.dealt and seat in tour.dealt
    posted = [b for b in tour.plan.blinds if b.seat == seat] if tour.plan else []
    assert all(b.kind.value in ("small-blind", "big-blind") for b in posted)


def test_players_who_leave_mark_no_one_and_no_one_sits_out() -> None:
    t = table(True)
    for _ in range(12):
        t.start_hand()
        assert set(t.dealt) == {s for s in range(t.seats) if t.player(s)}
        fold_round(t)
        if t.hand_number == 3:
            t.leave(1)  # moved away to another table
        if t.hand_number == 6:
            t.sit(1, "fay", 500)
        players = [p for s in range(t.seats) if (p := t.player(s))]
        assert all(p.marker is None and not p.sitting_out for p in players)
        if t.hand_number >= 7:  # fay is dealt from the first hand after she sat down
            assert 1 in t.dealt
    with pytest.raises(TableError, match="tournament"):
        t.sit_out(0)


def test_a_busted_player_is_not_dealt_and_the_saved_table_stays_a_tournament_table() -> None:
    t = table(True)
    t.start_hand()
    fold_round(t)
    t.reseat({0: ("ann", 0), 1: ("bob", 1_500), 2: ("cy", 1_000), 3: ("dee", 1_500)})
    t.start_hand(random.Random(3))
    assert 0 not in t.dealt and set(t.dealt) == {1, 2, 3}
    again = Table.from_json(t.to_json())
    assert again.tournament and again.dealt == t.dealt
    assert not Table.from_json(table(False).to_json()).tournament
