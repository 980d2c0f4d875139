"""The state machine of one hand: deal, bid, trump, draw, meld, tricks, score.

>>> import random
>>> from standpat.pinochle.rules import PINOCHLE_5
>>> hand = HandState(PINOCHLE_5, 3, dealer=0, rng=random.Random(7))
>>> hand.phase, hand.to_act, list(hand.legal_actions())
(<Phase.BIDDING: 'bidding'>, 1, [Pass(), Bid(amount=1)])
>>> hand.apply(Bid(4))
BidMade(seat=1, amount=4)
>>> hand.can(Bid(4)), hand.can(Bid(5))
(False, True)
>>> hand.apply(Pass()), hand.apply(Pass())
(Passed(seat=2, forced=False), Passed(seat=0, forced=False))
>>> hand.phase, hand.bidder, hand.bid, hand.to_act
(<Phase.TRUMP: 'trump'>, 1, 4, 1)
>>> hand.can(Play(hand.hand(1)[0]))
False
>>> try:
...     hand.verify(Pass())
... except IllegalActionError as error:
...     print(error)
'pass' is not legal now: seat 1 must name trump.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass

from standpat.errors import IllegalActionError
from standpat.pinochle.actions import (
    Action,
    Bid,
    BidMade,
    CardPlayed,
    Discard,
    Drew,
    Event,
    LegalActions,
    NameTrump,
    Pass,
    Passed,
    Phase,
    Play,
    RenegeCharged,
    TrumpNamed,
    describe,
)
from standpat.pinochle.cards import DECK, DeckCard, Suit, deck_cards, sort_hand
from standpat.pinochle.meld import MeldResult, meld
from standpat.pinochle.rules import PinochleGame
from standpat.pinochle.scoring import HandResult, card_points, score_hand, score_renege
from standpat.pinochle.tricks import legal_plays, trick_winner

__all__ = ["HandState", "SeatView", "Trick"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: who led and the ``(seat, card)`` plays in order; ``taker`` once complete."""

    leader: int
    plays: tuple[tuple[int, DeckCard], ...]
    taker: int | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: its own cards, and everything public.

    Other seats' hands, the stock and other seats' discards are never here;
    only counts of them.  ``melds`` is public once play begins (meld is shown).
    """

    game: str
    seat: int
    seats: tuple[int, ...]
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[DeckCard, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    bids: tuple[tuple[int, int | None], ...]
    bidder: int | None
    bid: int | None
    trump: Suit | None
    draw_cap: int | None
    drawn: tuple[tuple[int, int], ...]
    discarded: tuple[DeckCard, ...]
    melds: tuple[tuple[int, MeldResult], ...]
    broken: bool
    trick: Trick | None
    last_trick: Trick | None
    points: tuple[tuple[int, int], ...]
    legal: LegalActions
    result: HandResult | None
    scores: tuple[tuple[int, int], ...] = ()


class HandState:
    """One hand of Bruce's Pinochle, from the deal to the score.

    ``players`` is a count (seats ``0..n-1``) or the seats in clockwise order
    (a play-off uses only the tied seats).  The deck is shuffled with ``rng``
    (injected) unless ``deck`` gives the exact order to deal from; cards are
    dealt one at a time from the dealer's left and the rest is the stock, drawn
    from the front.
    """

    def __init__(
        self,
        game: PinochleGame,
        players: int | Sequence[int],
        dealer: int | None = None,
        *,
        rng: random.Random | None = None,
        deck: Sequence[DeckCard] | None = None,
    ) -> None:
        """Deal a new hand."""
        seats = tuple(range(players)) if isinstance(players, int) else tuple(players)
        game.check_players(len(seats))
        if len(set(seats)) != len(seats):
            raise IllegalActionError(f"seats {seats!r} repeat a seat.")
        dealer = seats[-1] if dealer is None else dealer
        if dealer not in seats:
            raise IllegalActionError(f"dealer {dealer!r} is not one of the seats {seats!r}.")
        if deck is None:
            order = list(DECK)
            (rng or random.Random()).shuffle(order)
        else:
            order = [DeckCard(c) for c in deck]
            if sorted(order) != list(DECK):
                raise IllegalActionError("a stacked deck must hold each of the 48 cards once.")
        self.game = game
        self.seats = seats
        self.dealer = dealer
        start = seats.index(dealer) + 1
        self.order: tuple[int, ...] = seats[start:] + seats[:start]
        """Seats from the dealer's left round to the dealer."""
        self.hands: dict[int, list[DeckCard]] = {s: [] for s in seats}
        n = len(seats)
        for i in range(n * game.hand_size):
            self.hands[self.order[i % n]].append(order[i])
        self.stock: list[DeckCard] = order[n * game.hand_size :]
        self.draw_cap = game.draw_cap(n)
        self.phase = Phase.BIDDING
        self._turn = 0
        self.bids: list[tuple[int, int | None]] = []
        self.bidder: int | None = None
        self.bid: int | None = None
        self.trump: Suit | None = None
        self.discards: dict[int, tuple[DeckCard, ...]] = {}
        self.drawn: dict[int, int] = {}
        self.melds: dict[int, MeldResult] = {}
        self.broken = False
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.taken: dict[int, list[DeckCard]] = {s: [] for s in seats}
        self.result: HandResult | None = None
        self.history: list[Event] = []
        self._next_leader: int | None = None

    @classmethod
    def preset(
        cls,
        game: PinochleGame,
        hands: Sequence[str],
        stock: str = "",
        dealer: int | None = None,
    ) -> HandState:
        """A hand dealt from given hands (card text, seat order ``0..n-1``).

        The stock starts with ``stock`` and goes on with the unused cards in
        deck order.

        >>> from standpat.pinochle.rules import PINOCHLE_5
        >>> h = HandState.preset(PINOCHLE_5, ["As Ah Ad Ac Ts", "Qs Qs Jd Jd 9c"], stock="Kh")
        >>> [str(c) for c in h.hand(1)], str(h.stock[0]), len(h.stock)
        (['Qs', 'Qs', 'Jd', 'Jd', '9c'], 'Kh', 38)
        """
        n = len(hands)
        dealer = n - 1 if dealer is None else dealer
        pool = list(DECK)
        dealt = []
        for text in hands:
            cards = deck_cards(text, pool)
            for c in cards:
                pool.remove(c)
            dealt.append(cards)
        top = deck_cards(stock, pool)
        for c in top:
            pool.remove(c)
        order_seats = [(dealer + 1 + i) % n for i in range(n)]
        deck: list[DeckCard] = []
        for k in range(game.hand_size):
            for seat in order_seats:
                deck.append(dealt[seat][k])
        return cls(game, n, dealer, deck=deck + top + pool)

    # -- reading the state ---------------------------------------------------

    def hand(self, seat: int) -> tuple[DeckCard, ...]:
        """The cards ``seat`` holds, in the order received."""
        return tuple(self.hands[seat])

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.TRUMP:
            return self.bidder
        if self.phase is Phase.PLAY:
            assert self._next_leader is not None
            if self.trick is None:
                return self._next_leader
            return self._left_of(self.trick.plays[-1][0])
        return self.order[self._turn]

    @property
    def is_over(self) -> bool:
        """Whether the hand is scored."""
        return self.phase is Phase.OVER

    def _left_of(self, seat: int) -> int:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    @property
    def min_bid(self) -> int:
        """The lowest bid allowed now: 1, or one above the high bid."""
        return 1 if self.bid is None else self.bid + 1

    def legal_actions(self) -> LegalActions:
        """Exactly the legal actions of the seat to act (see :class:`LegalActions`)."""
        seat = self.to_act
        if seat is None:
            return LegalActions()
        if self.phase is Phase.BIDDING:
            return LegalActions((Pass(),), min_bid=self.min_bid)
        if self.phase is Phase.TRUMP:
            return LegalActions(tuple(NameTrump(s) for s in Suit))
        if self.phase is Phase.DRAW:
            return LegalActions(tuple(Discard(c) for c in self._discard_options(seat)))
        return LegalActions(tuple(Play(c) for c in self._plays(seat)))

    def _limit(self) -> int:
        cap = len(self.stock) if self.draw_cap is None else min(self.draw_cap, len(self.stock))
        return min(cap, self.game.hand_size)

    def _discard_options(self, seat: int) -> list[tuple[DeckCard, ...]]:
        cards = sorted(self.hands[seat])
        out: list[tuple[DeckCard, ...]] = []
        limit = self._limit()
        for mask in range(1 << len(cards)):
            if mask.bit_count() <= limit:
                out.append(tuple(c for i, c in enumerate(cards) if mask >> i & 1))
        out.sort(key=lambda t: (len(t), t))
        return out

    def _plays(self, seat: int) -> list[DeckCard]:
        assert self.trump is not None
        trick = [c for _, c in self.trick.plays] if self.trick else []
        return legal_plays(self.hands[seat], trick, self.trump.number, self.broken)

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError`, with a sentence, unless ``action`` is legal now."""
        seat = self.to_act
        said = repr(describe(action))
        if seat is None:
            raise IllegalActionError(f"{said} is not legal: the hand is over.")
        expected = {
            Phase.BIDDING: (Bid, Pass),
            Phase.TRUMP: (NameTrump,),
            Phase.DRAW: (Discard,),
            Phase.PLAY: (Play,),
        }[self.phase]
        if not isinstance(action, expected):
            raise IllegalActionError(
                f"{said} is not legal now: seat {seat} must {_WANTED[self.phase]}."
            )
        cards: tuple[object, ...] = ()
        if isinstance(action, Discard):
            cards = action.cards
        elif isinstance(action, Play):
            cards = (action.card,)
        if not all(isinstance(c, DeckCard) for c in cards):
            raise IllegalActionError(
                f"{said} must name physical cards (DeckCard('Qs', 1)), not {cards!r}."
            )
        if isinstance(action, Bid) and (
            type(action.amount) is not int or action.amount < self.min_bid
        ):
            raise IllegalActionError(
                f"{said} is too low: seat {seat} must bid at least {self.min_bid} or pass."
            )
        if isinstance(action, NameTrump) and not isinstance(action.suit, Suit):
            raise IllegalActionError(f"{said} does not name a suit.")
        if isinstance(action, Discard):
            held = set(self.hands[seat])
            if len(set(action.cards)) != len(action.cards):
                raise IllegalActionError(f"{said} names a card twice.")
            missing = [c for c in action.cards if c not in held]
            if missing:
                raise IllegalActionError(
                    f"{said} discards {missing[0]} ({missing[0]!r}), "
                    f"which seat {seat} does not hold."
                )
            if len(action.cards) > self._limit():
                raise IllegalActionError(
                    f"{said} discards {len(action.cards)} cards; seat {seat} may draw at "
                    f"most {self._limit()} (stock {len(self.stock)}, cap {self.draw_cap})."
                )
        if isinstance(action, Play) and action.card not in self._plays(seat):
            if action.card not in self.hands[seat]:
                raise IllegalActionError(
                    f"{said} plays {action.card!r}, which seat {seat} does not hold."
                )
            allowed = " ".join(dict.fromkeys(str(c) for c in sort_hand(self._plays(seat))))
            raise IllegalActionError(
                f"{said} breaks the trick rules: seat {seat} may play only {allowed}."
            )

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # -- applying ------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply a legal ``action`` of the seat to act and return its event."""
        self.verify(action)
        seat = self.to_act
        assert seat is not None
        event: Event
        if isinstance(action, Bid):
            event = self._bid(seat, action.amount)
        elif isinstance(action, Pass):
            event = self._bid(seat, None)
        elif isinstance(action, NameTrump):
            self.trump = action.suit
            self.phase = Phase.DRAW
            self._turn = 0
            event = TrumpNamed(seat, action.suit)
        elif isinstance(action, Discard):
            event = self._draw(seat, action.cards)
        else:
            event = self._play(seat, action.card)
        self.history.append(event)
        return event

    def _bid(self, seat: int, amount: int | None) -> Event:
        self.bids.append((seat, amount))
        if amount is not None:
            self.bid, self.bidder = amount, seat
        self._turn += 1
        forced = False
        if self._turn == len(self.order):
            if self.bidder is None:
                self.bid, self.bidder, forced = 1, self.dealer, True
            self.phase = Phase.TRUMP
        return BidMade(seat, amount) if amount is not None else Passed(seat, forced)

    def _draw(self, seat: int, discards: tuple[DeckCard, ...]) -> Event:
        hand = self.hands[seat]
        for c in discards:
            hand.remove(c)
        drawn = tuple(self.stock[: len(discards)])
        del self.stock[: len(discards)]
        hand.extend(drawn)
        self.discards[seat] = discards
        self.drawn[seat] = len(drawn)
        self._turn += 1
        if self._turn == len(self.order):
            assert self.trump is not None and self.bidder is not None
            self.melds = {s: meld((c.card for c in self.hands[s]), self.trump) for s in self.seats}
            self.phase = Phase.PLAY
            self._next_leader = self.bidder
        return Drew(seat, discards, drawn)

    def _play(self, seat: int, card: DeckCard) -> Event:
        assert self.trump is not None
        self.hands[seat].remove(card)
        if card.suit == self.trump.number:
            self.broken = True
        if self.trick is None:
            self.trick = Trick(seat, ((seat, card),))
        else:
            self.trick = Trick(self.trick.leader, (*self.trick.plays, (seat, card)))
        if len(self.trick.plays) < len(self.seats):
            return CardPlayed(seat, card)
        cards = [c for _, c in self.trick.plays]
        taker = self.trick.plays[trick_winner(cards, self.trump.number)][0]
        self.tricks.append(Trick(self.trick.leader, self.trick.plays, taker))
        self.taken[taker].extend(cards)
        self.trick = None
        self._next_leader = taker
        if not any(self.hands.values()):
            self._finish()
        return CardPlayed(seat, card, taker)

    def trick_points(self) -> dict[int, int]:
        """Points each seat has taken in tricks so far (the last trick's 1 included)."""
        points = {s: card_points(self.taken[s]) for s in self.seats}
        if self.tricks and not any(self.hands.values()):
            last = self.tricks[-1].taker
            assert last is not None
            points[last] += 1
        return points

    def _finish(self) -> None:
        assert self.bidder is not None and self.bid is not None
        self.result = score_hand(self.seats, self.bidder, self.bid, self.melds, self.trick_points())
        self.phase = Phase.OVER

    def charge_renege(self, seat: int) -> RenegeCharged:
        """Charge a renege reported by a history or an external client; the hand ends.

        Allowed once trump is named and before the hand is scored.  Scoring is
        :func:`~standpat.pinochle.scoring.score_renege`: the offender goes back
        the bid and loses everything; the others keep their meld only.
        """
        if seat not in self.seats:
            raise IllegalActionError(f"seat {seat!r} is not in this hand.")
        if self.phase not in (Phase.DRAW, Phase.PLAY):
            raise IllegalActionError(
                f"a renege by seat {seat} cannot be charged in the {self.phase} phase."
            )
        assert self.trump is not None and self.bidder is not None and self.bid is not None
        melds = self.melds or {
            s: meld((c.card for c in self.hands[s]), self.trump) for s in self.seats
        }
        self.melds = dict(melds)
        tricks = {s: card_points(self.taken[s]) for s in self.seats}
        self.result = score_renege(self.seats, self.bidder, self.bid, melds, tricks, seat)
        self.phase = Phase.OVER
        event = RenegeCharged(seat)
        self.history.append(event)
        return event

    def apply_reported(self, action: Action) -> Event:
        """Apply an action reported by a hand history or an external client.

        A legal action is applied as by :meth:`apply`.  A reported play of a
        card the seat holds that breaks the trick rules is a renege: it is
        charged to that seat (:meth:`charge_renege`) and the hand ends.  Any
        other illegal action raises :class:`IllegalActionError`.
        """
        seat = self.to_act
        if (
            seat is not None
            and self.phase is Phase.PLAY
            and isinstance(action, Play)
            and action.card in self.hands[seat]
            and not self.can(action)
        ):
            return self.charge_renege(seat)
        return self.apply(action)

    # -- views and copies ----------------------------------------------------

    def view(self, seat: int, scores: Sequence[tuple[int, int]] = ()) -> SeatView:
        """What ``seat`` may see now; ``scores`` are game scores to show with it.

        A seat out of the hand (out of a play-off) sees only what is public.
        """
        return SeatView(
            game=self.game.name,
            seat=seat,
            seats=self.seats,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            hand=tuple(sort_hand(self.hands.get(seat, []))),
            hand_sizes=tuple(len(self.hands[s]) for s in self.seats),
            stock_size=len(self.stock),
            bids=tuple(self.bids),
            bidder=self.bidder,
            bid=self.bid,
            trump=self.trump,
            draw_cap=self.draw_cap,
            drawn=tuple(self.drawn.items()),
            discarded=self.discards.get(seat, ()),
            melds=tuple(self.melds.items()),
            broken=self.broken,
            trick=self.trick,
            last_trick=self.tricks[-1] if self.tricks else None,
            points=tuple(self.trick_points().items()),
            legal=self.legal_actions() if self.to_act == seat else LegalActions(),
            result=self.result,
            scores=tuple(scores),
        )

    def clone(self) -> HandState:
        """An independent copy of this hand."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (
            f"<HandState {self.game.name} seats={self.seats} dealer={self.dealer} "
            f"phase={self.phase.value} to_act={self.to_act}>"
        )


_WANTED = {
    Phase.BIDDING: "bid or pass",
    Phase.TRUMP: "name trump",
    Phase.DRAW: "discard and draw (or keep)",
    Phase.PLAY: "play a card",
}
