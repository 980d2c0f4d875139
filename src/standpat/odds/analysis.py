"""What to keep, and how often it gets there: every hold of a hand, exactly, best first.

:func:`analyse` takes a hand, its game and what is known (dead cards, draws
left) and returns an :class:`Analysis`: for every hold (or the one asked
for) the chance of each outcome, the chance to improve, and the chance of
the aim the holds are sorted by.

- High games (Five Card Draw 7-A on 32 or 36 cards, Five Card Draw, Seven
  Card Draw): the chance of each final category, in the game's own order.
  Five-card hands use the class-count tables (:mod:`~standpat.odds.tables`),
  Seven Card Draw every completion (:mod:`~standpat.odds.completions`); both
  are exact fractions.
- Deuce-to-seven and ace-to-five: the chance to finish at or under each low
  (``7-low`` .. ``A-low``; ace-to-five ``5-low``, the wheel, .. ``K-low``).
  With one draw left it is exact, from the tables; with two or
  three, the player re-draws by the policy of :mod:`~standpat.odds.lowpolicy`
  and the chances come from :mod:`~standpat.odds.lowball` (floats), for the
  lows of :data:`MULTI_DRAW_LOWS` and the ones the aim and "improve" need;
  :func:`with_fractions` counts the same chances of chosen holds exactly, in
  fractions, with the reference solver :mod:`~standpat.odds.lowball_exact`
  (up to seconds a hold).
- Badugi: the chance to finish with each badugi or better (``4-badugi``,
  4-3-2-A, .. ``K-badugi``, any badugi).  With one draw left it is exact, over
  every completion of each of the 16 holds; with two or three, the player
  re-draws by the policy of :mod:`~standpat.odds.badugi` (floats, or fractions
  with :func:`with_fractions`), for the 8-badugi and the badugi the aim and
  "improve" need (seconds each over every hold).

"Improve" means a better category than the hand holds now (high games), or
finishing with a better low than the hand holds now, any low when it holds
none (the low games).  An aim is ``improve``, an outcome "or better":
``flush`` (a flush or better), ``8-low`` (an eight-low or better), or
``strength``: the mean share of the deck's five-card hands (Badugi: four-card)
that the final hand beats (one draw; from value tables like the class counts).

>>> a = analyse("Qs Qd 9c 4h 2s", "five-card-draw")
>>> best = a.holds[0]
>>> [str(c) for c in best.keep], best.exact_improve, f"{best.improve:.1%}"
(['Qs', 'Qd'], Fraction(1552, 5405), '28.7%')
>>> a = analyse("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw", keep="7s 6d 3c 2h")
>>> a.holds[0].exact["7-low"]
Fraction(8, 47)
>>> a = analyse("7s 6d 3c 2h Kc", "deuce-to-seven-triple-draw", keep="7s 6d 3c 2h", draws=2)
>>> a.exact, a.holds[0].exact
(False, None)
>>> with_fractions(a, a.holds)[0].exact["7-low"]                # 1 - (39/47)(38/46)
Fraction(340, 1081)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Final

import numpy as np

from standpat.cards import Card
from standpat.engine.games import GAMES, Game, get_game
from standpat.errors import HandSetupError, UnknownGameError
from standpat.odds.badugi import chances as badugi_chances
from standpat.odds.completions import badugi_counts, completion_counts
from standpat.odds.lowball import chances
from standpat.odds.lowpolicy import low_rules
from standpat.odds.outcomes import LOWS, lowest_top, lows, outcome_of, outcomes
from standpat.odds.situation import Situation, parse_hold
from standpat.odds.tables import (
    DENSE_LIMIT,
    class_counts,
    hold_counts,
    hold_values,
    strength_percentiles,
)
from standpat.ranking import RankingName

__all__ = [
    "ANALYSED_RANKINGS", "IMPROVE", "MULTI_DRAW_LOWS", "STRENGTH", "Analysis", "Hold", "aims",
    "analyse", "with_fractions",
]

ANALYSED_RANKINGS: Final = frozenset({"high", "short-7a", "short-6a", "deuce-to-seven",
                                      "ace-to-five", "badugi"})
"""The rankings whose draw odds :func:`analyse` gives (others are refused with
:class:`~standpat.errors.UnknownGameError`)."""

IMPROVE: Final = "improve"
"""The aim of improving on the hand as it stands."""
STRENGTH: Final = "strength"
"""The aim of the strongest final hand on average (see :attr:`Hold.strength`)."""
MULTI_DRAW_LOWS: Final = LOWS[:4]
"""The lows every deuce-to-seven analysis over two or three draws gives: 7-low to T-low
(a worse low costs seconds over every hold; one is added when the aim or "improve" needs it).
Ace-to-five gives its first five, 5-low (the wheel) to 9-low (:func:`multi_draw_lows`)."""


def multi_draw_lows(ranking: RankingName) -> tuple[str, ...]:
    """The lows every analysis over two or three draws gives, for a low ranking (Badugi:
    the 8-badugi, each badugi target costing seconds over every hold)."""
    if ranking is RankingName.BADUGI:
        return ("8-badugi",)
    return MULTI_DRAW_LOWS if ranking is RankingName.DEUCE_TO_SEVEN else lows(ranking)[:5]


@dataclass(frozen=True, slots=True)
class Hold:
    """One way to draw: the cards kept and thrown, and the chances of the outcomes.

    ``probabilities`` maps each outcome to its chance: the chance of that
    final category (high games) or of finishing at or under that low
    (deuce-to-seven, ace-to-five; under Badugi, that badugi).  A single draw
    also keeps the counts behind them:
    ``tally`` (final hands per key of ``probabilities``), ``improved`` and
    ``completions``, from which :attr:`exact` and :attr:`exact_improve` are
    fractions; ``counts`` are the final hands per outcome of
    :func:`~standpat.odds.outcomes.outcomes`.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    probabilities: Mapping[str, float]
    improve: float
    chance: float
    """The chance of the analysis's aim (or the mean strength, for the aim ``strength``)."""
    tally: Mapping[str, int] | None = None
    improved: int | None = None
    counts: tuple[int, ...] | None = None
    completions: int | None = None
    strength: Fraction | None = None
    """Mean share of the deck's five-card hands (Badugi: four-card) the final hand beats
    (ties half), 0 to 1: the aim ``strength`` (one draw; not Seven Card Draw)."""
    fractions: Mapping[str, Fraction] | None = None
    """Several draws: ``probabilities`` counted exactly (:func:`with_fractions`), else None."""
    fraction_improve: Fraction | None = None
    """Several draws: ``improve`` counted exactly (:func:`with_fractions`), else None."""

    @property
    def exact(self) -> dict[str, Fraction] | None:
        """``probabilities`` as exact fractions (a single draw, or a hold given
        :func:`with_fractions`), else ``None``."""
        if self.fractions is not None:
            return dict(self.fractions)
        if self.tally is None or not self.completions:
            return None
        return {k: Fraction(v, self.completions) for k, v in self.tally.items()}

    @property
    def exact_improve(self) -> Fraction | None:
        """``improve`` as an exact fraction (as for :attr:`exact`), else ``None``."""
        if self.fraction_improve is not None:
            return self.fraction_improve
        if self.improved is None or not self.completions:
            return None
        return Fraction(self.improved, self.completions)

    def to_json(self, *, fractions: bool = False) -> dict[str, Any]:
        """The hold as in ``standpat odds --json``; ``fractions`` writes exact ones as "a/b"."""
        probabilities: dict[str, Any] = dict(self.probabilities)
        improve: Any = self.improve
        exact, exact_improve = self.exact, self.exact_improve
        if fractions and exact is not None and exact_improve is not None:
            probabilities = {k: _fraction_text(v) for k, v in exact.items()}
            improve = _fraction_text(exact_improve)
        return {
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "probabilities": probabilities,
            "improve": improve,
        }


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every hold analysed (or the one asked for), sorted best first for ``aim``."""

    situation: Situation
    aim: str
    now: str
    """The outcome of the hand as it stands."""
    holds: tuple[Hold, ...]
    exact: bool
    """Whether the chances are exact fractions (every single draw)."""

    @property
    def game(self) -> Game:
        """The game."""
        return self.situation.game

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The keys of each hold's ``probabilities``, best first."""
        names = outcomes(self.situation.ranking)
        return lows(self.situation.ranking) if self.situation.ranking.low else names

    def to_json(self, *, fractions: bool = False) -> dict[str, Any]:
        """``{"holds": [{"keep": ..., "discard": ..., "probabilities": ..., "improve": p}]}``."""
        return {"holds": [h.to_json(fractions=fractions) for h in self.holds]}


