"""Replaying a hand record through the engine, which checks every action.

The replayed :class:`~standpat.engine.Hand` seats the players in PHH order
with the button on the last player, so its seat ``i`` is the record's
``p{i+1}``.  Each step is checked by the engine's rules; an illegal one
raises :class:`~standpat.errors.IllegalHistoryError` with the file, the hand,
the line, the action and the engine's reason.  When the record gives
finishing stacks, the replay must reach them.

A record with the engine's seed (``_standpat_seed``) is dealt from that seed
and every card the history gives is checked against it, so the replay
reproduces the burns and reshuffles too.  Cards a history does not know
(``??``) are filled in with cards that appear nowhere else in the hand,
which is safe as long as they never decide a pot: a player whose cards stay
unknown must not reach the showdown, unless he shows them there.  When a
hand draws more unknown cards than the deck has spare (a reshuffle dealt
discards again), made-up cards that were discarded or folded are dealt again.  Without a
seed, burned cards are not part of a history, so a replay burns other cards
than the original deal did (and may reshuffle at another moment); nothing
else differs.

>>> from standpat.history.phh import loads
>>> from standpat.history.examples import HEADS_UP_FOLD
>>> record = loads(HEADS_UP_FOLD)[0]
>>> replay(record).hand.stacks
(101, 79)
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass

from standpat.cards import Card, format_cards
from standpat.engine import (
    Action,
    ActionKind,
    BetMade,
    Discarded,
    DrawOpened,
    Event,
    Hand,
    Mucked,
    Phase,
    Post,
    Posted,
    PostKind,
    Raised,
    Shown,
    Stakes,
    StreetOpened,
    Won,
    get_game,
)
from standpat.errors import HandSetupError, IllegalActionError, IllegalHistoryError, StakesError
from standpat.history.capture import with_phh_checks
from standpat.history.record import HandRecord, Source, Step, StepKind
from standpat.ranking import RankingName, get_ranking

__all__ = ["Replay", "replay", "replay_steps", "start"]


@dataclass(frozen=True, slots=True)
class Replay:
    """A record and the engine hand it replays to (players in PHH order)."""

    record: HandRecord
    hand: Hand

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Each player's stack after the hand, in PHH order (after the rake, if any)."""
        if self.record.rake and self.record.finishing_stacks is not None:
            return self.record.finishing_stacks
        return self.hand.stacks

    @property
    def finished_record(self) -> HandRecord:
        """The record stating the finishing stacks the replay reached, as files write it."""
        if self.record.finishing_stacks == self.finishing_stacks:
            return self.record
        return dataclasses.replace(self.record, finishing_stacks=self.finishing_stacks)


def _fail(record: HandRecord, message: str, line: int = 0) -> IllegalHistoryError:
    src = record.source
    where = Source(src.file, src.hand, line or src.line, src.index)
    return IllegalHistoryError(f"{where}: {message}")


def _players(message: str) -> str:
    """An engine message with its seat indexes written as PHH players (seat 1 -> p2)."""
    return re.sub(r"\bseat (\d+)", lambda m: f"p{int(m.group(1)) + 1}", message)


class _Token:
    """An unknown card's place in a hand, until it gets a card."""

    __slots__ = ("card", "filled")

    def __init__(self) -> None:
        self.card: Card | None = None
        self.filled = False  # True when made up (not learnt from a showdown)


