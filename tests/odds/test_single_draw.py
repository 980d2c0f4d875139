"""The exact single draw: inclusion-exclusion over class counts against every completion."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from standpat.cards import parse_cards
from standpat.odds.completions import completion_counts
from standpat.odds.outcomes import outcomes
from standpat.odds.situation import Situation
from standpat.odds.tables import (
    DENSE_LIMIT,
    build_class_counts,
    class_counts,
    hold_counts,
)

from .reference import single_draw

FIVE_CARD = [
    ("five-card-draw-7a", 32),
    ("five-card-draw-7a", 36),
    ("five-card-draw", None),
    ("deuce-to-seven-single-draw", None),
]


def _deal(rng: random.Random, game: str, deck: int | None, dead: int) -> Situation:
    pack = list(Situation.of(_any_hand(game, deck), game, deck=deck).deck)
    cards = rng.sample(pack, 5 + dead)
    return Situation.of(cards[:5], game, deck=deck, dead=cards[5:])


def _any_hand(game: str, deck: int | None) -> str:
    return "Ac Kd Qh Js 9c" if deck in (32, 36) else "Ac Kd Qh Js 2c"


def _holds_up_to(situation: Situation, most_drawn: int) -> list[int]:
    return [m for m in range(32) if 5 - m.bit_count() <= most_drawn]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "deck"), FIVE_CARD)
def test_tables_match_every_completion_of_random_hands(game: str, deck: int | None) -> None:
    """1,000 hands a deck, 0 to 10 dead cards: every completion of the holds that draw up
    to two cards and of one that draws three or more (four or five: one hand in ten)."""
    rng = random.Random(f"random {game} {deck}")
    table = class_counts(Situation.of(_any_hand(game, deck), game, deck=deck).ranking)
    for _ in range(1000):
        situation = _deal(rng, game, deck, rng.randint(0, DENSE_LIMIT - 5))
        fast = hold_counts(table, situation.hand, situation.dead)
        drawn = 3 if rng.random() < 0.9 else rng.choice((4, 5))
        holds = [*_holds_up_to(situation, 2),
                 rng.choice([m for m in range(32) if 5 - m.bit_count() == drawn])]
        slow = completion_counts(situation, holds)
        for mask in holds:
            assert fast[mask].tolist() == slow[mask].tolist(), (situation, mask)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "deck"), FIVE_CARD)
def test_tables_match_every_completion_of_every_hold(game: str, deck: int | None) -> None:
    """Every hold, every completion: 150 hands on the short decks, 12 on 52 cards."""
    rng = random.Random(f"full {game} {deck}")
    table = class_counts(Situation.of(_any_hand(game, deck), game, deck=deck).ranking)
    for _ in range(150 if deck else 12):
        situation = _deal(rng, game, deck, rng.randint(0, 3))
        fast = hold_counts(table, situation.hand, situation.dead)
        slow = completion_counts(situation, range(32))
        for mask in range(32):
            assert fast[mask].tolist() == slow[mask].tolist(), (situation, mask)


@pytest.mark.parametrize(("game", "deck"), FIVE_CARD)
def test_completions_match_one_hand_at_a_time(game: str, deck: int | None) -> None:
    """The batch enumeration against ``evaluate`` one final hand at a time (small stubs)."""
    rng = random.Random(f"scalar {game} {deck}")
    for _ in range(25):
        situation = _deal(rng, game, deck, len(Situation.of(
            _any_hand(game, deck), game, deck=deck).deck) - 5 - rng.randint(12, 16))
        names = outcomes(situation.ranking)
        mask = rng.randrange(32)
        keep = [c for i, c in enumerate(situation.hand) if mask >> i & 1]
        found = completion_counts(situation, [mask])[mask]
        counted = single_draw(situation.hand, keep, situation.stub, situation.ranking.name.value)
        assert dict(zip(names, found.tolist(), strict=True)) == {
            n: counted.get(n, 0) for n in names
        }


def test_seven_card_draw_completions_match_one_hand_at_a_time() -> None:
    rng = random.Random("seven")
    for _ in range(40):
        cards = rng.sample(range(52), 7 + rng.randint(31, 34))
        situation = Situation.of(cards[:7], "seven-card-draw", dead=cards[7:])
        names = outcomes(situation.ranking)
        holds = [m for m in range(128) if m.bit_count() >= 3]
        found = completion_counts(situation, holds)
        for mask in rng.sample(holds, 6):
            keep = [c for i, c in enumerate(situation.hand) if mask >> i & 1]
            counted = single_draw(situation.hand, keep, situation.stub, "high")
            assert found[mask].tolist() == [counted.get(n, 0) for n in names]


def test_class_counts_add_up_and_match_the_published_category_counts() -> None:
    """Every table row counts its supersets; the outcome table gives the rules' exact counts."""
    table = class_counts("short-7a")
    n = len(table.deck)
    for size in range(5):
        assert int(table.counts[size].sum(dtype=np.int64)) == comb(n, 5) * comb(5, size)
    by_name = Counter(outcomes("short-7a")[c] for c in table.counts[5].tolist())
    assert by_name == {
        "straight-flush": 20, "four-of-a-kind": 224, "flush": 204, "full-house": 1344,
        "straight": 5100, "three-of-a-kind": 10752, "two-pair": 24192, "pair": 107520,
        "high-card": 52020,
    }
    six = Counter(outcomes("short-6a")[c] for c in class_counts("short-6a").counts[5].tolist())
    assert [six[name] for name in reversed(outcomes("short-6a"))] == [
        122400, 193536, 36288, 16128, 6120, 1728, 480, 288, 24,
    ]


