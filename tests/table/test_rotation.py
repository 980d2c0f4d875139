"""Mixed games at one table (RULES.md, "Mixed games"): the game changes only between hands,
after the rotation's number of hands; positions, markers and owed blinds carry over; a
table saved and loaded (between hands or mid-hand) deals on in the right game."""

from __future__ import annotations

import random

import pytest

from standpat.engine import Stakes, get_game
from standpat.errors import TableError, UnknownGameError
from standpat.table import Choice, Marker, Table
from standpat.table.poker import HostedPoker
from standpat.table.rooms import hosted_table
from standpat.table.rotation import Rotation

MIX = Rotation(("deuce-to-seven-triple-draw", "five-card-draw-7a", "seven-card-draw"), hands=3)


def _play_out(table: Table, rng: random.Random) -> None:
    """Play the hand to its end with random legal actions."""
    from standpat.engine import Action, ActionKind

    while table.playing:
        hand = table.hand
        assert hand is not None
        legal = hand.legal_actions()
        kind = rng.choice(sorted(legal.kinds, key=str))
        if kind is ActionKind.DISCARD:
            count = rng.randint(0, min(len(legal.cards), legal.max_discard))
            action = Action.discard(rng.sample(list(legal.cards), count))
        elif kind is ActionKind.BET:
            action = Action.bet(legal.min_to)
        elif kind is ActionKind.RAISE:
            action = Action.raise_to(legal.min_to)
        else:
            action = {ActionKind.FOLD: Action.fold, ActionKind.CHECK: Action.check,
                      ActionKind.CALL: Action.call}[kind]()
        table.act(table.to_act, action)  # type: ignore[arg-type]


def _mixed(seats: int = 4, seed: int = 1) -> Table:
    table = Table("five-card-draw", "fixed-limit", Stakes.parse("2/4"), rng=seed,
                  rotation=MIX, seats=seats)
    for seat in range(seats):
        table.sit(seat, f"p{seat}", 200)
    return table


def test_each_hand_is_dealt_in_the_rotation_s_game_changing_only_between_hands() -> None:
    table, rng = _mixed(), random.Random(5)
    assert table.game.name.value == "deuce-to-seven-triple-draw"  # the first game's
    games = []
    for _ in range(10):
        hand = table.start_hand()
        games.append(hand.game.name.value)
        assert table.game == hand.game
        _play_out(table, rng)
        assert table.game == hand.game  # after the hand, until the next deal
    assert games == ["deuce-to-seven-triple-draw"] * 3 + ["five-card-draw-7a"] * 3 + [
        "seven-card-draw"] * 3 + ["deuce-to-seven-triple-draw"]
    # the 7-A hands used the short deck, the others the full one
    assert {len(get_game(g).deck_for(4)[0]) for g in games[3:6]} == {32}


def test_the_button_and_the_blinds_move_on_as_if_one_game_were_played() -> None:
    mixed, single = _mixed(seed=3), Table("deuce-to-seven-triple-draw", "fixed-limit",
                                          Stakes.parse("2/4"), rng=3, seats=4)
    for seat in range(4):
        single.sit(seat, f"p{seat}", 200)
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(7):
        a, b = mixed.start_hand(), single.start_hand()
        assert (a.button, mixed.plan.button, mixed.plan.sb, mixed.plan.bb) == (  # type: ignore[union-attr]
            b.button, single.plan.button, single.plan.sb, single.plan.bb)  # type: ignore[union-attr]
        _play_out(mixed, rng_a)
        _play_out(single, rng_b)


def test_a_missed_blind_is_owed_in_the_next_game() -> None:
    table, rng = _mixed(), random.Random(2)
    for _ in range(2):
        table.start_hand()
        _play_out(table, rng)
    # the big blind of the rotation's third hand (the last of 2-7) sits out and misses it
    absent = table.next_plan().bb
    table.sit_out(absent)
    table.start_hand()
    _play_out(table, rng)
    player = table.player(absent)
    assert player is not None and player.marker is Marker.ML
    assert table.game.name.value == "deuce-to-seven-triple-draw"
    hand = table.start_hand()  # 7-A now: he is still marked, and owes it in this game
    assert hand.game.name.value == "five-card-draw-7a" and absent not in table.dealt
    _play_out(table, rng)
    assert player.marker is Marker.ML
    table.sit_in(absent)
    offered = table.choices(absent)
    assert offered == (Choice.POST_ALL, Choice.WAIT_FOR_BB)
    table.choose(absent, Choice.POST_ALL)  # he comes in at once, posting both blinds missed
    hand = table.start_hand()
    index = table.dealt.index(absent)
    assert hand.game.name.value == "five-card-draw-7a"
    assert sum(p.amount for p in hand.posts if p.seat == index) == (
        table.stakes.big_blind + table.stakes.small_blind)


