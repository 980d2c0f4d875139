"""Bruce's Pinochle as the room hosts it: :class:`HostedPinochle`.

A round is one whole game to 50 points (:class:`~standpat.pinochle.GameState`): several
deals, the deal passing left, tied leaders playing on alone.  Every card of every deal of
the game comes from the random stream the room hands to :meth:`HostedPinochle.deal`, so
the game replays from its seed and its actions (:func:`replay`).

**The stake is per game.**  Each player dealt into a game puts up the table's entry fee;
the winner takes the whole pot (``fee x players``).  The rules always name exactly one
winner (tied leaders play on until one of them wins), so the pot is never split; a game
cut short by a crash is void and nobody paid.  A per-point stake was not chosen: scores run
negative after a set bid and have no bound, so a player could owe more than he sat with.
A player needs one entry fee to be dealt in; the buy-in is 1 to 50 entry fees.

The views are JSON built from the pinochle seat view of each viewer (``GameState.view``)
and the game's events redacted for him (:func:`~standpat.pinochle.codec.redact`): his own
cards, never another hand, the stock or another player's discards (only their counts);
melds once play begins.

>>> import random
>>> table = HostedPinochle("pinochle-5", "entry 10", seats=3)
>>> table.options.min_buy_in, table.options.default_buy_in, table.options.max_buy_in
(10, 100, 500)
>>> for seat, name in enumerate(("ann", "bob", "cid")):
...     table.sit(seat, name, 100)
>>> table.next_seats()          # from the dealer's left round to the dealer (seat 0)
(1, 2, 0)
>>> deal = table.deal(random.Random(7))
>>> deal.setup["fee"], deal.button, table.turn()
(10, 0, 1)
>>> mine, watcher = table.view(1), table.view(None)
>>> len(mine["hand"]), watcher["hand"], mine["legal"]["kinds"], watcher["legal"]
(5, [], ['bid', 'pass'], None)
>>> table.act(1, table.parse_action({"kind": "bid", "amount": 3}))
>>> table.view(2)["bids"]
[{'seat': 1, 'amount': 3}]
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from standpat.errors import IllegalActionError, ProtocolError, StakesError, TableError
from standpat.pinochle import (
    Action,
    Discard,
    GameState,
    HandResult,
    NameTrump,
    Pass,
    Phase,
    Play,
    SeatView,
    Suit,
    get_game,
    legal_plays,
)
from standpat.pinochle.actions import CardPlayed
from standpat.pinochle.cards import POWER, DeckCard, is_counter
from standpat.pinochle.codec import (
    action_from_json,
    action_to_json,
    card_id,
    event_to_json,
    meld_json,
    redact,
)
from standpat.table.hosted import Deal, Json, Options, Outcome, SeatLine

__all__ = [
    "BUY_IN_FEES",
    "DEFAULT_SEATS",
    "GameLog",
    "HostedPinochle",
    "default_action",
    "parse_fee",
    "play_rule",
    "replay",
    "stakes_text",
]

BUY_IN_FEES: Final = (1, 10, 50)
"""A pinochle table's buy-in in entry fees: the least, what a player (or bot) sits down
with when he does not say, and the most (also the most chips may be added up to)."""
DEFAULT_SEATS: Final = 4
SNAPSHOT_FORMAT: Final = "standpat-pinochle-table-1"
"""The format of :meth:`HostedPinochle.snapshot`."""
"""Seats of a pinochle table when the lobby does not say (the game's maximum if lower)."""


def parse_fee(text: str) -> int:
    """The entry fee of a pinochle table's stakes text: ``entry 10``, or just ``10``.

    >>> parse_fee("entry 10"), parse_fee(" 25 ")
    (10, 25)
    >>> parse_fee("2/4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    standpat.errors.StakesError: '2/4' are not pinochle stakes: write the entry fee of a game, ...
    """
    match = re.fullmatch(r"\s*(?:entry\s+)?(\d{1,12})\s*", text, re.IGNORECASE)
    if match is None or int(match.group(1)) < 1:
        raise StakesError(
            f"{text!r} are not pinochle stakes: write the entry fee of a game, like 'entry 10'."
        )
    return int(match.group(1))


def stakes_text(fee: int) -> str:
    """The stakes text of an entry fee, as the lobby shows it: ``entry 10``."""
    return f"entry {fee}"


# -- the game and its record -----------------------------------------------------------------


def _result_json(result: HandResult, number: int, scores: dict[int, int],
                 seats: Sequence[int]) -> Json:
    """A scored hand: the contract, whether it was made, a renege, and each seat's points."""
    return {
        "hand": number,
        "bidder": seats[result.bidder],
        "bid": result.bid,
        "made": result.made,
        "renege": None if result.renege is None else seats[result.renege],
        "scores": [
            {"seat": seats[s.seat], "meld": s.meld, "nines": s.nines, "tricks": s.tricks,
             "change": s.delta, "total": scores[s.seat]}
            for s in result.scores
        ],
    }


class GameLog:
    """A game of pinochle with its full record: every action and every event, as JSON
    with table seats (every card named: the record is stored, and shown only redacted).

    ``seats`` are the table seats of the game's seats ``0..n-1``, from the first dealer's
    left round to him; ``rng`` shuffles every deal.
    """

    def __init__(self, name: str, seats: Sequence[int], rng: random.Random) -> None:
        self.seats: tuple[int, ...] = tuple(seats)
        self.state = GameState(get_game(name), len(self.seats), rng=rng,
                               dealer=len(self.seats) - 1)
        self.actions: list[tuple[int, Json]] = []
        """(table seat, action JSON), in order."""
        self.events: list[Json] = []
        self.deals = 0
        """Hands dealt in this game so far."""
        self._new_hand()

    def seat(self, index: int) -> int:
        """The table seat of the game's seat ``index``."""
        return self.seats[index]

    def index(self, seat: int) -> int | None:
        """The game's seat index of table seat ``seat`` (None: not in this game)."""
        return self.seats.index(seat) if seat in self.seats else None

    def _new_hand(self) -> None:
        self.deals += 1
        view = self.state.view(None)
        start = view.seats.index(view.dealer) + 1
        order = view.seats[start:] + view.seats[:start]
        self.events.append({
            "kind": "new-hand", "hand": self.deals, "dealer": self.seat(view.dealer),
            "seats": [self.seat(s) for s in order], "stock": view.stock_size,
            "draw_cap": view.draw_cap,
        })
        for s in order:
            cards = self.state.view(s).hand
            self.events.append({"kind": "dealt", "seat": self.seat(s), "count": len(cards),
                                "cards": [card_id(c) for c in cards]})

    def apply(self, seat: int, action: Action) -> None:
        """The player in table seat ``seat`` acts (IllegalActionError, and nothing changes,
        when he may not)."""
        index = self.index(seat)
        if index is None or self.state.to_act != index:
            turn = self.state.to_act
            whose = "the game is over" if turn is None else f"seat {self.seat(turn)} is to act"
            raise IllegalActionError(f"it is not seat {seat}'s turn: {whose}.")
        held = self.state.view(index).hand
        cards = action.cards if isinstance(action, Discard) else (
            (action.card,) if isinstance(action, Play) else ())
        for card in cards:
            if card not in held:
                raise IllegalActionError(f"seat {seat} does not hold {card_id(card)}.")
        hand = self.state.hand
        before = hand.phase
        tricks = len(hand.tricks)
        try:
            event = self.state.apply(action)
        except IllegalActionError as error:  # the engine names its seat indexes
            raise IllegalActionError(_table_seats(str(error), self.seats)) from None
        self.actions.append((seat, action_to_json(action)))
        self.events.append(event_to_json(event, self.seats))
        if before is Phase.DRAW and hand.phase is not Phase.DRAW:
            for s in hand.seats:  # play begins: every meld is shown
                self.events.append({"kind": "meld", "seat": self.seat(s),
                                    **meld_json(hand.melds[s])})
        if isinstance(event, CardPlayed) and len(hand.tricks) > tricks:
            trick = hand.tricks[-1]
            assert trick.taker is not None
            last = hand.is_over
            points = sum(1 for _, c in trick.plays if is_counter(c.card)) + (1 if last else 0)
            self.events.append({"kind": "trick", "seat": self.seat(trick.taker),
                                "cards": [card_id(c) for _, c in trick.plays],
                                "points": points, "last": last})
        if hand.is_over:
            self._hand_over(hand.seats)

    def _hand_over(self, seats: tuple[int, ...]) -> None:
        result = self.state.results[-1]
        self.events.append({"kind": "score", **_result_json(
            result, self.deals, self.state.scores, self.seats)})
        if self.state.winner is not None:
            self.events.append({
                "kind": "game-over", "seat": self.seat(self.state.winner),
                "scores": [{"seat": self.seat(s), "score": v}
                           for s, v in self.state.scores.items()],
            })
            return
        if self.state.active != seats:
            self.events.append({"kind": "play-off",
                                "seats": [self.seat(s) for s in self.state.active]})
        self._new_hand()

    def results(self) -> list[Json]:
        """Every scored hand of the game so far, as the ``score`` events say."""
        return [{k: v for k, v in e.items() if k != "kind"}
                for e in self.events if e["kind"] == "score"]


def replay(name: str, seats: Sequence[int], rng: random.Random,
           actions: Sequence[tuple[int, Json]]) -> GameLog:
    """A game replayed from its shuffle and its actions (IllegalActionError, ValueError...
    when they do not replay)."""
    log = GameLog(name, seats, rng)
    for seat, doc in actions:
        log.apply(seat, action_from_json(doc))
    return log


# -- defaults and the rules in words ---------------------------------------------------------


def default_action(view: SeatView) -> Action:
    """What the table plays for a seat whose clock ran out, or who left: pass; name the
    suit he holds most of (the first of clubs, diamonds, hearts, spades on a tie); keep
    his hand; play his lowest legal card (by trick power, then suit).

    >>> from standpat.pinochle import PINOCHLE_5
    >>> game = GameState(PINOCHLE_5, 2, rng=random.Random(1))
    >>> default_action(game.view(game.to_act))
    Pass()
    """
    legal = view.legal
    if legal.min_bid is not None:
        return Pass()
    options = list(legal)
    if isinstance(options[0], NameTrump):
        return NameTrump(max(Suit, key=lambda s: sum(c.suit == s.number for c in view.hand)))
    if isinstance(options[0], Discard):
        return Discard(())
    cards = [a.card for a in options if isinstance(a, Play)]
    return Play(min(cards, key=lambda c: (POWER[c.rank], c.suit, int(c))))


def play_rule(view: SeatView) -> Json:
    """Why the seat to act may play only its legal cards: ``rule`` is one of ``lead``,
    ``lead-no-trump`` (trump is not broken), ``follow``, ``follow-beat`` (follow the led
    suit and beat ``beat``), ``trump``, ``trump-beat`` (void in the led suit: trump, and
    beat ``beat``) or ``any``; ``led`` is the led suit."""
    assert view.trump is not None
    trump = view.trump.number
    hand = list(view.hand)
    trick = [c for _, c in view.trick.plays] if view.trick else []
    legal = legal_plays(hand, trick, trump, view.broken)
    out: Json = {"rule": "any", "led": None, "beat": None}
    if not trick:
        out["rule"] = "lead" if len(legal) == len(hand) else "lead-no-trump"
        return out
    led = trick[0].suit
    out["led"] = Suit.of(led).value
    follow = [c for c in hand if c.suit == led]
    trumps = [c for c in hand if c.suit == trump]
    if follow:
        out["rule"] = "follow-beat" if len(legal) < len(follow) else "follow"
        suit = led
    elif trumps:
        out["rule"] = "trump-beat" if len(legal) < len(trumps) else "trump"
        suit = trump
    else:
        return out
    if out["rule"].endswith("-beat"):
        top = max((c for c in trick if c.suit == suit), key=lambda c: POWER[c.rank])
        out["beat"] = str(top)
    return out


# -- the hosted table ------------------------------------------------------------------------


@dataclass(slots=True)
class _Player:
    name: str
    stack: int
    out: bool = False
    """Sitting out (from the next game on)."""
    busted: bool = False
    """Sat out for having less than an entry fee."""
    leaving: bool = False
    """He left during his game: the table plays for him and his seat empties at its end."""


class HostedPinochle:
    """A pinochle table that the room can host (see ``standpat.table.hosted``)."""

    def __init__(self, game: str, stakes: str, *, seats: int | None = None,
                 button: int | None = None) -> None:
        self.rules = get_game(game)
        count = min(DEFAULT_SEATS, self.rules.max_players) if seats is None else seats
        if not self.rules.min_players <= count <= self.rules.max_players:
            raise TableError(
                f"a {self.rules.name} table has {self.rules.min_players} to "
                f"{self.rules.max_players} seats, not {count}."
            )
        if button is not None and not 0 <= button < count:
            raise TableError(f"the first dealer {button} is not a seat of this {count}-seat table.")
        self.fee = parse_fee(stakes)
        self._seats = count
        low, default, high = (n * self.fee for n in BUY_IN_FEES)
        self._options = Options(
            min_buy_in=low, max_buy_in=high, default_buy_in=default,
            stakes=stakes_text(self.fee), blinds="", deck="48 cards (two of each 9 to A)",
        )
        self._players: dict[int, _Player] = {}
        self._log: GameLog | None = None
        self._next_dealer = 0 if button is None else button
        self._rounds = 0

    # -- what it is --------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Pinochle: pinochle bots play it."""
        return "pinochle"

    @property
    def game(self) -> str:
        """The game's name (``pinochle-5`` or ``pinochle-7``)."""
        return self.rules.name

    @property
    def title(self) -> str:
        """The game's name as players read it."""
        return f"Bruce's {self.rules.hand_size} Card Pinochle"

    @property
    def structure(self) -> str:
        """Pinochle has no betting structure: ``""``."""
        return ""

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self._seats

    @property
    def options(self) -> Options:
        """Buy-in 1 to 50 entry fees (10 by default); chips may be added up to 50."""
        return self._options

    # -- seats -------------------------------------------------------------------------

    def _player(self, seat: int) -> _Player:
        player = self._players.get(seat)
        if player is None:
            raise TableError(f"seat {seat} is empty.")
        return player

    def _in_game(self, seat: int) -> bool:
        return self._log is not None and seat in self._log.seats

    def lines(self) -> list[SeatLine]:
        """Every occupied seat as everyone may see it."""
        return [
            SeatLine(seat=seat, name=p.name, stack=p.stack, sitting_out=p.out,
                     waiting=not p.out and self.playing and not self._in_game(seat),
                     in_round=self._in_game(seat), leaving=p.leaving)
            for seat, p in sorted(self._players.items())
        ]

    def stack(self, seat: int) -> int:
        """The player's chips (0 for an empty seat)."""
        player = self._players.get(seat)
        return 0 if player is None else player.stack

    def present(self, seat: int) -> bool:
        """Whether ``seat`` holds a player."""
        return seat in self._players

    def sit(self, seat: int, name: str, chips: int) -> None:
        """Seat a player with at least one entry fee (TableError otherwise, or when taken)."""
        if not 0 <= seat < self._seats:
            raise TableError(f"seat {seat} is not a seat of this {self._seats}-seat table.")
        if seat in self._players:
            raise TableError(f"seat {seat} is taken.")
        if chips < self._options.min_buy_in:
            raise TableError(
                f"a buy-in at this table is {self._options.min_buy_in} to "
                f"{self._options.max_buy_in} chips; got {chips}."
            )
        self._players[seat] = _Player(name, chips)

    def leave(self, seat: int) -> None:
        """The player leaves; in his game the table plays for him until it ends."""
        player = self._player(seat)
        if self.playing and self._in_game(seat):
            player.leaving = player.out = True
            self._auto()
        else:
            del self._players[seat]

    def sit_out(self, seat: int, when: str) -> None:
        """Sit out from the next game (``next-hand``; pinochle has no big blind)."""
        if when != "next-hand":
            raise TableError(
                f"a pinochle table has no big blind: sit out 'next-hand', not {when!r}."
            )
        self._player(seat).out = True

    def sit_in(self, seat: int) -> None:
        """Come back in (with at least an entry fee)."""
        player = self._player(seat)
        if player.leaving:
            raise TableError(f"seat {seat} is leaving.")
        if player.stack < self.fee:
            raise TableError(
                f"seat {seat} has {player.stack} chips, less than the entry fee {self.fee}: "
                "add chips to play."
            )
        player.out = player.busted = False

    def choices(self, seat: int) -> tuple[str, ...]:
        """None: a new player is dealt into the next game."""
        return ()

    def choose(self, seat: int, choice: str) -> None:
        """Nothing to choose at a pinochle table."""
        raise TableError(f"a pinochle table offers no choice {choice!r}: there are no blinds.")

    def come_in(self, seat: int) -> None:
        """Nothing to post: a seated player plays the next game."""
        self._player(seat)

    def check_add_chips(self, seat: int, chips: int) -> None:
        """TableError unless ``chips`` keep the stack within the maximum buy-in."""
        player = self._player(seat)
        if chips < 1:
            raise TableError(f"add at least 1 chip, not {chips}.")
        if player.stack + chips > self._options.max_buy_in:
            raise TableError(
                f"the maximum stack at this table is {self._options.max_buy_in} chips; seat "
                f"{seat} has {player.stack}, so it may add at most "
                f"{max(0, self._options.max_buy_in - player.stack)}."
            )

    def add_chips(self, seat: int, chips: int) -> None:
        """Add chips (at once: a game's chips move only when it ends); a player sat out for
        being short of an entry fee comes back in."""
        self.check_add_chips(seat, chips)
        player = self._player(seat)
        player.stack += chips
        if player.busted and player.stack >= self.fee and not player.leaving:
            player.out = player.busted = False

    def snapshot(self) -> Json:
        """The table between games: its players (name, chips, sitting out, short of a fee),
        the next dealer and the games dealt."""
        if self.playing:
            raise TableError(f"game {self._rounds} is being played: save the table after it.")
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.game,
            "seats": self._seats,
            "players": {str(seat): [p.name, p.stack, p.out, p.busted]
                        for seat, p in sorted(self._players.items())},
            "next_dealer": self._next_dealer,
            "rounds": self._rounds,
        }

    def restore(
        self, state: Mapping[str, Any] | None, seated: Mapping[int, tuple[str, int]]
    ) -> None:
        """Take up a :meth:`snapshot` (None: start afresh) for the players seated now, seat
        -> (name, chips), as the books have them: a player still in his seat keeps his
        sitting out; one new to it sits in (out, when short of an entry fee)."""
        if self.playing:
            raise TableError(f"game {self._rounds} is being played: restore between games.")
        saved: dict[int, _Player] = {}
        if state is not None:
            if state.get("format") != SNAPSHOT_FORMAT or (state.get("game"), state.get(
                    "seats")) != (self.game, self._seats):
                raise TableError(f"the saved table is not a {self._seats}-seat {self.game} table.")
            saved = {int(seat): _Player(name, stack, out, busted)
                     for seat, (name, stack, out, busted) in state["players"].items()}
            self._next_dealer = int(state["next_dealer"]) % self._seats
            self._rounds = int(state["rounds"])
        players = {}
        for seat, (name, chips) in sorted(seated.items()):
            if not 0 <= seat < self._seats:
                raise TableError(f"seat {seat} is not a seat of this {self._seats}-seat table.")
            player = saved.get(seat)
            if player is None or player.name != name:
                player = _Player(name, chips)
            player.stack, player.leaving = chips, False
            if chips < self.fee:
                player.out = player.busted = True
            players[seat] = player
        self._players = players
        self._log = None

    # -- rounds --------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether a game is being played."""
        return self._log is not None and not self._log.state.is_over

    @property
    def round_number(self) -> int:
        """How many games the table has dealt."""
        return self._rounds

    def _eligible(self) -> list[int]:
        return [s for s, p in sorted(self._players.items())
                if not p.out and not p.leaving and p.stack >= self.fee]

    def ready(self) -> bool:
        """Whether a game can start."""
        return not self.playing and len(self._eligible()) >= self.rules.min_players

    def next_seats(self) -> tuple[int, ...]:
        """The seats of the next game, from the dealer's left round to the dealer."""
        seats = self._eligible()
        if len(seats) < self.rules.min_players:
            raise TableError(
                f"a game of {self.rules.name} needs {self.rules.min_players} players with an "
                f"entry fee ({self.fee}); {len(seats)} are ready."
            )
        dealer = min(seats, key=lambda s: (s - self._next_dealer) % self._seats)
        start = seats.index(dealer) + 1
        return tuple(seats[start:] + seats[:start])

    def deal(self, rng: random.Random) -> Deal:
        """Start the next game; every deal of it is shuffled by ``rng`` (the room's stream
        for this round; the table reads a copy of it)."""
        if self.playing:
            raise TableError(f"game {self._rounds} is still being played.")
        seats = self.next_seats()
        self._log = GameLog(self.rules.name, seats, copy.copy(rng))
        self._rounds += 1
        return Deal(seats, seats[-1], {
            "game": self.game,
            "structure": "",
            "stakes": self._options.stakes,
            "fee": self.fee,
            "stacks": [self._players[s].stack for s in seats],
            "button": seats[-1],
        })

    def turn(self) -> int | None:
        """The table seat to act, or None."""
        log = self._log
        if log is None or log.state.to_act is None:
            return None
        return log.seat(log.state.to_act)

    def parse_action(self, payload: Json) -> Action:
        """A pinochle action from its JSON (see :mod:`standpat.pinochle.codec`)."""
        try:
            return action_from_json(payload)
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError("bad-action", f"that is not a pinochle action: {error}") from None

    def act(self, seat: int, action: Action) -> None:
        """The player acts; IllegalActionError naming table seats when he may not."""
        log = self._log
        if log is None or not self.playing:
            raise TableError("no game is being played.")
        log.apply(seat, action)
        self._auto()

    def _auto(self) -> None:
        """Play for the players who left, while it is their turn."""
        while self.playing:
            seat = self.turn()
            if seat is None or not self._players[seat].leaving:
                return
            self._default(seat)

    def _default(self, seat: int) -> None:
        log = self._log
        assert log is not None
        index = log.index(seat)
        assert index is not None
        log.apply(seat, default_action(log.state.view(index)))

    def timeout(self) -> None:
        """Play the default action of the seat to act (see :func:`default_action`)."""
        seat = self.turn()
        if seat is None:
            raise TableError("nobody is to act.")
        self._default(seat)
        self._auto()

    def played(self, since: int) -> list[tuple[int, Json]]:
        """The game's actions from ``since`` on, as (table seat, action JSON)."""
        return [] if self._log is None else list(self._log.actions[since:])

    @property
    def over(self) -> bool:
        """Whether the last game dealt is won."""
        return self._log is not None and self._log.state.is_over

    def outcome(self) -> Outcome:
        """The winner takes the pot: every player's entry fee."""
        log = self._log
        if log is None or log.state.winner is None:
            raise TableError("no game is over.")
        winner = log.seat(log.state.winner)
        pot = self.fee * len(log.seats)
        net = {s: (pot - self.fee if s == winner else -self.fee) for s in log.seats}
        record = {
            "pot": pot,
            "winner": winner,
            "actions": [[s, a] for s, a in log.actions],
            "net": [net[s] for s in log.seats],
            "scores": [log.state.scores[i] for i in range(len(log.seats))],
            "hands": log.deals,
            "events": list(log.events),
        }
        return Outcome(net, record, {"pot": pot})

    def finish(self) -> None:
        """Settle the ended game's chips at the table; leavers' seats empty, and a player
        short of an entry fee sits out."""
        log = self._log
        if log is None or not self.over:
            raise TableError("no game is over.")
        for seat, chips in self.outcome().net.items():
            self._players[seat].stack += chips
        final = log.seat(log.state.dealer)
        self._next_dealer = (final + 1) % self._seats
        for seat in list(self._players):
            player = self._players[seat]
            if player.leaving:
                del self._players[seat]
            elif player.stack < self.fee and not player.out:
                player.out = player.busted = True

    # -- views ---------------------------------------------------------------------------

    def view(self, seat: int | None, since: int = 0) -> Json:
        """The current (or last) game as ``seat`` (None: a spectator) may see it."""
        log = self._log
        if log is None:
            return {}
        index = None if seat is None else log.index(seat)
        viewer = None if index is None else seat
        return _view_json(self, log, log.state.view(index), viewer, since)

    def public(self) -> Json:
        """The dealer (as ``button``, for a client's dealer mark) and the game number."""
        log = self._log
        dealer = None if log is None else log.seat(log.state.dealer)
        return {"button": dealer, "dealer": dealer, "hand_number": self._rounds}

    def you(self, seat: int) -> Json:
        """What only the player in ``seat`` sees of his seat (beyond his cards)."""
        player = self._players.get(seat)
        return {"choices": [], "sit_out_next_big_blind": False,
                "leaving": bool(player and player.leaving)}

    # -- bots ----------------------------------------------------------------------------

    def bot_view(self, seat: int) -> SeatView:
        """The pinochle view of the seat, for a pinochle bot."""
        log = self._log
        assert log is not None
        index = log.index(seat)
        assert index is not None
        return log.state.view(index)


