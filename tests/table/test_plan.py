"""Properties of the dead-button planner on any seat states and last positions."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from standpat.errors import TableError
from standpat.table import BlindKind, Marker, Positions, SeatState, between, plan

mostly = st.sampled_from([True, True, True, False])
rarely = st.sampled_from([False, False, False, True])
player = st.builds(SeatState, present=mostly, new=rarely,
                   marker=st.sampled_from([None, None, Marker.ML, Marker.MS]), post=st.booleans(),
                   out_at_bb=rarely, played=mostly)
states = st.one_of(st.none(), player, player, player)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[SeatState | None], Positions]:
    n = draw(st.integers(2, 6))
    seats = draw(st.lists(states, min_size=n, max_size=n))
    bb = draw(st.integers(0, n - 1))
    sb = draw(st.integers(0, n - 1).filter(lambda s: s != bb))
    button = draw(st.integers(0, n - 1))
    return seats, Positions(bb=bb, sb=sb, button=button)


@settings(max_examples=1000, deadline=None)
@given(tables())
def test_a_plan_keeps_the_dead_button_rules(case: tuple[list[SeatState | None], Positions]) -> None:
    seats, last = case
    n = len(seats)
    try:
        p = plan(seats, last, small_blind=1, big_blind=2)
    except TableError:
        event("no hand")
        candidates = [s for s in seats if s is not None and s.present and not s.out_at_bb]
        assert len([s for s in seats if s is not None and s.present]) < 2 or len(candidates) < 2
        return
    event("heads-up" if p.heads_up else "fresh" if p.fresh else "dead button" if p.dead_button
          else "live button")
    dealt = set(p.dealt)
    assert len(dealt) == len(p.dealt) >= 2 and p.bb in dealt
    for seat in dealt:
        state = seats[seat]
        assert state is not None and state.present
    # The big blind is the first player after last hand's who is not sitting out at it.
    assert p.bb != last.bb or len(dealt) < 2
    for seat in range(n):
        if between(seat, last.bb, p.bb, n) and (s := seats[seat]) is not None:
            assert not s.present or s.out_at_bb
            assert seat in p.missed_bb and seat not in dealt
    # Each dealt player posts at most one big blind and owes nothing after this hand.
    bigs = [b.seat for b in p.blinds if b.kind is BlindKind.BIG_BLIND]
    assert len(bigs) == len(set(bigs)) and bigs[0] == p.bb
    for seat in dealt:
        assert p.markers.get(seat, seats[seat].marker) is None  # type: ignore[union-attr]
    if p.heads_up:
        assert p.button == p.sb and p.sb in dealt and [b.kind for b in p.blinds] == [
            BlindKind.SMALL_BLIND, BlindKind.BIG_BLIND]
        return
    assert between(p.button, p.bb, p.sb, n)
    if p.fresh:
        assert p.sb in dealt and p.button in dealt
        return
    assert p.sb == last.bb
    # Owing players are dealt in only by the big blind or by posting outside the closed zone.
    zone = {p.button} | {s for s in range(n) if between(s, p.button, p.bb, n)}
    for seat in dealt - {p.bb}:
        state = seats[seat]
        assert state is not None
        if state.owes:
            assert state.post and seat not in zone
            kinds = [b.kind for b in p.posts_of(seat)]
            if state.marker is Marker.ML:
                assert kinds == [BlindKind.BIG_BLIND, BlindKind.DEAD_SMALL_BLIND]
            elif state.marker is Marker.MS:
                assert kinds == [BlindKind.DEAD_SMALL_BLIND]
            else:
                assert kinds == [BlindKind.BIG_BLIND]
        elif seat in zone:
            assert state.played
