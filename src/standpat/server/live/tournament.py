"""What a live table is to its tournament: the link a tournament table's core keeps to the
running tournament's :class:`~standpat.server.tournaments.director.Director`, and what
the table shows of the tournament.

A tournament table is a live table whose players the tournament seats (never a ``sit``),
who are dealt in every hand while they have chips (an absent one is blinded out), and whose
stakes follow the levels.  Its core asks the director whether it may deal and at what
level, and hands it every hand's end; the director's orders for the table itself (its
busted players off, its players moved away, the table closing) are carried out in the
write that settles the hand, and the rest go to the room's tournament service
(:class:`~standpat.server.live.effects.Forward`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from standpat.server.tournaments.director import Director, Order
from standpat.tournament.icm import icm
from standpat.tournament.payouts import prizes

if TYPE_CHECKING:
    from standpat.store import TableRecord

__all__ = ["TournamentHooks", "TournamentLink"]


@dataclass
class TournamentLink:
    """A table's tournament: the room's id of the tournament, the table's number in it,
    and its director (shared by its tables, all run by the same process)."""

    tournament: int
    number: int
    director: Director
    rooms: dict[int, int] = field(default_factory=dict)
    """The tournament's table numbers -> the room's table ids (shared by its tables, kept
    by its service): where a moved player goes."""
    _standing: tuple[int, dict[str, Any]] = (-1, {})
    """The places and ICM last worked out, and the director's chips version they are of."""

    def standing(self) -> dict[str, Any]:
        """Each seat's place by chips among the players left (``places``: seat -> place),
        and, at the final table, each seat's ICM equity in prize chips (``icm``: seat ->
        chips; the Malmuth-Harville model, information only): worked out once per change
        of the tournament's chips, not for every message."""
        director = self.director
        if self._standing[0] == director.told:
            return self._standing[1]
        core = director.core
        seated = core.tables.get(director.core_table(self.number), {}) \
            if self.number in director.tables.values() else {}
        places = director.places_by_chips()
        shown: dict[str, Any] = {"places": {str(seat): places[name]
                                            for seat, name in sorted(seated.items())
                                            if name in places}}
        if len(core.tables) == 1 and seated:
            entrants = sum(core.entries.values())
            paid = prizes(core.spec.buy_in * entrants, entrants)
            stacks = [director.chips.get(name, 0) for _, name in sorted(seated.items())]
            if sum(stacks) > 0:
                equity = icm(stacks, paid)
                shown["icm"] = {str(seat): round(e) for (seat, _), e in
                                zip(sorted(seated.items()), equity, strict=True)}
        self._standing = (director.told, shown)
        return shown

    def line(self) -> dict[str, Any]:
        """What the table shows of its tournament: its name, the level (from 1), the
        blinds, the seconds to the next level, a break, and the players left of the
        entrants."""
        core = self.director.core
        moment = core.moment()
        level = core.spec.structure.level_at(moment.level)
        return {
            "id": self.tournament,
            "name": self.director.name,
            "number": self.number,
            "level": moment.level + 1,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "ante": level.ante,
            "seconds_left": round(moment.seconds_left, 1),
            "on_break": moment.on_break,
            "paused": core.paused,
            "players_left": len(core.alive),
            "entrants": sum(core.entries.values()),
            **self.standing(),
        }


class TournamentHooks(Protocol):
    """What a table host asks of the room's tournaments (its tournament service)."""

    def link(self, record: TableRecord) -> TournamentLink | None:
        """A stored table's link to its tournament (None: a ring game's table)."""
        ...

    def forward(self, link: TournamentLink, orders: Iterable[Order]) -> None:
        """A table's orders for the rest of its tournament."""
        ...

    def failed(self, table_id: int) -> bool:
        """A table stopped for a failed write; True if its tournament starts it again (the
        host does otherwise)."""
        ...
