"""Hands and ranges against each other at a draw: win, tie and lose for each player.

Each :class:`Seat` holds known cards (the cards he keeps), a list of such
holdings to choose from, a pattern of pat hands (``9-low+``: every pat hand
that is a nine-low or better) or random cards, and draws a number of cards
now (or stands pat).  :func:`equity` deals every remaining card:

- exactly, when every combination of ranges and draws fits in
  :data:`EXACT_LIMIT` final hands (each combination of range holdings that
  share no card is equally likely; the draws come from the cards nobody holds);
- else by Monte Carlo in rounds of :data:`ROUND` deals, until the 95%
  interval of every player's equity is within ``precision`` (or
  ``max_seconds`` pass), with the interval reported.

With several draws left (deuce-to-seven triple draw) a player who is not
pat re-draws by the policy of :mod:`~standpat.odds.lowpolicy` toward
``target`` (default an eight-low) after the draw given; that is always
Monte Carlo.

>>> r = equity(["7s 5d 3c 2h", "9c 8d 6h 4s 2c"], "deuce-to-seven-single-draw")
>>> r.method, r.deals, r.seats[0].exact_win        # 43 cards left: 4s, 6s, 8s win
('exact', 43, Fraction(12, 43))
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from math import comb
from typing import Any, Final

import numpy as np

from standpat.cards import Card, as_cards, format_cards
from standpat.engine.games import Game, get_game
from standpat.errors import CardParseError, DuplicateCardError, HandSetupError
from standpat.odds.combos import colex
from standpat.odds.lowpolicy import check_target, keep_toward
from standpat.odds.outcomes import outcomes
from standpat.odds.situation import Situation
from standpat.odds.strengths import strengths
from standpat.ranking import Ranking

__all__ = [
    "EXACT_LIMIT", "OPTIONS_LIMIT", "ROUND", "Equity", "Seat", "SeatResult", "describe",
    "equity", "parse_seat",
]

EXACT_LIMIT: Final = 2_000_000
"""Most final hands an exact count may rank (about a second)."""
OPTIONS_LIMIT: Final = 2000
"""Most combinations of range holdings an exact count goes through."""
ROUND: Final = 2000
"""Monte Carlo deals between two checks of the stopping rule."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: what he may hold, and how many cards he draws now (0: pat).

    ``holdings`` are the kept cards he may hold, equally likely (one for known
    cards); ``pattern`` (pat hands whose outcome is one of these indexes of
    :func:`~standpat.odds.outcomes.outcomes`) and ``random`` (that many unknown
    cards) stand for the holdings not listed.
    """

    text: str
    draws: int
    holdings: tuple[tuple[Card, ...], ...] = ()
    pattern: frozenset[int] | None = None
    random: int = 0


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's share of the deals: won alone, tied for the pot, lost; and his equity."""

    seat: Seat
    win: float
    tie: float
    lose: float
    equity: float
    """Share of the pot: wins, plus each tie divided among the tied players."""
    ci95: float | None
    """Half-width of the 95% interval of ``equity`` (Monte Carlo), ``None`` when exact."""
    exact_win: Fraction | None = None
    exact_tie: Fraction | None = None
    exact_equity: Fraction | None = None

    def to_json(self, *, fractions: bool = False) -> dict[str, Any]:
        """The player as in ``standpat equity --json``; ``fractions`` (an exact count)
        writes win, tie, lose and equity as exact strings ("a/b", or "0")."""
        doc: dict[str, Any] = {"player": self.seat.text, "draws": self.seat.draws,
                               "win": self.win, "tie": self.tie, "lose": self.lose,
                               "equity": self.equity}
        exact = self.exact_fractions()
        if fractions and exact is not None:
            doc.update({k: str(v) for k, v in exact.items()})
        if self.ci95 is not None:
            doc["ci95"] = self.ci95
        return doc

    def exact_fractions(self) -> dict[str, Fraction] | None:
        """Win, tie, lose and equity as exact fractions (an exact count), else ``None``.

        >>> r = equity(["7s 5d 3c 2h", "9c 8d 6h 4s 2c"], "deuce-to-seven-single-draw")
        >>> {k: str(v) for k, v in r.seats[1].exact_fractions().items()}
        {'win': '31/43', 'tie': '0', 'lose': '12/43', 'equity': '31/43'}
        """
        if self.exact_win is None or self.exact_tie is None or self.exact_equity is None:
            return None
        lose = 1 - self.exact_win - self.exact_tie
        return {"win": self.exact_win, "tie": self.exact_tie, "lose": lose,
                "equity": self.exact_equity}


