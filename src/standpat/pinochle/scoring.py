"""Scoring a hand, a renege, and deciding the end of a game.

Rule decisions where RULES.md is silent (pinned by tests):

- "Meld plus trick points" for making the bid counts the meld the bidder
  keeps: without a trick point only his 9s of trump count toward the bid.
- A failed bidder's change is ``nines - bid``.
- A renege ends the hand: the offender's change is ``-bid`` (nothing else,
  9s of trump included); every other player, the bidder too, scores his whole
  meld (9s included) and no trick points, and the bid is not judged.

>>> from standpat.cards import parse_cards
>>> from standpat.pinochle.cards import Suit
>>> from standpat.pinochle.meld import meld
>>> h = Suit.HEARTS
>>> melds = {0: meld(parse_cards("Kh Qh 9h"), h), 1: meld(parse_cards("Ks Qs"), h)}
>>> r = score_hand((0, 1), bidder=0, bid=6, melds=melds, tricks={0: 0, 1: 25})
>>> r.made, r.delta(0), r.delta(1)
(False, -5, 27)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from standpat.pinochle.cards import DeckCard, is_counter
from standpat.pinochle.meld import MeldResult

__all__ = [
    "HandResult",
    "SeatScore",
    "Verdict",
    "card_points",
    "decide",
    "score_hand",
    "score_renege",
]


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's hand: meld (without 9s of trump), 9s of trump, trick points, score change."""

    seat: int
    meld: int
    nines: int
    tricks: int
    delta: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a hand: the contract, whether it was made, and each seat's score."""

    bidder: int
    bid: int
    made: bool
    scores: tuple[SeatScore, ...]
    renege: int | None = None

    def delta(self, seat: int) -> int:
        """Score change of ``seat`` for this hand."""
        return self.score(seat).delta

    def score(self, seat: int) -> SeatScore:
        """The :class:`SeatScore` of ``seat``."""
        for s in self.scores:
            if s.seat == seat:
                return s
        raise KeyError(seat)


def card_points(cards: Sequence[DeckCard]) -> int:
    """Points of cards taken in tricks: A, 10, K one each.

    >>> from standpat.pinochle.cards import deck_cards
    >>> card_points(deck_cards("As Ts Ks Qs Js 9s"))
    3
    """
    return sum(1 for c in cards if is_counter(c.card))


def score_hand(
    seats: Sequence[int],
    bidder: int,
    bid: int,
    melds: Mapping[int, MeldResult],
    tricks: Mapping[int, int],
) -> HandResult:
    """Score a played-out hand; ``tricks`` holds trick points including the last trick's 1."""
    out: list[SeatScore] = []
    made = True
    for seat in seats:
        m, t = melds[seat], tricks[seat]
        kept = m.rest if t >= 1 else 0
        delta = kept + m.nines + t
        if seat == bidder and delta < bid:
            made = False
            delta = m.nines - bid
        out.append(SeatScore(seat, m.rest, m.nines, t, delta))
    return HandResult(bidder, bid, made, tuple(out))


def score_renege(
    seats: Sequence[int],
    bidder: int,
    bid: int,
    melds: Mapping[int, MeldResult],
    tricks: Mapping[int, int],
    offender: int,
) -> HandResult:
    """Score a hand ruined by ``offender``'s renege (see the module notes)."""
    out: list[SeatScore] = []
    for seat in seats:
        m, t = melds[seat], tricks[seat]
        delta = -bid if seat == offender else m.total
        out.append(SeatScore(seat, m.rest, m.nines, t, delta))
    return HandResult(bidder, bid, offender != bidder, tuple(out), renege=offender)


@dataclass(frozen=True, slots=True)
class Verdict:
    """End-of-hand decision: a ``winner``, or the tied leaders who ``play_on``, or neither."""

    winner: int | None = None
    play_on: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the game has a winner."""
        return self.winner is not None


def decide(scores: Mapping[int, int], bidder: int, target: int = 50) -> Verdict:
    """Who wins after a hand, among the seats in ``scores`` (the players still in).

    The game ends when someone has ``target`` or more: the bidder wins if he is
    among them, else the highest score; tied leaders play on alone.

    >>> decide({0: 52, 1: 60, 2: 10}, bidder=0)
    Verdict(winner=0, play_on=())
    >>> decide({0: 55, 1: 55, 2: 10}, bidder=2)
    Verdict(winner=None, play_on=(0, 1))
    >>> decide({0: 49, 1: 20}, bidder=1).over
    False
    """
    if not any(v >= target for v in scores.values()):
        return Verdict()
    if scores.get(bidder, target - 1) >= target:
        return Verdict(winner=bidder)
    top = max(scores.values())
    leaders = tuple(s for s, v in scores.items() if v == top)
    if len(leaders) == 1:
        return Verdict(winner=leaders[0])
    return Verdict(play_on=leaders)
