"""Scenario tests for every rule of RULES.md's Showdown section, and pot splitting.

Three-handed hands have the button at seat 0 (small blind 1, big blind 2);
everybody stands pat unless a test draws.
"""

from __future__ import annotations

from standpat.engine import EventKind, Hand, Mucked, Stakes, Won
from tests.engine.helpers import act, cards, deal

FIVE = "five-card-draw"

KINGS = "Kc Kd 7h 5s 2c"
QUEENS = "Qc Qd 8h 6s 3c"
TRIPS = "9c 9d 9h 4s 3d"


def shows(hand: Hand) -> list[tuple[str, int]]:
    """The SHOW and MUCK events in order, as (kind, seat) (each one names its seat)."""
    shown = []
    for e in hand.events:
        if e.kind in (EventKind.SHOW, EventKind.MUCK):
            assert e.seat is not None, e
            shown.append((e.kind.value, e.seat))
    return shown


def wins(hand: Hand) -> list[tuple[int | None, int, int]]:
    """The WIN events as (seat, amount, pot)."""
    return [(e.seat, e.amount, e.pot) for e in hand.events if isinstance(e, Won)]


def test_last_aggressor_shows_first_and_a_loser_in_turn_mucks() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3, [QUEENS, TRIPS, KINGS])
    act(hand, "call", "call", "check", "pat", "pat", "pat")
    act(hand, "check", "bet 4", "call", "call")  # seat 2 bets, 0 and 1 call
    assert hand.is_over
    assert shows(hand) == [("show", 2), ("muck", 0), ("show", 1)]
    assert wins(hand) == [(1, 18, 0)]
    assert hand.shown == {2: tuple(cards(KINGS)), 1: tuple(cards(TRIPS))}
    # the mucked hand stays hidden from the others; the mucker sees his own
    muck = next(e for e in hand.view(1).events if isinstance(e, Mucked))
    assert muck.cards == () and muck.hidden == 5
    assert next(e for e in hand.view(0).events if isinstance(e, Mucked)).cards


def test_when_nobody_bets_the_first_player_left_of_the_button_shows_first() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3, [TRIPS, QUEENS, KINGS])
    act(hand, "call", "call", "check", "pat", "pat", "pat", "check", "check", "check")
    assert shows(hand) == [("show", 1), ("show", 2), ("show", 0)]
    assert wins(hand) == [(0, 6, 0)]


def test_an_uncalled_bettor_wins_without_showing() -> None:
    hand = deal(FIVE, "no-limit", [100] * 3, [TRIPS, QUEENS, KINGS])
    act(hand, "call", "call", "check", "pat", "pat", "pat", "bet 6", "fold")
    events = act(hand, "fold")
    assert [e.kind for e in events] == [EventKind.FOLD, EventKind.RETURN, EventKind.WIN]
    assert shows(hand) == [] and hand.shown == {}
    assert wins(hand) == [(1, 6, 0)]
    assert hand.payouts == (0, 12, 0)
    assert hand.net == (-2, 4, -2)


def test_side_pot_with_three_all_ins() -> None:
    # four players, button 3: SB 0, BB 1, seat 2 first; stacks 10, 20, 30, 100.
    holes = ["Ac Ad Ah As 2c", "Kc Kd Kh 3c 3d", "2h 5h 8h Jh Qh", "4c 4d 6s 9s Ts"]
    hand = deal(FIVE, "no-limit", [10, 20, 30, 100], holes, button=3)
    act(hand, "raise to 30")
    assert "raise" not in {k.value for k in hand.legal_actions().kinds}  # nobody could call more
    act(hand, "call", "call", "call")
    assert hand.pots == ((40, (0, 1, 2, 3)), (30, (1, 2, 3)), (20, (2, 3)))
    act(hand, "pat", "pat", "pat", "pat")
    assert hand.is_over
    # all hands are turned up; the deepest side pot's players first
    assert shows(hand) == [("show", 2), ("show", 3), ("show", 1), ("show", 0)]
    assert sorted(wins(hand), key=lambda w: w[2]) == [(0, 40, 0), (1, 30, 1), (2, 20, 2)]
    assert hand.payouts == (40, 30, 20, 0)
    assert hand.net == (30, 10, -10, -30)


