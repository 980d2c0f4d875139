"""A hand record made from a hand the engine dealt.

The engine numbers seats ``0..n-1`` clockwise with its own button; a record
numbers players in PHH order, ``p1`` first left of the button.  The engine's
seat ``s`` is the record's player ``(s - button - 1) mod n``, and back:
player ``i`` is the engine's seat ``(i + button + 1) mod n``.

>>> from standpat.engine import Action, Hand, Stakes
>>> hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", Stakes.from_bets(2),
...             [50, 60, 70], button=1, rng=7)
>>> _ = hand.apply(Action.fold())   # seat 1, the button, left of the big blind (seat 0)
>>> _ = hand.apply(Action.fold())   # seat 2, the small blind: the big blind wins
>>> record = record_from_hand(hand, players=["ann", "bob", "cy"])
>>> record.players, record.starting_stacks, record.finishing_stacks
(('cy', 'ann', 'bob'), (70, 50, 60), (69, 51, 60))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from standpat.cards import Card
from standpat.engine import (
    BetMade,
    Called,
    Checked,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    Folded,
    Hand,
    Mucked,
    Post,
    Posted,
    PostKind,
    Raised,
    Returned,
    Shown,
    Stakes,
    StreetOpened,
    Won,
    reseat,
)
from standpat.history.phh import standard_posts
from standpat.history.record import HandRecord, PostRecord, Step, StepKind

_T = TypeVar("_T")

__all__ = [
    "from_phh_order",
    "phh_events",
    "record_from_events",
    "record_from_hand",
    "to_phh_order",
    "with_phh_checks",
]



def to_phh_order(seat: int, button: int, players: int) -> int:
    """The PHH player index (``p1`` = 0) of an engine seat.

    >>> [to_phh_order(s, 1, 4) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - button - 1) % players


def from_phh_order(index: int, button: int, players: int) -> int:
    """The engine seat of a PHH player index (inverse of :func:`to_phh_order`).

    >>> [from_phh_order(i, 1, 4) for i in range(4)]
    [2, 3, 0, 1]
    """
    return (index + button + 1) % players


def _rotate(values: Sequence[_T], button: int, players: int) -> tuple[_T, ...]:
    """Per-seat values from engine order to PHH order."""
    return tuple(values[from_phh_order(i, button, players)] for i in range(players))


def phh_events(events: Iterable[Event], button: int, players: int) -> tuple[Event, ...]:
    """Engine events with their seats renumbered into PHH order (for the text writer).

    >>> from standpat.engine import Folded
    >>> phh_events([Folded(2)], button=1, players=3)[0].seat
    0
    """
    order = [to_phh_order(s, button, players) for s in range(players)]
    return tuple(reseat(e, order) for e in events)


_LIVE = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
_ACTS = Folded | Checked | Called | BetMade | Raised
_ROUND_OVER = Returned | DrawOpened | Shown | Mucked | Won


def with_phh_checks(events: Iterable[Event], starting_stacks: Sequence[int]) -> Iterator[Event]:
    """The events, with the check PHH records where the engine asks nothing.

    When everyone else has gone all in (or folded) before the draw, a player
    whose live blind covers the bet has no decision to make, and the engine
    goes on without him.  PHH (PokerKit) still gives him his turn, which can
    only be a check, as long as some opponent could have put in more than his
    blind when the round began.  That check is added here, as a ``CHECK``
    event, where PHH puts it: after the action that ended the round.  Seats
    are those of the events; ``starting_stacks`` are in the same order.

    >>> from standpat.engine import Action, Hand, Stakes
    >>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [2, 1, 6, 28],
    ...             button=0, rng=1)      # the small blind (seat 1) is all in from his blind
    >>> _ = hand.apply(Action.fold())    # seat 3
    >>> _ = hand.apply(Action.call())    # the button, all in: the big blind is not asked
    >>> def acts(events):
    ...     return [f"{e.seat} {e.kind.value}" for e in events
    ...             if e.kind.value in ("fold", "call", "check", "street", "draw")]
    >>> acts(hand.events)
    ['None street', '3 fold', '0 call', 'None draw']
    >>> acts(with_phh_checks(hand.events, hand.starting_stacks))
    ['None street', '3 fold', '0 call', '2 check', 'None draw']
    """
    n = len(starting_stacks)
    behind = list(starting_stacks)  # chips not given up as dead money, as the round begins
    live = [0] * n
    all_in = [False] * n
    folded = [False] * n
    acted = [False] * n
    first_round = False
    for event in events:
        seat = event.seat
        if first_round and isinstance(event, _ROUND_OVER):
            first_round = False
            if folded.count(False) > 1:
                for s in range(n):
                    if folded[s] or all_in[s] or acted[s]:
                        continue
                    # PHH gives him a turn only if an opponent could bet more than his blind.
                    if any(behind[o] > live[s] for o in range(n) if o != s):
                        yield Checked(s)
        if seat is not None:
            if isinstance(event, Posted):
                if event.post in _LIVE:
                    live[seat] += event.amount
                else:
                    behind[seat] -= event.amount
            elif isinstance(event, _ACTS):
                acted[seat] = True
                folded[seat] = folded[seat] or isinstance(event, Folded)
            if isinstance(event, Posted | Called | BetMade | Raised) and event.all_in:
                all_in[seat] = True
        elif isinstance(event, StreetOpened) and not event.number:
            first_round = True
        yield event


