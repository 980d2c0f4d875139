"""Random hands dealt by the engine, for the history tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from standpat.engine import (
    GAMES,
    Action,
    ActionKind,
    Burned,
    Event,
    EventKind,
    GameName,
    Hand,
    Post,
    PostKind,
    Reshuffled,
    Stakes,
    Structure,
    redact,
    reseat,
)
from standpat.history.capture import record_from_events, to_phh_order
from standpat.history.record import HandRecord

GAME_NAMES = [game.value for game in GAMES]
STRUCTURES = [structure.value for structure in Structure]


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A random legal action for the seat to act, folds kept rare so hands go deep."""
    legal = hand.legal_actions()
    kinds = sorted(legal.kinds)
    if ActionKind.DISCARD in legal.kinds:
        cards = hand.cards_of(legal.seat)
        k = rng.randint(0, legal.max_discard)
        return Action.discard(rng.sample(cards, k))
    weights = [1 if k is ActionKind.FOLD else 4 for k in kinds]
    kind = rng.choices(kinds, weights)[0]
    if kind is ActionKind.FOLD:
        return Action.fold()
    if kind is ActionKind.CHECK:
        return Action.check()
    if kind is ActionKind.CALL:
        return Action.call()
    to = rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)])
    return Action.bet(to) if kind is ActionKind.BET else Action.raise_to(to)


def random_hand(
    seed: int, game: str | None = None, structure: str | None = None, *, min_stack: int = 1
) -> Hand:
    """A whole random hand: random game, structure, stakes, stacks, button and play.

    Stacks are at least ``min_stack`` (chips), short or deep at random.
    """
    rng = random.Random(seed)
    game_ = GAMES[GameName(game)] if game else rng.choice(list(GAMES.values()))
    structure_ = structure or rng.choice(STRUCTURES)
    n = rng.randint(game_.min_players, game_.max_players)
    small = rng.choice([2, 4, 10])
    ante = rng.choice([0, 0, 1])
    stakes = Stakes.from_bets(small, ante=ante)
    stacks = [
        rng.choice([rng.randint(min_stack, min_stack + 12), rng.randint(min_stack + 20, 400)])
        for _ in range(n)
    ]
    button = rng.randrange(n)
    posts = None
    if n >= 3 and rng.random() < 0.2:
        # Dead-button hands: a dead or missing small blind, a player posting to come in.
        sb, bb = (button + 1) % n, (button + 2) % n
        posts = [Post(bb, PostKind.BIG_BLIND, stakes.big_blind)]
        kind = rng.choice(["dead", "none", "live"])
        if kind == "dead":
            posts.insert(0, Post(sb, PostKind.DEAD, stakes.small_blind))
        elif kind == "live":
            posts.insert(0, Post(sb, PostKind.SMALL_BLIND, stakes.small_blind))
        if rng.random() < 0.5:
            newcomer = rng.choice([s for s in range(n) if s not in (sb, bb)])
            posts.append(Post(newcomer, PostKind.BIG_BLIND, stakes.big_blind))
        if stakes.ante:
            posts = [Post(s, PostKind.ANTE, stakes.ante) for s in range(n)] + posts
    hand = Hand(game_, structure_, stakes, stacks, button=button, posts=posts, rng=seed)
    while not hand.is_over:
        hand.apply(random_action(hand, rng))
    return hand


def random_hands(count: int, seed: int = 0) -> Iterator[Hand]:
    """``count`` random hands, cycling through every game and structure."""
    combos = [(g, s) for g in GAME_NAMES for s in STRUCTURES]
    for i in range(count):
        game, structure = combos[i % len(combos)]
        yield random_hand(seed * 1_000_003 + i, game, structure)


def comparable(
    events: tuple[Event, ...], button: int, players: int, *, burns: bool = True
) -> list[Event]:
    """Events in PHH seat order; without burns and reshuffles when ``burns`` is false
    (a history without the seed does not hold them)."""
    out = []
    for event in events:
        if not burns and isinstance(event, Burned | Reshuffled):
            continue
        out.append(reseat(event, [to_phh_order(s, button, players) for s in range(players)]))
    return out


def seen_record(hand: Hand, viewer: int) -> HandRecord:
    """The hand as seat ``viewer`` saw it."""
    return record_from_events(
        hand.game.name.value,
        hand.structure.value,
        hand.stakes,
        hand.starting_stacks,
        [redact(e, viewer) for e in hand.events],
        button=hand.button,
        posts=hand.posts,
        players=[f"player{i}" for i in range(hand.players)],
        finishing_stacks=hand.stacks,
    )


def hidden_at_showdown(hand: Hand, viewer: int) -> bool:
    return any(e.kind is EventKind.MUCK and e.seat != viewer for e in hand.events)


def random_comeback_hand(seed: int) -> Hand:
    """A random hand in which a player coming back posts the small and big blinds together
    (a dead small blind with his big blind) and, most often, raises before the draw."""
    rng = random.Random(seed)
    game = rng.choice([g for g in GAMES.values() if g.max_players >= 3])
    structure = rng.choice(STRUCTURES)
    n = rng.randint(3, game.max_players)
    stakes = Stakes.from_bets(rng.choice([2, 4, 10]), ante=rng.choice([0, 0, 1]))
    stacks = [rng.randint(60, 400) for _ in range(n)]
    button = rng.randrange(n)
    sb, bb = (button + 1) % n, (button + 2) % n
    newcomer = rng.choice([s for s in range(n) if s not in (sb, bb)])
    posts = [Post(s, PostKind.ANTE, stakes.ante) for s in range(n)] if stakes.ante else []
    posts += [Post(sb, PostKind.SMALL_BLIND, stakes.small_blind),
              Post(bb, PostKind.BIG_BLIND, stakes.big_blind),
              Post(newcomer, PostKind.BIG_BLIND, stakes.big_blind),
              Post(newcomer, PostKind.DEAD, stakes.small_blind)]
    hand = Hand(game, structure, stakes, stacks, button=button, posts=posts, rng=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        if (legal.seat == newcomer and hand.street == 0 and ActionKind.RAISE in legal.kinds
                and rng.random() < 0.8):
            hand.apply(Action.raise_to(rng.randint(legal.min_to, legal.max_to)))
        else:
            hand.apply(random_action(hand, rng))
    return hand
