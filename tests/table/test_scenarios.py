"""Scripted sessions, one per rule of seed 002 ("Buttons and Blinds", "Blinds", "Missed Blinds
Rules and Procedures") and of RULES.md ("The table across hands"): who posts what, live or
dead, who holds the button, and the markers after every hand."""

from __future__ import annotations

from typing import Any

import pytest

from standpat.engine import Action, ActionKind, Dealt, Hand, Stakes
from standpat.errors import TableError
from standpat.table import Choice, SitOut, Table, TableEventKind

from .helpers import fold_out, hand, markers, seated, table

SB, BB, DEAD = "small-blind", "big-blind", "dead-small-blind"


# -- Buttons and Blinds / Blinds ------------------------------------------------------------

def test_left_of_the_button_posts_the_small_blind_and_next_the_big_blind() -> None:
    # "The player to the left of the dealer posts a small blind and the player to the left of
    # the small blind posts a big blind"; "in a $2-4 game the small blind will be $1" and
    # "the big blind is $2".
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    h = hand(t)
    assert (h["button"], h["sb"], h["bb"]) == (0, 1, 2)
    assert h["posts"] == [(1, SB, 1), (2, BB, 2)]
    assert h["dealt"] == (1, 2, 3, 0)  # dealt from the dealer's left, clockwise
    # Only two players post blinds; the button moves one seat a hand.
    for expected in [(1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2)]:
        h = hand(t)
        assert (h["button"], h["sb"], h["bb"]) == expected
        assert [p[1] for p in h["posts"]] == [SB, BB]
    assert markers(t) == {}


def test_first_to_act_is_left_of_the_big_blind_and_the_big_blind_has_the_option() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    t.start_hand()
    wait = t.waiting_for()
    assert wait is not None and wait.seat == 3
    t.act(3, Action.call())
    t.act(0, Action.call())
    t.act(1, Action.call())
    wait = t.waiting_for()
    assert wait is not None and wait.seat == 2
    hand_ = t.hand
    assert hand_ is not None
    kinds = hand_.legal_actions().kinds
    assert ActionKind.CHECK in kinds and ActionKind.RAISE in kinds


def test_the_small_blind_of_the_last_hand_gets_the_button_even_when_a_blind_is_skipped() -> None:
    # "the player who had posted the small blind in the prior hand will receive the button on
    # the next deal": seat 3 sits out, the big blind jumps to seat 4, the button still moves
    # just one seat, to seat 1, last hand's small blind.
    t = table({0: "A", 1: "B", 2: "C", 3: "D", 4: "E"}, button=0)
    hand(t)
    t.sit_out(3)
    h = hand(t)
    assert (h["button"], h["sb"], h["bb"]) == (1, 2, 4)
    assert h["posts"] == [(2, SB, 1), (4, BB, 2)]
    assert markers(t) == {3: "ML"}


# -- Missed big blind (ML) ------------------------------------------------------------------

def _ml_session() -> tuple[Table, list[dict[str, Any]]]:
    t = table({0: "A", 1: "B", 2: "C", 3: "D", 4: "E"}, button=0)
    hands = [hand(t)]                     # H1: button 0, SB 1, BB 2
    t.sit_out(3)
    hands.append(hand(t))                 # H2: 3 misses his big blind
    return t, hands


def test_a_missed_big_blind_marks_ml_and_the_next_player_left_posts_it() -> None:
    # "If a player misses the big blind for any reason ... The game will place an ML button in
    # that seat ... The game will ask the next active player to the left to post the big blind"
    t, (_, h2) = _ml_session()
    assert (h2["button"], h2["sb"], h2["bb"]) == (1, 2, 4)
    assert 3 not in h2["dealt"]
    assert markers(t) == {3: "ML"}
    kinds = [e.text for e in t.events if e.kind is TableEventKind.MARKER]
    assert kinds == ["ML"]


