"""Hand API: clone, seeds, views and redaction, replays, errors."""

from __future__ import annotations

import random

import pytest

from standpat.engine import (
    Action,
    Burned,
    Dealt,
    Discarded,
    EventKind,
    GameName,
    Hand,
    Stakes,
    Structure,
    get_game,
    redact,
    shown_cards,
)
from standpat.errors import HandSetupError, IllegalActionError, UnknownGameError
from tests.engine.helpers import act, deal, play, random_action

STAKES = Stakes.from_bets(2)


def test_clone_is_independent_and_replays_the_same_future() -> None:
    rnd = random.Random(3)
    hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", STAKES, [500] * 6, rng=11)
    for _ in range(9):
        hand.apply(random_action(hand.legal_actions(), rnd))
    twin = hand.clone()
    assert twin.events == hand.events and twin.stacks == hand.stacks
    moves = []
    while not hand.is_over:
        action = random_action(hand.legal_actions(), rnd)
        moves.append(action)
        hand.apply(action)
    assert not twin.is_over  # playing the original did not touch the clone
    for action in moves:
        twin.apply(action)  # same rng state: same reshuffles and draws
    assert twin.events == hand.events
    assert twin.stacks == hand.stacks


def test_same_seed_and_actions_give_the_same_hand() -> None:
    rnd = random.Random(5)
    first = play(Hand("seven-card-draw", "no-limit", STAKES, [80] * 5, rng=99), rnd)
    again = Hand("seven-card-draw", "no-limit", STAKES, [80] * 5, rng=99)
    for _, action in first.actions:
        again.apply(action)
    assert again.events == first.events and first.seed == 99
    other = Hand("seven-card-draw", "no-limit", STAKES, [80] * 5, rng=100)
    assert other.events[:20] != first.events[:20]


