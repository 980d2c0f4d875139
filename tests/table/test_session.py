"""A long random session: players join, leave, sit out, come back, choose, add chips, bust.

Checked after every hand: chips are conserved over the session; the big blind moves to a
new player every hand and never passes a player who is dealt in; every player dealt in has
paid exactly one big blind per orbit (a player whose big blind was skipped posts one to come
back, or waits for it); the small blind sits where last hand's big blind sat and the button
where last hand's small blind sat; nobody comes in between the big blind and the button.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from standpat.engine import Stakes
from standpat.engine import codec as engine_codec
from standpat.errors import TableError
from standpat.table import (
    BlindKind,
    Choice,
    Plan,
    Positions,
    SitOut,
    Table,
    between,
    replay,
)
from tests.engine.test_events import flat

from .helpers import random_action

NAMES = [f"P{i}" for i in range(40)]


@dataclass
class Books:
    """What the checker remembers across hands."""

    last: Plan | None = None
    last_bb_name: str | None = None
    distance: int = 0                                   # how far the big blind has moved
    bb_at: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (seat, distance)
    passed: dict[str, int] = field(default_factory=dict)  # name -> passes since his last BB
    owes_bb: set[str] = field(default_factory=set)
    hands: int = 0
    heads_up: int = 0
    dead_buttons: int = 0
    dead_sbs: int = 0
    entry_posts: int = 0
    dead_posts: int = 0


def name_at(t: Table, seat: int) -> str:
    player = t.player(seat)
    assert player is not None
    return player.name


def check_hand(t: Table, books: Books) -> None:
    """Check the hand just started against the last one."""
    p = t.plan
    assert p is not None
    n = t.seats
    names = {seat: name_at(t, seat) for seat in p.dealt}
    bb_name = names[p.bb]
    books.hands += 1
    books.heads_up += p.heads_up
    books.dead_buttons += p.dead_button
    books.dead_sbs += p.dead_sb and not p.heads_up
    assert p.bb in p.dealt and len(p.dealt) >= 2
    assert bb_name != books.last_bb_name, "a player posted the big blind twice in a row"
    last = books.last
    if last is not None:
        step = (p.bb - last.bb) % n or n
        books.distance += step
        # The big blind passed nobody who is dealt in.
        assert not any(between(s, last.bb, p.bb, n) for s in p.dealt)
        if not p.heads_up:
            # The button lies between the big blind and the small blind.
            assert between(p.button, p.bb, p.sb, n)
        if not p.fresh and not p.heads_up:
            assert p.sb == last.bb
            # A live button has paid his small blind in the last hand.
            if not p.dead_button and not last.heads_up and not last.fresh:
                assert any(b.seat == p.button and b.kind is BlindKind.SMALL_BLIND
                           for b in last.blinds)
            # The button goes to last hand's small-blind seat, or just right of the
            # small blind when that seat lies elsewhere (after heads-up, or when it holds
            # the big blind now).
            if between(last.sb, p.bb, p.sb, n):
                assert p.button == last.sb
            else:
                assert p.button == (p.sb - 1) % n
            # Between the button and the big blind only the blinds' seats are dealt in.
            for s in p.dealt:
                if s not in (p.button, p.sb, p.bb):
                    assert not between(s, p.button, p.bb, n)
    for seat in p.missed_bb:
        player = t.player(seat)
        if player is not None:
            books.owes_bb.add(player.name)
            books.passed[player.name] = books.passed.get(player.name, 0) + 1
    big = {b.seat for b in p.blinds if b.kind is BlindKind.BIG_BLIND}
    books.entry_posts += len(big) - 1
    books.dead_posts += sum(b.kind is BlindKind.DEAD_SMALL_BLIND for b in p.blinds)
    for seat, name in names.items():
        if name in books.owes_bb:
            assert seat in big or p.heads_up or p.fresh, f"{name} skipped his big blind"
            books.owes_bb.discard(name)
    # Exactly one big blind per orbit: between two big blinds of the same player in the same
    # seat the big blind went round once, plus once for every time it passed him.
    seat_dist = books.bb_at.get(bb_name)
    if seat_dist is not None and seat_dist[0] == p.bb:
        laps = 1 + books.passed.get(bb_name, 0)
        assert books.distance - seat_dist[1] == laps * n
    books.bb_at[bb_name] = (p.bb, books.distance)
    books.passed[bb_name] = 0
    for seat in p.dealt:
        player = t.player(seat)
        assert player is not None and player.marker is None and not player.new
    books.last = p
    books.last_bb_name = bb_name


def sit(t: Table, books: Books, seat: int, name: str, chips: int) -> None:
    """Seat a player; a name seen before starts its books afresh."""
    t.sit(seat, name, chips)
    books.bb_at.pop(name, None)
    books.passed.pop(name, None)
    books.owes_bb.add(name)
    if books.last_bb_name == name:
        books.last_bb_name = None


def between_hands(t: Table, rnd: random.Random, books: Books) -> None:
    """Random seat changes between hands."""
    for _ in range(rnd.randrange(3)):
        seat = rnd.randrange(t.seats)
        player = t.player(seat)
        roll = rnd.random()
        if player is None:
            if roll < 0.7:
                taken = {t.player(s).name for s in range(t.seats) if t.player(s) is not None}  # type: ignore[union-attr]
                name = rnd.choice([x for x in NAMES if x not in taken])
                sit(t, books, seat, name, rnd.randint(t.min_buy_in, t.max_buy_in))
                if rnd.random() < 0.5 and Choice.POST_BB in t.choices(seat):
                    t.choose(seat, Choice.POST_BB)
            continue
        if roll < 0.04:
            t.leave(seat)
        elif roll < 0.25:
            t.sit_out(seat, rnd.choice(list(SitOut)))
        elif roll < 0.5:
            choices = t.choices(seat)
            if choices:
                t.choose(seat, choices[0] if rnd.random() < 0.6 else choices[-1])
            elif player.sitting_out:
                t.sit_in(seat)
        elif roll < 0.6:
            room = t.max_buy_in - player.stack - player.pending
            if room > 0:
                t.add_chips(seat, rnd.randint(1, room))
    # Busted players come back with chips most of the time.
    for seat in range(t.seats):
        player = t.player(seat)
        if player is not None and player.stack == 0 and rnd.random() < 0.5:
            t.add_chips(seat, t.min_buy_in)


def during_hand(t: Table, rnd: random.Random) -> None:
    """Play the hand; now and then a player leaves, sits out or adds chips mid-hand."""
    while t.playing:
        assert t.chips_in_play() == t.bought_in - t.cashed_out
        if rnd.random() < 0.01:
            seat = rnd.choice(t.dealt)
            if t.player(seat) is not None:
                moves: list[Callable[[int], None]] = [
                    t.leave, lambda s: t.sit_out(s, SitOut.NEXT_HAND)]
                rnd.choice(moves)(seat)
                continue
        wait = t.waiting_for()
        assert wait is not None and t.to_act == wait.seat
        if rnd.random() < 0.05:
            t.timeout()
            continue
        hand = t.hand
        assert hand is not None
        t.act(wait.seat, random_action(hand.legal_actions(), rnd))


def run(t: Table, rnd: random.Random, hands: int, books: Books) -> None:
    done = 0
    while done < hands:
        between_hands(t, rnd, books)
        try:
            t.start_hand()
        except TableError:
            # Not enough players: bring one in.
            empty = [s for s in range(t.seats) if t.player(s) is None]
            sitting = [s for s in range(t.seats) if (p := t.player(s)) is not None
                       and (p.sitting_out or p.stack == 0)]
            if sitting:
                seat = rnd.choice(sitting)
                player = t.player(seat)
                assert player is not None
                if player.stack == 0:
                    t.add_chips(seat, t.min_buy_in)
                t.sit_in(seat)
            elif empty:
                seat = rnd.choice(empty)
                taken = {p.name for s in range(t.seats) if (p := t.player(s)) is not None}
                name = rnd.choice([x for x in NAMES if x not in taken])
                sit(t, books, seat, name, t.max_buy_in)
            continue
        check_hand(t, books)
        during_hand(t, rnd)
        assert t.chips_in_play() == t.bought_in - t.cashed_out
        done += 1


@pytest.mark.slow
@pytest.mark.parametrize("game, structure, seats, hands, seed", [
    ("five-card-draw", "fixed-limit", 6, 4000, 1),
    ("five-card-draw-7a", "no-limit", 5, 3000, 2),
    ("deuce-to-seven-triple-draw", "pot-limit", 6, 2000, 3),
    ("seven-card-draw", "fixed-limit", 6, 1000, 4),
])
def test_long_random_session(game: str, structure: str, seats: int, hands: int,
                             seed: int) -> None:
    def new() -> Table:
        return Table(game, structure, Stakes.from_bets(2), seats=seats, rng=seed,
                     min_buy_in=10, max_buy_in=60, remove_after_missed_orbit=seed == 2)

    rnd = random.Random(seed)
    t = new()
    books = Books()
    run(t, rnd, hands, books)
    assert books.hands == hands
    # The session went through the situations the rules are about.
    assert books.heads_up > 10 and books.dead_buttons > 10 and books.dead_sbs > 10
    assert books.entry_posts > 10 and books.dead_posts > 5
    assert t.bought_in > 0 and t.chips_in_play() == t.bought_in - t.cashed_out
    # The session replays from its events: the same commands give the same table.
    if seed == 2:
        assert replay(new(), t.events).to_json() == t.to_json()


def step(t: Table, rnd: random.Random, books: Books) -> None:
    """One step of a session: an action in the hand, or the seat changes and the next deal."""
    if t.playing:
        wait = t.waiting_for()
        hand = t.hand
        assert wait is not None and hand is not None
        t.act(wait.seat, random_action(hand.legal_actions(), rnd))
    else:
        between_hands(t, rnd, books)
        try:
            t.start_hand()
        except TableError:
            return
        check_hand(t, books)


def reload(t: Table) -> Table:
    """The table saved as JSON text and loaded back."""
    return Table.from_json(json.loads(json.dumps(t.to_json())))


def test_a_saved_table_continues_identically() -> None:
    def make() -> Table:
        return Table("five-card-draw-7a", "fixed-limit", Stakes.from_bets(2), seats=5, rng=9,
                     min_buy_in=10, max_buy_in=60, remove_after_missed_orbit=True)

    a, b = make(), make()
    for seat, name in enumerate("ABCD"):
        a.sit(seat, name, 50)
        b.sit(seat, name, 50)
    rnd_a, rnd_b, saves = random.Random(5), random.Random(5), random.Random(6)
    books_a, books_b = Books(), Books()
    reloads = 0
    for _ in range(2000):
        step(a, rnd_a, books_a)
        step(b, rnd_b, books_b)
        if saves.random() < 0.04:
            b = reload(b)
            reloads += 1
            assert b.to_json() == a.to_json()
            viewer = saves.randrange(5)
            assert b.view(viewer) == a.view(viewer)
    assert reloads > 50 and a.hand_number > 150
    assert b.to_json() == a.to_json() and b.events == a.events
    for who in (None, 0, 1, 2, 3, 4):
        assert b.view(who) == a.view(who)
        assert b.events_for(who) == a.events_for(who)
    # Saved without its event log, a table plays on the same; its log starts afresh.
    c = Table.from_json(json.loads(json.dumps(a.to_json(events=False))))
    assert c.events == () and c.to_json(events=False) == a.to_json(events=False)
    count = a.event_count
    for _ in range(300):
        step(a, rnd_a, books_a)
        step(c, rnd_b, books_b)
    assert c.to_json(events=False) == a.to_json(events=False)
    assert c.events == a.events[count:]


def test_a_saved_table_writes_actions_as_the_engine_codec_and_reads_old_saves() -> None:
    """One action codec: a saved table's actions are the engine's JSON (a discard's cards a
    list, as the room stores them; the table wrote them as one string), and a table saved
    the old way still loads and plays on the same."""
    t = Table("deuce-to-seven-triple-draw", "fixed-limit", Stakes.from_bets(2), seats=3, rng=4)
    for seat, name in enumerate("ABC"):
        t.sit(seat, name, 200)
    rnd, books = random.Random(8), Books()
    while not any(a.get("cards") for a in (t.to_json().get("hand") or {}).get("actions", [])):
        step(t, rnd, books)
    saved = t.to_json()
    actions = saved["hand"]["actions"]
    assert actions == [engine_codec.action_to_json(engine_codec.action_from_json(a))
                       for a in actions]
    assert all(isinstance(a["cards"], list) for a in actions if "cards" in a)
    old = json.loads(json.dumps(saved))
    for action in old["hand"]["actions"]:
        if action["kind"] == "discard":  # how standpat-table/1 files wrote them
            action["cards"] = " ".join(action.get("cards", []))
    loaded = Table.from_json(old)
    assert loaded.to_json() == saved
    loaded_books, rnd, loaded_rnd = copy.deepcopy(books), random.Random(9), random.Random(9)
    for _ in range(300):
        step(t, rnd, books)
        step(loaded, loaded_rnd, loaded_books)
    assert loaded.to_json() == t.to_json() and loaded.events == t.events


def test_loading_junk_is_a_table_error() -> None:
    t = Table("five-card-draw", "no-limit", Stakes.from_bets(2), rng=1)
    doc = t.to_json()
    with pytest.raises(TableError):
        Table.from_json({"format": "nope"})
    broken = dict(doc)
    del broken["players"]
    with pytest.raises(TableError):
        Table.from_json(broken)
    assert Table.from_json(doc).to_json() == doc


def test_positions_are_plain_values() -> None:
    assert Positions(1, 0, 5) == Positions(bb=1, sb=0, button=5)


def test_a_table_saved_with_flat_events_loads_with_the_typed_ones() -> None:
    """A table saved before events had named fields (one flat record, ``amount`` meaning
    what the kind said) loads with the same events and plays on the same."""
    t = Table("deuce-to-seven-triple-draw", "no-limit", Stakes.from_bets(2), seats=4, rng=6)
    for seat, name in enumerate("ABCD"):
        t.sit(seat, name, 60)
    rnd, books = random.Random(3), Books()
    for _ in range(400):
        step(t, rnd, books)
    saved = t.to_json()
    kinds = set()
    for doc in saved["events"]:
        if "event" in doc:
            kinds.add(doc["event"]["kind"])
            doc["event"] = flat(doc["event"])
    assert {"call", "raise", "street", "draw", "discard", "deal", "win"} <= kinds
    old = Table.from_json(json.loads(json.dumps(saved)))
    assert old.events == t.events and old.to_json() == t.to_json()
    rnd_old, books_old = copy.deepcopy(rnd), copy.deepcopy(books)
    for _ in range(100):
        step(old, rnd_old, books_old)
        step(t, rnd, books)
    assert old.to_json() == t.to_json()