def test_an_ml_player_returning_before_his_big_blind_posts_all_big_live_small_dead() -> None:
    # "the player is required to make up the sum of all blinds, Post all. The small blind
    # portion is dead and must be put into the pot before the hand is dealt."
    t, _ = _ml_session()
    # H3: button 2, SB 4, BB 0 -- seat 3 lies between the button and the big blind.
    assert t.choices(3) == (Choice.WAIT_FOR_BB,)
    with pytest.raises(TableError):
        t.choose(3, Choice.POST_ALL)
    h3 = hand(t)
    assert (h3["button"], h3["sb"], h3["bb"]) == (2, 4, 0)
    assert 3 not in h3["dealt"] and markers(t) == {3: "ML"}
    # H4: button 4, SB 0, BB 1: now he may post all.
    assert t.choices(3) == (Choice.POST_ALL, Choice.WAIT_FOR_BB)
    t.choose(3, "post-all")
    h4 = hand(t)
    assert (h4["button"], h4["sb"], h4["bb"]) == (4, 0, 1)
    assert h4["posts"] == [(0, SB, 1), (1, BB, 2), (3, BB, 2), (3, DEAD, 1)]
    assert 3 in h4["dealt"]
    assert markers(t) == {}


def test_an_ml_player_may_wait_for_the_big_blind_instead() -> None:
    # "a player may avoid posting dead by waiting for the big blind to arrive at his/her seat"
    t, _ = _ml_session()
    hand(t)                                   # H3
    t.choose(3, Choice.WAIT_FOR_BB)
    h4 = hand(t)                              # BB 1
    h5 = hand(t)                              # BB 2
    assert 3 not in h4["dealt"] and 3 not in h5["dealt"]
    assert markers(t) == {3: "ML"}
    h6 = hand(t)                              # the big blind reaches seat 3
    assert (h6["button"], h6["sb"], h6["bb"]) == (1, 2, 3)
    assert h6["posts"] == [(2, SB, 1), (3, BB, 2)]
    assert markers(t) == {}


def test_an_ml_player_sitting_in_without_choosing_is_not_dealt_in() -> None:
    # "that player may not play in any hands until the sum of all blinds are made up"
    t, _ = _ml_session()
    hand(t)
    t.sit_in(3)
    h4 = hand(t)
    assert 3 not in h4["dealt"]


def test_a_player_passed_twice_keeps_one_ml_marker_and_owes_one_post_all() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)
    t.sit_out(3)
    for _ in range(4):
        hand(t)
    assert markers(t) == {3: "ML"}
    player = t.player(3)
    assert player is not None and player.missed == 2


# -- Missed small blind (MS) ----------------------------------------------------------------

def _ms_session() -> tuple[Table, list[dict[str, Any]]]:
    t = table({0: "A", 1: "B", 2: "C", 3: "D", 4: "E"}, button=0)
    hands = [hand(t)]                     # H1: button 0, SB 1, BB 2
    t.sit_out(2)                          # the big blind leaves for a while
    hands.append(hand(t))
    return t, hands


def test_a_missed_small_blind_is_dead_marks_ms_and_the_button_still_moves_one_seat() -> None:
    # RULES 2: "the small blind is dead (nobody posts it), and if that player is seated but not
    # dealt in he is marked MS"; RULES 3: the button goes to last hand's small-blind seat.
    t, (_, h2) = _ms_session()
    assert (h2["button"], h2["sb"], h2["bb"]) == (1, 2, 3)
    assert h2["posts"] == [(3, BB, 2)]
    assert h2["dead_sb"] and not h2["dead_button"]
    assert markers(t) == {2: "MS"}
    h3 = hand(t)
    # Next hand the button is dead on seat 2 (last hand's small blind seat).
    assert (h3["button"], h3["sb"], h3["bb"]) == (2, 3, 4)
    assert h3["dead_button"] and h3["posts"] == [(3, SB, 1), (4, BB, 2)]


