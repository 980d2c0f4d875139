"""The ``strong`` bot: Monte Carlo draw equity against ranges read from the table."""

from __future__ import annotations

import random
from itertools import combinations

from standpat.bots.equity import equity, library
from standpat.bots.exact import hold_potentials, prepare_exact
from standpat.bots.reading import Reading, bet_or_raise, first_legal, read, sized
from standpat.bots.strength import DrawModel
from standpat.engine import Action, ActionKind, Game, SeatView, get_game

__all__ = ["DRAW_SAMPLES", "EXACT_CANDIDATES", "SAMPLES", "StrongBot", "prepare", "prepare_game"]

CALL_MARGIN = 0.03
"""Equity over the pot odds a call needs once the draws are over."""
EXACT_CANDIDATES = 3
"""Holds with the best exact potential added to the candidates at a five-card last draw."""
SAMPLES = 500
"""Simulated deals behind a betting decision (the default of ``samples``)."""
DRAW_SAMPLES = 240
"""Simulated deals behind each candidate keep of a draw, at the default ``samples``."""


def prepare(model: DrawModel, exact: bool = True) -> None:
    """Build a model's tables and range libraries now (the first decision would otherwise)."""
    model.final_table()
    if exact:
        prepare_exact(model)
    for left in range(model.draws, 0, -1):
        library(model, left, exact)


def prepare_game(game: str | Game, exact: bool = True) -> None:
    """Build the tables of every ranking ``game`` deals with (up to a second or two each).

    Call it before timing decisions: the first decision of a game builds them.
    """
    spec = get_game(game)
    rankings = {spec.deck_for(n)[1] for n in range(spec.min_players, spec.max_players + 1)}
    for ranking in sorted(rankings):
        prepare(DrawModel.of(ranking, spec.hand_size, spec.draws, spec.max_discard), exact)


