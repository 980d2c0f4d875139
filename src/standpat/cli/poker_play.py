"""``standpat play`` for the poker games: you and N bots at one table, hand after hand.

The runner deals through :class:`~standpat.cli.poker_seating.Seating` (a
:class:`~standpat.table.Table` with the bots), prints the screen of
:mod:`standpat.cli.poker_screen` before each of the player's decisions and a
line for every action, and saves every hand it dealt with
:func:`~standpat.cli.poker_history.save_hand`.  It ends when the player
quits (at any prompt: in a hand he is in, the table checks or folds for him
until the hand ends, and the hand is saved), busts, or has won every chip;
end of input and Ctrl-C count as quitting (a Ctrl-C while the bots play takes
effect at the next prompt; a second one stops at once, saving the hand as far
as it went).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from standpat.bots import prepare_game
from standpat.bots.names import NAMES
from standpat.cli.poker_actions import to_action
from standpat.cli.poker_history import first_free_number, save_hand
from standpat.cli.poker_input import HELP_TEXT, Verb, parse_line
from standpat.cli.poker_screen import Palette, narrate, render
from standpat.cli.poker_seating import HUMAN_SEAT, Seating
from standpat.cli.prompt import Quit, ask, quit_on_interrupt
from standpat.engine import Action, Hand, SeatView, Stakes, Structure, get_game, redact
from standpat.errors import StandpatError
from standpat.table.rotation import DEFAULT_HANDS, Rotation

__all__ = ["BOT_NAMES", "PokerSession", "run_poker"]

BOT_NAMES = NAMES[:5]
"""Names of the bots, in seat order after the player."""


@dataclass
class PokerSession:
    """One sitting at the table: the seating, where output goes, and the saved hands."""

    seating: Seating
    history_dir: Path
    out: TextIO
    ask: Callable[[str], str] = ask
    palette: Palette = field(default_factory=lambda: Palette(False))
    hands_played: int = 0
    saved: list[Path] = field(default_factory=list)
    quitting: bool = False
    first_file: int = 0
    """Number of the first hand file (0: one past the files already in the folder)."""
    chips: int | None = None
    """The player's chips after the last hand he finished (None before any)."""
    hints: bool = False
    """Show the best holds with their chances at the player's draw (``--hints``)."""

    def __post_init__(self) -> None:
        if not self.first_file:
            self.first_file = first_free_number(self.history_dir)

    def say(self, text: str) -> None:
        """Print one block of text (nothing for an empty one)."""
        if text:
            print(text, file=self.out)

    def play(self) -> None:
        """Hand after hand until the player quits, busts or takes every chip."""
        while not self.quitting:
            reason = self.seating.why_over()
            if reason:
                self.say(reason)
                return
            if self.seating.sitting_out and not self.seating.can_deal():
                self.say("There are not enough players to deal without you: you sit back in.")
                self.seating.sit_in()
            self.play_hand()
            if self.quitting:
                return
            reason = self.seating.why_over()
            if reason:
                self.say(reason)
                return
            try:
                self.between_hands()
            except Quit:
                self.quitting = True

    def between_hands(self) -> None:
        """Ask for the next hand; the player may also sit out, come back, or quit."""
        seating = self.seating
        while True:
            out = seating.sitting_out
            prompt = (
                "You are sitting out. Enter to watch the next hand, 'back' to sit in, or 'quit': "
                if out else "Enter for the next hand, 'out' to sit out, or 'quit': "
            )
            word = " ".join(self.ask(prompt).lower().split())
            if word in ("q", "quit", "exit"):
                self.quitting = True
                return
            if word == "":
                return
            if word in ("out", "sit out", "sitout") and not out:
                seating.sit_out()
                self.say("You sit out from the next hand; type 'back' between hands to return.")
                return
            if word in ("back", "sit in", "sitin") and out:
                seating.sit_in()
                self._come_back()
                return
            if word == "help":
                self.say("Between hands: Enter deals the next hand; 'out' sits out, 'back' "
                         "sits back in, 'quit' leaves.")
                continue
            self.say(f"Not that: {word!r} means nothing between hands; press Enter, or type "
                     f"{'back' if out else 'out'} or quit.")

    def _come_back(self) -> None:
        """After sitting in: offer to post what the player owes, or to wait for the big blind."""
        owed = self.seating.post_offer()
        if owed is None:
            marker = self.seating.marker
            if marker:
                self.say(f"You are marked {marker}: you are dealt in when the big blind "
                         "reaches you.")
            return
        while True:
            word = self.ask(
                f"You owe {owed}. 'post' to post it and play the next hand, or 'wait' for the "
                "big blind: "
            ).strip().lower()
            if word in ("post", "wait"):
                self.seating.choose(post=word == "post")
                return
            self.say(f"Not that: {word!r}; type post or wait.")

    def play_hand(self) -> None:
        """Deal one hand, play it to the end, save it, and send busted bots away."""
        seating = self.seating
        hand = seating.start_hand()
        self.hands_played += 1
        number = self.hands_played
        names = seating.hand_names()
        seats = [seat + 1 for seat in seating.table.dealt]
        self.say(f"\n*** Hand {number}: {', '.join(names)} ***")
        printed = self._print_events(hand, names, 0)
        if seating.human_index is None:
            self.say(render(hand.view(None), seating.chairs(), hand_no=number,
                            palette=self.palette))
        try:
            while True:
                printed = self._print_events(hand, names, printed)
                if hand.is_over:
                    break
                index = hand.to_act
                if index is None:  # a hand that waits on nobody is over
                    break
                bot = seating.bot_for(index)
                if bot is None:
                    self._human_turn(hand, index, number)
                else:
                    self._bot_turn(index, bot.act(hand.view(index)), names[index])
        finally:
            try:
                self.saved.append(save_hand(
                    hand, self.history_dir, self.first_file + number - 1, names=names,
                    seats=seats, seat_count=seating.table.seats,
                    button_seat=_button_seat(seating),
                ))
            except OSError as error:
                self.say(f"Hand {number} could not be saved: {error}")
        you = seating.human_index
        if you is not None and hand.is_over:
            self.chips = hand.stacks[you]
        if self.quitting and you is not None:
            self.say(f"You leave with {hand.stacks[you]} chips.")
        for name in seating.send_away_busted():
            self.say(f"{name} has no chips left and leaves the table.")
        self.say(seating.stacks_line())

    def _bot_turn(self, index: int, action: Action, name: str) -> None:
        """Apply a bot's action; one the rules refuse is replaced by check-or-fold, not a crash."""
        try:
            self.seating.act(index, action)
        except StandpatError as error:
            self.say(f"({name}'s bot tried {action}, which the rules refuse: {error} "
                     "It checks or folds instead.)")
            self.seating.act_default()

    def _print_events(self, hand: Hand, names: list[str], printed: int) -> int:
        events = hand.events
        you = self.seating.human_index
        view = hand.view(you)
        new = [redact(e, you) for e in events[printed:]]
        for line in narrate(new, dict(enumerate(names)), you, view):
            self.say(line)
        return len(events)

    def _human_turn(self, hand: Hand, index: int, number: int) -> None:
        """Ask the player until he gives a legal action (or leaves), and apply it."""
        view = hand.view(index)
        notes = self._hint(view) if self.hints else []
        self.say(render(view, self.seating.chairs(), hand_no=number, palette=self.palette,
                        notes=notes))
        while True:
            try:
                line = self.ask("> ")
            except Quit:
                self._leave()
                return
            try:
                command = parse_line(line)
                if command.verb is Verb.HELP:
                    self.say(HELP_TEXT)
                    continue
                if command.verb is Verb.TABLE:
                    self.say(render(view, self.seating.chairs(), hand_no=number,
                                    palette=self.palette, notes=notes))
                    continue
                if command.verb is Verb.QUIT:
                    self._leave()
                    return
                action: Action = to_action(command, view)
                self.seating.act(index, action)
            except StandpatError as error:
                self.say(f"Not that: {error}")
                continue
            return

    @staticmethod
    def _hint(view: SeatView) -> list[str]:
        """At the player's draw, the best holds and their chances (:func:`standpat.odds.hint`)."""
        from standpat.odds.hints import hint, hint_lines

        data = hint(view)
        return [] if data is None else hint_lines(data)

    def _leave(self) -> None:
        self.quitting = True
        self.say("You leave the table; the hand is played out without you, and saved.")
        self.seating.leave()