def test_an_ms_player_cannot_return_until_the_button_has_passed_then_posts_a_dead_sb() -> None:
    # "The player who had missed the small blind cannot return until after the button has
    # passed. ... the player is required make up the small blind. The small blind is dead"
    t, _ = _ms_session()
    assert t.choices(2) == (Choice.WAIT_FOR_BB,)  # H3: his seat is the button
    assert t.view(2).choices == (Choice.WAIT_FOR_BB,) and t.view(None).choices == ()
    hand(t)
    assert t.choices(2) == (Choice.POST_DEAD_SB, Choice.WAIT_FOR_BB)
    t.choose(2, Choice.POST_DEAD_SB)
    h4 = hand(t)
    assert (h4["button"], h4["sb"], h4["bb"]) == (3, 4, 0)
    assert h4["posts"] == [(4, SB, 1), (0, BB, 2), (2, DEAD, 1)]
    assert markers(t) == {}


def test_a_dead_post_does_not_count_toward_the_bet_but_a_live_one_does() -> None:
    t, _ = _ms_session()
    hand(t)
    t.choose(2, Choice.POST_DEAD_SB)
    t.start_hand()
    # Seat 1 acts first (left of the big blind 0); then seat 2, whose dead 1 chip is no bet.
    t.act(1, Action.call())
    live = t.hand
    assert live is not None and live.legal_actions().to_call == 2


def test_an_ms_player_who_waits_posts_only_the_big_blind_in_turn() -> None:
    t, _ = _ms_session()
    for _ in range(2):
        hand(t)                               # H3 (BB 4), H4 (BB 0)
    t.choose(2, Choice.WAIT_FOR_BB)
    h5 = hand(t)                              # BB 1
    assert 2 not in h5["dealt"]
    h6 = hand(t)
    assert h6["bb"] == 2 and h6["posts"] == [(1, SB, 1), (2, BB, 2)]
    assert markers(t) == {}


def test_a_player_missing_both_blinds_is_ml_not_ms() -> None:
    # RULES 2: "marked MS (unless he is already ML)"; later passes keep ML only.
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)                                   # BB 2
    t.sit_out(2)
    hand(t)                                   # 2: MS
    assert markers(t) == {2: "MS"}
    for _ in range(3):
        hand(t)                               # BB 0, 1, then passes 2 -> ML
    assert markers(t) == {2: "ML"}


# -- New players ----------------------------------------------------------------------------

def test_a_new_player_may_post_one_big_blind_to_be_dealt_in_at_once() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)                                   # button 0, SB 1, BB 2
    t.sit(5, "New", 100)
    assert t.choices(5) == (Choice.POST_BB, Choice.WAIT_FOR_BB)
    t.choose(5, Choice.POST_BB)
    h2 = hand(t)
    # Two players post the big blind amount, both live: correct by RULES.
    assert (h2["button"], h2["sb"], h2["bb"]) == (1, 2, 3)
    assert h2["posts"] == [(2, SB, 1), (3, BB, 2), (5, BB, 2)]
    assert h2["dealt"] == (2, 3, 5, 0, 1)


def test_a_new_players_live_post_lets_him_check_when_nobody_raised() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)
    t.sit(5, "New", 100)
    t.choose(5, Choice.POST_BB)
    t.start_hand()
    wait = t.waiting_for()
    assert wait is not None and wait.seat == 5  # first left of the big blind 3
    assert wait.action == Action.check()


def test_a_new_player_who_waits_is_dealt_in_when_the_big_blind_reaches_him() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)
    t.sit(5, "New", 100)                      # waits by default
    h2 = hand(t)
    assert 5 not in h2["dealt"]
    h3 = hand(t)
    assert (h3["button"], h3["sb"], h3["bb"]) == (2, 3, 5)
    assert h3["posts"] == [(3, SB, 1), (5, BB, 2)]


