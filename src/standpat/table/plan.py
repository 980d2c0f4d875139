"""Positions for the next hand: the dead-button rule as one pure function.

:func:`plan` takes last hand's positions and what each seat is doing now, and
says who holds the big blind, the small blind (maybe dead) and the button (maybe
dead), who is dealt in, who posts what (live or dead), and which missed-blind
markers change.  It touches nothing: the :class:`~standpat.table.Table` applies
the plan when the hand starts.  The rules are those of ``RULES.md`` ("the table
across hands") and ``docs/table-rules.md``.

Seats are numbered ``0 .. len(seats) - 1`` clockwise; ``None`` is an empty seat.

>>> on = SeatState(present=True, new=False, played=True)
>>> p = plan([on, on, on, on], Positions(bb=1, sb=0, button=3), small_blind=1, big_blind=2)
>>> p.button, p.sb, p.bb, p.dealt
(0, 1, 2, (1, 2, 3, 0))
>>> [str(b) for b in p.blinds]
['seat 1 small-blind 1', 'seat 2 big-blind 2']

Seat 2 sits out: the big blind passes him (he is marked ML) to seat 3.

>>> out = SeatState(present=False, new=False)
>>> p = plan([on, on, out, on], Positions(bb=1, sb=0, button=3), small_blind=1, big_blind=2)
>>> p.bb, p.dealt, dict(p.markers)
(3, (1, 3, 0), {2: <Marker.ML: 'ML'>})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from standpat.errors import TableError

__all__ = [
    "Blind",
    "BlindKind",
    "Marker",
    "Plan",
    "Positions",
    "SeatState",
    "between",
    "plan",
]


class Marker(StrEnum):
    """A missed-blind marker shown at a seat."""

    ML = "ML"
    """Missed the big blind: owes the big blind (live) plus the small blind (dead)."""
    MS = "MS"
    """Missed the small blind only: owes the small blind (dead)."""


class BlindKind(StrEnum):
    """What a forced post is, as the table names it (the wire spelling)."""

    SMALL_BLIND = "small-blind"
    """The live small blind of the seat left of the button."""
    BIG_BLIND = "big-blind"
    """The live big blind, of the big-blind seat or of a player coming in."""
    DEAD_SMALL_BLIND = "dead-small-blind"
    """A small blind that goes straight into the pot (post all, or an MS player coming back)."""
    ANTE = "ante"
    """An ante (dead), when the stakes have one."""


@dataclass(frozen=True, slots=True)
class Blind:
    """One forced post of a hand: which seat posts what and how much."""

    seat: int
    kind: BlindKind
    amount: int

    @property
    def live(self) -> bool:
        """True when the post counts toward the player's first-round bet."""
        return self.kind in (BlindKind.SMALL_BLIND, BlindKind.BIG_BLIND)

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class SeatState:
    """What the planner needs to know about one occupied seat.

    ``present``: sitting in with chips (not sitting out, not busted).
    ``new``: has not been dealt in since he sat down (owes a big blind to come in, or all
    when he is marked ML).
    ``marker``: his missed-blind marker, if any.
    ``post``: he chose to post what he owes rather than wait for the big blind.
    ``out_at_bb``: "sit out next big blind": he plays until the big blind reaches him.
    ``played``: he was dealt into the last hand (a player who was not is *returning*, and
    waits while his seat lies between the big blind and the button).
    """

    present: bool
    new: bool = True
    marker: Marker | None = None
    post: bool = False
    out_at_bb: bool = False
    played: bool = False

    @property
    def owes(self) -> bool:
        """True when he may be dealt in only by posting or by taking the big blind."""
        return self.new or self.marker is not None


@dataclass(frozen=True, slots=True)
class Positions:
    """Where the blinds and the button were: the input the next hand's positions follow from.

    ``sb`` is the small blind's seat even when the small blind was dead; heads-up it is the
    button's seat (the button posts the small blind).
    """

    bb: int
    sb: int
    button: int


@dataclass(frozen=True, slots=True)
class Plan:
    """The positions and forced posts of one hand, and the seat changes they bring."""

    button: int
    """The button's seat (maybe an empty seat or a seat not dealt in: a dead button)."""
    sb: int
    """The small blind's seat (its post may be dead: see :attr:`dead_sb`)."""
    bb: int
    """The big blind's seat (always dealt in)."""
    dealt: tuple[int, ...]
    """Seats dealt in, clockwise from the first seat left of the button."""
    blinds: tuple[Blind, ...]
    """Forced posts: small blind, big blind, then players coming in, then antes."""
    heads_up: bool = False
    """Two players: the button posts the small blind; no dead blind or button."""
    fresh: bool = False
    """A fresh start (first hand, or a game restarted): every player present is dealt in."""
    markers: Mapping[int, Marker | None] = field(default_factory=dict)
    """Markers that change: seat -> new marker (None: cleared)."""
    missed_bb: tuple[int, ...] = ()
    """Occupied seats the big blind passed over (they missed their big blind)."""
    sit_out: tuple[int, ...] = ()
    """Players who asked to sit out at their big blind and now do."""

    @property
    def dead_button(self) -> bool:
        """True when nobody dealt in sits on the button."""
        return self.button not in self.dealt

    @property
    def dead_sb(self) -> bool:
        """True when nobody posts the small blind."""
        return not any(b.kind is BlindKind.SMALL_BLIND for b in self.blinds)

    @property
    def positions(self) -> Positions:
        """What the next hand's positions follow from."""
        return Positions(bb=self.bb, sb=self.sb, button=self.button)

    def posts_of(self, seat: int) -> tuple[Blind, ...]:
        """The forced posts of one seat."""
        return tuple(b for b in self.blinds if b.seat == seat)


