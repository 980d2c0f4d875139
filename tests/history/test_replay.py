"""Replaying step by step, and PHH fields standpat does not use."""

from __future__ import annotations

import warnings

import pytest

from standpat.engine import Event
from standpat.history import dumps, loads, record_from_hand, replay, replay_steps
from standpat.history.capture import with_phh_checks
from standpat.history.record import StepKind
from tests.history.helpers import random_hand, random_hands


def test_replay_steps_yields_every_event_once_in_order() -> None:
    forced = 0
    for hand in random_hands(200, seed=8):
        record = record_from_hand(hand)
        seen: list[Event] = []
        steps = 0
        quiet = []
        hands = set()
        for now, step, events in replay_steps(record):
            hands.add(id(now))
            final = now
            seen.extend(events)
            if step is not None and not events:
                quiet.append(step)
            steps += step is not None and bool(events)
        assert len(hands) == 1 and final.is_over
        assert tuple(seen) == final.events
        assert steps == len(hand.actions)
        # The only steps without events: the checks PHH gives where the engine asks nothing,
        # and the showdown, which the engine played by itself.
        engine = {id(e) for e in hand.events}
        phh_checks = sum(id(e) not in engine
                         for e in with_phh_checks(hand.events, hand.starting_stacks))
        assert [s.kind for s in quiet if s.kind is StepKind.CHECK_CALL] == [
            StepKind.CHECK_CALL] * phh_checks
        assert all(s.kind in (StepKind.CHECK_CALL, StepKind.SHOW, StepKind.MUCK) for s in quiet)
        forced += phh_checks
    assert forced > 0


def test_other_phh_fields_are_kept_and_pokerkit_still_reads_them() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    record = record_from_hand(random_hand(2, "deuce-to-seven-triple-draw", "fixed-limit"))
    text = dumps(record) + (
        'author = "Jo Doe"\nevent = "Friday game"\nday = 3\nmonth = 12\nyear = 2026\n'
        "time = 02:30:00\n_sponsors = [\"x\", \"y\"]\n"
    )
    back = loads(text)[0]
    assert back == record
    assert back.extra["author"] == "Jo Doe" and back.extra["_sponsors"] == ["x", "y"]
    again = dumps(back)
    for line in ('author = "Jo Doe"', "time = 02:30:00", '_sponsors = ["x", "y"]'):
        assert line in again
    assert replay(loads(again)[0]).finishing_stacks == record.finishing_stacks
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        history = pokerkit.HandHistory.loads(again)
    assert history.author == "Jo Doe"
    assert history.user_defined_fields["_standpat_game"] == "deuce-to-seven-triple-draw"
