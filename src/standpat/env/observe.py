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

The event updates and the joining of an observation run in C
(``standpat._native.observer``) where it was built, and otherwise in the same steps in
Python (:class:`_PyRecorder`); the two write the same float32 numbers.

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
from typing import TYPE_CHECKING, Final, Protocol

import numpy as np

from standpat.engine import (
    BetMade,
    Burned,
    Called,
    Checked,
    Discarded,
    DrawOpened,
    Event,
    Folded,
    Hand,
    LegalActions,
    Phase,
    Raised,
    Shown,
    StreetOpened,
    get_game,
)

if TYPE_CHECKING:
    import numpy.typing as npt

try:
    from standpat._native import observer as _native
except ImportError:  # built without a C compiler: the pure-Python recorder
    _Recorder: type[_native.Recorder] | None = None
else:
    _Recorder = _native.Recorder

__all__ = ["HISTORY", "PokerObserver"]

HISTORY: Final = 16
"""How many of the latest actions the observation lists one by one."""
_COUNT_CAP: Final = 15.0
_KINDS: Final[dict[type[Event], int]] = {
    Folded: 0, Checked: 1, Called: 2, BetMade: 3, Raised: 4, Discarded: 5,
}
_DISCARD_CODE: Final = _KINDS[Discarded]
_SUMMARY: Final[dict[type[Event], int]] = {Checked: 0, Called: 1, BetMade: 2, Raised: 2, Folded: 3}
_RANK_SUIT: Final = np.zeros((52, 17), dtype=np.float32)
for _card in range(52):
    _RANK_SUIT[_card, _card >> 2] = 1.0
    _RANK_SUIT[_card, 13 + (_card & 3)] = 1.0
_RECORDED: Final = (*_KINDS, StreetOpened, DrawOpened, Burned, Shown)
"""The event classes the C recorder tells apart: the actions in code order, then the rest."""
_NUMBERS: Final = (None, None, "added", "to", "to", "count", "number", "number", None, None)
"""The field of each of those classes that the observation takes its number from."""
_SUMMARY_OF: Final = tuple(_SUMMARY[kind] for kind in _KINDS if kind in _SUMMARY)
"""The summary column of each action code but the discard's (for the C recorder)."""
_CARD_BYTES: Final = tuple(row.tobytes() for row in _RANK_SUIT)
"""Each card's rank and suit one-hot as float32 bytes (written through a byte view)."""
_FLOAT32: Final = np.dtype(np.float32)
_NO_CARDS: Final = bytes(52 * 4)
"""A 52-card set of zeros as float32 bytes."""


