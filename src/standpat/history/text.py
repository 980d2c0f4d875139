"""Readable hand histories in the layout of PokerStars' draw hand histories.

A header line with the game, structure and stakes (for fixed limit the small
and big bet, else the blinds, as PokerStars writes them), the table line with
the button, the seats in table order with their stacks, the posts,
``*** DEALING HANDS ***`` with the cards dealt, each action, the draws
(``*** FIRST DRAW ***`` ... in triple draw, ``*** DRAW ***`` in the games of
one draw) with ``discards 2 cards [..]`` and the cards kept and dealt, the
showdown and a summary with the pots and the rake.  Every header ends with
the hand's date (:data:`EPOCH` for a hand that has none: trackers need one).
Hands follow one another, separated by blank lines.  Chips are written as
plain numbers.

Two views of a hand:

- by default, every player's cards, as a history read after the fact shows
  them (cards the history does not know are ``??``);
- ``hero=NAME``, the hand as that player saw it, the layout trackers read:
  his cards only, the others' draws by their count, their cards when shown.

``site`` names the room in the header (``standpat`` unless the operator
chooses another: trackers that check the site, such as fpdb, import the
hands only under a site they know, ``PokerStars``).  See
``docs/hand-histories.md`` for the trade-offs.

>>> from standpat.history.phh import loads
>>> from standpat.history.replay import replay
>>> from standpat.history.examples import HEADS_UP_FOLD
>>> record = loads(HEADS_UP_FOLD)[0]
>>> print(format_hand(replay(record), 1))
standpat Hand #1: Triple Draw 2-7 Lowball Limit (2/4) - 1970/01/01 00:00:00 UTC
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

from collections.abc import Callable, Iterable, Mapping
from typing import Final

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
    Mucked,
    Posted,
    PostKind,
    Raised,
    Returned,
    Shown,
    StreetOpened,
    Structure,
    Won,
    get_game,
)
from standpat.history.capture import with_phh_checks
from standpat.history.phh import time_of
from standpat.history.record import HandRecord, StepKind
from standpat.history.replay import Replay
from standpat.history.tournament import roman, tournament_of
from standpat.ranking import RankingName, evaluate

__all__ = [
    "EPOCH",
    "GAME_TITLES",
    "SITE",
    "STRUCTURE_TITLES",
    "UNIT_FIELD",
    "format_events",
    "format_hand",
    "format_hands",
    "stakes_title",
]

SITE: Final = "standpat"
"""The room the header names unless the operator chooses another."""

GAME_TITLES: Final = {
    "deuce-to-seven-triple-draw": "Triple Draw 2-7 Lowball",
    "deuce-to-seven-single-draw": "Single Draw 2-7 Lowball",
    "five-card-draw": "5 Card Draw",
    "seven-card-draw": "7 Card Draw",
    "five-card-draw-7a": "5 Card Draw 7-A",
    "badugi": "Badugi",
    "ace-to-five-triple-draw": "Triple Draw A-5 Lowball",
}
"""The game as the header line names it (PokerStars' names where it has the game)."""

STRUCTURE_TITLES: Final = {"fixed-limit": "Limit", "pot-limit": "Pot Limit",
                           "no-limit": "No Limit"}
"""The betting structure as the header line names it."""

EPOCH: Final = "1970/01/01 00:00:00 UTC"
"""The date the header gives a hand that has none (trackers need one); read back, it is no
date."""

UNIT_FIELD: Final = "_standpat_unit"
"""The record field that says the chips are cents of a currency (``"0.01 USD"``)."""

_SYMBOLS: Final = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}

_ORDINALS: Final = ("FIRST", "SECOND", "THIRD")
_NTH: Final = ("1st", "2nd", "3rd")
_POSTS: Final = {
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.ANTE: "posts the ante",
    PostKind.DEAD: "posts dead small blind",
}


def _cards(cards: Iterable[Card | None]) -> str:
    """Cards in brackets; unknown cards (``None``) are ``??``."""
    return "[" + " ".join("??" if c is None else str(c) for c in cards) + "]"


def _masked(cards: tuple[Card, ...], mask: tuple[bool, ...] | None) -> tuple[Card | None, ...]:
    """The cards with those the history does not know (``mask`` False) as ``None``."""
    if mask is None:
        return cards
    return tuple(c if known else None for c, known in zip(cards, mask, strict=True))


