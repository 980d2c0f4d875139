"""Shared helpers of the table tests: a table factory, hand summaries, play-out policies."""

from __future__ import annotations

import random
from typing import Any

from standpat.engine import Action, ActionKind, LegalActions, Stakes
from standpat.table import Player, Table

STAKES = Stakes.from_bets(2)  # small blind 1, big blind 2


def table(
    players: dict[int, str],
    *,
    seats: int = 6,
    button: int = 0,
    game: str = "five-card-draw",
    chips: int = 100,
    **options: Any,
) -> Table:
    """A fixed-limit table with ``players`` (seat -> name) seated with ``chips`` each."""
    t = Table(game, "fixed-limit", STAKES, seats=seats, rng=1, button=button,
              min_buy_in=options.pop("min_buy_in", 2), **options)
    for seat, name in players.items():
        t.sit(seat, name, chips)
    return t


def seated(t: Table, seat: int) -> Player:
    """The player at ``seat``, who must be there."""
    player = t.player(seat)
    assert player is not None, f"nobody sits at seat {seat}"
    return player


def fold_out(t: Table) -> None:
    """Play the current hand to its end by time-outs (check if free, else fold; stand pat)."""
    while t.playing:
        t.timeout()


def hand(t: Table) -> dict[str, Any]:
    """Start a hand, play it out by time-outs, and summarise its positions and posts."""
    t.start_hand()
    p = t.plan
    assert p is not None
    summary = {
        "button": p.button,
        "sb": p.sb,
        "bb": p.bb,
        "dealt": p.dealt,
        "posts": [(b.seat, str(b.kind), b.amount) for b in p.blinds],
        "dead_button": p.dead_button,
        "dead_sb": p.dead_sb,
    }
    fold_out(t)
    return summary


def markers(t: Table) -> dict[int, str]:
    """The missed-blind markers at the table, seat -> "ML"/"MS"."""
    found = {}
    for seat in range(t.seats):
        player = t.player(seat)
        if player is not None and player.marker is not None:
            found[seat] = str(player.marker)
    return found


def random_action(legal: LegalActions, rnd: random.Random) -> Action:
    """A random legal action; folds rarely so that hands reach the draw and the showdown."""
    if ActionKind.DISCARD in legal.kinds:
        k = rnd.randrange(legal.max_discard + 1)
        return Action.discard(rnd.sample(legal.cards, k))
    kinds = sorted(legal.kinds)
    if ActionKind.FOLD in legal.kinds and len(kinds) > 1 and rnd.random() < 0.7:
        kinds.remove(ActionKind.FOLD)
    kind = kinds[rnd.randrange(len(kinds))]
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        to = legal.min_to if rnd.random() < 0.6 else rnd.randint(legal.min_to, legal.max_to)
        return Action(kind, to)
    return Action(kind)
