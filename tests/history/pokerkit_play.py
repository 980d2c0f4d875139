"""Hands on the common ground of standpat's and PokerKit's rules, for the cross-checks.

The two engines agree on deuce-to-seven triple draw (fixed limit) and
single draw (no limit) except where their rule books differ: a big blind
posted all-in for less than the blind (standpat: the others still owe the
full blind while someone can call it), a raise that is all-in for less than
a full bet (what the next raise may be), the cap before the draw (standpat
counts the big blind as the first of four bets) and cards dealt after the
stub runs out (PokerKit may deal a player his own discards back).  These
generators stay clear of all of them.  All-in calls, side pots, reshuffles
(standpat -> PokerKit) and split pots all happen.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

from standpat.engine import Action, ActionKind, Hand, Stakes
from standpat.errors import IllegalHistoryError
from standpat.history.files import load_text
from standpat.history.replay import (
    CAP_DIFFERENCE,
    LATER_DISCARD_DIFFERENCE,
    ODD_CHIP_DIFFERENCE,
    OWN_DISCARD_DIFFERENCE,
    SHORT_ALL_IN_DIFFERENCE,
)

AUTOMATIONS: Any = None

DOCUMENTED = (
    "PHH and standpat's rules then differ", CAP_DIFFERENCE, SHORT_ALL_IN_DIFFERENCE,
    LATER_DISCARD_DIFFERENCE, OWN_DISCARD_DIFFERENCE, ODD_CHIP_DIFFERENCE,
)
"""The reasons docs/hand-histories.md gives for refusing a file PokerKit wrote."""


def replayed_or_refused(text: str, stacks: tuple[int, ...], name: str) -> str | None:
    """Load PokerKit's hand ``text`` (as file ``name``): ``None`` when standpat replays it to
    PokerKit's ``stacks``, the refusal's message when it is refused for a difference
    docs/hand-histories.md gives; any other outcome fails the test."""
    loaded = load_text(text, name)
    if loaded.errors:
        message = str(loaded.errors[0])
        assert isinstance(loaded.errors[0], IllegalHistoryError), message
        assert any(reason in message for reason in DOCUMENTED), (message, text)
        return message
    assert loaded.hands[0].finishing_stacks == stacks, text
    return None


def common_action(hand: Hand, rng: random.Random) -> Action:
    """A random action that both rule sets allow with the same meaning."""
    legal = hand.legal_actions()
    seat = legal.seat
    if ActionKind.DISCARD in legal.kinds:
        k = rng.choice([0, 0, 1, 1, 2, 3, 5][: legal.max_discard + 2])
        k = min(k, legal.max_discard)
        return Action.discard(rng.sample(hand.cards_of(seat), k))
    options: list[Action] = []
    if ActionKind.CHECK in legal.kinds:
        options += [Action.check()] * 3
    if ActionKind.CALL in legal.kinds:
        options += [Action.call()] * 3
    if ActionKind.FOLD in legal.kinds:
        options.append(Action.fold())
    bet = ActionKind.BET if ActionKind.BET in legal.kinds else (
        ActionKind.RAISE if ActionKind.RAISE in legal.kinds else None)
    if bet is not None:
        allin = hand.bets[seat] + hand.stacks[seat]
        amounts = {legal.min_to, rng.randint(legal.min_to, legal.max_to), legal.max_to}
        for to in sorted(amounts):
            # All-in only when it is a full bet or raise (min_to is then below it).
            if to < allin or legal.min_to < legal.max_to:
                options += [Action(bet, to)] * 2
    return rng.choice(options)


def common_hand(seed: int, structure: str = "fixed-limit") -> Hand:
    """A triple draw (fixed limit) or single draw (no limit) hand on the common ground."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    small = rng.choice([2, 4, 10])
    stakes = Stakes.from_bets(small)
    floor = stakes.big_blind + 1
    stacks = [rng.choice([rng.randint(floor, 4 * small), rng.randint(floor, 60 * small)])
              for _ in range(n)]
    game = "deuce-to-seven-triple-draw" if structure == "fixed-limit" else (
        "deuce-to-seven-single-draw")
    hand = Hand(game, structure, stakes, stacks, button=rng.randrange(n), rng=seed)
    while not hand.is_over:
        hand.apply(common_action(hand, rng))
    return hand


def pokerkit_stacks(text: str) -> tuple[int, ...]:
    """The finishing stacks PokerKit reaches on a PHH text."""
    from pokerkit import HandHistory

    with warnings.catch_warnings():
        # PokerKit warns when a card comes back from a reshuffle it did not make.
        warnings.simplefilter("ignore", UserWarning)
        state = list(HandHistory.loads(text))[-1]
    assert not state.status
    return tuple(int(s) for s in state.stacks)