def _resolve(
    record: HandRecord, losers: Mapping[int, int] | None = None
) -> tuple[HandRecord, frozenset[int]]:
    """The record with every unknown card filled in, and the players whose cards were made up.

    ``losers`` maps players who mucked unknown cards to a strength their final
    cards must stay below (the best shown hand they contest): their cards are
    made up to lose, as the cards they really mucked did.
    """
    if record.complete:
        return record, frozenset()
    n = record.player_count
    deck, _ = get_game(record.game).deck_for(n)
    known = {c for h in record.hole_cards for c in h if c is not None}
    for step in record.steps:
        known.update(c for c in (*step.cards, *step.drawn) if c is not None)
    holding: list[list[Card | _Token]] = [
        [c if c is not None else _Token() for c in h] for h in record.hole_cards
    ]
    first = [list(h) for h in holding]
    # Per step: the cards discarded, the cards drawn, and the cards that leave play.
    plan: list[tuple[list[Card | _Token], list[Card | _Token], list[Card | _Token]]] = []
    for step in record.steps:
        if step.kind is StepKind.FOLD:
            plan.append(([], [], list(holding[step.seat])))
            continue
        if step.kind is not StepKind.DISCARD:
            plan.append(([], [], []))
            continue
        hand = holding[step.seat]
        out: list[Card | _Token] = []
        for card in step.cards:
            if card is not None:
                if card not in hand:
                    # A known discard from unknown cards: it tells one of them.
                    told = next((t for t in hand if isinstance(t, _Token) and t.card is None),
                                None)
                    if told is not None:
                        told.card = card
                        hand.remove(told)
                        out.append(told)
                        continue
                else:
                    hand.remove(card)
                out.append(card)
                continue
            token = next((t for t in hand if isinstance(t, _Token)), None)
            if token is None:
                raise _fail(record, f"p{step.seat + 1} discards an unknown card but every card "
                            "he holds is known.", step.line)
            hand.remove(token)
            out.append(token)
        got: list[Card | _Token] = [c if c is not None else _Token() for c in step.drawn]
        hand.extend(got)
        plan.append((out, got, out))
    # What a player shows (or a text says he mucked) tells the cards he ended with.
    for step in record.steps:
        if step.kind not in (StepKind.SHOW, StepKind.MUCK) or not step.cards:
            continue
        hand = holding[step.seat]
        shown = [c for c in step.cards if c is not None]
        rest = [c for c in shown if c not in hand]
        tokens = [t for t in hand if isinstance(t, _Token) and t.card is None]
        if len(rest) == len(tokens):
            for token, card in zip(tokens, rest, strict=True):
                token.card = card
                known.add(card)
    # When each card is in play: from the step that deals it (-1: the deal) to the step
    # where it leaves (a discard or a fold; the end of the hand when it stays).
    spans: list[tuple[Card | _Token, int, int]] = []
    opened: dict[Card | _Token, int] = {item: -1 for h in first for item in h}
    for now, (_, got, gone) in enumerate(plan):
        for item in gone:
            if item in opened:
                spans.append((item, opened.pop(item), now))
        for item in got:
            opened[item] = now
    spans.extend((item, begun, _END) for item, begun in opened.items())
    busy: dict[Card, list[tuple[int, int]]] = {card: [] for card in deck}
    unknown: list[tuple[_Token, int, int]] = []
    for item, begun, ended in spans:
        card = item if isinstance(item, Card) else item.card
        if card is None:
            unknown.append((item, begun, ended))  # type: ignore[arg-type]
        elif card in busy:
            busy[card].append((begun, ended))
    order = list(deck)
    random.Random(0).shuffle(order)
    spare = [c for c in order if c not in known]
    ranking = get_game(record.game).deck_for(n)[1]
    for seat, below in (losers or {}).items():
        _make_lose(holding[seat], spare, below, ranking)
    for token, begun, ended in unknown:
        if token.card is not None:  # made to lose
            busy[token.card].append((begun, ended))
    for token, begun, ended in sorted((u for u in unknown if u[0].card is None),
                                      key=lambda u: (u[1], u[2])):
        card = _free_card(busy, order, begun, ended)
        if card is None:
            raise _fail(record, "there are more unknown cards than the deck can hold.")
        token.card = card
        token.filled = True
        busy[card].append((begun, ended))

    def card_of(item: Card | _Token) -> Card:
        card = item if isinstance(item, Card) else item.card
        assert card is not None
        return card

    holes = tuple(tuple(card_of(c) for c in h) for h in first)
    steps = []
    for step, (out, got, _) in zip(record.steps, plan, strict=True):
        if step.kind is StepKind.DISCARD:
            step = Step(step.seat, step.kind, cards=tuple(card_of(c) for c in out),
                        drawn=tuple(card_of(c) for c in got), line=step.line)
        steps.append(step)
    # A player whose final cards are still made up cannot be judged at showdown.
    finals = {seat for seat in range(n)
              if any(isinstance(t, _Token) and t.filled for t in holding[seat])}
    fields = {name: getattr(record, name) for name in record.__dataclass_fields__}
    fields.update(hole_cards=holes, steps=tuple(steps))
    return HandRecord(**fields), frozenset(finals)


