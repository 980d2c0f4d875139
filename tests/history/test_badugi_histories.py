"""Badugi and Ace-to-Five Triple Draw histories: PHH and text written and read back to the
same hand, and PokerKit (which has Badugi as its variant ``FB``) and standpat reading each
other's Badugi files to the same finishing stacks."""

from __future__ import annotations

import random

import pytest

from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Called,
    Hand,
    Posted,
    PostKind,
    Raised,
    Stakes,
    Won,
)
from standpat.history import dumps, loads, replay
from standpat.history.capture import record_from_hand
from standpat.history.files import load_text
from standpat.history.replay import ODD_CHIP_DIFFERENCE
from standpat.history.text import format_hand
from tests.history.helpers import comparable, random_action, random_hand
from tests.history.pokerkit_play import (
    common_action,
    pokerkit_hand,
    pokerkit_stacks,
    replayed_or_refused,
)

GAMES = {"badugi": "B", "ace-to-five-triple-draw": "A5L3D"}
STRUCTURES = {"fixed-limit": "F", "pot-limit": "P", "no-limit": "N"}


def played(game: str, structure: str, seed: int, common: bool = False) -> Hand:
    """A hand of ``game`` played at random to the end (``common``: on the ground PokerKit's
    rules share with standpat's, see tests/history/pokerkit_play.py)."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    small = rng.choice([2, 4, 10])
    stakes = Stakes.from_bets(small)
    stacks = [rng.choice([rng.randint(small + 1, 4 * small), rng.randint(small + 1, 60 * small)])
              for _ in range(n)]
    hand = Hand(game, structure, stakes, stacks, button=rng.randrange(n), rng=seed)
    greedy = common and seed % 3 == 0  # one hand in three draws four: the stub runs out
    while not hand.is_over:
        legal = hand.legal_actions()
        if greedy and ActionKind.DISCARD in legal.kinds:
            hand.apply(Action.discard(hand.cards_of(legal.seat)))
            continue
        hand.apply(common_action(hand, rng) if common else random_action(hand, rng))
    return hand


@pytest.mark.parametrize("structure", list(STRUCTURES))
@pytest.mark.parametrize("game", list(GAMES))
def test_phh_and_text_round_trips(game: str, structure: str) -> None:
    for seed in range(40):
        hand = played(game, structure, seed)
        record = record_from_hand(hand)
        text = dumps(record)
        assert text.startswith(f'variant = "{STRUCTURES[structure]}{GAMES[game]}"')
        back = loads(text)
        assert back == [record]
        replayed = replay(back[0])
        again = replayed.hand
        assert comparable(again.events, again.button, again.players) == comparable(
            hand.events, hand.button, hand.players)
        assert replayed.finishing_stacks == record.finishing_stacks
        read = load_text(format_hand(replayed), "hand.txt").hands
        assert len(read) == 1 and read[0].finishing_stacks == record.finishing_stacks


HANDS = 1200
"""Hands each way between PokerKit and standpat (the issue asks for 1,000 or more)."""


def test_ace_to_five_triple_draw_phh_round_trips_by_the_thousand() -> None:
    # PokerKit has no A-5 Triple Draw: standpat's own FA5L3D files are checked against
    # standpat itself, written, read back to the same record, replayed to the same events.
    shown = 0
    for seed in range(HANDS):
        hand = played("ace-to-five-triple-draw", "fixed-limit", 10_000 + seed)
        record = record_from_hand(hand)
        text = dumps(record)
        assert text.startswith('variant = "FA5L3D"')
        (back,) = loads(text)
        assert back == record
        again = replay(back)
        assert comparable(again.hand.events, again.hand.button, again.hand.players) == (
            comparable(hand.events, hand.button, hand.players))
        assert again.finishing_stacks == record.finishing_stacks
        shown += any(isinstance(e, Won) and e.cards for e in hand.events)
    assert shown > HANDS // 6


def test_pokerkit_reads_standpat_badugi_to_the_same_stacks() -> None:
    shown = reshuffles = all_in = 0
    for seed in range(HANDS):
        hand = played("badugi", "fixed-limit", seed, common=True)
        record = record_from_hand(hand)
        text = dumps(record)
        assert text.startswith('variant = "FB"')
        assert pokerkit_stacks(text) == record.finishing_stacks, text
        shown += any(isinstance(e, Won) and e.cards for e in hand.events)
        reshuffles += any(e.kind.value == "reshuffle" for e in hand.events)
        all_in += any(isinstance(e, Posted | Called | BetMade | Raised) and e.all_in
                      for e in hand.events)
    assert shown > HANDS // 6  # showdowns, where the two rankings must agree, not only folds
    assert reshuffles > HANDS // 20
    assert all_in > HANDS // 10


POKERSTARS_BADUGI = """\
PokerStars Game #48800112233:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/01 9:00:00 ET
Table 'Eris' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: ozzie ($10 in chips)
Hero: posts small blind $0.10
ozzie: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [3h Tc Kc Ad]
Hero: folds
Uncalled bet ($0.15) returned to ozzie
ozzie collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Hero (button) (small blind) folded before the Draw
Seat 2: ozzie (big blind) collected ($0.20)
"""


def test_a_pokerstars_badugi_hand_replays() -> None:
    loaded = load_text(POKERSTARS_BADUGI, "badugi.txt")
    assert not loaded.errors
    (hand,) = loaded.hands
    assert hand.record.game == "badugi"
    stacks = dict(zip(hand.record.players, hand.finishing_stacks, strict=True))
    assert stacks == {"Hero": 990, "ozzie": 1010}
    hero = hand.record.players.index("Hero")
    assert [str(c) for c in hand.record.hole_cards[hero]] == ["3h", "Tc", "Kc", "Ad"]


def test_standpat_reads_pokerkit_badugi_to_the_same_stacks() -> None:
    shown = 0
    for seed in range(HANDS):
        text, stacks = pokerkit_hand(seed, badugi=True)
        assert text.startswith("variant = 'FB'")
        loaded = load_text(text, f"pokerkit-{seed}.phh")
        assert loaded.errors == [], text
        assert loaded.hands[0].hand.game.name == "badugi"
        assert loaded.hands[0].finishing_stacks == stacks, text
        shown += " sm " in text
    assert shown > HANDS // 6  # showdowns, where the rankings must agree


def test_off_the_common_ground_pokerkit_badugi_replays_the_same_or_names_the_rule() -> None:
    # Short stacks, short blinds, short all-in raises and PokerKit's cap: a hand reaches
    # PokerKit's stacks, or is refused for a difference docs/hand-histories.md gives.
    same = refused = 0
    for seed in range(400):
        text, stacks = pokerkit_hand(seed, free=True, badugi=True)
        if replayed_or_refused(text, stacks, f"pokerkit-{seed}.phh") is None:
            same += 1
        else:
            refused += 1
    assert same > refused > 0


@pytest.mark.slow
def test_thousands_of_pokerkit_badugi_hands_replay_to_its_stacks_or_say_which_rule_differs(
) -> None:
    # Antes (uniform, big-blind, trimmed or not), equal blinds, stacks of one chip, draws past
    # the stub: a hand reaches PokerKit's stacks or is refused naming a documented difference
    # (among them split pots PokerKit would pay otherwise by an odd chip).
    reached = refused = odd_chip = 0
    for seed in range(2000):
        text, stacks = pokerkit_hand(seed, mixed=True, badugi=True)
        message = replayed_or_refused(text, stacks, f"pokerkit-{seed}.phh")
        if message is None:
            reached += 1
        else:
            refused += 1
            odd_chip += ODD_CHIP_DIFFERENCE in message
    assert reached > 1400 and refused > 300
    assert odd_chip > 0  # seed 865: a 13-chip and a 3-chip pot split by the same two


@pytest.mark.slow
def test_thousands_of_standpat_badugi_hands_load_in_pokerkit_to_the_same_stacks_or_are_refused(
) -> None:
    # Short stacks, antes, dead small blinds, players posting to come in (see
    # test_pokerkit.py's triple draw version): PokerKit reaches standpat's stacks, refuses
    # the file, or prices calls of a big blind posted all-in for less at what was posted.
    same = refused = short_big_blind = 0
    for seed in range(2000):
        hand = random_hand(seed, "badugi", "fixed-limit")
        record = record_from_hand(hand)
        try:
            stacks = pokerkit_stacks(dumps(record))
        except ValueError:
            refused += 1
            continue
        if stacks == record.finishing_stacks:
            same += 1
            continue
        assert any(isinstance(e, Posted) and e.post is PostKind.BIG_BLIND and e.all_in
                   and e.amount < hand.stakes.big_blind for e in hand.events), dumps(record)
        short_big_blind += 1
    assert same > 1500 and refused > 100 and short_big_blind > 0


def test_pots_split_by_the_same_players_with_an_odd_chip_are_not_paid_silently() -> None:
    # PokerKit merges a 13-chip and a 3-chip pot that the same two players split (8 each);
    # standpat splits each (7 + 2 and 6 + 1): with no finishing_stacks to say, it refuses.
    text, stacks = pokerkit_hand(865, mixed=True, badugi=True)
    assert "finishing_stacks" not in text
    (error,) = load_text(text, "odd.phh").errors
    assert ODD_CHIP_DIFFERENCE in str(error)
    assert "standpat pays [9, 0, 0, 19, 0], PokerKit [8, 0, 0, 20, 0]" in str(error)
    assert stacks == (8, 12, 6, 60, 0)
