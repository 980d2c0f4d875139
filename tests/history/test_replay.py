"""Replaying step by step, and PHH fields standpat does not use."""

from __future__ import annotations

import warnings

import pytest

from standpat.history import dumps, loads, record_from_hand, replay, replay_steps
from tests.history.helpers import random_hand, random_hands


def test_replay_steps_yields_every_event_once_in_order() -> None:
    for hand in random_hands(200, seed=8):
        record = record_from_hand(hand)
        seen = []
        steps = 0
        hands = set()
        for now, step, events in replay_steps(record):
            hands.add(id(now))
            final = now
            seen.extend(events)
            steps += step is not None
        assert len(hands) == 1 and final.is_over
        assert tuple(seen) == final.events
        assert steps == len(hand.actions)


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
