"""One hand of a draw game: forced bets, deal, betting, draws, showdown, payouts.

:class:`Hand` is a pure, synchronous state machine.  All randomness comes
from the injected ``rng`` (``shuffle`` of the deck at the start, ``shuffle``
of the reshuffle pool when the stub runs out, nothing else), so a hand is
reproduced exactly by its seed and its actions.  For a plain
:class:`random.Random` the shuffle is ``random.Random.shuffle``'s own
algorithm run inline on ``getrandbits`` (the same draws, the same order); a
subclass is always called through its own ``shuffle``.

When standpat is built with a C compiler, this very module is compiled by
mypyc (see ``setup.py``) and the build shadows this file; without it the file
runs as plain Python, with the same results (``tests/engine/test_compiled.py``
plays the two in lockstep).  Rebuild after editing it.

>>> hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", Stakes.from_bets(2), [100, 100, 100],
...             rng=7)
>>> hand.to_act, hand.bets, hand.pot
(0, (0, 1, 2), 3)
>>> sorted(k.value for k in hand.legal_actions().kinds)
['call', 'fold', 'raise']
>>> hand.legal_actions().min_to
4
>>> [e.kind.value for e in hand.apply(Action.fold())]
['fold']
>>> [e.kind.value for e in hand.apply(Action.fold())]
['fold', 'return', 'win']
>>> hand.is_over, hand.net
(True, (0, -1, 1))
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import cast

from standpat.cards import Card, format_cards
from standpat.engine.actions import Action, ActionKind, LegalActions, Phase, _draw_legal
from standpat.engine.events import (
    BetMade,
    Burned,
    Called,
    Checked,
    Dealt,
    Discarded,
    DrawOpened,
    Event,
    Folded,
    Mucked,
    Posted,
    Raised,
    Reshuffled,
    Returned,
    Shown,
    StreetOpened,
    Won,
)
from standpat.engine.games import Game, Post, PostKind, Stakes, Structure, get_game
from standpat.engine.pots import side_pots, split
from standpat.engine.view import _VIEW_SET, SeatView
from standpat.errors import HandSetupError, IllegalActionError
from standpat.ranking import RankingName, get_ranking

__all__ = ["Hand", "discard_fits", "redact"]

_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_DISCARD = ActionKind.DISCARD
_BETTING = Phase.BETTING
_DRAW = Phase.DRAW
_OVER = Phase.OVER
_CAP = 4  # fixed limit: a bet, a raise, a re-raise and a cap
_FOLD_CALL = frozenset({_FOLD, _CALL})
_FOLD_CALL_RAISE = frozenset({_FOLD, _CALL, _RAISE})
_CHECK_ONLY = frozenset({_CHECK})
_CHECK_BET = frozenset({_CHECK, _BET})
_CHECK_RAISE = frozenset({_CHECK, _RAISE})
_SB = PostKind.SMALL_BLIND
_BB = PostKind.BIG_BLIND
_POSTS: dict[tuple[int, int, Stakes], tuple[Post, ...]] = {}
_LEGAL: dict[tuple[int, frozenset[ActionKind], int, int, int], LegalActions] = {}
"""Betting-round LegalActions are immutable values: equal ones are shared, not rebuilt."""
_CLOCK: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(1, 10)
}
"""_CLOCK[n][s]: the seats of an n-player hand clockwise, starting at seat s."""


_new_object = object.__new__
"""Events are made slot by slot (faster than a frozen dataclass's ``__init__``), only by the
builders below, which ``tests/engine/test_hand.py`` checks against each class's own
constructor."""


def _slots(cls: type, *names: str) -> tuple[Callable[[object, object], None], ...]:
    """The slot setters of ``cls``'s fields ``names``, in order."""
    return tuple(cls.__dict__[name].__set__ for name in names)


_POSTED = _slots(Posted, "seat", "amount", "post", "all_in")
_DEALT = _slots(Dealt, "seat", "cards", "hidden")
_SEAT_OF = {cls: _slots(cls, "seat")[0] for cls in (Folded, Checked)}
_BET_SETS = {cls: _slots(cls, "seat", "to", "all_in") for cls in (BetMade, Raised)}
_CALLED = _slots(Called, "seat", "added", "all_in")
_NUMBER_OF = {cls: _slots(cls, "number")[0] for cls in (StreetOpened, DrawOpened)}
_STUB_SETS = {cls: _slots(cls, "cards", "hidden") for cls in (Burned, Reshuffled)}
_DISCARDED = _slots(Discarded, "seat", "count", "cards", "drawn", "hidden")
_RETURNED = _slots(Returned, "seat", "amount")
_SHOWN = _slots(Shown, "seat", "cards")
_MUCKED = _slots(Mucked, "seat", "cards", "hidden")
_WON = _slots(Won, "seat", "amount", "cards", "pot")


def _posted(seat: int, amount: int, post: PostKind, all_in: bool) -> Posted:
    """``Posted(seat, amount, post, all_in)``."""
    event = _new_object(Posted)
    s_seat, s_amount, s_post, s_all_in = _POSTED
    s_seat(event, seat)
    s_amount(event, amount)
    s_post(event, post)
    s_all_in(event, all_in)
    return event


def _dealt(seat: int, cards: tuple[Card, ...], hidden: int) -> Dealt:
    """``Dealt(seat, cards, hidden)``."""
    event = _new_object(Dealt)
    s_seat, s_cards, s_hidden = _DEALT
    s_seat(event, seat)
    s_cards(event, cards)
    s_hidden(event, hidden)
    return event


def _folded(seat: int) -> Folded:
    """``Folded(seat)``."""
    event = _new_object(Folded)
    _SEAT_OF[Folded](event, seat)
    return event


def _checked(seat: int) -> Checked:
    """``Checked(seat)``."""
    event = _new_object(Checked)
    _SEAT_OF[Checked](event, seat)
    return event


def _called(seat: int, added: int, all_in: bool) -> Called:
    """``Called(seat, added, all_in)``."""
    event = _new_object(Called)
    s_seat, s_added, s_all_in = _CALLED
    s_seat(event, seat)
    s_added(event, added)
    s_all_in(event, all_in)
    return event


def _bet_to(cls: type[BetMade | Raised], seat: int, to: int, all_in: bool) -> BetMade | Raised:
    """``BetMade(seat, to, all_in)`` or ``Raised(seat, to, all_in)``."""
    event = _new_object(cls)
    s_seat, s_to, s_all_in = _BET_SETS[cls]
    s_seat(event, seat)
    s_to(event, to)
    s_all_in(event, all_in)
    return event


def _opened(cls: type[StreetOpened | DrawOpened], number: int) -> StreetOpened | DrawOpened:
    """``StreetOpened(number)`` or ``DrawOpened(number)``."""
    event = _new_object(cls)
    _NUMBER_OF[cls](event, number)
    return event


def _stub_event(
    cls: type[Burned | Reshuffled], cards: tuple[Card, ...], hidden: int
) -> Burned | Reshuffled:
    """``Burned(cards, hidden)`` or ``Reshuffled(cards, hidden)``."""
    event = _new_object(cls)
    s_cards, s_hidden = _STUB_SETS[cls]
    s_cards(event, cards)
    s_hidden(event, hidden)
    return event


def _discarded(
    seat: int, count: int, cards: tuple[Card, ...], drawn: tuple[Card, ...], hidden: int
) -> Discarded:
    """``Discarded(seat, count, cards, drawn, hidden)``."""
    event = _new_object(Discarded)
    s_seat, s_count, s_cards, s_drawn, s_hidden = _DISCARDED
    s_seat(event, seat)
    s_count(event, count)
    s_cards(event, cards)
    s_drawn(event, drawn)
    s_hidden(event, hidden)
    return event


def _returned(seat: int, amount: int) -> Returned:
    """``Returned(seat, amount)``."""
    event = _new_object(Returned)
    s_seat, s_amount = _RETURNED
    s_seat(event, seat)
    s_amount(event, amount)
    return event


def _shown(seat: int, cards: tuple[Card, ...]) -> Shown:
    """``Shown(seat, cards)``."""
    event = _new_object(Shown)
    s_seat, s_cards = _SHOWN
    s_seat(event, seat)
    s_cards(event, cards)
    return event


def _mucked(seat: int, cards: tuple[Card, ...], hidden: int) -> Mucked:
    """``Mucked(seat, cards, hidden)``."""
    event = _new_object(Mucked)
    s_seat, s_cards, s_hidden = _MUCKED
    s_seat(event, seat)
    s_cards(event, cards)
    s_hidden(event, hidden)
    return event


def _won(seat: int, amount: int, cards: tuple[Card, ...], pot: int) -> Won:
    """``Won(seat, amount, cards, pot)``."""
    event = _new_object(Won)
    s_seat, s_amount, s_cards, s_pot = _WON
    s_seat(event, seat)
    s_amount(event, amount)
    s_cards(event, cards)
    s_pot(event, pot)
    return event


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` (a seat, or ``None`` for a spectator) may see it.

    Other seats' dealt, discarded, drawn and mucked cards, and all burned and
    reshuffled cards, are emptied; ``hidden`` keeps their count.  (Here, in the
    compiled module, because every view redacts each new event.)

    >>> from standpat.cards import Card
    >>> e = Discarded(1, 2, (Card("2c"), Card("3c")), (Card("Ah"), Card("Kh")))
    >>> redact(e, 1) == e
    True
    >>> redact(e, 0)
    Discarded(seat=1, count=2, cards=(), drawn=(), hidden=2)
    """
    cls = event.__class__
    if cls is Discarded:
        discard = cast(Discarded, event)
        cards, drawn = discard.cards, discard.drawn
        if discard.seat == viewer or not (cards or drawn):
            return event
        hidden = len(cards) if len(cards) >= len(drawn) else len(drawn)
        return _discarded(discard.seat, discard.count, (), (), hidden)
    if cls is Dealt:
        deal = cast(Dealt, event)
        if deal.seat == viewer or not deal.cards:
            return event
        return _dealt(deal.seat, (), len(deal.cards))
    if cls is Mucked:
        muck = cast(Mucked, event)
        if muck.seat == viewer or not muck.cards:
            return event
        return _mucked(muck.seat, (), len(muck.cards))
    if cls is Burned or cls is Reshuffled:
        stub = cast("Burned | Reshuffled", event)
        return _stub_event(stub.__class__, (), len(stub.cards)) if stub.cards else event
    return event


class Hand:
    """One hand of a draw game, from the forced bets to the payouts.

    Seats are indexes ``0..players-1`` into ``stacks``, clockwise.  See the
    module docstring for an example and ``docs/engine.md`` for a tour.
    """

    def __init__(
        self,
        game: Game | str,
        structure: Structure | str,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int = 0,
        posts: Sequence[Post] | None = None,
        rng: random.Random | int | None = None,
        hole_cards: Sequence[Sequence[Card]] | None = None,
        uncap_heads_up: bool = False,
        room_rules: bool = False,
    ) -> None:
        """Post the forced bets, shuffle and deal; the first betting round is open.

        Raises :class:`~standpat.errors.HandSetupError` for a hand that cannot
        be dealt (too few or too many players, an empty stack, a bad post or
        bad ``hole_cards``).  A post bigger than its stack is posted all-in.

        ``room_rules`` is for replaying a room's hand histories, never for play:
        it allows what a room such as PokerStars allows and standpat's own rules
        do not (see :attr:`room_rules`).
        """
        n = len(stacks)
        setup = _SETUPS.get((game, structure, n))
        if setup is None:
            setup = _setup(game, structure, n)
        game_, self.structure, deck, self.ranking, self._score = setup
        self.game: Game = game_
        """The game dealt."""
        self.stakes: Stakes = stakes
        """The stakes."""
        for stack in stacks:
            if type(stack) is not int or stack <= 0:
                _bad_stacks(stacks)
        if not 0 <= button < n:
            raise HandSetupError(f"the button {button} is not a seat of this {n}-player hand.")
        self.players: int = n
        """How many players are dealt in."""
        self.button: int = button
        """The button's seat index."""
        self.uncap_heads_up: bool = uncap_heads_up
        """Whether fixed-limit betting is uncapped when only two players are in."""
        self.room_rules: bool = room_rules
        """Whether a room's broader rules apply (off unless a replay of a room's history asks):
        a player may fold when he could check, and in fixed limit, after an all-in raise for
        less than a full bet, the next raise completes it (to the last full raise plus one
        bet) instead of going a full bet above the all-in.  ``apply`` and ``verify`` accept
        the fold; ``legal_actions`` does not list it."""
        self.deck: tuple[Card, ...] = deck
        """This hand's deck (in its natural order, not the shuffled order)."""
        clock = _CLOCK[n]
        self._clock = clock
        self._order = clock[(button + 1) % n]
        self._live = n
        self.seed: int | None = None
        """The seed, when the hand was given an int."""
        given: object = rng  # checked as any object: a caller may pass a wrong type
        if given is None:
            self._rng = random.Random()
        elif isinstance(given, random.Random):
            self._rng = given
        elif isinstance(given, int) and not isinstance(given, bool):
            self.seed = given
            self._rng = random.Random(given)
        else:
            raise HandSetupError(
                f"rng must be a random.Random, an int seed or None, not {given!r}."
            )
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        """Each seat's stack before the forced bets."""
        self._fl = self.structure is Structure.FIXED_LIMIT
        self._pl = self.structure is Structure.POT_LIMIT
        self._min_bet = stakes.big_blind or stakes.small_bet
        self._big_from = (game_.draws + 1) // 2
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._folded = [False] * n
        self._allin = [False] * n
        self._acted = [False] * n
        self._faced = [0] * n
        self._need = [0] * n
        self._payouts = [0] * n
        self._draw_counts: list[int | None] = [None] * n
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._events: list[Event] = []
        self._actions: list[tuple[int, Action]] = []
        self._pool: list[Card] = []
        self._queue: list[int] = []
        self._phase = _BETTING
        self._street = 0
        self._to_act: int | None = None
        self._high = 0
        self._short = False
        self._last_raise = self._min_bet
        self._full_level = 0
        self._raise_from = 0
        self._count = 0
        self._unit = stakes.small_bet
        self._aggressor: int | None = None
        self._counts_public = False
        self._final_pots: list[tuple[int, tuple[int, ...]]] = []
        self._pots_at = -1  # _pots's round and players still in (see pots)
        self._pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
        self._seen: dict[int | None, tuple[Event, ...]] = {}
        """The events as each viewer may see them, redacted once each (see events_for)."""
        events = self._events
        self.posts: tuple[Post, ...] = self._post(posts, events)
        """The forced bets as given or as made from the stakes (amounts as asked)."""
        self._deal(hole_cards, events)
        self._open_first_round(events)

    # -- set-up -----------------------------------------------------------------

    def _standard_posts(self) -> tuple[Post, ...]:
        key = (self.players, self.button, self.stakes)
        found = _POSTS.get(key)
        if found is None:
            found = _POSTS[key] = tuple(self._make_posts())
        return found

    def _make_posts(self) -> list[Post]:
        n, button, stakes = self.players, self.button, self.stakes
        posts: list[Post] = []
        if stakes.ante:
            posts.extend(Post((button + 1 + i) % n, PostKind.ANTE, stakes.ante) for i in range(n))
        if n == 2:
            sb, bb = button, (button + 1) % 2
        else:
            sb, bb = (button + 1) % n, (button + 2) % n
        if stakes.small_blind:
            posts.append(Post(sb, PostKind.SMALL_BLIND, stakes.small_blind))
        if stakes.big_blind:
            posts.append(Post(bb, PostKind.BIG_BLIND, stakes.big_blind))
        return posts

    def _post(self, posts: Sequence[Post] | None, events: list[Event]) -> tuple[Post, ...]:
        made = self._standard_posts() if posts is None else tuple(posts)
        n = self.players
        stacks, bets, contrib, allin = self._stacks, self._bets, self._contrib, self._allin
        dead = [0] * n
        high = 0
        big_blinds = []
        for post in made:
            if posts is not None:
                if not isinstance(post, Post) or not 0 <= post.seat < n:
                    raise HandSetupError(
                        f"{post!r} is not a post by a seat of this {n}-player hand."
                    )
                if post.amount < 0:
                    raise HandSetupError(f"{post!r} posts a negative amount.")
            seat, kind, asked = post.seat, post.kind, post.amount
            stack = stacks[seat]
            amount = asked if asked < stack else stack
            stack -= amount
            stacks[seat] = stack
            contrib[seat] += amount
            if kind is _SB or kind is _BB:
                bets[seat] += amount
                if asked > high:
                    high = asked
                if bets[seat] > high:
                    high = bets[seat]
                if kind is _BB:
                    big_blinds.append(seat)
            else:
                dead[seat] += amount
            if not stack:
                allin[seat] = True
            events.append(_posted(seat, amount, kind, not stack))
        self._dead = tuple(dead)
        self._dead_total = sum(dead)
        self._high = high
        self._able = n - sum(allin)
        self._short = high > max(bets)
        self._full_level = high
        self._raise_from = high
        self._count = 1 if big_blinds else 0
        if big_blinds:
            self._first = (self._first_big_blind(big_blinds) + 1) % n
        else:
            self._first = (self.button + 1) % n
        return made

    def _first_big_blind(self, seats: list[int]) -> int:
        """The real big blind: the first big-blind post clockwise from the button."""
        if len(seats) == 1:
            return seats[0]
        button, n = self.button, self.players
        return min(seats, key=lambda s: (s - button - 1) % n)

    def _deal(self, hole_cards: Sequence[Sequence[Card]] | None, events: list[Event]) -> None:
        n, size = self.players, self.game.hand_size
        stub = list(self.deck)
        rng = self._rng
        if rng.__class__ is random.Random:
            _shuffle(rng.getrandbits, stub)
        else:
            rng.shuffle(stub)
        order = self._order
        hands: list[list[Card]] = [[] for _ in range(n)]
        if hole_cards is None:
            for j, seat in enumerate(order):
                hands[seat] = stub[j : n * size : n]
            self._pos = n * size
        else:
            if len(hole_cards) != n:
                raise HandSetupError(
                    f"hole_cards gives {len(hole_cards)} hands for a {n}-player hand."
                )
            in_deck = set(self.deck)
            seen: set[int] = set()
            for seat, cards in enumerate(hole_cards):
                if len(cards) != size:
                    raise HandSetupError(
                        f"hole_cards gives seat {seat} {len(cards)} cards; "
                        f"{self.game.title} deals {size}."
                    )
                for card in cards:
                    if card not in in_deck:
                        raise HandSetupError(
                            f"hole_cards gives seat {seat} the card {Card(card)}, which is not "
                            f"in this hand's {len(self.deck)}-card deck."
                        )
                    if card in seen:
                        raise HandSetupError(f"hole_cards deals the card {Card(card)} twice.")
                    seen.add(card)
                hands[seat] = [Card(c) for c in cards]
            stub = [c for c in stub if c not in seen]
            self._pos = 0
        self._stub = stub
        self._hands = hands
        for seat in order:
            dealt = tuple(hands[seat])
            events.append(_dealt(seat, dealt, 0))

    def _open_first_round(self, events: list[Event]) -> None:
        events.append(_opened(StreetOpened, 0))
        self._unit = self.stakes.small_bet
        self._to_act = self._seek(self._first)
        if self._to_act is None:
            self._end_round(events)

    # -- public state -------------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not counting its bet in front)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in front of it in this betting round."""
        return tuple(self._bets)

    @property
    def pot(self) -> int:
        """All chips in the middle, bets in front included (0 once the pot is awarded)."""
        return 0 if self._phase is _OVER else sum(self._contrib)

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots (main first) as (amount, eligible seats).

        During the hand: the chips collected from finished rounds (bets in
        front are not in a pot yet); once over: the pots that were awarded.
        """
        if self._phase is _OVER:
            return tuple(self._final_pots)
        # the chips collected change only when a round ends, and eligibility when one folds
        at = self._street * 16 + self._live
        if self._pots_at != at:
            collected = [
                c - b - d for c, b, d in zip(self._contrib, self._bets, self._dead, strict=True)
            ]
            self._pots = tuple(side_pots(collected, self._folded, self._dead_total))
            self._pots_at = at
        return self._pots

    @property
    def contributions(self) -> tuple[int, ...]:
        """What each seat has put in this hand (uncalled bets returned are taken off)."""
        return tuple(self._contrib)

    @property
    def dead(self) -> tuple[int, ...]:
        """Each seat's dead money: antes and dead posts, as posted (part of its contribution).

        Dead money lies in the main pot and never makes a pot of its own.
        """
        return self._dead

    @property
    def phase(self) -> Phase:
        """Betting, draw, or over."""
        return self._phase

    @property
    def street(self) -> int:
        """The betting round index (0..draws), or during a draw the draw index (1..draws)."""
        return self._street

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        """Whether the pot has been awarded."""
        return self._phase is _OVER

    def folded(self, seat: int) -> bool:
        """Whether ``seat`` has folded."""
        return self._folded[seat]

    def all_in(self, seat: int) -> bool:
        """Whether ``seat`` has put all its chips in (and has not folded); kept once over."""
        return self._allin[seat] and not self._folded[seat]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, unredacted (see :func:`~standpat.engine.redact`)."""
        return tuple(self._events)

    def events_for(self, viewer: int | None) -> tuple[Event, ...]:
        """Every event so far as ``viewer`` (a seat, or ``None`` for a spectator) may see it.

        The same as ``tuple(redact(e, viewer) for e in hand.events)``; each event is
        redacted once per viewer and kept (events never change once made).
        """
        events = self._events
        seen = self._seen.get(viewer)
        if seen is None:
            seen = ()
        done = len(seen)
        if done < len(events):
            seen += tuple([redact(e, viewer) for e in events[done:]])
            self._seen[viewer] = seen
        return seen

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """The player actions applied, as (seat, action)."""
        return tuple(self._actions)

    @property
    def payouts(self) -> tuple[int, ...]:
        """Chips each seat took back: pots won plus uncalled bets returned (zeros until over)."""
        if self._phase is not _OVER:
            return (0,) * self.players
        return tuple(self._payouts)

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's stack (behind) now minus its starting stack; final once over."""
        return tuple(s - start for s, start in zip(self._stacks, self.starting_stacks, strict=True))

    @property
    def draw_counts(self) -> tuple[int | None, ...]:
        """Cards each seat drew in its latest draw (``None``: not drawn yet or before any draw).

        A draw that follows another with no betting between them (everyone
        all-in) keeps the earlier counts until each seat draws again.
        """
        return tuple(self._draw_counts)

    @property
    def draw_counts_public(self) -> bool:
        """Whether the latest draw counts are still shown to everyone."""
        return self._counts_public

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Hands turned up at the showdown, by seat."""
        return dict(self._shown)

    @property
    def stub_size(self) -> int:
        """Cards left in the stub (the undealt bottom card included)."""
        return len(self._stub) - self._pos

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (for a folded seat: what it held when it folded)."""
        return tuple(self._hands[seat])

    def strength_of(self, seat: int) -> int:
        """The strength of ``seat``'s cards under this hand's ranking (bigger wins)."""
        return self._score(self._hands[seat])

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` (or a spectator, ``None``) may know; see :class:`SeatView`.

        The one source of what any client is shown.  Built field by field (the
        frozen dataclass's ``__init__`` costs more than the rest of a view).
        """
        n = self.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of this {n}-player hand.")
        phase = self._phase
        draws = self.game.draws
        if phase is _OVER:
            draws_left = 0
        elif phase is _DRAW:
            draws_left = draws - self._street + 1
        else:
            draws_left = draws - self._street
        folded = tuple(self._folded)
        size = self.game.hand_size
        to_act = self._to_act
        set_ = _VIEW_SET
        view: SeatView = _new_object(SeatView)
        set_["game"](view, self.game)
        set_["structure"](view, self.structure)
        set_["stakes"](view, self.stakes)
        set_["ranking"](view, self.ranking)
        set_["seat"](view, seat)
        set_["players"](view, n)
        set_["button"](view, self.button)
        set_["phase"](view, phase)
        set_["street"](view, self._street)
        set_["to_act"](view, to_act)
        set_["legal"](view, self.legal_actions() if seat is not None and seat == to_act else None)
        set_["stacks"](view, tuple(self._stacks))
        set_["bets"](view, tuple(self._bets))
        set_["pot"](view, self.pot)
        set_["pots"](view, self.pots)
        set_["folded"](view, folded)
        set_["all_in"](
            view, tuple([a and not f for a, f in zip(self._allin, folded, strict=True)])
        )
        set_["hand"](view, tuple(self._hands[seat]) if seat is not None else ())
        set_["card_counts"](view, tuple([0 if f else size for f in folded]))
        set_["draw_counts"](
            view, tuple(self._draw_counts) if self._counts_public else (None,) * n
        )
        set_["draws_left"](view, draws_left)
        set_["stub"](view, len(self._stub) - self._pos)
        set_["shown"](view, dict(self._shown))  # a fresh dict per view: copyable and picklable
        set_["events"](view, self.events_for(seat))
        set_["is_over"](view, phase is _OVER)
        set_["payouts"](view, self.payouts)
        return view

    def __repr__(self) -> str:
        return (
            f"<Hand {self.game.name.value} {self.structure.value} {self.stakes} "
            f"{self.players} players, {self._phase.value}, to act: {self._to_act}>"
        )

    # -- legal actions ------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do; :class:`IllegalActionError` once the hand is over."""
        seat = self._to_act
        if seat is None:
            raise IllegalActionError("nobody may act: the hand is over.")
        if self._phase is _DRAW:
            return _draw_legal(seat, self.game.max_discard, tuple(self._hands[seat]))
        to_call = (self._target(seat) if self._short else self._high) - self._bets[seat]
        bounds = self._raise_bounds(seat)
        if to_call > 0:
            stack = self._stacks[seat]
            if to_call > stack:
                to_call = stack
            if bounds.__class__ is tuple:
                key = (seat, _FOLD_CALL_RAISE, to_call, bounds[0], bounds[1])
            else:
                key = (seat, _FOLD_CALL, to_call, 0, 0)
        elif bounds.__class__ is tuple:
            key = (seat, _CHECK_RAISE if self._high else _CHECK_BET, 0, bounds[0], bounds[1])
        else:
            key = (seat, _CHECK_ONLY, 0, 0, 0)
        found = _LEGAL.get(key)
        if found is None:
            if len(_LEGAL) > 8192:
                _LEGAL.clear()
            found = _LEGAL[key] = LegalActions(*key)
        return found

    def _raise_bounds(self, seat: int) -> tuple[int, int] | str:
        """(min_to, max_to) of a bet or raise by ``seat``, or why it may not raise."""
        stack = self._stacks[seat]
        bet = self._bets[seat]
        high = self._high
        if stack <= high - bet:
            return "it has no chips beyond the call"
        folded, stacks, bets = self._folded, self._stacks, self._bets
        for s in self._order:
            if s != seat and not folded[s] and stacks[s] + bets[s] > high:
                break
        else:
            return "no other player still in has chips to call more than the current bet"
        if (
            self._acted[seat]
            and self._full_level <= self._faced[seat]
            and high - self._faced[seat] < self._need[seat]
        ):
            return (
                "it has acted and nobody has raised a full bet since "
                "(a short all-in does not reopen the betting)"
            )
        all_in_to = bet + stack
        if self._fl:
            if self._count >= _CAP and not (self.uncap_heads_up and self._live == 2):
                return "the betting is capped at four bets"
            to = self._raise_from + self._unit
            return (to, to) if to < all_in_to else (all_in_to, all_in_to)
        low = high + self._last_raise
        if self._pl:
            top = 2 * high - bet + sum(self._contrib)
            if top > all_in_to:
                top = all_in_to
        else:
            top = all_in_to
        return (low if low < top else top, top)

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` with a sentence if ``action`` is not legal now.

        ``seat``, if given, must be the seat to act.
        """
        to_act = self._to_act
        if to_act is None:
            raise IllegalActionError(f"nobody may {action}: the hand is over.")
        if seat is not None and seat != to_act:
            raise IllegalActionError(
                f"seat {seat} cannot {action}: it is seat {to_act}'s turn to act."
            )
        self._check(action, to_act)

    def can(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` is legal now (for ``seat``, if given): ``action in legal_actions()``.
        """
        to_act = self._to_act
        if to_act is None or (seat is not None and seat != to_act):
            return False
        return action in self.legal_actions()

    def _check(self, action: Action, seat: int) -> None:
        """Raise unless ``action in self.legal_actions()``, saying why."""
        if action in self.legal_actions():
            return
        if self.room_rules and self._room_allows(action, seat):
            return
        self._refuse(action, seat)
        raise IllegalActionError(f"seat {seat} cannot {action}: it is not a legal action now.")

    def _room_allows(self, action: Action, seat: int) -> bool:
        """Whether ``room_rules`` allow an action ``legal_actions`` does not list: a fold where a
        check is free, or (fixed limit, after a short all-in) standpat's own raise, a full bet
        above the all-in, beside the room's raise that completes it."""
        if self._phase is not _BETTING or action.cards:
            return False
        kind = action.kind
        if kind is _FOLD:
            return not action.amount
        if kind is not _RAISE or not self._fl or self._raise_from == self._full_level:
            return False
        bounds = self._raise_bounds(seat)
        if isinstance(bounds, str):
            return False
        to = self._full_level + self._unit
        all_in_to = self._bets[seat] + self._stacks[seat]
        return action.amount == (to if to < all_in_to else all_in_to)

    def _refuse(self, action: Action, seat: int) -> None:
        """Raise :class:`IllegalActionError` saying why the illegal ``action`` is refused."""
        kind = action.kind
        if self._phase is _DRAW:
            if kind is not _DISCARD:
                raise IllegalActionError(
                    f"seat {seat} cannot {action}: it is draw {self._street}, and seat {seat} "
                    "must discard cards or stand pat."
                )
            if action.amount:
                raise IllegalActionError(
                    f"seat {seat} cannot discard with an amount ({action!r})."
                )
            cards = action.cards
            limit = self.game.max_discard
            if len(cards) > limit:
                raise IllegalActionError(
                    f"seat {seat} cannot {action}: {self.game.title} allows at most {limit} "
                    f"discards, not {len(cards)}."
                )
            hand = self._hands[seat]
            for card in cards:
                if card not in hand:
                    raise IllegalActionError(
                        f"seat {seat} cannot {action}: it does not hold {Card(card)} "
                        f"(it holds {format_cards(hand)})."
                    )
            if len(cards) > 1 and len(set(cards)) < len(cards):
                twice = next(c for i, c in enumerate(cards) if c in cards[:i])
                raise IllegalActionError(
                    f"seat {seat} cannot {action}: {Card(twice)} is named twice."
                )
            return
        if kind is _DISCARD:
            raise IllegalActionError(
                f"seat {seat} cannot {action}: it is a betting round, not a draw."
            )
        to_call = (self._target(seat) if self._short else self._high) - self._bets[seat]
        if kind is _FOLD or kind is _CHECK or kind is _CALL:
            if action.amount or action.cards:
                raise IllegalActionError(
                    f"seat {seat} cannot {kind.value} with an amount or cards ({action!r})."
                )
            if kind is _CHECK:
                if to_call > 0:
                    raise IllegalActionError(
                        f"seat {seat} cannot check: it faces a bet of {self._high} "
                        f"({to_call} to call)."
                    )
            elif to_call <= 0:
                raise IllegalActionError(
                    f"seat {seat} cannot {kind.value}: there is no bet to "
                    f"{'call' if kind is _CALL else 'fold to'}; it may check."
                )
            return
        if action.cards:
            raise IllegalActionError(f"seat {seat} cannot {kind.value} with cards ({action!r}).")
        if kind is _BET and self._high:
            raise IllegalActionError(
                f"seat {seat} cannot bet: there is already a bet of {self._high}; it may raise."
            )
        if kind is _RAISE and not self._high:
            raise IllegalActionError(
                f"seat {seat} cannot raise: there is no bet yet; it may bet."
            )
        bounds = self._raise_bounds(seat)
        if isinstance(bounds, str):
            raise IllegalActionError(f"seat {seat} cannot {action}: {bounds}.")
        low, top = bounds
        amount = action.amount
        if not low <= amount <= top:
            if low == top:
                allowed = f"the only {kind.value} allowed is to {low}"
            else:
                allowed = f"a {kind.value} must be to {low} through {top}"
            why = ""
            if amount > self._bets[seat] + self._stacks[seat]:
                why = f" (it has only {self._bets[seat] + self._stacks[seat]} in all)"
            raise IllegalActionError(
                f"seat {seat} cannot {action}: {allowed}{why}."
            )

    # -- applying actions ------------------------------------------------------------

    def apply(self, action: Action, *, drawn: Sequence[Card] | None = None) -> tuple[Event, ...]:
        """Apply the action of the seat to act; return the events it caused.

        The action's own event comes first, then the automatic ones (the next
        round, burns, reshuffles, returns, the showdown and the wins).
        ``drawn`` is for replays only: the cards the discarding seat receives.
        """
        seat = self._to_act
        if seat is None:
            raise IllegalActionError(f"nobody may {action}: the hand is over.")
        kind = action.kind
        phase = self._phase
        # The commonest actions are verified here without building the legal actions.
        if kind is _DISCARD and phase is _DRAW:
            if not discard_fits(action, self.game.max_discard, self._hands[seat]):
                self._check(action, seat)  # raises, saying why
        elif (
            (kind is _CHECK or kind is _CALL)
            and phase is _BETTING
            and not self._short
            and (self._bets[seat] < self._high) is (kind is _CALL)
            and not action.amount
            and not action.cards
        ):
            if kind is _CHECK and drawn is None:  # the commonest action, applied here
                events = self._events
                start = len(events)
                events.append(_checked(seat))
                self._counts_public = False
                self._acted[seat] = True
                self._faced[seat] = self._high
                self._need[seat] = self._unit if self._fl else self._last_raise
                nxt = self._seek((seat + 1) % self.players)
                if nxt is None:
                    self._end_round(events)
                else:
                    self._to_act = nxt
                self._actions.append((seat, action))
                return tuple(events[start:])
        else:
            self._check(action, seat)
        events = self._events
        start = len(events)
        if kind is _DISCARD:
            self._discard(seat, action.cards, drawn, events)
        else:
            if drawn is not None:
                raise IllegalActionError(f"seat {seat} cannot {action} with drawn cards.")
            self._counts_public = False
            self._bet(seat, action, events)
        self._actions.append((seat, action))
        return tuple(events[start:])

    def _bet(self, seat: int, action: Action, events: list[Event]) -> None:
        kind = action.kind
        bets, stacks = self._bets, self._stacks
        high = self._high
        if self._short:
            high = self._target(seat)
        if kind is _FOLD:
            self._folded[seat] = True
            self._pool.extend(self._hands[seat])
            events.append(_folded(seat))
            self._live -= 1
            self._able -= 1
            if self._live == 1:
                self._return_uncalled(events)
                self._award_uncontested(self._folded.index(False), events)
                return
        elif kind is _CHECK:
            events.append(_checked(seat))
        elif kind is _CALL:
            add = high - bets[seat]
            stack = stacks[seat]
            if add >= stack:
                add = stack
                self._allin[seat] = True
                self._able -= 1
            stacks[seat] = stack - add
            bets[seat] += add
            self._contrib[seat] += add
            events.append(_called(seat, add, not stacks[seat]))
            if bets[seat] >= self._high:
                self._short = False
        else:
            to = action.amount
            add = to - bets[seat]
            stacks[seat] -= add
            bets[seat] = to
            self._contrib[seat] += add
            allin = not stacks[seat]
            if allin:
                self._allin[seat] = True
                self._able -= 1
            if self._fl:
                base = self._raise_from
                if to >= base + self._unit or (allin and 2 * (to - base) >= self._unit):
                    self._count += 1
                    self._full_level = to
                    # room rules: a short all-in reopens the betting, the next raise completes it
                    if not self.room_rules or to >= base + self._unit:
                        self._raise_from = to
            elif to - high >= self._last_raise:
                self._last_raise = to - high
                self._full_level = to
            self._high = to
            self._short = False
            self._aggressor = seat
            events.append(_bet_to(BetMade if kind is _BET else Raised, seat, to, allin))
        self._acted[seat] = True
        self._faced[seat] = self._high
        self._need[seat] = self._unit if self._fl else self._last_raise
        nxt = self._seek((seat + 1) % self.players)
        if nxt is None:
            self._end_round(events)
        else:
            self._to_act = nxt

    def _seek(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that must act in this betting round."""
        folded, allin, acted, bets = self._folded, self._allin, self._acted, self._bets
        high = self._high
        able = self._able
        short = self._short
        for s in self._clock[start]:
            if folded[s] or allin[s]:
                continue
            if bets[s] < (self._target(s) if short else high) or (not acted[s] and able > 1):
                return s
        return None

    def _target(self, seat: int) -> int:
        """The bet ``seat`` must match: the current bet, or less after a short blind.

        A big blind posted all-in for less than its size still sets the bet to
        the full blind for players who come in; but when every other player
        still in is all-in for less and nobody bet the full blind, a seat only
        has to match the largest of their bets.
        """
        high = self._high
        if not self._short:
            return high
        bets, folded, allin = self._bets, self._folded, self._allin
        top = 0
        for o in range(self.players):
            if o == seat or folded[o]:
                continue
            if bets[o] >= high or not allin[o]:
                return high
            if bets[o] > top:
                top = bets[o]
        return top

    def _return_uncalled(self, events: list[Event]) -> None:
        bets = self._bets
        high = max(bets)
        if not high:
            return
        top = bets.index(high)
        second = 0
        for s, b in enumerate(bets):
            if b > second and s != top:
                second = b
        excess = high - second
        if excess > 0:
            bets[top] -= excess
            self._contrib[top] -= excess
            self._stacks[top] += excess
            self._payouts[top] += excess
            if self._allin[top]:
                self._allin[top] = False
                self._able += 1
            events.append(_returned(top, excess))

    def _end_round(self, events: list[Event]) -> None:
        """The betting round is over: return an uncalled bet, then draw or show down."""
        self._return_uncalled(events)
        self._bets = [0] * self.players
        if self._street >= self.game.draws:
            self._showdown(events)
        else:
            self._open_draw(events)

    def _open_draw(self, events: list[Event]) -> None:
        self._phase = _DRAW
        self._street += 1
        n = self.players
        events.append(_opened(DrawOpened, self._street))
        if len(self._stub) - 1 - self._pos < 1:
            self._reshuffle(events)
        burn = self._stub[self._pos]
        self._pos += 1
        self._pool.append(burn)
        events.append(_stub_event(Burned, (burn,), 0))
        if not self._counts_public:  # else no betting since the last draw: its counts stay
            self._draw_counts = [None] * n
        self._counts_public = True
        folded = self._folded
        queue = [s for s in reversed(self._order) if not folded[s]]
        self._to_act = queue.pop()
        self._queue = queue

    def _reshuffle(self, events: list[Event]) -> None:
        """Shuffle the bottom card, the burns, folded hands and earlier discards into a new stub."""
        pool = self._stub[self._pos :]
        pool.extend(self._pool)
        if len(pool) < 2:
            raise RuntimeError("the reshuffle pool has no card to deal; this is an engine bug.")
        events.append(_stub_event(Reshuffled, tuple(sorted(pool)), 0))
        rng = self._rng
        if rng.__class__ is random.Random:
            _shuffle(rng.getrandbits, pool)
        else:
            rng.shuffle(pool)
        self._stub = pool
        self._pos = 0
        self._pool = []

    def _discard(
        self, seat: int, cards: tuple[Card, ...], drawn: Sequence[Card] | None, events: list[Event]
    ) -> None:
        k = len(cards)
        hands = self._hands
        kept = [c for c in hands[seat] if c not in cards] if k else hands[seat]
        extra: list[Event] = []
        stub, pos = self._stub, self._pos
        if drawn is None and len(stub) - 1 - pos >= k:
            got = stub[pos : pos + k]
            self._pos = pos + k
        elif drawn is None:
            stub, pos = self._stub, self._pos
            got = []
            need = k
            while need:
                avail = len(stub) - 1 - pos
                if avail <= 0:
                    self._pos = pos
                    self._reshuffle(extra)
                    stub, pos = self._stub, 0
                    continue
                take = need if need < avail else avail
                got.extend(stub[pos : pos + take])
                pos += take
                need -= take
            self._pos = pos
        else:
            got = self._take_dictated(seat, cards, drawn)
        if k:
            kept.extend(got)
            hands[seat] = kept
            self._pool.extend(cards)
        self._draw_counts[seat] = k
        events.append(_discarded(seat, len(cards), cards, tuple(got), 0))
        if extra:
            events.extend(extra)
        queue = self._queue
        if queue:
            self._to_act = queue.pop()
        else:
            self._open_betting(events)

    def _take_dictated(
        self, seat: int, cards: tuple[Card, ...], drawn: Sequence[Card]
    ) -> list[Card]:
        """Replays: take exactly the cards a history says ``seat`` drew."""
        if len(drawn) != len(cards):
            raise IllegalActionError(
                f"seat {seat} discards {len(cards)} cards but is given {len(drawn)} to draw."
            )
        got = [Card(c) for c in drawn]
        held = {c for s in range(self.players) if not self._folded[s] for c in self._hands[s]}
        held.update(cards)
        for i, card in enumerate(got):
            if card in held or card in got[:i]:
                raise IllegalActionError(
                    f"seat {seat} cannot draw {card}: it is in a hand, among its discards or "
                    "drawn twice."
                )
            rest = self._stub[self._pos :]
            if card in rest:
                self._stub.remove(card)
            elif card in self._pool:
                self._pool.remove(card)
            else:
                raise IllegalActionError(
                    f"seat {seat} cannot draw {card}: it is not in this hand's deck or was dealt."
                )
        return got

    def _open_betting(self, events: list[Event]) -> None:
        n = self.players
        self._phase = _BETTING
        self._high = 0
        self._short = False
        self._last_raise = self._min_bet
        self._full_level = 0
        self._raise_from = 0
        self._count = 0
        stakes = self.stakes
        self._unit = stakes.big_bet if self._street >= self._big_from else stakes.small_bet
        self._aggressor = None
        self._acted = [False] * n
        self._faced = [0] * n
        self._need = [0] * n
        nxt = self._seek((self.button + 1) % n)
        if nxt is None:
            self._to_act = None
            if self._street >= self.game.draws:
                self._showdown(events)
            else:
                self._open_draw(events)
            return
        events.append(_opened(StreetOpened, self._street))
        self._to_act = nxt

    # -- the end ----------------------------------------------------------------------

    def _live_pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """The pots of the whole hand: live contributions make the levels, dead money the main."""
        contrib = self._contrib
        if self._dead_total:
            contrib = [c - d for c, d in zip(contrib, self._dead, strict=True)]
        return side_pots(contrib, self._folded, self._dead_total)

    def _award_uncontested(self, seat: int, events: list[Event]) -> None:
        total = sum(self._contrib)
        self._final_pots = self._live_pots()
        self._finish()
        if total:
            self._stacks[seat] += total
            self._payouts[seat] += total
            events.append(_won(seat, total, (), 0))

    def _finish(self) -> None:
        self._bets = [0] * self.players
        self._phase = _OVER
        self._to_act = None

    def _showdown(self, events: list[Event]) -> None:
        folded, allin, hands, contrib = self._folded, self._allin, self._hands, self._contrib
        first = self._aggressor
        if first is None or folded[first]:
            first = next(s for s in self._order if not folded[s])
        live = [s for s in self._clock[first] if not folded[s]]
        if self._dead_total:
            contrib = [c - d for c, d in zip(contrib, self._dead, strict=True)]
        level = contrib[live[0]]
        if max(contrib) == level and all(contrib[s] == level for s in live):
            self._one_pot(live, events)
            return
        n = self.players
        pots = self._live_pots()
        self._final_pots = pots
        score = self._score
        strength = {s: score(hands[s]) for s in live}
        deepest = dict.fromkeys(live, 0)
        for i, (_, eligible) in enumerate(pots):
            for s in eligible:
                deepest[s] = i
        order = sorted(live, key=lambda s: (-deepest[s], (s - first) % n))
        show_all = sum(1 for s in live if not allin[s]) <= 1
        best: list[int | None] = [None] * len(pots)
        shown = self._shown
        for s in order:
            mine = strength[s]
            claims = [i for i, (_, eligible) in enumerate(pots) if s in eligible]
            if show_all or any(_may_win(mine, best[i]) for i in claims):
                shown[s] = tuple(hands[s])
                events.append(_shown(s, shown[s]))
                for i in claims:
                    b = best[i]
                    if b is None or mine > b:
                        best[i] = mine
            else:
                events.append(_mucked(s, tuple(hands[s]), 0))
        self._finish()
        for i, (amount, eligible) in enumerate(pots):
            if not amount:
                continue
            winners = [s for s in eligible if s in shown and strength[s] == best[i]]
            for s, won in split(amount, winners, button=self.button, players=n):
                self._stacks[s] += won
                self._payouts[s] += won
                events.append(_won(s, won, shown[s], i))

    def _one_pot(self, live: list[int], events: list[Event]) -> None:
        """The showdown of a single pot (nobody all-in for less), ``live`` in showing order."""
        hands, allin, score = self._hands, self._allin, self._score
        show_all = len(live) - sum(1 for s in live if allin[s]) <= 1
        shown = self._shown
        best = -1
        strengths = {}
        for s in live:
            mine = strengths[s] = score(hands[s])
            if show_all or mine >= best:
                shown[s] = cards = tuple(hands[s])
                events.append(_shown(s, cards))
                if mine > best:
                    best = mine
            else:
                events.append(_mucked(s, tuple(hands[s]), 0))
        amount = sum(self._contrib)
        self._final_pots = [(amount, tuple(sorted(live)))]
        self._finish()
        if not amount:
            return
        winners = [s for s in live if strengths[s] == best]
        stacks, payouts = self._stacks, self._payouts
        for s, won in split(amount, winners, button=self.button, players=self.players):
            stacks[s] += won
            payouts[s] += won
            events.append(_won(s, won, shown[s], 0))

    # -- copies ----------------------------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy, the rng state included (``copy.copy`` of the rng).

        >>> hand = Hand("five-card-draw", "no-limit", Stakes.from_bets(2), [50, 50], rng=4)
        >>> twin = hand.clone()
        >>> _ = twin.apply(Action.fold())
        >>> twin.is_over, hand.is_over
        (True, False)
        """
        state = self._state()
        for key in _LISTS:
            state[key] = getattr(self, key)[:]
        state["_hands"] = [held[:] for held in self._hands]
        state["_shown"] = dict(self._shown)
        state["_rng"] = _copy_rng(self._rng)
        state["_seen"] = dict(self._seen)  # the caches too: their values never change
        state["_pots"], state["_pots_at"] = self._pots, self._pots_at
        return _restore(state)

    def _state(self) -> dict[str, object]:
        """Every attribute but the scorer, by name (what a copy or a pickle carries)."""
        return {name: getattr(self, name) for name in _FIELDS}

    def __reduce__(self) -> tuple[Callable[[dict[str, object]], Hand], tuple[dict[str, object]]]:
        """Pickle and copy support, through :func:`_restore` (the scorer is looked up again).

        Written out rather than left to ``__dict__`` so that it also works when
        this module is compiled (a compiled ``Hand`` has no ``__dict__``).
        """
        return _restore, (self._state(),)


def _restore(state: dict[str, object]) -> Hand:
    """A hand with these attributes (see :meth:`Hand._state`).

    The shell is made by the constructor from the hand's own set-up (dealt from
    a throwaway rng), then every attribute is overwritten.
    """
    hand = Hand(
        cast(Game, state["game"]), cast(Structure, state["structure"]),
        cast(Stakes, state["stakes"]), cast("tuple[int, ...]", state["starting_stacks"]),
        button=cast(int, state["button"]), posts=cast("tuple[Post, ...]", state["posts"]),
        rng=_SHELL_RNG, uncap_heads_up=cast(bool, state["uncap_heads_up"]),
        room_rules=cast(bool, state["room_rules"]),
    )
    for name, value in state.items():
        setattr(hand, name, value)
    return hand


def _copy_rng(rng: random.Random) -> random.Random:
    """``copy.copy(rng)``; for a plain Random without seeding a throwaway one from the OS first.

    >>> a = random.Random(3); b = _copy_rng(a)
    >>> b is not a and b.getstate() == a.getstate() and b.random() == a.random()
    True
    """
    if rng.__class__ is not random.Random:
        return copy.copy(rng)
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


_SHELL_RNG = random.Random(0)
"""Shuffles the throwaway deck of :func:`_restore`'s shell (its draws are never used)."""
_LISTS = (
    "_stacks", "_bets", "_contrib", "_folded", "_allin", "_acted", "_faced", "_need",
    "_payouts", "_draw_counts", "_events", "_actions", "_pool", "_queue", "_stub",
)
_FIELDS = (
    "game", "structure", "stakes", "ranking", "players", "button", "uncap_heads_up",
    "room_rules", "deck",
    "seed", "starting_stacks", "posts",
    "_able", "_acted", "_actions", "_aggressor", "_allin", "_bets", "_big_from", "_clock",
    "_contrib", "_count", "_counts_public", "_dead", "_dead_total", "_draw_counts", "_events",
    "_faced", "_final_pots", "_first", "_fl", "_folded", "_full_level", "_hands", "_high",
    "_last_raise", "_live", "_min_bet", "_need", "_order", "_payouts", "_phase", "_pl", "_pool",
    "_pos", "_queue", "_raise_from", "_rng", "_short", "_shown", "_stacks", "_street", "_stub",
    "_to_act", "_unit",
)
"""Every attribute of a :class:`Hand` but ``_score`` (the compiled scorer, never copied)
and the caches of ``_CACHES`` (remade on demand; ``clone`` carries them, a pickle not)."""
_CACHES = ("_pots", "_pots_at", "_seen")


_Setup = tuple[Game, Structure, tuple[Card, ...], RankingName, Callable[[Sequence[int]], int]]
_SETUPS: dict[tuple[object, object, int], _Setup] = {}


def _setup(game: Game | str, structure: Structure | str, n: int) -> _Setup:
    """Check and look up what a hand of ``game`` under ``structure`` with ``n`` players uses."""
    game_ = get_game(game)
    try:
        structure_ = Structure(structure)
    except ValueError:
        known = ", ".join(s.value for s in Structure)
        raise HandSetupError(
            f"unknown betting structure {structure!r}; known structures: {known}."
        ) from None
    if not game_.min_players <= n <= game_.max_players:
        raise HandSetupError(
            f"{game_.title} is dealt to {game_.min_players} to {game_.max_players} players, "
            f"not {n}."
        )
    deck, ranking = game_.deck_for(n)
    setup = (game_, structure_, deck, ranking, get_ranking(ranking).scorer(game_.hand_size))
    _SETUPS[(game, structure, n)] = setup
    return setup


def _bad_stacks(stacks: Sequence[object]) -> None:
    """Raise for the first stack that is not a positive whole number of chips."""
    for seat, stack in enumerate(stacks):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise HandSetupError(
                f"seat {seat} has a stack of {stack!r}; every player dealt in needs a "
                "whole, positive number of chips."
            )


def _shuffle(getrandbits: Callable[[int], int], x: list[Card]) -> None:
    """``random.Random.shuffle`` of ``x``, inlined: the same draws, the same order.

    Used only for a plain :class:`random.Random` (whose ``shuffle`` draws
    ``getrandbits(n.bit_length())`` until below ``n``, for n from ``len(x)``
    down to 2); a subclass (such as a fair stream) keeps its own ``shuffle``.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(5).shuffle(a); _shuffle(random.Random(5).getrandbits, b)
    >>> a == b
    True
    """
    steps = _STEPS.get(len(x))
    if steps is None:
        steps = _STEPS[len(x)] = tuple((n - 1, n, n.bit_length()) for n in range(len(x), 1, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""_STEPS[size]: (index, bound, bits) of each swap of a shuffle of ``size`` items."""


def discard_fits(action: Action, max_discard: int, held: Sequence[Card]) -> bool:
    """Whether the discard ``action`` fits a draw: no amount, at most ``max_discard`` cards,
    each one ``held`` and none named twice (the kind is not looked at).

    >>> from standpat.cards import as_cards
    >>> held = as_cards("7c 9h Kd Ks 2c")
    >>> [discard_fits(Action.discard(text), 3, held) for text in ("7c 9h", "7c 7c", "As")]
    [True, False, False]
    """
    if action.amount:
        return False
    cards = action.cards
    if len(cards) > max_discard:
        return False
    for card in cards:
        if card not in held:
            return False
    return len(cards) < 2 or len(set(cards)) == len(cards)


def _may_win(strength: int, best: int | None) -> bool:
    """Whether ``strength`` can still win or tie a pot whose best shown hand is ``best``."""
    return best is None or strength >= best