def _chips(record: HandRecord) -> Callable[[int], str]:
    """How amounts are written: plain chips, or money when the record counts cents.

    >>> from standpat.history.record import HandRecord, StepKind
    >>> cents = HandRecord("five-card-draw", "no-limit", 50, 100, 25, 50, (2400, 3160),
    ...                    ((), ()), extra={UNIT_FIELD: "0.01 USD"})
    >>> [_chips(cents)(x) for x in (2400, 3160, 25)]
    ['$24', '$31.60', '$0.25']
    """
    unit = record.extra.get(UNIT_FIELD)
    if not (isinstance(unit, str) and unit.startswith("0.01")):
        return str
    symbol = _SYMBOLS.get(unit[4:].strip(), "")

    def money(amount: int) -> str:
        whole, cents = divmod(amount, 100)
        return f"{symbol}{whole}" if not cents else f"{symbol}{whole}.{cents:02d}"

    return money


def _when(extra: Mapping[str, object]) -> str:
    """``2026/12/03 02:30:00 UTC`` from PHH's ``year``/``month``/``day``/``time`` fields.

    ``time`` may be a TOML local time or a string holding one (``"02:30:00"``).
    """
    year, month, day = extra.get("year"), extra.get("month"), extra.get("day")
    if not (isinstance(year, int) and isinstance(month, int) and isinstance(day, int)):
        return ""
    when = f"{year:04d}/{month:02d}/{day:02d}"
    time = time_of(extra.get("time"))
    if time is not None:
        when += f" {time.strftime('%H:%M:%S')}"
    zone = extra.get("time_zone_abbreviation")
    return when + (f" {zone}" if isinstance(zone, str) and zone else "")


def stakes_title(record: HandRecord) -> str:
    """The stakes as the header gives them: small/big bet in fixed limit, else the blinds.

    >>> from standpat.history.record import HandRecord, StepKind
    >>> def stakes(structure):
    ...     return stakes_title(HandRecord("five-card-draw", structure, 2, 4, 1, 2, (9, 9),
    ...                                    ((), ())))
    >>> stakes("fixed-limit"), stakes("no-limit")
    ('2/4', '1/2')
    """
    chips = _chips(record)
    unit = record.extra.get(UNIT_FIELD)
    code = f" {unit[4:].strip()}" if isinstance(unit, str) and unit[4:].strip() else ""
    if record.structure == Structure.FIXED_LIMIT.value or not record.big_blind:
        return f"{chips(record.small_bet)}/{chips(record.big_bet)}{code}"
    return f"{chips(record.small_blind)}/{chips(record.big_blind)}{code}"


def format_hand(
    replay: Replay, number: int | str | None = None, *, hero: str | None = None,
    site: str = SITE,
) -> str:
    """One replayed hand as readable text (no trailing newline).

    ``hero``: the name of the player whose view to write (see the module
    docstring); ``site``: the room the header names.
    """
    record, hand = replay.record, replay.hand
    masks: dict[int, tuple[tuple[bool, ...], tuple[bool, ...]]] = {}
    # The showdown as the history tells it: who shows and who mucks.
    said = {s.seat: s.kind is StepKind.SHOW for s in record.steps
            if s.kind in (StepKind.SHOW, StepKind.MUCK)}
    told = frozenset(s.seat for s in record.steps
                     if s.kind in (StepKind.SHOW, StepKind.MUCK) and s.cards)
    if not record.complete:
        # The replay made up the cards the history does not know: they stay '??'.
        discards = iter([s for s in record.steps if s.kind is StepKind.DISCARD])
        for event in hand.events:
            if isinstance(event, Dealt):
                masks[id(event)] = (tuple(c is not None for c in record.hole_cards[event.seat]),
                                    ())
            elif isinstance(event, Discarded):
                step = next(discards)
                masks[id(event)] = (tuple(c is not None for c in step.cards),
                                    tuple(c is not None for c in step.drawn))
    return _format(record, hand.events, hand.ranking, masks, (said, told), number, hero, site,
                   replay.finishing_stacks)


