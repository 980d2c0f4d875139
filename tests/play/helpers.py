"""Hands dealt from known cards, and the chairs of a three-seat table, for the screen tests."""

from __future__ import annotations

from standpat.cards import parse_cards
from standpat.cli.poker_screen import Chair
from standpat.engine import Hand, Stakes

YOU, ADA, BO = "Ah Ad Kc Qs 9h", "2c 3d 4h 5s 7c", "Th Jh Qh 8d 8s"
NAMES = {0: "You", 1: "Ada", 2: "Bo"}


def three_handed(
    game: str = "five-card-draw", structure: str = "pot-limit",
    stacks: tuple[int, int, int] = (200, 200, 200), holes: tuple[str, ...] = (YOU, ADA, BO),
) -> Hand:
    """Seat 0 (You) on the button, Ada small blind, Bo big blind; stakes 2/4."""
    return Hand(game, structure, Stakes.from_bets(2), list(stacks), rng=3,
                hole_cards=[parse_cards(h) for h in holes])


def chairs() -> tuple[Chair, ...]:
    """The three seats of :func:`three_handed`, numbered 1..3."""
    return (
        Chair(1, "You", 0, position="D"),
        Chair(2, "Ada", 1, position="SB"),
        Chair(3, "Bo", 2, position="BB"),
    )