def aims(situation: Situation) -> tuple[str, ...]:
    """The aims a situation can be sorted by: improve, strength (one draw, but Seven Card
    Draw), then its outcomes (a low ranking's made hands)."""
    names = lows(situation.ranking) if situation.ranking.low else outcomes(situation.ranking)
    single = len(situation.hand) <= 5 and situation.draws == 1
    return (IMPROVE, *((STRENGTH,) if single else ()), *names)


def _check_aim(situation: Situation, aim: str) -> str:
    if aim in aims(situation):
        return aim
    known = ", ".join(aims(situation))
    raise HandSetupError(
        f"{aim!r} is not an aim for {situation.game.title}: expected one of {known} "
        "(an outcome means that outcome or better)."
    )


def analyse(hand: str | Iterable[int], game: str | Game = "five-card-draw", *,
            keep: str | Iterable[int] | None = None, dead: str | Iterable[int] = (),
            deck: int | None = None, draws: int | None = None, aim: str = IMPROVE) -> Analysis:
    """Analyse every hold of ``hand`` (or only ``keep``), sorted best first for ``aim``.

    ``dead`` are cards known to be out of the stub (own discards, cards seen
    or folded); ``deck`` is 32 or 36 for Five Card Draw 7-A; ``draws`` counts
    the draws left, this one included (the triple draws and Badugi: 1 to 3,
    default 3).  Bad input raises a ``ValueError`` subclass that says why.

    >>> a = analyse("Kd 8d 5h 2s", "badugi", draws=1)   # three-card 8-5-2: five clubs make it
    >>> a.now, [str(c) for c in a.holds[0].keep], a.holds[0].exact["8-badugi"]
    ('three-card', ['8d', '5h', '2s'], Fraction(5, 48))
    >>> a = analyse("7s 5d 3c 2h Kc", "ace-to-five-triple-draw", keep="7s 5d 3c 2h", draws=1)
    >>> a.holds[0].exact["7-low"]                                 # an ace, four or six
    Fraction(12, 47)
    >>> a = analyse("Kd 8d 5h 2s", "badugi", keep="8d 5h 2s", draws=2)
    >>> round(a.holds[0].probabilities["8-badugi"], 4), a.exact   # 1 - (43/48)(42/47)
    (0.1995, False)
    """
    spec = get_game(game)
    if spec.ranking.value not in ANALYSED_RANKINGS:
        known = ", ".join(g.name.value for g in GAMES.values()
                          if g.ranking.value in ANALYSED_RANKINGS)
        raise UnknownGameError(f"the draw odds of {spec.title} are not analysed yet; games "
                               f"analysed: {known}.")
    situation = Situation.of(hand, spec, dead=dead, deck=deck, draws=draws)
    aim = _check_aim(situation, aim)
    masks = ([situation.mask_of(parse_hold(situation, keep))] if keep is not None
             else list(situation.hold_masks()))
    kept = [situation.kept(m) for m in masks]
    now = outcome_of(situation.hand, situation.ranking)
    if situation.ranking.low and situation.draws > 1:
        found = _multi_draw(situation, kept, masks, now, aim)
        exact = False
    else:
        found = _single_draw(situation, kept, masks, now, aim)
        exact = True
    order = sorted(range(len(found)), key=lambda i: found[i][1], reverse=True)
    return Analysis(situation, aim, now, tuple(found[i][0] for i in order), exact)