def _table_seats(message: str, seats: Sequence[int]) -> str:
    """The engine's message with the game's seat indexes written as table seats."""
    return re.sub(r"\bseat (\d+)\b", lambda m: f"seat {seats[int(m.group(1))]}"
                  if int(m.group(1)) < len(seats) else m.group(0), message)


def _legal_json(view: SeatView) -> Json | None:
    legal = view.legal
    if not legal:
        return None
    if view.phase is Phase.BIDDING:
        return {"kinds": ["bid", "pass"], "min_bid": legal.min_bid}
    if view.phase is Phase.TRUMP:
        return {"kinds": ["trump"],
                "suits": [a.suit.value for a in legal if isinstance(a, NameTrump)]}
    if view.phase is Phase.DRAW:
        return {"kinds": ["discard"],
                "max_discard": max(len(a.cards) for a in legal if isinstance(a, Discard))}
    cards = [card_id(a.card) for a in legal if isinstance(a, Play)]
    return {"kinds": ["play"], "cards": cards, **play_rule(view)}


def _trick_json(seats: Sequence[int], leader: int, plays: Sequence[tuple[int, DeckCard]],
                taker: int | None = None) -> Json:
    doc: Json = {"leader": seats[leader],
                 "plays": [{"seat": seats[s], "card": card_id(c)} for s, c in plays]}
    if taker is not None:
        doc["taker"] = seats[taker]
    return doc