@dataclass(frozen=True, slots=True)
class Equity:
    """The players' results, how they were found, over how many deals, in how long."""

    seats: tuple[SeatResult, ...]
    method: str
    """``exact`` or ``monte-carlo``."""
    deals: int
    seconds: float

    def to_json(self, *, fractions: bool = False) -> dict[str, Any]:
        """``{"method", "deals", "seconds", "players": [...]}`` (see :meth:`SeatResult.to_json`)."""
        return {"method": self.method, "deals": self.deals, "seconds": round(self.seconds, 3),
                "players": [s.to_json(fractions=fractions) for s in self.seats]}


def _pattern(text: str, ranking: Ranking) -> frozenset[int] | None:
    """Outcome indexes of ``flush+`` (that or better), ``flush`` (only that); else None."""
    names = outcomes(ranking)
    name, plus = (text[:-1], True) if text.endswith("+") else (text, False)
    if name not in names:
        return None
    index = names.index(name)
    return frozenset(range(index + 1)) if plus else frozenset({index})


def parse_seat(text: str, game: Game | str, ranking: Ranking | None = None) -> Seat:
    """A seat from text: cards and ``draws N`` or ``pat``, ``|`` between holdings, a pattern.

    ``"7s 5d 3c 2h draws 1"``, ``"pat 9c 8d 6h 4s 2c"``, ``"7s 5d 3c 2h"`` (draws
    one: a five-card game), ``"pat 9-low+"`` (any pat nine-low or better),
    ``"random draws 2"``, ``"Ks Kd | Qs Qd draws 3"``.
    """
    spec = get_game(game)
    rank = ranking or Situation.of(_dummy(spec), spec).ranking
    size = spec.hand_size
    words = text.replace("|", " | ").split()
    draws: int | None = None
    pattern: frozenset[int] | None = None
    random_hand = False
    cards_text: list[str] = []
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word == "pat":
            draws = 0
        elif word in ("draws", "draw"):
            if i + 1 >= len(words) or not words[i + 1].isdigit():
                raise HandSetupError(f"{text!r}: 'draws' needs a number, like 'draws 2'.")
            draws = int(words[i + 1])
            i += 1
        elif word in ("random", "any"):
            random_hand = True
        elif _pattern(word, rank) is not None:
            pattern = _pattern(word, rank)
        else:
            cards_text.append(words[i])
        i += 1
    options = [o for o in " ".join(cards_text).split("|")]
    holdings: list[tuple[Card, ...]] = []
    for option in options:
        if not option.strip():
            continue
        try:
            cards = tuple(as_cards(option))
        except CardParseError as error:
            raise HandSetupError(f"in {text!r}: {error}") from None
        if len(set(cards)) != len(cards):
            raise DuplicateCardError(f"{option.strip()!r} in {text!r} names a card twice.")
        holdings.append(cards)
    kinds = sum((bool(holdings), pattern is not None, random_hand))
    if kinds != 1:
        raise HandSetupError(
            f"{text!r}: a player is cards (\"7s 5d 3c 2h draws 1\", alternatives split by "
            f"'|'), a pattern of pat hands (\"pat 9-low+\") or \"random draws N\"."
        )
    if pattern is not None:
        if draws not in (None, 0):
            raise HandSetupError(f"{text!r}: a pattern is a range of pat hands; drop 'draws'.")
        return Seat(text, 0, pattern=pattern)
    if random_hand:
        if draws is None:
            raise HandSetupError(f"{text!r}: say how many cards the random hand draws "
                                 "('random draws 2') or 'random pat'.")
        return Seat(text, draws, random=size - draws)
    lengths = {len(h) for h in holdings}
    if len(lengths) != 1:
        raise HandSetupError(f"{text!r}: every holding of a range has the same number of cards.")
    held = lengths.pop()
    if draws is None:
        draws = size - held
    if held + draws != size or draws > spec.max_discard:
        raise HandSetupError(
            f"{text!r}: {held} card{'s' if held != 1 else ''} kept and {draws} drawn make "
            f"{held + draws}, but {spec.title} holds {size} and draws at most "
            f"{spec.max_discard}."
        )
    return Seat(text, draws, holdings=tuple(holdings))


