"""PHH, the Poker Hand History format (TOML), read and written.

One hand is a ``.phh`` file of top-level fields; several hands are a
``.phhs`` file with one TOML table per hand, ``[1]``, ``[2]`` ... as PokerKit
writes them.  Deuce-to-seven triple draw, fixed limit, is written with the
PHH code ``F2L3D`` and no-limit single draw with ``N2L1D``, so PokerKit loads
those files as they are.  Games PHH has no code for get a standpat code
(``F5CD``, ``P2L3D`` ...; see :data:`VARIANTS`) and every file carries the
user fields ``_standpat_game``, ``_standpat_structure`` and
``_standpat_stakes``, which PHH readers skip and standpat reads back
exactly; ``_standpat_posts`` appears when the forced bets were not the
standard blinds and antes, ``_standpat_button_seat`` when the table seat of
the button is known.

Reading is strict about what changes the hand (amounts, cards, who acts) and
forgiving about the rest (comments, commentary, unknown extra fields,
missing deals, which become unknown cards).  :func:`read` returns the good
hands and a list of errors; :func:`loads` raises the first error.  Every
error is a :class:`~standpat.errors.HistoryFormatError` whose message names
the file, the hand and the line.

>>> from standpat.history.examples import HEADS_UP_FOLD
>>> record = loads(HEADS_UP_FOLD)[0]
>>> record.game, record.structure, record.starting_stacks
('deuce-to-seven-triple-draw', 'fixed-limit', (100, 80))
>>> [str(step) for step in record.steps]
['p2 f']
>>> print(dumps(record).splitlines()[0])
variant = "F2L3D"
"""

from __future__ import annotations

import bisect
import dataclasses
import datetime
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from standpat.cards import CARDS, Card
from standpat.engine import GAMES, GameName, PostKind, Structure, get_game
from standpat.errors import HistoryError, HistoryFormatError
from standpat.history import _toml
from standpat.history.record import (
    HandRecord,
    PostRecord,
    Source,
    Step,
    StepKind,
    format_phh_cards,
)

__all__ = [
    "VARIANTS",
    "HistoryFile",
    "dumps",
    "dumps_all",
    "loads",
    "read",
    "standard_posts",
    "time_of",
    "variant_of",
]

_STRUCTURE_LETTERS: Final = {
    Structure.FIXED_LIMIT: "F", Structure.POT_LIMIT: "P", Structure.NO_LIMIT: "N",
}
VARIANTS: Final[Mapping[str, tuple[str, str]]] = {
    letter + game.phh_tag: (game.name.value, structure.value)
    for structure, letter in _STRUCTURE_LETTERS.items()
    for game in GAMES.values()
}
"""Variant code -> (game, structure).  ``F2L3D`` and ``N2L1D`` are PHH's own codes."""

PHH_STANDARD_CODES: Final = frozenset({"F2L3D", "N2L1D"})
"""The codes that PHH itself defines (and PokerKit loads)."""

_POST_KINDS: Final = frozenset(kind.value for kind in PostKind)

_OWN_FIELDS: Final = frozenset({
    "variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "players", "seats", "seat_count", "hand", "table",
    "finishing_stacks", "winnings", "_standpat_game", "_standpat_structure",
    "_standpat_stakes", "_standpat_posts", "_standpat_button_seat", "_standpat_seed",
    "_standpat_rake", "_standpat_room_rules",
})
_PLAYER: Final = re.compile(r"p([1-9][0-9]?)")
_CARD_RUN: Final = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_TOML_LINE: Final = re.compile(r"at line (\d+)")
_BY_NAME: Final[dict[str, Card | None]] = {str(card): card for card in CARDS} | {"??": None}
_HEADER: Final = re.compile(
    r"^[ \t]*\[[ \t]*(\"[^\"\n]*\"|'[^'\n]*'|[A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?$",
    re.MULTILINE,
)


