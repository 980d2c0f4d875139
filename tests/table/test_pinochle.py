"""A pinochle table as the room hosts it: seats, whole games, money, views, defaults, records."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from standpat.errors import FairnessError, IllegalActionError, ProtocolError, TableError
from standpat.fairness import FairRandom, commitment, hand_key
from standpat.pinochle import (
    PINOCHLE_5,
    Discard,
    GameState,
    HandState,
    NameTrump,
    Pass,
    Play,
    RandomBot,
    SimpleBot,
    Suit,
)
from standpat.pinochle.codec import card_id
from standpat.table.hosted import HostedTable
from standpat.table.pinochle import (
    GameLog,
    HostedPinochle,
    default_action,
    play_rule,
    replay,
)
from standpat.table.records import player_record, verify_record
from standpat.table.rooms import hosted_table, offers, stakes_for

CARD_ID = re.compile(r"^[9TJQKA][cdhs]\.[01]$")


def seated(game: str, players: int, *, seats: int | None = None, chips: int = 100,
           button: int | None = None) -> HostedPinochle:
    table = HostedPinochle(game, "entry 10", seats=seats or players, button=button)
    for seat in range(players):
        table.sit(seat, f"p{seat}", chips)
    return table


def ids_in(value: Any) -> set[str]:
    """Every physical card name anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD_ID.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(ids_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(ids_in(v) for v in value)) if value else set()
    return set()


def visible(events: list[dict[str, Any]], seat: int | None) -> set[str]:
    """The card names table seat ``seat`` may know after ``events``: his own dealt and drawn
    cards, and every card played to a trick."""
    seen: set[str] = set()
    for event in events:
        kind = event["kind"]
        if kind in ("dealt", "draw") and event["seat"] == seat:
            seen |= set(event.get("cards", [])) | set(event.get("drawn", []))
            seen |= set(event.get("discarded", []))
        if kind == "play":
            seen.add(event["card"])
    return seen


def play_game(table: HostedPinochle, rng: random.Random, *, check_views: bool = True) -> int:
    """Deal and play one game with bots (mixed levels); returns the number of actions."""
    table.deal(rng)
    bots: list[SimpleBot | RandomBot] = [SimpleBot(), RandomBot(random.Random(5))]
    steps = 0
    while not table.over:
        seat = table.turn()
        assert seat is not None
        table.act(seat, bots[seat % 2].act(table.bot_view(seat)))
        steps += 1
        if check_views and steps % 7 == 0:
            check_privacy(table)
    return steps


def check_privacy(table: HostedPinochle) -> None:
    full = table.view(None)  # a spectator's view has no cards of anyone's hand
    assert full["hand"] == [] and full["legal"] is None
    log = table._log
    assert log is not None
    for seat in [None, *range(table.seats)]:
        view = table.view(seat)
        json.dumps(view)
        mine = set(view["hand"])
        allowed = visible(log.events, seat if seat in log.seats else None)
        assert mine <= allowed
        leaked = ids_in(view) - allowed
        assert not leaked, (seat, leaked)
        if seat is not None and seat in log.seats:
            index = log.seats.index(seat)
            assert view["hand"] == [card_id(c) for c in log.state.view(index).hand]


def test_it_is_a_hosted_table_and_the_room_offers_it() -> None:
    table = hosted_table("pinochle-5", None, "entry 10", seats=6)
    assert isinstance(table, HostedTable) and isinstance(table, HostedPinochle)
    assert (table.kind, table.game, table.seats) == ("pinochle", "pinochle-5", 6)
    kinds = {o.name: (o.kind, o.min_players, o.max_players) for o in offers()}
    assert kinds["pinochle-5"] == ("pinochle", 2, 6) and kinds["pinochle-7"] == ("pinochle", 2, 5)
    assert hosted_table("pinochle-7", None, "7").options.stakes == "entry 7"
    assert hosted_table("pinochle-7", None, "entry 10").seats == 4
    with pytest.raises(TableError, match="2 to 5 seats"):
        hosted_table("pinochle-7", None, "entry 10", seats=6)
    with pytest.raises(TableError, match="no betting structure"):
        hosted_table("pinochle-5", "no-limit", "entry 10")
    with pytest.raises(ValueError, match="pinochle stakes"):
        hosted_table("pinochle-5", None, "2/4")
    assert stakes_for("pinochle-5", None) == "entry 10"


