"""A hint at a practice table: at the player's draw, the best holds and their chances.

:func:`hint` reads a :class:`~standpat.engine.SeatView` (the player's cards,
his earlier discards, the game, its deck and the draws left) and returns
plain JSON-ready data; :func:`hint_lines` words it for the terminal.

With one draw left every hold is analysed exactly; five-card hands are
sorted by the mean strength of the final hand (the share of all hands it
beats), Seven Card Draw by the chance to improve.  In deuce-to-seven with
two or three draws left, the holds worth comparing (the policy's keep toward
each low from 7 to T, and the lowest one to five distinct cards) are followed
to the end, and sorted by the chance of an eight-low or better.

>>> from standpat.engine import Action, Hand, Stakes
>>> hand = Hand("five-card-draw", "fixed-limit", Stakes.from_bets(2), [100, 100], rng=4,
...             button=0)
>>> while hand.legal_actions().max_discard == 0:      # check or call round the table
...     _ = hand.apply(Action.check() if Action.check() in hand.legal_actions()
...                    else Action.call())
>>> data = hint(hand.view(hand.to_act))
>>> sorted(data), len(data["holds"])
(['aim', 'deck', 'draws_left', 'exact', 'game', 'hand', 'holds', 'now'], 3)
>>> sorted(data["holds"][0])
['chance', 'discard', 'improve', 'keep', 'probabilities']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from standpat.cards import Card
from standpat.engine import ActionKind, Discarded, SeatView
from standpat.odds.analysis import IMPROVE, STRENGTH, Hold, analyse
from standpat.odds.lowball import chances
from standpat.odds.lowpolicy import keep_toward
from standpat.odds.outcomes import LOWS, outcome_of
from standpat.odds.tables import DENSE_LIMIT

__all__ = ["MULTI_DRAW_AIM", "hint", "hint_lines"]

MULTI_DRAW_AIM: Final = "8-low"
"""What a deuce-to-seven hint with several draws left sorts by."""
_HINT_LOWS: Final = LOWS[:3]


def _discards(view: SeatView) -> list[int]:
    return [int(c) for e in view.events
            if isinstance(e, Discarded) and e.seat == view.seat for c in e.cards]


def _candidates(hand: Sequence[int], unseen: Sequence[int]) -> list[tuple[int, ...]]:
    """Deuce-to-seven holds worth following over several draws."""
    found: list[tuple[int, ...]] = []
    for target in range(5, 9):
        found.append(tuple(keep_toward(hand, target, unseen)))
    lowest: dict[int, int] = {}
    for card in sorted(hand):
        lowest.setdefault(card >> 2, card)
    ordered = sorted(lowest.values())
    found.extend(tuple(ordered[:k]) for k in range(len(ordered) + 1))
    unique: list[tuple[int, ...]] = []
    for keep in found:
        key = tuple(sorted(keep))
        if key not in unique:
            unique.append(key)
    return unique


def hint(view: SeatView, *, top: int = 3) -> dict[str, Any] | None:
    """The best holds for the seat about to draw, JSON-ready; ``None`` when it is not drawing.

    Keys: ``game``, ``deck`` (cards in it), ``draws_left``, ``hand``, ``now``
    (the hand's outcome as it stands), ``aim``, ``exact``, and ``holds``: up to
    ``top`` of ``{"keep", "discard", "improve", "chance", "probabilities"}``,
    best first (``chance`` is that of the aim; ``probabilities`` as in
    ``standpat odds --json``; with several deuce-to-seven draws left, the
    chances of a 7-, 8- and 9-low by the last draw, and ``improve`` is ``None``).
    """
    legal = view.legal
    if view.seat is None or legal is None or ActionKind.DISCARD not in legal.kinds:
        return None
    dead = _discards(view)
    deck = 36 if view.ranking.value == "short-6a" else 32 if view.ranking.value == "short-7a" \
        else None
    draws = max(1, view.draws_left)
    hand = [int(c) for c in view.hand]
    if draws > 1 and view.ranking.value == "deuce-to-seven":
        return _several_draws(view, hand, dead, draws, top)
    aim = STRENGTH if len(hand) == 5 and len(dead) <= DENSE_LIMIT - 5 else IMPROVE
    first = analyse(hand, view.game, dead=dead, deck=deck, draws=1, aim=aim)
    return {
        "game": view.game.name.value,
        "deck": len(first.situation.deck),
        "draws_left": draws,
        "hand": [str(c) for c in view.hand],
        "now": first.now,
        "aim": aim,
        "exact": True,
        "holds": [_hold(h) for h in first.holds[:top]],
    }


def _several_draws(view: SeatView, hand: list[int], dead: list[int], draws: int,
                   top: int) -> dict[str, Any]:
    """Deuce-to-seven with draws after this one: the candidate holds, followed to the end
    toward 7-, 8- and 9-low (no "improve": a worse target costs seconds)."""
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    holds = _candidates(hand, unseen)
    lows = _HINT_LOWS
    found = {name: chances(hand, [list(k) for k in holds], unseen, target=5 + LOWS.index(name),
                           draws=draws).tolist() for name in lows}
    rows = []
    for i, keep in enumerate(holds):
        probabilities = {name: found[name][i] for name in lows}
        rows.append({
            "keep": [str(Card(c)) for c in sorted(keep, key=hand.index)],
            "discard": [str(Card(c)) for c in hand if c not in keep],
            "probabilities": probabilities,
            "improve": None,
            "chance": probabilities[MULTI_DRAW_AIM],
        })
    rows.sort(key=lambda r: (r["chance"], r["probabilities"][LOWS[0]], -len(r["discard"])),
              reverse=True)
    return {
        "game": view.game.name.value,
        "deck": 52,
        "draws_left": draws,
        "hand": [str(c) for c in view.hand],
        "now": outcome_of(hand, "deuce-to-seven"),
        "aim": MULTI_DRAW_AIM,
        "exact": False,
        "holds": rows[:top],
    }


def _hold(hold: Hold) -> dict[str, Any]:
    doc = hold.to_json()
    doc["chance"] = hold.chance
    return doc


def hint_lines(data: dict[str, Any]) -> list[str]:
    """The hint as lines for the terminal.

    >>> hint_lines({"aim": "improve", "draws_left": 1, "now": "pair", "exact": True,
    ...     "holds": [{"keep": ["Qs", "Qd"], "discard": ["9c", "4h", "2s"], "improve": 0.2871,
    ...               "chance": 0.2871, "probabilities": {"two-pair": 0.16, "pair": 0.71}}]})
    ['Hint (pair): keep Qs Qd, draw 3: improves 28.7% (two pair 16.0%)']
    """
    holds = data["holds"]
    lowball = bool(holds) and set(holds[0]["probabilities"]) <= set(LOWS)
    strength = data["aim"] == STRENGTH
    when = " by the last draw" if data["draws_left"] > 1 else ""
    now = data["now"] if data["now"] in LOWS else data["now"].replace("-", " ")
    head = f"Hint ({now}): "
    lines = []
    for i, hold in enumerate(holds):
        drawn = len(hold["discard"])
        what = "stand pat" if not drawn else f"keep {' '.join(hold['keep']) or 'nothing'}, " \
            f"draw {drawn}"
        lead = head if i == 0 else " " * len(head)
        chances = hold["probabilities"]
        if lowball:
            lows = ", ".join(f"{name} {100 * p:.1f}%" for name, p in list(chances.items())[:3])
            lines.append(f"{lead}{what}: {lows}{when}")
            continue
        order = list(chances)
        now = order.index(data["now"]) if data["now"] in order else len(order)
        better = sorted(((p, n) for n, p in list(chances.items())[:now] if p), reverse=True)
        extra = ", ".join(f"{n.replace('-', ' ')} {100 * p:.1f}%" for p, n in better[:2])
        mean = f", mean strength {hold['chance']:.2f}" if strength else ""
        lines.append(f"{lead}{what}: improves {100 * hold['improve']:.1f}%"
                     + (f" ({extra})" if extra else "") + mean)
    return lines