class _Lines:
    """Line numbers of offsets in a text (1-based)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


def variant_of(game: str, structure: str) -> str:
    """The variant code for a game and structure.

    >>> variant_of("deuce-to-seven-triple-draw", "fixed-limit")
    'F2L3D'
    >>> variant_of("five-card-draw-7a", "pot-limit")
    'P5CD7A'
    """
    return _STRUCTURE_LETTERS[Structure(structure)] + get_game(game).phh_tag


def standard_posts(
    players: int, small_blind: int, big_blind: int, ante: int
) -> tuple[PostRecord, ...]:
    """The standard forced bets of a hand, in PHH order, as the engine makes them.

    Antes from everyone (``p1`` first), then the small blind (``p1``;
    heads-up ``p2``, the button) and the big blind (``p2``; heads-up ``p1``).
    Amounts are as asked; the engine posts all-in what a stack cannot cover.

    >>> for post in standard_posts(3, 1, 2, 0):
    ...     print(post)
    p1 small-blind 1
    p2 big-blind 2
    """
    posts = [PostRecord(seat, "ante", ante) for seat in range(players)] if ante else []
    small, big = (1, 0) if players == 2 else (0, 1)
    if small_blind:
        posts.append(PostRecord(small, "small-blind", small_blind))
    if big_blind:
        posts.append(PostRecord(big, "big-blind", big_blind))
    return tuple(posts)


# -- writing ------------------------------------------------------------------------


def _phh_actions(record: HandRecord) -> list[str]:
    actions = [f"d dh p{seat + 1} {format_phh_cards(cards)}"
               for seat, cards in enumerate(record.hole_cards)]
    pending: list[Step] = []

    def deal_draws() -> None:
        for step in pending:
            if step.drawn:
                actions.append(f"d dh p{step.seat + 1} {format_phh_cards(step.drawn)}")
        pending.clear()

    for step in record.steps:
        # The dealer deals the draws once everyone has discarded: before the next
        # action, or before a player discards again (all-in players draw on alone).
        if step.kind is not StepKind.DISCARD or any(p.seat == step.seat for p in pending):
            deal_draws()
        actions.append(str(step))
        if step.kind is StepKind.DISCARD:
            pending.append(step)
    deal_draws()
    return actions


def _blind_and_ante_arrays(record: HandRecord) -> tuple[list[int], list[int]]:
    n = record.player_count
    if record.posts is None:
        blinds = [0] * n
        blinds[0], blinds[1] = record.small_blind, record.big_blind
        return [record.ante] * n, blinds
    antes, live = [0] * n, [0] * n
    for post in record.posts:
        if post.kind in ("small-blind", "big-blind"):
            live[post.seat] += post.amount
        else:
            antes[post.seat] += post.amount
    if n == 2:  # PHH reverses the blinds and antes heads-up
        live.reverse()
        antes.reverse()
    return antes, live


def dumps(record: HandRecord) -> str:
    """One hand as PHH text (the fields of a ``.phh`` file)."""
    antes, blinds = _blind_and_ante_arrays(record)
    fields: dict[str, object] = {
        "variant": variant_of(record.game, record.structure),
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if record.structure == "fixed-limit":
        fields["small_bet"] = record.small_bet
        fields["big_bet"] = record.big_bet
    else:
        fields["min_bet"] = record.big_blind or record.small_bet
    fields["starting_stacks"] = list(record.starting_stacks)
    lines = [f"{_toml.key(k)} = {_toml.value(v)}" for k, v in fields.items()]
    lines.append("actions = [")
    lines.extend(f"  {_toml.string(action)}," for action in _phh_actions(record))
    lines.append("]")
    optional: dict[str, object] = {}
    if record.hand is not None:
        optional["hand"] = record.hand
    if record.table is not None:
        optional["table"] = record.table
    if record.players:
        optional["players"] = list(record.players)
    if record.seats:
        optional["seats"] = list(record.seats)
    if record.seat_count is not None:
        optional["seat_count"] = record.seat_count
    if record.finishing_stacks is not None:
        optional["finishing_stacks"] = list(record.finishing_stacks)
    if record.winnings is not None:
        optional["winnings"] = list(record.winnings)
    for name, item in record.extra.items():
        if name not in _OWN_FIELDS:
            optional[name] = item
    optional["_standpat_game"] = record.game
    optional["_standpat_structure"] = record.structure
    optional["_standpat_stakes"] = {
        "small_bet": record.small_bet, "big_bet": record.big_bet,
        "small_blind": record.small_blind, "big_blind": record.big_blind, "ante": record.ante,
    }
    if record.posts is not None:
        optional["_standpat_posts"] = [str(post) for post in record.posts]
    if record.button_seat is not None:
        optional["_standpat_button_seat"] = record.button_seat
    if record.seed is not None:
        optional["_standpat_seed"] = record.seed
    if record.rake:
        optional["_standpat_rake"] = record.rake
    if record.room_rules:
        optional["_standpat_room_rules"] = True
    lines.extend(f"{_toml.key(k)} = {_toml.value(v)}" for k, v in optional.items())
    return "\n".join(lines) + "\n"


def dumps_all(records: Iterable[HandRecord]) -> str:
    """Several hands as a ``.phhs`` file: one table per hand, ``[1]``, ``[2]`` ..."""
    return "\n".join(f"[{i}]\n{dumps(record)}" for i, record in enumerate(records, 1))


# -- reading ------------------------------------------------------------------------


@dataclass
class HistoryFile:
    """What a forgiving read produced: the good hands and an error for each bad one.

    A hand with an error is left out whole; ``errors`` say why, with the
    file, the hand and the line.
    """

    hands: list[HandRecord] = field(default_factory=list)
    errors: list[HistoryError] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    """The place in the file (from 1) of the hand each error is about, in step with ``errors``."""

    def fail(self, error: HistoryError, index: int) -> None:
        """Add an error about the hand at ``index``, keeping errors in file order."""
        at = bisect.bisect_right(self.failed, index)
        self.errors.insert(at, error)
        self.failed.insert(at, index)


class _Hand:
    """The raw fields of one hand and where they are in the text, for messages."""

    def __init__(
        self, raw: Mapping[str, Any], source: Source, text: str, start: int, end: int,
        lines: _Lines,
    ) -> None:
        self.lines = lines
        self.raw = raw
        self.source = source
        self.text = text
        self.start = start
        self.end = end
        self._cursor = start

    def fail(self, message: str, line: int = 0) -> HistoryFormatError:
        where = Source(self.source.file, self.source.hand, line or self.source.line,
                       self.source.index)
        return HistoryFormatError(f"{where}: {message}")

    def line_of_key(self, name: str) -> int:
        match = re.compile(rf"^[ \t]*{re.escape(name)}[ \t]*=", re.MULTILINE).search(
            self.text, self.start, self.end
        )
        return self.lines(match.start()) if match else self.source.line

    def line_of_action(self, action: str, fallback: int) -> int:
        """The line of the next occurrence of this action string after the last one found."""
        for quoted in (_toml.string(action), f"'{action}'", f'"{action}"'):
            pos = self.text.find(quoted, self._cursor, self.end)
            if pos >= 0:
                self._cursor = pos + len(quoted)
                return self.lines(pos)
        return fallback


def _int(hand: _Hand, name: str, item: object, *, minimum: int = 0) -> int:
    if isinstance(item, float) and item.is_integer():
        item = int(item)
    if isinstance(item, bool) or not isinstance(item, int):
        raise hand.fail(f"{name} must be a whole number of chips, not {item!r}.",
                        hand.line_of_key(name.split("[")[0]))
    if item < minimum:
        raise hand.fail(f"{name} must be at least {minimum}, not {item}.",
                        hand.line_of_key(name.split("[")[0]))
    return item


def _ints(hand: _Hand, name: str, n: int | None = None, *, minimum: int = 0) -> list[int]:
    items = hand.raw.get(name)
    if not isinstance(items, list):
        raise hand.fail(f"{name} must be an array of numbers, not {items!r}.",
                        hand.line_of_key(name))
    if n is not None and len(items) != n:
        raise hand.fail(f"{name} has {len(items)} entries for {n} players.",
                        hand.line_of_key(name))
    return [_int(hand, f"{name}[{i}]", v, minimum=minimum) for i, v in enumerate(items)]


def _cards(hand: _Hand, text: str, line: int) -> tuple[Card | None, ...]:
    if not _CARD_RUN.fullmatch(text):
        raise hand.fail(f"{text!r} is not a run of cards like '7h6c' ('??' for unknown).", line)
    cards = [_BY_NAME[text[i:i + 2]] for i in range(0, len(text), 2)]
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise hand.fail(f"{text!r} names a card twice.", line)
    return tuple(cards)


def _seat(hand: _Hand, word: str, n: int, line: int) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None or not 1 <= int(match.group(1)) <= n:
        raise hand.fail(f"{word!r} is not a player of this hand (p1..p{n}).", line)
    return int(match.group(1)) - 1


def _game_and_structure(hand: _Hand) -> tuple[str, str]:
    variant = hand.raw.get("variant")
    if not isinstance(variant, str):
        raise hand.fail(f"variant must be a string such as 'F2L3D', not {variant!r}.",
                        hand.line_of_key("variant"))
    game = hand.raw.get("_standpat_game")
    structure = hand.raw.get("_standpat_structure")
    if game is None and structure is None:
        if variant not in VARIANTS:
            known = ", ".join(sorted(VARIANTS))
            raise hand.fail(f"variant {variant!r} is not a draw game standpat deals; "
                            f"known codes: {known}.", hand.line_of_key("variant"))
        return VARIANTS[variant]
    games = [name.value for name in GameName]
    if game not in games:
        raise hand.fail(f"_standpat_game {game!r} is not one of {', '.join(games)}.",
                        hand.line_of_key("_standpat_game"))
    structures = [name.value for name in Structure]
    if structure not in structures:
        raise hand.fail(f"_standpat_structure {structure!r} is not one of "
                        f"{', '.join(structures)}.", hand.line_of_key("_standpat_structure"))
    assert isinstance(game, str) and isinstance(structure, str)
    if variant in VARIANTS and VARIANTS[variant] != (game, structure):
        raise hand.fail(f"variant {variant!r} contradicts _standpat_game {game!r} and "
                        f"_standpat_structure {structure!r}.", hand.line_of_key("variant"))
    return game, structure


def _stakes(
    hand: _Hand, structure: str, n: int
) -> tuple[dict[str, int], tuple[PostRecord, ...] | None]:
    antes = _ints(hand, "antes", n)
    blinds = _ints(hand, "blinds_or_straddles", n)
    antes_by_seat = antes[::-1] if n == 2 else antes
    trimming = hand.raw.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise hand.fail(f"ante_trimming_status must be true or false, not {trimming!r}.",
                        hand.line_of_key("ante_trimming_status"))
    stakes_raw = hand.raw.get("_standpat_stakes")
    if stakes_raw is not None:
        if not isinstance(stakes_raw, dict):
            raise hand.fail("_standpat_stakes must be a table.",
                            hand.line_of_key("_standpat_stakes"))
        stakes = {}
        for name in ("small_bet", "big_bet", "small_blind", "big_blind", "ante"):
            stakes[name] = _int(hand, f"_standpat_stakes.{name}", stakes_raw.get(name))
    else:
        if structure == "fixed-limit":
            small = _int(hand, "small_bet", hand.raw.get("small_bet"), minimum=1)
            big = _int(hand, "big_bet", hand.raw.get("big_bet"), minimum=1)
        else:
            small = _int(hand, "min_bet", hand.raw.get("min_bet"), minimum=1)
            big = 2 * small
        stakes = {"small_bet": small, "big_bet": big, "small_blind": blinds[0],
                  "big_blind": blinds[1], "ante": antes[0]}
    if stakes["small_bet"] < 1 or stakes["big_bet"] < stakes["small_bet"]:
        raise hand.fail(f"stakes {stakes['small_bet']}/{stakes['big_bet']} make no sense.",
                        hand.line_of_key("small_bet"))
    posts_raw = hand.raw.get("_standpat_posts")
    if posts_raw is not None:
        line = hand.line_of_key("_standpat_posts")
        if not isinstance(posts_raw, list):
            raise hand.fail("_standpat_posts must be an array of strings.", line)
        posts = []
        for item in posts_raw:
            words = item.split() if isinstance(item, str) else []
            if len(words) != 3 or words[1] not in _POST_KINDS or not words[2].isdigit():
                raise hand.fail(f"{item!r} is not a post like 'p3 big-blind 2'.", line)
            posts.append(PostRecord(_seat(hand, words[0], n, line), words[1], int(words[2])))
        return stakes, tuple(posts)
    if any(blinds[2:]):
        raise hand.fail("straddles are not played in standpat's draw games.",
                        hand.line_of_key("blinds_or_straddles"))
    small_seat, big_seat = (1, 0) if n == 2 else (0, 1)
    # Heads-up with equal blinds, PHH's first player to act is the one after the later
    # blind of the two, p1: so the button's blind (p2) is the big one.  standpat's own
    # files (read above) keep the house rule: the button acts first.
    equal = n == 2 and blinds[0] == blinds[1] > 0 and stakes_raw is None
    if equal:
        small_seat, big_seat = 0, 1
    standard = (
        not equal
        and all(a == stakes["ante"] for a in antes_by_seat)
        and blinds[0] == stakes["small_blind"]
        and blinds[1] == stakes["big_blind"]
    )
    if standard:
        return stakes, None
    # Non-uniform antes (a button ante, say): keep exactly what each player posted.
    explicit = [PostRecord(seat, "ante", a) for seat, a in enumerate(antes_by_seat) if a]
    for seat, kind, amount in ((small_seat, "small-blind", blinds[0]),
                               (big_seat, "big-blind", blinds[1])):
        if amount:
            explicit.append(PostRecord(seat, kind, amount))
    return stakes, tuple(explicit)


def _optional(hand: _Hand, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    players = hand.raw.get("players")
    if players is not None:
        if not isinstance(players, list) or len(players) != n or not all(
            isinstance(p, str) for p in players
        ):
            raise hand.fail(f"players must be {n} strings.", hand.line_of_key("players"))
        out["players"] = tuple(players)
    if hand.raw.get("seats") is not None:
        out["seats"] = tuple(_ints(hand, "seats", n, minimum=1))
    if hand.raw.get("seat_count") is not None:
        out["seat_count"] = _int(hand, "seat_count", hand.raw["seat_count"], minimum=n)
    button = hand.raw.get("_standpat_button_seat")
    if button is not None:
        out["button_seat"] = _int(hand, "_standpat_button_seat", button, minimum=1)
    rake = hand.raw.get("_standpat_rake")
    if rake is not None:
        out["rake"] = _int(hand, "_standpat_rake", rake)
    room_rules = hand.raw.get("_standpat_room_rules")
    if room_rules is not None:
        if not isinstance(room_rules, bool):
            raise hand.fail(f"_standpat_room_rules must be true or false, not {room_rules!r}.",
                            hand.line_of_key("_standpat_room_rules"))
        out["room_rules"] = room_rules
    seed = hand.raw.get("_standpat_seed")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise hand.fail(f"_standpat_seed must be an integer, not {seed!r}.",
                            hand.line_of_key("_standpat_seed"))
        out["seed"] = seed
    for name in ("hand", "table"):
        item = hand.raw.get(name)
        if item is None:
            continue
        if name == "hand" and isinstance(item, int) and not isinstance(item, bool):
            out[name] = item
        elif isinstance(item, str | int) and not isinstance(item, bool):
            out[name] = str(item) if name == "table" else item
        else:
            raise hand.fail(f"{name} must be a string or a number.", hand.line_of_key(name))
    for name in ("finishing_stacks", "winnings"):
        if hand.raw.get(name) is not None:
            out[name] = tuple(_ints(hand, name, n))
    _check_date(hand)
    out["extra"] = {k: v for k, v in hand.raw.items() if k not in _OWN_FIELDS}
    return out


def _check_date(hand: _Hand) -> None:
    """The date and time fields, when given, must say a date and a time (they head the text)."""
    for name, low, high in (("year", 1, 9999), ("month", 1, 12), ("day", 1, 31)):
        item = hand.raw.get(name)
        if item is not None and (isinstance(item, bool) or not isinstance(item, int)
                                 or not low <= item <= high):
            raise hand.fail(f"{name} must be a whole number from {low} to {high}, not {item!r}.",
                            hand.line_of_key(name))
    when = hand.raw.get("time")
    if when is not None and time_of(when) is None:
        raise hand.fail(f"time must be a TOML local time such as 21:30:00 (or a string "
                        f"holding one), not {when!r}.", hand.line_of_key("time"))


def time_of(item: object) -> datetime.time | None:
    """PHH's ``time`` field as a time: a TOML local time, or a string such as ``'21:30:00'``.

    >>> time_of("21:30"), time_of("late")
    (datetime.time(21, 30), None)
    """
    if isinstance(item, datetime.time):
        return item
    if isinstance(item, str):
        try:
            return datetime.time.fromisoformat(item.strip())
        except ValueError:
            return None
    return None


def _actions(
    hand: _Hand, n: int, hand_size: int
) -> tuple[tuple[tuple[Card | None, ...], ...], tuple[Step, ...]]:
    raw = hand.raw.get("actions")
    base = hand.line_of_key("actions")
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise hand.fail("actions must be an array of strings.", base)
    dealt: list[list[Card | None]] = [[] for _ in range(n)]
    steps: list[Step] = []
    owed: list[list[int]] = [[] for _ in range(n)]  # indexes of discards still owed cards
    started = False
    for action in raw:
        line = hand.line_of_action(action, base)
        words = action.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                seat = _seat(hand, words[2], n, line)
                cards = _cards(hand, words[3], line)
                if not started:
                    dealt[seat].extend(cards)
                    if len(dealt[seat]) > hand_size:
                        raise hand.fail(f"{words[2]} is dealt {len(dealt[seat])} cards; this "
                                        f"game deals {hand_size}.", line)
                    continue
                _deal_draw(hand, steps, owed[seat], cards, words[2], line)
                continue
            if len(words) >= 2 and words[1] == "db":
                raise hand.fail("draw games have no board: 'd db' cannot appear.", line)
            raise hand.fail(f"{action!r} is not a dealing action ('d dh pN cards').", line)
        seat = _seat(hand, words[0], n, line)
        verb, args = (words[1] if len(words) > 1 else ""), words[2:]
        started = True
        if verb in ("f", "cc") and not args:
            steps.append(Step(seat, StepKind(verb), line=line))
        elif verb == "cbr" and len(args) == 1:
            if not args[0].isdigit() or int(args[0]) <= 0:
                raise hand.fail(f"{args[0]!r} is not a whole, positive number of chips.", line)
            steps.append(Step(seat, StepKind.BET_RAISE, int(args[0]), line=line))
        elif verb == "sd" and len(args) <= 1:
            cards = _cards(hand, args[0], line) if args else ()
            if cards:
                owed[seat].append(len(steps))
            steps.append(Step(seat, StepKind.DISCARD, cards=cards, line=line))
        elif verb == "sm" and len(args) <= 1:
            if not args:
                steps.append(Step(seat, StepKind.MUCK, line=line))
            else:
                shown = () if args[0] == "-" else _cards(hand, args[0], line)
                steps.append(Step(seat, StepKind.SHOW, cards=shown, line=line))
        elif verb == "pb":
            raise hand.fail("draw games have no bring-in: 'pb' cannot appear.", line)
        else:
            raise hand.fail(f"{action!r} is not a player action (f, cc, cbr N, sd, sm).", line)
    holes = tuple(tuple(cards) + (None,) * (hand_size - len(cards)) for cards in dealt)
    # Draws the file never dealt are unknown cards.
    for i, step in enumerate(steps):
        if step.kind is StepKind.DISCARD and len(step.drawn) < len(step.cards):
            missing = (None,) * (len(step.cards) - len(step.drawn))
            steps[i] = Step(step.seat, step.kind, step.amount, step.cards,
                            step.drawn + missing, line=step.line)
    return holes, tuple(steps)


def _deal_draw(
    hand: _Hand, steps: list[Step], owed: list[int], cards: tuple[Card | None, ...],
    player: str, line: int,
) -> None:
    while cards:
        if not owed:
            raise hand.fail(f"{player} is dealt {format_phh_cards(cards)} but has no discard "
                            "waiting for cards.", line)
        step = steps[owed[0]]
        take = len(step.cards) - len(step.drawn)
        drawn, cards = cards[:take], cards[take:]
        steps[owed[0]] = Step(step.seat, step.kind, step.amount, step.cards,
                              step.drawn + drawn, line=step.line)
        if len(step.drawn) + len(drawn) == len(step.cards):
            owed.pop(0)


def _record(hand: _Hand) -> HandRecord:
    game, structure = _game_and_structure(hand)
    stacks = _ints(hand, "starting_stacks", minimum=1)
    n = len(stacks)
    rules = get_game(game)
    if not rules.min_players <= n <= rules.most_players:
        raise hand.fail(f"{rules.title} is dealt to {rules.min_players} to "
                        f"{rules.most_players} players, not {n}.",
                        hand.line_of_key("starting_stacks"))
    stakes, posts = _stakes(hand, structure, n)
    holes, steps = _actions(hand, n, rules.hand_size)
    source = hand.source
    if "finishing_stacks" in hand.raw:
        source = dataclasses.replace(source, result_line=hand.line_of_key("finishing_stacks"))
    return HandRecord(
        game=game, structure=structure, starting_stacks=tuple(stacks), hole_cards=holes,
        steps=steps, posts=posts, source=source,
        small_bet=stakes["small_bet"], big_bet=stakes["big_bet"],
        small_blind=stakes["small_blind"], big_blind=stakes["big_blind"], ante=stakes["ante"],
        native="_standpat_game" in hand.raw, **_optional(hand, n),
    )


def _hand_sections(text: str, doc: Mapping[str, Any], file: str) -> list[_Hand]:
    lines = _Lines(text)
    if "variant" in doc or "actions" in doc or not doc:
        return [_Hand(doc, Source(file, "1", 1), text, 0, len(text), lines)]
    found: dict[str, int] = {}
    starts = []
    for match in _HEADER.finditer(text):
        name = match.group(1)
        if name[0] in "'\"":
            name = name[1:-1]
        found.setdefault(name, match.start())
        starts.append(match.start())
    starts.append(len(text))
    hands = []
    for index, (name, raw) in enumerate(doc.items(), 1):
        start = found.get(name, 0)
        end = starts[bisect.bisect_right(starts, start)] if name in found else len(text)
        source = Source(file, name, lines(start), index)
        if isinstance(raw, dict):
            hands.append(_Hand(raw, source, text, start, end, lines))
        else:
            hands.append(_Hand({"__not_a_table__": raw}, source, text, start, end, lines))
    return hands


def read(text: str, file: str = "<string>") -> HistoryFile:
    """Read PHH text (one hand, or a ``.phhs`` table per hand); forgiving.

    Returns the hands that read well and one error per hand that did not
    (that hand is left out whole).  Text that is not TOML at all is a single
    error naming the line.
    """
    result = HistoryFile()
    try:
        sections = _hand_sections(text, tomllib.loads(text), file)
    except tomllib.TOMLDecodeError as error:
        sections = _salvage(text, file, error, result)
    for section in sections:
        try:
            if "__not_a_table__" in section.raw:
                raise section.fail("is not a table of PHH fields.")
            result.hands.append(_record(section))
        except HistoryFormatError as error:
            result.fail(error, section.source.index)
    return result


def _salvage(
    text: str, file: str, error: tomllib.TOMLDecodeError, result: HistoryFile
) -> list[_Hand]:
    """Text that is not TOML as a whole: read each ``[hand]`` table on its own."""
    lines = _Lines(text)
    starts = [m.start() for m in _HEADER.finditer(text)]
    if not starts:
        match = _TOML_LINE.search(str(error))
        where = Source(file, "1", int(match.group(1)) if match else 0)
        result.fail(HistoryFormatError(f"{where}: not valid TOML: {error}"), 1)
        return []
    bounds = list(zip(starts, [*starts[1:], len(text)], strict=True))
    preamble = text[:starts[0]]
    if preamble.strip():
        bounds.insert(0, (0, starts[0]))
    sections = []
    for index, (start, end) in enumerate(bounds, 1):
        chunk = text[start:end]
        try:
            doc = tomllib.loads(chunk)
        except tomllib.TOMLDecodeError as chunk_error:
            match = _TOML_LINE.search(str(chunk_error))
            line = lines(start) + (int(match.group(1)) - 1 if match else 0)
            header = _HEADER.match(chunk)
            name = header.group(1).strip("'\"") if header else str(index)
            where = Source(file, name, line, index)
            result.fail(HistoryFormatError(f"{where}: not valid TOML: {chunk_error}"), index)
            continue
        for name, raw in doc.items():
            source = Source(file, name, lines(start), index)
            table = raw if isinstance(raw, dict) else {"__not_a_table__": raw}
            sections.append(_Hand(table, source, text, start, end, _Lines(text)))
    return sections


def loads(text: str, file: str = "<string>") -> list[HandRecord]:
    """Read PHH text strictly: every hand, or the first error raised."""
    result = read(text, file)
    if result.errors:
        raise result.errors[0]
    return result.hands