def test_lowball_outcomes_split_the_no_pair_hands_by_top_card() -> None:
    counts = Counter(
        outcomes("deuce-to-seven")[c] for c in class_counts("deuce-to-seven").counts[5].tolist()
    )
    # no-pair, non-straight, non-flush five-card hands with a seven on top: 4 rank sets
    assert counts["7-low"] == 4 * (4**5 - 4)
    # aces are high only: the four suited A-2-3-4-5 are flushes, not straight flushes
    assert counts["pair"] == 1_098_240 and counts["flush"] == 5108 + 4
    assert counts["straight-flush"] == 40 - 4


def test_the_cache_is_written_read_back_and_rebuilt_when_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import standpat.odds.tables as tables

    monkeypatch.setenv("STANDPAT_CACHE_DIR", str(tmp_path))
    built = build_class_counts("short-7a")
    tables._save(built)
    (path,) = tmp_path.glob("odds-short-7a-*.npz")
    loaded = tables._load(built.ranking)
    assert loaded is not None
    assert all(np.array_equal(a, b) for a, b in zip(loaded.counts, built.counts, strict=True))
    wrong = list(built.counts)
    wrong[5] = np.roll(wrong[5], 1)  # a stale outcome table: the spot check catches it
    tables._save(tables.ClassCounts(built.ranking, built.deck, tuple(wrong), built.lows))
    assert tables._load(built.ranking) is None
    path.write_bytes(b"not a table")
    assert tables._load(built.ranking) is None


def test_pair_draw_three_improves_28_7_percent() -> None:
    """The published figure: three to a pair improves 28.7% of the time with 52 cards."""
    situation = Situation.of("Qs Qd 9c 4h 2s", "five-card-draw")
    row = hold_counts(class_counts("high"), situation.hand, [])[0b00011]
    total = comb(47, 3)
    still_a_pair = Fraction(int(row[outcomes("high").index("pair")]), total)
    assert 1 - still_a_pair == Fraction(1552, 5405)
    assert round(float(1 - still_a_pair), 3) == 0.287
    # two pair 2,592, trips 1,854, full house 165, quads 45 of the 16,215 draws
    assert row.tolist() == [0, 45, 165, 0, 0, 1854, 2592, 11559, 0]


def test_hold_counts_refuses_too_many_cards() -> None:
    hand = parse_cards("Qs Qd 9c 4h 2s")
    with pytest.raises(ValueError, match="at most 15"):
        hold_counts(class_counts("high"), hand, list(range(11)))
