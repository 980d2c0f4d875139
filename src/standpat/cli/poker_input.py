"""What the player types at a poker prompt: words to a :class:`Command`.

:func:`parse_line` reads the words only (no game state), so every spelling
is checked in one place; the runner then turns the command into an engine
action for the seat's legal actions (see :mod:`standpat.cli.poker_actions`).

>>> parse_line("r 8")
Command(verb=<Verb.RAISE: 'raise'>, amount=8)
>>> parse_line("d 1 3")
Command(verb=<Verb.DISCARD: 'discard'>, positions=(1, 3))
>>> parse_line("d 7c 9h")
Command(verb=<Verb.DISCARD: 'discard'>, cards=(Card('7c'), Card('9h')))
>>> parse_line("stand pat").verb
<Verb.PAT: 'pat'>
>>> parse_line("raise lots")
Traceback (most recent call last):
...
standpat.cli.prompt.InputError: 'raise lots': the amount is a whole number of chips, like 'raise 8'.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from standpat.cards import Card, parse_cards
from standpat.cli.prompt import InputError
from standpat.errors import CardError

__all__ = ["HELP_TEXT", "Command", "Verb", "parse_line"]


class Verb(StrEnum):
    """What a typed command asks for; the value is the canonical word."""

    FOLD = "fold"
    CALL = "call"          # check when there is nothing to call
    CHECK = "check"        # only a check: refused when there is a bet to call
    BET = "bet"            # "bet N" and "raise N" both mean: make my bet N in total
    RAISE = "raise"
    ALL_IN = "allin"
    DISCARD = "discard"
    PAT = "pat"
    HELP = "help"
    TABLE = "table"        # draw the table again
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Command:
    """One parsed line: a verb with its amount (bet/raise "to") or its cards.

    ``amount`` is ``None`` when the player gave none (fine in fixed limit,
    where there is one size); ``positions`` are 1-based places in the hand
    as shown, ``cards`` are cards named by text; a discard may mix both.
    """

    verb: Verb
    amount: int | None = None
    positions: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()

    def __repr__(self) -> str:
        parts = [f"verb={self.verb!r}"]
        if self.amount is not None:
            parts.append(f"amount={self.amount}")
        if self.positions:
            parts.append(f"positions={self.positions!r}")
        if self.cards:
            parts.append(f"cards={self.cards!r}")
        return f"Command({', '.join(parts)})"


_WORDS: Final[dict[str, Verb]] = {
    "f": Verb.FOLD, "fold": Verb.FOLD,
    "c": Verb.CALL, "call": Verb.CALL,
    "k": Verb.CHECK, "x": Verb.CHECK, "check": Verb.CHECK,
    "b": Verb.BET, "bet": Verb.BET,
    "r": Verb.RAISE, "raise": Verb.RAISE,
    "allin": Verb.ALL_IN, "all-in": Verb.ALL_IN, "shove": Verb.ALL_IN,
    "d": Verb.DISCARD, "discard": Verb.DISCARD, "draw": Verb.DISCARD,
    "pat": Verb.PAT, "p": Verb.PAT,
    "help": Verb.HELP, "h": Verb.HELP, "?": Verb.HELP,
    "t": Verb.TABLE, "table": Verb.TABLE,
    "quit": Verb.QUIT, "q": Verb.QUIT, "exit": Verb.QUIT,
}

HELP_TEXT: Final = """\
commands (type the short or the long form):
  f, fold            give up the hand
  c, call            call the bet (checks when there is nothing to call)
  k, check           check (refused when there is a bet to call)
  b N, bet N         bet so that your bet is N in total
  r N, raise N       raise to N in total ('raise to N' works too); in fixed limit N may be left out
  allin              put all your chips in (bet, raise or call)
  d 1 3              discard the 1st and 3rd cards shown; d 7c 9h discards by name
  pat, stand pat     keep all your cards (draw none)
  t, table           draw the table again
  help               this list;  quit  leave the table (the hand is played out and saved)"""
"""The text that ``help`` prints at a poker prompt."""


def parse_line(line: str) -> Command:
    """The :class:`Command` that ``line`` spells; raises :class:`InputError` with why not.

    Case and extra spaces do not matter; ``raise to 8``, ``stand pat`` and
    ``all in`` read as one would say them.

    >>> parse_line("  CALL ").verb, parse_line("k").verb, parse_line("all in").verb
    (<Verb.CALL: 'call'>, <Verb.CHECK: 'check'>, <Verb.ALL_IN: 'allin'>)
    >>> parse_line("raise to 12").amount, parse_line("b").amount
    (12, None)
    >>> parse_line("discard 2, 10h").positions, parse_line("discard 2, 10h").cards
    ((2,), (Card('Th'),))
    >>> parse_line("dance")
    Traceback (most recent call last):
    ...
    standpat.cli.prompt.InputError: 'dance' is not a command; type 'help' for the list.
    """
    text = line.strip()
    words = text.lower().replace(",", " ").split()
    if not words:
        raise InputError("type a command (like 'call' or 'd 1 3'), or 'help'.")
    head, rest = words[0], words[1:]
    if head == "stand" and rest == ["pat"]:
        return Command(Verb.PAT)
    if head == "all" and rest == ["in"]:
        return Command(Verb.ALL_IN)
    verb = _WORDS.get(head)
    if verb is None:
        raise InputError(f"{text!r} is not a command; type 'help' for the list.")
    if verb in (Verb.BET, Verb.RAISE):
        return Command(verb, amount=_amount(rest, text))
    if verb is Verb.DISCARD:
        return _discard(rest, text)
    if rest:
        raise InputError(f"{text!r}: '{head}' takes nothing after it.")
    return Command(verb)


def _is_number(word: str) -> bool:
    """Plain ASCII digits only (``'²'.isdigit()`` is true, but ``int('²')`` fails)."""
    return word.isascii() and word.isdigit()


def _amount(rest: list[str], text: str) -> int | None:
    if rest[:1] == ["to"]:
        rest = rest[1:]
    if not rest:
        return None
    if len(rest) != 1 or not _is_number(rest[0]):
        raise InputError(
            f"{text!r}: the amount is a whole number of chips, like '{text.split()[0]} 8'."
        )
    return int(rest[0])


def _discard(rest: list[str], text: str) -> Command:
    if not rest:
        raise InputError(
            f"{text!r}: name the cards to discard, by place ('d 1 3') or by name "
            "('d 7c 9h'), or type 'pat' to keep them all."
        )
    positions: list[int] = []
    cards: list[Card] = []
    for word in rest:
        if _is_number(word):
            positions.append(int(word))
            continue
        try:
            cards.extend(parse_cards(word))
        except CardError:
            raise InputError(
                f"{text!r}: {word!r} is neither a card place (1, 2, ...) nor a card (like 7c)."
            ) from None
    return Command(Verb.DISCARD, positions=tuple(positions), cards=tuple(cards))