@pytest.mark.parametrize(("game", "players"), [
    ("pinochle-5", 2), ("pinochle-5", 4), ("pinochle-5", 6),
    ("pinochle-7", 2), ("pinochle-7", 3), ("pinochle-7", 5),
])
def test_whole_games_move_one_entry_fee_from_each_loser_to_the_winner(
    game: str, players: int
) -> None:
    table = seated(game, players)
    total = sum(line.stack for line in table.lines())
    dealers = []
    for number in range(2):
        assert table.ready()
        order = table.next_seats()
        dealers.append(order[-1])
        play_game(table, random.Random(number), check_views=number == 0)
        assert not table.playing and table.over and table.turn() is None
        outcome = table.outcome()
        log = table._log
        assert log is not None and log.state.winner is not None
        winner = log.seat(log.state.winner)
        assert outcome.net == {s: (10 * (players - 1) if s == winner else -10) for s in order}
        assert outcome.record["winner"] == winner and outcome.summary == {"pot": 10 * players}
        assert max(outcome.record["scores"]) >= 50
        assert outcome.record["events"][-1]["kind"] == "game-over"
        stacks = {line.seat: line.stack for line in table.lines()}
        table.finish()
        after = {line.seat: line.stack for line in table.lines()}
        assert {s: after[s] - stacks[s] for s in order} == outcome.net
        assert table.round_number == number + 1
    assert sum(line.stack for line in table.lines()) == total
    assert dealers[0] == 0  # the first game's dealer is the given (here: default) seat


def test_the_deal_passes_left_from_game_to_game() -> None:
    table = seated("pinochle-5", 3, seats=4, button=2)
    assert table.next_seats() == (0, 1, 2)  # dealer seat 2 (the given button) deals last
    play_game(table, random.Random(3), check_views=False)
    log = table._log
    assert log is not None
    last_dealer = log.seat(log.state.dealer)
    table.finish()
    expected = min((0, 1, 2), key=lambda s: (s - (last_dealer + 1)) % 4)
    assert table.next_seats()[-1] == expected


def test_views_show_each_viewer_only_his_cards_and_melds_once_play_begins() -> None:
    table = seated("pinochle-5", 4)
    table.deal(random.Random(11))
    bots = SimpleBot()
    saw_melds = saw_draw_counts = False
    step = 0
    while not table.over:
        step += 1
        seat = table.turn()
        assert seat is not None
        view = table.view(seat)
        phase = view["phase"]
        if phase in ("bidding", "trump", "draw"):
            assert all("meld" not in p for p in view["players"])
        if phase == "play":
            assert all("meld" in p for p in view["players"] if p["in_hand"])
            saw_melds = True
        other = table.view((seat + 1) % 4)
        assert other["legal"] is None and view["legal"] is not None
        if any("drew" in p for p in other["players"]):
            saw_draw_counts = True
        if step % 4 == 0:
            check_privacy(table)
        table.act(seat, bots.act(table.bot_view(seat)))
    assert saw_melds and saw_draw_counts


def test_the_view_says_what_is_legal_in_each_phase() -> None:
    table = seated("pinochle-7", 3)
    table.deal(random.Random(4))
    seat = table.turn()
    assert seat is not None
    legal = table.view(seat)["legal"]
    assert legal == {"kinds": ["bid", "pass"], "min_bid": 1}
    table.act(seat, table.parse_action({"kind": "bid", "amount": 6}))
    nxt = table.turn()
    assert nxt is not None and table.view(nxt)["legal"]["min_bid"] == 7
    with pytest.raises(IllegalActionError, match=rf"seat {nxt} must bid at least 7"):
        table.act(nxt, table.parse_action({"kind": "bid", "amount": 6}))
    while (turn := table.turn()) is not None and table.view(turn)["phase"] == "bidding":
        table.act(turn, Pass())
    assert table.turn() == seat
    assert table.view(seat)["legal"] == {"kinds": ["trump"],
                                         "suits": ["clubs", "diamonds", "hearts", "spades"]}
    table.act(seat, table.parse_action({"kind": "trump", "suit": "hearts"}))
    view = table.view(table.turn())
    assert view["legal"]["kinds"] == ["discard"]
    assert view["legal"]["max_discard"] == 7 and view["draw_cap"] is None
    assert view["stock"] == 48 - 21 and view["trump"] == "hearts" and view["bid"] == 6


