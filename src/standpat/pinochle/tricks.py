"""Trick play: which cards are legal and who takes a trick.

The rules (RULES.md and seed 004), for a trick in progress:

- Leading: any card, except that trump may not be led until trump is broken,
  unless the leader holds only trump.
- Holding the led suit: play it.  If no trump is in the trick (or trump was
  led), play a card that beats the highest card of the led suit if you can;
  once someone has trumped a plain-suit lead you cannot win, so any card of
  the led suit will do (the seed's player 4).
- Void in the led suit: play trump if you can; if a trump is already in the
  trick, beat the highest trump if you can.
- Otherwise play anything.

"Beat" is strictly higher: of identical cards the first played wins, so the
second copy never beats the first.

The seed's worked example (4 players, diamonds trump, 10 of clubs led):

>>> from standpat.pinochle.cards import deck_cards
>>> trick = deck_cards("Tc")
>>> [str(c) for c in legal_plays(deck_cards("Qc Ac 9h"), trick, 1, True)]
['Ac']
>>> trick += deck_cards("Ac")
>>> [str(c) for c in legal_plays(deck_cards("Kd 9d Jh"), trick, 1, True)]
['Kd', '9d']
>>> trick += deck_cards("Kd")
>>> [str(c) for c in legal_plays(deck_cards("Kd Jh"), trick, 1, True)]
['Kd']
>>> trick += deck_cards("Kd Kd")[1:]
>>> trick_winner(trick, 1)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from standpat.pinochle.cards import POWER, DeckCard

__all__ = ["legal_plays", "trick_winner"]


def legal_plays(
    hand: Sequence[DeckCard], trick: Sequence[DeckCard], trump: int, broken: bool
) -> list[DeckCard]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, in order).

    ``trump`` is the trump suit index, ``broken`` whether trump has been played
    in an earlier trick.  The result keeps the order of ``hand`` and is empty
    only for an empty hand.
    """
    if not trick:
        if broken:
            return list(hand)
        plain = [c for c in hand if c.suit != trump]
        return plain or list(hand)
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    if follow:
        trumped = led != trump and any(c.suit == trump for c in trick)
        if trumped:
            return follow
        top = max(POWER[c.rank] for c in trick if c.suit == led)
        beaters = [c for c in follow if POWER[c.rank] > top]
        return beaters or follow
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        in_trick = [POWER[c.rank] for c in trick if c.suit == trump]
        if in_trick:
            top = max(in_trick)
            beaters = [c for c in trumps if POWER[c.rank] > top]
            return beaters or trumps
        return trumps
    return list(hand)


def trick_winner(trick: Sequence[DeckCard], trump: int) -> int:
    """Index in ``trick`` of the card that takes it.

    The highest trump wins, else the highest card of the led suit; of
    identical cards the first played wins.

    >>> from standpat.pinochle.cards import deck_cards
    >>> trick_winner(deck_cards("Ah Ah Th"), 0), trick_winner(deck_cards("Ah 9c Ah"), 0)
    (0, 1)
    """
    led = trick[0].suit
    best = 0
    for i, card in enumerate(trick):
        top = trick[best]
        if card.suit == top.suit:
            if POWER[card.rank] > POWER[top.rank]:
                best = i
        elif card.suit == trump or (card.suit == led and top.suit != trump):
            best = i
    return best
