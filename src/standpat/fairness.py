"""Provably fair shuffling: seed chains, commitments and the card stream.

How a card room fixes the cards of a hand (docs/fairness.md tells it for players):

* Each table draws a secret ``top`` from :mod:`secrets` and builds a one-way hash
  chain ``seed(n) = top``, ``seed(i - 1) = H(CHAIN + seed(i))``.  The chain's
  ``anchor`` (``seed(0)``) is published when the table opens; hand ``i`` uses
  ``seed(i)``.  A revealed seed lets anyone walk the chain down to the anchor
  (and to earlier hands), never up to a later hand.
* When hand ``i`` starts, the room publishes ``commitment = H(COMMIT + seed(i))``
  (a separate hash domain) and the client seeds of the players dealt in.
* The hand's key is ``HMAC-SHA256(seed(i), DECK + hand number + client seeds)``;
  the card stream is ``HMAC-SHA256(key, 0) || HMAC-SHA256(key, 1) || ...``.
  :class:`FairRandom` reads it for every random choice of the hand: an unbiased
  Fisher-Yates shuffle with rejection sampling, for the deal and for every
  reshuffle of discards.  So every card of the hand is fixed when it starts.

>>> chain = SeedChain(bytes(32), length=5)
>>> seed = chain.seed(3)
>>> verify_seed(chain.anchor, 3, seed, commitment(seed))
>>> rng = FairRandom(hand_key(seed, 3, {0: "alice", 1: ""}))
>>> deck = list(range(10))
>>> rng.shuffle(deck)
>>> sorted(deck) == list(range(10))
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping, MutableSequence
from typing import Any, Final, TypeVar

from standpat.errors import FairnessError

__all__ = [
    "CHAIN_DOMAIN",
    "CLIENT_SEED_MAX",
    "COMMIT_DOMAIN",
    "DECK_DOMAIN",
    "FairRandom",
    "SeedChain",
    "check_client_seed",
    "commitment",
    "hand_key",
    "verify_seed",
]

CHAIN_DOMAIN: Final = b"standpat/chain/v1\n"
"""Hash-domain prefix of one step down the seed chain."""
COMMIT_DOMAIN: Final = b"standpat/commit/v1\n"
"""Hash-domain prefix of a hand's published commitment."""
DECK_DOMAIN: Final = b"standpat/deck/v1\n"
"""Prefix of the HMAC message that turns a hand seed and client seeds into the hand key."""
CLIENT_SEED_MAX: Final = 64
"""Longest client seed accepted, in characters."""

_T = TypeVar("_T")


def chain_step(seed: bytes) -> bytes:
    """One step down a seed chain: the previous hand's seed from this one.

    >>> chain_step(bytes(32)).hex()[:16]
    '58ac8a9fc6394205'
    """
    return hashlib.sha256(CHAIN_DOMAIN + seed).digest()


def commitment(seed: bytes) -> str:
    """The hex SHA-256 commitment to a hand seed, published when the hand starts."""
    return hashlib.sha256(COMMIT_DOMAIN + seed).hexdigest()


def check_client_seed(text: str) -> str:
    """Return ``text`` if it is a valid client seed (printable ASCII, no newline, at most 64).

    >>> check_client_seed("lucky-7")
    'lucky-7'
    >>> check_client_seed("x" * 65)
    Traceback (most recent call last):
    ...
    standpat.errors.FairnessError: a client seed has at most 64 characters; got 65.
    """
    if len(text) > CLIENT_SEED_MAX:
        raise FairnessError(
            f"a client seed has at most {CLIENT_SEED_MAX} characters; got {len(text)}."
        )
    if not all(" " <= ch <= "~" for ch in text):
        raise FairnessError(f"a client seed must be printable ASCII; got {text!r}.")
    return text


def hand_key(seed: bytes, hand_number: int, client_seeds: Mapping[int, str]) -> bytes:
    """The HMAC key of a hand's card stream.

    ``client_seeds`` maps each dealt-in seat index (0..n-1) to its client seed
    (``""`` for none).  The message is ``DECK_DOMAIN``, the hand number in
    decimal and a newline, then one line ``"<seat>:<client seed>\\n"`` per seat
    in seat order, all ASCII.
    """
    lines = [f"{hand_number}\n"]
    for seat in sorted(client_seeds):
        lines.append(f"{seat}:{check_client_seed(client_seeds[seat])}\n")
    message = DECK_DOMAIN + "".join(lines).encode("ascii")
    return hmac.new(seed, message, hashlib.sha256).digest()