def test_a_five_player_seven_card_table_shows_the_draw_cap() -> None:
    table = seated("pinochle-7", 5)
    table.deal(random.Random(2))
    while table.view(table.turn())["phase"] != "draw":
        seat = table.turn()
        assert seat is not None
        table.act(seat, default_action(table.bot_view(seat)))
    view = table.view(table.turn())
    assert view["draw_cap"] == 2 and view["legal"]["max_discard"] == 2 and view["stock"] == 13


def test_refusals_name_table_seats_and_change_nothing() -> None:
    table = seated("pinochle-5", 3, seats=5)
    table.sit(4, "late", 50)
    table.sit_out(4, "next-hand")
    table.deal(random.Random(9))
    seat = table.turn()
    assert seat is not None
    before = table.view(None)
    with pytest.raises(ProtocolError, match="not a pinochle action"):
        table.parse_action({"kind": "raise", "amount": 8})
    with pytest.raises(ProtocolError):
        table.parse_action({"kind": "play", "card": "Qs"})
    with pytest.raises(IllegalActionError, match=rf"not seat {(seat + 1) % 3}'s turn: seat "
                                                 rf"{seat} is to act"):
        table.act((seat + 1) % 3, Pass())
    with pytest.raises(IllegalActionError, match="not seat 4's turn"):
        table.act(4, Pass())
    with pytest.raises(IllegalActionError, match="must bid or pass"):
        table.act(seat, NameTrump(Suit.CLUBS))
    theirs = table.bot_view((seat + 1) % 3).hand[0]
    with pytest.raises(IllegalActionError, match=f"seat {seat} does not hold {card_id(theirs)}"):
        table.act(seat, Play(theirs))
    assert table.view(None) == before and table.played(0) == [] and table.turn() == seat
    with pytest.raises(TableError, match="no big blind"):
        table.sit_out(0, "next-big-blind")
    with pytest.raises(TableError):
        table.choose(0, "post-bb")
    assert table.choices(0) == ()


def test_an_illegal_card_is_refused_with_the_cards_that_may_be_played() -> None:
    table = seated("pinochle-5", 4)
    table.deal(random.Random(21))
    for _ in range(400):
        seat = table.turn()
        assert seat is not None
        view = table.view(seat)
        if view["phase"] == "play" and len(view["legal"]["cards"]) < len(view["hand"]):
            wrong = next(c for c in view["hand"] if c not in view["legal"]["cards"])
            with pytest.raises(IllegalActionError, match=rf"seat {seat} may play only"):
                table.act(seat, table.parse_action({"kind": "play", "card": wrong}))
            assert view["legal"]["rule"] in ("lead-no-trump", "follow", "follow-beat", "trump",
                                             "trump-beat")
            return
        table.act(seat, default_action(table.bot_view(seat)))
    raise AssertionError("no trick with a card that may not be played")