def test_a_mixed_table_saved_mid_hand_and_between_hands_deals_on_alike() -> None:
    table, rng = _mixed(seed=11), random.Random(4)
    for _ in range(4):  # into the 7-A hands
        table.start_hand()
        _play_out(table, rng)
    hand = table.start_hand()
    assert hand.game.name.value == "five-card-draw-7a"
    table.act(table.to_act, _first(hand))  # type: ignore[arg-type]
    loaded = Table.from_json(table.to_json())
    assert loaded.rotation == MIX and loaded.game == table.game
    assert loaded.hand is not None and loaded.hand.game.name.value == "five-card-draw-7a"
    assert loaded.hand.view(0) == table.hand.view(0)  # type: ignore[union-attr]
    rng_a, rng_b = random.Random(6), random.Random(6)
    _play_out(table, rng_a)
    _play_out(loaded, rng_b)
    for _ in range(5):
        a, b = table.start_hand(), loaded.start_hand()
        assert a.game == b.game and a.view(0) == b.view(0)
        _play_out(table, rng_a)
        _play_out(loaded, rng_b)


def _first(hand: object) -> object:
    from standpat.engine import Action, ActionKind

    legal = hand.legal_actions()  # type: ignore[attr-defined]
    return Action.check() if ActionKind.CHECK in legal.kinds else Action.call() \
        if ActionKind.CALL in legal.kinds else Action.fold()


def test_a_mixed_table_has_the_seats_every_game_of_it_deals() -> None:
    assert Table("five-card-draw", "fixed-limit", Stakes.parse("2/4"), rotation=MIX).seats == 5
    with pytest.raises(TableError, match="2 to 5 seats, not 6"):
        Table("five-card-draw", "fixed-limit", Stakes.parse("2/4"), rotation=MIX, seats=6)


@pytest.mark.parametrize(("games", "hands", "error", "match"), [
    (("five-card-draw",), 8, TableError, "2 to 8 games"),
    (("five-card-draw", "pinochle-5"), 8, UnknownGameError, "poker games only"),
    (("five-card-draw", "holdem"), 8, UnknownGameError, "poker games only"),
    (("five-card-draw", "five-card-draw"), 8, TableError, "each game once"),
    (("five-card-draw", "seven-card-draw"), 0, TableError, "1 to 100 hands"),
])
def test_a_rotation_that_cannot_be_dealt_is_refused(
        games: tuple[str, ...], hands: int, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        Rotation(games, hands)


def test_the_hosted_table_tells_the_next_game_and_takes_up_only_its_own_mix() -> None:
    table = hosted_table("deuce-to-seven-triple-draw", "fixed-limit", "2/4", seats=3,
                         rotation=MIX)
    assert isinstance(table, HostedPoker)
    assert table.title == "Mixed: 2-7 Triple Draw / 7-A Draw / Seven Card Draw"
    assert table.public()["rotation"] == {
        "games": list(MIX.games), "hands": 3, "next": "deuce-to-seven-triple-draw", "left": 3,
        "then": "five-card-draw-7a"}
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
    rng = random.Random(1)
    for _ in range(3):
        table.deal(random.Random(rng.random()))
        _play_out(table.table, rng)
    assert table.public()["rotation"]["next"] == "five-card-draw-7a"
    assert table.public()["rotation"]["left"] == 3
    saved = table.snapshot()
    again = hosted_table("deuce-to-seven-triple-draw", "fixed-limit", "2/4", seats=3,
                         rotation=MIX)
    again.restore(saved, {s: (f"p{s}", table.stack(s)) for s in range(3)})
    assert again.public()["rotation"] == table.public()["rotation"]
    other = hosted_table("deuce-to-seven-triple-draw", "fixed-limit", "2/4", seats=3)
    with pytest.raises(TableError, match="the saved table is"):
        other.restore(saved, {s: (f"p{s}", table.stack(s)) for s in range(3)})
    with pytest.raises(TableError, match="first of its rotation"):
        hosted_table("seven-card-draw", "fixed-limit", "2/4", rotation=MIX)
