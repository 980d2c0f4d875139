"""Typed commands to engine actions: every accepted command is one the engine takes."""

from __future__ import annotations

import pytest

from standpat.cards import parse_cards
from standpat.cli.poker_actions import to_action
from standpat.cli.poker_input import parse_line
from standpat.cli.prompt import InputError
from standpat.engine import Action, Hand, SeatView

from .helpers import three_handed


def act(line: str, view: SeatView, hand: Hand) -> Action:
    action = to_action(parse_line(line), view)
    assert hand.can(action), (line, action)
    return action


def refused(line: str, view: SeatView) -> str:
    with pytest.raises(InputError) as caught:
        to_action(parse_line(line), view)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_betting_words_facing_the_big_blind() -> None:
    hand = three_handed()
    view = hand.view(0)
    assert act("c", view, hand) == Action.call()
    assert act("fold", view, hand) == Action.fold()
    assert act("r 6", view, hand) == Action.raise_to(6)
    assert act("bet 6", view, hand) == Action.raise_to(6)  # the open one of bet / raise
    assert refused("k", view) == (
        "you cannot check: it is 2 to call; you may: call 2 | raise to 4..7 | fold."
    )
    assert refused("r 8", view) == "raise to 8 is not allowed here: raise to 4..7."
    assert "say how much: raise to 4..7" in refused("raise", view)
    assert "the limit caps the bet" in refused("allin", view)
    assert "betting round, not the draw" in refused("pat", view)
    assert "betting round, not the draw" in refused("d 1", view)


def test_check_and_call_when_free() -> None:
    hand = three_handed()
    hand.apply(Action.call())
    hand.apply(Action.call())
    view = hand.view(2)  # the big blind, nothing to call
    assert act("c", view, hand) == Action.check()
    assert act("check", view, hand) == Action.check()
    assert act("b 4", view, hand) == Action.raise_to(4)


def test_fixed_limit_needs_no_amount() -> None:
    hand = three_handed(structure="fixed-limit")
    view = hand.view(0)
    assert act("r", view, hand) == Action.raise_to(4)
    assert refused("r 6", view) == "raise to 6 is not allowed here: raise to 4."


def test_all_in_raises_or_calls_everything() -> None:
    hand = three_handed(stacks=(6, 200, 200))
    assert act("allin", hand.view(0), hand) == Action.raise_to(6)
    hand = three_handed(stacks=(2, 200, 200))
    assert act("all in", hand.view(0), hand) == Action.call()
    hand = three_handed(structure="no-limit")
    assert act("allin", hand.view(0), hand) == Action.raise_to(200)


def to_draw(game: str = "five-card-draw") -> tuple[Hand, SeatView]:
    holes: tuple[str, ...] = (
        "Ah Ad Kc Qs 9h 3c 4d", "2c 3d 4h 5s 7c 6c 6d", "Th Jh Qh 8d 8s 7s 7d")
    if game == "five-card-draw":
        holes = tuple(" ".join(h.split()[:5]) for h in holes)
    hand = three_handed(game=game, holes=holes)
    hand.apply(Action.call())
    hand.apply(Action.call())
    hand.apply(Action.check())
    seat = hand.to_act
    assert seat == 1
    return hand, hand.view(1)


def test_discards_by_place_by_name_and_mixed() -> None:
    hand, view = to_draw()  # Ada holds 2c 3d 4h 5s 7c
    assert act("d 1 3", view, hand) == Action.discard(parse_cards("2c 4h"))
    assert act("d 7c 2C", view, hand) == Action.discard(parse_cards("2c 7c"))
    assert act("d 5 3d", view, hand) == Action.discard(parse_cards("3d 7c"))
    assert act("pat", view, hand) == Action.stand_pat()
    assert act("d 1 2 3 4 5", view, hand) == Action.discard(parse_cards("2c 3d 4h 5s 7c"))


def test_discard_refusals() -> None:
    _, view = to_draw()
    assert refused("d 6", view) == "card place 6 is not one of 1..5."
    assert refused("d As", view) == "As is not in your hand (2c 3d 4h 5s 7c)."
    assert refused("d 1 2c", view) == "that names the same card twice."
    assert refused("c", view).startswith("it is the draw; you may: d 1 3 or d 7c 9h")


def test_seven_card_draw_discards_at_most_four() -> None:
    hand, view = to_draw("seven-card-draw")
    assert act("d 1 2 3 4", view, hand).cards == tuple(view.hand[:4])
    assert refused("d 1 2 3 4 5", view) == "you may discard at most 4 cards here, not 5."
