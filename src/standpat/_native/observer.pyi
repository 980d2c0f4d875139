from collections.abc import Iterable, Sequence

from typing_extensions import Buffer

class Recorder:
    """The event updates of a PokerObserver, in C (see ``standpat.env.observe``)."""

    street: int
    draw: int
    pointed: int

    def __init__(
        self,
        private: Buffer,
        public: Buffer,
        layout: tuple[int, ...],
        kinds: tuple[type, ...],
        amounts: tuple[str | None, ...],
        summary: tuple[int, ...],
        scale: float,
    ) -> None: ...
    def record(self, hand: object, events: Iterable[object], /) -> None: ...
    def set_seats(self, seats: Sequence[int], /) -> None: ...
    def block(self, seat: int, /, *turn: int) -> bytearray: ...
    def deal(self, hand: object, /) -> None: ...