def _dummy(game: Game) -> str:
    return "Ac Kd Qh Js 9c 8d 7h"[: 3 * game.hand_size - 1]


class _Table:
    """The game's ranking, deck and the fixed facts of one equity question."""

    def __init__(self, game: Game, ranking: Ranking, seats: Sequence[Seat],
                 dead: Sequence[int], draws_left: int, target: int) -> None:
        self.game = game
        self.ranking = ranking
        self.seats = seats
        self.size = game.hand_size
        self.draws_left = draws_left
        self.target = target
        self.score = ranking.scorer(game.hand_size)
        fixed: dict[int, str] = {}
        for card in dead:
            fixed[card] = "the dead cards"
        for seat in seats:
            if len(seat.holdings) == 1:
                for card in seat.holdings[0]:
                    if card in fixed:
                        raise DuplicateCardError(f"{card} is in both {fixed[card]} and "
                                                 f"{seat.text!r}.")
                    fixed[card] = repr(seat.text)
        for seat in seats:
            for holding in seat.holdings:
                for card in holding:
                    if not ranking.deck_mask >> card & 1:
                        raise HandSetupError(f"{card} (in {seat.text!r}) is not in the "
                                             f"{len(ranking.deck)}-card deck of {game.title}.")
        self.fixed = set(fixed)
        self.unseen = [int(c) for c in ranking.deck if int(c) not in self.fixed]
        self.patterns: dict[int, list[tuple[int, ...]]] = {}
        """Hands listed for each pattern seat (by seat index), made on first use."""


def equity(seats: Sequence[Seat | str], game: str | Game, *, dead: str | Iterable[int] = (),
           deck: int | None = None, draws_left: int = 1, target: int = 6,
           precision: float = 0.005, max_seconds: float = 10.0,
           rng: random.Random | int | None = None, exact: bool | None = None) -> Equity:
    """Win, tie and lose of every seat, dealing every card still to come.

    ``draws_left`` counts this draw and the ones after it (deuce-to-seven
    triple draw); later draws follow the policy toward ``target`` (a rank:
    6 = eight-low).  ``exact`` forces the method (default: exact when it
    fits).  ``rng`` seeds the Monte Carlo.
    """
    spec = get_game(game)
    probe = Situation.of(_dummy(spec), spec, deck=deck)
    ranking = probe.ranking
    parsed = [s if isinstance(s, Seat) else parse_seat(s, spec, ranking) for s in seats]
    if len(parsed) < 2:
        raise HandSetupError("equity needs two players or more.")
    if len(parsed) > spec.max_players:
        raise HandSetupError(f"{spec.title} seats at most {spec.max_players} players.")
    if not 1 <= draws_left <= spec.draws:
        raise HandSetupError(f"{spec.title} has {spec.draws} draw{'s' if spec.draws > 1 else ''}"
                             f": draws left must be 1 to {spec.draws}, not {draws_left}.")
    check_target(target)
    table = _Table(spec, ranking, parsed, [int(c) for c in as_cards(dead)], draws_left, target)
    start = time.perf_counter()
    cost = _exact_cost(table)
    fits = cost is not None and cost <= EXACT_LIMIT
    if exact or (exact is None and fits):
        if cost is None:
            raise HandSetupError("an exact count needs every player's draws to end at this "
                                 f"draw and at most {OPTIONS_LIMIT} combinations of ranges.")
        return _exact(table, start)
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    return _monte_carlo(table, generator, precision, max_seconds, start)


# -- exact ---------------------------------------------------------------------------


