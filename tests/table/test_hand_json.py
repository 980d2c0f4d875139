"""HostedPoker's views, made part by part (``HandJson``), are exactly the views built from
each viewer's own engine view (``view_json(hand.view(seat))``), change after change."""

from __future__ import annotations

import itertools
import random

import pytest

from standpat.cards import RANK_CHARS, format_cards
from standpat.engine import GAMES as POKER
from standpat.engine import Stakes
from standpat.ranking import evaluate, get_ranking
from standpat.table.poker import HostedPoker, hand_value_json, view_json
from standpat.table.stats import round_facts

GAMES = list(zip([g.value for g in POKER],
                 itertools.cycle(("fixed-limit", "no-limit", "pot-limit")), strict=False))
"""Every poker game of the engine's registry, each under one structure (the structures in turn)."""


def _action(table: HostedPoker, seat: int, rng: random.Random) -> dict[str, object]:
    view = table.bot_view(seat)
    legal = view.legal
    assert legal is not None
    kinds = sorted(k.value for k in legal.kinds)
    if "discard" in kinds:
        cards = rng.sample([str(c) for c in view.hand], rng.randint(0, legal.max_discard))
        return {"kind": "discard", "cards": cards}
    kind = rng.choice(kinds)
    if kind in ("bet", "raise"):
        return {"kind": kind, "amount": rng.choice((legal.min_to, legal.max_to))}
    return {"kind": kind}


@pytest.mark.parametrize(("game", "structure"), GAMES)
def test_every_view_is_the_viewers_own(game: str, structure: str) -> None:
    rng = random.Random(game)
    table = HostedPoker(game, structure, Stakes.parse("2/4"), seats=5, button=0)
    for seat in range(4):  # seat 4 stays empty: its view is a spectator's
        table.sit(seat, f"p{seat}", 100)
        table.come_in(seat)
    checked = 0
    for _ in range(12):
        for seat in range(4):
            if table.stack(seat) <= 0:
                table.add_chips(seat, 100)
        table.deal(rng)
        sent = dict.fromkeys((0, 1, 2, 3, 4, None), 0)
        while True:
            hand, dealt = table.table.hand, table.table.dealt
            assert hand is not None
            for viewer in sent:
                index = dealt.index(viewer) if viewer in dealt else None
                for since in {0, sent[viewer]}:
                    made = table.view(viewer, since)
                    assert made == view_json(hand.view(index), dealt, since)
                    checked += 1
                sent[viewer] = made["event_count"]
            if table.over:
                break
            turn = table.turn()
            assert turn is not None
            table.act(turn, table.parse_action(_action(table, turn, rng)))
        table.finish()
    assert checked > 500


@pytest.mark.parametrize(("game", "structure"), GAMES)
def test_a_rounds_facts_from_its_events_are_those_of_its_record(game: str, structure: str) -> None:
    """The room counts a round's statistics from the engine's events it holds
    (``Outcome.events``): the same facts as from the stored record's events read back."""
    rng = random.Random(game + "facts")
    table = HostedPoker(game, structure, Stakes.parse("2/4"), seats=4, button=0)
    for seat in range(4):
        table.sit(seat, f"p{seat}", 100)
        table.come_in(seat)
    counted: set[str] = set()
    for _ in range(30):
        for seat in range(4):
            if table.stack(seat) <= 0:
                table.add_chips(seat, 100)
        table.deal(rng)
        while not table.over:
            turn = table.turn()
            assert turn is not None
            table.act(turn, table.parse_action(_action(table, turn, rng)))
        outcome = table.outcome()
        assert len(outcome.events) == len(outcome.record["events"])
        setup = {"game": game, "structure": structure, "stakes": "2/4",
                 "accounts": [10 + s for s in table.table.dealt]}
        facts = round_facts(setup, outcome.record, outcome.events)
        assert facts == round_facts(setup, outcome.record)
        counted |= {k for row in facts for k, v in row.items() if v is True}
        table.finish()
    assert {"vpip", "showdown"} <= counted  # the rounds had facts to count


@pytest.mark.parametrize(("ranking", "size"), [
    ("high", 5), ("high", 7), ("deuce-to-seven", 5), ("ace-to-five", 5), ("short-7a", 5),
    ("badugi", 4)])
def test_a_hand_values_words_are_its_rankings_own(ranking: str, size: int) -> None:
    """A value's category, name key, ranks and name are made once per strength (cached); each
    is still what the ranking itself says of the hand, the first time and the next."""
    rng = random.Random(ranking + str(size))
    rank = get_ranking(ranking)
    deck = list(rank.deck)
    for _ in range(400):
        cards = rng.sample(deck, size)
        value = evaluate(cards, ranking)
        key, ranks = rank.name_parts(value.strength)
        expected = {"category": value.category.value, "best": format_cards(value.best).split(),
                    "key": key, "ranks": [RANK_CHARS[r] for r in ranks], "name": str(value),
                    "strength": value.strength}
        assert hand_value_json(cards, ranking) == expected
        assert hand_value_json(list(reversed(cards)), ranking) == {
            **expected, "best": format_cards(evaluate(list(reversed(cards)), ranking).best).split()}


def test_views_of_different_seats_share_no_private_cards() -> None:
    table = HostedPoker("five-card-draw", "fixed-limit", Stakes.parse("2/4"), seats=3, button=0)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
        table.come_in(seat)
    table.deal(random.Random(5))
    hand = table.table.hand
    assert hand is not None
    own = {seat: set(table.view(seat)["hand"]) for seat in range(3)}
    spectator = repr(table.view(None))
    for seat in range(3):
        mine = repr(table.view(seat))
        for other in range(3):
            if other != seat:
                assert not any(f"'{card}'" in mine for card in own[other])
        assert not any(f"'{card}'" in spectator for card in own[seat])


def test_a_badugi_hand_has_its_value_named() -> None:
    table = HostedPoker("badugi", "fixed-limit", Stakes.parse("2/4"), seats=2, button=0)
    for seat in range(2):
        table.sit(seat, f"p{seat}", 100)
        table.come_in(seat)
    table.deal(random.Random(3))
    for seat in range(2):
        view = table.view(seat)
        assert len(view["hand"]) == 4
        value = view["value"]
        assert value["category"] in ("badugi", "three-card", "two-card", "one-card")
        assert len(value["best"]) == len(value["ranks"]) >= 1
        assert value["key"] == value["category"]
        assert "-".join(value["ranks"]) in value["name"]  # "8-5-3-A badugi", "three-card 7-4-2"
