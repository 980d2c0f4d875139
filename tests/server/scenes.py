"""Table scenes for the browser tests: real hosted tables (the room's own game code) played by
seeded bots to a chosen moment, and the ``table`` message a viewer is sent at it.

A page under test gets these messages from :class:`FakeSocket`, which stands in for the
room's WebSocket (its REST calls still go to a real ``standpat serve``): a scene is the
same at every size and on every run, so a screenshot shows the moment it names and a test
can check what the page says of a hand it knows.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from standpat.cards import as_cards
from standpat.engine import Action, ActionKind, Hand, Stakes
from standpat.server.seatbots import game_bot
from standpat.table.hosted import HostedTable
from standpat.table.pinochle import HostedPinochle
from standpat.table.poker import HandJson, HostedPoker

from .browser import wait_until

Json = dict[str, Any]

NAMES = ("ana", "Ada", "Bo", "Cy", "Di", "Ed")
"""The players of a scene: a person in seat 0, bots after him."""


class Scene:
    """A hosted table with players seated, dealt and played by bots to some moment."""

    def __init__(self, table: HostedTable, table_id: int, *, names: tuple[str, ...] = NAMES,
                 bots: set[int] | None = None, seed: int = 1, level: str = "normal") -> None:
        self.table = table
        self.id = table_id
        self.names = names
        self.bots = set(range(1, table.seats)) if bots is None else bots
        self.rng = random.Random(seed)
        self.round = 0
        # the person in seat 0 checks or calls and stands pat (poker; pinochle's bots are the
        # same for everyone): his turns come, his hand goes to the end
        person = "house" if table.kind == "poker" else level
        self.deciders = {s: game_bot(table.kind, level if s else person, random.Random(seed + s))
                         for s in range(table.seats)}

    @classmethod
    def poker(cls, table_id: int, game: str = "five-card-draw", structure: str = "no-limit",
              stakes: str = "2/4", seats: int = 5, chips: int = 100, **kw: Any) -> Scene:
        """A poker table with every seat taken (``chips`` each)."""
        table = HostedPoker(game, structure, Stakes.parse(stakes), seats=seats, button=0)
        scene = cls(table, table_id, **kw)
        for seat in range(seats):
            table.sit(seat, scene.names[seat], chips)
            table.come_in(seat)
        return scene

    @classmethod
    def pinochle(cls, table_id: int, game: str = "pinochle-5", seats: int = 4,
                 **kw: Any) -> Scene:
        """A pinochle table with every seat taken (ten entry fees each)."""
        table = HostedPinochle(game, "entry 10", seats=seats)
        scene = cls(table, table_id, **kw)
        for seat in range(seats):
            table.sit(seat, scene.names[seat], 100)
        return scene

    def deal(self) -> Scene:
        """Deal the next round (the room's first deal is round 1)."""
        self.table.deal(self.rng)
        self.round += 1
        return self

    def play(self, until: Callable[[Scene], bool], limit: int = 2000) -> Scene:
        """Let the bots play every seat until ``until(self)`` holds (checked before each
        action); the round over before that fails."""
        for _ in range(limit):
            if until(self):
                return self
            assert not self.table.over, "the round ended before the scene came"
            seat = self.table.turn()
            assert seat is not None
            self.table.act(seat, self.deciders[seat](self.table.bot_view(seat)))
        raise AssertionError("the scene never came")

    def act(self, seat: int, action: Json) -> Scene:
        """One action of ``seat``, in the protocol's JSON."""
        self.table.act(seat, self.table.parse_action(action))
        return self

    def hand(self, viewer: int | None) -> Json:
        """The round's JSON for ``viewer`` (None: a spectator)."""
        return self.table.view(viewer)

    def message(self, viewer: int | None = 0, *, you: Json | None = None,
                hand: Json | None = None, seats: list[Json] | None = None) -> Json:
        """The ``table`` message ``viewer`` is sent now: the shape the room's live table
        builds (seats, positions, the round as he may see it, his own part)."""
        lines = [{
            "seat": line.seat, "name": line.name, "stack": line.stack,
            "bot": ("normal" if line.seat in self.bots else None),
            "sitting_out": line.sitting_out, "waiting": line.waiting,
            "in_hand": line.in_round, "marker": line.marker, "missed": line.missed,
            "connected": True,
        } for line in self.table.lines()]
        view = self.table.view(viewer) if hand is None else hand
        if view:
            view = {**view, "id": 1000 + self.round, "number": self.round}
        own = None
        if viewer is not None:
            own = {"seat": viewer, "time_bank": 30.0, "reconnects": 0,
                   **self.table.you(viewer), "freed_in": None, "rebuy_in": None, **(you or {})}
        return {"type": "table", "table": self.id, "seats": lines if seats is None else seats,
                **self.table.public(), "clock": None, "hand": view or None, "you": own}


class FakeSocket:
    """The room's WebSocket for one page, played by the test: the page's ``watch`` is
    answered with :attr:`current`; :meth:`send` sends the page any message, and
    :attr:`sent` keeps what the page sent."""

    def __init__(self, page: Any, current: Json | None = None) -> None:
        self.page = page
        self.current = current
        self.routes: list[Any] = []
        self.sent: list[Json] = []
        page.route_web_socket(re.compile(r".*/ws$"), self._open)

    def _open(self, route: Any) -> None:
        self.routes.append(route)

        def heard(text: str | bytes) -> None:
            body = json.loads(text)
            self.sent.append(body)
            if body.get("type") == "watch" and self.current is not None:
                route.send(json.dumps(self.current))

        route.on_message(heard)

    def send(self, body: Json, root: str = ".table-page") -> None:
        """Send the page ``body`` (a ``table`` message becomes :attr:`current`) and wait
        until it has been drawn when it is a table message."""
        wait_until(lambda: self.routes and self.page.evaluate("0") == 0, 10, "the socket")
        count = f"(document.querySelector({json.dumps(root)}) || {{dataset: {{}}}}).dataset.updates"
        before = self.page.evaluate(count)
        if body.get("type") == "table":
            self.current = body
        self.routes[-1].send(json.dumps(body))
        if body.get("type") == "table":
            wait_until(lambda: self.page.evaluate(count) != before, 10, "the page to draw it")

    def show(self, body: Json, root: str = ".table-page") -> None:
        """Make ``body`` the table the page is drawing (sent now if the socket is open)."""
        if self.routes:
            self.send(body, root)
        else:
            self.current = body


def showdown(holes: list[str], stacks: list[int] | None = None, *, game: str = "five-card-draw",
             shove: int | None = None, bet: int | None = None) -> Json:
    """The spectator's JSON of a hand the engine played to showdown from the hole cards
    ``holes`` (one string a seat): everyone checks or calls and stands pat; ``shove`` (a seat)
    goes all in before the draw and ``bet`` (a seat) bets 40 after it, the others calling,
    so a short stack makes a side pot."""
    hand = Hand(game, "no-limit", Stakes.parse("2/4"), stacks or [100] * len(holes), button=0,
                hole_cards=[as_cards(h) for h in holes])
    shoved = False
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        if ActionKind.DISCARD in legal.kinds:
            hand.apply(Action.stand_pat())
        elif shove is not None and seat == shove and not shoved and ActionKind.RAISE in legal.kinds:
            hand.apply(Action.raise_to(legal.max_to))
            shoved = True
        elif seat == bet and hand.street > 0 and ActionKind.BET in legal.kinds:
            hand.apply(Action.bet(40))
        elif ActionKind.CHECK in legal.kinds:
            hand.apply(Action.check())
        else:
            hand.apply(Action.call())
    return HandJson(hand, list(range(len(holes)))).view(None)
