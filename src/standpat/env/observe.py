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

from standpat.engine import Event, EventKind, Hand, LegalActions, Phase, get_game

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
_CARD_BYTES: Final = tuple(row.tobytes() for row in _RANK_SUIT)
"""Each card's rank and suit one-hot as float32 bytes (written through a byte view)."""
_FLOAT32: Final = np.dtype(np.float32)
_NO_CARDS: Final = bytes(52 * 4)
"""A 52-card set of zeros as float32 bytes."""


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
        blank = np.zeros((p, self.private_size), dtype=np.float32)
        for seat in range(p):
            blank[seat, self._me + seat] = 1.0
        self._private_blank = blank.tobytes()
        """The private blocks at the start of a hand: each seat's one-hot and zeros."""
        self._public_blank = bytes(4 * self.public_size)
        self._private_bytes = bytearray(self._private_blank)
        """Every seat's private block, one after the other (float32 bytes)."""
        self._public_bytes = bytearray(4 * self.public_size)
        """The public block (float32 bytes): an observation is a seat's block and this."""
        self._seats: tuple[int, ...] = tuple(range(p))
        self._top_amount = self._history + self._row - 1
        self._views()
        self._street = 0
        self._draw = 0
        self._pointed: int | None = None

    _VIEWS: Final = ("_private", "_public", "_newer", "_older", "_top", "_pv", "_fv",
                     "_fb", "_row_views", "_zeros")

    def _views(self) -> None:
        """Views into the arrays, made once (a copy of the observer makes its own).

        The event updates write single entries and short runs through memoryviews
        (``_pv``: the public block, ``_fv``: every seat's private block one after the other,
        ``_fb``: the same as bytes), which cost a third to a half of numpy's indexing;
        the values written are the same float32 numbers.
        """
        p, width = self.players, self.private_size
        self._private = np.frombuffer(self._private_bytes, np.float32).reshape(p, width)
        self._public = np.frombuffer(self._public_bytes, np.float32)
        self._pv = pv = memoryview(self._public_bytes).cast("f")
        history = pv[self._history : self._history + HISTORY * self._row]
        self._newer = history[: -self._row]
        """The history rows but the oldest; ``_older`` is where they move to."""
        self._older = history[self._row :]
        self._top = history[: self._row]
        self._fb = memoryview(self._private_bytes)
        self._fv = self._fb.cast("f")
        self._row_views = [row.data.cast("B").cast("f") for row in self._rows]
        zeros = np.zeros(max(4, 2 * self.draws + 1), dtype=np.float32)
        self._zeros = zeros.data.cast("B").cast("f")

    def __getstate__(self) -> dict[str, object]:
        """The observer without its views (a copy or a pickle rebuilds them)."""
        return {k: v for k, v in self.__dict__.items() if k not in self._VIEWS}

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a copied or unpickled observer and make its views."""
        self.__dict__.update(state)
        self._views()

    def start_hand(self, hand: Hand, seats: Sequence[int], session: float = 0.0) -> None:
        """Begin a new hand; ``seats[i]`` is the table seat of the hand's seat ``i``."""
        self._seats = seats = tuple(seats)
        # every private block zeroed but for its seat's one-hot, the public block zeroed
        self._private_bytes[:] = self._private_blank
        self._public_bytes[:] = self._public_blank
        pv = self._pv
        if len(seats) < self.players:
            for seat in range(self.players):
                if seat not in seats:
                    pv[self._out + seat] = 1.0
        fb = self._fb
        width = self.private_size
        sets, dealt = 4 * self._set, 4 * self._dealt
        for i, seat in enumerate(seats):
            self._write_cards(seat, sorted(hand.cards_of(i)))
            at = 4 * seat * width
            fb[at + dealt : at + dealt + 208] = fb[at + sets : at + sets + 208]  # dealt = held
        pv[self._button + seats[hand.button]] = 1.0
        pv[self._session] = session
        self._street = 0
        self._draw = 0
        pv[self._round] = 1.0  # betting round 0
        if hand.phase is not Phase.BETTING:  # blinds that put seats all-in: drawing already
            self._catch_up(hand)
        # the chips: only what is not zero (no seat has folded yet)
        scale = self.scale
        stacks, bets, contrib = hand.stacks, hand.bets, hand.contributions
        for i, seat in enumerate(seats):
            pv[self._stacks + seat] = stacks[i] * scale
            if contrib[i]:
                pv[self._bets + seat] = bets[i] * scale
                pv[self._contrib + seat] = contrib[i] * scale
                if hand.all_in(i):
                    pv[self._all_in + seat] = 1.0
        pv[self._pot] = hand.pot * scale
        self._pointed = None
        self._point_to(hand.to_act)

    def _catch_up(self, hand: Hand) -> None:
        """Take the rounds and draws a hand went through as it was dealt."""
        for event in hand.events:
            if event.kind is EventKind.STREET:
                self._street = event.amount
                self._round_at(2 * event.amount)
            elif event.kind is EventKind.DRAW:
                self._draw = event.amount
                self._round_at(2 * event.amount - 1)

    def record(self, hand: Hand, events: Iterable[Event]) -> None:
        """Take in the events of one ``Hand.apply`` (public parts, and each seat's own)."""
        pv = self._pv
        seats = self._seats
        moved: int | None = None  # the hand seat whose chips moved
        full = False
        new_round = False
        for event in events:
            kind = event.kind
            code = _KINDS.get(kind)
            if code is not None:
                seat = seats[event.seat]  # type: ignore[index]
                # the history: every row down one, this action on top
                self._older[:] = self._newer
                self._top[:] = self._row_views[seat * len(_KINDS) + code]
                if code == _DISCARD_CODE:
                    pv[self._top_amount] = event.amount / self.hand_size
                    at = self._counts + ((self._draw - 1) * self.players + seat) * self._draw_width
                    pv[at + 1 + event.amount] = 1.0
                    if event.amount:  # standing pat leaves the seat's cards as they were
                        fv = self._fv
                        if event.cards:  # only the discarder's own event names them
                            mine = seat * self.private_size + self._mine
                            for card in event.cards:
                                fv[mine + card] = 1.0
                        self._set_cards(seat, sorted(hand.cards_of(event.seat)))  # type: ignore[arg-type]
                    continue
                pv[self._top_amount] = event.amount * self.scale
                at = self._summary + (self._street * self.players + seat) * 4 + _SUMMARY[kind]
                count = pv[at]
                if count < _COUNT_CAP:
                    pv[at] = count + 1.0
                if kind is EventKind.FOLD:
                    pv[self._folded + seat] = 1.0  # no chips move; it was not all-in
                elif kind is not EventKind.CHECK:
                    moved = event.seat
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
                        pv[base + card] = 1.0
        if full:
            self._refresh(hand)
            return
        scale = self.scale
        if moved is not None:  # one seat's bet, raise or call: its chips
            seat = seats[moved]
            pv[self._stacks + seat] = hand.stacks[moved] * scale
            pv[self._bets + seat] = hand.bets[moved] * scale
            pv[self._contrib + seat] = hand.contributions[moved] * scale
            pv[self._all_in + seat] = hand.all_in(moved)
        if new_round:  # a betting round ended: every bet in front went into the pot
            bets = self._bets
            for seat in seats:
                pv[bets + seat] = 0.0
        if moved is not None or new_round:
            pv[self._pot] = hand.pot * scale
        # the turn marker
        if (pointed := self._pointed) is not None:
            pv[self._to_act + pointed] = 0.0
        if (to_act := hand.to_act) is None:
            self._pointed = None
        else:
            self._pointed = seat = seats[to_act]
            pv[self._to_act + seat] = 1.0

    def observe(self, seat: int, hand: Hand | None = None,
                legal: LegalActions | None = None) -> npt.NDArray[np.float32]:
        """The observation of table seat ``seat`` (a new array).

        ``hand`` for the turn data of the seat to act; ``legal``: its ``legal_actions()``
        when the caller has it already.
        """
        fv = self._fv
        turn = seat * self.private_size + self._turn
        if hand is not None and (i := hand.to_act) is not None and self._seats[i] == seat:
            if legal is None:
                legal = hand.legal_actions()
            scale = self.scale
            fv[turn] = 1.0
            fv[turn + 1] = legal.to_call * scale
            fv[turn + 2] = legal.min_to * scale
            fv[turn + 3] = legal.max_to * scale
        elif fv[turn]:
            fv[turn : turn + 4] = self._zeros[:4]
        # a new array over a new bytearray: a slice of the private bytes and the public
        # bytes joined (two memory copies), cheaper than numpy's empty and two slice writes
        width = 4 * self.private_size
        start = seat * width
        joined = self._private_bytes[start : start + width] + self._public_bytes
        return np.frombuffer(joined, _FLOAT32)

    # -- internals ---------------------------------------------------------------

    def _set_cards(self, seat: int, ordered: Sequence[int]) -> None:
        """Write ``seat``'s cards (in sorted order) into its private block."""
        at = 4 * (seat * self.private_size + self._set)
        self._fb[at : at + 4 * 52] = _NO_CARDS
        self._write_cards(seat, ordered)

    def _write_cards(self, seat: int, ordered: Sequence[int]) -> None:
        """Write ``seat``'s cards (in sorted order) over a card set of zeros."""
        base = seat * self.private_size
        fb = self._fb
        at = 4 * (base + self._cards)
        fb[at : at + 68 * len(ordered)] = b"".join([_CARD_BYTES[card] for card in ordered])
        fv = self._fv
        base += self._set
        for card in ordered:
            fv[base + card] = 1.0

    def _round_at(self, index: int) -> None:
        pv = self._pv
        width = 2 * self.draws + 1
        pv[self._round : self._round + width] = self._zeros[:width]
        pv[self._round + index] = 1.0

    def _point_to(self, to_act: int | None) -> None:
        pv = self._pv
        if self._pointed is not None:
            pv[self._to_act + self._pointed] = 0.0
        if to_act is None:
            self._pointed = None
        else:
            self._pointed = seat = self._seats[to_act]
            pv[self._to_act + seat] = 1.0

    def _refresh(self, hand: Hand) -> None:
        pub = self._public
        p = self.players
        scale = self.scale
        seats = self._seats
        stacks, bets, contrib = hand.stacks, hand.bets, hand.contributions
        pub[self._to_act : self._to_act + p] = 0.0
        self._pointed = None
        self._point_to(hand.to_act)
        pv = self._pv
        for i, seat in enumerate(seats):
            pv[self._stacks + seat] = stacks[i] * scale
            pv[self._bets + seat] = bets[i] * scale
            pv[self._contrib + seat] = contrib[i] * scale
            pv[self._folded + seat] = hand.folded(i)
            pv[self._all_in + seat] = hand.all_in(i)
        pub[self._pot] = hand.pot * scale

