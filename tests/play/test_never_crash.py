"""Whatever the player types, he gets an action the engine takes or a one-line reason."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from standpat.cli.poker_actions import to_action
from standpat.cli.poker_input import Verb, parse_line
from standpat.cli.prompt import InputError
from standpat.engine import Action, Hand, SeatView

from .helpers import three_handed

WORDS = st.sampled_from([
    "f", "fold", "c", "call", "k", "check", "b", "bet", "r", "raise", "to", "allin", "all", "in",
    "d", "discard", "pat", "stand", "help", "quit", "1", "3", "5", "6", "0", "99", "-2", "²",
    "7c", "2c", "Ah", "10h", "zz", ",", "  ",
])
LINES = st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=5).map(" ".join))


def _views() -> list[tuple[Hand, SeatView]]:
    betting = three_handed()
    drawing = three_handed()
    drawing.apply(Action.call())
    drawing.apply(Action.call())
    drawing.apply(Action.check())
    return [(betting, betting.view(0)), (drawing, drawing.view(1))]


VIEWS = _views()


@settings(max_examples=250, deadline=None)
@given(LINES)
def test_any_line_gives_a_legal_action_or_a_one_line_reason(line: str) -> None:
    try:
        command = parse_line(line)
    except InputError as error:
        assert "\n" not in str(error)
        return
    if command.verb in (Verb.HELP, Verb.TABLE, Verb.QUIT):
        return
    for hand, view in VIEWS:
        try:
            action = to_action(command, view)
        except InputError as error:
            assert "\n" not in str(error)
            continue
        assert hand.can(action), (line, action)