_END = 1 << 30
"""The step "after the last": a card still held when the hand ends is in play until then."""


def _free_card(
    busy: Mapping[Card, list[tuple[int, int]]], order: list[Card], begun: int, ended: int
) -> Card | None:
    """A card out of play from step ``begun`` to step ``ended``, to make up an unknown card.

    As a reshuffle deals discards again, a card may be made up for one time
    and named by the history at another: the card chosen is the one whose
    next use comes soonest after ``ended`` (best fit), which keeps the cards
    free for longest for the cards held longest; cards the history never
    names come last, in ``order``.  A card may come back at a later step than
    the one it left at, never at the same one (a player is not dealt his own
    discards).
    """
    best: tuple[int, Card] | None = None
    for card in order:
        used = busy[card]
        if all(end < begun or ended < start for start, end in used):
            after = min((start for start, _ in used if start > ended), default=_END + 1)
            if best is None or after < best[0]:
                best = (after, card)
    return None if best is None else best[1]


def _make_lose(
    held: list[Card | _Token], spare: list[Card], below: int, ranking: RankingName
) -> None:
    """Give a mucked hand's unknown cards values that lose: strength under ``below``.

    The cards come from ``spare`` (cards the history names nowhere); the
    search is deterministic.  When none is found the cards stay to be made
    up as any others, and the showdown check refuses the hand.
    """
    tokens = [t for t in held if isinstance(t, _Token) and t.card is None]
    kept = [c for c in held if isinstance(c, Card)]
    if not tokens or len(spare) < len(tokens):
        return
    strength = get_ranking(ranking).strength
    rng = random.Random(below)
    for _ in range(_LOSING_TRIES):
        cards = rng.sample(spare, len(tokens))
        if strength([*kept, *cards]) < below:
            for token, card in zip(tokens, cards, strict=True):
                token.card = card
                token.filled = True
                spare.remove(card)
            return


_LOSING_TRIES = 4000
"""How many deals a mucked hand's unknown cards are tried in, to find losing ones."""


def start(record: HandRecord) -> tuple[Hand, HandRecord, frozenset[int]]:
    """The engine hand as dealt, before any step (with unknown cards filled in).

    Unknown cards that a player mucks at the showdown are made up to lose to
    the hands shown against him: a mucked hand has no claim.
    """
    resolved, made_up = _resolve(record)
    muckers = {s.seat for s in record.steps if s.kind is StepKind.MUCK} & made_up
    if muckers:
        losers = _losing_strengths(record, resolved, made_up, muckers)
        if losers:
            resolved, made_up = _resolve(record, losers)
    return _deal(record, resolved), resolved, made_up


def _losing_strengths(
    record: HandRecord, resolved: HandRecord, made_up: frozenset[int], muckers: set[int]
) -> dict[int, int]:
    """For each mucker whose cards are unknown: the strength his cards must stay below.

    The hand is played through once with any cards (betting does not hang on
    them) to learn the pots each mucker contests; in each, the best hand
    whose cards are known beats him.  A pot with no such hand leaves him out.
    """
    trial = _deal(record, resolved)
    try:
        for _ in _steps(record, resolved, trial):
            pass
    except IllegalHistoryError:
        return {}  # the replay proper says why
    losers = {}
    for seat in muckers:
        below = None
        for _, eligible in trial.pots:
            if seat not in eligible:
                continue
            known = [trial.strength_of(s) for s in eligible if s != seat and s not in made_up]
            if not known:
                break
            below = max(known) if below is None else min(below, max(known))
        else:
            if below is not None:
                losers[seat] = below
    return losers