def test_a_new_player_is_never_dealt_in_between_the_big_blind_and_the_button() -> None:
    t = table({0: "A", 2: "C", 4: "E", 5: "F"}, button=0)
    h1 = hand(t)
    assert (h1["button"], h1["sb"], h1["bb"]) == (0, 2, 4)
    t.sit(3, "New", 100)                      # next hand: button 2, SB 4, BB 5
    assert t.choices(3) == (Choice.WAIT_FOR_BB,)
    with pytest.raises(TableError):
        t.choose(3, Choice.POST_BB)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (2, 4, 5) and 3 not in h2["dealt"]
    # Once the button has passed him he may post.
    assert t.choices(3) == (Choice.POST_BB, Choice.WAIT_FOR_BB)
    t.choose(3, Choice.POST_BB)
    h3 = hand(t)
    assert (h3["button"], h3["sb"], h3["bb"]) == (4, 5, 0)
    assert h3["posts"] == [(5, SB, 1), (0, BB, 2), (3, BB, 2)]


def test_a_new_player_whose_post_became_illegal_waits_until_he_may_post() -> None:
    t = table({0: "A", 2: "C", 4: "E", 5: "F"}, button=0)
    hand(t)                                   # button 0, SB 2, BB 4
    t.sit(1, "New", 100)
    t.choose(1, Choice.POST_BB)               # legal: next hand button 2, SB 4, BB 5
    t.sit_out(5)
    t.sit_out(0)                              # now the big blind passes 5 and 0
    h2 = hand(t)
    # BB passes 5 and 0 and reaches 1, the new player: he takes it in turn.
    assert h2["bb"] == 1 and h2["posts"] == [(4, SB, 1), (1, BB, 2)]
    assert markers(t) == {0: "ML", 5: "ML"}


def test_a_player_left_with_a_marker_is_ml_when_he_sits_down_again() -> None:
    t, _ = _ms_session()                      # seat 2 is MS
    t.leave(2)
    t.sit(5, "C", 100)
    assert markers(t) == {5: "ML"}
    assert t.choices(5) == (Choice.POST_ALL, Choice.WAIT_FOR_BB)
    t.sit(2, "X", 100)                        # a stranger in the old seat owes a big blind
    assert markers(t) == {5: "ML"}


# -- Sitting out ----------------------------------------------------------------------------

def test_sit_out_next_big_blind_plays_until_the_big_blind_then_sits_out_ml() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0)
    hand(t)                                   # BB 2
    t.sit_out(0, SitOut.NEXT_BIG_BLIND)
    h2 = hand(t)                              # BB 3: seat 0 still plays
    assert 0 in h2["dealt"]
    h3 = hand(t)                              # BB would be 0: passed to 1
    assert (h3["button"], h3["sb"], h3["bb"]) == (2, 3, 1)
    assert 0 not in h3["dealt"]
    assert markers(t) == {0: "ML"}
    player = t.player(0)
    assert player is not None and player.sitting_out


def test_a_player_back_before_the_blinds_reach_him_owes_nothing() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D", 4: "E"}, button=0)
    hand(t)                                   # button 0, SB 1, BB 2
    t.sit_out(0)
    h2 = hand(t)                              # button 1, SB 2, BB 3
    assert 0 not in h2["dealt"] and markers(t) == {}
    t.sit_in(0)
    assert t.choices(0) == ()
    h3 = hand(t)
    assert 0 in h3["dealt"] and h3["posts"] == [(3, SB, 1), (4, BB, 2)]


def test_remove_after_a_whole_orbit_of_missed_big_blinds() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D"}, button=0, remove_after_missed_orbit=True)
    hand(t)                                   # BB 2
    t.sit_out(3)
    hand(t)                                   # BB passes 3 -> 0
    assert t.player(3) is not None
    for _ in range(2):
        hand(t)                               # BB 1, 2
    hand(t)                                   # BB passes 3 again: removed
    assert t.player(3) is None
    left = [e for e in t.events if e.kind is TableEventKind.LEAVE]
    assert left and left[-1].seat == 3 and left[-1].amount == 100
    assert t.chips_in_play() == t.bought_in - t.cashed_out


