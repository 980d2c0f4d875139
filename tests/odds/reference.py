"""Slow, obvious references for the odds tests: every completion, card by card.

Nothing here shares code with ``standpat.odds`` beyond ``standpat.evaluate``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from standpat.ranking import Category, RankingName, evaluate

LOW_NAMES = ("7", "8", "9", "T", "J", "Q", "K", "A")
ACE_LOW = "A23456789TJQK"
"""Rank characters by rank with aces low (ace-to-five, Badugi)."""


def ace_low(card: int) -> int:
    """A card's rank with aces low: ace 0, deuce 1 .. king 12."""
    return ((card >> 2) + 1) % 13


def outcome(cards: Sequence[int], ranking: str) -> str:
    """The outcome name of a finished hand, from ``evaluate`` and the card ranks."""
    value = evaluate(cards, ranking)
    name = RankingName(ranking)
    if name is RankingName.DEUCE_TO_SEVEN and value.category is Category.HIGH_CARD:
        return f"{LOW_NAMES[max(c >> 2 for c in cards) - 5]}-low"
    if name is RankingName.ACE_TO_FIVE and value.category is Category.HIGH_CARD:
        return f"{ACE_LOW[max(ace_low(c) for c in cards)]}-low"
    if name is RankingName.BADUGI and value.category is Category.BADUGI:
        return f"{ACE_LOW[max(ace_low(c) for c in cards)]}-badugi"
    return value.category.value


def single_draw(hand: Sequence[int], keep: Sequence[int], stub: Sequence[int],
                ranking: str) -> Counter[str]:
    """Completions of one hold by outcome, one final hand at a time."""
    found: Counter[str] = Counter()
    for drawn in combinations(stub, len(hand) - len(keep)):
        found[outcome([*keep, *drawn], ranking)] += 1
    return found


def _rank(card: int, ranking: str) -> int:
    return ace_low(card) if ranking == "ace-to-five" else card >> 2


def _made(cards: Sequence[int], target: int, ranking: str) -> bool:
    value = evaluate(cards, ranking)
    return value.category is Category.HIGH_CARD and max(_rank(c, ranking) for c in cards) <= target


def _reachable(kept_ranks: set[int], stub: Sequence[int], target: int, ranking: str) -> bool:
    """Whether some unseen ranks at or under the target complete a non-straight five
    (ace-to-five: any five)."""
    unseen = {_rank(c, ranking) for c in stub if _rank(c, ranking) <= target} - kept_ranks
    for extra in combinations(sorted(unseen), 5 - len(kept_ranks)):
        ranks = sorted(kept_ranks | set(extra))
        if ranks[-1] - ranks[0] != 4 or ranking == "ace-to-five":
            return True
    return False


def _policy(kept: list[int], drawn: Sequence[int], stub: Sequence[int],
            target: int, ranking: str) -> list[tuple[Fraction, list[int]]]:
    """The re-draw policy, card by card: each choice of kept cards with its chance."""
    keep = {_rank(c, ranking): c for c in kept if _rank(c, ranking) <= target}  # the older
    new: dict[int, list[int]] = {}
    for c in drawn:
        if _rank(c, ranking) <= target and _rank(c, ranking) not in keep:
            new.setdefault(_rank(c, ranking), []).append(c)
    choices: list[tuple[Fraction, list[int]]] = [(Fraction(1), list(keep.values()))]
    for cards in new.values():
        choices = [(p / len(cards), [*held, c]) for p, held in choices for c in cards]
    out = []
    for p, held in choices:
        held = sorted(held, key=lambda c: _rank(c, ranking))
        if len(held) == 5:
            held = held[:-1]  # a straight or a flush: throw the highest
        while held and not _reachable({_rank(c, ranking) for c in held}, stub, target, ranking):
            held = held[:-1]
        out.append((p, held))
    return out


def multi_draw(hand: Sequence[int], keep: Sequence[int], stub: Sequence[int], target: int,
               draws: int, ranking: str = "deuce-to-seven") -> Fraction:
    """Chance to end at or under the target low (a rank: with aces low in ace-to-five),
    enumerating every card of every draw."""

    def play(held: list[int], stub: list[int], draws: int, first: bool) -> Fraction:
        size = 5 - len(held)
        total = Fraction(0)
        outcomes = list(combinations(stub, size))
        for drawn in outcomes:
            now = [*held, *drawn]
            rest = [c for c in stub if c not in drawn]
            if _made(now, target, ranking):
                total += 1
                continue
            if draws == 1:
                continue
            if first:
                # the hold's own pairs: keep the lowest card int of each rank
                by_rank: dict[int, int] = {}
                for c in sorted(held):
                    by_rank.setdefault(_rank(c, ranking), c)
                older = list(by_rank.values())
            else:
                older = held
            for p, kept in _policy(older, drawn, rest, target, ranking):
                total += p * play(kept, rest, draws - 1, False)
        return total / len(outcomes)

    return play(list(keep), list(stub), draws, True)


def _badugi_plays(cards: Sequence[int], target: int) -> bool:
    return (len({ace_low(c) for c in cards}) == len(cards) == len({c & 3 for c in cards})
            and all(ace_low(c) <= target for c in cards))


def badugi_multi_draw(keep: Sequence[int], stub: Sequence[int], target: int,
                      draws: int) -> Fraction:
    """Chance to end with a badugi at or under the target (aces low), card by card: after
    each draw the player keeps a largest set of his cards that plays, of several the one
    with the best chance, and draws to it from the cards he has not seen."""

    def play(held: tuple[int, ...], stub: tuple[int, ...], draws: int) -> Fraction:
        outcomes = list(combinations(stub, 4 - len(held)))
        total = Fraction(0)
        for drawn in outcomes:
            now = (*held, *drawn)
            if _badugi_plays(now, target):
                total += 1
                continue
            if draws == 1:
                continue
            rest = tuple(c for c in stub if c not in drawn)
            for size in range(4, -1, -1):
                sets = [s for s in combinations(now, size) if _badugi_plays(s, target)]
                if sets:
                    total += max(play(s, rest, draws - 1) for s in sets)
                    break
        return total / len(outcomes)

    return play(tuple(keep), tuple(stub), draws)
