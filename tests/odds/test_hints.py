"""The draw hint: ``standpat.odds.hint(view)`` and its lines at the terminal table."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

from standpat.cli.poker_play import PokerSession
from standpat.cli.poker_seating import Seating
from standpat.cli.prompt import Quit
from standpat.engine import Action, ActionKind, Hand, Stakes, Structure, get_game
from standpat.odds import analyse, hint, hint_lines


def to_the_draw(game: str, seed: int, players: int = 2) -> Hand:
    hand = Hand(game, "fixed-limit", Stakes.from_bets(2), [100] * players, rng=seed, button=0)
    while ActionKind.DISCARD not in hand.legal_actions().kinds:
        legal = hand.legal_actions()
        hand.apply(Action.check() if Action.check() in legal else Action.call())
    return hand


def test_the_hint_is_the_best_holds_of_the_analysis() -> None:
    hand = to_the_draw("five-card-draw", 4)
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    data = hint(view)
    assert data is not None
    json.dumps(data)  # JSON-ready
    assert data["aim"] == "strength" and data["exact"] and data["draws_left"] == 1
    analysis = analyse(view.hand, "five-card-draw", aim="strength")
    assert [h["keep"] for h in data["holds"]] == [
        [str(c) for c in h.keep] for h in analysis.holds[:3]]
    assert hint(hand.view((seat + 1) % 2)) is None  # not that seat's turn


def test_the_hint_counts_own_discards_as_dead() -> None:
    hand = to_the_draw("deuce-to-seven-triple-draw", 9)
    seat = hand.to_act
    thrown = list(hand.view(seat).hand[:2])
    hand.apply(Action.discard(thrown))
    while not (hand.to_act == seat and ActionKind.DISCARD in hand.legal_actions().kinds):
        legal = hand.legal_actions()
        if ActionKind.DISCARD in legal.kinds:
            hand.apply(Action.stand_pat())
        else:
            hand.apply(Action.check() if Action.check() in legal else Action.call())
    view = hand.view(seat)
    data = hint(view)
    assert data is not None and data["draws_left"] == 2 and data["aim"] == "8-low"
    best = data["holds"][0]
    again = analyse(view.hand, "deuce-to-seven-triple-draw", keep=" ".join(best["keep"]),
                    dead=thrown, draws=2, aim="8-low").holds[0]
    assert best["probabilities"]["8-low"] == again.probabilities["8-low"]
    without = analyse(view.hand, "deuce-to-seven-triple-draw", keep=" ".join(best["keep"]),
                      draws=2, aim="8-low").holds[0]
    assert without.probabilities != again.probabilities  # the discards changed the stub


def scripted(lines: Iterator[str]) -> object:
    def ask(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise Quit from None
    return ask


def test_the_terminal_table_shows_the_hint_at_the_draw(tmp_path: Path) -> None:
    def play(hints: bool) -> str:
        seating = Seating.open(
            get_game("five-card-draw"), Structure.FIXED_LIMIT, Stakes.from_bets(2),
            rng=random.Random(5), human="Ana", bots=["Ada"], level="easy", buy_in=100,
        )
        out = io.StringIO()
        session = PokerSession(seating, tmp_path / f"h{hints}", out,
                               ask=scripted(iter(["c", "c", "pat", "c", "c"])),  # type: ignore[arg-type]
                               hints=hints)
        session.play()
        return out.getvalue()

    shown = play(True)
    screens = shown.split("=== Hand")
    at_draw = [s for s in screens if "Your turn: d 1 3" in s]
    assert at_draw and all("Hint (" in s for s in at_draw)
    assert all("Hint (" not in s for s in screens if "Your turn: d 1 3" not in s)
    lines = [line for line in at_draw[0].splitlines() if "improves" in line]
    assert len(lines) == 3 and lines[0].startswith("Hint (")
    assert "Hint (" not in play(False)


def test_hint_lines_word_a_lowball_hint() -> None:
    lines = hint_lines({
        "aim": "8-low", "draws_left": 2, "now": "pair", "exact": False,
        "holds": [{"keep": ["7s", "5d", "3c"], "discard": ["Kc", "Kd"], "improve": 0.8,
                   "chance": 0.41, "probabilities": {"7-low": 0.2, "8-low": 0.41, "9-low": 0.6,
                                                      "T-low": 0.7}}],
    })
    assert lines == ["Hint (pair): keep 7s 5d 3c, draw 2: 7-low 20.0%, 8-low 41.0%, "
                     "9-low 60.0% by the last draw"]
