"""An uploaded file's hand as the page's replayer steps it: only the cards the file names."""

from __future__ import annotations

from dataclasses import replace

from standpat.engine import Dealt
from standpat.history.examples import HEADS_UP_FOLD
from standpat.history.phh import read
from standpat.history.record import Step, StepKind
from standpat.history.replay import replay
from standpat.history.replayer import _as_written, file_record


def test_a_made_up_card_the_file_names_elsewhere_is_still_counted() -> None:
    record = read(HEADS_UP_FOLD.replace("AsQs6s5c3c", "??????????")).hands[0]
    done = replay(record)
    made_up = next(e.cards for e in done.hand.events if isinstance(e, Dealt) and e.seat == 1)
    # the file names those very cards in another step, as when a reshuffle deals a
    # player's discards again: bob's deal is still the replay's guess, never shown
    named = replace(record, steps=(*record.steps,
                                   Step(0, StepKind.DISCARD, cards=made_up, drawn=())))
    deal = next(e for e in _as_written(named, done.hand.events)
                if isinstance(e, Dealt) and e.seat == 1)
    assert deal.cards == () and deal.hidden == 5
    shown = next(e for e in _as_written(named, done.hand.events)
                 if isinstance(e, Dealt) and e.seat == 0)
    assert shown.cards == record.hole_cards[0]


def test_the_cards_a_file_names_are_shown() -> None:
    doc = file_record(HEADS_UP_FOLD)
    deals = [e["cards"] for e in doc["events"] if e["kind"] == "deal"]
    assert deals == [["7h", "6c", "4c", "3d", "2c"], ["As", "Qs", "6s", "5c", "3c"]]
