"""standpat: a card room and rules engine for draw poker and Bruce's Pinochle.

The core API, light to import (no numpy until a batch call):

>>> import standpat
>>> standpat.parse_cards("As Kd 7h")
[Card('As'), Card('Kd'), Card('7h')]
>>> value = standpat.evaluate("Ah 7c 8d 9s Th", "short-7a")
>>> str(value), value.category.value
('Straight, ten high', 'straight')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from standpat.batch import evaluate_batch
from standpat.cards import (
    CARDS,
    PINOCHLE,
    SHORT_6A,
    SHORT_7A,
    STANDARD,
    Card,
    CardSet,
    format_cards,
    parse_card,
    parse_cards,
)
from standpat.errors import (
    CardError,
    CardNotInDeckError,
    CardParseError,
    DuplicateCardError,
    HandSizeError,
    IllegalActionError,
    StandpatError,
    UnknownRankingError,
)
from standpat.ranking import Category, HandValue, Ranking, RankingName, evaluate, get_ranking

if TYPE_CHECKING:
    from standpat.simulation import SimulationResult

__version__ = "0.1.0"


def simulate(*args: Any, **kwargs: Any) -> SimulationResult:
    """Bots against bots over many hands, on every core or on Ray: a table per seat.

    The same as :func:`standpat.simulation.simulate` (imported on first use);
    ``pandas.DataFrame(standpat.simulate(...))`` makes a data frame of it.
    """
    from standpat.simulation import simulate as run

    return run(*args, **kwargs)

__all__ = [
    "CARDS",
    "PINOCHLE",
    "SHORT_6A",
    "SHORT_7A",
    "STANDARD",
    "Card",
    "CardError",
    "CardNotInDeckError",
    "CardParseError",
    "CardSet",
    "Category",
    "DuplicateCardError",
    "HandSizeError",
    "HandValue",
    "IllegalActionError",
    "Ranking",
    "RankingName",
    "StandpatError",
    "UnknownRankingError",
    "__version__",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "get_ranking",
    "parse_card",
    "parse_cards",
    "simulate",
]
