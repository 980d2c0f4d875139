"""Cross-checks with PokerKit, the PHH reference implementation, both ways."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from standpat.errors import IllegalHistoryError
from standpat.history import dumps, dumps_all
from standpat.history.capture import record_from_hand
from standpat.history.files import load, load_text
from tests.history.pokerkit_play import common_hand, pokerkit_hand, pokerkit_stacks

pytest.importorskip("pokerkit")

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(("structure", "variant", "count"),
                         [("fixed-limit", "F2L3D", 300), ("no-limit", "N2L1D", 150)])
def test_pokerkit_loads_standpat_files_to_the_same_stacks(
    structure: str, variant: str, count: int
) -> None:
    all_in = side_pots = reshuffles = 0
    for seed in range(count):
        hand = common_hand(seed, structure)
        record = record_from_hand(hand)
        text = dumps(record)
        assert text.startswith(f'variant = "{variant}"')
        assert pokerkit_stacks(text) == record.finishing_stacks, text
        all_in += any(e.all_in for e in hand.events)
        side_pots += any(e.kind.value == "win" and e.pot > 0 for e in hand.events)
        reshuffles += any(e.kind.value == "reshuffle" for e in hand.events)
    # The sample reaches the hard cases, not only folds.
    assert all_in > count // 4
    assert side_pots > 0
    if structure == "fixed-limit":
        assert reshuffles > 0


def test_pokerkit_loads_a_multi_hand_file() -> None:
    from pokerkit import HandHistory

    records = [record_from_hand(common_hand(seed)) for seed in range(20)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # reshuffled cards, see pokerkit_stacks
        histories = list(HandHistory.loads_all(dumps_all(records)))
        assert len(histories) == 20
        for history, record in zip(histories, records, strict=True):
            state = list(history)[-1]
            assert tuple(state.stacks) == record.finishing_stacks


@pytest.mark.parametrize(("structure", "count"), [("fixed-limit", 300), ("no-limit", 150)])
def test_standpat_loads_pokerkit_files_to_the_same_stacks(structure: str, count: int) -> None:
    shown = 0
    for seed in range(count):
        text, stacks = pokerkit_hand(seed, structure)
        loaded = load_text(text, f"pokerkit-{seed}.phh")
        assert loaded.errors == [], text
        assert loaded.hands[0].finishing_stacks == stacks, text
        shown += " sm " in text
    assert shown > count // 4


@pytest.mark.parametrize("structure", ["fixed-limit", "no-limit"])
def test_off_the_common_ground_a_pokerkit_hand_is_replayed_the_same_or_refused(
    structure: str,
) -> None:
    same = refused = 0
    for seed in range(200):
        text, stacks = pokerkit_hand(seed, structure, free=True)
        loaded = load_text(text)
        if loaded.errors:
            refused += 1
            assert isinstance(loaded.errors[0], IllegalHistoryError)
        else:
            same += 1
            assert loaded.hands[0].finishing_stacks == stacks, text
    assert same > refused > 0


def test_a_short_big_blind_in_a_foreign_file_is_checked_by_its_stacks() -> None:
    head = """variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [50, 7, 50]
"""
    called = head + """actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "d dh p3 KdKcKhKs9d",
  "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p3 cc",
  "p1 sm 7h6c4c3d2c", "p2 sm AsQs6s5c3c", "p3 sm KdKcKhKs9d"]
"""
    error = load_text(called).errors[0]
    assert "p2's big blind is all-in for 7 of 10: PHH and standpat's rules then differ" in str(
        error)
    # With PokerKit's stacks stated, the replay runs and the different result is caught.
    stated = called + f"finishing_stacks = {list(pokerkit_stacks(called))}\n"
    assert "the history says the finishing stacks are" in str(load_text(stated).errors[0])
    # Where the rules agree (everyone folds to the short blind), the stated stacks are reached.
    folded = head + """actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "d dh p3 KdKcKhKs9d",
  "p3 f", "p1 f"]
"""
    stacks = pokerkit_stacks(folded)
    loaded = load_text(folded + f"finishing_stacks = {list(stacks)}\n")
    assert loaded.errors == []
    assert loaded.hands[0].finishing_stacks == stacks == (45, 12, 50)


def test_standpat_loads_a_multi_hand_file_pokerkit_wrote(tmp_path: Path) -> None:
    from pokerkit import HandHistory

    texts, stacks = zip(*(pokerkit_hand(seed) for seed in range(15)), strict=True)
    histories = [HandHistory.loads(text) for text in texts]
    path = tmp_path / "pokerkit.phhs"
    path.write_text(HandHistory.dumps_all(histories))
    loaded = load(path)
    assert loaded.errors == []
    assert [r.finishing_stacks for r in loaded.hands] == list(stacks)


def test_the_phh_specification_example_with_unknown_cards() -> None:
    path = DATA / "yockey-arieh-2019.phh"
    loaded = load(path)
    assert loaded.errors == []
    assert loaded.hands[0].finishing_stacks == pokerkit_stacks(path.read_text())
    assert loaded.hands[0].finishing_stacks == (0, 4190000, 5910000, 12095000)
