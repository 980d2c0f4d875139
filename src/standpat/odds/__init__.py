"""Draw odds, exactly: what to keep, how often it gets there, and who wins at a draw.

- :func:`analyse`: every hold of a hand (or one), with the exact chance of
  each final outcome, the chance to improve and the aim the holds are sorted
  by.  A five-card hand's 32 holds come from precomputed class counts by
  inclusion-exclusion (:mod:`~standpat.odds.tables`, well under a
  millisecond); Seven Card Draw and Badugi from every completion;
  deuce-to-seven and ace-to-five over two or three draws from a dynamic
  programme over rank counts (:mod:`~standpat.odds.lowball`), Badugi from one
  over its grid of ranks and suits (:mod:`~standpat.odds.badugi`).
- :func:`equity`: hands and ranges against each other at a draw, exactly
  when it fits, else Monte Carlo with a 95% interval.
- :func:`hint`: the best holds at a seat's draw, as JSON-ready data, for
  practice tables.

>>> import standpat.odds as odds
>>> best = odds.analyse("Qs Qd 9c 4h 2s", "five-card-draw").holds[0]
>>> " ".join(map(str, best.keep)), best.exact_improve
('Qs Qd', Fraction(1552, 5405))
>>> odds.analyse("7s 6d 3c 2h Kc", "deuce-to-seven-single-draw",
...              keep="7s 6d 3c 2h").holds[0].exact["7-low"]
Fraction(8, 47)
>>> r = odds.equity(["7s 5d 3c 2h draws 1", "pat 9c 8d 6h 4s 2c"], "deuce-to-seven-single-draw")
>>> r.method, round(r.seats[0].equity, 4)
('exact', 0.2791)
"""

from __future__ import annotations

from standpat.odds.analysis import IMPROVE, STRENGTH, Analysis, Hold, aims, analyse
from standpat.odds.equities import Equity, Seat, SeatResult, equity, parse_seat
from standpat.odds.hints import hint, hint_lines
from standpat.odds.outcomes import LOWS, outcome_of, outcomes
from standpat.odds.situation import Situation

__all__ = [
    "IMPROVE",
    "LOWS",
    "STRENGTH",
    "Analysis",
    "Equity",
    "Hold",
    "Seat",
    "SeatResult",
    "Situation",
    "aims",
    "analyse",
    "equity",
    "hint",
    "hint_lines",
    "outcome_of",
    "outcomes",
    "parse_seat",
]
