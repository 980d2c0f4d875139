"""A live table's core, alone: no store, no socket, no event loop.  Its steps are driven by a
fake that records every effect and answers writes as a store would; its clock is a number.

What a restart does to the people seated (the rules of standpat.server.live.restart) is
tested here, where each rule lives."""

from __future__ import annotations

from typing import Any

import pytest

from standpat.errors import ProtocolError
from standpat.server.config import ServerConfig
from standpat.server.host import Command
from standpat.server.live import TableCore
from standpat.server.live import writes as w
from standpat.server.live.effects import (
    Write,
)
from standpat.server.live.restart import Restart, seat_again
from standpat.server.schemas import Choose, SeatBot, Sit, SitOutMessage, Watch
from standpat.store import SeatRecord, TableRecord
from tests.server.fake import Clock, Fake, Outbox

CONFIG = ServerConfig(db="sqlite://", between_hands=1.0, bot_delay=0.0, clock=10.0,
                      time_bank=0.0, rejoin=5.0)


def record(state: dict[str, Any] | None = None, *, seats: int = 4, button: int = 0,
           game: str = "five-card-draw", hands: int = 0) -> TableRecord:
    return TableRecord(id=7, name="t", game=game, structure="fixed-limit", stakes="2/4",
                       seats=seats, config={}, chain_top="00" * 32, chain_length=100,
                       hands_dealt=hands, button=button, closed=False, state=state)


def seat(number: int, account: int, name: str, stack: int, bot: str | None = None) -> SeatRecord:
    return SeatRecord(7, number, account, name, stack, bot)


def test_seat_again_keeps_every_seat_and_tops_up_short_bots() -> None:
    plan = seat_again([seat(0, 1, "ann", 0), seat(1, 2, "bot-Bo-01", 10, "house"),
                       seat(2, 3, "cy", 15), seat(3, 4, "bot-Cy-02", 500, "easy")],
                      min_buy_in=20, default_buy_in=110)
    assert plan.seated == {0: ("ann", 0), 1: ("bot-Bo-01", 120), 2: ("cy", 15),
                           3: ("bot-Cy-02", 500)}
    assert plan.rebuys == {1: 110}


def _new_table(clock: Clock) -> tuple[TableCore, Fake]:
    core = TableCore(record(), CONFIG, now=clock)
    fake = Fake(core)
    fake.run(core.start([]))
    return core, fake


def _play_a_hand_with_people(clock: Clock) -> tuple[TableCore, Fake, dict[str, Outbox]]:
    """Ann and Bob and two bots at a table that has played a hand; Bob sat out after it."""
    core, fake = _new_table(clock)
    fake.accounts.update({1: "ann", 2: "bob"})
    outboxes = {"ann": Outbox(1), "bob": Outbox(2)}
    for account, name, number in ((1, "ann", 0), (2, "bob", 1)):
        fake.run(core.handle(Command("sit", account, outboxes[name],
                                     Sit(type="sit", table=7, seat=number, buy_in=100))))
    for number in (2, 3):
        fake.run(core.handle(Command("seat-bot", payload=SeatBot(operator=True, seat=number,
                                                                  level="house"))))
    clock.time += 2
    fake.run(core.tick())  # the first hand: everyone present is dealt in
    assert core.table.playing and set(core.round_seats) == {0, 1, 2, 3}
    for _ in range(200):
        if not core.table.playing:
            break
        turn = core.table.turn()
        assert turn is not None
        if core.sitters[turn].bot is None:
            clock.time += 11  # the people let their clock run: check, else fold
        fake.run(core.tick())
    assert not core.table.playing
    for sitter in core.sitters.values():
        sitter.timed_out = False  # (timing out sits a person out; here it is not the point)
    for number in (0, 1):
        fake.run(core.handle(Command("sit-in", 1 + number, outboxes[("ann", "bob")[number]])))
    fake.run(core.handle(Command("sit-out", 2, outboxes["bob"],
                                 SitOutMessage(type="sit-out", table=7))))
    return core, fake, outboxes


