"""Reading back the readable text that :mod:`standpat.history.text` writes.

Hands are read one by one (each starts with a ``standpat Hand #`` line); a
hand that does not read is reported with the file, the hand and the line,
and left out whole, while the others are kept (as :func:`~standpat.history.read`
does for PHH).  The text holds everything a replay needs: stakes, stacks,
posts, every card dealt and drawn, every action.  It does not hold the seed,
so burned cards are not reproduced; ``??`` stands for cards the history did
not know, as in PHH.

>>> from standpat.history.phh import loads
>>> from standpat.history.replay import replay
>>> from standpat.history.text import format_hand
>>> record = loads('''
... variant = "F2L3D"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [100, 80]
... actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 f"]
... players = ["ann", "bob"]
... ''')[0]
>>> back = read_text(format_hand(replay(record))).hands[0]
>>> back.players, back.steps == record.steps, replay(back).finishing_stacks
(('ann', 'bob'), True, (101, 79))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from standpat.cards import CARDS, Card
from standpat.engine import get_game
from standpat.errors import HistoryFormatError
from standpat.history.phh import HistoryFile, standard_posts
from standpat.history.record import HandRecord, PostRecord, Source, Step, StepKind
from standpat.history.text import GAME_TITLES, STRUCTURE_TITLES

__all__ = ["read_text"]

_HEADER: Final = re.compile(
    r"standpat Hand #(\S+): (.+) \((\d+)/(\d+)(?: ante (\d+))?\)(?: - .*)?"
)
_TABLE: Final = re.compile(r"Table '(.*)' (\d+)-max Seat #(\d+) is the button")
_SEAT: Final = re.compile(r"Seat (\d+): (.*) \((\d+) in chips\)")
_ALL_IN: Final = " and is all-in"
_POSTS: Final = {
    "posts small blind": "small-blind",
    "posts big blind": "big-blind",
    "posts the ante": "ante",
    "posts dead small blind": "dead",
}
_CARD_NAMES: Final[dict[str, Card | None]] = {str(c): c for c in CARDS} | {"??": None}
_GAMES: Final = sorted(
    ((f"{g} {s}", game, structure) for game, g in GAME_TITLES.items()
     for structure, s in STRUCTURE_TITLES.items()),
    key=lambda item: -len(item[0]),
)
_SKIP: Final = (
    re.compile(r"Uncalled bet \(\d+\) returned to .*"),
    re.compile(r".* collected \d+ from (?:pot|main pot|side pot-\d+)"),
)


@dataclass
class _Draft:
    """A hand being read."""

    file: str
    name: str
    line: int
    index: int
    fields: dict[str, object] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    stacks: list[int] = field(default_factory=list)
    posts: list[tuple[int, str, int, bool]] = field(default_factory=list)
    holes: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)

    def fail(self, message: str, line: int) -> HistoryFormatError:
        where = Source(self.file, self.name, line, self.index)
        return HistoryFormatError(f"{where}: {message}")


def _cards(draft: _Draft, text: str, line: int) -> tuple[Card | None, ...]:
    inner = text.strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        raise draft.fail(f"{text!r} is not cards in brackets like [7h 6c].", line)
    cards = []
    for token in inner[1:-1].split():
        if token not in _CARD_NAMES:
            raise draft.fail(f"{token!r} is not a card (like 'As', or '??').", line)
        cards.append(_CARD_NAMES[token])
    return tuple(cards)


def _actor(draft: _Draft, text: str) -> tuple[int, str] | None:
    """The seat whose name starts the line (``name: ...``) and the rest of it."""
    for seat in sorted(range(len(draft.names)), key=lambda s: -len(draft.names[s])):
        prefix = f"{draft.names[seat]}: "
        if text.startswith(prefix):
            return seat, text[len(prefix):]
    return None


def _dealt(draft: _Draft, text: str) -> tuple[int, str] | None:
    """``Dealt to name [..]``: the seat and the cards part."""
    if not text.startswith("Dealt to "):
        return None
    rest = text[len("Dealt to "):]
    for seat in sorted(range(len(draft.names)), key=lambda s: -len(draft.names[s])):
        if rest.startswith(draft.names[seat] + " ["):
            return seat, rest[len(draft.names[seat]) + 1:]
    return None


def _amount(draft: _Draft, text: str, line: int, minimum: int = 1) -> int:
    if not text.isdigit() or int(text) < minimum:
        raise draft.fail(f"{text!r} is not a whole number of chips (at least {minimum}).", line)
    return int(text)


def _read_line(draft: _Draft, text: str, line: int, state: dict[str, object]) -> None:
    """One line of a hand's body (after the header)."""
    if state.get("summary"):
        return
    if text.startswith("*** "):
        state["summary"] = text == "*** SUMMARY ***"
        return
    if (m := _TABLE.fullmatch(text)) is not None:
        draft.fields["table"] = m.group(1)
        draft.fields["seat_count"] = int(m.group(2))
        draft.fields["button_seat"] = int(m.group(3))
        return
    if (m := _SEAT.fullmatch(text)) is not None and not draft.holes:
        draft.seats.append(int(m.group(1)))
        draft.names.append(m.group(2))
        draft.stacks.append(int(m.group(3)))
        return
    if any(pattern.fullmatch(text) for pattern in _SKIP):
        return
    if (dealt := _dealt(draft, text)) is not None:
        seat, rest = dealt
        if seat not in draft.holes:
            draft.holes[seat] = _cards(draft, rest, line)
            return
        last = draft.steps[-1] if draft.steps else None
        if last is None or last.kind is not StepKind.DISCARD or last.seat != seat or last.drawn:
            raise draft.fail(f"cards are dealt to {draft.names[seat]} without a discard.", line)
        _kept, bracket, drawn = rest.rpartition("] [")
        if not bracket:
            raise draft.fail(f"{text!r} does not give the kept and the drawn cards.", line)
        draft.steps[-1] = Step(seat, StepKind.DISCARD, cards=last.cards,
                               drawn=_cards(draft, "[" + drawn, line), line=last.line)
        return
    acting = _actor(draft, text)
    if acting is None:
        raise draft.fail(f"{text!r} is not a line of a standpat hand history.", line)
    seat, rest = acting
    allin = rest.endswith(_ALL_IN)
    if allin:
        rest = rest[: -len(_ALL_IN)]
    for words, kind in _POSTS.items():
        if rest.startswith(words + " "):
            amount = _amount(draft, rest[len(words) + 1:], line, 0 if allin else 1)
            draft.posts.append((seat, kind, amount, allin))
            return
    if rest in ("folds", "checks"):
        kind = StepKind.FOLD if rest == "folds" else StepKind.CHECK_CALL
        draft.steps.append(Step(seat, kind, line=line))
    elif rest.startswith("calls "):
        _amount(draft, rest[6:], line)
        draft.steps.append(Step(seat, StepKind.CHECK_CALL, line=line))
    elif rest.startswith("bets "):
        draft.steps.append(Step(seat, StepKind.BET_RAISE, _amount(draft, rest[5:], line),
                                line=line))
    elif (m := re.fullmatch(r"raises (\d+) to (\d+)", rest)) is not None:
        draft.steps.append(Step(seat, StepKind.BET_RAISE, _amount(draft, m.group(2), line),
                                line=line))
    elif rest == "stands pat":
        draft.steps.append(Step(seat, StepKind.DISCARD, line=line))
    elif (m := re.fullmatch(r"discards (\d+) cards? (\[.*\])", rest)) is not None:
        cards = _cards(draft, m.group(2), line)
        if len(cards) != int(m.group(1)):
            raise draft.fail(f"{rest!r}: the count and the cards disagree.", line)
        draft.steps.append(Step(seat, StepKind.DISCARD, cards=cards, line=line))
    elif (m := re.fullmatch(r"shows (\[[^]]*\])(?: \(.*\))?", rest)) is not None:
        draft.steps.append(Step(seat, StepKind.SHOW, cards=_cards(draft, m.group(1), line),
                                line=line))
    elif rest == "mucks hand":
        draft.steps.append(Step(seat, StepKind.MUCK, line=line))
    else:
        raise draft.fail(f"{rest!r} is not an action standpat writes.", line)


