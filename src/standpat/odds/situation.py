"""One player's draw, checked: the game, its deck and ranking, the hand, the dead cards.

>>> s = Situation.of("Qs Qd 9c 4h 2s", "five-card-draw")
>>> len(s.stub), s.draws, s.ranking
(47, 1, get_ranking('high'))
>>> Situation.of("Qs Qd 9c 4h", "five-card-draw")
Traceback (most recent call last):
...
standpat.errors.HandSizeError: Five Card Draw holds 5 cards, but 'Qs Qd 9c 4h' has 4.
>>> Situation.of("As Ks Qs Js 2s", "five-card-draw-7a")
Traceback (most recent call last):
...
standpat.errors.CardNotInDeckError: 2s is not in the 32-card deck of Five Card Draw 7-A \
(7 to ace; --deck 36 adds the sixes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from standpat.cards import SHORT_6A, SHORT_7A, STANDARD, Card, as_cards, format_cards
from standpat.engine.games import Game, get_game
from standpat.errors import CardNotInDeckError, DuplicateCardError, HandSetupError, HandSizeError
from standpat.ranking import Ranking, RankingName, get_ranking

__all__ = ["DECKS", "Situation", "parse_hold"]

DECKS: Final = {32: SHORT_7A, 36: SHORT_6A, 52: STANDARD}
"""The decks by size."""
_SHORT: Final = {32: RankingName.SHORT_7A, 36: RankingName.SHORT_6A}


def _text(cards: str | Iterable[int]) -> str:
    return cards if isinstance(cards, str) else format_cards(cards)


@dataclass(frozen=True, slots=True)
class Situation:
    """A hand about to draw: game, ranking and deck, the hand, dead cards and draws left.

    ``dead`` are cards known to be out of the stub (own earlier discards,
    cards seen or folded); ``draws`` counts the draws still to come, this one
    included; ``stub`` is what the player may draw from.
    """

    game: Game
    ranking: Ranking
    deck: tuple[Card, ...]
    hand: tuple[Card, ...]
    dead: tuple[Card, ...]
    draws: int
    stub: tuple[Card, ...]

    @property
    def max_discard(self) -> int:
        """The most cards one draw may change."""
        return self.game.max_discard

    @classmethod
    def of(cls, hand: str | Iterable[int], game: str | Game, *, dead: str | Iterable[int] = (),
           deck: int | None = None, draws: int | None = None) -> Situation:
        """Check and build a situation; bad input raises a ``ValueError`` subclass that says why.

        ``deck`` is 32 or 36 for Five Card Draw 7-A (default 32); the other
        games are dealt from 52 cards.  ``draws`` defaults to all the game's draws.
        """
        spec = get_game(game)
        cards = tuple(as_cards(hand))
        out = tuple(as_cards(dead))
        if len(cards) != spec.hand_size:
            raise HandSizeError(
                f"{spec.title} holds {spec.hand_size} cards, but {_text(hand)!r} has {len(cards)}."
            )
        if spec.ranking in _SHORT.values():
            size = 32 if deck is None else deck
            if size not in _SHORT:
                raise HandSetupError(f"{spec.title} is dealt from 32 or 36 cards, not {size}.")
            ranking = get_ranking(_SHORT[size])
        else:
            if deck not in (None, 52):
                raise HandSetupError(f"{spec.title} is dealt from 52 cards, not {deck}.")
            ranking = get_ranking(spec.ranking)
        pack = ranking.deck
        seen: set[int] = set()
        for card in (*cards, *out):
            if card in seen:
                where = "the hand and the dead cards" if card in cards and card in out else (
                    "the hand" if card in cards else "the dead cards")
                raise DuplicateCardError(f"{card} appears twice in {where}.")
            seen.add(card)
            if not ranking.deck_mask >> card & 1:
                extra = " (7 to ace; --deck 36 adds the sixes)" if len(pack) == 32 else (
                    " (6 to ace)" if len(pack) == 36 else "")
                raise CardNotInDeckError(
                    f"{card} is not in the {len(pack)}-card deck of {spec.title}{extra}."
                )
        count = spec.draws if draws is None else draws
        if not 1 <= count <= spec.draws:
            allowed = "1" if spec.draws == 1 else f"1 to {spec.draws}"
            raise HandSetupError(
                f"{spec.title} has {spec.draws} draw{'s' if spec.draws > 1 else ''}: "
                f"draws must be {allowed}, not {count}."
            )
        stub = tuple(c for c in pack if c not in seen)
        need = spec.max_discard * count
        if len(stub) < need:
            raise HandSetupError(
                f"only {len(stub)} cards are left to draw from, fewer than the {need} that "
                f"{count} draw{'s' if count > 1 else ''} of up to {spec.max_discard} may need: "
                "name fewer dead cards."
            )
        return cls(spec, ranking, pack, cards, out, count, stub)

    def holds(self) -> list[tuple[Card, ...]]:
        """Every legal hold (kept cards, in hand order), standing pat first, then by size."""
        return [self.kept(mask) for mask in _hold_masks(len(self.hand), self.max_discard)]

    def hold_masks(self) -> tuple[int, ...]:
        """The holds of :meth:`holds` as masks: bit ``i`` keeps ``hand[i]``."""
        return _hold_masks(len(self.hand), self.max_discard)

    def kept(self, mask: int) -> tuple[Card, ...]:
        """The cards a hold mask keeps, in hand order."""
        return tuple(c for i, c in enumerate(self.hand) if mask >> i & 1)

    def mask_of(self, keep: Iterable[int]) -> int:
        """The mask of a hold given by its cards (all in the hand)."""
        cards = set(keep)
        return sum(1 << i for i, c in enumerate(self.hand) if c in cards)


@cache
def _hold_masks(size: int, max_discard: int) -> tuple[int, ...]:
    least = size - max_discard
    found = [m for m in range(1 << size) if m.bit_count() >= least]
    found.sort(key=lambda m: -m.bit_count())
    return tuple(found)


def parse_hold(situation: Situation, keep: str | Iterable[int]) -> tuple[Card, ...]:
    """The kept cards of ``keep``, checked against the hand, in hand order."""
    cards = as_cards(keep)
    hand = situation.hand
    if len(set(cards)) != len(cards):
        raise DuplicateCardError(f"{_text(keep)!r} names a card twice.")
    for card in cards:
        if card not in hand:
            raise HandSetupError(
                f"cannot keep {card}: it is not in the hand {format_cards(hand)}."
            )
    thrown = len(hand) - len(cards)
    if thrown > situation.max_discard:
        raise HandSetupError(
            f"keeping {len(cards)} card{'s' if len(cards) != 1 else ''} throws {thrown}, but "
            f"{situation.game.title} lets a player change at most {situation.max_discard}."
        )
    return tuple(c for c in hand if c in cards)