def test_a_takeover_keeps_every_person_seated_as_he_was() -> None:
    clock = Clock()
    core, fake, _ = _play_a_hand_with_people(clock)
    saved = [op for op in fake.writes() if isinstance(op, w.SaveState)][-1].state
    books = [seat(s.seat, s.account, s.name, core.table.stack(s.seat), s.bot)
             for s in core.sitters.values()]
    lines = {line.seat: line for line in core.table.lines()}
    # another node takes the table up from the books and the state saved with its last write
    clock.time += 100
    again = TableCore(record(saved, hands=core.number + 1), CONFIG, now=clock)
    taken = Fake(again)
    taken.accounts.update(fake.accounts)
    taken.run(again.start(books, Restart("moved", {9: (1, 2, 1002, 1003)})))
    assert taken.writes() == []  # nobody cashed out, no bot short
    restored = {line.seat: line for line in again.table.lines()}
    assert {s: (x.name, x.stack, x.sitting_out) for s, x in restored.items()} == {
        s: (x.name, x.stack, x.sitting_out) for s, x in lines.items()}
    assert restored[1].sitting_out and not restored[0].sitting_out
    assert not again.sitters[0].connected  # ann is away until a connection of hers watches
    # the first hand waits for ann (sitting in), not for bob (sitting out)...
    clock.time += 2
    taken.run(again.tick())
    assert not again.table.playing
    # ...until her connection, on a live node, watches the table again
    ann = Outbox(11)
    taken.run(again.handle(Command("watch", 1, ann, Watch(type="watch", table=7))))
    notices = [m for m in ann.messages if m["type"] == "table-restarted"]
    assert [{k: v for k, v in m.items() if k != "v"} for m in notices] == [
        {"type": "table-restarted", "table": 7, "voided": [9], "reason": "moved"}]
    taken.run(again.tick())
    assert again.table.playing and 0 in again.round_seats and 1 not in again.round_seats
    for _ in range(20):  # she is asked to act within the hand
        if again.table.turn() == 0:
            break
        taken.run(again.tick())
    assert again.table.turn() == 0
    assert [m for m in ann.messages if m["type"] == "table" and m.get("you")][-1]["hand"][
        "legal"] is not None


def test_a_person_who_does_not_come_back_keeps_sitting_in_for_his_grace() -> None:
    """Still away when the rejoin wait ends, she is dealt in (her grace lasts a reconnect
    window); her turn waits that window; when it runs out she times out, and sits out after
    the hand, her seat kept."""
    clock = Clock()
    core, fake, _ = _play_a_hand_with_people(clock)
    saved = [op for op in fake.writes() if isinstance(op, w.SaveState)][-1].state
    books = [seat(s.seat, s.account, s.name, core.table.stack(s.seat), s.bot)
             for s in core.sitters.values()]
    again = TableCore(record(saved, hands=core.number), CONFIG, now=clock)
    taken = Fake(again)
    taken.run(again.start(books, Restart("restart")))
    assert again.next_wake() == pytest.approx(clock.time + CONFIG.rejoin)
    clock.time += CONFIG.rejoin
    taken.run(again.tick())
    assert again.table.playing and set(again.round_seats) == {0, 2, 3}
    for _ in range(50):
        if not again.table.playing:
            break
        deadline = again.clock.deadline
        if again.table.turn() == 0 and deadline is not None:  # a clock and a reconnect window
            assert deadline == pytest.approx(clock.time + CONFIG.clock + CONFIG.reconnect)
            clock.time = deadline
        taken.run(again.tick())
    assert not again.table.playing
    assert {line.seat: line.sitting_out for line in again.table.lines()} == {
        0: True, 1: True, 2: False, 3: False}
    assert 0 in again.sitters and again.sitters[0].reconnects == CONFIG.reconnects


def test_a_restart_tops_up_a_short_bot_in_a_write_with_the_state() -> None:
    clock = Clock()
    core = TableCore(record(), CONFIG, now=clock)
    fake = Fake(core)
    fake.run(core.start([seat(0, 5, "bot-Ada-01", 3, "house"), seat(1, 6, "bot-Bo-02", 200,
                                                                     "house")]))
    writes = [e for e in fake.effects if isinstance(e, Write)]
    assert len(writes) == 1
    rebuy, state = writes[0].ops
    assert rebuy == w.RebuyBot(0, core.options.default_buy_in)
    assert isinstance(state, w.SaveState)
    assert core.table.stack(0) == 3 + core.options.default_buy_in
    clock.time += 2
    fake.run(core.tick())  # no person to wait for: the bots play at once
    assert core.table.playing