class PokerObserver:
    """Observation arrays of every seat of one poker table (see the module docstring)."""

    def __init__(self, game: str, structure: str, players: int, *, big_blind: int,
                 total_chips: int, native: bool | None = None) -> None:
        """Lay out the arrays for ``players`` seats; amounts are divided by ``big_blind``.

        ``native``: take the events in through the C recorder (``None``: when it is built;
        ``False``: the pure-Python one, which writes the same numbers).
        """
        if native and _Recorder is None:
            raise RuntimeError("the C recorder of the observer is not built here")
        self.native = _Recorder is not None if native is None else native
        """Whether the events go through the C recorder."""
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
        self._state: tuple[int, int, int] = (0, 0, -1)
        """The recorder's round, draw and seat pointed at, kept over a copy."""
        self._views()

    _VIEWS: Final = ("_pv", "_zeros", "_recorder")

    def _views(self) -> None:
        """Views into the arrays and the recorder, made once (a copy makes its own).

        Writes of single entries and short runs go through memoryviews (``_pv``: the
        public block), which cost a third to a half of numpy's indexing; the values
        written are the same float32 numbers.
        """
        self._pv = memoryview(self._public_bytes).cast("f")
        zeros = np.zeros(max(4, 2 * self.draws + 1), dtype=np.float32)
        self._zeros = zeros.data.cast("B").cast("f")
        recorder: _Recording
        if self.native:
            assert _Recorder is not None
            recorder = _Recorder(self._private_bytes, self._public_bytes, self._layout(),
                                 _RECORDED, _NUMBERS, _SUMMARY_OF, self.scale)
        else:
            recorder = _PyRecorder(self)
        recorder.street, recorder.draw, recorder.pointed = self._state
        recorder.set_seats(self._seats)
        self._recorder = recorder

    def _layout(self) -> tuple[int, ...]:
        """The offsets the C recorder writes at, in the order observer.c reads them."""
        return (self.players, self.private_size, self.hand_size, self.draws, self._history,
                HISTORY, self._row, self._draw_width, self._set, self._dealt, self._mine,
                self._turn, self._cards, self._counts, self._summary, self._folded,
                self._stacks, self._bets, self._contrib, self._all_in, self._pot,
                self._to_act, self._round, self._shown)

    def __getstate__(self) -> dict[str, object]:
        """The observer without its views (a copy or a pickle rebuilds them)."""
        r = self._recorder
        self._state = (r.street, r.draw, r.pointed)
        return {k: v for k, v in self.__dict__.items() if k not in self._VIEWS}

    def __setstate__(self, state: dict[str, object]) -> None:
        """Restore a copied or unpickled observer and make its views."""
        self.__dict__.update(state)
        self._views()

    def start_hand(self, hand: Hand, seats: Sequence[int], session: float = 0.0) -> None:
        """Begin a new hand; ``seats[i]`` is the table seat of the hand's seat ``i``."""
        self._seats = seats = tuple(seats)
        recorder = self._recorder
        recorder.set_seats(seats)
        # every private block zeroed but for its seat's one-hot, the public block zeroed
        self._private_bytes[:] = self._private_blank
        self._public_bytes[:] = self._public_blank
        pv = self._pv
        if len(seats) < self.players:
            for seat in range(self.players):
                if seat not in seats:
                    pv[self._out + seat] = 1.0
        recorder.deal(hand)
        pv[self._button + seats[hand.button]] = 1.0
        pv[self._session] = session
        recorder.street = recorder.draw = 0
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
        recorder.pointed = -1
        self._point_to(hand.to_act)

    def _catch_up(self, hand: Hand) -> None:
        """Take the rounds and draws a hand went through as it was dealt."""
        recorder = self._recorder
        for event in hand.events:
            if isinstance(event, StreetOpened):
                recorder.street = event.number
                self._round_at(2 * event.number)
            elif isinstance(event, DrawOpened):
                recorder.draw = event.number
                self._round_at(2 * event.number - 1)

    def record(self, hand: Hand, events: Iterable[Event]) -> None:
        """Take in the events of one ``Hand.apply`` (public parts, and each seat's own)."""
        self._recorder.record(hand, events)

    def observe(self, seat: int, hand: Hand | None = None,
                legal: LegalActions | None = None) -> npt.NDArray[np.float32]:
        """The observation of table seat ``seat`` (a new array).

        ``hand`` for the turn data of the seat to act; ``legal``: its ``legal_actions()``
        when the caller has it already.
        """
        if hand is not None and (i := hand.to_act) is not None and self._seats[i] == seat:
            return self.observe_turn(seat, hand.legal_actions() if legal is None else legal)
        return np.frombuffer(self._recorder.block(seat), _FLOAT32)

    def observe_turn(self, seat: int, legal: LegalActions) -> npt.NDArray[np.float32]:
        """The observation of table seat ``seat`` when it is to act (``legal``: its actions).

        What :meth:`observe` gives for the seat to act, without asking the hand whose turn
        it is.
        """
        # a new array over a new bytearray: the seat's private bytes (its turn data written
        # first) and the public bytes joined, cheaper than numpy's empty and two slice writes
        return np.frombuffer(
            self._recorder.block(seat, legal.to_call, legal.min_to, legal.max_to), _FLOAT32)

    # -- internals ---------------------------------------------------------------

    def _round_at(self, index: int) -> None:
        pv = self._pv
        width = 2 * self.draws + 1
        pv[self._round : self._round + width] = self._zeros[:width]
        pv[self._round + index] = 1.0

    def _point_to(self, to_act: int | None) -> None:
        pv = self._pv
        recorder = self._recorder
        if recorder.pointed >= 0:
            pv[self._to_act + recorder.pointed] = 0.0
        if to_act is None:
            recorder.pointed = -1
        else:
            recorder.pointed = seat = self._seats[to_act]
            pv[self._to_act + seat] = 1.0



