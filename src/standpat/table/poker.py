"""A draw-poker table as the room hosts it: :class:`HostedPoker`.

It is the :class:`~standpat.table.Table` (seats, dead button, missed blinds,
posting choices) behind the :class:`~standpat.table.hosted.HostedTable`
protocol: a round is one hand; the views are JSON built from the engine's
``view(seat)`` for each viewer and from nothing else.

>>> import random
>>> from standpat.engine import Stakes
>>> table = HostedPoker("five-card-draw", "fixed-limit", Stakes.parse("2/4"), seats=2, button=0)
>>> table.options.min_buy_in, table.options.max_buy_in, table.options.blinds
(20, 200, 'blinds 1/2')
>>> table.sit(0, "ann", 100); table.sit(1, "bob", 100)
>>> table.come_in(0); table.come_in(1)
>>> deal = table.deal(random.Random(7))
>>> deal.seats, deal.setup["stacks"]
((1, 0), [100, 100])
>>> mine, theirs = table.view(0), table.view(None)
>>> len(mine["hand"]), mine["players"][1]["cards"], theirs["hand"]
(5, 5, [])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from standpat.cards import RANK_CHARS, Card, format_cards
from standpat.engine import (
    Action,
    ActionKind,
    Event,
    Hand,
    LegalActions,
    SeatView,
    Stakes,
    Structure,
    get_game,
)
from standpat.engine.codec import action_from_json, action_to_json, event_to_json
from standpat.errors import IllegalActionError, ProtocolError, TableError
from standpat.ranking import evaluate, get_ranking
from standpat.table.hosted import Deal, Json, Options, Outcome, SeatLine
from standpat.table.rotation import Rotation
from standpat.table.seats import Choice
from standpat.table.table import Table

__all__ = ["HandJson", "HostedPoker", "hand_value_json", "view_json"]

BUY_IN_BETS = (10, 100)
"""A poker table's buy-in range, in small bets."""