def format_events(
    record: HandRecord, events: Iterable[Event], number: int | str | None = None, *,
    hero: str | None = None, site: str = SITE,
) -> str:
    """A hand as readable text from its events, with seats in PHH order (no trailing newline).

    This writes a hand that cannot or need not be replayed, such as a hand as
    one player saw it: the events may be redacted (:func:`standpat.engine.redact`),
    and the cards they hide are written ``??`` (``hero`` leaves out what he
    did not see instead).  ``record`` gives the set-up (names, seats, stacks,
    stakes); ``standpat.history.capture.phh_events`` renumbers engine events
    into PHH order.

    >>> from standpat.engine import Action, Hand, Stakes, redact
    >>> from standpat.history.capture import phh_events, record_from_hand
    >>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [50, 50], rng=5)
    >>> _ = hand.apply(Action.fold())
    >>> record = record_from_hand(hand, players=["ann", "bob"])
    >>> seen = phh_events([redact(e, 0) for e in hand.events], hand.button, 2)
    >>> print(format_events(record, seen))  # doctest: +ELLIPSIS
    standpat Hand #1: 5 Card Draw Limit (2/4) - 1970/01/01 00:00:00 UTC
    ...
    Dealt to bob [?? ?? ?? ?? ??]
    Dealt to ann [6h Jh 8s Jc As]
    ann: folds
    ...
    >>> print(format_events(record, seen, hero="ann"))  # doctest: +ELLIPSIS
    standpat Hand #1: 5 Card Draw Limit (2/4) - 1970/01/01 00:00:00 UTC
    ...
    *** DEALING HANDS ***
    Dealt to ann [6h Jh 8s Jc As]
    ann: folds
    ...
    """
    ranking = get_game(record.game).deck_for(record.player_count)[1]
    return _format(record, tuple(events), ranking, {}, None, number, hero, site,
                   record.finishing_stacks)


