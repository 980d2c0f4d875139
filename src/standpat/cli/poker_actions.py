"""From a parsed :class:`~standpat.cli.poker_input.Command` to an engine :class:`Action`.

:func:`to_action` knows the seat's legal actions, so it can read ``c`` as a
check or a call, ``bet`` and ``raise`` as the one that is open, ``allin`` as
the right bet, raise or call, and card places as the cards shown.  What it
refuses, it refuses with a one-line :class:`~standpat.cli.prompt.InputError`
that says what is possible instead; the engine's own ``verify`` has the last
word.
"""

from __future__ import annotations

from standpat.cards import Card
from standpat.cli.poker_input import Command, Verb
from standpat.cli.poker_screen import choices
from standpat.cli.prompt import InputError
from standpat.engine import Action, ActionKind, LegalActions, SeatView

__all__ = ["to_action"]


def to_action(command: Command, view: SeatView) -> Action:
    """The action ``command`` asks for when it is ``view.seat``'s turn; InputError if none.

    ``HELP``, ``TABLE`` and ``QUIT`` are the runner's business and are refused here.
    """
    legal = view.legal
    seat = view.seat
    if legal is None or seat is None:
        raise InputError("it is not your turn.")
    stack, bet = view.stacks[seat], view.bets[seat]
    options = choices(legal, stack, bet)
    if ActionKind.DISCARD in legal.kinds:
        return _draw(command, view.hand, legal, options)
    verb = command.verb
    if verb in (Verb.DISCARD, Verb.PAT):
        raise InputError(f"this is a betting round, not the draw; you may: {options}.")
    if verb is Verb.FOLD:
        return _checked(Action.fold(), ActionKind.FOLD, legal, options)
    if verb is Verb.CALL:
        if ActionKind.CALL in legal.kinds:
            return Action.call()
        return _checked(Action.check(), ActionKind.CHECK, legal, options)
    if verb is Verb.CHECK:
        if ActionKind.CHECK not in legal.kinds and ActionKind.CALL in legal.kinds:
            raise InputError(
                f"you cannot check: it is {min(legal.to_call, stack)} to call; you may: {options}."
            )
        return _checked(Action.check(), ActionKind.CHECK, legal, options)
    if verb in (Verb.BET, Verb.RAISE):
        return _bet(command.amount, legal, options)
    if verb is Verb.ALL_IN:
        return _all_in(legal, stack, bet, options)
    raise InputError(f"'{verb.value}' is not an action; you may: {options}.")


def _checked(action: Action, kind: ActionKind, legal: LegalActions, options: str) -> Action:
    if kind not in legal.kinds:
        raise InputError(f"you cannot {kind.value} now; you may: {options}.")
    return action


def _open_kind(legal: LegalActions, options: str) -> ActionKind:
    if ActionKind.BET in legal.kinds:
        return ActionKind.BET
    if ActionKind.RAISE in legal.kinds:
        return ActionKind.RAISE
    raise InputError(f"no bet or raise is open to you; you may: {options}.")


def _bet(amount: int | None, legal: LegalActions, options: str) -> Action:
    kind = _open_kind(legal, options)
    word = "bet" if kind is ActionKind.BET else "raise to"
    span = f"{legal.min_to}" if legal.min_to == legal.max_to else f"{legal.min_to}..{legal.max_to}"
    if amount is None:
        if legal.min_to != legal.max_to:
            raise InputError(f"say how much: {word} {span} (e.g. '{word} {legal.min_to}').")
        amount = legal.min_to
    if not legal.min_to <= amount <= legal.max_to:
        raise InputError(f"{word} {amount} is not allowed here: {word} {span}.")
    return Action.bet(amount) if kind is ActionKind.BET else Action.raise_to(amount)


def _all_in(legal: LegalActions, stack: int, bet: int, options: str) -> Action:
    kinds = legal.kinds
    if (ActionKind.BET in kinds or ActionKind.RAISE in kinds) and legal.max_to >= stack + bet:
        return _bet(legal.max_to, legal, options)
    if ActionKind.CALL in kinds and legal.to_call >= stack:
        return Action.call()
    if ActionKind.CALL in kinds and not (ActionKind.BET in kinds or ActionKind.RAISE in kinds):
        raise InputError(f"you cannot go all in here (no raise is open); you may: {options}.")
    raise InputError(f"you cannot go all in here (the limit caps the bet); you may: {options}.")


def _draw(command: Command, hand: tuple[Card, ...], legal: LegalActions, options: str) -> Action:
    if command.verb is Verb.PAT:
        return Action.stand_pat()
    if command.verb is not Verb.DISCARD:
        raise InputError(f"it is the draw; you may: {options}.")
    chosen: list[Card] = []
    for place in command.positions:
        if not 1 <= place <= len(hand):
            raise InputError(f"card place {place} is not one of 1..{len(hand)}.")
        chosen.append(hand[place - 1])
    for card in command.cards:
        if card not in hand:
            shown = " ".join(map(str, hand))
            raise InputError(f"{card} is not in your hand ({shown}).")
        chosen.append(card)
    if len(set(chosen)) != len(chosen):
        raise InputError("that names the same card twice.")
    if len(chosen) > legal.max_discard:
        raise InputError(
            f"you may discard at most {legal.max_discard} cards here, not {len(chosen)}."
        )
    return Action.discard(tuple(sorted(chosen, key=hand.index)))
