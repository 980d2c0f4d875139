"""Readable hand histories in the layout of PokerStars' draw hand histories.

A header line with the game, structure and stakes, the table line with the
button, the seats with their stacks, the posts, ``*** DEALING HANDS ***``
with every player's cards (a history is read after the fact), each action,
``*** FIRST DRAW ***`` ... with ``discards 2 cards [..]`` and the cards
dealt, the showdown and a summary with the pots (no rake).  Hands follow
one another, separated by blank lines.  Chips are written as plain numbers.

>>> from standpat.history.phh import loads
>>> from standpat.history.replay import replay
>>> record = loads('''
... variant = "F2L3D"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [100, 80]
... actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 f"]
... players = ["ann", "bob"]
... ''')[0]
>>> print(format_hand(replay(record), 1))
standpat Hand #1: Triple Draw 2-7 Lowball Limit (2/4)
Table 'standpat' 2-max Seat #2 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (80 in chips)
bob: posts small blind 1
ann: posts big blind 2
*** DEALING HANDS ***
Dealt to ann [7h 6c 4c 3d 2c]
Dealt to bob [As Qs 6s 5c 3c]
bob: folds
Uncalled bet (1) returned to ann
ann collected 2 from pot
*** SUMMARY ***
Total pot 2 | Rake 0
Seat 1: ann (big blind) collected (2)
Seat 2: bob (button) (small blind) folded before the Draw
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from standpat.cards import Card
from standpat.engine import Event, EventKind, PostKind, get_game
from standpat.history.capture import with_phh_checks
from standpat.history.phh import time_of
from standpat.history.record import HandRecord
from standpat.history.replay import Replay
from standpat.ranking import RankingName, evaluate

__all__ = ["GAME_TITLES", "STRUCTURE_TITLES", "format_events", "format_hand", "format_hands"]

GAME_TITLES: Final = {
    "deuce-to-seven-triple-draw": "Triple Draw 2-7 Lowball",
    "deuce-to-seven-single-draw": "Single Draw 2-7 Lowball",
    "five-card-draw": "5 Card Draw",
    "seven-card-draw": "7 Card Draw",
    "five-card-draw-7a": "5 Card Draw 7-A",
}
"""The game as the header line names it (PokerStars' names where it has the game)."""

STRUCTURE_TITLES: Final = {"fixed-limit": "Limit", "pot-limit": "Pot Limit",
                           "no-limit": "No Limit"}
"""The betting structure as the header line names it."""

_ORDINALS: Final = ("FIRST", "SECOND", "THIRD")
_NTH: Final = ("1st", "2nd", "3rd")
_POSTS: Final = {
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.ANTE: "posts the ante",
    PostKind.DEAD: "posts dead small blind",
}


def _cards(cards: Iterable[Card | None], known: frozenset[Card] | None = None) -> str:
    """Cards in brackets; unknown cards (``None``, or not ``known``) are ``??``."""
    return "[" + " ".join(
        "??" if c is None or (known is not None and c not in known) else str(c) for c in cards
    ) + "]"


def _when(extra: Mapping[str, object]) -> str:
    """`` - 2026/12/03 02:30:00 UTC`` from PHH's ``year``/``month``/``day``/``time`` fields.

    ``time`` may be a TOML local time or a string holding one (``"02:30:00"``).
    """
    year, month, day = extra.get("year"), extra.get("month"), extra.get("day")
    if not (isinstance(year, int) and isinstance(month, int) and isinstance(day, int)):
        return ""
    when = f" - {year:04d}/{month:02d}/{day:02d}"
    time = time_of(extra.get("time"))
    if time is not None:
        when += f" {time.strftime('%H:%M:%S')}"
    zone = extra.get("time_zone_abbreviation")
    return when + (f" {zone}" if isinstance(zone, str) and zone else "")


def format_hand(replay: Replay, number: int | str | None = None) -> str:
    """One replayed hand as readable text (no trailing newline)."""
    record, hand = replay.record, replay.hand
    known = None if record.complete else record.known_cards()
    return _format(record, hand.events, hand.ranking, known, number)


def format_events(
    record: HandRecord, events: Iterable[Event], number: int | str | None = None
) -> str:
    """A hand as readable text from its events, with seats in PHH order (no trailing newline).

    This writes a hand that cannot or need not be replayed, such as a hand as
    one player saw it: the events may be redacted (:func:`standpat.engine.redact`),
    and the cards they hide are written ``??``.  ``record`` gives the set-up
    (names, seats, stacks, stakes); ``standpat.history.capture.phh_events``
    renumbers engine events into PHH order.

    >>> from standpat.engine import Action, Hand, Stakes, redact
    >>> from standpat.history.capture import phh_events, record_from_hand
    >>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [50, 50], rng=5)
    >>> _ = hand.apply(Action.fold())
    >>> record = record_from_hand(hand, players=["ann", "bob"])
    >>> seen = phh_events([redact(e, 0) for e in hand.events], hand.button, 2)
    >>> print(format_events(record, seen))  # doctest: +ELLIPSIS
    standpat Hand #1: 5 Card Draw Limit (2/4)
    ...
    Dealt to bob [?? ?? ?? ?? ??]
    Dealt to ann [6h Jh 8s Jc As]
    ann: folds
    ...
    """
    ranking = get_game(record.game).deck_for(record.player_count)[1]
    return _format(record, tuple(events), ranking, None, number)


def _format(
    record: HandRecord,
    events: tuple[Event, ...],
    ranking: RankingName,
    known: frozenset[Card] | None,
    number: int | str | None,
) -> str:
    n = record.player_count
    names = [record.name_of(i) for i in range(n)]
    ident = record.hand if record.hand is not None else number if number is not None else 1
    stakes = f"{record.small_bet}/{record.big_bet}"
    if record.ante:
        stakes += f" ante {record.ante}"
    lines = [
        f"standpat Hand #{ident}: {GAME_TITLES[record.game]} "
        f"{STRUCTURE_TITLES[record.structure]} ({stakes}){_when(record.extra)}",
        f"Table '{record.table or 'standpat'}' {record.seat_count or max(n, 2)}-max "
        f"Seat #{record.button_seat or record.table_seat(n - 1)} is the button",
    ]
    lines += [f"Seat {record.table_seat(i)}: {names[i]} ({record.starting_stacks[i]} in chips)"
              for i in range(n)]
    held: list[list[Card | None]] = [[] for _ in range(n)]
    bets = [0] * n
    high = 0
    draws = 0
    folded_at: dict[int, int] = {}
    roles: dict[int, list[str]] = {i: [] for i in range(n)}
    roles[n - 1].append("button")
    won = [0] * n
    pots: dict[int, int] = {}
    shown: dict[int, tuple[str, str]] = {}
    mucked: dict[int, tuple[Card | None, ...]] = {}
    dealt = False
    showdown = False
    for event in with_phh_checks(events, record.starting_stacks):
        kind, seat = event.kind, event.seat
        who = names[seat] if seat is not None else ""
        allin = " and is all-in" if event.all_in else ""
        if kind is EventKind.POST and seat is not None and event.post is not None:
            lines.append(f"{who}: {_POSTS[event.post]} {event.amount}{allin}")
            if event.post in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
                bets[seat] += event.amount
                high = max(high, bets[seat])
                roles[seat].append(event.post.value.replace("-", " "))
        elif kind is EventKind.DEAL and seat is not None:
            if not dealt:
                lines.append("*** DEALING HANDS ***")
                dealt = True
            held[seat] = list(event.cards or (None,) * event.hidden)
            lines.append(f"Dealt to {who} {_cards(held[seat], known)}")
        elif kind is EventKind.STREET:
            if event.amount > draws:
                draws = event.amount
                lines.append(f"*** {_ORDINALS[draws - 1]} DRAW ***")
            if event.amount:
                bets = [0] * n
                high = 0
        elif kind is EventKind.FOLD and seat is not None:
            folded_at[seat] = draws
            lines.append(f"{who}: folds")
        elif kind is EventKind.CHECK:
            lines.append(f"{who}: checks")
        elif kind is EventKind.CALL and seat is not None:
            bets[seat] += event.amount
            lines.append(f"{who}: calls {event.amount}{allin}")
        elif kind in (EventKind.BET, EventKind.RAISE) and seat is not None:
            if kind is EventKind.BET:
                lines.append(f"{who}: bets {event.amount}{allin}")
            else:
                lines.append(f"{who}: raises {event.amount - high} to {event.amount}{allin}")
            bets[seat] = event.amount
            high = max(high, event.amount)
        elif kind is EventKind.DISCARD and seat is not None:
            count = event.amount
            if not count:
                lines.append(f"{who}: stands pat")
                continue
            hidden = (None,) * count
            thrown, drawn = event.cards or hidden, event.drawn or hidden
            lines.append(f"{who}: discards {count} card{'s' * (count > 1)} {_cards(thrown, known)}")
            kept = _keep(held[seat], thrown)
            held[seat] = kept + list(drawn)
            lines.append(f"Dealt to {who} {_cards(kept, known)} {_cards(drawn, known)}")
        elif kind is EventKind.RETURN and seat is not None:
            lines.append(f"Uncalled bet ({event.amount}) returned to {who}")
        elif kind is EventKind.SHOW and seat is not None:
            if not showdown:
                lines.append("*** SHOW DOWN ***")
                showdown = True
            value = evaluate(event.cards, ranking)
            shown[seat] = (_cards(event.cards), str(value))
            lines.append(f"{who}: shows {_cards(event.cards)} ({value})")
        elif kind is EventKind.MUCK and seat is not None:
            if not showdown:
                lines.append("*** SHOW DOWN ***")
                showdown = True
            mucked[seat] = event.cards or (None,) * event.hidden
            lines.append(f"{who}: mucks hand")
        elif kind is EventKind.WIN and seat is not None:
            won[seat] += event.amount
            pots[event.pot] = pots.get(event.pot, 0) + event.amount
    side = len(pots) > 1
    for event in events:
        if event.kind is EventKind.WIN and event.seat is not None:
            pot = "pot" if not side else "main pot" if event.pot == 0 else f"side pot-{event.pot}"
            lines.append(f"{names[event.seat]} collected {event.amount} from {pot}")
    lines.append("*** SUMMARY ***")
    total = sum(pots.values())
    if side:
        parts = " ".join(
            f"{'Main pot' if i == 0 else f'Side pot-{i}'} {amount}." for i, amount in
            sorted(pots.items())
        )
        lines.append(f"Total pot {total} {parts} | Rake 0")
    else:
        lines.append(f"Total pot {total} | Rake 0")
    for i in range(n):
        label = "".join(f" ({role})" for role in roles[i])
        head = f"Seat {record.table_seat(i)}: {names[i]}{label}"
        if i in folded_at:
            at = folded_at[i]
            when = "before the Draw" if at == 0 else f"after the {_NTH[at - 1]} Draw"
            lines.append(f"{head} folded {when}")
        elif i in shown:
            cards, said = shown[i]
            result = f"won ({won[i]})" if won[i] else "lost"
            lines.append(f"{head} showed {cards} and {result} with {said}")
        elif i in mucked:
            lines.append(f"{head} mucked {_cards(mucked[i], known)}")
        else:
            lines.append(f"{head} collected ({won[i]})")
    return "\n".join(lines)


def _keep(held: list[Card | None], thrown: tuple[Card | None, ...]) -> list[Card | None]:
    """The cards left of ``held`` after discarding ``thrown`` (unknown ones by count)."""
    kept = list(held)
    for card in thrown:
        if card in kept:
            kept.remove(card)
    return kept


def format_hands(replays: Iterable[Replay]) -> str:
    """Hands one after another, separated by two blank lines, ending in a newline."""
    return "".join(f"{format_hand(r, i)}\n\n\n" for i, r in enumerate(replays, 1))