def test_a_busted_player_sits_out_until_he_adds_chips() -> None:
    for seed in range(40):
        t = table({0: "A", 1: "B", 2: "C"}, button=0, chips=20)
        t._rng.seed(seed)
        t.start_hand()
        # Everyone goes all-in: raise whenever possible, else call.
        while t.playing:
            wait = t.waiting_for()
            assert wait is not None and t.hand is not None
            legal = t.hand.legal_actions()
            if ActionKind.DISCARD in legal.kinds:
                action = Action.stand_pat()
            elif ActionKind.RAISE in legal.kinds:
                action = Action.raise_to(legal.max_to)
            elif ActionKind.BET in legal.kinds:
                action = Action.bet(legal.max_to)
            else:
                action = Action.call() if ActionKind.CALL in legal.kinds else Action.check()
            t.act(wait.seat, action)
        broke = [s for s in (0, 1, 2) if seated(t, s).stack == 0]
        if broke:
            break
    else:
        pytest.fail("nobody busted in 40 all-in hands")
    seat = broke[0]
    assert any(e.kind is TableEventKind.SIT_OUT and e.seat == seat and e.text == "busted"
               for e in t.events)
    if len(broke) < 2:
        h = t.next_plan()
        assert seat not in h.dealt
    t.add_chips(seat, 30)
    assert seated(t, seat).stack == 30
    assert t.chips_in_play() == t.bought_in - t.cashed_out


# -- Heads-up -------------------------------------------------------------------------------

def test_heads_up_the_button_posts_the_small_blind() -> None:
    t = table({0: "A", 3: "B"}, button=0)
    h1 = hand(t)
    assert (h1["button"], h1["sb"], h1["bb"]) == (0, 0, 3)
    assert h1["posts"] == [(0, SB, 1), (3, BB, 2)]
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (3, 3, 0)
    t.start_hand()
    wait = t.waiting_for()
    assert wait is not None and wait.seat == 0  # the button acts first before the draw


@pytest.mark.parametrize("leaver, expected", [
    (0, (2, 2, 1)),   # the button leaves: BB moves to 1, button (SB) is 2
    (1, (2, 2, 0)),   # the small blind leaves
    (2, (1, 1, 0)),   # the big blind leaves
])
def test_three_to_two_the_big_blind_moves_on_and_the_other_player_has_the_button(
    leaver: int, expected: tuple[int, int, int]
) -> None:
    t = table({0: "A", 1: "B", 2: "C"}, button=0)
    h1 = hand(t)
    assert (h1["button"], h1["sb"], h1["bb"]) == (0, 1, 2)
    t.leave(leaver)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == expected
    assert h2["bb"] != h1["bb"]  # nobody posts the big blind twice in a row
    assert not h2["dead_button"] and not h2["dead_sb"]


def test_two_to_three_a_new_player_left_of_the_big_blind_takes_the_next_big_blind() -> None:
    t = table({0: "A", 3: "B"}, button=0)
    hand(t)                                   # button/SB 0, BB 3
    t.sit(4, "New", 100)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (0, 3, 4)
    assert h2["posts"] == [(3, SB, 1), (4, BB, 2)]
    assert h2["dealt"] == (3, 4, 0)


def test_two_to_three_a_new_player_behind_waits_or_posts_against_a_dead_button() -> None:
    t = table({0: "A", 3: "B"}, button=0)
    hand(t)                                   # button/SB 0, BB 3
    t.sit(1, "New", 100)
    h2 = hand(t)                              # he waits: still heads-up, BB moves to 0
    assert (h2["button"], h2["sb"], h2["bb"]) == (3, 3, 0) and 1 not in h2["dealt"]
    h3 = hand(t)                              # the big blind reaches him
    assert (h3["button"], h3["sb"], h3["bb"]) == (3, 0, 1)
    assert h3["posts"] == [(0, SB, 1), (1, BB, 2)]


