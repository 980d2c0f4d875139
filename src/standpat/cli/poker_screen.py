"""The poker table as the terminal player sees it: pure functions from a view to text.

:func:`render` draws the whole table before each of the player's decisions;
:func:`narrate` turns one (redacted) engine event into a line the player can
read; :func:`choices` spells the legal actions with their amounts.  Nothing
here reads input or touches the game: the runner in
:mod:`standpat.cli.poker_play` calls these and prints what they return.

The screen is plain ASCII; :class:`Palette` adds colour when the terminal
can show it (never with ``TERM=dumb`` or ``NO_COLOR``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TextIO

from standpat.cards import Card
from standpat.engine import (
    ActionKind,
    BetMade,
    Called,
    Checked,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    Folded,
    LegalActions,
    Mucked,
    Phase,
    Posted,
    PostKind,
    Raised,
    Reshuffled,
    Returned,
    SeatView,
    Shown,
    StreetOpened,
    Won,
)
from standpat.ranking import evaluate

__all__ = [
    "Chair",
    "Palette",
    "choices",
    "describe_hand",
    "last_actions",
    "narrate",
    "narrate_one",
    "phase_name",
    "render",
]


@dataclass(frozen=True, slots=True)
class Chair:
    """One seat of the table as the screen shows it.

    ``index`` is the seat's place in the hand (``None`` when he is not dealt
    in); ``stack`` is used only then, since the view knows the stacks of the
    players in the hand.  ``markers`` are short words shown after the name:
    ``ML``, ``MS``, ``sitting out``.  ``position`` is ``D`` for the dealer
    button (which may sit at an empty seat: a dead button), ``SB``, ``BB``,
    or several of them (``D SB`` heads-up).
    """

    seat: int
    name: str
    index: int | None
    stack: int = 0
    markers: tuple[str, ...] = ()
    position: str = ""


_RED_SUITS: Final = frozenset({1, 2})  # diamonds, hearts


@dataclass(frozen=True, slots=True)
class Palette:
    """ANSI colour for the few things worth it, or none at all.

    >>> Palette(False).card(Card("Ah")), Palette(True).card(Card("Ah"))
    ('Ah', '\\x1b[31mAh\\x1b[0m')
    """

    enabled: bool

    @classmethod
    def for_stream(cls, stream: TextIO, *, allowed: bool = True) -> Palette:
        """Colour only for a real terminal that can show it (not dumb, no ``NO_COLOR``)."""
        term = os.environ.get("TERM", "")
        ok = (
            allowed
            and stream.isatty()
            and term not in ("", "dumb")
            and "NO_COLOR" not in os.environ
        )
        return cls(ok)

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled else text

    def card(self, card: Card) -> str:
        """A card, red for hearts and diamonds."""
        return self._wrap("31", str(card)) if card.suit in _RED_SUITS else str(card)

    def bold(self, text: str) -> str:
        """Text that should stand out (the player's turn, the winner)."""
        return self._wrap("1", text)

    def dim(self, text: str) -> str:
        """Text of lesser weight (folded seats, hidden cards)."""
        return self._wrap("2", text)


PLAIN: Final = Palette(False)
"""No colour."""


def phase_name(view: SeatView) -> str:
    """Where the hand is, in words: ``before the draw``, ``draw 2 of 3``, ``hand over``.

    Betting round ``k`` follows draw ``k``; single-draw games say just
    ``the draw`` and ``after the draw``.
    """
    draws = view.game.draws
    if view.is_over or view.phase is Phase.OVER:
        return "hand over"
    if view.phase is Phase.DRAW:
        return "the draw" if draws == 1 else f"draw {view.street} of {draws}"
    if view.street == 0:
        return "before the draw"
    return "after the draw" if draws == 1 else f"after draw {view.street}"


def describe_hand(cards: Sequence[Card], view: SeatView) -> str:
    """The hand's name under this hand's ranking (``'Pair of kings'``), or ``''`` if unrankable."""
    if not 5 <= len(cards) <= 7:
        return ""
    try:
        return str(evaluate(cards, view.ranking))
    except ValueError:
        return ""


def choices(legal: LegalActions, stack: int, bet: int) -> str:
    """The legal actions with their amounts, as the player may type them.

    ``stack`` is what the seat has behind and ``bet`` what it has in front
    this round, to say when an amount is all in.
    """
    kinds = legal.kinds
    if ActionKind.DISCARD in kinds:
        if legal.max_discard == 0:
            return "pat (you may not discard)"
        return f"d 1 3 or d 7c 9h (up to {legal.max_discard} cards) | pat"
    parts: list[str] = []
    if ActionKind.CHECK in kinds:
        parts.append("check")
    if ActionKind.CALL in kinds:
        all_in = " (all in)" if legal.to_call >= stack else ""
        parts.append(f"call {min(legal.to_call, stack)}{all_in}")
    for kind, word in ((ActionKind.BET, "bet"), (ActionKind.RAISE, "raise to")):
        if kind in kinds:
            span = (
                str(legal.min_to) if legal.min_to == legal.max_to
                else f"{legal.min_to}..{legal.max_to}"
            )
            all_in = " (all in)" if legal.max_to >= stack + bet else ""
            parts.append(f"{word} {span}{all_in}")
    if ActionKind.FOLD in kinds:
        parts.append("fold")
    return " | ".join(parts)


def render(
    view: SeatView,
    chairs: Sequence[Chair],
    *,
    hand_no: int,
    palette: Palette = PLAIN,
    notes: Sequence[str] = (),
) -> str:
    """The whole table for ``view.seat``: header, one line per chair, pots, own cards, actions.

    ``notes`` are lines shown just above the turn line (the draw hint).

    A line starts with ``>`` for the seat whose turn it is.  Columns: seat
    number, name and markers, position (``D``, ``SB``, ``BB``), stack behind,
    bet in front this round, then the state: ``folded``, ``all in``,
    ``drew 2`` / ``stood pat`` (shown until the first action after the draw),
    the cards shown down, ``wins N``.  The pot line splits the pot into the
    main and side pots (with who can win each) when there is more than one.
    """
    header = (
        f"=== Hand {hand_no} | {view.game.title} | {view.structure.value} "
        f"{view.stakes} | {phase_name(view)} ==="
    )
    lines = [header]
    width = max([len(c.name) + sum(len(m) + 1 for m in c.markers) for c in chairs] + [4])
    lines.append(f"  seat {'name':<{width}}  pos     stack   bet")
    for chair in chairs:
        lines.append(_chair_line(view, chair, width, palette))
    lines.append(_pot_line(view, chairs))
    if view.seat is not None and view.hand:
        own = " ".join(f"{i}:{palette.card(c)}" for i, c in enumerate(view.hand, 1))
        name = describe_hand(view.hand, view)
        folded = view.folded[view.seat]
        suffix = " (folded)" if folded else (f"  ({name})" if name else "")
        lines.append(f"Your cards: {own}{suffix}")
    deck = len(view.game.deck_for(view.players)[0])
    sixes = " (sixes in)" if view.ranking == "short-6a" else ""
    line = f"Deck: {deck} cards{sixes}"
    if view.phase is Phase.DRAW or view.draws_left:
        line += f" | draws left: {view.draws_left} | cards in the stub: {view.stub}"
    lines.append(line)
    lines.extend(notes)
    lines.append(_turn_line(view, chairs, palette))
    return "\n".join(lines)


def _names(chairs: Sequence[Chair]) -> dict[int, str]:
    return {c.index: c.name for c in chairs if c.index is not None}


def _chair_line(view: SeatView, chair: Chair, width: int, palette: Palette) -> str:
    i = chair.index
    turn = ">" if i is not None and i == view.to_act and not view.is_over else " "
    label = " ".join((chair.name, *chair.markers))
    pos = chair.position
    if i is None:
        behind = str(chair.stack) if chair.stack else ""
        return f"{turn} {chair.seat:>4} {label:<{width}}  {pos:<6} {behind:>6}".rstrip()
    bet = str(view.bets[i]) if view.bets[i] else ""
    state = _seat_state(view, i, palette)
    stack = view.stacks[i]
    line = f"{turn} {chair.seat:>4} {label:<{width}}  {pos:<6} {stack:>6} {bet:>5}  {state}"
    line = line.rstrip()
    return palette.dim(line) if view.folded[i] else line




def last_actions(view: SeatView) -> dict[int, str]:
    """Each seat's last check, call, bet or raise in the current betting round, in words.

    >>> from standpat.engine import Action, Hand, Stakes
    >>> hand = Hand("five-card-draw", "no-limit", Stakes.from_bets(2), [100] * 3, rng=1)
    >>> _ = hand.apply(Action.raise_to(6)); _ = hand.apply(Action.call())
    >>> last_actions(hand.view(2))
    {0: 'raised to 6', 1: 'called'}
    """
    did: dict[int, str] = {}
    for event in view.events:
        if isinstance(event, StreetOpened | DrawOpened):
            did.clear()
        elif isinstance(event, Checked):
            did[event.seat] = "checked"
        elif isinstance(event, Called):
            did[event.seat] = "called"
        elif isinstance(event, BetMade):
            did[event.seat] = f"bet {event.to}"
        elif isinstance(event, Raised):
            did[event.seat] = f"raised to {event.to}"
    return did


def _seat_state(view: SeatView, i: int, palette: Palette) -> str:
    words: list[str] = []
    if view.folded[i]:
        words.append("folded")
    elif view.all_in[i]:
        words.append("all in")
    if view.phase is Phase.BETTING and not view.folded[i] and i in (did := last_actions(view)):
        words.append(did[i])
    drew = view.draw_counts[i] if i < len(view.draw_counts) else None
    if drew is not None and not view.folded[i]:
        words.append("stood pat" if drew == 0 else f"drew {drew}")
    shown = view.shown.get(i)
    if shown:
        cards = " ".join(palette.card(c) for c in shown)
        name = describe_hand(shown, view)
        words.append(f"shows {cards}" + (f" ({name})" if name else ""))
    if view.is_over and view.payouts and view.payouts[i]:
        words.append(palette.bold(f"wins {view.payouts[i]}"))
    return ", ".join(words)


def _pot_line(view: SeatView, chairs: Sequence[Chair]) -> str:
    line = f"Pot: {view.pot}"
    if len(view.pots) > 1:
        names = _names(chairs)
        parts = []
        for n, (amount, seats) in enumerate(view.pots):
            who = ", ".join(names.get(s, str(s)) for s in seats)
            parts.append(f"{'main' if n == 0 else f'side {n}'} {amount} ({who})")
        if any(view.bets) and not view.is_over:
            parts.append(f"bets in front {sum(view.bets)}")
        line += " | " + " | ".join(parts)
    return line


def _turn_line(view: SeatView, chairs: Sequence[Chair], palette: Palette) -> str:
    if view.is_over:
        return "The hand is over."
    if view.to_act is None:
        return "Waiting."
    if view.to_act != view.seat or view.legal is None:
        return f"Waiting for {_names(chairs).get(view.to_act, str(view.to_act))}."
    i = view.to_act
    return palette.bold("Your turn: ") + choices(view.legal, view.stacks[i], view.bets[i])


def _verb(you: bool, base: str, third: str) -> str:
    return base if you else third


def narrate(
    events: Sequence[Event], names: Mapping[int, str], you: int | None, view: SeatView
) -> list[str]:
    """Lines about ``events`` as ``you`` see them (events not worth a line give none).

    ``names`` maps hand seats to names; ``view`` gives the ranking (to name
    shown hands) and the game (to name rounds).  The events should already be
    redacted for ``you``; other seats' discards are told by count only anyway.
    A ``DRAW`` event is told as ``--- the draw ---``, a ``STREET`` event after
    a draw as the betting round it opens.
    """
    lines = []
    offset = len(view.events) - len(events)
    first_bb = next(
        (i for i, e in enumerate(view.events)
         if isinstance(e, Posted) and e.post is PostKind.BIG_BLIND), None)
    for n, event in enumerate(events):
        if isinstance(event, StreetOpened | DrawOpened):
            line = _street_line(event.number, isinstance(event, DrawOpened), view.game.draws)
        else:
            come_in = (isinstance(event, Posted) and event.post is PostKind.BIG_BLIND
                       and offset + n != first_bb)
            line = narrate_one(event, names, you, view, come_in=come_in)
        if line:
            lines.append(line)
    return lines


def _street_line(number: int, draw: bool, draws: int) -> str:
    if draw:
        return "--- the draw ---" if draws == 1 else f"--- draw {number} of {draws} ---"
    if number == 0:
        return ""
    return "--- after the draw ---" if draws == 1 else f"--- after draw {number} ---"


_POSTS: Final = {
    PostKind.SMALL_BLIND: "the small blind",
    PostKind.BIG_BLIND: "the big blind",
    PostKind.ANTE: "an ante",
    PostKind.DEAD: "a dead small blind",
}


def narrate_one(
    event: Event, names: Mapping[int, str], you: int | None, view: SeatView, *,
    come_in: bool = False,
) -> str:
    """One line about one event (see :func:`narrate`); ``''`` when it is not worth a line.

    ``come_in``: a big-blind post is a player posting to come in, not the big blind.
    """
    seat = event.seat
    me = seat is not None and seat == you
    who = "You" if me else (names.get(seat, f"seat {seat}") if seat is not None else "")
    all_in = ""
    if isinstance(event, Posted | Called | BetMade | Raised) and event.all_in:
        all_in = " and are all in" if me else " and is all in"
    if isinstance(event, Posted):
        what = _POSTS.get(event.post, "a blind")
        if come_in:
            what = "a big blind"
        why = " to come in" if come_in else ""
        return f"{who} {_verb(me, 'post', 'posts')} {what} of {event.amount}{why}{all_in}."
    if isinstance(event, Dealt):
        return f"You are dealt {' '.join(map(str, event.cards))}." if me and event.cards else ""
    if isinstance(event, Folded):
        return f"{who} {_verb(me, 'fold', 'folds')}."
    if isinstance(event, Checked):
        return f"{who} {_verb(me, 'check', 'checks')}."
    if isinstance(event, Called):
        return f"{who} {_verb(me, 'call', 'calls')} {event.added}{all_in}."
    if isinstance(event, BetMade):
        return f"{who} {_verb(me, 'bet', 'bets')} {event.to}{all_in}."
    if isinstance(event, Raised):
        return f"{who} {_verb(me, 'raise', 'raises')} to {event.to}{all_in}."
    if isinstance(event, Discarded):
        if me and event.cards:
            return (f"You discard {' '.join(map(str, event.cards))} and draw "
                    f"{' '.join(map(str, event.drawn))}.")
        if event.count == 0:
            return f"{who} {_verb(me, 'stand', 'stands')} pat."
        cards = "card" if event.count == 1 else "cards"
        return f"{who} {_verb(me, 'draw', 'draws')} {event.count} {cards}."
    if isinstance(event, Reshuffled):
        return f"The stub runs short: {event.count} cards are shuffled into a new stub."
    if isinstance(event, Returned):
        to = "you" if me else who
        return f"The uncalled {event.amount} goes back to {to}."
    if isinstance(event, Shown):
        name = describe_hand(event.cards, view)
        cards = " ".join(map(str, event.cards))
        return f"{who} {_verb(me, 'show', 'shows')} {cards}" + (f": {name}." if name else ".")
    if isinstance(event, Mucked):
        return f"{who} {_verb(me, 'muck', 'mucks')}."
    if isinstance(event, Won):
        pot = "the pot" if event.pot == 0 else f"side pot {event.pot}"
        if len(view.pots) > 1 and event.pot == 0:
            pot = "the main pot"
        return f"{who} {_verb(me, 'win', 'wins')} {event.amount} from {pot}."
    return ""