def _record(draft: _Draft) -> HandRecord:
    game, structure = str(draft.fields["game"]), str(draft.fields["structure"])
    n = len(draft.names)
    rules = get_game(game)
    if not rules.min_players <= n <= rules.max_players:
        raise draft.fail(f"{rules.title} is dealt to {rules.min_players} to "
                         f"{rules.max_players} players, not {n}.", draft.line)
    small_bet, big_bet = int(str(draft.fields["small_bet"])), int(str(draft.fields["big_bet"]))
    ante = int(str(draft.fields["ante"]))
    if big_bet < small_bet or small_bet < 1:
        raise draft.fail(f"stakes {small_bet}/{big_bet} make no sense.", draft.line)
    # The header gives the bets; the blinds are what was posted (a full post gives the size).
    small_blind = max(1, small_bet // 2)
    big_blind = small_bet
    for _, kind, amount, allin in draft.posts:
        if kind == "small-blind" and not allin:
            small_blind = amount
        if kind == "big-blind" and not allin:
            big_blind = amount
    # An all-in post was asked at the full size; the engine posts what the stack holds.
    nominal = tuple(
        PostRecord(seat, kind, {"small-blind": small_blind, "big-blind": big_blind,
                                "ante": ante, "dead": small_blind}[kind] if allin else amount)
        for seat, kind, amount, allin in draft.posts
    )
    standard = standard_posts(n, small_blind, big_blind, ante)
    explicit: tuple[PostRecord, ...] | None = None if nominal == standard else nominal
    size = rules.hand_size
    holes = tuple(draft.holes.get(seat, (None,) * size) for seat in range(n))
    for seat, cards in enumerate(holes):
        if len(cards) != size:
            raise draft.fail(f"{draft.names[seat]} is dealt {len(cards)} cards; this game "
                             f"deals {size}.", draft.line)
    ident = str(draft.fields["hand"])
    return HandRecord(
        game=game, structure=structure, small_bet=small_bet, big_bet=big_bet,
        small_blind=small_blind, big_blind=big_blind, ante=ante,
        starting_stacks=tuple(draft.stacks), hole_cards=holes, steps=tuple(draft.steps),
        posts=explicit, players=tuple(draft.names), seats=tuple(draft.seats),
        seat_count=int(str(draft.fields.get("seat_count", n))),
        button_seat=int(str(draft.fields["button_seat"])) if "button_seat" in draft.fields
        else None,
        hand=int(ident) if ident.isdigit() else ident,
        table=str(draft.fields["table"]) if "table" in draft.fields else None,
        source=Source(draft.file, draft.name, draft.line, draft.index),
    )


def read_text(text: str, file: str = "<string>") -> HistoryFile:
    """Read readable-text hands; forgiving per hand (see the module docstring)."""
    result = HistoryFile()
    rows = text.splitlines()
    starts = [i for i, row in enumerate(rows) if row.startswith("standpat Hand #")]
    if not starts:
        if text.strip():
            result.fail(HistoryFormatError(f"{Source(file, '1', 1)}: no 'standpat Hand #' "
                                           "line: this is not a standpat text history."), 1)
        return result
    for index, (start, end) in enumerate(zip(starts, [*starts[1:], len(rows)],
                                             strict=True), 1):
        header = _HEADER.fullmatch(rows[start].strip())
        name = header.group(1) if header else str(index)
        draft = _Draft(file, name, start + 1, index)
        try:
            if header is None:
                raise draft.fail(f"{rows[start]!r} is not a hand header.", start + 1)
            game = next(((g, s) for title, g, s in _GAMES
                         if header.group(2) == title), None)
            if game is None:
                raise draft.fail(f"{header.group(2)!r} is not a game standpat writes.",
                                 start + 1)
            draft.fields.update(hand=name, game=game[0], structure=game[1],
                                small_bet=header.group(3), big_bet=header.group(4),
                                ante=header.group(5) or 0)
            state: dict[str, object] = {}
            for number in range(start + 1, end):
                row = rows[number].strip()
                if row:
                    _read_line(draft, row, number + 1, state)
            result.hands.append(_record(draft))
        except HistoryFormatError as error:
            result.fail(error, index)
    return result