def test_players_in_a_side_pot_show_before_an_all_in_player_of_the_main_pot() -> None:
    # seat 1 is all-in for the main pot only; seats 2 and 0 play on after the draw.
    hand = deal(FIVE, "fixed-limit", [100, 4, 100], [QUEENS, "7c 6d 5h 3s 2d", KINGS])
    act(hand, "raise to 4", "call", "call", "pat", "pat", "pat")
    assert hand.all_in(1)
    act(hand, "bet 4", "call")  # seat 2 bets, seat 0 calls
    # seat 2 (aggressor) shows; seat 0 and then the all-in seat 1 cannot win: mucked
    assert shows(hand) == [("show", 2), ("muck", 0), ("muck", 1)]
    assert sorted(wins(hand), key=lambda w: w[2]) == [(2, 12, 0), (2, 8, 1)]


def test_an_all_in_player_who_cannot_win_is_mucked_while_others_play_on() -> None:
    # one pot: seat 0 all-in for exactly the bet; seats 1 and 2 check it down after the draw
    hand = deal(FIVE, "fixed-limit", [4, 100, 100], ["Tc 8d 6h 4s 2d", KINGS, QUEENS])
    act(hand, "raise to 4", "call", "call", "pat", "pat", "pat", "check", "check")
    assert hand.all_in(0) and hand.pots == ((12, (0, 1, 2)),)
    assert shows(hand) == [("show", 1), ("muck", 2), ("muck", 0)]
    assert 0 not in hand.shown and wins(hand) == [(1, 12, 0)]


def test_an_all_in_player_with_the_best_hand_wins_only_the_main_pot() -> None:
    hand = deal(FIVE, "fixed-limit", [100, 4, 100], [QUEENS, TRIPS, KINGS])
    act(hand, "raise to 4", "call", "call", "pat", "pat", "pat", "bet 4", "call")
    assert sorted(wins(hand), key=lambda w: w[2]) == [(1, 12, 0), (2, 8, 1)]
    assert hand.net == (-8, 8, 0)


def test_split_pot_odd_chip_goes_to_the_first_winner_clockwise_from_the_button() -> None:
    holes = ["As Kd Qh Jc 9s", "2c 3d 4h 6s 8c", "Ad Ks Qc Jh 9d"]  # seats 0 and 2 tie
    stakes = Stakes.from_bets(2, ante=1)  # antes 3 + 3 calls of 2: a pot of 9
    for button, expected in ((0, [(0, 4, 0), (2, 5, 0)]), (2, [(0, 5, 0), (2, 4, 0)])):
        hand = deal(FIVE, "no-limit", [100] * 3, holes, stakes=stakes, button=button)
        act(hand, "call", "call", "check", "pat", "pat", "pat", "check", "check", "check")
        assert sorted(wins(hand)) == expected


def test_everyone_all_in_turns_up_every_hand() -> None:
    hand = deal(FIVE, "no-limit", [50, 50, 50], [QUEENS, TRIPS, KINGS])
    act(hand, "raise to 50", "call", "call", "pat", "pat", "pat")
    assert sorted(s for _, s in shows(hand)) == [0, 1, 2]
    assert all(k == "show" for k, _ in shows(hand))
    assert wins(hand) == [(1, 150, 0)]


def test_lowball_showdown_is_won_by_the_lowest_hand() -> None:
    holes = ["7c 5d 4h 3s 2c", "8c 6d 4c 3h 2d", "Ah 2h 3d 4d 5s"]  # 7-5 low, 8-6 low, ace high
    hand = deal("deuce-to-seven-single-draw", "no-limit", [100] * 3, holes)
    act(hand, "call", "call", "check", "pat", "pat", "pat", "check", "check", "check")
    assert wins(hand) == [(0, 6, 0)]
    # A-2-3-4-5 is ace high in deuce-to-seven: it cannot beat the 8-6 and is mucked
    assert shows(hand) == [("show", 1), ("muck", 2), ("show", 0)]


def test_seven_card_draw_plays_the_best_five_of_seven() -> None:
    holes = ["Ac Ad Ah Kc Kd 2s 3s", "Qc Jc Tc 9c 8c 2d 3d"]  # full house vs straight flush
    hand = deal("seven-card-draw", "fixed-limit", [100, 100], holes)
    act(hand, "call", "check", "pat", "pat", "check", "check")
    assert wins(hand) == [(1, 4, 0)]