def test_the_rule_behind_the_legal_cards() -> None:
    # three players, dealer seat 2: seat 0 is first to bid; everyone passes, so the dealer
    # (seat 2) is the bidder and leads
    def view(hands: list[str], trump: Suit, plays: list[str], broken: bool = True) -> Any:
        hand = HandState.preset(PINOCHLE_5, hands)
        for _ in range(3):
            hand.apply(Pass())
        hand.apply(NameTrump(trump))
        for _ in range(3):
            hand.apply(Discard(()))
        hand.broken = broken
        for text in plays:
            seat = hand.to_act
            assert seat is not None
            hand.apply(Play(next(c for c in hand.hand(seat) if str(c) == text)))
        seat = hand.to_act
        assert seat is not None
        return hand.view(seat)

    rest = ["Tc Kc Qc Jc 9c", "Ac Ad Td Kd Qd"]
    # the bidder (seat 2) leads; trump unbroken and he has other suits
    lead = view(["9d 9d 9h 9h Jd", "Qs Ks Js 9s As", "Ah Th Kh Qh 9s"], Suit.HEARTS, [], False)
    assert lead.seat == 2 and play_rule(lead) == {"rule": "lead-no-trump", "led": None,
                                                  "beat": None}
    assert play_rule(view(["9d 9d 9h 9h Jd", "Qs Ks Js 9s As", "Ah Th Kh Qh 9s"], Suit.HEARTS,
                          [], True))["rule"] == "lead"
    # seat 2 leads Kh; seat 0 holds hearts and can beat: follow-beat the K
    follow = view(["Ah 9h Jc Qc 9c", rest[0], "Kh Qs Ks Js 9s"], Suit.SPADES, ["Kh"])
    assert play_rule(follow) == {"rule": "follow-beat", "led": "hearts", "beat": "Kh"}
    # seat 0 holds only lower hearts: follow
    assert play_rule(view(["Qh 9h Jc Qc 9c", rest[0], "Kh Qs Ks Js 9s"], Suit.SPADES,
                          ["Kh"]))["rule"] == "follow"
    # void in hearts with trump: trump; with a trump in the trick to beat: trump-beat
    assert play_rule(view(["As 9s Jc Qc 9c", rest[0], "Kh Qs Ks Js 9d"], Suit.SPADES,
                          ["Kh"]))["rule"] == "trump"
    beat = view(["9s Qc Jc Tc 9c", "Ts 9s Jd Qd Kd", "Kh Ah Ad Jh 9d"], Suit.SPADES,
                ["Kh", "9s"])
    assert beat.seat == 1  # the second 9 of spades does not beat the first
    assert play_rule(beat) == {"rule": "trump-beat", "led": "hearts", "beat": "9s"}
    # void in both: any
    assert play_rule(view(["Ac Kc Jc Qc 9c", rest[0], "Kh Qs Ks Js 9d"], Suit.SPADES,
                          ["Kh"]))["rule"] == "any"


def test_defaults_pass_name_the_longest_suit_keep_and_play_the_lowest_card() -> None:
    hand = HandState.preset(PINOCHLE_5, ["Ah Th 9h Jc 9s", "Qs Ks Js As Ts", "Ac Ad Td Kd Qd"])
    assert default_action(hand.view(0)) == Pass()
    for _ in range(3):
        hand.apply(Pass())
    assert default_action(hand.view(2)) == NameTrump(Suit.DIAMONDS)
    hand.apply(NameTrump(Suit.CLUBS))
    assert default_action(hand.view(0)) == Discard(())
    for _ in range(3):
        hand.apply(Discard(()))
    card = default_action(hand.view(2))
    assert isinstance(card, Play) and str(card.card) == "Qd"  # lowest plain card (clubs unbroken)


def test_a_leaver_is_played_for_until_the_game_ends_then_his_seat_empties() -> None:
    table = seated("pinochle-5", 3)
    table.deal(random.Random(6))
    leaver = table.turn()
    assert leaver is not None
    table.leave(leaver)
    assert table.turn() != leaver and table.present(leaver)
    assert table.played(0)[0][0] == leaver  # the table passed for him
    assert [line.leaving for line in table.lines() if line.seat == leaver] == [True]
    bot = SimpleBot()
    while not table.over:
        seat = table.turn()
        assert seat is not None and seat != leaver
        table.act(seat, bot.act(table.bot_view(seat)))
    table.finish()
    assert not table.present(leaver) and leaver not in table.next_seats()
    # a player who leaves between games goes at once
    table.leave(table.next_seats()[0])
    assert len(table.lines()) == 1 and not table.ready()


def test_chips_sitting_out_and_busting() -> None:
    table = seated("pinochle-5", 2, seats=3, chips=10)
    with pytest.raises(TableError, match="buy-in at this table is 10 to 500"):
        table.sit(2, "poor", 9)
    with pytest.raises(TableError, match="taken"):
        table.sit(0, "again", 10)
    with pytest.raises(TableError, match="may add at most 490"):
        table.check_add_chips(0, 491)
    play_game(table, random.Random(1), check_views=False)
    table.finish()
    lines = {line.seat: line for line in table.lines()}
    loser = next(s for s, line in lines.items() if line.stack == 0)
    assert lines[loser].sitting_out and not table.ready()  # short of an entry fee
    with pytest.raises(TableError, match="less than the entry fee"):
        table.sit_in(loser)
    table.add_chips(loser, 10)
    assert not {line.seat: line for line in table.lines()}[loser].sitting_out
    assert table.ready()
    table.sit_out(loser, "next-hand")
    assert not table.ready()
    table.sit_in(loser)
    assert table.ready()