def _format(
    record: HandRecord,
    events: tuple[Event, ...],
    ranking: RankingName,
    masks: Mapping[int, tuple[tuple[bool, ...], tuple[bool, ...]]],
    showdown_said: tuple[Mapping[int, bool], frozenset[int]] | None,
    number: int | str | None,
    hero: str | None,
    site: str,
    after: tuple[int, ...] | None,
) -> str:
    n = record.player_count
    names = [record.name_of(i) for i in range(n)]
    chips_of = _chips(record)
    me: int | None = None
    if hero is not None:
        if hero not in names:
            raise ValueError(f"{hero!r} is not a player of this hand ({', '.join(names)}).")
        me = names.index(hero)
    draws_in_game = get_game(record.game).draws
    ident = record.hand if record.hand is not None else number if number is not None else 1
    when = _when(record.extra) or EPOCH
    order = sorted(range(n), key=record.table_seat)
    tournament = tournament_of(record.extra)
    entry, level_title = "", ""
    if tournament is not None:
        number, buy_in, level = tournament
        entry = f"Tournament #{number}, {buy_in + ' ' if buy_in else ''}"
        level_title = f" - Level {roman(level)}" if level > 0 else ""
    lines = [
        f"{site} Hand #{ident}: {entry}{GAME_TITLES[record.game]} "
        f"{STRUCTURE_TITLES[record.structure]}{level_title} ({stakes_title(record)}) - {when}",
        f"Table '{record.table or 'standpat'}' {record.seat_count or max(n, 2)}-max "
        f"Seat #{record.button_seat or record.table_seat(n - 1)} is the button",
    ]
    lines += [f"Seat {record.table_seat(i)}: {names[i]} "
              f"({chips_of(record.starting_stacks[i])} in chips)" for i in order]
    held: list[list[Card | None]] = [[] for _ in range(n)]
    bets = [0] * n
    chips = list(record.starting_stacks)  # what each seat has, wins included (before any rake)
    high = 0
    draws = 0
    folded_at: dict[int, int] = {}
    roles: dict[int, list[str]] = {i: [] for i in range(n)}
    roles[n - 1].append("button")
    won = [0] * n
    pots: dict[int, int] = {}
    shown: dict[int, tuple[str, str]] = {}
    mucked: dict[int, tuple[Card | None, ...]] = {}
    wins: list[Won] = []
    posted: list[Posted] = []
    dealt = False
    showdown = False
    for event in with_phh_checks(events, record.starting_stacks):
        seat = event.seat
        who = names[seat] if seat is not None else ""
        seen = me is None or seat == me
        allin = (" and is all-in" if isinstance(event, Called | BetMade | Raised) and event.all_in
                 else "")
        if isinstance(event, Posted):
            seat = event.seat
            posted.append(event)
            chips[seat] -= event.amount
            if event.post in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
                bets[seat] += event.amount
                high = max(high, bets[seat])
                roles[seat].append(event.post.value.replace("-", " "))
            continue
        if posted:
            lines += _post_lines(posted, names, chips_of)
            posted = []
        if isinstance(event, Dealt):
            seat = event.seat
            if not dealt:
                lines.append("*** DEALING HANDS ***")
                dealt = True
            mask = masks.get(id(event))
            held[seat] = list(_masked(event.cards, mask and mask[0]) or (None,) * event.hidden)
            if seen:
                lines.append(f"Dealt to {who} {_cards(held[seat])}")
        elif isinstance(event, DrawOpened):
            draws = event.number
            title = _ORDINALS[draws - 1] + " DRAW" if draws_in_game > 1 else "DRAW"
            lines.append(f"*** {title} ***")
            bets = [0] * n
            high = 0
        elif isinstance(event, StreetOpened) and event.number:
            bets = [0] * n
            high = 0
        elif isinstance(event, Folded):
            folded_at[event.seat] = draws
            lines.append(f"{who}: folds")
        elif isinstance(event, Checked):
            lines.append(f"{who}: checks")
        elif isinstance(event, Called):
            seat = event.seat
            bets[seat] += event.added
            chips[seat] -= event.added
            lines.append(f"{who}: calls {chips_of(event.added)}{allin}")
        elif isinstance(event, BetMade | Raised):
            seat = event.seat
            if isinstance(event, BetMade):
                lines.append(f"{who}: bets {chips_of(event.to)}{allin}")
            else:
                lines.append(f"{who}: raises {chips_of(event.to - high)} to "
                             f"{chips_of(event.to)}{allin}")
            chips[seat] -= event.to - bets[seat]
            bets[seat] = event.to
            high = max(high, event.to)
        elif isinstance(event, Discarded):
            seat = event.seat
            count = event.count
            if not count:
                lines.append(f"{who}: stands pat")
                continue
            hidden = (None,) * count
            mask = masks.get(id(event))
            thrown = _masked(event.cards, mask and mask[0]) or hidden
            drawn = _masked(event.drawn, mask and mask[1]) or hidden
            kept = _keep(held[seat], thrown)
            held[seat] = kept + list(drawn)
            cards = f"card{'s' * (count > 1)}"
            if not seen:
                lines.append(f"{who}: discards {count} {cards}")
                continue
            lines.append(f"{who}: discards {count} {cards} {_cards(thrown)}")
            lines.append(f"Dealt to {who} {_cards(kept)} {_cards(drawn)}")
        elif isinstance(event, Returned):
            chips[event.seat] += event.amount
            lines.append(f"Uncalled bet ({chips_of(event.amount)}) returned to {who}")
        elif isinstance(event, Shown | Mucked):
            seat = event.seat
            if not showdown:
                lines.append("*** SHOW DOWN ***")
                showdown = True
            # A replay writes the showdown the history tells (the engine turns up an all-in
            # hand the history mucked), and never shows cards it made up.
            shows = isinstance(event, Shown)
            known = None not in held[seat]
            if showdown_said is not None:
                said, told = showdown_said
                shows = said.get(seat, shows and known)
                known = known or seat in told
            if shows:
                value = evaluate(event.cards, ranking)
                shown[seat] = (_cards(event.cards), str(value))
                lines.append(f"{who}: shows {_cards(event.cards)} ({value})")
                continue
            if seen:
                mucked[seat] = (event.cards if known else ()) or (None,) * len(held[seat])
            lines.append(f"{who}: mucks hand")
        elif isinstance(event, Won):
            chips[event.seat] += event.amount
            wins.append(event)
            pots[event.pot] = pots.get(event.pot, 0) + event.amount
    # The rake, if any, comes off what the winners collect: the stated stacks say how much.
    rake = [0] * n
    if record.rake and after is not None:
        rake = [max(0, c - a) for c, a in zip(chips, after, strict=True)]
    side = len(pots) > 1
    for event in wins:
        seat = event.seat
        taken = min(rake[seat], event.amount)
        rake[seat] -= taken
        won[seat] += event.amount - taken
        pot = "pot" if not side else "main pot" if event.pot == 0 else f"side pot-{event.pot}"
        lines.append(f"{names[seat]} collected {chips_of(event.amount - taken)} from {pot}")
    lines.append("*** SUMMARY ***")
    total = sum(pots.values())
    parts = "".join(
        f" {'Main pot' if i == 0 else f'Side pot-{i}'} {chips_of(amount)}." for i, amount in
        sorted(pots.items())
    ) if side else ""
    lines.append(f"Total pot {chips_of(total)}{parts} | Rake {chips_of(record.rake)}")
    for i in order:
        label = "".join(f" ({role})" for role in roles[i])
        head = f"Seat {record.table_seat(i)}: {names[i]}{label}"
        if i in folded_at:
            at = folded_at[i]
            moment = ("before the Draw" if at == 0 else "after the Draw" if draws_in_game == 1
                      else f"after the {_NTH[at - 1]} Draw")
            lines.append(f"{head} folded {moment}")
        elif i in shown:
            cards, named = shown[i]
            result = f"won ({chips_of(won[i])})" if won[i] else "lost"
            lines.append(f"{head} showed {cards} and {result} with {named}")
        elif i in mucked:
            lines.append(f"{head} mucked {_cards(mucked[i])}")
        elif any(isinstance(e, Shown | Mucked) and e.seat == i for e in events):
            lines.append(f"{head} mucked")
        else:
            lines.append(f"{head} collected ({chips_of(won[i])})")
    return "\n".join(lines)


