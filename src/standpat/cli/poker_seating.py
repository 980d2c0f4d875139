"""The terminal table: the player and the bots seated at a :class:`~standpat.table.Table`.

:class:`Seating` puts the player in seat 1 (the table's seat 0) and the bots
after him, starts each hand through the table (dead button, blinds,
missed-blind markers), asks each bot for the decisions of its seat, and after
each hand sends bots with no chips away.  :meth:`Seating.chairs` describes
every seat for :func:`~standpat.cli.poker_screen.render`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from standpat.bots import Bot, make_bot
from standpat.cli.poker_screen import Chair
from standpat.engine import Action, Game, Hand, Stakes, Structure
from standpat.errors import TableError
from standpat.table import Choice, Table
from standpat.table.rotation import Rotation

__all__ = ["HUMAN_SEAT", "Seating", "chairs_of"]

HUMAN_SEAT = 0
"""The table seat of the player (shown as seat 1)."""

_OWED = {
    Choice.POST_BB: "a big blind of {bb} to come in",
    Choice.POST_ALL: "the big blind ({bb}, live) and the small blind ({sb}, dead): you are ML",
    Choice.POST_DEAD_SB: "the small blind ({sb}, dead): you are MS",
}


@dataclass
class Seating:
    """The table, its bots by table seat, and the names of everyone who sat down."""

    table: Table
    bots: dict[int, Bot]
    names: dict[int, str]
    gone: list[str] = field(default_factory=list)

    @classmethod
    def open(
        cls, game: Game, structure: Structure, stakes: Stakes, *, rng: random.Random,
        human: str, bots: Sequence[str], level: str, buy_in: int,
        rotation: Rotation | None = None,
    ) -> Seating:
        """The player in seat 0 and one bot of ``level`` in each following seat.

        Every player buys in for ``buy_in`` chips (the table's buy-in range is
        widened to allow it); TableError when the table refuses.  ``rotation``: a mixed
        table's games (``game`` is then its first).
        """
        small = stakes.small_bet
        table = Table(
            game, structure, stakes, seats=len(bots) + 1, rng=rng.randrange(2**63),
            min_buy_in=min(buy_in, 10 * small), max_buy_in=max(buy_in, 100 * small),
            rotation=rotation,
        )
        names = {HUMAN_SEAT: human}
        table.sit(HUMAN_SEAT, human, buy_in)
        players: dict[int, Bot] = {}
        for seat, name in enumerate(bots, 1):
            table.sit(seat, name, buy_in)
            players[seat] = make_bot(level, rng=random.Random(rng.randrange(2**63)))
            names[seat] = name
        return cls(table, players, names)

    # -- between hands ------------------------------------------------------------------

    def why_over(self) -> str:
        """Why no more hands can be dealt ('' while they can)."""
        t = self.table
        me = t.player(HUMAN_SEAT)
        if me is None:
            return "You have left the table."
        if me.stack == 0:
            return "You have no chips left."
        if not any(t.player(s) is not None for s in self.bots):
            return "You have won every chip at the table!"
        return ""

    def can_deal(self) -> bool:
        """True when the table can deal its next hand as things stand."""
        try:
            self.table.next_plan()
        except TableError:
            return False
        return True

    @property
    def sitting_out(self) -> bool:
        """True while the player sits out."""
        me = self.table.player(HUMAN_SEAT)
        return me is not None and me.sitting_out

    @property
    def marker(self) -> str:
        """The player's missed-blind marker (``ML``, ``MS``) or ``''``."""
        me = self.table.player(HUMAN_SEAT)
        return "" if me is None or me.marker is None else str(me.marker)

    def sit_out(self) -> None:
        """The player sits out from the next hand."""
        self.table.sit_out(HUMAN_SEAT)

    def sit_in(self) -> None:
        """The player comes back (he waits for the big blind if he owes a blind)."""
        self.table.sit_in(HUMAN_SEAT)

    def post_offer(self) -> str | None:
        """What the player may post now to be dealt in at once, in words (None: nothing)."""
        for choice in self.table.choices(HUMAN_SEAT):
            if choice is not Choice.WAIT_FOR_BB:
                return _OWED[choice].format(bb=self.table.stakes.big_blind,
                                            sb=self.table.stakes.small_blind)
        return None

    def choose(self, *, post: bool) -> None:
        """Post what the player owes now, or wait for the big blind."""
        offered = self.table.choices(HUMAN_SEAT)
        pick = next((c for c in offered if c is not Choice.WAIT_FOR_BB), None)
        self.table.choose(HUMAN_SEAT, pick if post and pick else Choice.WAIT_FOR_BB)

    def send_away_busted(self) -> list[str]:
        """Bots with no chips leave the table; returns their names."""
        t = self.table
        left = []
        for seat in self.bots:
            player = t.player(seat)
            if player is not None and player.stack == 0:
                t.leave(seat)
                left.append(player.name)
        self.gone.extend(left)
        return left

    def stacks_line(self) -> str:
        """Everyone seated and his chips, in seat order, with what the last hand won or lost.

        >>> from standpat.engine import Stakes, Structure, get_game
        >>> seating = Seating.open(get_game("five-card-draw"), Structure.NO_LIMIT,
        ...                        Stakes.from_bets(2), rng=random.Random(1), human="Ana",
        ...                        bots=["Ada"], level="easy", buy_in=40)
        >>> seating.stacks_line()
        'Stacks: Ana 40 | Ada 40'
        """
        t = self.table
        hand = t.hand
        nets = {}
        if hand is not None and hand.is_over:
            nets = {seat: hand.net[i] for i, seat in enumerate(t.dealt)}
        parts = []
        for seat in range(t.seats):
            player = t.player(seat)
            if player is not None:
                net = nets.get(seat, 0)
                parts.append(f"{player.name} {player.stack}" + (f" ({net:+d})" if net else ""))
        return "Stacks: " + " | ".join(parts)

    # -- during a hand ------------------------------------------------------------------

    def start_hand(self) -> Hand:
        """Move the button and the blinds, post, shuffle and deal the next hand."""
        return self.table.start_hand()

    @property
    def human_index(self) -> int | None:
        """The player's seat in the current hand (None when not dealt in)."""
        dealt = self.table.dealt
        return dealt.index(HUMAN_SEAT) if HUMAN_SEAT in dealt else None

    def hand_names(self) -> list[str]:
        """The names of the players of the current hand, in the hand's seat order."""
        return [self.names[seat] for seat in self.table.dealt]

    def bot_for(self, index: int) -> Bot | None:
        """The bot playing hand seat ``index`` (None for the player)."""
        return self.bots.get(self.table.dealt[index])

    def act(self, index: int, action: Action) -> None:
        """Hand seat ``index`` acts (through the table, which keeps its record)."""
        self.table.act(self.table.dealt[index], action)

    def act_default(self) -> None:
        """The seat to act takes the table's default: check if free, else fold; stand pat."""
        wait = self.table.waiting_for()
        if wait is not None:
            self.table.act(wait.seat, wait.action)

    def leave(self) -> None:
        """The player leaves: in a hand he is in, the table checks or folds for him to its end."""
        if self.table.player(HUMAN_SEAT) is not None:
            self.table.leave(HUMAN_SEAT)

    def chairs(self) -> tuple[Chair, ...]:
        """Every seat of the table for the screen (empty seats too, for a dead button)."""
        seated = self.table.player(HUMAN_SEAT) is not None
        return chairs_of(self.table, HUMAN_SEAT if seated else None)


def chairs_of(table: Table, you: int | None) -> tuple[Chair, ...]:
    """Every seat of ``table`` for the screen of the player in seat ``you`` (None: nobody's),
    empty seats too (for a dead button)."""
    view = table.view(you)
    dealt = table.dealt
    out = []
    for seat, info in enumerate(view.seats):
        pos = []
        if seat == view.button:
            pos.append("D")
        if seat == view.small_blind:
            pos.append("SB" if not view.dead_small_blind else "")
        if seat == view.big_blind:
            pos.append("BB")
        position = " ".join(p for p in pos if p)
        if info is None:
            out.append(Chair(seat + 1, "(empty)", None, 0, position=position))
            continue
        markers = []
        if info.marker is not None:
            markers.append(str(info.marker))
        if info.sitting_out:
            markers.append("sitting out")
        elif table.playing and seat not in dealt:
            markers.append("waiting")
        index = dealt.index(seat) if seat in dealt and table.hand is not None else None
        name = info.name
        if seat == you and name.casefold() != "you":
            name += " (you)"
        out.append(Chair(seat + 1, name, index, info.stack, tuple(markers), position))
    return tuple(out)