class HostedPoker:
    """A poker :class:`Table` that the room can host (see ``standpat.table.hosted``)."""

    def __init__(
        self,
        game: str,
        structure: Structure | str,
        stakes: Stakes,
        *,
        seats: int | None = None,
        button: int | None = None,
        rng: random.Random | int | None = None,
        rotation: Rotation | None = None,
        tournament: bool = False,
    ) -> None:
        low, high = (n * stakes.small_bet for n in BUY_IN_BETS)
        self.tournament = tournament
        """A tournament's table (RULES.md, "Tournaments"): its players are seated by the
        tournament, with any stack, and its stakes follow the levels."""
        self.table = Table(
            game, structure, stakes, seats=seats, button=button, rng=rng,
            # a winner may sit again (after a restart) with more than the maximum: the
            # maximum applies to buy-ins and added chips (options), not to seating
            min_buy_in=1 if tournament else low, max_buy_in=2**62, log_events=False,
            rotation=rotation, tournament=tournament,
        )
        games = (self.game,) if rotation is None else rotation.games
        if tournament:  # the tournament seats its players with the chips they have
            low, high = 1, 2**62
        self._options = Options(
            min_buy_in=low, max_buy_in=high, default_buy_in=(low + high) // 2,
            stakes=str(stakes), blinds=_blinds(stakes),
            deck=" or ".join(dict.fromkeys(_deck(g) for g in games)),
        )
        self._json: HandJson | None = None
        """The JSON of the current hand's views, made as it goes."""

    # -- what it is --------------------------------------------------------------------

    @property
    def kind(self) -> str:
        """Poker: poker bots play it."""
        return "poker"

    @property
    def game(self) -> str:
        """The game's name (a mixed table's: the game of its current or last hand)."""
        return self.table.game.name.value

    @property
    def title(self) -> str:
        """The game's name as players read it (a mixed table's: its mix)."""
        rotation = self.table.rotation
        return self.table.game.title if rotation is None else rotation.title

    @property
    def rotation(self) -> Rotation | None:
        """The games a mixed table deals in turn (None: one game)."""
        return self.table.rotation

    @property
    def structure(self) -> str:
        """The betting structure."""
        return self.table.structure.value

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self.table.seats

    @property
    def options(self) -> Options:
        """Buy-in 10 to 100 small bets; chips may be added up to the maximum."""
        return self._options

    # -- seats -------------------------------------------------------------------------

    def lines(self) -> list[SeatLine]:
        """Every occupied seat as everyone may see it."""
        lines = []
        for seat, info in enumerate(self.table.seat_infos()):
            if info is None:
                continue
            player = self.table.player(seat)
            lines.append(SeatLine(
                seat=seat, name=info.name, stack=info.stack, sitting_out=info.sitting_out,
                waiting=info.waiting, in_round=info.in_hand,
                marker=None if info.marker is None else info.marker.value,
                missed=0 if player is None else player.missed,
                leaving=bool(player and player.leaving),
            ))
        return lines

    def stack(self, seat: int) -> int:
        """The player's chips (0 for an empty seat), with chips waiting to be added."""
        player = self.table.player(seat)
        return 0 if player is None else self.table.stack(seat) + player.pending

    def present(self, seat: int) -> bool:
        """Whether ``seat`` holds a player."""
        return self.table.player(seat) is not None

    def sit(self, seat: int, name: str, chips: int) -> None:
        """Seat a player (TableError: taken, or a buy-in out of range)."""
        if chips < self._options.min_buy_in:
            raise TableError(
                f"a buy-in at this table is {self._options.min_buy_in} to "
                f"{self._options.max_buy_in} chips; got {chips}."
            )
        self.table.sit(seat, name, chips)

    def leave(self, seat: int) -> None:
        """The player leaves (in his hand the table checks or folds for him)."""
        self.table.leave(seat)

    def sit_out(self, seat: int, when: str) -> None:
        """Sit out from the next hand, or from the next big blind."""
        self.table.sit_out(seat, when)

    def sit_in(self, seat: int) -> None:
        """Come back in."""
        self.table.sit_in(seat)

    def choices(self, seat: int) -> tuple[str, ...]:
        """Posting choices of a player who owes a blind."""
        return tuple(c.value for c in self.table.choices(seat))

    def choose(self, seat: int, choice: str) -> None:
        """Post, or wait for the big blind."""
        self.table.choose(seat, choice)

    def come_in(self, seat: int) -> None:
        """Post to come in at once when the table allows it."""
        posts = [c for c in self.table.choices(seat) if c is not Choice.WAIT_FOR_BB]
        if posts:
            self.table.choose(seat, posts[0])

    def check_add_chips(self, seat: int, chips: int) -> None:
        """TableError unless the player may add ``chips`` now."""
        self.table.check_add_chips(seat, chips, most=self._options.max_buy_in)

    def add_chips(self, seat: int, chips: int) -> None:
        """Add chips (a busted player sits in again with them)."""
        self.check_add_chips(seat, chips)
        self.table.add_chips(seat, chips)
        player = self.table.player(seat)
        if player is not None and player.stack > 0 and not player.leaving:
            self.table.sit_in(seat)

    def snapshot(self) -> Json:
        """The table between hands (:meth:`Table.to_json` without its events or last hand):
        seats, stacks, positions, markers and who sits out."""
        return self.table.to_json(events=False, hand=False)

    def restore(
        self, state: Mapping[str, Any] | None, seated: Mapping[int, tuple[str, int]]
    ) -> None:
        """Take up a :meth:`snapshot` (None: start afresh) for the players seated now, seat
        -> (name, chips), as the books have them (:meth:`Table.reseat`)."""
        if state is not None:
            saved = Table.from_json(dict(state))
            # a tournament's stakes are its level's, set before each hand
            mine = (_games(self.table), self.structure,
                    "" if self.tournament else str(self.table.stakes), self.seats)
            theirs = (_games(saved), saved.structure.value,
                      "" if self.tournament else str(saved.stakes), saved.seats)
            if mine != theirs:
                raise TableError(f"the saved table is {theirs}, not {mine}.")
            saved.log_events = False
            self.table = saved
        self.table.reseat(seated)
        self._json = None

    # -- a tournament's levels -----------------------------------------------------------

    def next_big_blind(self) -> int:
        """The seat in the big blind of the next hand."""
        return self.table.next_plan().bb

    def set_level(self, stakes: Stakes) -> None:
        """Play the next hand at ``stakes`` (a tournament's level)."""
        self.table.stakes = stakes
        self._options = replace(self._options, stakes=str(stakes), blinds=_blinds(stakes))

    # -- rounds --------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        """Whether a hand is being played."""
        return self.table.playing

    @property
    def round_number(self) -> int:
        """How many hands the table has dealt."""
        return self.table.hand_number

    def ready(self) -> bool:
        """Whether a hand can start."""
        try:
            self.table.next_plan()
        except TableError:
            return False
        return not self.table.playing

    def next_seats(self) -> tuple[int, ...]:
        """The seats the next hand deals, in its order."""
        return self.table.next_plan().dealt

    def deal(self, rng: random.Random) -> Deal:
        """Deal the next hand, shuffled by ``rng`` (the room's stream for this hand)."""
        hand = self.table.start_hand(rng)
        dealt = self.table.dealt
        plan = self.table.plan
        assert plan is not None
        return Deal(dealt, plan.button, {
            "game": self.game,
            "structure": self.structure,
            "stakes": str(self.table.stakes),
            "stacks": list(hand.starting_stacks),
            "button": hand.button,
            "posts": [[p.seat, p.kind.value, p.amount] for p in hand.posts],
        })

    def turn(self) -> int | None:
        """The table seat to act."""
        return self.table.to_act

    def parse_action(self, payload: Json) -> Action:
        """An action from ``{"kind": "raise", "amount": 8}`` or ``{"kind": "discard", ...}``."""
        try:
            return action_from_json(payload)
        except (KeyError, TypeError, ValueError) as error:
            raise ProtocolError("bad-action", f"that is not an action: {error}") from None

    def act(self, seat: int, action: Action) -> None:
        """The player acts; IllegalActionError naming table seats when he may not."""
        try:
            self.table.act(seat, action)
        except IllegalActionError as error:
            raise IllegalActionError(_table_seats(str(error), self.table.dealt)) from None

    def timeout(self) -> None:
        """Play the default action (check, else fold; stand pat in a draw)."""
        self.table.timeout()

    def played(self, since: int) -> list[tuple[int, Json]]:
        """The hand's actions from ``since`` on, as (table seat, action JSON)."""
        hand = self.table.hand
        if hand is None:
            return []
        dealt = self.table.dealt
        return [(dealt[i], action_to_json(a)) for i, a in hand.actions[since:]]

    @property
    def over(self) -> bool:
        """Whether the last hand dealt is over."""
        hand = self.table.hand
        return hand is not None and hand.is_over

    def outcome(self) -> Outcome:
        """The hand's net per table seat and its full record."""
        hand = self.table.hand
        if hand is None or not hand.is_over:
            raise TableError("no hand is over.")
        dealt = self.table.dealt
        net = {seat: hand.net[i] for i, seat in enumerate(dealt)}
        pot = sum(hand.payouts)
        record = {
            "pot": pot,
            "actions": [[dealt[i], action_to_json(a)] for i, a in hand.actions],
            "payouts": list(hand.payouts),
            "net": list(hand.net),
            "events": [event_to_json(e) for e in hand.events],
        }
        return Outcome(net, record, {"pot": pot}, tuple(hand.events))

    def finish(self) -> None:
        """Nothing to do: the table settles a hand when it ends."""

    # -- views ---------------------------------------------------------------------------

    def view(self, seat: int | None, since: int = 0) -> Json:
        """The current (or last) hand as ``seat`` may see it, from the engine's views only:
        the part every viewer sees alike from the spectator's view (made once per state of
        the hand), the seat's own cards, choices and events from what the engine shows that
        seat (each event converted once per viewer); see :class:`HandJson`."""
        hand = self.table.hand
        if hand is None:
            return {}
        made = self._json
        if made is None or made.hand is not hand:
            made = self._json = HandJson(hand, self.table.dealt)
        dealt = self.table.dealt
        return made.view(dealt.index(seat) if seat is not None and seat in dealt else None,
                         since)

    def public(self) -> Json:
        """Positions: button, blinds, and whether the button is dead; a mixed table's
        rotation: its games, the game of the next hand, how many hands of it are left (that
        one included) and the game after it."""
        plan = self.table.plan
        rotation = self.table.rotation
        mixed: Json = {}
        if rotation is not None:
            dealt = self.table.hand_number
            mixed = {"rotation": {**rotation.to_json(), "next": rotation.game_for(dealt),
                                  "left": rotation.left(dealt),
                                  "then": rotation.following(dealt)}}
        return {
            **mixed,
            "button": None if plan is None else plan.button,
            "small_blind": None if plan is None else plan.sb,
            "big_blind": None if plan is None else plan.bb,
            "dead_button": False if plan is None else plan.dead_button,
            "dead_small_blind": False if plan is None else plan.dead_sb,
            "hand_number": self.table.hand_number,
        }

    def you(self, seat: int) -> Json:
        """What only the player in ``seat`` sees of his seat (beyond his cards)."""
        player = self.table.player(seat)
        return {
            "choices": list(self.choices(seat)) if player is not None else [],
            "sit_out_next_big_blind": bool(player and player.out_at_bb),
            "leaving": bool(player and player.leaving),
        }

    def hinter(self, seat: int) -> Callable[[], Json | None] | None:
        """At the seat's draw, a function computing its hint (:func:`standpat.odds.hint`:
        the best holds and their chances) from a snapshot of the seat's own view, to run off
        the event loop; ``None`` when the seat is not to draw.

        >>> table = HostedPoker("five-card-draw", "fixed-limit", Stakes.parse("2/4"), seats=2)
        >>> table.hinter(0) is None
        True
        """
        if not self.table.playing or self.turn() != seat:
            return None
        view = self.bot_view(seat)
        if view.legal is None or ActionKind.DISCARD not in view.legal.kinds:
            return None

        def compute() -> Json | None:
            from standpat.odds.hints import hint

            return hint(view)

        return compute

    # -- bots ----------------------------------------------------------------------------

    def bot_view(self, seat: int) -> SeatView:
        """The engine's view of the seat, for a bot."""
        hand = self.table.hand
        assert hand is not None
        return hand.view(self.table.dealt.index(seat))