def test_two_to_three_a_new_player_behind_who_posts_plays_against_a_dead_button() -> None:
    t = table({0: "A", 3: "B"}, button=0)
    hand(t)
    t.sit(1, "New", 100)
    t.choose(1, Choice.POST_BB)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (2, 3, 0)
    assert h2["dead_button"] and h2["posts"] == [(3, SB, 1), (0, BB, 2), (1, BB, 2)]


def test_two_to_three_when_the_button_would_be_the_big_blind() -> None:
    # Heads-up, seat 1 had button and small blind; a player joins behind (seat 2), so the big
    # blind (moving to seat 1) would land on last hand's small-blind seat: the button steps
    # back to the seat before the small blind, which is the new player's: he waits.
    t = table({0: "A", 1: "B"}, seats=3, button=1)
    hand(t)                                   # button/SB 1, BB 0
    t.sit(2, "New", 100)
    assert t.choices(2) == (Choice.WAIT_FOR_BB,)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (0, 0, 1) and 2 not in h2["dealt"]
    h3 = hand(t)
    assert (h3["button"], h3["sb"], h3["bb"]) == (0, 1, 2)
    assert h3["posts"] == [(1, SB, 1), (2, BB, 2)]


# -- 7-A deck, clock, chips, events ---------------------------------------------------------

def test_the_sixes_go_in_when_five_players_are_dealt_in() -> None:
    t = table({i: n for i, n in enumerate("ABCDE")}, seats=5, game="five-card-draw-7a")
    t.start_hand()
    assert t.hand is not None and len(t.hand.deck) == 36 and t.hand.ranking == "short-6a"
    fold_out(t)
    t.sit_out(4)
    t.start_hand()
    assert t.hand is not None and len(t.hand.deck) == 32 and t.hand.ranking == "short-7a"


def test_the_clock_defaults_check_when_free_else_fold_and_stand_pat_in_the_draw() -> None:
    t = table({0: "A", 1: "B", 2: "C"}, button=0)
    t.start_hand()
    assert t.waiting_for() == (0, Action.fold(), "seat 0 (A) to act: fold")
    t.act(0, Action.call())
    t.act(1, Action.call())
    assert t.waiting_for() == (2, Action.check(), "seat 2 (C) to act: check")
    t.timeout()
    wait = t.waiting_for()
    assert wait is not None and wait.action == Action.stand_pat() and wait.seat == 1
    t.timeout()
    t.timeout()
    t.timeout()
    wait = t.waiting_for()
    assert wait is not None and wait.action == Action.check()


def test_leaving_in_a_hand_folds_at_his_turn_and_empties_the_seat_when_it_ends() -> None:
    t = table({0: "A", 1: "B", 2: "C"}, button=0)
    t.start_hand()
    t.leave(1)                                # small blind, not his turn yet
    assert t.player(1) is not None
    t.act(0, Action.call())                   # then the table folds seat 1 for him
    hand_ = t.hand
    assert hand_ is not None and hand_.folded(t.dealt.index(1))
    fold_out(t)
    assert t.player(1) is None
    assert t.cashed_out == 99
    assert t.chips_in_play() == t.bought_in - t.cashed_out


def test_chips_added_during_a_hand_wait_for_its_end() -> None:
    t = table({0: "A", 1: "B", 2: "C"}, button=0, max_buy_in=200)
    t.start_hand()
    t.add_chips(2, 50)                        # the big blind: 98 behind
    assert t.stack(2) == 98
    fold_out(t)
    assert seated(t, 2).stack == 101 + 50
    with pytest.raises(TableError):
        t.add_chips(2, 60)                    # over the maximum buy-in