def _deal(record: HandRecord, resolved: HandRecord) -> Hand:
    """The engine hand as dealt from a record whose unknown cards are filled in."""
    try:
        stakes = Stakes(record.small_bet, record.big_bet, record.small_blind,
                        record.big_blind, record.ante)
    except StakesError as error:
        raise _fail(record, str(error)) from None
    n = record.player_count
    posts = None
    if record.posts is not None:
        try:
            posts = [Post(p.seat, PostKind(p.kind), p.amount) for p in record.posts]
        except ValueError as error:
            raise _fail(record, str(error)) from None
    seeded = _seeded(record)
    holes = None if seeded else [[c for c in h if c is not None] for h in resolved.hole_cards]
    try:
        # a real room's table may be larger than the house rules' (PokerStars deals single
        # draw to seven): the hand is dealt as the history says, up to what the deck deals
        hand = Hand(get_game(record.game).for_players(n), record.structure, stakes,
                    record.starting_stacks,
                    button=n - 1, posts=posts, rng=record.seed if seeded else 0,
                    hole_cards=holes, room_rules=record.room_rules)
    except HandSetupError as error:
        raise _fail(record, f"the hand cannot be dealt: {_players(str(error))}") from None
    if seeded:
        for seat in range(n):
            dealt = hand.cards_of(seat)
            if dealt != record.hole_cards[seat]:
                raise _fail(record, f"seed {record.seed} deals p{seat + 1} "
                            f"{format_cards(dealt)}, not the cards the history gives.")
    return hand


def _seeded(record: HandRecord) -> bool:
    """Whether the hand is replayed from its seed (a seed, and every card known)."""
    return record.seed is not None and record.complete


def _action(hand: Hand, step: Step) -> Action:
    if step.kind is StepKind.FOLD:
        return Action.fold()
    if step.kind is StepKind.DISCARD:
        return Action.discard([c for c in step.cards if c is not None])
    legal = hand.legal_actions()
    if step.kind is StepKind.CHECK_CALL:
        return Action.check() if legal.to_call == 0 else Action.call()
    if ActionKind.RAISE in legal.kinds:
        return Action.raise_to(step.amount)
    if ActionKind.BET in legal.kinds:
        return Action.bet(step.amount)
    # Neither is legal: ask for the one that names the situation, for the reason.
    if legal.to_call or max(hand.bets):
        return Action.raise_to(step.amount)
    return Action.bet(step.amount)


def _verb(hand: Hand) -> str:
    return "draw" if hand.phase is Phase.DRAW else "act"


def replay_steps(record: HandRecord) -> Iterator[tuple[Hand, Step | None, tuple[Event, ...]]]:
    """Replay step by step: first ``(hand, None, dealing events)``, then one triple per step.

    The hand is the same object throughout (it changes as steps apply).
    Showdown steps (``sm``) yield no events of their own: the engine shows
    down by itself when the last action is made, and those steps are checked
    against what it did; so does a check PHH gives a player the engine does
    not ask (:func:`~standpat.history.capture.with_phh_checks`), which may be
    there or not.  Raises :class:`IllegalHistoryError` on the first step the
    rules refuse.
    """
    hand, resolved, made_up = start(record)
    if not record.native and record.finishing_stacks is None:
        _check_short_posts(record, hand)
    yield hand, None, hand.events
    showdown = yield from _steps(record, resolved, hand)
    _check_showdown(record, hand, showdown, made_up)
    if not record.native and record.finishing_stacks is None:
        _check_odd_chips(record, hand)


