"""A hint at a practice table: at the player's draw, the best holds and their chances.

:func:`hint` reads a :class:`~standpat.engine.SeatView` (the player's cards,
his earlier discards, the game, its deck and the draws left) and returns
plain JSON-ready data; :func:`hint_lines` words it for the terminal.

With one draw left every hold is analysed exactly; five-card hands are
sorted by the mean strength of the final hand (the share of all hands it
beats; Badugi the same, over four-card hands), Seven Card Draw by the
chance to improve.  In deuce-to-seven and ace-to-five with two or three draws
left, the holds worth comparing (the policy's keep toward each low from 7 to
T, and the lowest one to five distinct cards) are followed to the end, and
sorted by the chance of an eight-low or better; in Badugi, standing pat,
the sets of two or three cards that play (the lowest card alone when no two
do), sorted by the chance of an 8-badugi or better.

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
from itertools import combinations
from typing import Any, Final

from standpat.cards import Card
from standpat.engine import ActionKind, Discarded, SeatView
from standpat.odds.analysis import ANALYSED_RANKINGS, IMPROVE, STRENGTH, Hold, analyse
from standpat.odds.badugi import ace_low_rank, plays
from standpat.odds.badugi import chances as badugi_chances
from standpat.odds.lowball import chances
from standpat.odds.lowpolicy import LowRules, keep_toward, low_rules
from standpat.odds.outcomes import lowest_top, lows, outcome_of
from standpat.odds.tables import DENSE_LIMIT
from standpat.ranking import RankingName

__all__ = ["BADUGI_AIM", "MULTI_DRAW_AIM", "hint", "hint_lines"]

MULTI_DRAW_AIM: Final = "8-low"
"""What a deuce-to-seven or ace-to-five hint with several draws left sorts by."""
BADUGI_AIM: Final = "8-badugi"
"""What a Badugi hint with several draws left sorts by."""
_HINT_BADUGIS: Final = ("8-badugi",)
_HINT_LOWS: Final = ("7-low", "8-low", "9-low")
_CANDIDATE_LOWS: Final = (*_HINT_LOWS, "T-low")
_MADE: Final = frozenset(name for r in RankingName for name in lows(r))
"""Every low ranking's made hands by top card: a hint's probabilities are these "or better"."""


def _discards(view: SeatView) -> list[int]:
    return [int(c) for e in view.events
            if isinstance(e, Discarded) and e.seat == view.seat for c in e.cards]


def _candidates(hand: Sequence[int], unseen: Sequence[int],
                rules: LowRules) -> list[tuple[int, ...]]:
    """Lowball holds worth following over several draws."""
    found: list[tuple[int, ...]] = []
    for name in _CANDIDATE_LOWS:
        found.append(tuple(keep_toward(hand, rules.target(name), unseen, rules)))
    lowest: dict[int, int] = {}
    for card in sorted(hand, key=rules.card):
        lowest.setdefault(rules.card(card) >> 2, card)
    ordered = sorted(lowest.values(), key=rules.card)
    found.extend(tuple(ordered[:k]) for k in range(len(ordered) + 1))
    unique: list[tuple[int, ...]] = []
    for keep in found:
        key = tuple(sorted(keep))
        if key not in unique:
            unique.append(key)
    return unique


def _badugi_candidates(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Badugi holds worth following over several draws: standing pat, every set of two or
    three cards that play (different ranks and suits), and the lowest card alone when no two
    play (following a one-card hold costs the most)."""
    found: list[tuple[int, ...]] = [tuple(hand)]
    for size in (3, 2):
        for keep in combinations(hand, size):
            if plays([(c >> 2, c & 3) for c in keep]):
                found.append(keep)
    if len(found) == 1:
        found.append((min(hand, key=ace_low_rank),))
    return found


