"""The table: a session of hands of one game, structure and stakes.

A :class:`Table` seats players, takes buy-ins, lets players sit out and come back, moves the
blinds and the button by the dead-button rule (:mod:`standpat.table.plan`), keeps the missed-
blind markers, and drives one :class:`~standpat.engine.Hand` at a time.  It is pure and
synchronous: no clock, no I/O.  A server asks :meth:`Table.waiting_for` which seat it waits for
and calls :meth:`Table.timeout` when its own clock runs out.

Seats are numbered ``0 .. seats - 1`` clockwise, here and in every event and view.

>>> from standpat.engine import Action, Stakes
>>> t = Table("five-card-draw-7a", "fixed-limit", Stakes.from_bets(2), seats=5, rng=7, button=0)
>>> for seat, name in enumerate(["Ann", "Bob", "Cy"]):
...     t.sit(seat, name, 100)
>>> hand = t.start_hand()
>>> t.button, t.small_blind, t.big_blind
(0, 1, 2)
>>> t.waiting_for()
Wait(seat=0, action=Action.fold(), text='seat 0 (Ann) to act: fold')
>>> t.act(0, Action.fold()); t.to_act
1
>>> t.act(1, Action.fold())
>>> t.playing, t.stack(2), t.stack(1), t.to_act
(False, 101, 99, None)
>>> hand = t.start_hand()
>>> t.button, t.small_blind, t.big_blind
(1, 2, 0)
>>> t
<Table five-card-draw-7a fixed-limit 2/4: 3 of 5 seats taken, 2 hands>
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from standpat.engine import (
    Action,
    ActionKind,
    Event,
    Game,
    Hand,
    Post,
    Posted,
    PostKind,
    Stakes,
    Structure,
    get_game,
    redact,
    reseat,
)
from standpat.errors import TableError
from standpat.table import codec
from standpat.table.events import TableEvent, TableEventKind
from standpat.table.plan import BlindKind, Marker, Plan, Positions, SeatState, plan
from standpat.table.rotation import Rotation
from standpat.table.seats import Choice, Player, SitOut
from standpat.table.view import SeatInfo, TableView, Wait

__all__ = ["Table"]

_POST_KIND = {
    BlindKind.SMALL_BLIND: PostKind.SMALL_BLIND,
    BlindKind.BIG_BLIND: PostKind.BIG_BLIND,
    BlindKind.DEAD_SMALL_BLIND: PostKind.DEAD,
    BlindKind.ANTE: PostKind.ANTE,
}


class Table:
    """A session of hands of one game, structure and stakes, by the dead-button rule.

    ``seats``: how many seats (the game's maximum by default).  ``min_buy_in`` /
    ``max_buy_in``: the buy-in range (default 10 and 100 small bets).  ``rng``: all
    randomness (a :class:`random.Random` or a seed).  ``button``: the first hand's button
    (drawn at random when None).  ``remove_after_missed_orbit``: a player who sits out until
    the big blind passes him a second time (a whole orbit of missed big blinds) loses his seat.
    ``uncap_heads_up``: fixed-limit betting is uncapped heads-up.  ``deal_rng``: turns each
    hand's seed (drawn from ``rng``) into the generator that shuffles that hand's cards; by
    default ``random.Random(seed)``.  The server passes its fair HMAC stream here, so the
    deck comes straight from the stream (see ``docs/fairness.md``); a table saved mid-hand
    must then be loaded with the same ``deal_rng``.  ``log_events``: keep the table's
    event log (:attr:`events`); a table hosted for as long as a card room runs passes False,
    so that its memory does not grow with every hand (each hand keeps its own events).
    ``tournament``: a tournament table (RULES.md, "Tournaments"): every player with chips is
    dealt in every hand, one who sits down (a player moved from another table) at once; no
    one owes a blind to come in, sits out or is marked; the dead button moves as in ring
    games.  ``rotation``: a mixed table (:class:`~standpat.table.rotation.Rotation`): each
    hand is dealt in the game the rotation gives it (``game`` is then the first one's);
    positions and markers carry over from game to game.
    """

    def __init__(
        self,
        game: Game | str,
        structure: Structure | str,
        stakes: Stakes,
        *,
        seats: int | None = None,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        rng: random.Random | int | None = None,
        button: int | None = None,
        remove_after_missed_orbit: bool = False,
        uncap_heads_up: bool = False,
        deal_rng: Callable[[int], random.Random] | None = None,
        log_events: bool = True,
        tournament: bool = False,
        rotation: Rotation | None = None,
    ) -> None:
        self.rotation: Rotation | None = rotation
        """The games a mixed table deals in turn (None: one game)."""
        if rotation is not None:
            game = rotation.game_for(0)
        self.game: Game = get_game(game)
        """The game dealt at this table: a mixed table's game of its current (or last)
        hand."""
        try:
            self.structure: Structure = Structure(structure)
            """The betting structure."""
        except ValueError:
            raise TableError(f"unknown betting structure {structure!r}.") from None
        self.stakes: Stakes = stakes
        """The stakes."""
        most = self.game.max_players if rotation is None else rotation.max_players
        count = most if seats is None else seats
        if not 2 <= count <= most:
            title = self.game.title if rotation is None else rotation.title
            raise TableError(f"a {title} table has 2 to {most} seats, not {count}.")
        self.seats: int = count
        """How many seats the table has."""
        self.min_buy_in: int = 10 * stakes.small_bet if min_buy_in is None else min_buy_in
        """The smallest buy-in."""
        self.max_buy_in: int = 100 * stakes.small_bet if max_buy_in is None else max_buy_in
        """The largest buy-in, and the largest stack chips may be added up to."""
        if not 0 < self.min_buy_in <= self.max_buy_in:
            raise TableError(
                f"the buy-in range {self.min_buy_in}..{self.max_buy_in} makes no sense."
            )
        if button is not None and not 0 <= button < count:
            raise TableError(f"the first button {button} is not a seat of this {count}-seat table.")
        self.first_button: int | None = button
        """The first hand's button, when it was given."""
        self.remove_after_missed_orbit: bool = remove_after_missed_orbit
        """Whether a player who misses a whole orbit of big blinds loses his seat."""
        self.uncap_heads_up: bool = uncap_heads_up
        """Whether fixed-limit betting is uncapped heads-up."""
        self.tournament: bool = tournament
        """Whether this is a tournament table (see the class's description)."""
        self._rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._deal_rng = deal_rng
        self._players: list[Player | None] = [None] * count
        self._gone: dict[str, Marker] = {}
        self._last: Positions | None = None
        self._plan: Plan | None = None
        self._hand: Hand | None = None
        self._seed: int = 0
        self._events: list[TableEvent] = []
        self.log_events: bool = log_events
        """Whether the table keeps its event log (see the class's description)."""
        self.hand_number: int = 0
        """How many hands have started."""
        self.bought_in: int = 0
        """All chips brought to the table (buy-ins and chips added)."""
        self.cashed_out: int = 0
        """All chips taken away by players who left."""

    def __repr__(self) -> str:
        seated = sum(p is not None for p in self._players)
        return (f"<Table {self.game.name} {self.structure} {self.stakes}: {seated} of "
                f"{self.seats} seats taken, {self.hand_number} hands>")

    # -- state --------------------------------------------------------------------------

    @property
    def events(self) -> tuple[TableEvent, ...]:
        """Everything that happened at the table, unredacted (hands' cards included)."""
        return tuple(self._events)

    def events_for(self, viewer: int | None, start: int = 0) -> tuple[TableEvent, ...]:
        """The events from index ``start`` on, as ``viewer`` (a table seat, or None for a
        spectator) may see them: other players' cards are hidden."""
        return tuple(
            e if e.event is None else TableEvent(e.kind, e.seat, e.name, e.amount, e.text,
                                                 e.seats, redact(e.event, viewer))
            for e in self._events[start:]
        )

    @property
    def event_count(self) -> int:
        """How many events the table has recorded (to fetch only new ones with
        :meth:`events_for`)."""
        return len(self._events)

    @property
    def hand(self) -> Hand | None:
        """The current hand, or the last one once it is over; None before the first hand."""
        return self._hand

    @property
    def playing(self) -> bool:
        """True while a hand is on (started and not over)."""
        return self._hand is not None and not self._hand.is_over

    @property
    def dealt(self) -> tuple[int, ...]:
        """The table seats of the current (or last) hand, in the hand's seat order."""
        return () if self._plan is None else self._plan.dealt

    @property
    def button(self) -> int | None:
        """The button's seat in the current (or last) hand (it may be dead)."""
        return None if self._plan is None else self._plan.button

    @property
    def small_blind(self) -> int | None:
        """The small blind's seat in the current (or last) hand (its post may be dead)."""
        return None if self._plan is None else self._plan.sb

    @property
    def big_blind(self) -> int | None:
        """The big blind's seat in the current (or last) hand."""
        return None if self._plan is None else self._plan.bb

    @property
    def plan(self) -> Plan | None:
        """The positions and posts of the current (or last) hand."""
        return self._plan

    def player(self, seat: int) -> Player | None:
        """The player in ``seat`` (None for an empty seat).  Read it; do not change it."""
        self._check_seat(seat)
        return self._players[seat]

    def stack(self, seat: int) -> int:
        """The chips behind of the player in ``seat`` (during a hand: as the hand has them)."""
        player = self._seated(seat)
        return self._hand_stacks().get(seat, player.stack)

    def _hand_stacks(self) -> dict[int, int]:
        """During a hand, each dealt seat's chips behind as the hand has them (else none)."""
        hand = self._hand
        if hand is None or hand.is_over:
            return {}
        return dict(zip(self.dealt, hand.stacks, strict=False))

    def chips_in_play(self) -> int:
        """All chips at the table: stacks, chips waiting to be added, and the pot.

        It always equals :attr:`bought_in` minus :attr:`cashed_out`.
        """
        total = 0
        for seat, player in enumerate(self._players):
            if player is not None:
                total += self.stack(seat) + player.pending
        if self._hand is not None and self.playing:
            total += self._hand.pot
        return total

    # -- seats --------------------------------------------------------------------------

    def sit(self, seat: int, name: str, chips: int) -> None:
        """Seat a player with a buy-in of ``chips``.

        A new player owes a big blind: he waits for it, or chooses to post it
        (:meth:`choices`).  A player who left with a missed-blind marker and sits down
        again at this table is marked ML (he owes all).
        """
        self._check_seat(seat)
        if self._players[seat] is not None:
            raise TableError(f"seat {seat} is taken by {self._players[seat].name}.")  # type: ignore[union-attr]
        if not name or any(p is not None and p.name == name for p in self._players):
            raise TableError(f"the name {name!r} is empty or taken at this table.")
        if not self.min_buy_in <= chips <= self.max_buy_in:
            raise TableError(
                f"a buy-in of {chips} is outside this table's range "
                f"{self.min_buy_in}..{self.max_buy_in}."
            )
        player = Player(name, chips, new=not self.tournament)
        self._players[seat] = player
        self.bought_in += chips
        self._emit(TableEventKind.SEAT, seat, name=name, amount=chips)
        if self._gone.pop(name, None) is not None and not self.tournament:
            # He owes a big blind as a new player and the blind he missed: all.
            self._set_marker(seat, Marker.ML)

    def leave(self, seat: int) -> None:
        """The player leaves with his chips.  In a hand he plays, his seat empties when the
        hand ends; until then the table plays the default action for him (check, else fold;
        stand pat in a draw)."""
        player = self._seated(seat)
        if self.playing and seat in self.dealt:
            player.leaving = True
            player.sitting_out = True
            self._emit(TableEventKind.SIT_OUT, seat, text="now")
            self._auto()
            return
        self._remove(seat, "")

    def add_chips(self, seat: int, chips: int) -> None:
        """Add chips to a stack, up to the table's maximum buy-in.

        During a hand the player is dealt into, the chips wait until the hand ends (only
        chips on the table play).  A busted player comes back with them.
        """
        player = self.check_add_chips(seat, chips)
        self.bought_in += chips
        if self.playing and seat in self.dealt:
            player.pending += chips
            self._emit(TableEventKind.CHIPS, seat, amount=chips, text="pending")
        else:
            player.stack += chips
            self._emit(TableEventKind.CHIPS, seat, amount=chips)

    def check_add_chips(self, seat: int, chips: int, *, most: int | None = None) -> Player:
        """The player at ``seat``, if he may add ``chips`` now; TableError saying why not.

        ``most`` is the largest stack chips may be added up to (the table's maximum
        buy-in by default).  Nothing changes: a caller moving the chips from somewhere
        else checks first, then moves them, then calls :meth:`add_chips`.
        """
        player = self._seated(seat)
        most = self.max_buy_in if most is None else most
        if chips <= 0:
            raise TableError(f"cannot add {chips} chips; add a positive number.")
        if player.leaving:
            raise TableError(f"{player.name} has left; his seat empties when the hand ends.")
        if player.stack + player.pending + chips > most:
            raise TableError(
                f"{player.name} has {player.stack + player.pending} chips; adding {chips} goes "
                f"over this table's maximum of {most}."
            )
        return player

    def sit_out(self, seat: int, when: SitOut | str = SitOut.NEXT_HAND) -> None:
        """The player sits out from the next hand, or from when the big blind reaches him."""
        player = self._seated(seat)
        if self.tournament:
            raise TableError("nobody sits out at a tournament table: an absent player is "
                             "dealt in and folded.")
        try:
            when = SitOut(when)
        except ValueError:
            raise TableError(f"{when!r} is not a time to sit out; say next-hand or "
                             "next-big-blind.") from None
        if when is SitOut.NEXT_HAND:
            player.sitting_out = True
            player.out_at_bb = False
        else:
            player.out_at_bb = True
        player.post = False
        self._emit(TableEventKind.SIT_OUT, seat, text=str(when))

    def sit_in(self, seat: int) -> None:
        """The player comes back (or cancels a "sit out next big blind").  If he owes a blind
        he waits for the big blind, unless he chooses to post (:meth:`choose`)."""
        player = self._seated(seat)
        if player.leaving:
            raise TableError(f"{player.name} has left; his seat empties when the hand ends.")
        if player.sitting_out:
            player.post = False
        player.sitting_out = False
        player.out_at_bb = False
        self._emit(TableEventKind.SIT_IN, seat)

    def choices(self, seat: int) -> tuple[Choice, ...]:
        """The ways the player in ``seat`` may come in now: () when he owes nothing.

        He may always wait for the big blind; he may post (a new player one big blind, an
        ML player all, an MS player a dead small blind) only where the next hand would deal
        him in by it: not when the big blind reaches him next hand anyway, and not between
        the big blind and the button.
        """
        player = self._seated(seat)
        if not player.owes or player.leaving or self.stakes.big_blind <= 0:
            return ()
        post = {None: Choice.POST_BB, Marker.ML: Choice.POST_ALL,
                Marker.MS: Choice.POST_DEAD_SB}[player.marker]
        states = self._states()
        states[seat] = SeatState(True, player.new, player.marker, True, False, False)
        try:
            p = self._next_plan(states)
        except TableError:
            return (post, Choice.WAIT_FOR_BB)
        if p.fresh:
            return (post, Choice.WAIT_FOR_BB)
        if seat == p.bb or seat not in p.dealt:
            return (Choice.WAIT_FOR_BB,)
        return (post, Choice.WAIT_FOR_BB)

    def choose(self, seat: int, choice: Choice | str) -> None:
        """The player makes one of his :meth:`choices` (and so sits in)."""
        player = self._seated(seat)
        try:
            choice = Choice(choice)
        except ValueError:
            raise TableError(f"{choice!r} is not a choice; say one of "
                             f"{', '.join(c.value for c in Choice)}.") from None
        legal = self.choices(seat)
        if choice not in legal:
            offered = ", ".join(c.value for c in legal) or "nothing: he owes no blind"
            raise TableError(f"{player.name} in seat {seat} cannot {choice} now; "
                             f"he may choose {offered}.")
        player.sitting_out = False
        player.out_at_bb = False
        player.post = choice is not Choice.WAIT_FOR_BB
        self._emit(TableEventKind.CHOICE, seat, text=str(choice))

    def reseat(self, seated: Mapping[int, tuple[str, int]]) -> None:
        """Between hands, make the seats those of ``seated`` (seat -> (name, chips)), as a
        card room's books have them after a restart.

        A player still in his seat keeps his place in the blinds, his marker and his
        sitting out, with the chips given; a player not among them is removed (his marker
        remembered, as when he leaves); one new to his seat sits down as a new player, with
        any chips (with none he sits out, busted).  Chips waiting to be added are dropped:
        the books' chips are the given ones.

        >>> t = Table("five-card-draw", "fixed-limit", Stakes.from_bets(2), seats=3, button=0)
        >>> t.sit(0, "ann", 100); t.sit(1, "bob", 100); t.sit_out(1)
        >>> t.reseat({1: ("bob", 80), 2: ("cy", 0)})
        >>> [(p.name, p.stack, p.sitting_out) for p in map(t.player, (1, 2)) if p], t.player(0)
        ([('bob', 80, True), ('cy', 0, True)], None)
        """
        if self.playing:
            raise TableError(f"hand {self.hand_number} is being played: reseat between hands.")
        names = [name for name, _ in seated.values()]
        if len(set(names)) != len(names) or not all(names):
            raise TableError(f"the names {names!r} are empty or not distinct.")
        for seat in seated:
            self._check_seat(seat)
        for seat in range(self.seats):
            player, wanted = self._players[seat], seated.get(seat)
            if player is not None and (wanted is None or wanted[0] != player.name):
                self._remove(seat, "")
                player = None
            if wanted is None:
                continue
            name, chips = wanted
            if chips < 0:
                raise TableError(f"seat {seat} cannot hold {chips} chips.")
            if player is None:
                player = self._players[seat] = Player(name, chips, new=not self.tournament)
                if self._gone.pop(name, None) is not None and not self.tournament:
                    player.marker = Marker.ML
            player.stack, player.pending, player.leaving = chips, 0, False
            if chips == 0:
                player.sitting_out = True
        self.bought_in = self.cashed_out + sum(
            p.stack for p in self._players if p is not None)

    # -- hands --------------------------------------------------------------------------

    def next_plan(self) -> Plan:
        """What :meth:`start_hand` would do now (TableError when no hand can start)."""
        return self._next_plan(self._states())

    def start_hand(self, rng: random.Random | None = None) -> Hand:
        """Move the blinds and the button, post, shuffle and deal the next hand.

        ``rng``: shuffle this hand with it (the card room's fair stream for the hand):
        the hand's seed is drawn from it, and the cards from a copy of it read on from
        just after the seed.  Without it, the table's own generator and ``deal_rng``.
        """
        if self.playing:
            raise TableError(f"hand {self.hand_number} is still being played.")
        if self._last is None and self.first_button is None:
            present = self._present()
            if len(present) >= 2:
                self.first_button = self._rng.choice(present)
        p = self.next_plan()
        if self._last is None:
            self.first_button = p.button
        if rng is None:
            seed = self._rng.randrange(2**63)
            self._begin(p, seed)
        else:
            seed = rng.randrange(2**63)
            self._begin(p, seed, shuffler=copy.copy(rng))
        return self._hand  # type: ignore[return-value]

    def act(self, seat: int, action: Action) -> None:
        """The player in ``seat`` acts (IllegalActionError when it is not his turn or the
        rules forbid it)."""
        hand = self._live_hand()
        self._check_seat(seat)
        index = self.dealt.index(seat) if seat in self.dealt else None
        if index is None:
            raise TableError(f"seat {seat} is not dealt into hand {self.hand_number}.")
        hand.verify(action, index)
        self._apply(action)
        self._auto()

    @property
    def to_act(self) -> int | None:
        """The table seat to act (the seat of :meth:`waiting_for`, without its default
        action and description); None when no hand is on."""
        hand = self._hand
        if hand is None or hand.is_over or hand.to_act is None:
            return None
        return self.dealt[hand.to_act]

    def waiting_for(self) -> Wait | None:
        """The seat the table waits for, and its default action: check if free, else fold;
        in a draw, stand pat.  None when no hand is on."""
        seat = self.to_act
        if seat is None:
            return None
        assert self._hand is not None
        action = _default(self._hand)
        player = self._players[seat]
        name = "" if player is None else f" ({player.name})"
        verb = "to draw" if action.kind is ActionKind.DISCARD else "to act"
        return Wait(seat, action, f"seat {seat}{name} {verb}: {action}")

    def timeout(self) -> None:
        """The clock ran out for the seat the table waits for: apply its default action."""
        wait = self.waiting_for()
        if wait is None:
            raise TableError("no hand is being played; nobody to time out.")
        self.act(wait.seat, wait.action)

    def seat_infos(self) -> tuple[SeatInfo | None, ...]:
        """Every seat as every viewer may see it (None: empty): the ``seats`` of
        :meth:`view`, without the rest of a view."""
        infos: list[SeatInfo | None] = []
        hand = self._hand
        playing = self.playing
        dealt = self.dealt
        stacks = self._hand_stacks()  # read once for every seat (:meth:`stack`)
        for i, player in enumerate(self._players):
            if player is None:
                infos.append(None)
                continue
            in_hand = hand is not None and i in dealt
            sitting_in = not player.sitting_out and player.stack + player.pending > 0
            infos.append(SeatInfo(
                name=player.name,
                stack=stacks.get(i, player.stack),
                marker=player.marker,
                sitting_out=not sitting_in,
                waiting=sitting_in and (not in_hand if playing else player.owes),
                in_hand=in_hand,
            ))
        return tuple(infos)

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` (or a spectator) may see it."""
        if seat is not None:
            self._check_seat(seat)
        infos = self.seat_infos()
        hand_view = None
        to_act = None
        if self._hand is not None:
            index = self.dealt.index(seat) if seat is not None and seat in self.dealt else None
            hand_view = self._hand.view(index)
            if self._hand.to_act is not None and self.playing:
                to_act = self.dealt[self._hand.to_act]
        p = self._plan
        return TableView(
            seat=seat, seats=infos,
            button=None if p is None else p.button,
            small_blind=None if p is None else p.sb,
            big_blind=None if p is None else p.bb,
            dead_button=False if p is None else p.dead_button,
            dead_small_blind=False if p is None else p.dead_sb,
            hand_number=self.hand_number, to_act=to_act, dealt=self.dealt, hand=hand_view,
            choices=() if seat is None or self._players[seat] is None else self.choices(seat),
        )

    # -- save and load ------------------------------------------------------------------

    def to_json(self, *, events: bool = True, hand: bool = True) -> dict[str, Any]:
        """The whole table as a plain JSON document (see :mod:`standpat.table.codec`).

        ``events=False`` leaves the event log out (it grows with every hand): the loaded
        table plays on exactly the same, with an empty log.  ``hand=False`` leaves the last
        hand out too (between hands only): the loaded table deals the next hand from the
        same positions, and shows no last hand.
        """
        if not hand and self.playing:
            raise TableError(f"hand {self.hand_number} is being played: it cannot be left out.")
        saved = None
        if self._hand is not None and hand:
            saved = {
                "seed": self._seed,
                "stacks": list(self._hand.starting_stacks),
                "actions": [codec.action_to_json(a) for _, a in self._hand.actions],
            }
        return {
            "format": codec.FORMAT,
            "game": str(self.game.name),
            "structure": str(self.structure),
            "stakes": codec.stakes_to_json(self.stakes),
            "seats": self.seats,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
            "first_button": self.first_button,
            "remove_after_missed_orbit": self.remove_after_missed_orbit,
            "uncap_heads_up": self.uncap_heads_up,
            **({"tournament": True} if self.tournament else {}),
            **({} if self.rotation is None else {"rotation": self.rotation.to_json()}),
            "rng": codec.rng_to_json(self._rng),
            "players": [None if p is None else {
                "name": p.name, "stack": p.stack, "new": p.new,
                "marker": None if p.marker is None else str(p.marker), "post": p.post,
                "sitting_out": p.sitting_out, "out_at_bb": p.out_at_bb, "missed": p.missed,
                "pending": p.pending, "leaving": p.leaving,
            } for p in self._players],
            "gone": {name: str(m) for name, m in sorted(self._gone.items())},
            "last": codec.positions_to_json(self._last),
            "plan": None if self._plan is None else codec.plan_to_json(self._plan),
            "hand": saved,
            "hand_number": self.hand_number,
            "bought_in": self.bought_in,
            "cashed_out": self.cashed_out,
            "events": [codec.event_to_json(e) for e in self._events] if events else [],
        }

    @classmethod
    def from_json(
        cls, doc: dict[str, Any], *, deal_rng: Callable[[int], random.Random] | None = None
    ) -> Table:
        """The table saved by :meth:`to_json`; it continues exactly as the saved one would
        (given the ``deal_rng`` it was created with, if any)."""
        if not isinstance(doc, dict) or doc.get("format") != codec.FORMAT:
            raise TableError(f"not a saved standpat table (format {codec.FORMAT!r} expected).")
        try:
            table = cls(doc["game"], doc["structure"], codec.stakes_from_json(doc["stakes"]),
                        seats=doc["seats"], min_buy_in=doc["min_buy_in"],
                        max_buy_in=doc["max_buy_in"], button=doc["first_button"],
                        remove_after_missed_orbit=doc["remove_after_missed_orbit"],
                        uncap_heads_up=doc["uncap_heads_up"], deal_rng=deal_rng,
                        tournament=doc.get("tournament", False),
                        rotation=None if doc.get("rotation") is None
                        else Rotation.from_json(doc["rotation"]))
            table.game = get_game(doc["game"])  # a mixed table's game of its last hand
            table._rng = codec.rng_from_json(doc["rng"])
            players: list[Player | None] = []
            for p in doc["players"]:
                if p is None:
                    players.append(None)
                    continue
                marker = None if p["marker"] is None else Marker(p["marker"])
                players.append(Player(p["name"], p["stack"], p["new"], marker, p["post"],
                                      p["sitting_out"], p["out_at_bb"], p["missed"],
                                      p["pending"], p["leaving"]))
            if len(players) != table.seats:
                raise TableError(f"the saved table has {len(players)} seats, not {table.seats}.")
            table._players = players
            table._gone = {name: Marker(m) for name, m in doc["gone"].items()}
            table._last = codec.positions_from_json(doc["last"])
            table._plan = None if doc["plan"] is None else codec.plan_from_json(doc["plan"])
            table.hand_number = doc["hand_number"]
            table.bought_in = doc["bought_in"]
            table.cashed_out = doc["cashed_out"]
            table._events = [codec.event_from_json(e) for e in doc["events"]]
            saved = doc["hand"]
            if saved is not None:
                p = table._plan
                if p is None:
                    raise TableError("the saved table has a hand but no positions for it.")
                index = {seat: i for i, seat in enumerate(p.dealt)}
                posts = [Post(index[b.seat], _POST_KIND[b.kind], b.amount) for b in p.blinds]
                table._seed = saved["seed"]
                hand = Hand(table.game, table.structure, table.stakes, saved["stacks"],
                            button=len(p.dealt) - 1, posts=posts,
                            rng=table._shuffler(saved["seed"]),
                            uncap_heads_up=table.uncap_heads_up)
                for action in saved["actions"]:
                    hand.apply(codec.action_from_json(action))
                table._hand = hand
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, TableError):
                raise
            raise TableError(f"the saved table cannot be loaded: {exc!r}.") from None
        return table

    # -- internals ----------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise TableError(f"{seat!r} is not a seat of this {self.seats}-seat table.")

    def _seated(self, seat: int) -> Player:
        self._check_seat(seat)
        player = self._players[seat]
        if player is None:
            raise TableError(f"seat {seat} is empty.")
        return player

    def _live_hand(self) -> Hand:
        if not self.playing:
            raise TableError("no hand is being played.")
        assert self._hand is not None
        return self._hand

    def _emit(self, kind: TableEventKind, seat: int | None = None, *, name: str = "",
              amount: int = 0, text: str = "", seats: tuple[int, ...] = (),
              event: Event | None = None) -> None:
        if self.log_events:
            self._events.append(TableEvent(kind, seat, name, amount, text, seats, event))

    def _set_marker(self, seat: int, marker: Marker | None) -> None:
        player = self._players[seat]
        assert player is not None
        if player.marker is marker:
            return
        player.marker = marker
        self._emit(TableEventKind.MARKER, seat, text="" if marker is None else str(marker))

    def _remove(self, seat: int, why: str) -> None:
        player = self._players[seat]
        assert player is not None
        chips = player.stack + player.pending
        self.cashed_out += chips
        if player.marker is not None:
            self._gone[player.name] = player.marker
        self._players[seat] = None
        self._emit(TableEventKind.LEAVE, seat, name=player.name, amount=chips, text=why)

    def _states(self) -> list[SeatState | None]:
        if self.tournament:
            return [None if p is None else SeatState(present=p.stack > 0 and not p.leaving,
                                                     new=False, played=True)
                    for p in self._players]
        played = set(self.dealt)
        return [
            None if p is None else SeatState(
                present=not p.sitting_out and p.stack > 0 and not p.leaving,
                new=p.new, marker=p.marker, post=p.post, out_at_bb=p.out_at_bb,
                played=i in played)
            for i, p in enumerate(self._players)
        ]

    def _present(self) -> list[int]:
        """The seats of the players sitting in with chips."""
        return [i for i, p in enumerate(self._players)
                if p is not None and not p.sitting_out and p.stack > 0 and not p.leaving]

    def _first_button(self) -> int | None:
        """The first hand's button: the one given (or drawn), or, when nobody sits in
        there now, the next player sitting in clockwise from it."""
        start = self.first_button
        present = self._present()
        if start is None or start in present or not present:
            return start
        return min(present, key=lambda s: (s - start) % self.seats)

    def _next_plan(self, states: list[SeatState | None]) -> Plan:
        s = self.stakes
        return plan(states, self._last, small_blind=s.small_blind, big_blind=s.big_blind,
                    ante=s.ante, button=self._first_button())

    def _shuffler(self, seed: int) -> random.Random | int:
        """What shuffles the cards of the hand with this seed (see ``deal_rng``)."""
        return seed if self._deal_rng is None else self._deal_rng(seed)

    def _begin(self, p: Plan, seed: int, *, shuffler: random.Random | None = None) -> None:
        """Apply a plan and deal its hand (``shuffler``: what shuffles its cards, else
        :meth:`_shuffler` of the seed)."""
        players = self._players
        for seat in p.sit_out:
            player = players[seat]
            assert player is not None
            player.sitting_out = True
            player.out_at_bb = False
            self._emit(TableEventKind.SIT_OUT, seat, text="big-blind")
        for seat, marker in sorted(p.markers.items()):
            if not self.tournament:
                self._set_marker(seat, marker)
        removed = []
        for seat in p.missed_bb:
            player = players[seat]
            assert player is not None
            player.missed += 1
            if self.remove_after_missed_orbit and player.missed >= 2:
                removed.append(seat)
        for seat in p.dealt:
            player = players[seat]
            assert player is not None
            player.new = False
            player.post = False
            player.missed = 0
        self._emit(TableEventKind.BUTTON, p.button, text="dead" if p.dead_button else "")
        if self.rotation is not None:
            self.game = get_game(self.rotation.game_for(self.hand_number))
        self.hand_number += 1
        self._plan = p
        self._last = p.positions
        self._seed = seed
        index = {seat: i for i, seat in enumerate(p.dealt)}
        posts = [Post(index[b.seat], _POST_KIND[b.kind], b.amount) for b in p.blinds]
        stacks = [players[s].stack for s in p.dealt]  # type: ignore[union-attr]
        flags = "heads-up" if p.heads_up else ""
        flags = " ".join(f for f in (flags, "fresh" if p.fresh else "") if f)
        self._emit(TableEventKind.HAND_START, None, amount=self.hand_number, seats=p.dealt,
                   text=flags)
        self._hand = Hand(self.game, self.structure, self.stakes, stacks,
                          button=len(p.dealt) - 1, posts=posts,
                          rng=self._shuffler(seed) if shuffler is None else shuffler,
                          uncap_heads_up=self.uncap_heads_up)
        for blind, event in zip(p.blinds, self._hand.events, strict=False):
            assert isinstance(event, Posted)  # a hand's first events are its posts, in order
            self._emit(TableEventKind.BLIND, blind.seat, amount=event.amount, text=str(blind.kind))
        self._record(self._hand.events)
        for seat in removed:
            self._remove(seat, "missed a whole orbit of big blinds")
        self._after()

    def _record(self, events: Sequence[Event]) -> None:
        if not self.log_events:  # a hosted table keeps no log: nothing to reseat
            return
        dealt = self.dealt
        for event in events:
            seated = reseat(event, dealt)
            self._emit(TableEventKind.HAND, seated.seat, event=seated)

    def _apply(self, action: Action) -> None:
        hand = self._live_hand()
        seat = self.dealt[hand.to_act]  # type: ignore[index]
        if self.log_events:
            self._emit(TableEventKind.ACTION, seat, text=str(action))
        self._record(hand.apply(action))
        self._after()

    def _auto(self) -> None:
        """Play the default action for players who left during the hand."""
        while self.playing:
            hand = self._hand
            assert hand is not None and hand.to_act is not None
            player = self._players[self.dealt[hand.to_act]]
            if player is None or not player.leaving:
                return
            self._apply(_default(hand))

    def _after(self) -> None:
        """Settle the hand once it is over."""
        hand = self._hand
        if hand is None or not hand.is_over:
            return
        for i, seat in enumerate(self.dealt):
            player = self._players[seat]
            assert player is not None
            player.stack = hand.stacks[i]
        self._emit(TableEventKind.HAND_END, None, amount=self.hand_number, seats=hand.stacks)
        for seat in self.dealt:
            player = self._players[seat]
            assert player is not None
            if player.leaving:
                self._remove(seat, "")
                continue
            if player.pending:
                player.stack += player.pending
                self._emit(TableEventKind.CHIPS, seat, amount=player.pending)
                player.pending = 0
            if player.stack == 0:
                self._emit(TableEventKind.SIT_OUT, seat, text="busted")


def _default(hand: Hand) -> Action:
    """Check if free, else fold; in a draw, stand pat."""
    legal = hand.legal_actions()
    if ActionKind.DISCARD in legal.kinds:
        return Action.stand_pat()
    if ActionKind.CHECK in legal.kinds:
        return Action.check()
    return Action.fold()
