"""The poker command parser: every spelling the player's guide promises, and the refusals."""

from __future__ import annotations

import pytest

from standpat.cards import Card
from standpat.cli.poker_input import Command, Verb, parse_line
from standpat.cli.prompt import InputError


@pytest.mark.parametrize(
    ("line", "verb"),
    [
        ("f", Verb.FOLD), ("fold", Verb.FOLD), ("FOLD", Verb.FOLD),
        ("c", Verb.CALL), ("call", Verb.CALL),
        ("k", Verb.CHECK), ("check", Verb.CHECK), ("x", Verb.CHECK),
        ("allin", Verb.ALL_IN), ("all-in", Verb.ALL_IN), ("all in", Verb.ALL_IN),
        ("pat", Verb.PAT), ("stand pat", Verb.PAT), ("  Stand   Pat ", Verb.PAT),
        ("help", Verb.HELP), ("?", Verb.HELP), ("t", Verb.TABLE), ("table", Verb.TABLE),
        ("quit", Verb.QUIT), ("q", Verb.QUIT), ("exit", Verb.QUIT),
    ],
)
def test_words(line: str, verb: Verb) -> None:
    assert parse_line(line) == Command(verb)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("b 4", Command(Verb.BET, amount=4)),
        ("bet 10", Command(Verb.BET, amount=10)),
        ("r 8", Command(Verb.RAISE, amount=8)),
        ("raise 8", Command(Verb.RAISE, amount=8)),
        ("raise to 8", Command(Verb.RAISE, amount=8)),
        ("r", Command(Verb.RAISE)),
        ("bet", Command(Verb.BET)),
    ],
)
def test_amounts(line: str, command: Command) -> None:
    assert parse_line(line) == command


def test_discards_by_place_by_name_and_mixed() -> None:
    assert parse_line("d 1 3") == Command(Verb.DISCARD, positions=(1, 3))
    assert parse_line("discard 5,2") == Command(Verb.DISCARD, positions=(5, 2))
    assert parse_line("d 7c 9H") == Command(Verb.DISCARD, cards=(Card("7c"), Card("9h")))
    assert parse_line("d 7c9h") == Command(Verb.DISCARD, cards=(Card("7c"), Card("9h")))
    assert parse_line("d 10h") == Command(Verb.DISCARD, cards=(Card("Th"),))
    mixed = parse_line("d 2 Ks")
    assert mixed.positions == (2,) and mixed.cards == (Card("Ks"),)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "type a command"),
        ("   ", "type a command"),
        ("dance", "'dance' is not a command"),
        ("raise lots", "whole number"),
        ("bet -4", "whole number"),
        ("r 4 5", "whole number"),
        ("d", "name the cards"),
        ("d 1 zz", "'zz' is neither a card place"),
        ("fold now", "'fold' takes nothing after it"),
        ("stand", "not a command"),
    ],
)
def test_refusals_explain_in_one_line(line: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_line(line)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message