def _blinds(stakes: Stakes) -> str:
    parts = [f"blinds {stakes.small_blind}/{stakes.big_blind}"]
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    return ", ".join(parts)


def _games(table: Table) -> str | tuple[str, ...]:
    """What a saved table must deal to be taken up by this one: its game, or its mix."""
    return table.game.name.value if table.rotation is None else table.rotation.games


def _deck(game: str) -> str:
    """The deck as players read it: ``52 cards``, or the short deck and when it grows."""
    rules = get_game(game)
    few, many = (len(rules.deck_for(n)[0]) for n in (rules.min_players, rules.max_players))
    if few == many:
        return f"{few} cards"
    return f"{few} cards; {many} with {rules.max_players} players"


def _table_seats(message: str, dealt: Sequence[int]) -> str:
    """The engine's message with its hand seat indexes written as table seats."""
    import re

    return re.sub(r"\bseat (\d+)\b", lambda m: f"seat {dealt[int(m.group(1))]}"
                  if int(m.group(1)) < len(dealt) else m.group(0), message)


# -- JSON of a hand as one viewer sees it -----------------------------------------------


def _cards(cards: Sequence[int]) -> list[str]:
    return format_cards(cards).split() if cards else []


def legal_json(legal: LegalActions) -> Json:
    """What the seat to act may do."""
    return {
        "kinds": sorted(k.value for k in legal.kinds),
        "to_call": legal.to_call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "max_discard": legal.max_discard,
    }


