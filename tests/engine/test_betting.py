"""Scenario tests for every rule of RULES.md's Betting section, with exact amounts.

Three-handed hands have the button at seat 0, the small blind at 1 and the big
blind at 2, so seat 0 acts first before the draw.  Stakes are 2/4 (blinds 1/2)
unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from standpat.engine import Action, EventKind, Hand, Posted, Returned, Stakes, Won
from standpat.errors import IllegalActionError
from tests.engine.helpers import act, deal, kinds_of, posts_of

FIVE = "five-card-draw"
TRIPLE = "deuce-to-seven-triple-draw"


# -- stakes and forced bets ------------------------------------------------------------


def test_stakes_follow_the_house_rule() -> None:
    assert Stakes.from_bets(2) == Stakes(2, 4, 1, 2)
    assert Stakes.from_bets(3) == Stakes(3, 6, 1, 3)  # half of 3 rounded down
    assert Stakes.from_bets(1) == Stakes(1, 2, 1, 1)  # at least one chip
    assert Stakes.from_bets(10, chip=5).small_blind == 5
    assert Stakes.from_bets(15, chip=5).small_blind == 5  # 7.5 rounded down to the chip
    assert Stakes.parse("10/20 ante 2") == Stakes(10, 20, 5, 10, 2)
    assert str(Stakes.parse(" 2 / 4 ")) == "2/4"
    with pytest.raises(ValueError, match="are not stakes"):
        Stakes.parse("two/four")


def test_blinds_are_posted_left_of_the_button() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 4, button=2)
    assert hand.bets == (2, 0, 0, 1)  # SB at 3, BB at 0
    assert hand.to_act == 1
    posts = [(e.seat, e.post, e.amount) for e in hand.events if isinstance(e, Posted)]
    assert posts == [(3, "small-blind", 1), (0, "big-blind", 2)]


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    hand = deal(FIVE, "no-limit", [100, 100], button=1)
    assert hand.bets == (2, 1)
    assert hand.to_act == 1
    act(hand, "call", "check")  # the big blind has the option, then the draw
    assert hand.phase == "draw" and hand.to_act == 0  # BB draws first
    act(hand, "stand pat", "stand pat")
    assert hand.phase == "betting" and hand.to_act == 0  # and acts first after the draw
    act(hand, "check")
    assert hand.to_act == 1  # the button acts last


def test_antes_go_to_the_pot_and_with_antes_only_left_of_the_button_acts_first() -> None:
    stakes = Stakes(2, 4, 0, 0, 1)
    hand = deal(FIVE, "fixed-limit", [50] * 3, stakes=stakes)
    assert hand.pot == 3 and hand.bets == (0, 0, 0)
    assert hand.to_act == 1
    assert kinds_of(hand) == {"check", "bet"}
    assert hand.legal_actions().min_to == 2


def test_a_live_post_counts_toward_the_first_round_bet_and_a_dead_one_does_not() -> None:
    # 4 players, button 0; seat 3 comes back with "post all": a live big blind and a dead small.
    posts = posts_of(
        (1, "small-blind", 1), (2, "big-blind", 2), (3, "big-blind", 2), (3, "dead", 1)
    )
    hand = deal(FIVE, "no-limit", [100] * 4, posts=posts)
    assert hand.bets == (0, 1, 2, 2) and hand.pot == 6
    assert hand.to_act == 3  # left of the real big blind: he may check his live post
    act(hand, "check")  # ... check is legal only because the post is live
    assert hand.to_act == 0
    act(hand, "call", "call")
    assert hand.to_act == 2  # the big blind keeps his option
    act(hand, "check")
    assert hand.phase == "draw"
    assert hand.pot == 9


def test_a_blind_bigger_than_the_stack_is_posted_all_in() -> None:
    hand = deal(FIVE, "no-limit", [100, 100, 1])
    assert hand.bets == (0, 1, 1) and hand.all_in(2)
    # the others still must call the full big blind to come in
    assert hand.legal_actions().to_call == 2
    act(hand, "call", "call")
    assert hand.phase == "draw"
    assert hand.contributions == (2, 2, 1)


def test_heads_up_against_a_short_blind_the_small_blind_has_nothing_to_call() -> None:
    hand = deal(FIVE, "no-limit", [100, 1], button=0)  # seat 0 SB 1, seat 1 BB all-in for 1
    assert hand.phase == "draw"  # nobody can bet: straight to the draw
    assert hand.contributions == (1, 1)


# -- fixed limit -------------------------------------------------------------------------


def test_fixed_limit_sizes_small_bet_before_the_draw_big_bet_after() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 4)
    act(hand, "call", "call", "check", "pat", "pat", "pat")
    legal = hand.legal_actions()
    assert "bet" in {k.value for k in legal.kinds}
    assert (legal.min_to, legal.max_to) == (4, 4)  # the big bet is 4
    act(hand, "bet 4")
    assert (hand.legal_actions().min_to, hand.legal_actions().max_to) == (8, 8)


def test_triple_draw_uses_the_small_bet_twice_then_the_big_bet() -> None:
    hand = deal(TRIPLE, "fixed-limit", [100] * 2, stakes=Stakes.from_bets(10))
    sizes = []
    street = -1
    while not hand.is_over:
        if hand.phase == "draw":
            act(hand, "pat")
            continue
        legal = hand.legal_actions()
        if hand.street != street:
            street = hand.street
            sizes.append(legal.min_to)
        act(hand, "call" if legal.to_call else "check")
    # before the draw a raise to 20 over the big blind of 10; then bets of 10, 20, 20
    assert sizes == [20, 10, 20, 20]


def test_fixed_limit_cap_counts_the_big_blind_before_the_draw() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3)
    act(hand, "raise to 4", "raise to 6", "raise to 8")  # blind, raise, re-raise, cap
    assert hand.to_act == 0
    assert kinds_of(hand) == {"fold", "call"}
    with pytest.raises(IllegalActionError, match="capped at four bets"):
        hand.verify(Action.raise_to(10))


def test_fixed_limit_cap_after_the_draw_is_four_bets() -> None:
    hand = deal(FIVE, "fixed-limit", [100] * 3)
    act(hand, "call", "call", "check", "pat", "pat", "pat")
    act(hand, "bet 4", "raise to 8", "raise to 12")
    assert kinds_of(hand) == {"fold", "call", "raise"}
    act(hand, "raise to 16")
    assert kinds_of(hand) == {"fold", "call"}


def test_heads_up_uncapping_is_an_option_off_by_default() -> None:
    capped = deal(FIVE, "fixed-limit", [100] * 2)
    act(capped, "raise to 4", "raise to 6", "raise to 8")
    assert kinds_of(capped) == {"fold", "call"}
    uncapped = deal(FIVE, "fixed-limit", [100] * 2, uncap_heads_up=True)
    act(uncapped, "raise to 4", "raise to 6", "raise to 8", "raise to 10", "raise to 12")
    assert "raise" in kinds_of(uncapped)


def test_fixed_limit_all_in_of_half_a_bet_or_more_reopens() -> None:
    # 4/8: blinds 2/4.  Four players, button 0: SB 1, BB 2, seat 3 first.
    stakes = Stakes.from_bets(4)
    hand = deal(FIVE, "fixed-limit", [100, 100, 100, 10], stakes=stakes, button=3)
    # button 3: SB 0, BB 1, seat 2 first
    act(hand, "raise to 8")  # seat 2: second bet
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (10, 10)  # seat 3 can only go all-in for 10
    act(hand, "raise to 10")  # seat 3 all-in for 10: 2 more, half a bet -> a full raise
    assert hand.all_in(3)
    legal = hand.legal_actions()  # seat 0 (SB)
    assert (legal.min_to, legal.max_to) == (14, 14)  # a full bet on top of the all-in
    act(hand, "call", "call")
    assert hand.to_act == 2
    assert "raise" in kinds_of(hand)  # reopened for the first raiser


def test_fixed_limit_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    stakes = Stakes.from_bets(4)
    hand = deal(FIVE, "fixed-limit", [100, 100, 100, 9], stakes=stakes, button=3)
    act(hand, "raise to 8", "raise to 9")  # seat 3 all-in for 1 more: less than half
    legal = hand.legal_actions()  # seat 0 may complete the bet: to 12
    assert (legal.min_to, legal.max_to) == (12, 12)
    act(hand, "call", "call")
    assert hand.to_act == 2
    assert kinds_of(hand) == {"fold", "call"}  # not reopened
    events = act(hand, "call")
    assert hand.phase == "draw"
    assert hand.bets == (0, 0, 0, 0)
    assert not [e for e in events if e.kind is EventKind.RETURN]
    assert hand.contributions == (9, 9, 9, 9)


# -- no limit ------------------------------------------------------------------------------


def test_no_limit_min_raise_is_the_largest_previous_raise() -> None:
    hand = deal(FIVE, "no-limit", [1000] * 3)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 1000)
    act(hand, "raise to 10")  # a raise of 8
    assert hand.legal_actions().min_to == 18
    act(hand, "raise to 30")  # a raise of 20
    assert hand.legal_actions().min_to == 50
    with pytest.raises(IllegalActionError, match="must be to 50 through 1000"):
        hand.verify(Action.raise_to(45))


def test_no_limit_min_bet_after_the_draw_is_the_big_blind() -> None:
    hand = deal(FIVE, "no-limit", [1000] * 3)
    act(hand, "call", "call", "check", "pat", "pat", "pat")
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (2, 998)
    act(hand, "bet 7")
    assert hand.legal_actions().min_to == 14


def test_no_limit_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    hand = deal(FIVE, "no-limit", [1000, 8, 1000])
    act(hand, "raise to 6")  # seat 0 raises 4
    act(hand, "raise to 8")  # seat 1 (SB) all-in for 8: 2 more, less than a full raise
    assert hand.all_in(1)
    legal = hand.legal_actions()  # seat 2 has not acted: may raise, at least 8 + 4
    assert legal.min_to == 12
    act(hand, "call")
    assert hand.to_act == 0
    assert kinds_of(hand) == {"fold", "call"}
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.verify(Action.raise_to(20))


def test_no_limit_short_all_ins_that_add_up_to_a_full_raise_reopen() -> None:
    # five players, button 4: SB 0, BB 1, seat 2 first.
    hand = deal(FIVE, "no-limit", [1000, 1000, 1000, 14, 18], button=4)
    act(hand, "raise to 10")  # seat 2: raise of 8
    act(hand, "raise to 14")  # seat 3 all-in, +4: short
    act(hand, "raise to 18")  # seat 4 all-in, +4 more: 8 over seat 2's 10 = a full raise
    act(hand, "call", "call")
    assert hand.to_act == 2
    legal = hand.legal_actions()
    assert "raise" in {k.value for k in legal.kinds}
    assert legal.min_to == 26  # the last full raise (8) on top of 18


def test_no_raise_when_no_opponent_can_call_more_than_the_current_bet() -> None:
    hand = deal(FIVE, "no-limit", [1000, 1000, 1000, 40], button=3)  # SB 0, BB 1, seat 2 first
    act(hand, "raise to 40", "call")  # seat 2 raises, seat 3 calls all-in (40)
    assert hand.all_in(3)
    act(hand, "fold")  # seat 0
    legal = hand.legal_actions()  # seat 1: seat 2 could still call a re-raise
    assert "raise" in {k.value for k in legal.kinds}
    act(hand, "call")
    assert hand.phase == "draw"
    hand = deal(FIVE, "no-limit", [1000, 1000, 30, 60], button=3)
    act(hand, "raise to 30", "raise to 60")  # seat 2 all-in 30, seat 3 all-in 60
    act(hand, "fold")  # seat 0
    legal = hand.legal_actions()  # seat 1: nobody left could call more than 60
    assert {k.value for k in legal.kinds} == {"fold", "call"}
    with pytest.raises(IllegalActionError, match="no other player still in has chips"):
        hand.verify(Action.raise_to(200))


def test_uncalled_bet_is_returned() -> None:
    hand = deal(FIVE, "no-limit", [100] * 3)
    act(hand, "raise to 50", "fold")
    events = act(hand, "fold")
    returns = [(e.seat, e.amount) for e in events if isinstance(e, Returned)]
    assert returns == [(0, 48)]
    wins = [(e.seat, e.amount, e.cards) for e in events if isinstance(e, Won)]
    assert wins == [(0, 5, ())]  # 2 + 2 + 1, won without showing
    assert hand.payouts == (53, 0, 0)
    assert hand.net == (3, -1, -2)


def test_uncalled_part_of_a_bet_over_an_all_in_call_is_returned() -> None:
    hand = deal(FIVE, "no-limit", [100, 100, 30])
    act(hand, "raise to 80", "fold")
    events = act(hand, "call")  # the BB calls all-in for 30
    assert [(e.seat, e.amount) for e in events if isinstance(e, Returned)] == [(0, 50)]
    assert hand.contributions == (30, 1, 30)


# -- pot limit ---------------------------------------------------------------------------


def test_pot_limit_raise_to_is_7_with_blinds_1_2_three_handed() -> None:
    hand = deal(FIVE, "pot-limit", [1000] * 3)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 7)
    act(hand, "raise to 7")
    # SB: pot 10, call 6 -> pot 16; raise to 7 + 16 = 23
    assert hand.legal_actions().max_to == 23
    act(hand, "call")
    # BB: pot 16, call 5 -> 21; raise to 7 + 21 = 28
    assert hand.legal_actions().max_to == 28


def test_pot_limit_after_limpers_and_after_the_draw() -> None:
    hand = deal(FIVE, "pot-limit", [1000] * 3)
    act(hand, "call")
    assert hand.legal_actions().max_to == 8  # SB: pot 5, call 1 -> 6; to 2 + 6
    act(hand, "call", "check", "pat", "pat", "pat")
    assert hand.legal_actions().max_to == 6  # bet the pot: 6
    act(hand, "bet 6")
    assert hand.legal_actions().max_to == 24  # call 6 -> pot 18; to 6 + 18


def test_pot_limit_counts_the_small_blind_at_its_real_size() -> None:
    hand = deal(FIVE, "pot-limit", [1000] * 3, stakes=Stakes.from_bets(3))  # blinds 1/3
    assert hand.legal_actions().max_to == 10  # call 3 -> pot 7; to 3 + 7


def test_pot_limit_max_is_capped_by_the_stack() -> None:
    hand = deal(FIVE, "pot-limit", [5, 100, 100])
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 5)


# -- errors ------------------------------------------------------------------------------


def test_illegal_actions_raise_with_a_sentence() -> None:
    hand = deal(FIVE, "no-limit", [100] * 3)
    with pytest.raises(IllegalActionError, match="seat 0 cannot check: it faces a bet of 2"):
        hand.verify(Action.check())
    with pytest.raises(IllegalActionError, match="seat 1 cannot call: it is seat 0's turn"):
        hand.verify(Action.call(), seat=1)
    with pytest.raises(IllegalActionError, match="cannot bet: there is already a bet"):
        hand.verify(Action.bet(4))
    with pytest.raises(IllegalActionError, match="it is a betting round, not a draw"):
        hand.verify(Action.stand_pat())
    with pytest.raises(IllegalActionError, match="only 100 in all"):
        hand.verify(Action.raise_to(200))
    assert not hand.can(Action.check()) and hand.can(Action.call())
    act(hand, "call", "call")
    with pytest.raises(IllegalActionError, match="no bet to fold to; it may check"):
        hand.verify(Action.fold())
    with pytest.raises(ValueError):
        Hand(FIVE, "no-limit", Stakes.from_bets(2), [100])
    with pytest.raises(ValueError, match="stack of 0"):
        Hand(FIVE, "no-limit", Stakes.from_bets(2), [100, 0])
    with pytest.raises(ValueError, match="unknown betting structure"):
        Hand(FIVE, "spread-limit", Stakes.from_bets(2), [100, 100])