def _steps(
    record: HandRecord, resolved: HandRecord, hand: Hand
) -> Generator[tuple[Hand, Step, tuple[Event, ...]], None, list[Step]]:
    """Apply every step but the showdown's to ``hand``; returns the showdown steps."""
    seeded = _seeded(record)
    showdown: list[Step] = []
    owed = _phh_checks(hand) if hand.street or hand.is_over else []
    first_round = not owed and not hand.street and not hand.is_over
    for index, step in enumerate(resolved.steps):
        if step.kind in (StepKind.SHOW, StepKind.MUCK):
            showdown.append(step)
            continue
        if step.kind is StepKind.CHECK_CALL and step.seat in owed:
            # The check PHH records where the engine asks nothing: nothing to apply.
            owed.remove(step.seat)
            yield hand, step, ()
            continue
        owed = []
        if hand.is_over:
            raise _fail(record, f"{step}: the hand is already over.", step.line)
        if step.seat != hand.to_act:
            if step.kind is StepKind.FOLD and hand.all_in(step.seat) and not hand.folded(
                step.seat
            ):
                raise _fail(record, f"{step}: p{step.seat + 1} folds out of turn, all in with "
                            f"nothing to decide (p{(hand.to_act or 0) + 1} is to act): "
                            f"{ALL_IN_FOLD}.", step.line)
            raise _fail(record, f"{step}: p{step.seat + 1} acts out of turn; "
                        f"p{(hand.to_act or 0) + 1} is to {_verb(hand)}.", step.line)
        try:
            action = _action(hand, step)
            drawn = None
            if step.kind is StepKind.DISCARD and not seeded:
                drawn = [c for c in step.drawn if c is not None]
            hand.verify(action)
            events = hand.apply(action, drawn=drawn)
        except IllegalActionError as error:
            why = _draw_problem(resolved.steps, index, hand) or _players(str(error))
            note = "" if record.native else _difference(hand, step, error)
            if note:
                why = f"{why.rstrip('.')} ({note})."
            raise _fail(record, f"{step}: {why}", step.line) from None
        first = events[0]
        if seeded and isinstance(first, Discarded) and first.drawn != step.drawn:
            raise _fail(record, f"{step}: seed {record.seed} deals p{step.seat + 1} "
                        f"{format_cards(first.drawn)}, not the cards the history gives.",
                        step.line)
        if first_round and (hand.street or hand.is_over):
            first_round = False
            owed = _phh_checks(hand)
        yield hand, step, events
    if not hand.is_over:
        raise _fail(record, "the history stops before the hand is over: "
                    f"p{(hand.to_act or 0) + 1} is still to {_verb(hand)}.")
    return showdown


ALL_IN_FOLD = (
    "a player all in has no action left and his chips stay in the pot until the showdown; "
    "standpat does not replay such a fold"
)
"""The reason given when a history folds a player who is all in (a room may fold one who
sits out)."""

CAP_DIFFERENCE = (
    "standpat caps the betting before the draw at four bets with the big blind as the first; "
    "PHH (PokerKit) allows four raises on top of the big blind"
)
"""The reason given when a foreign file raises a fifth time before the draw."""

SHORT_ALL_IN_DIFFERENCE = (
    "after an all-in bet or raise for less than a full one, standpat and PHH (PokerKit) "
    "differ on what the next raise may be"
)
"""The reason given when a foreign file raises after a short all-in as standpat does not."""

LATER_DISCARD_DIFFERENCE = (
    "PHH (PokerKit) deals the draws once every player has discarded, and a reshuffle may "
    "deal a card that a player after him throws in the same draw; standpat deals each player "
    "his cards as he discards"
)
"""The reason given when a file deals a card that is only discarded later in the same draw."""

OWN_DISCARD_DIFFERENCE = (
    "PHH (PokerKit) may reshuffle a player's own discards into the cards he draws; standpat "
    "never deals a player the cards he has just thrown"
)
"""The reason given when a file deals a player his own discards back."""


def _difference(hand: Hand, step: Step, error: IllegalActionError) -> str:
    """For a foreign file: which documented difference in the rules the refusal comes from."""
    if step.kind is not StepKind.BET_RAISE:
        return ""
    message = str(error)
    if "capped at four bets" in message and hand.street == 0:
        return CAP_DIFFERENCE
    rounds = [i for i, e in enumerate(hand.events) if isinstance(e, StreetOpened | DrawOpened)]
    this_round = hand.events[rounds[-1]:] if rounds else hand.events
    if any(isinstance(e, BetMade | Raised) and e.all_in for e in this_round):
        return SHORT_ALL_IN_DIFFERENCE
    return ""


