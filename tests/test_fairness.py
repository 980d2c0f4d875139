"""The fair shuffle: chain, commitments and a card stream that anyone can recompute."""

from __future__ import annotations

import copy
import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from standpat.errors import FairnessError
from standpat.fairness import (
    FairRandom,
    SeedChain,
    chain_step,
    check_client_seed,
    commitment,
    hand_key,
    verify_seed,
)


def reference_shuffle(
    seed: bytes, hand: int, clients: dict[int, str], deck: list[int]
) -> list[int]:
    """docs/fairness.md's procedure, written with hashlib/hmac only (no standpat)."""
    message = b"standpat/deck/v1\n" + f"{hand}\n".encode() + "".join(
        f"{seat}:{clients[seat]}\n" for seat in sorted(clients)
    ).encode()
    key = hmac.new(seed, message, hashlib.sha256).digest()
    stream = b"".join(
        hmac.new(key, i.to_bytes(8, "big"), hashlib.sha256).digest() for i in range(400)
    )
    pos = 0

    def bits(k: int) -> int:
        nonlocal pos
        size = (k + 7) // 8
        chunk = stream[pos : pos + size]
        pos += size
        return int.from_bytes(chunk, "big") >> (8 * size - k)

    cards = list(deck)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        j = bits(n.bit_length())
        while j >= n:
            j = bits(n.bit_length())
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@pytest.mark.parametrize("hand", [1, 2, 77])
def test_stream_matches_the_documented_procedure(hand: int) -> None:
    chain = SeedChain(b"k" * 32, length=100)
    clients = {0: "alice", 1: "", 2: "x y z"}
    seed = chain.seed(hand)
    rng = FairRandom(hand_key(seed, hand, clients))
    deck = list(range(52))
    rng.shuffle(deck)
    assert deck == reference_shuffle(seed, hand, clients, list(range(52)))
    assert sorted(deck) == list(range(52))


def test_chain_links_and_verification() -> None:
    chain = SeedChain(length=50)
    assert chain.seed(50) == chain.top
    assert chain.seed(0) == chain.anchor
    seeds = [chain.seed(i) for i in range(51)]
    assert len(set(seeds)) == 51
    for i in range(1, 51):
        assert chain_step(seeds[i]) == seeds[i - 1]
        verify_seed(chain.anchor, i, seeds[i], commitment(seeds[i]))
    with pytest.raises(FairnessError, match="anchor"):
        verify_seed(chain.anchor, 4, seeds[5], commitment(seeds[5]))
    with pytest.raises(FairnessError, match="commitment"):
        verify_seed(chain.anchor, 5, seeds[5], commitment(seeds[4]))
    with pytest.raises(FairnessError):
        chain.seed(51)


def test_commitment_is_in_its_own_domain() -> None:
    seed = bytes(range(32))
    assert commitment(seed) != hashlib.sha256(seed).hexdigest()
    assert commitment(seed) != chain_step(seed).hex()


def test_client_seeds_change_the_deal() -> None:
    seed = bytes(32)
    decks = set()
    for client in ["", "a", "b", "ab"]:
        rng = FairRandom(hand_key(seed, 1, {0: client, 1: ""}))
        deck = list(range(52))
        rng.shuffle(deck)
        decks.add(tuple(deck))
    assert len(decks) == 4
    with pytest.raises(FairnessError):
        check_client_seed("new\nline")


def test_copies_continue_the_same_stream() -> None:
    rng = FairRandom(b"\x01" * 32)
    rng.randrange(7)
    twin = copy.copy(rng)
    assert [rng.randrange(1000) for _ in range(20)] == [twin.randrange(1000) for _ in range(20)]
    assert [rng.random() for _ in range(3)] != [rng.random() for _ in range(3)]


def test_shuffle_is_unbiased() -> None:
    # all 24 orders of 4 cards, 24,000 shuffles: chi-square with 23 degrees of freedom
    rng = FairRandom(b"\x02" * 32)
    counts: Counter[tuple[int, ...]] = Counter()
    trials = 24_000
    for _ in range(trials):
        cards = [0, 1, 2, 3]
        rng.shuffle(cards)
        counts[tuple(cards)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    expected = trials / 24
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 49.7  # p = 0.001


def test_randrange_has_no_modulo_bias() -> None:
    # n = 3 needs 2 bits: a modulo reduction would give 0 half the time
    rng = FairRandom(b"\x03" * 32)
    counts = Counter(rng.randrange(3) for _ in range(30_000))
    for value in range(3):
        assert abs(counts[value] - 10_000) < 400
    assert {rng.randrange(5, 8) for _ in range(200)} == {5, 6, 7}
    with pytest.raises(ValueError):
        rng.randrange(0)
    assert {rng.randrange(10, 0, -3) for _ in range(100)} == {10, 7, 4, 1}
    assert 0 <= rng.randrange(2**63) < 2**63