def test_events_tell_the_blinds_live_or_dead_the_markers_and_the_button() -> None:
    t, _ = _ms_session()
    hand(t)
    t.choose(2, Choice.POST_DEAD_SB)
    hand(t)
    kinds = [(e.kind, e.seat, e.text) for e in t.events
             if e.kind in (TableEventKind.BLIND, TableEventKind.MARKER, TableEventKind.BUTTON)]
    assert kinds == [
        (TableEventKind.BUTTON, 0, ""), (TableEventKind.BLIND, 1, SB),
        (TableEventKind.BLIND, 2, BB),
        (TableEventKind.MARKER, 2, "MS"), (TableEventKind.BUTTON, 1, ""),
        (TableEventKind.BLIND, 3, BB),
        (TableEventKind.BUTTON, 2, "dead"), (TableEventKind.BLIND, 3, SB),
        (TableEventKind.BLIND, 4, BB),
        (TableEventKind.MARKER, 2, ""), (TableEventKind.BUTTON, 3, ""),
        (TableEventKind.BLIND, 4, SB), (TableEventKind.BLIND, 0, BB),
        (TableEventKind.BLIND, 2, DEAD),
    ]


def test_seat_and_buy_in_errors() -> None:
    t = table({0: "A"}, min_buy_in=40, max_buy_in=200)
    with pytest.raises(TableError):
        t.sit(0, "B", 100)                    # taken
    with pytest.raises(TableError):
        t.sit(1, "A", 100)                    # name taken
    with pytest.raises(TableError):
        t.sit(1, "B", 30)                     # below the minimum
    with pytest.raises(TableError):
        t.sit(9, "B", 100)                    # no such seat
    with pytest.raises(TableError):
        t.start_hand()                        # one player


def test_a_player_back_after_missing_only_the_button_owes_nothing() -> None:
    t = table({0: "A", 1: "B", 2: "C", 3: "D", 4: "E"}, button=0)
    hand(t)                                   # button 0, SB 1, BB 2
    t.sit_out(1)                              # B paid his blinds; he misses the button
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"]) == (1, 2, 3) and h2["dead_button"]
    t.sit_in(1)
    h3 = hand(t)
    assert 1 in h3["dealt"] and h3["posts"] == [(3, SB, 1), (4, BB, 2)]
    assert markers(t) == {}


def test_a_returning_player_between_the_big_blind_and_the_button_waits() -> None:
    # RULES: "Between the big blind and the button ... nobody joins or returns": a heads-up
    # hand moved the button past E, who was sitting out; when he comes back he waits until
    # the button has passed him, then plays without posting (he missed no blind).
    t = table({1: "A", 2: "B", 3: "C", 4: "D", 5: "E"}, button=4)
    h1 = hand(t)
    assert (h1["button"], h1["sb"], h1["bb"]) == (4, 5, 1)
    for seat in (1, 3, 5):
        t.sit_out(seat)
    h2 = hand(t)
    assert (h2["button"], h2["sb"], h2["bb"], h2["dealt"]) == (4, 4, 2, (2, 4))
    assert markers(t) == {1: "MS"}
    t.sit_in(3)
    t.sit_in(5)
    h3 = hand(t)
    assert (h3["button"], h3["sb"], h3["bb"]) == (4, 2, 3)
    assert h3["dealt"] == (2, 3, 4)
    h4 = hand(t)
    assert (h4["button"], h4["sb"], h4["bb"]) == (2, 3, 4)
    assert h4["dealt"] == (3, 4, 5, 2) and h4["posts"] == [(3, SB, 1), (4, BB, 2)]


def test_a_game_with_antes_and_no_blinds_moves_the_button_one_player_a_hand() -> None:
    from standpat.engine import Stakes
    from standpat.table import Table

    t = Table("seven-card-draw", "fixed-limit", Stakes(2, 4, 0, 0, ante=1), seats=6, rng=3,
              button=1)
    for seat, name in [(1, "A"), (3, "B"), (4, "C")]:
        t.sit(seat, name, 50)
    h1 = hand(t)
    assert h1["button"] == 1 and h1["posts"] == [(3, "ante", 1), (4, "ante", 1), (1, "ante", 1)]
    t.sit(0, "New", 50)
    assert t.choices(0) == ()
    t.sit_out(4)
    h2 = hand(t)
    assert h2["button"] == 3 and h2["dealt"] == (0, 1, 3)  # the new player antes at once
    h3 = hand(t)
    assert h3["button"] == 0 and markers(t) == {}
    assert t.chips_in_play() == t.bought_in - t.cashed_out


