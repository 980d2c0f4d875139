"""Reading readable text histories: standpat's own, and PokerStars' draw hand histories.

Both are the layout :mod:`standpat.history.text` writes.  A hand starts
with a header such as ``standpat Hand #12: Triple Draw 2-7 Lowball Limit
(2/4)`` or ``PokerStars Game #63826125692:  Single Draw 2-7 Lowball No
Limit ($0.25/$0.50 USD) - 2011/06/26 23:34:01 WET`` (any room's name; cash
games and tournaments, real and play money, fixed, pot and no limit).
Money is read in cents (the record says so in its ``_standpat_unit``
field), chips as they are.  The players dealt in are those who post, act or
are dealt cards, in PHH order from the button; a player's cards the text
does not show are unknown (``??``), as in a player's own history.

Lines that change no chip and no card (chat, players joining, leaving or
sitting out, ``Betting is capped``, ``The deck is reshuffled``,
tournament results) are passed over; any other line must be one the layout
has.  The text's own accounting (posts, bets, uncalled bets returned, pots
collected) gives the finishing stacks, after the rake, which the replay must
reach.  A hand that does not read is reported with the file, the hand and
the line, and left out whole, while the others are kept (as
:func:`~standpat.history.read` does for PHH).  The layout is a room's, and every hand
in it is replayed with the room's rules (``HandRecord.room_rules``), which accept
every hand standpat's own rules play, and also a fold where a check was free and
a fixed-limit raise that completes a short all-in, as PokerStars deals them.

>>> from standpat.history.phh import loads
>>> from standpat.history.replay import replay
>>> from standpat.history.text import format_hand
>>> from standpat.history.examples import HEADS_UP_FOLD
>>> record = loads(HEADS_UP_FOLD)[0]
>>> back = read_text(format_hand(replay(record))).hands[0]
>>> back.players, back.steps == record.steps, back.finishing_stacks, back.room_rules
(('ann', 'bob'), True, (101, 79), True)
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final

from standpat.cards import CARDS, Card
from standpat.engine import Structure, get_game
from standpat.errors import HistoryFormatError
from standpat.history.phh import HistoryFile, standard_posts
from standpat.history.record import HandRecord, PostRecord, Source, Step, StepKind
from standpat.history.text import EPOCH, GAME_TITLES, STRUCTURE_TITLES, UNIT_FIELD
from standpat.history.tournament import roman_value, tournament_fields

__all__ = ["is_text", "read_text"]

_GAMES: Final = {title: game for game, title in GAME_TITLES.items()}
_STRUCTURES: Final = {title: structure for structure, title in STRUCTURE_TITLES.items()} | {
    "Fixed Limit": Structure.FIXED_LIMIT.value,
}
_GAME_RE: Final = "|".join(re.escape(t) for t in sorted(_GAMES, key=len, reverse=True))
_STRUCTURE_RE: Final = "|".join(re.escape(t) for t in sorted(_STRUCTURES, key=len, reverse=True))
_START: Final = re.compile(r"\ufeff?(?P<site>\S[^\n]*?) (?:Hand|Game) #(?P<id>[^:\s]+):\s")
_HEADER: Final = re.compile(
    r"\ufeff?(?P<site>\S.*?) (?:Hand|Game) #(?P<id>[^:\s]+):\s+"
    r"(?:Tournament #(?P<tournament>\d+), (?P<buy_in>.*?)\s*)?"
    rf"(?P<game>{_GAME_RE}) (?P<structure>{_STRUCTURE_RE})"
    r"(?: - (?:Level (?P<level>[IVXLC]+) )?[^(]*?)?\s*"
    r"\((?P<stakes>[^)]*)\)"
    r"(?:\s+-\s+(?P<date>.*?))?\s*"
)
_STAKES: Final = re.compile(
    r"(?P<cur>[$€£]?)(?P<a>[\d,]+(?:\.\d+)?)/[$€£]?(?P<b>[\d,]+(?:\.\d+)?)"
    r"(?: ante (?P<ante>[\d,]+(?:\.\d+)?))?(?: (?P<iso>[A-Z]{3}))?"
)
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_DATE: Final = re.compile(
    r"(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})(?: (?P<time>\d{1,2}:\d{2}:\d{2}))?"
    r"(?: (?P<zone>[A-Z]{2,5})\b)?"
)
_TABLE: Final = re.compile(
    r"Table '(?P<table>.*)' (?P<max>\d+)-max(?: \((?:Play|Real) Money\))? "
    r"Seat #(?P<button>\d+) is the button"
)
_SEAT: Final = re.compile(
    r"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,]+(?:\.\d+)?) in chips"
    r"(?:, [$€£]?[\d,.]+ bounty)?\)(?: .*)?"
)
_MONEY: Final = r"[$€£]?[\d,]+(?:\.\d+)?"
_ALL_IN: Final = " and is all-in"
_CAP: Final = re.compile(r" and has reached the .* cap$")
_POSTS: Final = {
    "posts small blind": "small-blind",
    "posts big blind": "big-blind",
    "posts the ante": "ante",
    "posts dead small blind": "dead",
    "posts small & big blinds": "both",
}
_CARD_NAMES: Final[dict[str, Card | None]] = {str(c): c for c in CARDS} | {"??": None}
_COLLECTED: Final = re.compile(
    rf"(?P<name>.+) collected (?P<amount>{_MONEY}) from (?:pot|main pot|side pot(?:-\d+)?)"
)
_UNCALLED: Final = re.compile(rf"Uncalled bet \((?P<amount>{_MONEY})\) returned to (?P<name>.+)")
_TOTAL: Final = re.compile(rf"Total pot (?P<pot>{_MONEY}).*? \| Rake (?P<rake>{_MONEY})")
_SUMMARY_SEAT: Final = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.*)")
_PASS: Final = tuple(re.compile(p) for p in (
    r'.+ said, ".*"',
    r".+ (?:leaves|joins) the table(?: at seat #\d+)?",
    r".+?:? (?:sits out|is sitting out)",
    r".+ has (?:timed out|returned|reconnected)(?: while (?:being )?disconnected)?",
    r".+ is (?:dis)?connected",
    r".+ will be allowed to play after the button",
    r".+ was removed from the table for failing to post",
    r".+: doesn't show hand",
    r"Betting is capped",
    r"The deck is reshuffled",
    r".+ finished the tournament in \d+(?:st|nd|rd|th) place(?: and received .*)?",
    r".+ wins the tournament and receives .* - congratulations!",
    r".+ (?:wins|split) the .*bounty for eliminating .*",
))


def is_text(text: str) -> bool:
    """Whether ``text`` starts like a readable hand history (a hand's header line).

    >>> is_text("PokerStars Hand #1:  5 Card Draw Limit (2/4) - 2024/01/02 03:04:05 ET")
    True
    >>> is_text('variant = "F2L3D"')
    False
    """
    first = text.lstrip().split("\n", 1)[0]
    return _START.match(first) is not None


@dataclass
class _Act:
    """An action read, before the players are numbered in PHH order."""

    name: str
    kind: StepKind
    line: int
    amount: int = 0
    cards: tuple[Card | None, ...] = ()
    drawn: tuple[Card | None, ...] = ()


@dataclass
class _Draft:
    """A hand being read."""

    file: str
    name: str
    line: int
    index: int
    scale: int = 1
    fields: dict[str, object] = field(default_factory=dict)
    extra: dict[str, object] = field(default_factory=dict)
    seats: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (seat, stack)
    posts: list[tuple[str, str, int, bool]] = field(default_factory=list)
    holes: dict[str, tuple[Card | None, ...]] = field(default_factory=dict)
    acts: list[_Act] = field(default_factory=list)
    mucked: dict[str, tuple[Card | None, ...]] = field(default_factory=dict)
    unsure: set[str] = field(default_factory=set)  # players whose cards the text garbles
    put: dict[str, int] = field(default_factory=dict)  # chips put in, returns taken off
    round: dict[str, int] = field(default_factory=dict)  # the bet in front, this round
    collected: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)  # from the summary
    rake: int = 0
    result_line: int = 0
    phase: str = "seats"  # seats, play, showdown, summary

    def fail(self, message: str, line: int) -> HistoryFormatError:
        where = Source(self.file, self.name, line, self.index)
        return HistoryFormatError(f"{where}: {message}")

    def chips(self, text: str, line: int) -> int:
        """An amount as whole chips (cents of money)."""
        try:
            value = Decimal(text.lstrip("$€£").replace(",", "")) * self.scale
        except InvalidOperation:
            value = Decimal("NaN")
        if not value.is_finite() or value != value.to_integral_value() or value < 0:
            unit = "cent" if self.scale > 1 else "chip"
            raise self.fail(f"{text!r} is not a whole number of {unit}s.", line)
        return int(value)

    def pay(self, name: str, amount: int, *, live: bool = True, to: int | None = None) -> None:
        """``name`` puts chips in: ``amount`` more, or up to ``to`` this round."""
        if to is not None:
            amount = to - self.round.get(name, 0)
        self.put[name] = self.put.get(name, 0) + amount
        if live:
            self.round[name] = self.round.get(name, 0) + amount


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


def _prefixed(draft: _Draft, text: str, start: str, end: str) -> tuple[str, str] | None:
    """A seated player's name between ``start`` and ``end`` at the start of ``text``."""
    if not text.startswith(start):
        return None
    rest = text[len(start):]
    for name in sorted(draft.seats, key=len, reverse=True):
        if rest.startswith(name + end):
            return name, rest[len(name) + len(end):]
    return None


def _header(draft: _Draft, header: re.Match[str], line: int) -> None:
    stakes = _STAKES.fullmatch(header.group("stakes").strip())
    if stakes is None:
        raise draft.fail(f"({header.group('stakes')}) are not stakes like (2/4) or "
                         "($0.25/$0.50 USD).", line)
    money = stakes.group("cur") or stakes.group("iso") or "." in stakes.group(0)
    if money:
        draft.scale = 100
        currency = stakes.group("iso") or _CURRENCIES.get(stakes.group("cur"), "")
        draft.extra[UNIT_FIELD] = f"0.01 {currency}".rstrip()
    draft.fields.update(
        game=_GAMES[header.group("game")], structure=_STRUCTURES[header.group("structure")],
        a=draft.chips(stakes.group("a"), line), b=draft.chips(stakes.group("b"), line),
        ante=draft.chips(stakes.group("ante"), line) if stakes.group("ante") else 0,
    )
    if header.group("tournament"):
        draft.extra.update(tournament_fields(int(header.group("tournament")),
                                             header.group("buy_in") or "",
                                             roman_value(header.group("level") or "")))
    date = (header.group("date") or "").strip()
    when = None if date == EPOCH else _DATE.search(date)  # EPOCH: the hand has no date
    if when is not None:
        draft.extra.update(year=int(when.group("y")), month=int(when.group("m")),
                           day=int(when.group("d")))
        if when.group("time"):
            hour, minute, second = (int(x) for x in when.group("time").split(":"))
            if hour < 24 and minute < 60 and second < 60:
                draft.extra["time"] = datetime.time(hour, minute, second)
        if when.group("zone"):
            draft.extra["time_zone_abbreviation"] = when.group("zone")


def _read_line(draft: _Draft, text: str, line: int) -> None:
    """One line of a hand's body (after the header)."""
    if text.startswith("*** ") and text.endswith(" ***"):
        title = text[4:-4]
        if title == "SUMMARY":
            draft.phase = "summary"
            draft.result_line = draft.result_line or line
        elif title == "SHOW DOWN":
            draft.phase = "showdown"
        else:
            draft.phase = "play"
        return
    if draft.phase == "summary":
        _read_summary(draft, text, line)
        return
    if (m := _TABLE.fullmatch(text)) is not None:
        draft.fields.update(table=m.group("table"), seat_count=int(m.group("max")),
                            button_seat=int(m.group("button")))
        return
    if draft.phase == "seats" and (m := _SEAT.fullmatch(text)) is not None:
        if m.group("name") in draft.seats:
            raise draft.fail(f"{m.group('name')!r} has two seats.", line)
        draft.seats[m.group("name")] = (int(m.group("seat")), draft.chips(m.group("stack"), line))
        return
    if text == "Hand cancelled":
        raise draft.fail("'Hand cancelled': the room cancelled this hand before it was played; "
                         "it has nothing to replay.", line)
    if (m := _UNCALLED.fullmatch(text)) is not None and m.group("name") in draft.seats:
        amount = draft.chips(m.group("amount"), line)
        draft.put[m.group("name")] = draft.put.get(m.group("name"), 0) - amount
        return
    if (m := _COLLECTED.fullmatch(text)) is not None and m.group("name") in draft.seats:
        name = m.group("name")
        draft.collected[name] = draft.collected.get(name, 0) + draft.chips(m.group("amount"), line)
        draft.result_line = draft.result_line or line
        return
    if (dealt := _prefixed(draft, text, "Dealt to ", " [")) is not None:
        _read_dealt(draft, dealt[0], "[" + dealt[1], line)
        return
    acting = _prefixed(draft, text, "", ": ")
    if acting is not None and _read_action(draft, acting[0], acting[1], line):
        return
    if any(p.fullmatch(text) for p in _PASS):
        return
    raise draft.fail(f"{text!r} is not a line of a draw hand history standpat reads.", line)


def _read_dealt(draft: _Draft, name: str, rest: str, line: int) -> None:
    """``Dealt to NAME [cards]`` (the deal) or ``[kept] [drawn]`` (after his discard)."""
    if name not in draft.holes:
        draft.holes[name] = _cards(draft, rest, line)
        return
    _kept, bracket, drawn = rest.rpartition("] [")
    last = next((a for a in reversed(draft.acts) if a.name == name), None)
    if not bracket or last is None or last.kind is not StepKind.DISCARD or last.drawn:
        raise draft.fail(f"cards are dealt to {name} without a discard waiting for them.", line)
    got = _cards(draft, "[" + drawn, line)
    if name in draft.unsure:
        got = (None,) * len(last.cards)  # his cards are unknown (see _read_action)
    if len(got) != len(last.cards):
        raise draft.fail(f"{name} discards {len(last.cards)} cards but is dealt {len(got)}.",
                         line)
    last.drawn = got


def _read_action(draft: _Draft, name: str, rest: str, line: int) -> bool:
    """A player's line (``NAME: ...``); False when it is none the layout knows."""
    allin = rest.endswith(_ALL_IN)
    if allin:
        rest = rest[: -len(_ALL_IN)]
    rest = _CAP.sub("", rest)
    for words, kind in _POSTS.items():
        if rest.startswith(words + " "):
            amount = draft.chips(rest[len(words) + 1:], line)
            if kind == "small-blind" and any(k == "small-blind" for _, k, _, _ in draft.posts):
                kind = "dead"  # a second small blind is dead, as PokerStars writes it
            draft.posts.append((name, kind, amount, allin))
            draft.pay(name, amount, live=kind in ("small-blind", "big-blind"))
            if kind == "both":  # the small blind in it is dead, the big blind live
                draft.round[name] = draft.round.get(name, 0) + max(
                    0, amount - min(_small_blind(draft), amount))
            return True
    if rest in ("folds", "checks"):
        kind = StepKind.FOLD if rest == "folds" else StepKind.CHECK_CALL
        draft.acts.append(_Act(name, kind, line))
    elif rest.startswith("calls "):
        draft.pay(name, draft.chips(rest[6:], line))
        draft.acts.append(_Act(name, StepKind.CHECK_CALL, line))
    elif rest.startswith("bets "):
        amount = draft.chips(rest[5:], line)
        draft.pay(name, 0, to=amount)
        draft.acts.append(_Act(name, StepKind.BET_RAISE, line, amount))
    elif (m := re.fullmatch(rf"raises ({_MONEY}) to ({_MONEY})", rest)) is not None:
        amount = draft.chips(m.group(2), line)
        draft.pay(name, 0, to=amount)
        draft.acts.append(_Act(name, StepKind.BET_RAISE, line, amount))
    elif rest == "stands pat" or rest.startswith("stands pat on ["):
        draft.round.clear()
        draft.acts.append(_Act(name, StepKind.DISCARD, line))
    elif (m := re.fullmatch(r"discards (\d+) cards?(?: (\[.*\]))?", rest)) is not None:
        draft.round.clear()
        count = int(m.group(1))
        cards = _cards(draft, m.group(2), line) if m.group(2) else (None,) * count
        if m.group(2) == "[]" and count:
            # PokerStars now and then writes a draw it names no card of, and the hand it
            # deals him after it wrong: his cards in this hand are not to be trusted
            draft.unsure.add(name)
            cards = (None,) * count
        if len(cards) != count:
            raise draft.fail(f"{rest!r}: {count} cards are discarded but {len(cards)} named.",
                             line)
        draft.acts.append(_Act(name, StepKind.DISCARD, line, cards=cards))
    elif (m := re.fullmatch(r"shows (\[[^]]*\])(?: \(.*\))?", rest)) is not None:
        if draft.phase == "showdown":  # a winner who shows without a showdown changes nothing
            draft.acts.append(_Act(name, StepKind.SHOW, line, cards=_cards(draft, m.group(1),
                                                                           line)))
    elif rest == "mucks hand":
        draft.acts.append(_Act(name, StepKind.MUCK, line))
    else:
        return False
    return True


def _read_summary(draft: _Draft, text: str, line: int) -> None:
    if (m := _TOTAL.fullmatch(text)) is not None:
        draft.rake = draft.chips(m.group("rake"), line)
        return
    m = _SUMMARY_SEAT.fullmatch(text)
    if m is None:
        return
    name = next((n for n, (s, _) in draft.seats.items() if s == int(m.group("seat"))), None)
    if name is None:
        return
    rest = m.group("rest")
    if (cards := re.search(r" mucked (\[[^]]*\])", rest)) is not None:
        draft.mucked[name] = _cards(draft, cards.group(1), line)
    if (won := re.search(rf" (?:won|collected) \((?P<amount>{_MONEY})\)", rest)) is not None:
        draft.won[name] = draft.chips(won.group("amount"), line)


def _first_post(draft: _Draft, kind: str) -> int | None:
    """The amount of the first whole (not all-in) post of this kind so far."""
    return next((amount for _, k, amount, allin in draft.posts if k == kind and not allin),
                None)


def _small_blind(draft: _Draft) -> int:
    """The small blind: the first one posted, else what the stakes give (fixed limit: half
    the small bet; else the header names the blinds)."""
    posted = _first_post(draft, "small-blind")
    if posted is not None:
        return posted
    a = int(str(draft.fields["a"]))
    return max(1, a // 2) if draft.fields["structure"] == Structure.FIXED_LIMIT.value else a


def _record(draft: _Draft) -> HandRecord:
    game, structure = str(draft.fields["game"]), str(draft.fields["structure"])
    rules = get_game(game)
    if "button_seat" not in draft.fields:
        raise draft.fail("the hand has no table line ('Table ... Seat #N is the button').",
                         draft.line)
    button = int(str(draft.fields["button_seat"]))
    playing = {p[0] for p in draft.posts} | {a.name for a in draft.acts} | set(draft.holes)
    for act in draft.acts:
        if act.name not in draft.seats:
            raise draft.fail(f"{act.name} acts but has no seat.", act.line)
    # PHH order: the first player dealt in left of the button first, the button last.
    names = sorted(playing, key=lambda p: (draft.seats[p][0] <= button, draft.seats[p][0]))
    n = len(names)
    if not rules.min_players <= n <= rules.most_players:
        raise draft.fail(f"{rules.title} is dealt to {rules.min_players} to "
                         f"{rules.most_players} players, not {n}.", draft.line)
    phh = {name: i for i, name in enumerate(names)}
    a, b = int(str(draft.fields["a"])), int(str(draft.fields["b"]))
    fixed = structure == Structure.FIXED_LIMIT.value

    small_blind = _small_blind(draft)
    big_blind = _first_post(draft, "big-blind")
    if big_blind is None:
        both = _first_post(draft, "both")
        big_blind = both - small_blind if both is not None else a if fixed else b
    small_bet, big_bet = (a, b) if fixed else (big_blind or b, 2 * (big_blind or b))
    antes = [amount for _, k, amount, allin in draft.posts if k == "ante" and not allin]
    every = [amount for _, k, amount, _ in draft.posts if k == "ante"]
    ante = max(antes or every or [int(str(draft.fields["ante"]))])
    if big_bet < small_bet or small_bet < 1:
        raise draft.fail(f"stakes {small_bet}/{big_bet} make no sense.", draft.line)
    # An all-in post was asked at the full size; the engine posts what the stack holds.
    nominal = {"small-blind": small_blind, "big-blind": big_blind, "ante": ante,
               "dead": small_blind}
    posts: list[PostRecord] = []
    for name, kind, amount, allin in draft.posts:
        if kind == "both":  # the big blind, then the small blind dead (as the room posts)
            dead = min(small_blind, amount)
            posts += [PostRecord(phh[name], "big-blind", big_blind if allin else amount - dead),
                      PostRecord(phh[name], "dead", dead)]
        else:
            posts.append(PostRecord(phh[name], kind, nominal[kind] if allin else amount))
    standard = standard_posts(n, small_blind, big_blind, ante)
    size = rules.hand_size
    holes = tuple((None,) * size if name in draft.unsure else draft.holes.get(name, (None,) * size)
                  for name in names)
    for name, cards in zip(names, holes, strict=True):
        if len(cards) != size:
            raise draft.fail(f"{name} is dealt {len(cards)} cards; this game deals {size}.",
                             draft.line)
    steps = []
    for act in draft.acts:
        cards, drawn = act.cards, act.drawn
        if act.name in draft.unsure and act.kind is StepKind.DISCARD:
            cards = drawn = (None,) * len(cards)
        if act.kind is StepKind.DISCARD and len(drawn) < len(cards):
            drawn = (None,) * len(cards)  # the cards he drew are not shown
        if act.kind is StepKind.MUCK and act.name in draft.mucked:
            seat = phh[act.name]
            told = [c for c in draft.mucked[act.name] if c is not None]
            unknown = None in holes[seat] or any(
                None in s.drawn for s in draft.acts if s.name == act.name)
            if unknown and len(told) == size:  # the summary shows what he mucked
                cards = tuple(told)
        steps.append(Step(phh[act.name], act.kind, act.amount, cards, drawn, line=act.line))
    starting = tuple(draft.seats[name][1] for name in names)
    collected = draft.collected or draft.won
    finishing = tuple(
        draft.seats[name][1] - draft.put.get(name, 0) + collected.get(name, 0) for name in names
    ) if collected else None
    ident = draft.name
    return HandRecord(
        game=game, structure=structure, small_bet=small_bet, big_bet=big_bet,
        small_blind=small_blind, big_blind=big_blind, ante=ante,
        starting_stacks=starting, hole_cards=holes, steps=tuple(steps),
        posts=None if tuple(posts) == standard else tuple(posts), players=tuple(names),
        seats=tuple(draft.seats[name][0] for name in names),
        seat_count=int(str(draft.fields.get("seat_count", n))), button_seat=button,
        hand=int(ident) if ident.isdigit() else ident,
        table=str(draft.fields["table"]) if "table" in draft.fields else None,
        finishing_stacks=finishing, rake=draft.rake, room_rules=True, extra=draft.extra,
        source=Source(draft.file, draft.name, draft.line, draft.index, draft.result_line),
    )


def read_text(text: str, file: str = "<string>") -> HistoryFile:
    """Read readable-text hands; forgiving per hand (see the module docstring)."""
    result = HistoryFile()
    rows = text.splitlines()
    starts = [i for i, row in enumerate(rows) if _START.match(row)]
    if not starts:
        if text.strip():
            result.fail(HistoryFormatError(f"{Source(file, '1', 1)}: no hand header (such as "
                                           "'standpat Hand #1: ...'): this is not a text hand "
                                           "history."), 1)
        return result
    for index, (start, end) in enumerate(zip(starts, [*starts[1:], len(rows)],
                                             strict=True), 1):
        row = rows[start].strip().lstrip("\ufeff")
        opening = _START.match(row)
        name = opening.group("id") if opening else str(index)
        draft = _Draft(file, name, start + 1, index)
        try:
            header = _HEADER.fullmatch(row)
            if header is None:
                raise draft.fail(f"{row!r} is not the header of a draw game standpat deals "
                                 f"({', '.join(_GAMES)}; {', '.join(_STRUCTURES)}).",
                                 start + 1)
            _header(draft, header, start + 1)
            for number in range(start + 1, end):
                line = rows[number].strip()
                if line:
                    _read_line(draft, line, number + 1)
            result.hands.append(_record(draft))
        except HistoryFormatError as error:
            result.fail(error, index)
    return result
