"""Cross-check with PokerKit: thousands of random hands, same cards, same actions, same stacks.

Three games are compared: Deuce-to-Seven Triple Draw fixed limit, Deuce-to-Seven
Single Draw no limit, and Five Card Draw (a standard high hand) pot limit, which
PokerKit expresses by subclassing its single-draw game.  Both engines play each
hand in lockstep: standpat deals and shuffles, PokerKit is given the same hole
cards, burns and drawn cards, and both receive the same actions.  At every
betting decision the two must agree on who acts, whether checking, calling,
folding and raising are legal, the amount to call and the raise bounds; at the
end the final stacks must be equal to the chip.

Where the house rules (RULES.md) and PokerKit differ, PokerKit is configured
to match or the random policy avoids the situation:

- Fixed-limit cap: the house counts the big blind as the first of four bets
  before the draw (three raises); PokerKit counts raises only.  Configured:
  PokerKit's first street allows 3 raises, the later streets 4.
- Fixed-limit short all-in raises: the house rule makes an all-in of half a bet
  or more a full raise (reopening, counting toward the cap, next raise a full
  bet over it) and lets the next player "complete" over a smaller one; PokerKit
  raises a full bet over any all-in and counts every all-in toward the cap.
  Avoided: the policy never makes an all-in raise short of a full bet in fixed
  limit (those rules are pinned by the scenario tests).
- No/pot-limit short all-in as the first bet or raise of a round: the house
  measures it against the minimum bet (the big blind), so an all-in bet below
  the big blind, or a first raise by less than the big blind before the draw,
  does not reopen the betting for players who acted; PokerKit measures the first
  one against zero and reopens.  Avoided: the policy never makes such a bet or
  raise (later short all-ins are compared, and agree).
- A blind posted all-in for less than its size: the house still makes others
  call the full big blind; PokerKit uses the chips actually posted.  Avoided:
  every stack is bigger than the big blind.
- The reshuffle and the bottom card: the house never deals the stub's bottom
  card and reshuffles it with burns, folded hands and earlier discards (not the
  drawer's own); PokerKit recycles its mucked and burned cards only when its
  deck is empty.  Configured: PokerKit is given the exact cards standpat deals,
  burns and draws, so its own deck order is never used; its warnings that a
  dictated card is "not recommended" or comes from its reserve are silenced.
- Antes and other dead money: the house puts them in the main pot, won by the
  best hand there, never in a pot of their own (RULES.md, Betting).  That is
  PokerKit with ``ante_trimming_status`` off (antes pooled into the first pot,
  the pot levels made of the other chips); with it on, PokerKit counts an ante
  as part of the poster's level (a big-blind ante then comes back to the big
  blind).  Configured: trimming off.
- A check with no alternative (every other player still in is all-in, and
  the seat has matched the bet): PokerKit asks for it, the house plays on
  without asking.  Configured: the lockstep makes that check in PokerKit.
- Order of the draw: PokerKit takes every player's discards, then burns one
  card, then deals the replacements; standpat burns first and deals each
  player's cards at his turn.  The same cards reach the same players.

Odd chips agree without configuration: PokerKit gives them to the first
winner in its player order, which starts left of the button (heads-up: at
the big blind), as the house rule does.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from pokerkit import (
    Automation,
    Deck,
    FixedLimitDeuceToSevenLowballTripleDraw,
    NoLimitDeuceToSevenLowballSingleDraw,
    PotLimitPokerMixin,
    SingleDraw,
    StandardHighHand,
)

from standpat.cards import CARDS
from standpat.engine import (
    Action,
    ActionKind,
    Burned,
    Discarded,
    Hand,
    Post,
    PostKind,
    Stakes,
    Won,
)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PotLimitFiveCardDraw(PotLimitPokerMixin, SingleDraw):
    """Five Card Draw with a standard high hand, pot limit, as a PokerKit game."""

    deck: ClassVar[Deck] = Deck.STANDARD
    hand_types: ClassVar[tuple[type[StandardHighHand], ...]] = (StandardHighHand,)
    hole_dealing_count: ClassVar[int] = 5


def pokerkit_state(
    game: str, stakes: Stakes, stacks: list[int], *, dead: dict[int, int] | None = None
) -> Any:
    """A PokerKit state for the game, in PokerKit's player order (small blind first).

    Antes untrimmed (the house rule).  ``dead``, if given, replaces the stakes' ante:
    the dead money each player posts (by PokerKit index), as PokerKit antes.
    """
    blinds = (stakes.small_blind, stakes.big_blind)
    ante: Any = stakes.ante
    if dead is not None:
        if len(stacks) == 2:  # heads-up, PokerKit's player i posts the ante of player 1 - i
            dead = {1 - i: amount for i, amount in dead.items()}
        ante = dead
    if game == "deuce-to-seven-triple-draw":
        poker: Any = FixedLimitDeuceToSevenLowballTripleDraw(
            AUTOMATIONS, False, ante, blinds, stakes.small_bet, stakes.big_bet
        )
        first, *rest = poker.streets
        poker.streets = (replace(first, max_completion_betting_or_raising_count=3), *rest)
    elif game == "deuce-to-seven-single-draw":
        poker = NoLimitDeuceToSevenLowballSingleDraw(
            AUTOMATIONS, False, ante, blinds, stakes.big_blind
        )
    else:
        poker = PotLimitFiveCardDraw(AUTOMATIONS, False, ante, blinds, stakes.big_blind)
    return poker(tuple(stacks), len(stacks))


def text(cards: Any) -> str:
    """Cards as PokerKit reads them."""
    return "".join(str(c) for c in cards)


def blinds_of(stakes: Stakes, n: int, button: int) -> list[Post]:
    """The small and big blind of an ``n``-player hand (heads-up, the button posts the small)."""
    small, big = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
    return [
        Post(small, PostKind.SMALL_BLIND, stakes.small_blind),
        Post(big, PostKind.BIG_BLIND, stakes.big_blind),
    ]


class Lockstep:
    """One hand played in both engines at once."""

    def __init__(
        self,
        game: str,
        structure: str,
        rnd: random.Random,
        seed: int,
        *,
        ties: bool = False,
        antes: bool = False,
    ) -> None:
        n = rnd.randint(2, 4) if ties else rnd.randint(2, 6)
        self.ties = ties
        small = rnd.choice((2, 4, 10))
        dead: dict[int, int] | None = None  # dead posts other than the stakes' ante
        ante = 0
        if antes:  # antes of every size, a big-blind ante, or dead small blinds
            roll = rnd.random()
            if roll < 0.5:
                ante = rnd.choice((1, small // 2, small, 2 * small))
            elif roll < 0.75:
                dead = {0 if n == 2 else 1: small * rnd.choice((1, 2, n))}
            else:
                dead = {i: small // 2 for i in rnd.sample(range(n), rnd.randint(1, n))}
        elif structure != "fixed-limit":
            ante = rnd.choice((0, 0, 1))
        self.stakes = Stakes.from_bets(small, ante=ante)
        low = self.stakes.big_blind + ante + max((dead or {0: 0}).values()) + 1
        top = rnd.choice((30 * small, 100 * small))
        stacks = [rnd.randint(low, top) for _ in range(n)]
        button = rnd.randrange(n)
        # PokerKit's player i is standpat's seat button + 1 + i (heads-up: 0 is the big blind)
        self.seat_of = [(button + 1 + i) % n for i in range(n)]
        posts = None
        if antes:
            # anyone but the blinds (whose short posts the house treats otherwise, see above)
            # may have a stack of a few bets, or less than his dead money
            blinds = set(self.seat_of[:2])
            for s in range(n):
                if s not in blinds and rnd.random() < 0.5:
                    stacks[s] = rnd.randint(1, max(2, low + 3 * small))
        if dead is not None:
            kind = PostKind.ANTE if len(dead) == 1 else PostKind.DEAD
            posts = [Post(self.seat_of[i], kind, amount) for i, amount in dead.items()]
            posts.extend(blinds_of(self.stakes, n, button))
        holes = None
        if ties:  # the same five ranks for everyone, suits turned so nobody has a flush
            ranks = rnd.sample(range(13), 5)
            holes = [[CARDS[r * 4 + (i + p) % 4] for i, r in enumerate(ranks)] for p in range(n)]
        self.hand = Hand(
            game, structure, self.stakes, stacks, button=button, rng=seed, hole_cards=holes,
            posts=posts,
        )
        self.rnd = rnd
        self.n = n
        self.index_of = {s: i for i, s in enumerate(self.seat_of)}
        self.state = pokerkit_state(
            game, self.stakes, [stacks[s] for s in self.seat_of], dead=dead
        )
        self.burns = [e.cards[0] for e in self.hand.events if isinstance(e, Burned)]
        self.burned = 0
        self.pending: dict[int, list[Any]] = {}
        while self.state.can_deal_hole():
            i = self.state.hole_dealee_index
            self.state.deal_hole(text(self.hand.cards_of(self.seat_of[i])))

    def sync(self) -> None:
        """Give PokerKit the checks it asks for, the burns and the cards standpat has dealt."""
        state = self.state
        while (
            state.actor_index is not None
            and state.checking_or_calling_amount == 0
            and not state.can_complete_bet_or_raise_to()
        ):
            state.check_or_call()  # a check with no alternative: see the module docstring
        if state.can_burn_card():
            burns = [e.cards[0] for e in self.hand.events if isinstance(e, Burned)]
            state.burn_card(str(burns[self.burned]))
            self.burned += 1
        while state.can_deal_hole():
            i = state.hole_dealee_index
            state.deal_hole(text(self.pending.pop(i)))

    def compare_legal(self) -> None:
        hand, state = self.hand, self.state
        legal = hand.legal_actions()
        seat = legal.seat
        assert self.seat_of[state.actor_index] == seat
        kinds = legal.kinds
        assert state.can_fold() == (ActionKind.FOLD in kinds)
        assert state.can_check_or_call()
        assert state.checking_or_calling_amount == legal.to_call
        raising = ActionKind.BET in kinds or ActionKind.RAISE in kinds
        assert state.can_complete_bet_or_raise_to() == raising, (hand.events, legal)
        if raising:
            assert state.min_completion_betting_or_raising_to_amount == legal.min_to
            assert state.max_completion_betting_or_raising_to_amount == legal.max_to

    def choose(self) -> Action:
        """A random legal action within the restrictions of the module docstring."""
        hand, rnd = self.hand, self.rnd
        legal = hand.legal_actions()
        seat = legal.seat
        if legal.max_discard:
            if self.ties:
                return Action.stand_pat()
            k = rnd.randrange(legal.max_discard + 1)
            return Action.discard(rnd.sample(legal.cards, k))
        options = [k for k in legal.kinds]
        raise_kind = next((k for k in options if k in (ActionKind.BET, ActionKind.RAISE)), None)
        if raise_kind is not None:
            all_in = hand.stacks[seat] + hand.bets[seat]
            if hand.structure == "fixed-limit":
                if legal.max_to == all_in and legal.max_to < hand._full_level + hand._unit:
                    options.remove(raise_kind)
            elif (
                hand._aggressor is None
                and legal.max_to == all_in
                and legal.max_to < hand._high + hand._last_raise
            ):
                options.remove(raise_kind)  # a short all-in first bet or first raise
        weights = [3 if k in (ActionKind.CALL, ActionKind.CHECK) else 2 for k in options]
        kind = rnd.choices(sorted(options), weights=[weights[options.index(k)]
                                                     for k in sorted(options)])[0]
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            roll = rnd.random()
            low, top = legal.min_to, legal.max_to
            if hand.structure == "no-limit" and top > low and roll < 0.7:
                top = min(top, low * 3)  # keep most no-limit hands going
            to = low if roll < 0.3 else rnd.randint(low, top)
            return Action(kind, to)
        return Action(kind)

    def play(self) -> None:
        hand, state = self.hand, self.state
        while not hand.is_over:
            self.sync()
            action = self.choose()
            seat = hand.to_act
            assert seat is not None
            if action.kind is ActionKind.DISCARD:
                assert self.seat_of[state.stand_patter_or_discarder_index] == seat
                events = hand.apply(action)
                state.stand_pat_or_discard(text(action.cards))
                if action.cards:
                    assert isinstance(events[0], Discarded)
                    self.pending[self.index_of[seat]] = list(events[0].drawn)
                continue
            self.compare_legal()
            hand.apply(action)
            if action.kind is ActionKind.FOLD:
                state.fold()
            elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(action.amount)
        self.sync()
        assert not state.status
        assert [hand.stacks[s] for s in self.seat_of] == list(state.stacks), hand.events


@pytest.mark.slow
@pytest.mark.parametrize("game", ["five-card-draw", "deuce-to-seven-single-draw"])
def test_split_pots_and_odd_chips_as_pokerkit(game: str) -> None:
    """Everyone holds the same ranks and stands pat: every showdown splits, antes make odd chips."""
    rnd = random.Random(f"ties {game}")
    structure = "pot-limit" if game == "five-card-draw" else "no-limit"
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        splits = odd = 0
        for seed in range(300):
            lockstep = Lockstep(game, structure, rnd, seed, ties=True)
            lockstep.play()
            shares: dict[int, list[int]] = {}
            for e in lockstep.hand.events:
                if isinstance(e, Won):
                    shares.setdefault(e.pot, []).append(e.amount)
            splits += any(len(won) > 1 for won in shares.values())
            odd += any(len(set(won)) > 1 for won in shares.values())
    assert splits > 100 and odd > 20  # the final stacks agreed in every one of them


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "structure", "hands"),
    [
        ("deuce-to-seven-triple-draw", "fixed-limit", 2500),
        ("deuce-to-seven-single-draw", "no-limit", 2500),
        ("five-card-draw", "pot-limit", 2500),
    ],
)
def test_same_final_stacks_as_pokerkit(game: str, structure: str, hands: int) -> None:
    rnd = random.Random(game)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        for seed in range(hands):
            Lockstep(game, structure, rnd, seed).play()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "structure"),
    [
        ("deuce-to-seven-triple-draw", "fixed-limit"),
        ("deuce-to-seven-single-draw", "no-limit"),
        ("five-card-draw", "pot-limit"),
    ],
)
def test_antes_and_short_stacks_as_pokerkit(game: str, structure: str) -> None:
    """Antes of every size, big-blind antes and dead small blinds, with stacks all-in on their
    dead money or soon after: PokerKit's antes are dead money as the house's are."""
    rnd = random.Random(f"antes {game}")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        side = dead_alone = 0
        for seed in range(1500):
            lockstep = Lockstep(game, structure, rnd, seed, antes=True)
            lockstep.play()
            hand = lockstep.hand
            side += any(isinstance(e, Won) and e.pot > 0 for e in hand.events)
            dead_alone += any(hand.all_in(s) and hand.dead[s] == hand.contributions[s]
                              for s in range(hand.players))
    assert side > 200 and dead_alone > 50  # the final stacks agreed in every one of them