def test_the_rng_is_used_only_through_shuffle() -> None:
    calls: list[str] = []

    class Recording(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            calls.append(f"shuffle {len(x)}")
            super().shuffle(x)

        def randrange(self, *args: int) -> int:  # type: ignore[override]
            calls.append("randrange")
            return super().randrange(*args)

        def sample(self, *args: object, **kwargs: object) -> list[object]:  # type: ignore[override]
            calls.append("sample")
            return super().sample(*args, **kwargs)  # type: ignore[arg-type]

    rng = Recording(1)
    Hand("five-card-draw", "fixed-limit", STAKES, [100] * 6, rng=rng)
    assert calls == ["shuffle 52"]
    hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", STAKES, [100] * 6, rng=rng)
    while not hand.is_over:  # everyone calls and draws five: the stub runs out
        legal = hand.legal_actions()
        if legal.max_discard:
            hand.apply(Action.discard(legal.cards))
        else:
            hand.apply(Action.call() if legal.to_call else Action.check())
    assert all(c.startswith("shuffle ") for c in calls)  # never randrange or sample
    assert any(c != "shuffle 52" for c in calls)  # reshuffles also go through shuffle


def test_a_plain_random_deals_as_its_own_shuffle_would() -> None:
    """The engine's inline shuffle for a plain Random matches ``random.Random.shuffle``.

    A subclass that overrides nothing is called through the library's ``shuffle``;
    the same seed must give the same deal, draws and reshuffles, event for event.
    """

    class Plain(random.Random):
        pass

    for seed in range(40):
        hands = []
        for rng in (random.Random(seed), Plain(seed)):
            hand = Hand("deuce-to-seven-triple-draw", "fixed-limit", STAKES, [100] * 6, rng=rng)
            while not hand.is_over:  # everyone calls and draws five: the stub runs out
                legal = hand.legal_actions()
                if legal.max_discard:
                    hand.apply(Action.discard(legal.cards))
                else:
                    hand.apply(Action.call() if legal.to_call else Action.check())
            hands.append(hand)
        plain, subclassed = hands
        assert plain.events == subclassed.events
        assert any(e.kind is EventKind.RESHUFFLE for e in plain.events)


def test_view_shows_own_cards_and_hides_everyone_elses() -> None:
    hand = deal("five-card-draw", "no-limit", [100] * 3)
    act(hand, "call", "call", "check")
    act(hand, f"discard {hand.cards_of(1)[0]}")
    for seat in (None, 0, 1, 2):
        view = hand.view(seat)
        assert view.hand == (hand.cards_of(seat) if seat is not None else ())
        for event in view.events:
            if isinstance(event, Dealt | Discarded) and event.seat != seat:
                assert shown_cards(event) == ()
            if isinstance(event, Burned):
                assert event.cards == () and event.hidden == 1
        text = repr(view)
        for other in range(3):
            if other != seat:
                for card in hand.cards_of(other):
                    assert repr(card) not in text
    view = hand.view(2)
    assert view.legal is not None and view.legal.seat == 2
    assert hand.view(0).legal is None
    assert view.stub == hand.stub_size and view.draws_left == 1
    assert view.card_counts == (5, 5, 5)
    assert view.pots == ((6, (0, 1, 2)),) and view.pot == 6
    with pytest.raises(ValueError, match="not a seat"):
        hand.view(3)


def test_redact_keeps_public_events_whole() -> None:
    hand = deal("five-card-draw", "no-limit", [100] * 2)
    for event in hand.events:
        if event.kind in (EventKind.POST, EventKind.STREET):
            assert redact(event, None) == event


def test_games_are_data() -> None:
    assert {g.value for g in GameName} == {
        "five-card-draw-7a", "five-card-draw", "seven-card-draw",
        "deuce-to-seven-triple-draw", "deuce-to-seven-single-draw", "badugi",
        "ace-to-five-triple-draw",
    }
    badugi = get_game("badugi")
    assert (badugi.hand_size, badugi.max_discard, badugi.draws) == (4, 4, 3)
    assert badugi.ranking == "badugi"
    ace_five = get_game("ace-to-five-triple-draw")
    assert (ace_five.hand_size, ace_five.max_discard, ace_five.draws) == (5, 5, 3)
    assert ace_five.ranking == "ace-to-five"
    for game in (badugi, ace_five):  # RULES.md's games table: 2-6 players, a 52-card deck
        assert (game.min_players, game.max_players, len(game.deck_for(6)[0])) == (2, 6, 52)
    seven = get_game("seven-card-draw")
    assert (seven.hand_size, seven.max_discard, seven.draws, seven.ante_percent) == (7, 4, 1, 10)
    assert get_game(seven) is seven
    with pytest.raises(UnknownGameError):
        get_game("razz")
    assert Structure("pot-limit") is Structure.POT_LIMIT


def test_set_up_errors() -> None:
    with pytest.raises(HandSetupError, match="2 to 6 players, not 7"):
        Hand("five-card-draw", "no-limit", STAKES, [10] * 7)
    for name in ("badugi", "ace-to-five-triple-draw"):
        with pytest.raises(HandSetupError, match="2 to 6 players, not 7"):
            Hand(name, "fixed-limit", STAKES, [10] * 7)
        with pytest.raises(HandSetupError, match="2 to 6 players, not 1"):
            Hand(name, "fixed-limit", STAKES, [10])
    with pytest.raises(HandSetupError, match="button 4"):
        Hand("five-card-draw", "no-limit", STAKES, [10] * 3, button=4)
    with pytest.raises(HandSetupError, match="deals the card 2c twice"):
        deal("five-card-draw", "no-limit", [10, 10], ["2c 3c 4c 5c 6c", "2c 3d 4d 5d 6d"])
    with pytest.raises(HandSetupError, match="rng must be"):
        Hand("five-card-draw", "no-limit", STAKES, [10, 10], rng="seed")  # type: ignore[arg-type]


def test_no_action_once_over() -> None:
    hand = deal("five-card-draw", "no-limit", [100, 100])
    act(hand, "fold")
    assert hand.is_over and hand.to_act is None
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.legal_actions()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.apply(Action.check())
    assert not hand.can(Action.check())


def test_hands_and_views_pickle_and_copy() -> None:
    import copy
    import dataclasses
    import pickle

    hand = deal("deuce-to-seven-triple-draw", "no-limit", [100] * 3)
    act(hand, "call", "call", "check")
    again = pickle.loads(pickle.dumps(hand))
    assert again.events == hand.events and again.legal_actions() == hand.legal_actions()
    play(again, random.Random(2))
    assert again.is_over and not hand.is_over
    assert copy.deepcopy(hand).events == hand.events
    view = hand.view(1)
    assert pickle.loads(pickle.dumps(view)) == view
    assert dataclasses.asdict(view)["seat"] == 1


def test_copies_carry_every_attribute() -> None:
    """``clone`` and pickling copy the attributes named in ``_FIELDS``: all but the scorer
    and the caches."""
    from standpat.engine import hand as module

    hand = deal("deuce-to-seven-triple-draw", "fixed-limit", [100] * 3)
    compiled = getattr(Hand, "__mypyc_attrs__", None)  # a compiled Hand has no __dict__
    names = set(compiled) if compiled is not None else set(vars(hand))
    assert names - {"_score", "__dict__"} == set(module._FIELDS) | set(module._CACHES)


def test_the_event_builders_put_each_field_where_its_class_names_it() -> None:
    from standpat.engine import (
        BetMade,
        Called,
        Checked,
        DrawOpened,
        Folded,
        Mucked,
        Posted,
        PostKind,
        Raised,
        Reshuffled,
        Returned,
        Shown,
        StreetOpened,
        Won,
    )
    from standpat.engine import hand as module
    from tests.engine.helpers import cards

    seven, nine = cards("7c 9h")
    built = [
        (module._posted(3, 2, PostKind.BIG_BLIND, True), Posted(3, 2, PostKind.BIG_BLIND, True)),
        (module._dealt(1, (seven, nine), 0), Dealt(1, (seven, nine))),
        (module._dealt(1, (), 2), Dealt(1, hidden=2)),
        (module._folded(2), Folded(2)),
        (module._checked(4), Checked(4)),
        (module._called(1, 6, True), Called(1, 6, True)),
        (module._bet_to(BetMade, 0, 4, False), BetMade(0, 4)),
        (module._bet_to(Raised, 1, 8, True), Raised(1, 8, True)),
        (module._opened(StreetOpened, 3), StreetOpened(3)),
        (module._opened(DrawOpened, 2), DrawOpened(2)),
        (module._stub_event(Burned, (seven,), 0), Burned((seven,))),
        (module._stub_event(Reshuffled, (), 7), Reshuffled(hidden=7)),
        (module._discarded(4, 1, (seven,), (nine,), 0), Discarded(4, 1, (seven,), (nine,))),
        (module._returned(2, 9), Returned(2, 9)),
        (module._shown(5, (seven,)), Shown(5, (seven,))),
        (module._mucked(2, (), 3), Mucked(2, hidden=3)),
        (module._won(5, 30, (seven, nine), 2), Won(5, 30, (seven, nine), 2)),
    ]
    for made, expected in built:
        assert made == expected and repr(made) == repr(expected)