def hand_value_json(cards: Sequence[Card], ranking: str) -> Json | None:
    """A hand's value, for a client to name it in its own language and to compare it with
    others: its category, the five cards that play, the name's key and ranks
    (``Ranking.name_parts``; ranks as ``2`` .. ``A``), the English name, and its
    ``strength`` under the ranking (bigger wins, equal splits; lowball included).

    ``None`` for fewer cards than the ranking ranks (a hand being drawn to): five, or
    Badugi's four.

    >>> from standpat.cards import parse_cards
    >>> hand_value_json(parse_cards("Ah 7c 8d 9s Th"), "short-7a")  # doctest: +ELLIPSIS
    {'category': 'straight', 'best': ['Th', '9s', '8d', '7c', 'Ah'], 'key': 'straight', \
'ranks': ['T'], 'name': 'Straight, ten high', 'strength': ...}
    >>> hand_value_json(parse_cards("9c 9d 9s Kh 2c 4d 7h"), "high")["name"]
    'Three of a kind, nines'
    >>> low = [hand_value_json(parse_cards(c), "deuce-to-seven")["strength"]
    ...        for c in ("7c 5d 4h 3s 2c", "8c 5d 4h 3s 2c")]
    >>> low[0] > low[1]          # the seven-low wins
    True
    >>> hand_value_json(parse_cards("8h 5c 3d As"), "badugi")["name"]
    '8-5-3-A badugi'
    >>> hand_value_json(parse_cards("8h 5c 3d"), "badugi") is None
    True
    """
    if len(cards) < min(get_ranking(ranking).sizes):
        return None
    return {k: list(v) if isinstance(v, tuple) else v for k, v in _hand_value(tuple(cards),
                                                                                ranking)}


