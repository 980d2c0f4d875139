from collections.abc import Sequence

from typing_extensions import Buffer

class Scorer:
    """Strength of a fixed number (4 to 7) of card ints under one ranking (-1: use the Python
    path)."""

    def __init__(
        self,
        keys: Buffer,
        places: Buffer,
        values: Buffer,
        flush: Buffer,
        size: int,
        low: bool,
        keys5: Buffer = ...,
        places5: Buffer = ...,
        values5: Buffer = ...,
    ) -> None: ...
    def __call__(self, cards: Sequence[int], /) -> int: ...

class Evaluator:
    """``evaluate(cards, ranking)`` on its common path; anything else goes to ``slow``."""

    def __init__(
        self,
        rankings: dict[object, int],
        scorers: tuple[tuple[Scorer | None, Scorer | None, Scorer | None, Scorer | None], ...],
        decks: tuple[int, ...],
        names: tuple[object, ...],
        cards: tuple[object, ...],
        value_type: type,
        slow: object,
    ) -> None: ...
    def __call__(self, cards: object, ranking: object, /) -> object: ...
    def install(self, ranking: int, size: int, scorer: Scorer, /) -> None: ...
