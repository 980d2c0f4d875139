"""A tournament played out on the rules engine's tables, without a clock or a card room.

:class:`TournamentPlay` carries out a :class:`~standpat.tournament.core.Tournament`'s
effects on tournament :class:`~standpat.table.Table` objects (every player dealt in every
hand, no one sitting out) and asks ``decide`` for every decision.  Its tables deal
independently: each step either deals a hand at a table that may deal or takes one action
at a table in a hand, chosen by its ``rng``; the tournament's clock is played time,
``seconds_per_action`` an action at one table (the tables share the time).  The same seed
gives the same tournament, hand for hand.

Researchers use it to play bots through whole tournaments; the room's tournament service
drives the same core through its hosted tables.

>>> import random
>>> from standpat.bots import make_bot
>>> from standpat.tournament import Level, Structure, TournamentSpec
>>> bot = make_bot("easy", rng=random.Random(2))
>>> def decide(player, view):
...     return bot.act(view)
>>> spec = TournamentSpec("sng", Structure("s", (Level(25, 50), Level(100, 200)), 60.0, 500),
...                       seats=3, buy_in=10, max_entrants=3)
>>> play = TournamentPlay(spec, "five-card-draw", "no-limit", decide, random.Random(4))
>>> for name in ("ann", "bob", "cy"):
...     play.register(name)
>>> play.run()
>>> play.tournament.phase, sum(play.paid.values()), len(play.tournament.results())
(<Phase.FINISHED: 'finished'>, 30, 3)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from standpat.engine import Action, Hand, SeatView
from standpat.errors import TournamentError
from standpat.table import Table
from standpat.tournament.balance import Move
from standpat.tournament.core import (
    Charge,
    CloseTable,
    Effect,
    OpenTable,
    Pay,
    Phase,
    Refund,
    Seat,
    Tournament,
    TournamentSpec,
)

__all__ = ["Decide", "HandPlayed", "TournamentPlay"]

Decide = Callable[[str, SeatView], Action]
"""A player's decision: his name and what he sees -> his action."""


@dataclass(frozen=True)
class HandPlayed:
    """A hand played to its end at one of the tournament's tables (for its history)."""

    table: int
    """The tournament's table number."""
    number: int
    """The hand's number in the tournament (from 1)."""
    level: int
    """The level it was played at (from 1, as histories count levels)."""
    hand: Hand
    names: tuple[str, ...]
    """The players' names, in the hand's seat order."""
    seats: tuple[int, ...]
    """Their table seats (from 1, as histories count seats), in the hand's seat order."""
    seat_count: int
    button_seat: int | None
    """The button's table seat (from 1)."""