@functools.lru_cache(maxsize=4096)
def _hand_value(cards: tuple[Card, ...], ranking: str) -> tuple[tuple[str, Any], ...]:
    """Evaluated once per hand and ranking, not once per message and watcher."""
    value = evaluate(cards, ranking)
    category, key, ranks, name = _named(ranking, value.strength)
    return (
        ("category", category),
        ("best", tuple(_cards(value.best))),
        ("key", key),
        ("ranks", ranks),
        ("name", name),
        ("strength", value.strength),
    )


@functools.cache  # bounded: a ranking has a few thousand strengths
def _named(ranking: str, strength: int) -> tuple[str, str, tuple[str, ...], str]:
    """A strength's category, name key, ranks and English name: made once per strength (a
    few thousand under a ranking), not once per hand dealt."""
    rank = get_ranking(ranking)
    key, ranks = rank.name_parts(strength)
    return (rank.category_of(strength).value, key, tuple(RANK_CHARS[r] for r in ranks),
            rank.describe(strength))


def event_json(event: Event, seats: Sequence[int]) -> Json:
    """One (already redacted) engine event, with the hand's seat indexes as table seats:
    ``event_to_json(reseat(event, seats))``, without making the reseated event.

    >>> from standpat.engine.events import Raised, StreetOpened
    >>> event_json(Raised(1, 8), (4, 7)), event_json(StreetOpened(2), (4, 7))
    ({'kind': 'raise', 'seat': 7, 'to': 8, 'all_in': False}, {'kind': 'street', 'number': 2})
    """
    doc = event_to_json(event)
    if event.seat is not None:
        doc["seat"] = seats[event.seat]
    return doc


def view_json(view: SeatView, seats: Sequence[int], since: int = 0) -> Json:
    """A hand as one viewer may see it: built from ``view(seat)`` only.

    ``seats`` maps the hand's seat indexes to the table's seat numbers; ``events``
    holds the hand's events from index ``since`` on (the viewer has the rest).
    :class:`HandJson` makes the same, part by part, for every viewer of a hand.
    """
    return {
        **public_json(view, seats),
        **own_json(
            None if view.seat is None else seats[view.seat],
            cards_json(view.hand, str(view.ranking)), view.legal,
            [event_json(e, seats) for e in view.events[since:]], since,
        ),
    }


def public_json(view: SeatView, seats: Sequence[int]) -> Json:
    """The part of a hand's JSON that is the same for every viewer (a spectator's view
    holds all of it): positions, bets, pots, cards shown, the events' count, and ``deck``:
    the cards in this hand's deck (Five Card Draw 7-A deals 36 with five players, else 32)."""
    players = []
    ranking = str(view.ranking)
    for i in range(view.players):
        entry: Json = {
            "seat": seats[i],
            "stack": view.stacks[i],
            "bet": view.bets[i],
            "folded": view.folded[i],
            "all_in": view.all_in[i],
            "cards": view.card_counts[i],
        }
        if view.draw_counts[i] is not None:
            entry["drew"] = view.draw_counts[i]
        if i in view.shown:
            entry["shown"] = _cards(view.shown[i])
            entry["value"] = hand_value_json(view.shown[i], ranking)
        if view.is_over:
            entry["won"] = view.payouts[i]
        players.append(entry)
    return {
        "game": view.game.name.value,
        "structure": view.structure.value,
        "stakes": str(view.stakes),
        "ranking": ranking,
        "phase": view.phase.value,
        "street": view.street,
        "button": seats[view.button],
        "to_act": None if view.to_act is None else seats[view.to_act],
        "pot": view.pot,
        "pots": [{"amount": a, "seats": [seats[s] for s in who]} for a, who in view.pots],
        "draws_left": view.draws_left,
        "stub": view.stub,
        "deck": len(view.game.deck_for(view.players)[0]),
        "players": players,
        "event_count": len(view.events),
        "over": view.is_over,
    }