def test_acting_out_of_turn_or_from_a_seat_not_dealt_in_is_refused() -> None:
    from standpat.errors import IllegalActionError

    t = table({0: "A", 1: "B", 2: "C"}, button=0)
    t.sit(4, "New", 100)
    t.sit_out(4)
    t.start_hand()
    with pytest.raises(IllegalActionError):
        t.act(1, Action.fold())               # seat 0 is first
    with pytest.raises(TableError):
        t.act(4, Action.fold())               # sitting out
    with pytest.raises(TableError):
        t.start_hand()                        # a hand is on


def test_views_hide_other_players_cards() -> None:
    t = table({0: "A", 2: "C", 4: "E"}, button=0)
    t.start_hand()
    mine = t.view(2)
    assert mine.hand is not None and len(mine.hand.hand) == 5
    seats = mine.seats
    assert seats[2] is not None and seats[2].in_hand and seats[1] is None
    spectator = t.view(None)
    assert spectator.hand is not None and spectator.hand.hand == ()
    assert (mine.button, mine.small_blind, mine.big_blind, mine.to_act) == (0, 2, 4, 0)
    deals = [e.event for e in t.events_for(2) if isinstance(e.event, Dealt)]
    assert [(d.seat, len(d.cards)) for d in deals] == [(2, 5), (4, 0), (0, 0)]
    assert all(e.seat in (0, 2, 4) for e in t.events if e.kind is TableEventKind.HAND
               and e.seat is not None)


def test_a_new_player_sitting_out_is_marked_ml_when_the_big_blind_passes_him() -> None:
    # RULES 1: "Every player passed over on the way who is seated but not dealt in (sitting
    # out, away) has missed his big blind" -- a new player too.
    t = table({0: "A", 1: "B", 2: "C"}, button=0)
    hand(t)                                   # button 0, SB 1, BB 2
    t.sit(3, "New", 100)
    t.sit_out(3)
    h2 = hand(t)
    assert h2["bb"] == 0 and markers(t) == {3: "ML"}
    hand(t)                                   # BB 1: seat 3 lies in the closed zone
    assert t.choices(3) == (Choice.POST_ALL, Choice.WAIT_FOR_BB)
    t.choose(3, Choice.POST_ALL)
    h4 = hand(t)
    assert (h4["button"], h4["sb"], h4["bb"]) == (0, 1, 2)
    assert h4["posts"] == [(1, SB, 1), (2, BB, 2), (3, BB, 2), (3, DEAD, 1)]


def test_deal_rng_shuffles_each_hand_from_its_seed() -> None:
    """``deal_rng`` turns each hand's seed into the generator that shuffles its cards."""
    import random as _random

    seeds: list[int] = []

    def deal_rng(seed: int) -> _random.Random:
        seeds.append(seed)
        return _random.Random(seed + 1)

    def seated(**options: object) -> Table:
        t = Table("five-card-draw", "no-limit", Stakes.from_bets(2), seats=3, rng=5, button=0,
                  **options)  # type: ignore[arg-type]
        for seat, name in enumerate(["Ann", "Bob", "Cy"]):
            t.sit(seat, name, 100)
        return t

    plain, custom = seated(), seated(deal_rng=deal_rng)
    first, second = plain.start_hand(), custom.start_hand()
    assert len(seeds) == 1
    same = Hand("five-card-draw", "no-limit", Stakes.from_bets(2), list(second.starting_stacks),
                button=second.button, posts=second.posts, rng=seeds[0] + 1)
    assert [second.cards_of(i) for i in range(3)] == [same.cards_of(i) for i in range(3)]
    assert [first.cards_of(i) for i in range(3)] != [second.cards_of(i) for i in range(3)]