def _draw_problem(steps: tuple[Step, ...], index: int, hand: Hand) -> str | None:
    """Why the cards a discard draws cannot be dealt, when the history can say more."""
    step = steps[index]
    if step.kind is not StepKind.DISCARD:
        return None
    who = f"p{step.seat + 1}"
    later: dict[Card, int] = {}
    for other in steps[index + 1:]:
        if other.kind is not StepKind.DISCARD or other.seat == step.seat:
            break
        later.update(dict.fromkeys((c for c in other.cards if c is not None), other.seat))
    holders = {c: seat for seat in range(hand.players) if not hand.folded(seat)
               for c in hand.cards_of(seat)}
    for card in step.drawn:
        if card is None:
            continue
        if card in step.cards:
            return f"{who} is dealt {card}, which he throws in this very discard: " \
                   f"{OWN_DISCARD_DIFFERENCE}."
        if card in later:
            return f"{who} is dealt {card}, which p{later[card] + 1} throws later in the same " \
                   f"draw: {LATER_DISCARD_DIFFERENCE}."
        holder = holders.get(card)
        if holder is not None and holder != step.seat:
            return f"{who} is dealt {card}, which p{holder + 1} holds."
    return None


def _phh_checks(hand: Hand) -> list[int]:
    """The seats PHH gives a check the engine did not ask for, once the first round is over."""
    engine = {id(event) for event in hand.events}
    return [e.seat for e in with_phh_checks(hand.events, hand.starting_stacks)
            if id(e) not in engine and e.seat is not None]


ODD_CHIP_DIFFERENCE = (
    "pots split among the same players leave an odd chip where PHH (PokerKit), which merges "
    "such pots before splitting, places it otherwise; the file gives no finishing_stacks to "
    "say which"
)
"""The reason given when a foreign file's split pots would pay differently merged."""


def _check_odd_chips(record: HandRecord, hand: Hand) -> None:
    """Refuse a foreign hand whose split pots PokerKit pays otherwise.

    standpat splits each pot on its own, the odd chip to the first winner
    after the button (``p1`` first, in a replay); PokerKit first merges
    consecutive pots whose players still in (after the hands that win
    nothing are killed) are the same, then splits.  Where the two place an
    odd chip differently and the file states no finishing stacks, the hand
    is refused rather than replayed to stacks PokerKit would not reach.
    """
    won: dict[int, dict[int, int]] = {}
    for event in hand.events:
        if isinstance(event, Won):
            won.setdefault(event.pot, {})[event.seat] = event.amount
    if not any(len(paid) > 1 for paid in won.values()):
        return
    winners = {seat for paid in won.values() for seat in paid}
    merged: list[tuple[int, tuple[int, ...], set[int]]] = []
    for index, (amount, eligible) in enumerate(hand.pots):
        live = tuple(seat for seat in eligible if seat in winners)
        best = set(won.get(index, {}))
        if merged and merged[-1][1] == live:
            merged[-1] = (merged[-1][0] + amount, live, merged[-1][2] | best)
        else:
            merged.append((amount, live, best))
    theirs = [0] * hand.players
    for amount, _, best in merged:
        if not best:
            continue
        order = sorted(best)
        share, odd = divmod(amount, len(order))
        for seat in order:
            theirs[seat] += share
        theirs[order[0]] += odd
    ours = [0] * hand.players
    for paid in won.values():
        for seat, amount in paid.items():
            ours[seat] += amount
    if theirs != ours:
        raise _fail(record, f"{ODD_CHIP_DIFFERENCE} (standpat pays {ours}, PokerKit "
                    f"{theirs}).")