def between(seat: int, first: int, last: int, seats: int) -> bool:
    """True when ``seat`` lies strictly inside the clockwise arc from ``first`` to ``last``.

    >>> between(2, 1, 3, 6), between(0, 4, 1, 6), between(1, 1, 3, 6)
    (True, True, False)
    """
    return 0 < (seat - first) % seats < (last - first) % seats


def _clockwise(start: int, seats: int) -> list[int]:
    """The seats after ``start``, clockwise, ending with ``start`` itself."""
    return [(start + k) % seats for k in range(1, seats + 1)]


def _order(dealt: set[int], button: int, seats: int) -> tuple[int, ...]:
    return tuple(i for i in _clockwise(button, seats) if i in dealt)


def plan(
    seats: Sequence[SeatState | None],
    last: Positions | None,
    *,
    small_blind: int,
    big_blind: int,
    ante: int = 0,
    button: int | None = None,
) -> Plan:
    """The next hand's positions and posts, from last hand's positions and the seats' states.

    ``last`` is None for the table's first hand; then ``button`` (a present seat) holds the
    button, every present player is dealt in and the two seats after the button post the
    blinds.  Raises :class:`~standpat.errors.TableError` when fewer than two players can be
    dealt in.
    """
    n = len(seats)
    present = {i for i, s in enumerate(seats) if s is not None and s.present}
    if len(present) < 2:
        raise TableError(f"a hand needs two players sitting in; {len(present)} sit in now")
    if big_blind <= 0:
        return _antes_only(seats, present, last, button, ante)
    if last is None:
        return _first(seats, present, button, small_blind, big_blind, ante)

    # Rule 1: the big blind moves to the first player after last hand's big blind who will be
    # dealt in; every occupied seat passed over missed his big blind.
    passed: list[int] = []
    bb = -1
    for i in _clockwise(last.bb, n):
        state = seats[i]
        if state is not None and state.present and not state.out_at_bb:
            bb = i
            break
        if state is not None:
            passed.append(i)
    if bb < 0:
        raise TableError("no player sitting in can take the big blind")

    # Rule 2 and 3: the small blind sits where last hand's big blind sat, the button where last
    # hand's small blind sat; after a heads-up hand the button may have to step back so that it
    # lies between the big blind and the small blind.
    sb = last.bb
    btn = last.sb if between(last.sb, bb, sb, n) else (sb - 1) % n
    zone = {btn, *(i for i in range(n) if between(i, btn, bb, n))}

    dealt = {bb}
    for i in present:
        state = seats[i]
        assert state is not None
        if i in passed or i == bb:
            continue
        if i not in zone:
            if not state.owes or state.post:
                dealt.add(i)
        elif state.played and not state.owes:
            dealt.add(i)

    markers: dict[int, Marker | None] = {}
    for i in passed:
        state = seats[i]
        assert state is not None
        if state.marker is not Marker.ML:
            markers[i] = Marker.ML
    out = tuple(i for i in passed if (s := seats[i]) is not None and s.present)
    occupant = seats[sb]
    if (
        occupant is not None
        and sb not in dealt
        and sb not in passed
        and not occupant.new
        and occupant.marker is None
    ):
        markers[sb] = Marker.MS

    if len(dealt) < 2:
        return _fresh(seats, present - set(passed), bb, passed, markers, out, big_blind,
                      small_blind, ante)
    for i in dealt:
        if (state := seats[i]) is not None and state.marker is not None:
            markers[i] = None

    if len(dealt) == 2:
        (other,) = dealt - {bb}
        blinds = [Blind(bb, BlindKind.BIG_BLIND, big_blind)]
        if small_blind > 0:
            blinds.insert(0, Blind(other, BlindKind.SMALL_BLIND, small_blind))
        return Plan(button=other, sb=other, bb=bb, dealt=_order(dealt, other, n),
                    blinds=tuple(blinds + _antes(dealt, other, n, ante)), heads_up=True,
                    markers=markers, missed_bb=tuple(passed), sit_out=out)

    blinds = []
    if sb in dealt and small_blind > 0:
        blinds.append(Blind(sb, BlindKind.SMALL_BLIND, small_blind))
    blinds.append(Blind(bb, BlindKind.BIG_BLIND, big_blind))
    for i in _order(dealt, btn, n):
        state = seats[i]
        assert state is not None
        if i == bb or not state.owes:
            continue
        if state.marker is not Marker.MS:
            blinds.append(Blind(i, BlindKind.BIG_BLIND, big_blind))
        if state.marker is not None and small_blind > 0:
            blinds.append(Blind(i, BlindKind.DEAD_SMALL_BLIND, small_blind))
    return Plan(button=btn, sb=sb, bb=bb, dealt=_order(dealt, btn, n),
                blinds=tuple(blinds + _antes(dealt, btn, n, ante)), markers=markers,
                missed_bb=tuple(passed), sit_out=out)


