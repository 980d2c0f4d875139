from collections.abc import Sequence

from typing_extensions import Buffer

class Scorer:
    """Strength of a fixed number of card ints under one ranking (-1: use the Python path)."""

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