def _check_short_posts(record: HandRecord, hand: Hand) -> None:
    """Refuse a foreign hand whose result hangs on a rule PHH and standpat read differently.

    With a big blind posted all-in for less than its size, PHH (PokerKit) lets
    the others call only what was posted; standpat's house rules make a call
    cost the full blind.  With ``ante_trimming_status = true``, PHH lets a
    player all-in for less than the others' ante win only what he matched,
    and gives back the part of an ante no other ante matches (a big-blind
    ante); standpat's antes are dead money in the main pot, as PHH's are by
    default.
    PHH writes a call without its amount, so the replay may reach another
    result; it goes ahead only when the file states its finishing stacks,
    which the replay must then reach.
    """
    antes = [e.amount for e in hand.events if isinstance(e, Posted) and e.post is _ANTE]
    trimming = record.extra.get("ante_trimming_status") is True
    asked = [p.amount for p in record.posts or () if p.kind == _ANTE.value]
    if trimming and (len(set(asked)) > 1 or 0 < len(asked) < record.player_count):
        raise _fail(record, "the antes differ and ante_trimming_status is true (PHH advises "
                    "false for unequal antes): PHH and standpat's rules then differ on who may "
                    "win the antes, and without finishing_stacks in the file the result cannot "
                    "be checked.")
    for event in hand.events:
        if not isinstance(event, Posted) or not event.all_in:
            continue
        if event.post is PostKind.BIG_BLIND and event.amount < record.big_blind:
            size = f"big blind is all-in for {event.amount} of {record.big_blind}"
            differ = "what a call costs"
        elif event.post is _ANTE and trimming and event.amount < max(antes):
            size = f"ante is all-in for {event.amount} of {max(antes)}"
            differ = "who may win the antes (ante_trimming_status is true)"
        else:
            continue
        raise _fail(record, f"p{event.seat + 1}'s {size}: PHH and standpat's rules then differ "
                    f"on {differ}, and without finishing_stacks in the file the result cannot "
                    "be checked.")


_ANTE = PostKind.ANTE


def _check_showdown(
    record: HandRecord, hand: Hand, showdown: list[Step], made_up: frozenset[int]
) -> None:
    winners = {e.seat for e in hand.events if isinstance(e, Won) and e.seat in
               {s.seat for s in hand.events if isinstance(s, Shown)}}
    contested = {e.seat for e in hand.events if isinstance(e, Shown | Mucked)}
    # A mucked hand has no claim: unknown cards mucked were made up to lose (see start).
    mucked = {s.seat for s in showdown if s.kind is StepKind.MUCK}
    for seat in sorted(made_up & contested):
        if seat in mucked and seat not in winners:
            continue
        raise _fail(record, f"p{seat + 1}'s cards are not known ('??') but he goes to the "
                    "showdown, so the pot cannot be decided.")
    for step in showdown:
        if step.seat not in contested:
            raise _fail(record, f"{step}: p{step.seat + 1} is not in the showdown.", step.line)
        held = set(hand.cards_of(step.seat))
        if step.kind is StepKind.SHOW and step.cards:
            cards = [c for c in step.cards if c is not None]
            if not set(cards) <= held:
                raise _fail(record, f"{step}: p{step.seat + 1} holds "
                            f"{' '.join(map(str, hand.cards_of(step.seat)))}, not these cards.",
                            step.line)
        if step.kind is StepKind.MUCK and step.seat in winners:
            raise _fail(record, f"{step}: p{step.seat + 1} mucks, but his hand wins a pot and "
                        "cards speak: it must be shown.", step.line)


def replay(record: HandRecord) -> Replay:
    """Replay a whole record; checks every step and the finishing stacks it claims."""
    hand: Hand | None = None
    for now, _, _ in replay_steps(record):
        hand = now
    assert hand is not None
    claimed = record.finishing_stacks
    if record.rake:
        if claimed is None:
            raise _fail(record, f"the history takes a rake of {record.rake} but does not say "
                        "from whom: it gives no finishing stacks.")
        taken = [engine - stated for engine, stated in zip(hand.stacks, claimed, strict=True)]
        winners = {e.seat for e in hand.events if isinstance(e, Won)}
        if sum(taken) != record.rake or any(
            t < 0 or (t > 0 and seat not in winners) for seat, t in enumerate(taken)
        ):
            raise _fail(record, f"the history says the finishing stacks are {list(claimed)} "
                        f"after a rake of {record.rake}, but its actions give "
                        f"{list(hand.stacks)} before the rake.", record.source.result_line)
    elif claimed is not None and claimed != hand.stacks:
        raise _fail(record, f"the history says the finishing stacks are {list(claimed)}, but "
                    f"its actions give {list(hand.stacks)}.", record.source.result_line)
    return Replay(record, hand)