class StrongBot:
    """Decides on its share of the pot, simulated against plausible opponent hands.

    Each opponent's hand is dealt from a range: before his draw, the better
    part of random deals the more he bet and raised; after it, hands a
    rule-of-thumb player keeps when he throws the number of cards he threw
    (a pat hand is strong, a three-card draw weak), weighted to his stronger
    showdown hands for each bet or raise since.  Every remaining draw is played
    out.  Draws: the candidate keeps (the rule of thumb, stand pat, every
    one-card draw and a few more) are compared on common random deals.
    Betting: value bets and raises above fixed equity thresholds, calls when
    the equity beats the pot odds, bluffs now and then at a final-round
    opponent who drew two or more; pot-limit and no-limit sizes grow with the
    equity.

    Every decision counts its samples (``samples`` deals for a bet; for a draw,
    :attr:`draw_samples` for each candidate keep) and never looks at a clock, so a
    seeded bot makes the same decisions on any machine at any load; the tables
    and range libraries it needs are built before it samples (:func:`prepare`).

    Exact draw odds (``exact``, the default): at a five-card hand's last draw
    the candidates include the holds with the best exact potential (mean
    showdown percentile, :mod:`standpat.bots.exact`), each candidate's
    simulated share is corrected by its exact potential (a control variate),
    and the pre-draw ranges are ranked by exact potentials instead of three
    sampled draws each.
    ``exact=False`` is the bot as it was before, for comparisons.
    """

    def __init__(self, rng: random.Random | None = None, samples: int = SAMPLES,
                 exact: bool = True) -> None:
        """A bot sampling with ``rng``, ``samples`` simulated deals a betting decision."""
        if samples < 1:
            raise ValueError(f"the strong bot needs at least one sample, not {samples}.")
        self.rng = rng or random.Random()
        self.samples = samples
        self.exact = exact

    @property
    def draw_samples(self) -> int:
        """Simulated deals for each candidate keep of a draw."""
        return max(1, round(self.samples * DRAW_SAMPLES / SAMPLES))

    def act(self, view: SeatView) -> Action:
        """A legal action for the seat to act."""
        legal = view.legal
        if legal is None:
            raise ValueError("act() needs the view of the seat to act.")
        reading = read(view)
        prepare(reading.model, self.exact)
        if ActionKind.DISCARD in legal.kinds:
            thrown = self.draw(reading, legal.max_discard)
            return first_legal(legal, [Action.discard(thrown)])
        share = equity(reading.model, reading.hand, max(reading.draws_left, 0), reading.dead,
                       reading.ranges, rng=self.rng, samples=self.samples, exact=self.exact)
        return self.bet(view, reading, share)

    # -- the draw -------------------------------------------------------------------

    def candidates(self, reading: Reading, max_discard: int) -> list[frozenset[int]]:
        """Keeps worth comparing: the rule of thumb first."""
        model, hand = reading.model, reading.hand
        n = len(hand)
        least = n - max_discard
        rule = model.keep(hand, reading.draws_left)
        found = [rule]
        potentials = hold_potentials(model, hand, reading.dead) if (
            self.exact and reading.draws_left == 1) else None
        if potentials is not None:
            ranked = sorted(range(1 << n), key=potentials.__getitem__, reverse=True)
            found.extend(frozenset(c for i, c in enumerate(hand) if m >> i & 1)
                         for m in ranked[:EXACT_CANDIDATES] if m.bit_count() >= least)
        found.append(frozenset(hand))
        worst = min if not model.ranking.low else max
        if len(rule) > max(least, 0) and rule:
            shift = 1 if model.ranking.ace_low else 0  # aces low: the ace is the lowest
            found.append(rule - {worst(rule, key=lambda c: ((c >> 2) + shift) % 13)})
        if n <= 5:  # five cards, or Badugi's four: each hand of one card fewer
            found.extend(frozenset(k) for k in combinations(hand, n - 1))
        else:
            rest = sorted((c for c in hand if c not in rule), key=lambda c: c >> 2)
            if rest and len(rule) < n - 1:
                found.append(rule | {rest[-1] if not model.ranking.low else rest[0]})
            best = max(combinations(hand, 5), key=model.ranking.strength)
            found.append(frozenset(best))
        unique: list[frozenset[int]] = []
        for keep in found:
            if len(keep) >= least and keep not in unique:
                unique.append(keep)
        return unique[:8]

    def draw(self, reading: Reading, max_discard: int) -> list[int]:
        """The cards to throw: the keep with the best simulated share of the pot.

        With exact draw odds at a last draw, each keep's share is corrected by
        its exact mean showdown percentile (a control variate, see
        :func:`~standpat.bots.equity.equity`).
        """
        options = self.candidates(reading, max_discard)
        potentials = hold_potentials(reading.model, reading.hand, reading.dead) if (
            self.exact and reading.draws_left == 1) else None
        seed = self.rng.getrandbits(32)
        best_keep, best_share = options[0], -1.0
        for i, keep in enumerate(options):
            mean = None if potentials is None else potentials[
                sum(1 << j for j, c in enumerate(reading.hand) if c in keep)]
            share = equity(reading.model, reading.hand, reading.draws_left, reading.dead,
                           reading.ranges, keep=keep, rng=random.Random(seed),
                           samples=self.draw_samples, exact=self.exact, mean_percentile=mean)
            if i == 0:
                share += 0.015  # the rule of thumb wins near-ties: sampling noise is not an edge
            if share > best_share:
                best_keep, best_share = keep, share
        return [c for c in reading.hand if c not in best_keep][:max_discard]

    # -- betting --------------------------------------------------------------------

    def bet(self, view: SeatView, reading: Reading, share: float) -> Action:
        """Bet, raise, call, check or fold on ``share``, the simulated share of the pot."""
        legal = view.legal
        assert legal is not None
        opponents = max(1, len(reading.opponents))
        fair = 1 / (opponents + 1)
        value_at = fair + 0.04 + 0.02 * opponents
        raise_at = fair + 0.14 + 0.02 * opponents + 0.05 * max(0, reading.raises - 1)
        if not reading.raises:
            raise_at = value_at  # only the blinds in: raise as it would bet
        size = 1.0 if share >= 0.85 else 0.75 if share >= 0.7 else 0.5
        if not legal.to_call:
            if share >= value_at:
                return first_legal(legal, bet_or_raise(sized(view, legal, size)))
            if self.bluffs(reading, share):
                return first_legal(legal, bet_or_raise(sized(view, legal, 1.0)))
            return first_legal(legal, [Action.check()])
        if share >= raise_at:
            return first_legal(legal, [*bet_or_raise(sized(view, legal, size)), Action.call()])
        margin = CALL_MARGIN if reading.draws_left <= 0 else 0.0
        if not reading.last_to_act and reading.draws_left > 0:
            margin += 0.03  # out of position with betting to come
        if share >= reading.odds + margin:
            return first_legal(legal, [Action.call()])
        return first_legal(legal, [Action.fold()])

    def bluffs(self, reading: Reading, share: float) -> bool:
        """Whether to bet a weak hand at the end: heads-up, against a weak draw or a check."""
        if reading.draws_left > 0 or len(reading.ranges) != 1 or share >= 0.3:
            return False
        opp = reading.ranges[0]
        weak = opp.drawn is not None and opp.drawn >= 2
        checked_to = reading.last_to_act and reading.raises == 0
        chance = (0.5 if weak else 0.0) + (0.3 if checked_to else 0.0)
        return self.rng.random() < chance