def _post_lines(posts: list[Posted], names: list[str], chips: Callable[[int], str]) -> list[str]:
    """The forced bets as PokerStars words them, in the order they were posted.

    A dead small blind posted with a big blind (a player coming back) is one
    line, ``posts small & big blinds``, unless he is all in before both are
    paid; a dead small blind after the live one is ``posts small blind``
    (the second one is dead, as trackers read it); one with no live small
    blind before it says ``dead``.
    """
    # Trackers price 'small & big blinds' at the full blinds: a short one is written apart.
    dead = {e.seat: e for e in posts if e.post is PostKind.DEAD and not e.all_in}
    both = {e.seat for e in posts if e.post is PostKind.BIG_BLIND and e.seat in dead
            and not e.all_in}
    lines = []
    live_small = False
    for event in posts:
        seat = event.seat
        allin = " and is all-in" if event.all_in else ""
        amount = event.amount
        if event.post is PostKind.BIG_BLIND and seat in both:
            amount += dead[seat].amount
            allin = " and is all-in" if dead[seat].all_in else ""
            words = "posts small & big blinds"
        elif event.post is PostKind.DEAD:
            if seat in both:
                continue  # written with his big blind
            words = "posts small blind" if live_small else "posts dead small blind"
        else:
            words = _POSTS[event.post]
            live_small = live_small or event.post is PostKind.SMALL_BLIND
        lines.append(f"{names[seat]}: {words} {chips(amount)}{allin}")
    return lines


def _keep(held: list[Card | None], thrown: tuple[Card | None, ...]) -> list[Card | None]:
    """The cards left of ``held`` after discarding ``thrown`` (unknown ones by count).

    A known card thrown from cards the history did not know takes one of them.
    """
    kept = list(held)
    for card in thrown:
        if card in kept:
            kept.remove(card)
        elif None in kept:
            kept.remove(None)
    return kept


def format_hands(
    replays: Iterable[Replay], *, hero: str | None = None, site: str = SITE
) -> str:
    """Hands one after another, separated by two blank lines, ending in a newline.

    With ``hero``, only the hands he played are written, as he saw them.
    """
    return "".join(
        f"{format_hand(r, i, hero=hero, site=site)}\n\n\n" for i, r in enumerate(replays, 1)
        if hero is None or hero in r.record.players
    )