def _discard(situation: Situation, mask: int) -> tuple[Card, ...]:
    return situation.kept(~mask & ((1 << len(situation.hand)) - 1))


def _single_draw(situation: Situation, kept: list[tuple[Card, ...]], masks: list[int],
                 now: str, aim: str) -> list[tuple[Hold, tuple[float, ...]]]:
    names = outcomes(situation.ranking)
    values: Any = None
    if situation.ranking.name is RankingName.BADUGI:
        rows, beats, scale = badugi_counts(situation, masks)
        if aim == STRENGTH:
            values = (beats, scale)
    elif len(situation.hand) == 5 and len(situation.hand) + len(situation.dead) <= DENSE_LIMIT:
        table = hold_counts(class_counts(situation.ranking), situation.hand, situation.dead)
        rows = table[masks]
        if aim == STRENGTH:
            sums = strength_percentiles(situation.ranking)
            values = (hold_values(sums, situation.hand, situation.dead)[masks].tolist(),
                      sums.scale)
    else:
        found_rows = completion_counts(situation, masks)
        rows = np.array([found_rows[m] for m in masks], dtype=np.int64)
        if aim == STRENGTH:
            raise HandSetupError(f"the aim {STRENGTH!r} needs at most {DENSE_LIMIT - 5} "
                                 "dead cards.")
    low = situation.ranking.low
    made = lows(situation.ranking)
    current = names.index(now)
    keys = made if low else names
    better = min(current, len(made)) if low else current
    upto = names.index(aim) + 1 if aim in names else 0
    totals = [comb(len(situation.stub), len(situation.hand) - len(k)) for k in kept]
    if rows.sum(axis=1).tolist() != totals:
        raise AssertionError(f"completions {rows.sum(axis=1).tolist()}, expected {totals}")
    tallies = (np.cumsum(rows[:, :len(made)], axis=1) if low else rows).tolist()
    improved = rows[:, :better].sum(axis=1).tolist()
    aimed = rows[:, :upto].sum(axis=1).tolist()
    means = (rows @ np.arange(rows.shape[1])).tolist()
    counts = rows.tolist()
    found: list[tuple[Hold, tuple[float, ...]]] = []
    for i, keep in enumerate(kept):
        total = totals[i]
        strength = None if values is None else Fraction(values[0][i], total * values[1])
        if aim == IMPROVE:
            target = improved[i] / total
        elif strength is not None:
            target = float(strength)
        else:
            target = aimed[i] / total
        tally = tallies[i]
        hold = Hold(
            keep=keep, discard=_discard(situation, masks[i]),
            probabilities={k: n / total for k, n in zip(keys, tally, strict=True)},
            improve=improved[i] / total, chance=target,
            tally=dict(zip(keys, tally, strict=True)), improved=improved[i],
            counts=tuple(counts[i]), completions=total, strength=strength,
        )
        found.append((hold, (target, improved[i] / total, -means[i] / total, float(len(keep)))))
    return found