class SeedChain:
    """A one-way chain of ``length`` hand seeds below the secret ``top``.

    ``seed(length)`` is ``top``; ``seed(i - 1) = chain_step(seed(i))``; the
    public ``anchor`` is ``seed(0)``.  Hands use ``seed(1)``, ``seed(2)``, ...
    in order, so a revealed seed never tells a later one.
    """

    __slots__ = ("_marks", "_stride", "anchor", "length", "top")

    def __init__(self, top: bytes | None = None, *, length: int = 10_000) -> None:
        if length < 1:
            raise FairnessError(f"a seed chain needs at least one seed; got length {length}.")
        self.top: bytes = secrets.token_bytes(32) if top is None else top
        self.length = length
        self._stride = max(1, int(length**0.5))
        marks: dict[int, bytes] = {}
        value = self.top
        for index in range(length, -1, -1):
            if index % self._stride == 0 or index == length:
                marks[index] = value
            if index:
                value = chain_step(value)
        self._marks = marks
        self.anchor: bytes = marks[0]

    def seed(self, index: int) -> bytes:
        """The seed of hand ``index`` (1..length) of this chain; ``seed(0)`` is the anchor."""
        if not 0 <= index <= self.length:
            raise FairnessError(f"hand {index} is outside this chain of {self.length} seeds.")
        start = min(m for m in self._marks if m >= index)
        value = self._marks[start]
        for _ in range(start - index):
            value = chain_step(value)
        return value

    def __repr__(self) -> str:
        return f"SeedChain(anchor={self.anchor.hex()[:16]}..., length={self.length})"


def verify_seed(anchor: bytes, index: int, seed: bytes, published: str) -> None:
    """Check a revealed hand seed against the table's anchor and the hand's commitment.

    Raises :class:`~standpat.errors.FairnessError` with the reason when it fails.

    >>> verify_seed(bytes(32), 1, bytes(32), commitment(bytes(32)))
    Traceback (most recent call last):
    ...
    standpat.errors.FairnessError: the seed of hand 1 does not lead to the table's anchor.
    """
    if not hmac.compare_digest(commitment(seed), published.lower()):
        raise FairnessError(f"the seed of hand {index} does not match its commitment {published}.")
    value = seed
    for _ in range(index):
        value = chain_step(value)
    if not hmac.compare_digest(value, anchor):
        raise FairnessError(f"the seed of hand {index} does not lead to the table's anchor.")


class FairRandom(random.Random):
    """A :class:`random.Random` whose every bit comes from a hand's HMAC card stream.

    ``getrandbits(k)`` takes the next ``ceil(k / 8)`` bytes of the stream as a
    big-endian number and drops its ``8 * ceil(k / 8) - k`` low bits.
    ``randrange(n)`` draws ``getrandbits(n.bit_length())`` until the draw is
    below ``n`` (rejection: no modulo bias).  ``shuffle`` is Fisher-Yates from
    the last position down: for ``i`` from ``len - 1`` to 1, swap ``i`` with
    ``randrange(i + 1)``.

    >>> rng = FairRandom(bytes(32))
    >>> [rng.randrange(52) for _ in range(5)]
    [29, 6, 2, 46, 36]
    >>> twin = FairRandom(bytes(32)); twin.randrange(52)
    29
    """

    def __init__(self, key: bytes = bytes(32)) -> None:
        self._key = key
        self._counter = 0
        self._buffer = b""
        super().__init__(0)

    @property
    def key(self) -> bytes:
        """The HMAC key of this stream."""
        return self._key

    def rekey(self, key: bytes) -> None:
        """Start the stream of a new key from its first byte (one stream object per table)."""
        self._key = key
        self._counter = 0
        self._buffer = b""

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Ignored: a card stream is fixed by its key (kept for ``random.Random``)."""

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256)
            self._buffer += block.digest()
            self._counter += 1
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def getrandbits(self, k: int) -> int:
        """The next ``k`` bits of the stream as a non-negative int."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "big") >> (8 * size - k)

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) * (2.0**-53)

    def _randbelow(self, n: int) -> int:
        k = n.bit_length()
        value = self.getrandbits(k)
        while value >= n:
            value = self.getrandbits(k)
        return value

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """A uniform int from ``range(start, stop, step)`` by rejection sampling."""
        if stop is None:
            start, stop = 0, start
        if step > 0:
            width = (stop - start + step - 1) // step
        elif step < 0:
            width = (start - stop - step - 1) // -step
        else:
            raise ValueError("zero step for randrange()")
        if width <= 0:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        return start + step * self._randbelow(width)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place: Fisher-Yates from the end, ``randrange(i + 1)`` each step."""
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple[Any, ...]:
        """The stream position (key, block counter, unread bytes), for copies and clones."""
        return (self._key, self._counter, self._buffer)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a position from :meth:`getstate`."""
        self._key, self._counter, self._buffer = state

    def __repr__(self) -> str:
        return f"FairRandom(bytes.fromhex({self._key.hex()!r}))"
