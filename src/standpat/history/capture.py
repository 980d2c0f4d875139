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

from collections.abc import Mapping, Sequence
from typing import TypeVar

from standpat.cards import Card
from standpat.engine import ActionKind, EventKind, Hand
from standpat.history.phh import standard_posts
from standpat.history.record import HandRecord, PostRecord, Step, StepKind

_T = TypeVar("_T")

__all__ = ["from_phh_order", "record_from_hand", "to_phh_order"]

_KINDS = {
    ActionKind.FOLD: StepKind.FOLD,
    ActionKind.CHECK: StepKind.CHECK_CALL,
    ActionKind.CALL: StepKind.CHECK_CALL,
    ActionKind.BET: StepKind.BET_RAISE,
    ActionKind.RAISE: StepKind.BET_RAISE,
    ActionKind.DISCARD: StepKind.DISCARD,
}


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
    n, button = hand.players, hand.button

    def phh(seat: int) -> int:
        return to_phh_order(seat, button, n)

    holes: list[tuple[Card, ...]] = [()] * n
    steps: list[Step] = []
    for event in hand.events:
        if event.kind is EventKind.DEAL and event.seat is not None:
            holes[phh(event.seat)] = event.cards
    discards = iter([e for e in hand.events if e.kind is EventKind.DISCARD])
    for seat, action in hand.actions:
        kind = _KINDS[action.kind]
        if kind is StepKind.DISCARD:
            event = next(discards)
            steps.append(Step(phh(seat), kind, cards=event.cards, drawn=event.drawn))
        elif kind is StepKind.BET_RAISE:
            steps.append(Step(phh(seat), kind, action.amount))
        else:
            steps.append(Step(phh(seat), kind))
    for event in hand.events:
        if event.seat is None:
            continue
        if event.kind is EventKind.SHOW:
            steps.append(Step(phh(event.seat), StepKind.SHOW, cards=event.cards))
        elif event.kind is EventKind.MUCK:
            steps.append(Step(phh(event.seat), StepKind.MUCK))
    stakes = hand.stakes
    posts: tuple[PostRecord, ...] | None = tuple(
        PostRecord(phh(p.seat), p.kind.value, p.amount) for p in hand.posts
    )
    if posts == standard_posts(n, stakes.small_blind, stakes.big_blind, stakes.ante):
        posts = None
    return HandRecord(
        game=hand.game.name.value,
        structure=hand.structure.value,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        ante=stakes.ante,
        starting_stacks=_rotate(hand.starting_stacks, button, n),
        hole_cards=tuple(holes),
        steps=tuple(steps),
        posts=posts,
        players=_rotate(players, button, n) if players else (),
        seats=_rotate(seats, button, n) if seats else (),
        seat_count=seat_count,
        button_seat=button_seat,
        hand=hand_id,
        table=table,
        finishing_stacks=_rotate(hand.stacks, button, n) if hand.is_over else None,
        seed=hand.seed,
        extra=dict(extra or {}),
    )