def _button_seat(seating: Seating) -> int | None:
    button = seating.table.button
    return None if button is None else button + 1


def _fail(message: str) -> int:
    print(f"standpat play: error: {message}", file=sys.stderr)
    return 2


def run_poker(args: argparse.Namespace) -> int:
    """Run a poker table from ``standpat play`` arguments; 0 on a normal end, 2 on bad options."""
    if args.structure not in set(Structure):
        return _fail(
            f"{args.structure!r} is not a betting structure: expected "
            f"{', '.join(s.value for s in Structure)}."
        )
    structure = Structure(args.structure)
    rotation: Rotation | None = None
    try:
        if getattr(args, "mix", None):
            rotation = Rotation(tuple(g.strip() for g in args.mix.split(",") if g.strip()),
                                args.mix_hands or DEFAULT_HANDS)
        elif getattr(args, "mix_hands", None) is not None:
            return _fail("--mix-hands is for a mixed table: give its games with --mix.")
        game = get_game(args.game if rotation is None else rotation.games[0])
        stakes = Stakes.parse(args.stakes)
    except ValueError as error:
        return _fail(str(error))
    bots = args.bots
    most = game.max_players if rotation is None else rotation.max_players
    title = game.title if rotation is None else rotation.title
    if not game.min_players <= bots + 1 <= most:
        return _fail(
            f"{title} seats {game.min_players}-{most} players, "
            f"so --bots must be {game.min_players - 1}-{most - 1}, not {bots}."
        )
    buy_in = args.buy_in if args.buy_in is not None else 100 * stakes.big_blind
    if buy_in < stakes.big_blind:
        return _fail(f"--buy-in {buy_in} is less than the big blind ({stakes.big_blind}).")
    name = (args.name or "You").strip() or "You"
    if name in BOT_NAMES[:bots]:
        return _fail(f"--name {name!r} is taken by a bot; pick another.")
    history_dir = Path(args.history_dir) if args.history_dir else Path(
        time.strftime("standpat-hands-%Y%m%d-%H%M%S")
    )
    if history_dir.exists() and not history_dir.is_dir():
        return _fail(f"--history-dir {str(history_dir)!r} is a file, not a folder.")
    rng = random.Random(args.seed)
    try:
        seating = Seating.open(
            game, structure, stakes, rng=rng, human=name, bots=BOT_NAMES[:bots],
            level=args.bot_level, buy_in=buy_in, rotation=rotation,
        )
    except StandpatError as error:
        return _fail(str(error))
    if rotation is not None:
        title += f", {rotation.hands} hands each"
    palette = Palette.for_stream(sys.stdout, allowed=not args.no_color)
    you_are = "you are" if name.casefold() == "you" else f"you are {name}"
    print(
        f"standpat: {title}, {structure.value} {stakes}; {you_are} in seat "
        f"{HUMAN_SEAT + 1}, with {bots} {args.bot_level} bot{'s' if bots != 1 else ''}; "
        f"{buy_in} chips each. "
        "Type 'help' for the commands."
    )
    session = PokerSession(seating, history_dir, sys.stdout, palette=palette,
                           hints=args.hints)
    try:
        if args.bot_level in ("strong", "expert"):
            print(f"Getting the {args.bot_level} bots ready (a second or two)...", flush=True)
            for each in ((game,) if rotation is None else map(get_game, rotation.games)):
                prepare_game(each)
        with quit_on_interrupt():
            session.play()
    except KeyboardInterrupt:  # before the first hand, or a second Ctrl-C: stop now
        session.say("\nInterrupted.")
    except BrokenPipeError:  # the output was closed (``standpat play | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    count = len(session.saved)
    if session.chips is not None:
        print(f"You finish with {session.chips} chips ({session.chips - buy_in:+d}).")
    if count:
        print(f"Bye. {count} hand{'s' if count != 1 else ''} saved in {history_dir}{os.sep} "
              f"(see them with: standpat replay {session.saved[0]})")
    else:
        print("Bye. No hand was dealt.")
    return 0