def _view_json(table: HostedPinochle, log: GameLog, view: SeatView, viewer: int | None,
               since: int) -> Json:
    """One viewer's JSON of a game, from his seat view and his redacted events only."""
    seats = log.seats
    scores = dict(view.scores)
    bids = {s: a for s, a in view.bids}
    drawn = dict(view.drawn)
    points = dict(view.points)
    melds = dict(view.melds)
    players = []
    for index, seat in enumerate(seats):
        playing = index in view.seats
        entry: Json = {
            "seat": seat,
            "score": scores.get(index, 0),
            "in_hand": playing,
            "cards": view.hand_sizes[view.seats.index(index)] if playing else 0,
        }
        if index in bids:
            entry["bid"] = bids[index]
        if index in drawn:
            entry["drew"] = drawn[index]
        if playing and view.phase in (Phase.PLAY, Phase.OVER):
            entry["points"] = points.get(index, 0)
        if index in melds:
            entry["meld"] = meld_json(melds[index])
        players.append(entry)
    trick = view.trick
    last = view.last_trick
    winner = log.state.winner
    events = log.events
    return {
        "kind": "pinochle",
        "game": table.game,
        "stakes": table.options.stakes,
        "fee": table.fee,
        "pot": table.fee * len(seats),
        "target": table.rules.target,
        "deal": log.deals,
        "phase": view.phase.value,
        "dealer": seats[view.dealer],
        "to_act": None if view.to_act is None else seats[view.to_act],
        "you": viewer,
        "hand": [card_id(c) for c in view.hand],
        "legal": _legal_json(view),
        "stock": view.stock_size,
        "draw_cap": view.draw_cap,
        "bids": [{"seat": seats[s], "amount": a} for s, a in view.bids],
        "bidder": None if view.bidder is None else seats[view.bidder],
        "bid": view.bid,
        "trump": None if view.trump is None else view.trump.value,
        "broken": view.broken,
        "discarded": [card_id(c) for c in view.discarded],
        "trick": None if trick is None else _trick_json(seats, trick.leader, trick.plays),
        "last_trick": None if last is None else _trick_json(
            seats, last.leader, last.plays, last.taker),
        "players": players,
        "play_off": [seats[s] for s in log.state.active] if len(log.state.active) < len(seats)
        else [],
        "results": log.results(),
        "winner": None if winner is None else seats[winner],
        "events_from": since,
        "event_count": len(events),
        "events": [redact(e, viewer) for e in events[since:]],
        "over": log.state.is_over,
    }