def test_a_write_refused_leaves_the_seat_free() -> None:
    clock = Clock()
    core, fake = _new_table(clock)
    fake.accounts[1] = "ann"
    fake.refuse = lambda op: ProtocolError("forbidden", "no") if isinstance(
        op, w.TakeSeat) else None
    with pytest.raises(ProtocolError):
        fake.run(core.handle(Command("sit", 1, Outbox(1), Sit(type="sit", table=7, seat=2))))
    assert not core.table.present(2) and core.sitters == {}


def test_an_answer_to_a_lapsed_posting_offer_is_ignored() -> None:
    """He is offered to post (he owes a big blind); a hand is dealt before his answer, and he
    is dealt in with the big blind: his answer is ignored, and he is sent the table."""
    clock = Clock()
    core, fake, outboxes = _play_a_hand_with_people(clock)
    clock.time += 2
    fake.run(core.tick())
    assert core.table.playing and 0 in core.round_seats and not core.table.choices(0)
    before = len(outboxes["ann"].messages)
    fake.run(core.handle(Command("choose", 1, outboxes["ann"],
                                 Choose.model_validate_json(
                                     '{"type": "choose", "table": 7, "choice": "post-bb"}'))))
    sent = outboxes["ann"].messages[before:]
    assert [m["type"] for m in sent] == ["table"] and not [
        m for m in sent if m["type"] == "error"]


def test_a_player_whose_node_died_keeps_sitting_in_while_he_comes_back() -> None:
    """His connection's node died (``lost``): unlike a closed socket (``disconnect``, which
    sits him out between hands), he keeps sitting in for a reconnect window, and is seated as
    he was when his connection through another node watches the table."""
    clock = Clock()
    core, fake, outboxes = _play_a_hand_with_people(clock)
    fake.run(core.handle(Command("sit-in", 2, outboxes["bob"])))
    fake.run(core.handle(Command("lost", 1, outboxes["ann"])))
    fake.run(core.handle(Command("disconnect", 2, outboxes["bob"])))
    lines = {line.seat: line.sitting_out for line in core.table.lines()}
    assert lines[0] is False and lines[1] is True  # ann: lost, kept in; bob: closed, out
    assert not core.sitters[0].connected and core.sitters[0].grace_until == pytest.approx(
        clock.time + CONFIG.reconnect)
    fake.run(core.handle(Command("watch", 1, Outbox(21), Watch(type="watch", table=7))))
    assert core.sitters[0].connected and core.sitters[0].grace_until is None
    clock.time += CONFIG.reconnect + 1  # long after: nobody sits her out
    fake.run(core.tick())
    assert not [line for line in core.table.lines() if line.seat == 0 and line.sitting_out]


def test_room_bots_have_readable_names_marked_as_bots() -> None:
    """A room bot's account is unique (bot-Ada-3f2a09c1); what the pages are sent is its
    readable name, marked as a bot, different from the other bots' at its table."""
    from standpat.bots.names import NAMES

    clock = Clock()
    core, _, outboxes = _play_a_hand_with_people(clock)
    accounts = [s.name for s in core.sitters.values() if s.bot is not None]
    assert len(accounts) == 2 and all(a.startswith("bot-") for a in accounts)
    frame = [m for m in outboxes["ann"].messages if m["type"] == "table"][-1]
    bots = [s for s in frame["seats"] if s["bot"] is not None]
    assert len({s["name"] for s in bots}) == 2 and all(s["name"] in NAMES for s in bots)
    lobby = [p for p in core.summary()["players"] if p["bot"] is not None]
    assert sorted(p["name"] for p in lobby) == sorted(s["name"] for s in bots)
    people = [s["name"] for s in frame["seats"] if s["bot"] is None]
    assert sorted(people) == ["ann", "bob"]