def hint(view: SeatView, *, top: int = 3) -> dict[str, Any] | None:
    """The best holds for the seat about to draw, JSON-ready; ``None`` when it is not drawing,
    or the game is one the analysis does not cover (not in
    :data:`~standpat.odds.analysis.ANALYSED_RANKINGS`).

    Keys: ``game``, ``deck`` (cards in it), ``draws_left``, ``hand``, ``now``
    (the hand's outcome as it stands), ``aim``, ``exact``, and ``holds``: up to
    ``top`` of ``{"keep", "discard", "improve", "chance", "probabilities"}``,
    best first (``chance`` is that of the aim; ``probabilities`` as in
    ``standpat odds --json``; with several deuce-to-seven or ace-to-five draws
    left, the chances of a 7-, 8- and 9-low by the last draw (Badugi: of an
    8-badugi), and ``improve`` is ``None``).
    """
    legal = view.legal
    if view.seat is None or legal is None or ActionKind.DISCARD not in legal.kinds:
        return None
    if view.ranking.value not in ANALYSED_RANKINGS:
        return None
    dead = _discards(view)
    deck = 36 if view.ranking.value == "short-6a" else 32 if view.ranking.value == "short-7a" \
        else None
    draws = max(1, view.draws_left)
    hand = [int(c) for c in view.hand]
    if draws > 1 and view.ranking.value in ("deuce-to-seven", "ace-to-five", "badugi"):
        return _several_draws(view, hand, dead, draws, top)
    aim = STRENGTH if len(hand) == 4 or (len(hand) == 5 and len(dead) <= DENSE_LIMIT - 5) \
        else IMPROVE
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
    """Lowball or Badugi with draws after this one: the candidate holds, followed to the
    end toward 7-, 8- and 9-low (or badugi; no "improve": a worse target costs seconds)."""
    unseen = [c for c in range(52) if c not in hand and c not in dead]
    names: tuple[str, ...]
    if view.ranking is RankingName.BADUGI:
        holds = _badugi_candidates(hand)
        names, aim = _HINT_BADUGIS, BADUGI_AIM
        first = lowest_top(view.ranking)
        found = {name: badugi_chances([list(k) for k in holds], unseen,
                                      target=first + lows(view.ranking).index(name), draws=draws)
                 for name in names}
    else:
        rules = low_rules(view.ranking)
        holds = _candidates(hand, unseen, rules)
        names, aim = _HINT_LOWS, MULTI_DRAW_AIM
        found = {name: chances(hand, [list(k) for k in holds], unseen, target=rules.target(name),
                               draws=draws, rules=rules).tolist() for name in names}
    rows: list[dict[str, Any]] = []
    for i, keep in enumerate(holds):
        probabilities = {name: found[name][i] for name in names}
        rows.append({
            "keep": [str(Card(c)) for c in sorted(keep, key=hand.index)],
            "discard": [str(Card(c)) for c in hand if c not in keep],
            "probabilities": probabilities,
            "improve": None,
            "chance": probabilities[aim],
        })
    rows.sort(key=lambda r: (r["chance"], r["probabilities"][names[0]],
                             -len(r["discard"])), reverse=True)
    return {
        "game": view.game.name.value,
        "deck": 52,
        "draws_left": draws,
        "hand": [str(c) for c in view.hand],
        "now": outcome_of(hand, view.ranking),
        "aim": aim,
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
    lowball = bool(holds) and set(holds[0]["probabilities"]) <= _MADE
    strength = data["aim"] == STRENGTH
    when = " by the last draw" if data["draws_left"] > 1 else ""
    now = data["now"] if data["now"] in _MADE else data["now"].replace("-", " ")
    head = f"Hint ({now}): "
    start = 0  # a low game: three lows "or better", from the best one some hold can make
    if lowball:
        firsts = [next((i for i, p in enumerate(h["probabilities"].values()) if p), 99)
                  for h in holds]
        start = max(0, min(min(firsts), len(holds[0]["probabilities"]) - 3))
    lines = []
    for i, hold in enumerate(holds):
        drawn = len(hold["discard"])
        what = "stand pat" if not drawn else f"keep {' '.join(hold['keep']) or 'nothing'}, " \
            f"draw {drawn}"
        lead = head if i == 0 else " " * len(head)
        chances = hold["probabilities"]
        if lowball:
            shown = list(chances.items())[start:start + 3]
            made = ", ".join(f"{name} {100 * p:.1f}%" for name, p in shown)
            lines.append(f"{lead}{what}: {made}{when}")
            continue
        order = list(chances)
        now = order.index(data["now"]) if data["now"] in order else len(order)
        better = sorted(((p, n) for n, p in list(chances.items())[:now] if p), reverse=True)
        extra = ", ".join(f"{n.replace('-', ' ')} {100 * p:.1f}%" for p, n in better[:2])
        mean = f", mean strength {hold['chance']:.2f}" if strength else ""
        lines.append(f"{lead}{what}: improves {100 * hold['improve']:.1f}%"
                     + (f" ({extra})" if extra else "") + mean)
    return lines
