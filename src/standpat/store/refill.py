"""The play-money refill rule: when a player may ask the bank to top his bankroll up.

A player whose *holdings* (bankroll plus the chips in front of him at every table)
are below ``below`` chips may refill: the bank gives him ``to - holdings`` chips, so
that his holdings come to ``to``.  He may do so once every ``every`` seconds.  The
store applies the rule in one transaction (:meth:`standpat.store.ledger.Ledger.refill`).

>>> rule = RefillRule(below=1_000, to=10_000, every=3600)
>>> rule.amount(300)
9700
>>> rule.amount(1_000)
0
>>> from datetime import UTC, datetime
>>> last = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
>>> rule.next_at(last)
datetime.datetime(2026, 12, 3, 13, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

__all__ = ["REFILL", "RefillRule"]

REFILL: Final = "refill"
"""The ledger ``kind`` of a refill's rows."""


@dataclass(frozen=True, slots=True)
class RefillRule:
    """Below ``below`` chips of holdings, a player may refill them to ``to``, once every
    ``every`` seconds."""

    below: int
    to: int
    every: float

    def __post_init__(self) -> None:
        if not 0 < self.below <= self.to:
            raise ValueError(f"a refill needs 0 < below <= to; got {self.below} and {self.to}.")
        if self.every < 0:
            raise ValueError(f"the refill interval is not negative; got {self.every}.")

    def amount(self, holdings: int) -> int:
        """The chips a player holding ``holdings`` would get (0: he holds enough)."""
        return self.to - holdings if holdings < self.below else 0

    def next_at(self, last: datetime | None) -> datetime | None:
        """When a player who last refilled at ``last`` may refill again (None: any time)."""
        return None if last is None else last + timedelta(seconds=self.every)

    def describe(self) -> str:
        """The rule in one English sentence."""
        hours = self.every / 3600
        return (
            f"when your bankroll and the chips you have on tables add up to less than "
            f"{self.below:,}, the bank brings them back to {self.to:,}; once every "
            f"{hours:g} hour{'s' if hours != 1 else ''}."
        )