def _better_low(situation: Situation, now: str) -> int:
    """Index in :func:`~standpat.odds.outcomes.lows` of the low that "improve" means for a
    hand that is ``now``; -1: none."""
    made = lows(situation.ranking)
    current = outcomes(situation.ranking).index(now)
    return current - 1 if 0 < current < len(made) else (len(made) - 1 if current else -1)


def with_fractions(analysis: Analysis, holds: Iterable[Hold]) -> tuple[Hold, ...]:
    """``holds`` of ``analysis`` with their chances as exact fractions.

    A single draw's holds have them already; a deuce-to-seven or ace-to-five hold over
    several draws is counted again by the reference solver
    (:func:`standpat.odds.lowball_exact.chance`, the same re-drawing policy), from a few
    milliseconds to several seconds a hold (the longest: drawing five with three draws to
    come); a Badugi hold by :func:`standpat.odds.badugi.chance` in fractions.
    """
    from dataclasses import replace

    from standpat.odds.badugi import chance as badugi_chance
    from standpat.odds.lowball_exact import chance

    s = analysis.situation
    better = _better_low(s, analysis.now) if s.ranking.low else -1
    made = lows(s.ranking)
    hand = [int(c) for c in s.hand]
    stub = [int(c) for c in s.stub]
    out = []
    for hold in holds:
        if hold.exact is not None:
            out.append(hold)
            continue
        keep = [int(c) for c in hold.keep]
        fractions = {}
        for name in hold.probabilities:
            if s.ranking.name is RankingName.BADUGI:
                found = badugi_chance(keep, stub, target=lowest_top(s.ranking) + made.index(name),
                                      draws=s.draws, exact=True)
            else:
                rules = low_rules(s.ranking)
                found = chance(hand, keep, target=rules.target(name), draws=s.draws, stub=stub,
                               exact=True, rules=rules)
            assert isinstance(found, Fraction)
            fractions[name] = found
        improve = fractions[made[better]] if better >= 0 else Fraction(0)
        out.append(replace(hold, fractions=fractions, fraction_improve=improve))
    return tuple(out)


def _chances(situation: Situation, hand: list[int], holds: list[list[int]], stub: list[int],
             name: str) -> Any:
    """Chance of each hold to end at or under the low (or badugi) ``name``, several draws."""
    if situation.ranking.name is RankingName.BADUGI:
        target = lowest_top(situation.ranking) + lows(situation.ranking).index(name)
        return badugi_chances(holds, stub, target=target, draws=situation.draws)
    rules = low_rules(situation.ranking)
    return chances(hand, holds, stub, target=rules.target(name), draws=situation.draws,
                   rules=rules)


def _multi_draw(situation: Situation, kept: list[tuple[Card, ...]], masks: list[int],
                now: str, aim: str) -> list[tuple[Hold, tuple[float, ...]]]:
    hand = [int(c) for c in situation.hand]
    stub = [int(c) for c in situation.stub]
    holds = [[int(c) for c in k] for k in kept]
    better = _better_low(situation, now)
    made = lows(situation.ranking)
    wanted = set(multi_draw_lows(situation.ranking.name))
    if better >= 0:
        wanted.add(made[better])
    if aim != IMPROVE:
        wanted.add(aim)
    by_target = {name: _chances(situation, hand, holds, stub, name)
                 for name in made if name in wanted}
    found: list[tuple[Hold, tuple[float, ...]]] = []
    for i, keep in enumerate(kept):
        probabilities = {name: float(p[i]) for name, p in by_target.items()}
        improve = probabilities[made[better]] if better >= 0 else 0.0
        target = improve if aim == IMPROVE else probabilities[aim]
        hold = Hold(keep=keep, discard=_discard(situation, masks[i]), probabilities=probabilities,
                    improve=improve, chance=target)
        found.append((hold, (target, improve, sum(probabilities.values()), float(len(keep)))))
    return found
