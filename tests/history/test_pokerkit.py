"""Cross-checks with PokerKit, the PHH reference implementation, both ways."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

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