class _Recording(Protocol):
    """What the observer asks of its recorder (the C one, or :class:`_PyRecorder`)."""

    street: int
    draw: int
    pointed: int

    def record(self, hand: Hand, events: Iterable[Event], /) -> None: ...
    def set_seats(self, seats: Sequence[int], /) -> None: ...
    def block(self, seat: int, /, *turn: int) -> bytearray: ...
    def deal(self, hand: Hand, /) -> None: ...


class _PyRecorder:
    """The observer's event updates in Python: what the C recorder does, the same numbers.

    It keeps the round (``street``), the draw and the table seat marked to act
    (``pointed``, -1 for none), and writes into its observer's blocks.
    """

    def __init__(self, observer: PokerObserver) -> None:
        self._o = o = observer
        self.street = self.draw = 0
        self.pointed = -1
        self.seats: tuple[int, ...] = ()
        self._fb = memoryview(o._private_bytes)
        """Every seat's private block as bytes (``_fv``: as floats)."""
        self._fv = self._fb.cast("f")
        row = o._row
        history = o._pv[o._history : o._history + HISTORY * row]
        self._newer = history[:-row]
        """The history rows but the oldest; ``_older`` is where they move to."""
        self._older = history[row:]
        self._top = history[:row]
        self._top_amount = o._history + row - 1
        self._rows = []
        """The top history row of each seat and action code (float32 views)."""
        for seat in range(o.players):
            for code in range(len(_KINDS)):
                template = np.zeros(row, dtype=np.float32)
                template[seat] = 1.0
                template[o.players + code] = 1.0
                self._rows.append(template.data.cast("B").cast("f"))

    def set_seats(self, seats: Sequence[int]) -> None:
        """The table seat of each hand seat, for a new hand."""
        self.seats = tuple(seats)

    def block(self, seat: int, *turn: int) -> bytearray:
        """A new bytearray: ``seat``'s private block and the public block, joined.

        ``turn``: what a call costs, the smallest and largest bet "to" amount, when it is
        the seat's turn (written into its block first; zeros otherwise).
        """
        o = self._o
        fv = self._fv
        at = seat * o.private_size + o._turn
        if turn:
            to_call, min_to, max_to = turn
            fv[at] = 1.0
            fv[at + 1] = to_call * o.scale
            fv[at + 2] = min_to * o.scale
            fv[at + 3] = max_to * o.scale
        elif fv[at]:
            fv[at : at + 4] = o._zeros[:4]
        width = 4 * o.private_size
        start = seat * width
        return o._private_bytes[start : start + width] + o._public_bytes

    def deal(self, hand: Hand) -> None:
        """Every hand seat's cards written into its block, and its dealt set (the same)."""
        o = self._o
        fb = self._fb
        sets, dealt = 4 * o._set, 4 * o._dealt
        for i, seat in enumerate(self.seats):
            self._write_cards(seat, sorted(hand.cards_of(i)))
            at = 4 * seat * o.private_size
            fb[at + dealt : at + dealt + 208] = fb[at + sets : at + sets + 208]  # dealt = held

    def record(self, hand: Hand, events: Iterable[Event]) -> None:
        """Take in the events of one ``Hand.apply``."""
        o = self._o
        pv = o._pv
        seats = self.seats
        moved: int | None = None  # the hand seat whose chips moved
        full = False
        new_round = False
        for event in events:
            kind = event.__class__
            code = _KINDS.get(kind)
            if isinstance(event, Folded | Checked | Called | BetMade | Raised | Discarded):
                assert code is not None
                seat = seats[event.seat]
                # the history: every row down one, this action on top
                self._older[:] = self._newer
                self._top[:] = self._rows[seat * len(_KINDS) + code]
                if isinstance(event, Discarded):
                    pv[self._top_amount] = event.count / o.hand_size
                    at = o._counts + ((self.draw - 1) * o.players + seat) * o._draw_width
                    pv[at + 1 + event.count] = 1.0
                    if event.count:  # standing pat leaves the seat's cards as they were
                        fv = self._fv
                        if event.cards:  # only the discarder's own event names them
                            mine = seat * o.private_size + o._mine
                            for card in event.cards:
                                fv[mine + card] = 1.0
                        self._set_cards(seat, sorted(hand.cards_of(event.seat)))
                    continue
                amount = (event.added if isinstance(event, Called)
                          else event.to if isinstance(event, BetMade | Raised) else 0)
                pv[self._top_amount] = amount * o.scale
                at = o._summary + (self.street * o.players + seat) * 4 + _SUMMARY[kind]
                count = pv[at]
                if count < _COUNT_CAP:
                    pv[at] = count + 1.0
                if isinstance(event, Folded):
                    pv[o._folded + seat] = 1.0  # no chips move; it was not all-in
                elif not isinstance(event, Checked):
                    moved = event.seat
            elif isinstance(event, StreetOpened):
                new_round = True  # the bets in front went to the pot
                self.street = event.number
                o._round_at(2 * event.number)
            elif isinstance(event, DrawOpened):
                new_round = True
                self.draw = event.number
                o._round_at(2 * event.number - 1)
            elif isinstance(event, Burned):
                new_round = True
            else:
                full = True  # posts, returns and wins move chips of several seats
                if isinstance(event, Shown):
                    base = o._shown + seats[event.seat] * 52
                    for card in event.cards:
                        pv[base + card] = 1.0
        if full:  # posts, returns and wins: every seat's chips
            self._refresh(hand)
            return
        scale = o.scale
        if moved is not None:  # one seat's bet, raise or call: its chips
            seat = seats[moved]
            pv[o._stacks + seat] = hand.stacks[moved] * scale
            pv[o._bets + seat] = hand.bets[moved] * scale
            pv[o._contrib + seat] = hand.contributions[moved] * scale
            pv[o._all_in + seat] = hand.all_in(moved)
        if new_round:  # a betting round ended: every bet in front went into the pot
            bets = o._bets
            for seat in seats:
                pv[bets + seat] = 0.0
        if moved is not None or new_round:
            pv[o._pot] = hand.pot * scale
        # the turn marker
        if (pointed := self.pointed) >= 0:
            pv[o._to_act + pointed] = 0.0
        if (to_act := hand.to_act) is None:
            self.pointed = -1
        else:
            self.pointed = seat = seats[to_act]
            pv[o._to_act + seat] = 1.0

    # -- internals ---------------------------------------------------------------

    def _set_cards(self, seat: int, ordered: Sequence[int]) -> None:
        """Write ``seat``'s cards (in sorted order) into its private block."""
        o = self._o
        at = 4 * (seat * o.private_size + o._set)
        self._fb[at : at + 4 * 52] = _NO_CARDS
        self._write_cards(seat, ordered)

    def _write_cards(self, seat: int, ordered: Sequence[int]) -> None:
        """Write ``seat``'s cards (in sorted order) over a card set of zeros."""
        o = self._o
        base = seat * o.private_size
        at = 4 * (base + o._cards)
        self._fb[at : at + 68 * len(ordered)] = b"".join([_CARD_BYTES[card] for card in ordered])
        fv = self._fv
        base += o._set
        for card in ordered:
            fv[base + card] = 1.0

    def _refresh(self, hand: Hand) -> None:
        """Every seat's chips, folds and all-ins, the pot and the turn marker."""
        o = self._o
        pv = o._pv
        scale = o.scale
        for seat in range(o.players):
            pv[o._to_act + seat] = 0.0
        self.pointed = -1
        o._point_to(hand.to_act)
        stacks, bets, contrib = hand.stacks, hand.bets, hand.contributions
        for i, seat in enumerate(self.seats):
            pv[o._stacks + seat] = stacks[i] * scale
            pv[o._bets + seat] = bets[i] * scale
            pv[o._contrib + seat] = contrib[i] * scale
            pv[o._folded + seat] = hand.folded(i)
            pv[o._all_in + seat] = hand.all_in(i)
        pv[o._pot] = hand.pot * scale