def pokerkit_hand(
    seed: int, structure: str = "fixed-limit", *, free: bool = False, mixed: bool = False,
    badugi: bool = False,
) -> tuple[str, tuple[int, ...]]:
    """A hand PokerKit deals and plays at random on the common ground: its PHH and stacks.

    ``free``: off the common ground, anything PokerKit allows (short blinds,
    short all-in raises, PokerKit's cap), the stub limit on draws still kept.
    ``mixed``: ``free``, and also antes (uniform or on the big blind, with
    ``ante_trimming_status`` true or false), equal blinds (one hand in five),
    stacks as short as one chip and, one hand in two, draws past the stub
    (PokerKit then deals discards again as it reshuffles).

    Triple draw (fixed limit) or single draw (no limit); ``badugi``: fixed-limit Badugi
    (four cards, three draws).  Before the first
    draw at most three raises are made (standpat counts the big blind as the
    first of the four bets; PokerKit does not).  Players draw no more cards
    than the stub holds: when it runs out PokerKit may deal a player his own
    discards back, which standpat's rules (and most rooms') forbid.
    """
    import pokerkit as pk

    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the random module
    free = free or mixed
    n = rng.randint(2, 6)
    small = rng.choice([2, 4, 10])
    blinds = (small // 2, small)
    antes: Any = 0
    trimming = False
    past_stub = False
    if mixed:
        small = rng.choice([1, 2, 4, 10])
        blinds = (small, small) if rng.random() < 0.2 else (max(1, small // 2), small)
        kind = rng.choice(["none", "uniform", "big-blind"])
        if kind == "uniform":
            antes = rng.choice([1, max(1, small // 2)])
        elif kind == "big-blind":
            antes = {1: small} if n > 2 else {0: small}
        # PHH advises ante_trimming_status false for unequal antes: true now and then.
        trimming = rng.random() < (0.5 if kind == "uniform" else 0.1)
        past_stub = rng.random() < 0.5
    floor = 1 if free else small + 1
    stacks = [rng.choice([rng.randint(floor, 4 * small), rng.randint(floor, 60 * small)])
              for _ in range(n)]
    automations = (
        pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING, pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING,
    )
    game: Any
    if badugi:
        game = pk.FixedLimitBadugi(automations, trimming, antes, blinds, small, 2 * small)
    elif structure == "fixed-limit":
        game = pk.FixedLimitDeuceToSevenLowballTripleDraw(
            automations, trimming, antes, blinds, small, 2 * small)
    else:
        game = pk.NoLimitDeuceToSevenLowballSingleDraw(
            automations, trimming, antes, blinds, small)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        state = game(stacks, n)
        draws = 3 if structure == "fixed-limit" or badugi else 1
        size = 4 if badugi else 5
        stub = 52 - size * n - draws - 1  # the burns and the bottom card are never drawn
        while state.status:
            if state.can_stand_pat_or_discard():
                i = state.stand_patter_or_discarder_index
                k = min(rng.choice([0, 0, 1, 1, 2, 3, 5]), size)
                if not past_stub:
                    k = min(k, stub)
                stub -= k
                state.stand_pat_or_discard(rng.sample(list(state.hole_cards[i]), k))
                continue
            i = state.actor_index
            if i is None:
                break
            options = []
            if state.can_check_or_call():
                options += ["cc"] * 3
            if state.can_fold() and state.checking_or_calling_amount:
                options.append("f")
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            cap = 3 if state.street_index == 0 and not free else 4
            if (
                low is not None and high is not None
                and state.completion_betting_or_raising_count < cap
            ):
                allin = state.stacks[i] + state.bets[i]
                for to in sorted({low, rng.randint(low, high), high}):
                    if to < allin or low < high or free:
                        options += [str(to)] * 2
            choice = rng.choice(options)
            if choice == "cc":
                state.check_or_call()
            elif choice == "f":
                state.fold()
            else:
                state.complete_bet_or_raise_to(int(choice))
        history = pk.HandHistory.from_game_state(game, state)
    text = history.dumps()
    if trimming:  # PokerKit 0.7 writes the game's ante_trimming_status as false
        text = text.replace("ante_trimming_status = false", "ante_trimming_status = true")
    final = tuple(int(s) for s in state.stacks)
    assert pokerkit_stacks(text) == final  # the file says what PokerKit played
    return text, final
