"""``standpat play``: play one seat against bots in the terminal, one screen per decision.

Dispatches on ``--game`` through :data:`RUNNERS`: the poker games (the
default is Five Card Draw 7-A) run in :mod:`standpat.cli.poker_play`, the
pinochle games below.

Commands at a pinochle prompt (parsed by :func:`parse_command`):

- ``bid 3``, ``pass``
- ``trump spades`` (or ``trump s``)
- ``d 1 3`` (discard the 1st and 3rd cards shown), ``discard Qs 9h``, ``keep``
- ``play Qs`` or ``play 2`` (the 2nd card shown)
- ``help``, ``quit``

>>> from standpat.pinochle import PINOCHLE_5, HandState
>>> hand = HandState.preset(PINOCHLE_5, ["Qs Js Ks Jd 9h", "Ac Ad Ah As Tc"])
>>> parse_command("bid 3", hand.view(0))
Bid(amount=3)
>>> parse_command("bid x", hand.view(0))
Traceback (most recent call last):
...
standpat.cli.prompt.InputError: 'bid x': a bid is a whole number, like 'bid 3'.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

from standpat.bots import LEVELS
from standpat.cards import format_cards
from standpat.cli.poker_play import BOT_NAMES
from standpat.cli.prompt import InputError, Quit, ask, quit_on_interrupt
from standpat.engine import GAMES as POKER
from standpat.engine import GameName
from standpat.errors import IllegalActionError, StandpatError
from standpat.pinochle import (
    GAMES,
    Action,
    Bid,
    BidMade,
    Bot,
    CardPlayed,
    DeckCard,
    Discard,
    Drew,
    Event,
    GameState,
    HandResult,
    NameTrump,
    Pass,
    Passed,
    Phase,
    Play,
    SeatView,
    SimpleBot,
    Suit,
    TrumpNamed,
    deck_cards,
    describe,
)

NAME = "play"
HELP = "Play a game in the terminal against bots: draw poker (the default) or pinochle."

POKER_GAMES: tuple[str, ...] = tuple(name.value for name in POKER)
"""Poker games playable here: every game of the engine (see :mod:`standpat.cli.poker_play`)."""

DEFAULT_GAME = GameName.FIVE_CARD_DRAW_7A.value
"""The game ``standpat play`` deals when ``--game`` is not given."""

HUMAN = 0
"""The seat the human plays (shown as seat 1: the screen numbers seats from 1, as poker's does)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat play``."""
    parser.add_argument(
        "--game", default=DEFAULT_GAME, metavar="GAME",
        help=f"one of {', '.join([*POKER_GAMES, *GAMES])} (default: %(default)s)",
    )
    parser.add_argument(
        "--players", type=int, default=None,
        help="number of players, you included (poker: instead of --bots)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the shuffles")
    poker = parser.add_argument_group("poker")
    poker.add_argument(
        "--structure", default="pot-limit", metavar="STRUCTURE",
        help="fixed-limit, pot-limit or no-limit (default: %(default)s)",
    )
    poker.add_argument(
        "--stakes", default="2/4", metavar="SMALL/BIG",
        help="small bet / big bet; blinds are half the small bet and the small bet "
        "(default: %(default)s)",
    )
    poker.add_argument("--bots", type=int, default=3, help="number of bots (default: %(default)s)")
    poker.add_argument(
        "--bot-level", default="normal", choices=LEVELS,
        help="how well the bots play (default: %(default)s)",
    )
    poker.add_argument(
        "--buy-in", type=int, default=None, metavar="CHIPS",
        help="chips each player starts with (default: 100 big blinds)",
    )
    poker.add_argument("--name", default=None, help="your name at the table (default: You)")
    poker.add_argument(
        "--history-dir", default=None, metavar="DIR",
        help="folder for the hand histories (default: a new standpat-hands-DATE-TIME folder)",
    )
    poker.add_argument(
        "--tournament", default=None, metavar="STRUCTURE",
        help="play a sit-and-go instead of a ring game: turbo, regular, deep or a structure "
        "file (TOML); --players entrants (default: a full table), the bots fill it",
    )
    poker.add_argument(
        "--mix", default=None, metavar="GAME,GAME[,...]",
        help="a mixed table: these poker games in turn, --mix-hands hands each (the game you "
        "give with --game is not used)",
    )
    poker.add_argument(
        "--mix-hands", type=int, default=None, metavar="N",
        help="a mixed table's hands of each game (default: 8)",
    )
    poker.add_argument("--no-color", action="store_true", help="plain text, no colour")
    poker.add_argument(
        "--hints", action=argparse.BooleanOptionalAction, default=True,
        help="at your draw, show the best holds with their chances (default: on)",
    )


def run(args: argparse.Namespace) -> int:
    """Dispatch on ``--game``; errors go to stderr with exit code 2."""
    runner = RUNNERS.get(args.game)
    if runner is None:
        known = ", ".join(RUNNERS)
        message = f"{args.game!r} is not a game: expected one of {known}."
        print(f"standpat play: error: {message}", file=sys.stderr)
        return 2
    if getattr(args, "tournament", None):
        if runner is not run_poker:
            print("standpat play: error: --tournament is for the poker games.",
                  file=sys.stderr)
            return 2
        from standpat.cli.poker_tournament import run_tournament

        return run_tournament(args)
    return runner(args)


# -- pinochle --------------------------------------------------------------------


def _name(seat: int) -> str:
    """``you``, or the bot's name: the poker table's bots, in seat order after him (Ada, Bo,
    Cy...)."""
    return "you" if seat == HUMAN else BOT_NAMES[(seat - HUMAN - 1) % len(BOT_NAMES)]


def parse_command(line: str, view: SeatView) -> Action:
    """The action a typed ``line`` asks for in ``view``; raises :class:`InputError` or Quit.

    Legality is checked by the engine afterwards; this only reads the words.
    """
    words = line.strip().split()
    if not words:
        raise InputError("type a command, or 'help'.")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("quit", "exit", "q"):
        raise Quit
    if verb == "pass":
        return Pass()
    if verb == "bid":
        if len(rest) != 1 or not rest[0].isdigit():
            raise InputError(f"{line.strip()!r}: a bid is a whole number, like 'bid 3'.")
        return Bid(int(rest[0]))
    if verb == "trump":
        if len(rest) != 1:
            raise InputError(f"{line.strip()!r}: name one suit, like 'trump spades'.")
        return NameTrump(Suit.parse(rest[0]))
    if verb == "keep":
        return Discard(())
    if verb in ("d", "discard"):
        return Discard(tuple(_cards(rest, view, line)))
    if verb == "play":
        if len(rest) != 1:
            raise InputError(f"{line.strip()!r}: play one card, like 'play Qs' or 'play 2'.")
        return Play(_cards(rest, view, line)[0])
    raise InputError(f"{line.strip()!r} is not a command; type 'help' for the list.")


def _cards(words: list[str], view: SeatView, line: str) -> list[DeckCard]:
    """Cards of the shown hand by position (1-based) or by card text."""
    hand = list(view.hand)
    if all(w.isdigit() for w in words):
        out = []
        for w in words:
            i = int(w)
            if not 1 <= i <= len(hand):
                raise InputError(f"{line.strip()!r}: card number {i} is not 1..{len(hand)}.")
            out.append(hand[i - 1])
        if len(set(out)) != len(out):
            raise InputError(f"{line.strip()!r} names a card twice.")
        return out
    return deck_cards(" ".join(words), hand)


HELP_TEXT = (
    "commands: bid N | pass | trump SUIT | d 1 3 | discard Qs 9h | keep | "
    "play Qs | play 2 | help | quit"
)


def screen(view: SeatView, hand_no: int) -> str:
    """The text shown before each of the human's decisions."""
    lines = [
        f"=== {view.game} | hand {hand_no} | you are seat {view.seat + 1} | "
        f"dealer {_name(view.dealer)} ===",
        "Scores: " + " | ".join(f"{_name(s)} {v}" for s, v in view.scores),
    ]
    bids = ", ".join(f"{_name(s)} {'pass' if a is None else a}" for s, a in view.bids)
    lines.append(f"Bids: {bids or '-'}")
    if view.bidder is not None and view.phase is not Phase.BIDDING:
        trump = view.trump.value if view.trump else "(to be named)"
        broken = " (trump broken)" if view.broken else ""
        lines.append(f"Contract: {view.bid} by {_name(view.bidder)}; trump {trump}{broken}")
    if view.phase is Phase.DRAW:
        cap = "no cap" if view.draw_cap is None else f"cap {view.draw_cap}"
        lines.append(f"Stock: {view.stock_size} cards ({cap})")
    if view.phase is Phase.PLAY:
        for seat, m in view.melds:
            if m.melds:
                lines.append(f"Meld {_name(seat)}: " + ", ".join(
                    f"{x.name} {x.points}" for x in m.melds) + f" = {m.total}")
        if view.last_trick is not None and view.last_trick.taker is not None:
            cards = " ".join(f"{c}" for _, c in view.last_trick.plays)
            lines.append(f"Last trick: {cards} -> {_name(view.last_trick.taker)}")
        trick = view.trick.plays if view.trick else ()
        lines.append("Trick: " + (", ".join(f"{_name(s)} {c}" for s, c in trick) or "(you lead)"))
        lines.append("Points in tricks: " + " | ".join(f"{_name(s)} {p}" for s, p in view.points))
    lines.append("Your hand: " + " ".join(f"{i}:{c}" for i, c in enumerate(view.hand, 1)))
    lines.append("You may: " + _choices(view))
    return "\n".join(lines)


def _choices(view: SeatView) -> str:
    legal = view.legal
    if legal.min_bid is not None:
        return f"bid {legal.min_bid} or more | pass"
    actions = list(legal)
    if actions and isinstance(actions[0], NameTrump):
        return "trump clubs | trump diamonds | trump hearts | trump spades"
    if actions and isinstance(actions[0], Discard):
        most = max(len(a.cards) for a in actions if isinstance(a, Discard))
        return f"keep | d 1 3 or discard Qs 9h (up to {most} cards)"
    cards = sorted({str(a.card) for a in actions if isinstance(a, Play)},
                   key=lambda t: [str(c) for c in view.hand].index(t))
    return " | ".join(f"play {c}" for c in cards)


def narrate(event: Event) -> str:
    """One line about an event, hiding other seats' cards."""
    if isinstance(event, BidMade):
        return f"{_name(event.seat)} bid {event.amount}."
    if isinstance(event, Passed):
        extra = " Everyone passed: the dealer takes it at 1." if event.forced else ""
        return f"{_name(event.seat)} passed.{extra}"
    if isinstance(event, TrumpNamed):
        return f"{_name(event.seat)} named {event.suit.value} trump."
    if isinstance(event, Drew):
        if not event.drawn:
            return "you kept your cards." if event.seat == HUMAN else (
                f"{_name(event.seat)} kept the hand.")
        if event.seat == HUMAN:
            return (f"you discarded {format_cards(c.card for c in event.discarded) or 'nothing'}"
                    f" and drew {format_cards(c.card for c in event.drawn) or 'nothing'}.")
        return f"{_name(event.seat)} discarded and drew {len(event.drawn)}."
    if isinstance(event, CardPlayed):
        line = f"{_name(event.seat)} played {event.card}."
        if event.taken_by is not None:
            line += f" {_name(event.taken_by)} took the trick."
        return line
    return f"{_name(event.seat)} reneged."


def summary(result: HandResult, scores: dict[int, int]) -> str:
    """The end-of-hand lines: the contract and each seat's points."""
    verdict = "made" if result.made else "failed"
    lines = [f"--- hand over: {_name(result.bidder)} bid {result.bid} and {verdict} it ---"]
    for s in result.scores:
        lines.append(
            f"{_name(s.seat)}: meld {s.meld} + nines {s.nines}, tricks {s.tricks}: "
            f"{s.delta:+d} -> {scores[s.seat]}"
        )
    return "\n".join(lines)


def run_pinochle(args: argparse.Namespace) -> int:
    """Play a pinochle game with the human at seat 0 and :class:`SimpleBot` elsewhere."""
    spec = GAMES[args.game]
    players = args.players if args.players is not None else min(4, spec.max_players)
    try:
        spec.check_players(players)
    except StandpatError as error:
        print(f"standpat play: error: {error}", file=sys.stderr)
        return 2
    game = GameState(spec, players, rng=random.Random(args.seed))
    bots: list[Bot] = [SimpleBot() for _ in range(players)]
    print(f"standpat {spec.name}: {players} players, you are seat {HUMAN + 1}. Type 'help'.")
    try:
        with quit_on_interrupt():
            _play_game(game, bots)
    except (Quit, KeyboardInterrupt):
        print("Bye.")
        return 0
    print(f"Game over: {_name(game.winner or 0)} won. Final scores: "
          + " | ".join(f"{_name(s)} {v}" for s, v in game.scores.items()))
    return 0


def _play_game(game: GameState, bots: list[Bot]) -> None:
    """Hands until the game is over; raises Quit when the player leaves."""
    while not game.is_over:
        hand_no = len(game.results) + 1
        seat = game.to_act
        assert seat is not None
        action = (
            _human_action(game, hand_no) if seat == HUMAN else bots[seat].act(game.view(seat))
        )
        event = game.apply(action)
        print(narrate(event))
        if len(game.results) == hand_no:
            print(summary(game.results[-1], game.scores))


def _human_action(game: GameState, hand_no: int) -> Action:
    view = game.view(HUMAN)
    print(screen(view, hand_no))
    while True:
        line = ask("> ")
        if line.strip().lower() in ("help", "?", "h"):
            print(HELP_TEXT)
            continue
        try:
            action = parse_command(line, view)
            try:
                game.verify(action)
            except IllegalActionError:  # the engine's words number seats from 0
                raise InputError(refusal(action, view)) from None
        except StandpatError as error:
            print(f"Not that: {error}")
            continue
        return action


def refusal(action: Action, view: SeatView) -> str:
    """Why the player may not take ``action`` now, in the screen's words.

    >>> from standpat.pinochle import PINOCHLE_5, HandState
    >>> hand = HandState.preset(PINOCHLE_5, ["Qs Js Ks Jd 9h", "Ac Ad Ah As Tc"])
    >>> _ = hand.apply(Bid(3))
    >>> refusal(Bid(2), hand.view(1))
    "'bid 2' is too low: bid 4 or more, or pass."
    >>> refusal(Discard(()), hand.view(1))
    "'keep' is not possible now; you may: bid 4 or more | pass."
    """
    said = describe(action)
    if isinstance(action, Bid) and view.legal.min_bid is not None:
        return f"{said!r} is too low: bid {view.legal.min_bid} or more, or pass."
    first = next(iter(view.legal), None)
    if isinstance(action, Discard) and isinstance(first, Discard):
        return f"{said!r} throws {len(action.cards)} cards; you may: {_choices(view)}."
    if isinstance(action, Play) and isinstance(first, Play):
        return f"{said!r} breaks the trick rules; you may: {_choices(view)}."
    return f"{said!r} is not possible now; you may: {_choices(view)}."


def run_poker(args: argparse.Namespace) -> int:
    """Play a poker game (see :mod:`standpat.cli.poker_play`)."""
    from standpat.cli.poker_play import run_poker as run_table

    if args.players is not None:
        args.bots = args.players - 1
    return run_table(args)


RUNNERS: dict[str, Callable[[argparse.Namespace], int]] = {
    **dict.fromkeys(POKER_GAMES, run_poker),
    **dict.fromkeys(GAMES, run_pinochle),
}
"""Terminal runners by game name."""