class TournamentPlay:
    """One tournament dealt on engine tables (see the module's docstring)."""

    def __init__(self, spec: TournamentSpec, game: str, structure: str, decide: Decide,
                 rng: random.Random, *, seconds_per_action: float = 1.0,
                 on_hand: Callable[[HandPlayed], None] | None = None) -> None:
        self.tournament = Tournament(spec, random.Random(rng.randrange(2**63)))
        self.game = game
        self.structure = structure
        self.decide = decide
        self.rng = rng
        self.seconds_per_action = seconds_per_action
        self.on_hand = on_hand
        """Called with each hand played to its end (to write its history, say)."""
        self.tables: dict[int, Table] = {}
        """The tournament's open tables by number."""
        self.paid: Counter[str] = Counter()
        """Prizes paid, by player."""
        self.charged = 0
        """Buy-ins and fees taken, less refunds."""
        self.effects: list[Effect] = []
        """Every effect carried out, in order."""
        self.hands = 0
        """Hands played to their end."""
        self.move_seconds: list[float] = []
        """The CPU seconds of each hand's end that moved players (the core's answer and the
        moves at the tables)."""
        self._at_start: dict[int, dict[int, int]] = {}
        self._levels: dict[int, int] = {}

    # -- registration -------------------------------------------------------------------

    def register(self, player: str) -> None:
        """Enter ``player`` (a sit-and-go that becomes full starts)."""
        self._carry_out(self.tournament.register(player))

    def start(self) -> None:
        """Start the tournament: the seats are drawn and the tables open."""
        self._carry_out(self.tournament.start())

    # -- play ---------------------------------------------------------------------------

    def chips(self) -> int:
        """Every chip at the tables (the tournament's chips: entries times the stack)."""
        return sum(table.chips_in_play() for table in self.tables.values())

    def run(self, max_steps: int = 10_000_000) -> None:
        """Play to the end (TournamentError past ``max_steps`` steps)."""
        for _ in range(max_steps):
            if not self.step():
                return
        raise TournamentError(f"{self.tournament.spec.name} did not end in {max_steps} steps.")

    def step(self) -> bool:
        """Deal a hand somewhere or take one action (False once the tournament is over)."""
        t = self.tournament
        if t.phase is not Phase.RUNNING:
            return False
        live = [n for n, table in sorted(self.tables.items()) if table.playing]
        ready = [n for n in sorted(t.tables) if n not in live and t.may_deal(n)]
        if not live and not ready:
            moment = t.moment()
            if moment.on_break:
                t.advance(moment.seconds_left)
                return True
            raise TournamentError(f"{t.spec.name} stalled: no table may deal.")
        if ready and (not live or self.rng.random() < len(ready) / (len(ready) + len(live))):
            self._deal(self.rng.choice(ready))
        else:
            self._act(self.rng.choice(live))
        return True

    def _deal(self, number: int) -> None:
        t, table = self.tournament, self.tables[number]
        table.stakes = t.spec.structure.level_at(t.moment().level).stakes
        if table.first_button is None:  # the first hand's button, drawn
            table.first_button = self.rng.choice(sorted(t.tables[number]))
        level = t.hand_started(number, table.next_plan().bb)
        self._levels[number] = t.moment().level + 1
        table.stakes = level.stakes
        self._at_start[number] = {seat: table.stack(seat) for seat in t.tables[number]}
        table.start_hand(self.rng)
        if not table.playing:
            self._hand_over(number)

    def _act(self, number: int) -> None:
        table = self.tables[number]
        seat = table.to_act
        hand = table.hand
        assert seat is not None and hand is not None
        player = table.player(seat)
        assert player is not None
        table.act(seat, self.decide(player.name, hand.view(table.dealt.index(seat))))
        self.tournament.advance(self.seconds_per_action / len(self.tables))
        if not table.playing:
            self._hand_over(number)

    def _hand_over(self, number: int) -> None:
        t, table = self.tournament, self.tables[number]
        self.hands += 1
        level = self._levels.pop(number)
        hand = table.hand
        if self.on_hand is not None and hand is not None:
            names = tuple(p.name for s in table.dealt if (p := table.player(s)) is not None)
            self.on_hand(HandPlayed(number, self.hands, level, hand, names,
                                    tuple(s + 1 for s in table.dealt), table.seats,
                                    None if table.button is None else table.button + 1))
        began = time.process_time()
        stacks = {seat: table.stack(seat) for seat in t.tables[number]}
        at_start = self._at_start.pop(number)
        start = {seat: at_start.get(seat, stacks[seat]) for seat in stacks}
        for seat, chips in stacks.items():
            if chips == 0:
                table.leave(seat)
        effects = t.hand_over(number, stacks, start)
        self._carry_out(effects)
        if any(isinstance(e, Move) for e in effects):
            self.move_seconds.append(time.process_time() - began)

    # -- effects ------------------------------------------------------------------------

    def _open(self, number: int) -> Table:
        spec = self.tournament.spec
        table = Table(self.game, self.structure, spec.structure.level_at(0).stakes,
                      seats=spec.seats, min_buy_in=1, max_buy_in=2**62,
                      rng=self.rng.randrange(2**63), tournament=True, log_events=False)
        self.tables[number] = table
        return table

    def _carry_out(self, effects: list[Effect]) -> None:
        self.effects += effects
        final = [e for e in effects if isinstance(e, Move) and e.why == "final"]
        if final:
            self._draw_final(final)
        for effect in effects:
            if isinstance(effect, Charge):
                self.charged += effect.buy_in + effect.fee
            elif isinstance(effect, Refund):
                self.charged -= effect.amount
            elif isinstance(effect, Pay):
                self.paid[effect.player] += effect.amount
            elif isinstance(effect, OpenTable):
                self._open(effect.table)
            elif isinstance(effect, CloseTable):
                self.tables.pop(effect.table)
            elif isinstance(effect, Seat):
                self.tables[effect.table].sit(effect.seat, effect.player, effect.stack)
            elif isinstance(effect, Move) and effect.why != "final":
                source = self.tables[effect.from_table]
                stack = source.stack(effect.from_seat)
                source.leave(effect.from_seat)
                self.tables[effect.to_table].sit(effect.to_seat, effect.player, stack)

    def _draw_final(self, moves: list[Move]) -> None:
        """Every player leaves his seat, and the final table sits them as drawn, a fresh
        table (a fresh button)."""
        stacks = {}
        for move in moves:
            source = self.tables[move.from_table]
            stacks[move.player] = source.stack(move.from_seat)
            source.leave(move.from_seat)
        final = self._open(moves[0].to_table)
        for move in moves:
            final.sit(move.to_seat, move.player, stacks[move.player])
