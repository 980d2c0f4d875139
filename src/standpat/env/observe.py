"""What a poker seat may know, as one float32 array, kept up to date event by event.

:class:`PokerObserver` follows a hand through the events that ``Hand.apply`` returns
and reads only what every seat sees (stacks, bets, pot, who folded, the betting,
every draw's public count, the hands shown at the showdown), plus, for each seat, its
own cards, the cards it was dealt and the cards it threw away.  Other seats' cards,
discards and draws never enter it.  ``observe(seat)`` is one array per seat:

- private: the seat (one-hot), its cards in sorted order (rank and suit one-hot per
  position: the discard actions count positions in this order), its cards, the cards
  it was dealt and its discards as 52-card sets, whether it is to act, and what a
  call costs, the smallest and largest bet "to" amount (big blinds);
- public: the button and the seat to act (one-hot), per seat its stack, its bet, what
  it has put in this hand (big blinds), folded, all-in and sitting out; the pot; the
  round (betting round or draw, one-hot); per draw and seat the number of cards drawn
  (one-hot over "did not draw", 0..max discard); per betting round and seat how many
  checks, calls, bets or raises and folds; the last :data:`HISTORY` actions (seat,
  kind, amount), newest first; the cards each seat showed; the share of the session
  played.

>>> from standpat.engine import Hand, Stakes, Action
>>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [40, 40], rng=3)
>>> observer = PokerObserver("five-card-draw", "fixed-limit", 2, big_blind=2, total_chips=80)
>>> observer.start_hand(hand, (0, 1))
>>> observer.record(hand, hand.apply(Action.call()))
>>> obs = observer.observe(1)
>>> obs.dtype.name, obs.shape == (observer.size,), float(obs[observer.pot_index])
('float32', True, 2.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from standpat.engine import Event, EventKind, Hand, LegalActions, get_game

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["HISTORY", "PokerObserver"]

HISTORY: Final = 16
"""How many of the latest actions the observation lists one by one."""
_COUNT_CAP: Final = 15.0
_KINDS: Final = {
    EventKind.FOLD: 0, EventKind.CHECK: 1, EventKind.CALL: 2, EventKind.BET: 3,
    EventKind.RAISE: 4, EventKind.DISCARD: 5,
}
_CHIPS: Final = frozenset({EventKind.CALL, EventKind.BET, EventKind.RAISE, EventKind.FOLD})
_DISCARD_CODE: Final = _KINDS[EventKind.DISCARD]
_SUMMARY: Final = {EventKind.CHECK: 0, EventKind.CALL: 1, EventKind.BET: 2, EventKind.RAISE: 2,
                   EventKind.FOLD: 3}
_RANK_SUIT: Final = np.zeros((52, 17), dtype=np.float32)
for _card in range(52):
    _RANK_SUIT[_card, _card >> 2] = 1.0
    _RANK_SUIT[_card, 13 + (_card & 3)] = 1.0


class PokerObserver:
    """Observation arrays of every seat of one poker table (see the module docstring)."""

    def __init__(self, game: str, structure: str, players: int, *, big_blind: int,
                 total_chips: int) -> None:
        """Lay out the arrays for ``players`` seats; amounts are divided by ``big_blind``."""
        spec = get_game(game)
        self.players = p = players
        self.hand_size = spec.hand_size
        self.draws = d = spec.draws
        self.max_discard = spec.max_discard
        self.scale = 1.0 / big_blind
        self.high = float(max(total_chips / big_blind, _COUNT_CAP, 1.0))
        """The largest value any entry can take (the table's chips in big blinds)."""
        offset = 0

        def take(n: int) -> int:
            nonlocal offset
            start = offset
            offset += n
            return start

        # private block
        self._me = take(p)
        self._cards = take(self.hand_size * 17)
        self._set = take(52)
        self._dealt = take(52)
        self._mine = take(52)
        self._turn = take(4)
        self.private_size = offset
        # public block (offsets relative to its start)
        offset = 0
        self._button = take(p)
        self._to_act = take(p)
        self._stacks = take(p)
        self._bets = take(p)
        self._contrib = take(p)
        self._folded = take(p)
        self._all_in = take(p)
        self._out = take(p)
        self._pot = take(1)
        self._round = take(2 * d + 1)
        self._draw_width = self.max_discard + 2
        self._counts = take(d * p * self._draw_width)
        self._summary = take((d + 1) * p * 4)
        self._row = p + len(_KINDS) + 1
        self._history = take(HISTORY * self._row)
        self._shown = take(p * 52)
        self._session = take(1)
        self.public_size = offset
        self.size = self.private_size + self.public_size
        """Length of an observation."""
        self.pot_index = self.private_size + self._pot
        """Where the pot (in big blinds) sits in an observation."""
        self._rows = []
        for seat in range(p):
            for kind in range(len(_KINDS)):
                template = np.zeros(self._row, dtype=np.float32)
                template[seat] = 1.0
                template[p + kind] = 1.0
                self._rows.append(template)
        self._private = np.zeros((p, self.private_size), dtype=np.float32)
        self._public = np.zeros(self.public_size, dtype=np.float32)
        self._seats: tuple[int, ...] = tuple(range(p))
        self._all_seats = np.arange(p)
        self._street = 0
        self._draw = 0
        self._pointed: int | None = None

    def start_hand(self, hand: Hand, seats: Sequence[int], session: float = 0.0) -> None:
        """Begin a new hand; ``seats[i]`` is the table seat of the hand's seat ``i``."""
        self._seats = seats = tuple(seats)
        private = self._private
        private.fill(0.0)
        self._public.fill(0.0)
        pub = self._public
        private[self._all_seats, self._me + self._all_seats] = 1.0
        if len(seats) < self.players:
            for seat in range(self.players):
                if seat not in seats:
                    pub[self._out + seat] = 1.0
        held = [sorted(hand.cards_of(i)) for i in range(len(seats))]
        if held and all(len(cards) == self.hand_size for cards in held):
            rows = np.array(seats, dtype=np.intp)
            cards = np.array(held, dtype=np.intp)
            private[rows, self._cards : self._cards + self.hand_size * 17] = (
                _RANK_SUIT[cards].reshape(len(seats), -1))
            across = rows[:, None]
            private[across, self._set + cards] = 1.0
            private[across, self._dealt + cards] = 1.0
        else:  # not every seat holds a full hand (never in a dealt hand; kept for safety)
            for i, seat in enumerate(seats):
                self._set_cards(seat, held[i])
                for card in held[i]:
                    private[seat, self._dealt + card] = 1.0
        pub[self._button + seats[hand.button]] = 1.0
        pub[self._session] = session
        self._street = 0
        self._draw = 0
        self._round_at(0)
        for event in hand.events:  # a hand whose blinds put seats all-in may be drawing already
            if event.kind is EventKind.STREET:
                self._street = event.amount
                self._round_at(2 * event.amount)
            elif event.kind is EventKind.DRAW:
                self._draw = event.amount
                self._round_at(2 * event.amount - 1)
        self._refresh(hand)

    def record(self, hand: Hand, events: Iterable[Event]) -> None:
        """Take in the events of one ``Hand.apply`` (public parts, and each seat's own)."""
        pub = self._public
        seats = self._seats
        moved: int | None = None  # the hand seat whose chips moved
        full = False
        new_round = False
        for event in events:
            kind = event.kind
            code = _KINDS.get(kind)
            if code is not None:
                seat = seats[event.seat]  # type: ignore[index]
                self._push(seat, code, event)
                if code == _DISCARD_CODE:
                    at = self._counts + ((self._draw - 1) * self.players + seat) * self._draw_width
                    pub[at + 1 + event.amount] = 1.0
                    if event.cards:  # only the discarder's own event names them
                        row = self._private[seat]
                        mine = self._mine
                        for card in event.cards:
                            row[mine + card] = 1.0
                    self._set_cards(seat, sorted(hand.cards_of(event.seat)))  # type: ignore[arg-type]
                else:
                    if kind is not EventKind.CHECK:
                        moved = event.seat
                    at = self._summary + (self._street * self.players + seat) * 4 + _SUMMARY[kind]
                    count = pub[at]
                    if count < _COUNT_CAP:
                        pub[at] = count + 1.0
            elif kind is EventKind.STREET:
                new_round = True  # the bets in front went to the pot
                self._street = event.amount
                self._round_at(2 * event.amount)
            elif kind is EventKind.DRAW:
                new_round = True
                self._draw = event.amount
                self._round_at(2 * event.amount - 1)
            elif kind is EventKind.BURN:
                new_round = True
            else:
                full = True  # posts, returns and wins move chips of several seats
                if kind is EventKind.SHOW:
                    base = self._shown + seats[event.seat] * 52  # type: ignore[index]
                    for card in event.cards:
                        pub[base + card] = 1.0
        if full:
            self._refresh(hand)
            return
        if moved is not None:
            self._refresh_seat(hand, moved)
        if new_round:
            self._new_round(hand)
        elif moved is None:  # a check or a discard: only the turn moved
            self._point_to(hand.to_act)

    def observe(self, seat: int, hand: Hand | None = None,
                legal: LegalActions | None = None) -> npt.NDArray[np.float32]:
        """The observation of table seat ``seat`` (a new array).

        ``hand`` for the turn data of the seat to act; ``legal``: its ``legal_actions()``
        when the caller has it already.
        """
        private = self._private[seat]
        turn = self._turn
        if hand is not None and (i := hand.to_act) is not None and self._seats[i] == seat:
            if legal is None:
                legal = hand.legal_actions()
            scale = self.scale
            private[turn] = 1.0
            private[turn + 1] = legal.to_call * scale
            private[turn + 2] = legal.min_to * scale
            private[turn + 3] = legal.max_to * scale
        elif private[turn]:
            private[turn : turn + 4] = 0.0
        return np.concatenate((private, self._public))

    # -- internals ---------------------------------------------------------------

    def _set_cards(self, seat: int, ordered: Sequence[int]) -> None:
        """Write ``seat``'s cards (in sorted order) into its private block."""
        row = self._private[seat]
        row[self._cards : self._cards + len(ordered) * 17] = _RANK_SUIT[ordered].ravel()
        row[self._set : self._set + 52] = 0.0
        for card in ordered:
            row[self._set + card] = 1.0

    def _round_at(self, index: int) -> None:
        pub = self._public
        pub[self._round : self._round + 2 * self.draws + 1] = 0.0
        pub[self._round + index] = 1.0

    def _push(self, seat: int, code: int, event: Event) -> None:
        """Shift the action history down one row; the new action goes on top."""
        pub = self._public
        row = self._row
        start, end = self._history, self._history + HISTORY * row
        pub[start + row : end] = pub[start : end - row]
        pub[start : start + row] = self._rows[seat * len(_KINDS) + code]
        pub[start + row - 1] = (event.amount / self.hand_size if code == _DISCARD_CODE
                                else event.amount * self.scale)

    def _refresh_seat(self, hand: Hand, i: int) -> None:
        """After one seat's bet, call or fold: its chips, the pot and the seat to act."""
        pub = self._public
        scale = self.scale
        seat = self._seats[i]
        pub[self._stacks + seat] = hand.stacks[i] * scale
        pub[self._bets + seat] = hand.bets[i] * scale
        pub[self._contrib + seat] = hand.contributions[i] * scale
        pub[self._folded + seat] = hand.folded(i)
        pub[self._all_in + seat] = hand.all_in(i)
        pub[self._pot] = hand.pot * scale
        self._point_to(hand.to_act)

    def _new_round(self, hand: Hand) -> None:
        """A betting round ended: every bet in front went into the pot."""
        pub = self._public
        if len(self._seats) == self.players:
            pub[self._bets : self._bets + self.players] = 0.0
        else:
            for seat in self._seats:
                pub[self._bets + seat] = 0.0
        pub[self._pot] = hand.pot * self.scale
        self._point_to(hand.to_act)

    def _point_to(self, to_act: int | None) -> None:
        pub = self._public
        if self._pointed is not None:
            pub[self._to_act + self._pointed] = 0.0
        self._pointed = None if to_act is None else self._seats[to_act]
        if self._pointed is not None:
            pub[self._to_act + self._pointed] = 1.0

    def _refresh(self, hand: Hand) -> None:
        pub = self._public
        p = self.players
        scale = self.scale
        seats = self._seats
        stacks, bets, contrib = hand.stacks, hand.bets, hand.contributions
        pub[self._to_act : self._to_act + p] = 0.0
        self._pointed = None
        self._point_to(hand.to_act)
        if len(seats) == p:  # everyone dealt in: whole blocks at once
            chips = [x * scale for x in stacks + bets + contrib]
            chips += [hand.folded(i) for i in range(p)]
            chips += [hand.all_in(i) for i in range(p)]
            pub[self._stacks : self._stacks + 5 * p] = chips  # stacks .. all-in: one block
        else:
            for i, seat in enumerate(seats):
                pub[self._stacks + seat] = stacks[i] * scale
                pub[self._bets + seat] = bets[i] * scale
                pub[self._contrib + seat] = contrib[i] * scale
                pub[self._folded + seat] = hand.folded(i)
                pub[self._all_in + seat] = hand.all_in(i)
        pub[self._pot] = hand.pot * scale

