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


def outcome(cards: Sequence[int], ranking: str) -> str:
    """The outcome name of a finished hand, from ``evaluate`` and the card ranks."""
    value = evaluate(cards, ranking)
    if RankingName(ranking) is RankingName.DEUCE_TO_SEVEN and value.category is Category.HIGH_CARD:
        return f"{LOW_NAMES[max(c >> 2 for c in cards) - 5]}-low"
    return value.category.value


def single_draw(hand: Sequence[int], keep: Sequence[int], stub: Sequence[int],
                ranking: str) -> Counter[str]:
    """Completions of one hold by outcome, one final hand at a time."""
    found: Counter[str] = Counter()
    for drawn in combinations(stub, len(hand) - len(keep)):
        found[outcome([*keep, *drawn], ranking)] += 1
    return found


def _made(cards: Sequence[int], target: int) -> bool:
    value = evaluate(cards, "deuce-to-seven")
    return value.category is Category.HIGH_CARD and max(c >> 2 for c in cards) <= target


def _reachable(kept_ranks: set[int], stub: Sequence[int], target: int) -> bool:
    """Whether some unseen ranks at or under the target complete a non-straight five."""
    unseen = {c >> 2 for c in stub if c >> 2 <= target} - kept_ranks
    for extra in combinations(sorted(unseen), 5 - len(kept_ranks)):
        ranks = sorted(kept_ranks | set(extra))
        if ranks[-1] - ranks[0] != 4:
            return True
    return False


def _policy(kept: list[int], drawn: Sequence[int], stub: Sequence[int],
            target: int) -> list[tuple[Fraction, list[int]]]:
    """The re-draw policy, card by card: each choice of kept cards with its chance."""
    keep = {c >> 2: c for c in kept if c >> 2 <= target}  # the older cards
    new: dict[int, list[int]] = {}
    for c in drawn:
        if c >> 2 <= target and c >> 2 not in keep:
            new.setdefault(c >> 2, []).append(c)
    choices: list[tuple[Fraction, list[int]]] = [(Fraction(1), list(keep.values()))]
    for cards in new.values():
        choices = [(p / len(cards), [*held, c]) for p, held in choices for c in cards]
    out = []
    for p, held in choices:
        held = sorted(held, key=lambda c: c >> 2)
        if len(held) == 5:
            held = held[:-1]  # a straight or a flush: throw the highest
        while held and not _reachable({c >> 2 for c in held}, stub, target):
            held = held[:-1]
        out.append((p, held))
    return out


def multi_draw(hand: Sequence[int], keep: Sequence[int], stub: Sequence[int], target: int,
               draws: int) -> Fraction:
    """Chance to end at or under the target low, enumerating every card of every draw."""

    def play(held: list[int], stub: list[int], draws: int, first: bool) -> Fraction:
        size = 5 - len(held)
        total = Fraction(0)
        outcomes = list(combinations(stub, size))
        for drawn in outcomes:
            now = [*held, *drawn]
            rest = [c for c in stub if c not in drawn]
            if _made(now, target):
                total += 1
                continue
            if draws == 1:
                continue
            if first:
                # the hold's own pairs: keep the lowest card int of each rank
                by_rank: dict[int, int] = {}
                for c in sorted(held):
                    by_rank.setdefault(c >> 2, c)
                older = list(by_rank.values())
            else:
                older = held
            for p, kept in _policy(older, drawn, rest, target):
                total += p * play(kept, rest, draws - 1, False)
        return total / len(outcomes)

    return play(list(keep), list(stub), draws, True)