def _stored(table: HostedPinochle, seed: bytes, number: int, clients: list[str]) -> dict[str, Any]:
    """What the room stores of a finished game (as store.hands.get returns it)."""
    outcome = table.outcome()
    log = table._log
    assert log is not None
    accounts = [100 + s for s in log.seats]
    return {
        "id": 7, "table_id": 1, "number": number, "status": "done",
        "commitment": commitment(seed), "seed": seed.hex(),
        "setup": {"game": table.game, "stakes": table.options.stakes, "fee": table.fee,
                  "stacks": [100] * len(log.seats), "button": log.seats[-1],
                  "seats": list(log.seats), "accounts": accounts,
                  "names": [f"p{s}" for s in log.seats], "client_seeds": clients,
                  "anchor": "", "chain_index": 1},
        "players": dict.fromkeys(accounts, True),
        "actions": [{"seat": s, "action": json.dumps(a)} for s, a in log.actions],
        "record": {**outcome.record, **outcome.summary},
    }


def test_a_game_replays_from_its_stream_and_standpat_verify_checks_it() -> None:
    from standpat.fairness import SeedChain

    chain = SeedChain(bytes(32), length=3)
    seed = chain.seed(1)
    clients = ["alice", "", "carol"]
    table = seated("pinochle-5", 3)
    stream = FairRandom(hand_key(seed, 1, dict(enumerate(clients))))
    table.deal(stream)
    bot = SimpleBot()
    while not table.over:
        seat = table.turn()
        assert seat is not None
        table.act(seat, bot.act(table.bot_view(seat)))
    log = table._log
    assert log is not None
    again = replay("pinochle-5", log.seats, FairRandom(hand_key(seed, 1, dict(enumerate(clients)))),
                   log.actions)
    assert again.events == log.events
    stored = _stored(table, seed, 1, clients)
    stored["setup"]["anchor"] = chain.anchor.hex()
    viewer = stored["setup"]["accounts"][1]
    record = player_record(stored, viewer, revealed=True)
    assert record["format"] == "standpat-pinochle/1" and record["you"] == 1
    checks = verify_record(json.loads(json.dumps(record)))
    assert "hands of the game" in checks[-1]
    # his record holds only his own cards, and every card it holds is one he may see
    seat = log.seats[1]
    assert ids_in(record["events"]) <= visible(log.events, seat)
    others = [e for e in record["events"] if e["kind"] == "dealt" and e["seat"] != seat]
    assert others and all("cards" not in e for e in others)
    # a card changed in his record is caught
    mine = next(e for e in record["events"] if e["kind"] == "dealt" and e["seat"] == seat)
    swapped = json.loads(json.dumps(record))
    first = next(e for e in swapped["events"] if e == mine)
    first["cards"][0] = "As.1" if first["cards"][0] != "As.1" else "As.0"
    with pytest.raises(FairnessError, match="differs from the shuffle"):
        verify_record(swapped)
    # before the seed is revealed the others' discards are counted, not named
    hidden = player_record(stored, viewer, revealed=False)
    assert hidden["seed"] is None
    for row in hidden["actions"]:
        if row["seat"] != seat and row["action"]["kind"] == "discard":
            assert set(row["action"]["cards"]) <= {"??"}


def test_a_game_log_starts_each_hand_with_its_deal() -> None:
    log = GameLog("pinochle-7", (3, 0, 1), random.Random(2))
    assert log.events[0] == {"kind": "new-hand", "hand": 1, "dealer": 1, "seats": [3, 0, 1],
                             "stock": 27, "draw_cap": None}
    assert [e["seat"] for e in log.events[1:4]] == [3, 0, 1]
    assert all(e["kind"] == "dealt" and e["count"] == 7 for e in log.events[1:4])
    state = GameState(PINOCHLE_5, 2, rng=random.Random(2))
    assert state.view(None).hand == () and state.view(None).seat == -1