def _holdings(table: _Table, seat: Seat) -> list[tuple[int, ...]]:
    """Every holding of a seat (patterns and random hands listed from the unseen cards)."""
    if seat.holdings:
        return [tuple(int(c) for c in h) for h in seat.holdings]
    count = table.size if seat.pattern is not None else seat.random
    pool = np.array(table.unseen, dtype=np.uint8)
    hands = pool[colex(pool.size, count)]
    if seat.pattern is None:
        return [tuple(row) for row in hands.tolist()]
    from standpat.odds.tables import class_counts, strength_classes

    classes = strength_classes(class_counts(table.ranking), strengths(hands, table.ranking))
    keep = np.isin(classes, np.array(sorted(seat.pattern)))
    return [tuple(row) for row in hands[keep].tolist()]


def _exact_cost(table: _Table) -> int | None:
    """Final hands an exact count ranks, or None when it cannot be exact."""
    if table.draws_left > 1 and any(s.draws for s in table.seats):
        return None
    options = 1
    for seat in table.seats:
        if seat.holdings:
            options *= len(seat.holdings)
        elif seat.pattern is not None:
            options *= comb(len(table.unseen), table.size)
        else:
            options *= comb(len(table.unseen), seat.random)
    if options > OPTIONS_LIMIT:
        return None
    drawn = sum(s.draws for s in table.seats)
    ranged = sum(table.size - s.draws for s in table.seats if len(s.holdings) != 1)
    ways = comb(max(len(table.unseen) - ranged, 0), drawn) * _multinomial(
        [s.draws for s in table.seats])
    return options * ways * len(table.seats)


def _multinomial(parts: Sequence[int]) -> int:
    total, found = 0, 1
    for part in parts:
        total += part
        found *= comb(total, part)
    return found


def _splits(draws: Sequence[int]) -> list[list[Any]]:
    """Every way to hand ``sum(draws)`` drawn positions to the seats, as index arrays."""
    total = sum(draws)
    found: list[list[Any]] = []

    def walk(seat: int, left: tuple[int, ...], taken: list[Any]) -> None:
        if seat == len(draws):
            found.append(taken)
            return
        for pick in combinations(left, draws[seat]):
            rest = tuple(p for p in left if p not in pick)
            walk(seat + 1, rest, [*taken, np.array(pick, dtype=np.int64)])

    walk(0, tuple(range(total)), [])
    return found


def _exact(table: _Table, start: float) -> Equity:
    seats = table.seats
    choices = [_holdings(table, s) for s in seats]
    n = len(seats)
    wins = [0] * n
    ties = [Fraction(0)] * n
    tied = [0] * n
    deals = 0
    draws = [s.draws for s in seats]
    splits = _splits(draws)
    fixed = set(table.fixed)
    ranged = [len(s.holdings) != 1 for s in seats]
    for combo in product(*choices):
        held = [c for h in combo for c in h]
        if len(set(held)) != len(held) or any(
                r and fixed.intersection(h) for r, h in zip(ranged, combo, strict=True)):
            continue
        used = set(held) | fixed
        stub = np.array([c for c in table.ranking.deck if int(c) not in used], dtype=np.uint8)
        total = sum(draws)
        picks = stub[colex(stub.size, total)]
        by_split = []
        for split in splits:
            row = []
            for seat_index, holding in enumerate(combo):
                drawn = picks[:, split[seat_index]]
                kept = np.array(holding, dtype=np.uint8)
                hands = np.hstack([np.broadcast_to(kept, (picks.shape[0], kept.size)), drawn])
                row.append(strengths(hands, table.ranking))
            by_split.append(np.stack(row, axis=1))
        every = np.vstack(by_split)
        best = every.max(axis=1, keepdims=True)
        top = every == best
        count = top.sum(axis=1)
        for i in range(n):
            alone = top[:, i] & (count == 1)
            wins[i] += int(alone.sum())
            shared = top[:, i] & (count > 1)
            tied[i] += int(shared.sum())
            for k in np.unique(count[shared]):
                ties[i] += Fraction(int((shared & (count == k)).sum()), int(k))
        deals += every.shape[0]
    if not deals:
        raise HandSetupError("no deal is possible: the players' cards overlap in every way.")
    results = []
    for i, seat in enumerate(seats):
        win = Fraction(wins[i], deals)
        tie = Fraction(tied[i], deals)
        share = win + ties[i] / deals
        results.append(SeatResult(seat, float(win), float(tie), float(1 - win - tie),
                                  float(share), None, win, tie, share))
    return Equity(tuple(results), "exact", deals, time.perf_counter() - start)


