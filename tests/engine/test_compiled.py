"""The engine's two paths agree: hand.py as plain Python, and its mypyc build.

When the build is present (``make`` builds it), ``standpat.engine.hand`` is the
compiled module and the rest of the suite tests that.  Here the source is also
loaded as plain Python, under another module name, and both are played in
lockstep over random hands of every game, structure and table size: the same
events, state, legal actions, views, copies, and the same verdict and message
for random (mostly illegal) actions.  Without the build both sides are the
source, and the test still runs.  The source's doctests run here too, on both
(a compiled module keeps no doctests, so the root conftest.py skips collecting
hand.py when it is compiled).
"""

from __future__ import annotations

import copy
import doctest
import importlib.util
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import standpat.engine.hand as engine_hand
from standpat.cards import Card
from standpat.engine import Action, ActionKind, Hand
from standpat.errors import IllegalActionError
from tests.engine.helpers import random_action
from tests.engine.test_invariants import make_hand

SOURCE = Path(engine_hand.__file__).with_name("hand.py")
COMPILED = engine_hand.__file__ != str(SOURCE)
HANDS = 3_000


@pytest.fixture(scope="module")
def source() -> Iterator[ModuleType]:
    """hand.py run as plain Python (a module of its own, not ``standpat.engine.hand``)."""
    name = "standpat.engine._hand_source"
    spec = importlib.util.spec_from_file_location(name, SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # so that pickle finds its functions
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]


def test_source_doctests_pass_on_both(source: ModuleType) -> None:
    tests = doctest.DocTestFinder().find(source)
    assert {t.name.rsplit(".", 1)[-1] for t in tests if t.examples} >= {"clone", "_shuffle"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        for globs in (dict(vars(source)), dict(vars(engine_hand))):
            test.globs = globs
            runner.run(test)
    assert runner.failures == 0


COPIES: tuple[Callable[[Any], Any], ...] = (
    lambda h: h.clone(), copy.deepcopy, lambda h: pickle.loads(pickle.dumps(h)),
)


def probe(hand: Any, rnd: random.Random) -> Action:
    """A random action, legal or not: any kind, amount and cards."""
    kind = rnd.choice(list(ActionKind))
    if kind is ActionKind.DISCARD:
        held = list(hand.cards_of(hand.to_act))
        pool = held + [Card(rnd.randrange(52)) for _ in range(2)]
        return Action(kind, 0, tuple(rnd.choice(pool) for _ in range(rnd.randrange(7))))
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return Action(kind, rnd.randrange(60))
    return Action(kind, rnd.choice((0, 0, 0, 2)))


def verdict(hand: Any, action: Action, seat: int | None) -> str:
    try:
        hand.verify(action, seat)
    except IllegalActionError as error:
        return str(error)
    return "legal"


def state(hand: Any, seat: int) -> tuple[object, ...]:
    return (
        hand.stacks, hand.bets, hand.pot, hand.pots, hand.contributions, hand.phase,
        hand.street, hand.to_act, hand.is_over, hand.payouts, hand.net, hand.draw_counts,
        hand.draw_counts_public, hand.shown, hand.stub_size, hand.events, hand.actions,
        tuple(hand.folded(s) for s in range(hand.players)),
        tuple(hand.all_in(s) for s in range(hand.players)),
        tuple(hand.cards_of(s) for s in range(hand.players)),
        hand.view(seat), hand.view(None), repr(hand),
    )


def test_compiled_and_source_play_the_same_hands(source: ModuleType) -> None:
    rnd = random.Random(2027)
    for i in range(HANDS):
        seed = rnd.getrandbits(32)
        ours = make_hand(random.Random(seed), seed)
        theirs = make_hand(random.Random(seed), seed, source.Hand)
        assert type(ours) is Hand and type(theirs) is source.Hand
        policy = random.Random(seed)
        copied_at = policy.randrange(40)
        steps = 0
        while True:
            seat = policy.randrange(ours.players)
            assert state(ours, seat) == state(theirs, seat)
            if ours.is_over:
                break
            assert ours.legal_actions() == theirs.legal_actions()
            for _ in range(3):
                action = probe(ours, policy)
                who = policy.choice((None, ours.to_act, seat))
                assert verdict(ours, action, who) == verdict(theirs, action, who), action
                assert ours.can(action, who) == theirs.can(action, who)
            if steps == copied_at:  # carry on from copies, made each way in turn
                ours, theirs = COPIES[i % 3](ours), COPIES[i % 3](theirs)
                assert type(ours) is Hand and type(theirs) is source.Hand
            action = random_action(ours.legal_actions(), policy)
            assert ours.apply(action) == theirs.apply(action)
            steps += 1
        assert ours.strength_of(0) == theirs.strength_of(0)