def own_json(
    seat: int | None, cards: tuple[list[str], Json | None], legal: LegalActions | None,
    events: list[Json], since: int,
) -> Json:
    """The part of a hand's JSON that is the viewer's own: his table ``seat`` (None: a
    spectator), his ``cards`` and their value (:func:`cards_json`), what he may do
    (``legal``, when it is his turn), and ``events``: his view's events from index
    ``since`` on, as :func:`event_json` makes them."""
    return {
        "you": seat,
        "hand": cards[0],
        "value": cards[1],
        "legal": None if legal is None else legal_json(legal),
        "events_from": since,
        "events": events,
    }


def cards_json(cards: Sequence[Card], ranking: str) -> tuple[list[str], Json | None]:
    """A viewer's own cards as JSON, and their value (None for none, or fewer than the
    ranking ranks)."""
    return _cards(cards), hand_value_json(cards, ranking) if cards else None


class HandJson:
    """The JSON of one hand's views (:func:`view_json`), made part by part as the hand goes
    on, so that a change seen by many viewers costs little more than one view.

    The part every viewer sees alike (:func:`public_json`) is made once per state of the
    hand, from the spectator's view; a viewer's own part (:func:`own_json`) from his own
    view, whose events are each converted once per viewer (the engine redacts them once
    per viewer too).  Each :meth:`view` is a new dict (its ``players``, ``pots`` and
    events are shared with the other viewers' and must not be changed).

    >>> import random
    >>> from standpat.engine import Stakes
    >>> table = HostedPoker("five-card-draw", "no-limit", Stakes.parse("1/2"), seats=3)
    >>> for seat in range(3):
    ...     table.sit(seat, f"p{seat}", 100); table.come_in(seat)
    >>> _ = table.deal(random.Random(1))
    >>> made = HandJson(table.table.hand, table.table.dealt)
    >>> all(made.view(i, since) == view_json(table.table.hand.view(i), table.table.dealt, since)
    ...     for i in (0, 1, 2, None) for since in (0, 2))
    True
    """

    __slots__ = ("_cards", "_events", "_made", "_public", "_ranking", "_state", "hand", "seats")

    def __init__(self, hand: Hand, seats: Sequence[int]) -> None:
        self.hand = hand
        self.seats = tuple(seats)
        self._state: tuple[int, int | None, bool] | None = None
        self._public: Json = {}
        self._ranking = ""
        self._cards: dict[int, tuple[tuple[Card, ...], tuple[list[str], Json | None]]] = {}
        """Seat -> his cards, and their :func:`cards_json`."""
        self._events: dict[int | None, list[Json]] = {}
        """Viewer -> his view's events so far, as JSON."""
        self._made: dict[int, Json] = {}
        """The id of an event of a view -> its JSON (the hand holds every event it made,
        redacted or not, as long as it lives: an id is never another event's)."""

    def view(self, index: int | None, since: int = 0) -> Json:
        """The hand as hand seat ``index`` (None: a spectator) may see it, with its events
        from index ``since`` on: :func:`view_json` of ``hand.view(index)``.

        The viewer's own part is what ``hand.view(index)`` holds of his own (the engine's
        redaction of the events for him, his cards, his legal actions on his turn), taken
        without building the rest of that view."""
        hand, seats = self.hand, self.seats
        seen = hand.events_for(index)
        events = self._events.setdefault(index, [])
        if len(events) < len(seen):
            made = self._made
            for event in seen[len(events):]:
                # a public event is the same object in every viewer's events: made once
                done = made.get(id(event))
                if done is None:
                    done = made[id(event)] = event_json(event, seats)
                events.append(done)
        to_act = hand.to_act
        state = (len(events), to_act, hand.is_over)
        if state != self._state:
            # every viewer's view shares this part: made from the spectator's view
            self._public = public_json(hand.view(None), seats)
            self._ranking = self._public["ranking"]
            self._state = state
        if index is None:
            own = own_json(None, ([], None), None, events[since:], since)
        else:
            cards = hand.cards_of(index)
            mine = self._cards.get(index)
            if mine is None or mine[0] != cards:  # their JSON changes only when they do
                mine = self._cards[index] = (cards, cards_json(cards, self._ranking))
            legal = hand.legal_actions() if index == to_act else None
            own = own_json(seats[index], mine[1], legal, events[since:], since)
        return {**self._public, **own}


