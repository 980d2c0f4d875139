"""Sane draws on cards alone: which cards a player throws, for every ranking.

:func:`choose_discards` is the rule of thumb the ``easy`` and ``normal`` bots
draw by, and the model the ``strong`` bot assumes for its opponents.  It keeps
made hands (a straight or better stands pat), trips, two pair and pairs; it
draws to four-card flushes and open-ended straights when that is the better
chance; under deuce-to-seven and ace-to-five it keeps its distinct low cards (aces low in
ace-to-five); in Badugi it keeps the low cards of its best badugi.

>>> from standpat.cards import format_cards, parse_cards
>>> def throw(text, ranking, max_discard=5, draws_left=1):
...     return format_cards(choose_discards(parse_cards(text), ranking, max_discard, draws_left))
>>> throw("Ah Jh 9h 8h 7h", "short-7a")          # a made flush: stand pat
''
>>> throw("Qs Qd 9c 4h 2s", "high")              # a pair: throw three
'9c 4h 2s'
>>> throw("7d 5c 3h 2s Kd", "deuce-to-seven", draws_left=3)
'Kd'
>>> throw("Kc Kd 9s 7h 4c 3d 2h", "high", max_discard=4)   # seven card draw: keep at least 3
'7h 4c 3d 2h'
>>> throw("Ad 5c 3h 2s Kd", "ace-to-five", draws_left=3)
'Kd'
>>> throw("7h 4c 2d 2s", "badugi", max_discard=4, draws_left=2)  # three-card 7-4-2: draw one
'2s'
>>> throw("Qh 4c 2d As", "badugi", max_discard=4, draws_left=3)  # a queen badugi: break it
'Qh'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from standpat.cards import Card
from standpat.ranking import Category, Ranking, get_ranking

__all__ = ["choose_discards", "keep_cards", "straight_outs"]


def choose_discards(
    hand: Sequence[int], ranking: str | Ranking, max_discard: int, draws_left: int = 1
) -> tuple[Card, ...]:
    """The cards to throw from ``hand`` (in hand order); ``()`` stands pat.

    ``max_discard`` caps the number thrown (4 in seven card draw, where at
    least three cards stay); ``draws_left`` counts this draw too (3 on the
    first draw of triple draw).
    """
    kept = keep_cards(hand, ranking, max_discard, draws_left)
    return tuple(Card(c) for c in hand if c not in kept)


def keep_cards(
    hand: Sequence[int], ranking: str | Ranking, max_discard: int, draws_left: int = 1
) -> frozenset[int]:
    """The cards :func:`choose_discards` keeps, as a set of card ints."""
    rank = get_ranking(ranking)
    cards = [int(c) for c in hand]
    if rank.name == "badugi":
        keep = _badugi_keep(cards, rank, draws_left)
    elif rank.low:
        keep = _low_keep(cards, rank, draws_left)
    else:
        keep = _high_keep(cards, rank)
    return frozenset(_fill(cards, keep, max_discard, rank.low))


def _fill(cards: list[int], keep: set[int], max_discard: int, low: bool) -> set[int]:
    """Keep more cards (the best ones left) until at most ``max_discard`` are thrown."""
    need = len(cards) - max_discard - len(keep)
    if need > 0:
        rest = sorted((c for c in cards if c not in keep), reverse=not low)
        keep |= set(rest[:need])
    return keep


# -- high rankings: high, short-7a, short-6a ------------------------------------


def _groups(cards: Sequence[int]) -> dict[int, list[int]]:
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c >> 2, []).append(c)
    return by_rank


def straight_outs(ranks: Sequence[int], rank: Ranking) -> int:
    """How many ranks would complete a straight with these four distinct ranks.

    >>> straight_outs([6, 7, 8, 9], get_ranking("high"))   # 8-9-T-J: a seven or a queen
    2
    >>> straight_outs([12, 5, 6, 7], get_ranking("short-7a"))   # A-7-8-9 waits for a ten
    1
    """
    base = sum(1 << r for r in ranks)
    return sum(1 for r in range(13) if not base >> r & 1 and base | 1 << r in rank.straights)


def _best_straight_draw(cards: Sequence[int], rank: Ranking) -> tuple[list[int], int]:
    """Four cards of distinct ranks with the most straight outs (and those outs)."""
    by_rank = _groups(cards)
    best: list[int] = []
    outs = 0
    for ranks in combinations(sorted(by_rank), 4):
        here = straight_outs(ranks, rank)
        if here > outs or (here == outs and here and sum(ranks) > sum(c >> 2 for c in best)):
            best, outs = [by_rank[r][0] for r in ranks], here
    return best, outs


def _flush_draw(cards: Sequence[int]) -> list[int]:
    """The four highest cards of a suit held four or more times (else ``[]``)."""
    for suit in range(4):
        suited = sorted((c for c in cards if c & 3 == suit), reverse=True)
        if len(suited) >= 4:
            return suited[:4]
    return []


def _made_five(cards: Sequence[int], rank: Ranking) -> list[int]:
    """The five cards that make the best hand."""
    if len(cards) == 5:
        return list(cards)
    best = rank.strength(cards)
    for combo in combinations(cards, 5):
        if rank.strength(combo) == best:
            return list(combo)
    raise AssertionError("no five cards make the hand's own strength")  # pragma: no cover


def _high_keep(cards: list[int], rank: Ranking) -> set[int]:
    strength = rank.strength(cards)
    category = rank.category_of(strength)
    order = rank.order
    if order.index(category) >= order.index(Category.STRAIGHT):
        return set(_made_five(cards, rank))
    by_rank = _groups(cards)
    sets = sorted((g for g in by_rank.values() if len(g) >= 2), key=lambda g: (len(g), g[0]))
    flush = _flush_draw(cards)
    straight, outs = _best_straight_draw(cards, rank)
    if len(cards) > 5:
        # Seven cards: keep every pair and trips, and a flush or open-ended draw too.
        keep = {c for g in sets for c in g}
        if len(keep) >= 6:  # three pairs: the two best
            keep = {c for g in sets[-2:] for c in g}
        if flush and len(keep | set(flush)) <= 6:
            keep |= set(flush)
        elif outs >= 2 and len(keep | set(straight)) <= 6:
            keep |= set(straight)
        if not keep:
            keep = set(sorted(cards, reverse=True)[:3])
        return keep
    if sets:
        top = sets[-1]
        if len(top) >= 3:
            return set(top)
        if len(sets) == 2:
            return {c for g in sets for c in g}
        pair_rank = top[0] >> 2
        if flush and _is_straight_flush_draw(flush, rank):
            return set(flush)
        if flush and not _short(rank) and pair_rank < 9:  # a flush draw beats a low pair
            return set(flush)
        return set(top)
    if flush:
        return set(flush)
    if outs >= 2:
        return set(straight)
    high = max(cards)
    return {high} if high >> 2 >= 11 else {high, *sorted(cards)[-2:-1]}


def _short(rank: Ranking) -> bool:
    return len(rank.deck) < 52


def _is_straight_flush_draw(flush: Sequence[int], rank: Ranking) -> bool:
    return straight_outs([c >> 2 for c in flush], rank) >= 1


# -- deuce-to-seven lowball -------------------------------------------------------


def _low_rank(card: int, rank: Ranking) -> int:
    """A card's rank for lowball: 0 = deuce .. 12 = ace, or with aces low 0 = ace .. 12 = king
    (so eight is 6 under deuce-to-seven and 7 under ace-to-five)."""
    return (card >> 2) + 1 - 13 * (card >> 2 == 12) if rank.ace_low else card >> 2


def _low_keep(cards: list[int], rank: Ranking, draws_left: int) -> set[int]:
    strength = rank.strength(cards)
    shift = 1 if rank.ace_low else 0  # ranks of the same card are one higher with aces low
    top = max(_low_rank(c, rank) for c in cards)
    made = rank.category_of(strength) is Category.HIGH_CARD
    pat_limit = (7 if draws_left <= 1 else 6) + shift  # nine-high on the last draw, else eight
    if made and top <= pat_limit:
        return set(cards)
    lows: dict[int, int] = {}
    for c in sorted(cards, key=lambda c: (_low_rank(c, rank), c)):
        low = _low_rank(c, rank)
        if low <= 6 + shift and low not in lows:  # one card of each rank, eight or lower
            lows[low] = c
    kept = [lows[r] for r in sorted(lows)][:4]
    if (rank.straights and len(kept) == 4 and kept[0] >> 2
            and (kept[3] >> 2) - (kept[0] >> 2) == 3):
        kept = kept[:3]  # four in a row above the deuce: too many cards make a straight
    return set(kept)


# -- badugi ------------------------------------------------------------------------


def _badugi_keep(cards: list[int], rank: Ranking, draws_left: int) -> set[int]:
    """The cards of the best badugi that are low enough to keep (eight or lower, or any
    card of a made badugi up to a jack, a king on the last draw)."""
    strength = rank.strength(cards)
    playing = rank.best_cards([Card(c) for c in cards], strength)
    low = [c for c in playing if _low_rank(c, rank) <= 7]
    if len(playing) == 4:
        limit = 12 if draws_left <= 1 else 10  # king on the last draw, else jack
        if max(_low_rank(c, rank) for c in playing) <= limit:
            return set(playing)
        return set(sorted(playing, key=lambda c: _low_rank(c, rank))[:3])
    return set(low)