def record_from_hand(
    hand: Hand,
    *,
    players: Sequence[str] = (),
    seats: Sequence[int] = (),
    seat_count: int | None = None,
    button_seat: int | None = None,
    hand_id: int | str | None = None,
    table: str | None = None,
    extra: Mapping[str, object] | None = None,
) -> HandRecord:
    """The record of a hand (finished or not), in PHH order.

    ``players`` (names) and ``seats`` (table seat numbers) are given in the
    engine's seat order, like ``hand.starting_stacks``; they are rotated with
    everything else.  ``finishing_stacks`` is filled in once the hand is over.
    """
    return record_from_events(
        hand.game.name.value,
        hand.structure.value,
        hand.stakes,
        hand.starting_stacks,
        hand.events,
        button=hand.button,
        posts=hand.posts,
        players=players,
        seats=seats,
        seat_count=seat_count,
        button_seat=button_seat,
        hand_id=hand_id,
        table=table,
        finishing_stacks=hand.stacks if hand.is_over else None,
        seed=hand.seed,
        extra=extra,
    )


def record_from_events(
    game: str,
    structure: str,
    stakes: Stakes,
    starting_stacks: Sequence[int],
    events: Iterable[Event],
    *,
    button: int,
    posts: Sequence[Post] | None = None,
    players: Sequence[str] = (),
    seats: Sequence[int] = (),
    seat_count: int | None = None,
    button_seat: int | None = None,
    hand_id: int | str | None = None,
    table: str | None = None,
    finishing_stacks: Sequence[int] | None = None,
    seed: int | None = None,
    extra: Mapping[str, object] | None = None,
) -> HandRecord:
    """The record of a hand from its engine events, in PHH order.

    Everything per seat (``starting_stacks``, ``posts``, ``players``,
    ``seats``, ``finishing_stacks``, the events' seats) is in the engine's
    seat order with the engine's ``button``; no ``posts`` means the standard
    blinds and antes of the stakes.  The events may be redacted
    (:func:`standpat.engine.redact`): a card an event hides becomes an unknown
    card (``??`` in PHH), so the record of a hand as one player saw it holds
    only the cards he saw.  Give no ``seed`` with redacted events: a seed
    deals every card.

    >>> from standpat.engine import Action, Hand, Stakes, redact
    >>> from standpat.history.record import format_phh_cards
    >>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [50, 50], rng=5)
    >>> _ = hand.apply(Action.fold())
    >>> seen = [redact(e, 0) for e in hand.events]
    >>> record = record_from_events("five-card-draw", "fixed-limit", hand.stakes,
    ...                             hand.starting_stacks, seen, button=hand.button)
    >>> [format_phh_cards(h) for h in record.hole_cards]  # p1 is seat 1, p2 seat 0
    ['??????????', '6hJh8sJcAs']
    >>> [str(step) for step in record.steps]
    ['p2 f']
    """
    n = len(starting_stacks)

    def phh(seat: int) -> int:
        return to_phh_order(seat, button, n)

    holes: list[tuple[Card | None, ...]] = [()] * n
    steps: list[Step] = []
    showdown: list[Step] = []
    for event in with_phh_checks(events, starting_stacks):
        if isinstance(event, Dealt):
            holes[phh(event.seat)] = event.cards or (None,) * event.hidden
        elif isinstance(event, Discarded):
            hidden = (None,) * event.count
            steps.append(Step(phh(event.seat), StepKind.DISCARD, cards=event.cards or hidden,
                              drawn=event.drawn or hidden))
        elif isinstance(event, Folded):
            steps.append(Step(phh(event.seat), StepKind.FOLD))
        elif isinstance(event, Checked | Called):
            steps.append(Step(phh(event.seat), StepKind.CHECK_CALL))
        elif isinstance(event, BetMade | Raised):
            steps.append(Step(phh(event.seat), StepKind.BET_RAISE, event.to))
        elif isinstance(event, Shown):
            showdown.append(Step(phh(event.seat), StepKind.SHOW, cards=event.cards))
        elif isinstance(event, Mucked):
            showdown.append(Step(phh(event.seat), StepKind.MUCK))
    post_records: tuple[PostRecord, ...] | None = None
    if posts is not None:
        post_records = tuple(PostRecord(phh(p.seat), p.kind.value, p.amount) for p in posts)
    if post_records == standard_posts(n, stakes.small_blind, stakes.big_blind, stakes.ante):
        post_records = None
    return HandRecord(
        game=game,
        structure=structure,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        ante=stakes.ante,
        starting_stacks=_rotate(starting_stacks, button, n),
        hole_cards=tuple(holes),
        steps=(*steps, *showdown),
        posts=post_records,
        players=_rotate(players, button, n) if players else (),
        seats=_rotate(seats, button, n) if seats else (),
        seat_count=seat_count,
        button_seat=button_seat,
        hand=hand_id,
        table=table,
        finishing_stacks=None if finishing_stacks is None
        else _rotate(finishing_stacks, button, n),
        seed=seed,
        extra=dict(extra or {}),
    )