def _antes(dealt: set[int], button: int, n: int, ante: int) -> list[Blind]:
    if ante <= 0:
        return []
    return [Blind(i, BlindKind.ANTE, ante) for i in _order(dealt, button, n)]


def _antes_only(
    seats: Sequence[SeatState | None],
    present: set[int],
    last: Positions | None,
    button: int | None,
    ante: int,
) -> Plan:
    """A game without blinds: every player sitting in is dealt in and antes, nobody owes
    anything, and the button moves to the next player dealt in.  A player who asked to sit
    out at his big blind sits out now."""
    n = len(seats)
    out = tuple(sorted(i for i in present if (s := seats[i]) is not None and s.out_at_bb))
    present = present - set(out)
    if len(present) < 2:
        raise TableError(f"a hand needs two players sitting in; {len(present)} sit in now")
    if last is None:
        if button is None or button not in present:
            raise TableError(
                f"the first button must be a seat with a player sitting in, not {button}"
            )
        btn = button
    else:
        btn = next(i for i in _clockwise(last.button, n) if i in present)
    markers: dict[int, Marker | None] = {
        i: None for i in present if (s := seats[i]) is not None and s.marker is not None
    }
    return Plan(button=btn, sb=btn, bb=btn, dealt=_order(present, btn, n),
                blinds=tuple(_antes(present, btn, n, ante)), heads_up=len(present) == 2,
                fresh=last is None, markers=markers, sit_out=out)


def _first(
    seats: Sequence[SeatState | None],
    present: set[int],
    button: int | None,
    small_blind: int,
    big_blind: int,
    ante: int,
) -> Plan:
    """The table's first hand: the button at ``button``, every present player dealt in."""
    n = len(seats)
    if button is None or button not in present:
        raise TableError(f"the first button must be a seat with a player sitting in, not {button}")
    order = _order(present, button, n)
    markers: dict[int, Marker | None] = {
        i: None for i in present if (s := seats[i]) is not None and s.marker is not None
    }
    if len(order) == 2:
        sb, bb = button, order[0]
    else:
        sb, bb = order[0], order[1]
    blinds = [Blind(sb, BlindKind.SMALL_BLIND, small_blind),
              Blind(bb, BlindKind.BIG_BLIND, big_blind)]
    return Plan(button=button, sb=sb, bb=bb, dealt=order,
                blinds=tuple(blinds + _antes(present, button, n, ante)),
                heads_up=len(order) == 2, fresh=True, markers=markers)


def _fresh(
    seats: Sequence[SeatState | None],
    dealt: set[int],
    bb: int,
    passed: list[int],
    markers: dict[int, Marker | None],
    out: tuple[int, ...],
    big_blind: int,
    small_blind: int,
    ante: int,
) -> Plan:
    """A game restarted: fewer than two players could be dealt in under the dead-button rule,
    so every player present is dealt in, nobody owes anything, and the small blind and button
    go to the players just before the big blind."""
    n = len(seats)
    if len(dealt) < 2:
        raise TableError(
            "a hand needs two players sitting in who are not sitting out at their big blind"
        )
    behind = [i for i in reversed(_clockwise(bb, n)) if i in dealt and i != bb]
    sb = behind[0]
    btn = sb if len(dealt) == 2 else behind[1]
    markers = dict(markers)
    for i in dealt:
        markers.pop(i, None)
        if (state := seats[i]) is not None and state.marker is not None:
            markers[i] = None
    blinds = [Blind(bb, BlindKind.BIG_BLIND, big_blind)]
    if small_blind > 0:
        blinds.insert(0, Blind(sb, BlindKind.SMALL_BLIND, small_blind))
    return Plan(button=btn, sb=sb, bb=bb, dealt=_order(dealt, btn, n),
                blinds=tuple(blinds + _antes(dealt, btn, n, ante)), heads_up=len(dealt) == 2,
                fresh=True, markers=markers, missed_bb=tuple(passed), sit_out=out)