# -- Monte Carlo ------------------------------------------------------------------------


def _sample_holding(table: _Table, index: int, seat: Seat, pool: list[int],
                    rng: random.Random) -> tuple[int, ...]:
    if seat.holdings:
        return tuple(int(c) for c in seat.holdings[rng.randrange(len(seat.holdings))])
    if seat.pattern is None:
        return tuple(rng.sample(pool, seat.random))
    listed = table.patterns.get(index)
    if listed is None:
        listed = table.patterns[index] = _holdings(table, seat)
        if not listed:
            raise HandSetupError(f"{seat.text!r}: no hand of that pattern is left to deal.")
    return listed[rng.randrange(len(listed))]


def _deal_once(table: _Table, rng: random.Random) -> list[int] | None:
    """One deal to the end: each seat's final strength (None when the ranges clash)."""
    seats = table.seats
    held: list[list[int]] = []
    used = set(table.fixed)
    for index, seat in enumerate(seats):
        pool = [c for c in table.unseen if c not in used] if seat.random else []
        holding = _sample_holding(table, index, seat, pool, rng)
        if len(seat.holdings) != 1 and used.intersection(holding):
            return None  # ranges that clash: the deal is drawn again
        used.update(holding)
        held.append(list(holding))
    stub = [c for c in table.ranking.deck if int(c) not in used]
    rng.shuffle(stub)
    seen = [set(h) for h in held]
    for step in range(table.draws_left):
        for i, seat in enumerate(seats):
            if step == 0:
                need = seat.draws
            elif not seat.draws:
                continue  # pat stays pat
            else:
                unseen = [c for c in table.ranking.deck if int(c) not in seen[i]]
                held[i] = keep_toward(held[i], table.target, unseen)
                need = table.size - len(held[i])
            if need > len(stub):
                raise HandSetupError("the stub ran out: too many cards drawn for this deck.")
            drawn = [stub.pop() for _ in range(need)]
            held[i].extend(drawn)
            seen[i].update(drawn)
    return [table.score(h) for h in held]


def _monte_carlo(table: _Table, rng: random.Random, precision: float, max_seconds: float,
                 start: float) -> Equity:
    n = len(table.seats)
    wins = [0] * n
    tied = [0] * n
    share = [0.0] * n
    square = [0.0] * n
    deals = 0
    clashes = 0
    while True:
        for _ in range(ROUND):
            strengths = _deal_once(table, rng)
            if strengths is None:
                clashes += 1
                if clashes > 100 * (deals + 1):
                    raise HandSetupError("the players' ranges almost always overlap.")
                continue
            best = max(strengths)
            top = [i for i in range(n) if strengths[i] == best]
            deals += 1
            for i in top:
                part = 1 / len(top)
                share[i] += part
                square[i] += part * part
                if len(top) == 1:
                    wins[i] += 1
                else:
                    tied[i] += 1
        widths = [_half_width(share[i], square[i], deals) for i in range(n)]
        if max(widths) <= precision or time.perf_counter() - start > max_seconds:
            break
    results = tuple(
        SeatResult(seat, wins[i] / deals, tied[i] / deals, 1 - (wins[i] + tied[i]) / deals,
                   share[i] / deals, _half_width(share[i], square[i], deals))
        for i, seat in enumerate(table.seats)
    )
    return Equity(results, "monte-carlo", deals, time.perf_counter() - start)


def _half_width(total: float, square: float, n: int) -> float:
    mean = total / n
    variance = max(square / n - mean * mean, 0.0) * n / max(n - 1, 1)
    return float(1.96 * (variance / n) ** 0.5)


def describe(seat: Seat) -> str:
    """A seat's holdings as text (for reports)."""
    if seat.holdings:
        return " | ".join(format_cards(h) for h in seat.holdings)
    return seat.text

