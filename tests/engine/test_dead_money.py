"""Dead money (RULES.md, Betting): a dead small blind, the dead part of a post and antes.

Dead money lies in the main pot and is won by the best hand among those who
contest it, like any other chip.  It never forms a pot of its own, so it never
returns to its poster except by his winning the main pot.  The pot levels are
made of live money only (what each seat bet in the betting rounds).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from standpat.engine import Hand, Stakes, Won
from standpat.engine.pots import side_pots
from tests.engine.helpers import act, deal, posts_of

FIVE = "five-card-draw"
ACES = "Ac Ad Ah 5s 2c"
KINGS = "Kc Kd 7h 5h 3c"
QUEENS = "Qc Qd 8h 6s 4d"
JACKS = "Jc Jd 9h 6d 4c"


def wins(hand: Hand) -> list[tuple[int | None, int, int]]:
    """The WIN events as (seat, amount, pot)."""
    return [(e.seat, e.amount, e.pot) for e in hand.events if isinstance(e, Won)]


# -- the pot builder -------------------------------------------------------------------


def test_dead_money_goes_to_the_main_pot_and_never_makes_a_level() -> None:
    # seat 0 put in no live chip (all-in on his ante): he still contests the dead money
    assert side_pots([0, 4, 4], [False, False, False], 5) == [(5, (0, 1, 2)), (8, (1, 2))]
    # a seat whose dead post lifts his total above the others' has no pot of his own
    assert side_pots([0, 2, 2, 2], [True, True, False, False], 1) == [(7, (2, 3))]
    # dead money alone (everyone checked an antes-only hand)
    assert side_pots([0, 0, 0], [False, False, False], 3) == [(3, (0, 1, 2))]
    assert side_pots([0, 0], [False, False]) == []


def test_dead_money_with_all_ins_and_folds() -> None:
    live, folded = [10, 30, 30, 5], [False, False, False, True]
    assert side_pots(live, folded) == [(35, (0, 1, 2)), (40, (1, 2))]
    assert side_pots(live, folded, 4) == [(39, (0, 1, 2)), (40, (1, 2))]
    # three all-in levels, dead money only in the first pot
    assert side_pots([5, 20, 40, 40], [False] * 4, 6) == [
        (26, (0, 1, 2, 3)), (45, (1, 2, 3)), (40, (2, 3)),
    ]
    # a folded seat's live chips are dead money in the pots they reached
    assert side_pots([5, 20, 12, 20], [False, False, True, False], 3) == [
        (23, (0, 1, 3)), (37, (1, 3)),
    ]


@given(
    st.lists(st.tuples(st.integers(0, 40), st.booleans()), min_size=2, max_size=9),
    st.integers(0, 12),
)
def test_each_player_in_contests_what_he_matched_plus_the_dead_money(
    seats: list[tuple[int, bool]], dead: int
) -> None:
    live = [c for c, _ in seats]
    folded = [f for _, f in seats]
    if all(folded):
        folded[0] = False
    pots = side_pots(live, folded, dead)
    assert sum(amount for amount, _ in pots) == sum(live) + dead
    assert all(amount > 0 for amount, _ in pots)
    for i in range(1, len(pots)):  # each side pot is contested by fewer players
        assert set(pots[i][1]) < set(pots[i - 1][1])
    top = max(c for c, f in zip(live, folded, strict=True) if not f)
    for s, mine in enumerate(live):
        if not folded[s]:  # what he may win: each player's chips up to his own, and the dead
            reach = sum(amount for amount, eligible in pots if s in eligible)
            if mine == top:  # (folded chips above every level lie in the last pot)
                assert reach == sum(live) + dead
            else:
                assert reach == sum(min(mine, c) for c in live) + dead


# -- hands ------------------------------------------------------------------------------


def post_all_hand(dee: str) -> Hand:
    """4 players, button 0; seat 3 comes back with post all (a live big blind and a dead small)."""
    posts = posts_of(
        (1, "small-blind", 1), (2, "big-blind", 2), (3, "big-blind", 2), (3, "dead", 1)
    )
    return deal(FIVE, "fixed-limit", [100] * 4, [JACKS, QUEENS, KINGS, dee], posts=posts)


def test_a_post_all_player_who_checks_down_and_loses_loses_both_blinds() -> None:
    hand = post_all_hand("Tc Td 9s 7c 3d")
    act(hand, "check", "fold", "fold", "check")  # seat 3 checks his live post; 2 checks
    assert hand.pots == ((6, (2, 3)),)  # his dead small blind is in the one pot
    act(hand, "pat", "pat", "check", "check")
    assert hand.is_over
    assert hand.pots == ((6, (2, 3)),)
    assert wins(hand) == [(2, 6, 0)]
    assert hand.net == (0, -1, 4, -3)
    assert hand.dead == (0, 0, 0, 1)


def test_a_post_all_player_who_wins_takes_his_dead_blind_back_with_the_pot() -> None:
    hand = post_all_hand(ACES)
    act(hand, "check", "fold", "fold", "check", "pat", "pat", "check", "check")
    assert wins(hand) == [(3, 6, 0)]
    assert hand.net == (0, -1, -2, 3)


def test_a_big_blind_ante_is_won_by_the_best_hand_not_returned() -> None:
    # seat 2 posts the big blind and an ante for the table (a "big blind ante")
    posts = posts_of((1, "small-blind", 1), (2, "big-blind", 2), (2, "ante", 3))
    hand = deal(FIVE, "no-limit", [100] * 3, [KINGS, ACES, JACKS], posts=posts)
    act(hand, "call", "call", "check", "pat", "pat", "pat", "check", "check", "check")
    assert hand.pots == ((9, (0, 1, 2)),)
    assert wins(hand) == [(1, 9, 0)]
    assert hand.net == (-2, 7, -5)


def test_a_player_all_in_for_part_of_his_ante_contests_every_ante() -> None:
    stakes = Stakes(2, 4, 0, 0, 2)  # antes only, 2 each; seat 0 has 1 chip
    hand = deal(FIVE, "fixed-limit", [1, 50, 50], [ACES, KINGS, QUEENS], stakes=stakes)
    # typed as Hand.pots says (a literal would narrow hand.pots past the actions below)
    one_pot: tuple[tuple[int, tuple[int, ...]], ...] = ((5, (0, 1, 2)),)
    assert hand.all_in(0) and hand.pots == one_pot
    act(hand, "bet 2", "call", "pat", "pat", "pat", "check", "check")
    assert hand.pots == ((5, (0, 1, 2)), (4, (1, 2)))
    assert sorted(wins(hand), key=lambda w: w[2]) == [(0, 5, 0), (1, 4, 1)]
    assert hand.net == (4, 0, -4)
