"""A live table's core driven in memory: its effects carried out by a fake that answers writes
as a store would, its clock a number (tests/server/test_core.py, test_table_memory.py)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from standpat.server.live import TableCore
from standpat.server.live import writes as w
from standpat.server.live.effects import (
    Broadcast,
    Effect,
    ReadAccount,
    Send,
    SendState,
    Steps,
    Tell,
    Think,
    Write,
)
from standpat.server.seatbots import calling_station
from standpat.store import Account


class Outbox:
    """A connection that keeps what it is sent."""

    def __init__(self, ident: int) -> None:
        self.id = ident
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


@dataclass
class Fake:
    """Carries out a core's effects in memory: writes answered as the store would, sends
    kept, bots played by the house's calling station."""

    core: TableCore
    effects: list[Effect] = field(default_factory=list)
    rounds: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    accounts: dict[int, str] = field(default_factory=dict)
    refuse: Callable[[w.WriteOp], Exception | None] = lambda op: None

    def run(self, steps: Steps[Any]) -> Any:
        answer: Any = None
        failure: Exception | None = None
        while True:
            try:
                effect = steps.throw(failure) if failure else steps.send(answer)
            except StopIteration as done:
                return done.value
            self.effects.append(effect)
            answer, failure = None, None
            try:
                answer = self.answer(effect)
            except Exception as error:
                failure = error

    def answer(self, effect: Effect) -> Any:
        if isinstance(effect, Write):
            results: list[Any] = []
            for op in effect.ops:
                refused = self.refuse(op)
                if refused is not None:
                    raise refused
                if isinstance(op, w.BeginRound):
                    results.append(next(self.rounds))
                elif isinstance(op, w.SeatBot):
                    ident = 1000 + op.seat
                    self.accounts[ident] = op.name
                    results.append(Account(ident, op.name, True, ""))
                else:
                    results.append(None)
            return results
        if isinstance(effect, ReadAccount):
            return Account(effect.account, self.accounts[effect.account], False, "")
        if isinstance(effect, Think):
            return calling_station(effect.view)
        if isinstance(effect, SendState):
            effect.outbox.send(self.core.state_of(effect.outbox, full=effect.full))
        elif isinstance(effect, Send):
            effect.outbox.send(effect.body)
        elif isinstance(effect, Tell):
            self.core.audience.tell(effect.body)
        elif isinstance(effect, Broadcast):
            self.core.broadcast()
        return None

    def writes(self) -> list[w.WriteOp]:
        return [op for e in self.effects if isinstance(e, Write) for op in e.ops]


class Clock:
    def __init__(self) -> None:
        self.time = 100.0

    def __call__(self) -> float:
        return self.time
