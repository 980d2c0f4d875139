"""``standpat play`` for the poker games: you and N bots at one table, hand after hand.

The runner deals through :class:`~standpat.cli.poker_seating.Seating` (a
:class:`~standpat.table.Table` with the bots), prints the screen of
:mod:`standpat.cli.poker_screen` before each of the player's decisions and a
line for every action, and saves every hand it dealt with
:func:`~standpat.cli.poker_history.save_hand`.  It ends when the player
quits (at any prompt: in a hand he is in, the table checks or folds for him
until the hand ends, and the hand is saved), busts, or has won every chip;
end of input and Ctrl-C count as quitting.
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

from standpat.cli.poker_actions import to_action
from standpat.cli.poker_history import save_hand
from standpat.cli.poker_input import HELP_TEXT, Verb, parse_line
from standpat.cli.poker_screen import Palette, narrate, render
from standpat.cli.poker_seating import HUMAN_SEAT, Seating
from standpat.cli.prompt import Quit, ask
from standpat.engine import Action, Hand, Stakes, Structure, get_game, redact
from standpat.errors import StandpatError

__all__ = ["BOT_NAMES", "PokerSession", "run_poker"]

BOT_NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")
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
            self.play_hand()
            if self.quitting:
                return
            reason = self.seating.why_over()
            if reason:
                self.say(reason)
                return
            try:
                line = self.ask("Enter for the next hand, or 'quit': ")
            except Quit:
                self.quitting = True
                return
            if line.strip().lower() in ("q", "quit", "exit"):
                self.quitting = True

    def play_hand(self) -> None:
        """Deal one hand, play it to the end, save it, and send busted bots away."""
        seating = self.seating
        hand = seating.start_hand()
        self.hands_played += 1
        number = self.hands_played
        names = seating.hand_names()
        seats = [seat + 1 for seat in seating.table.dealt]
        self.say(f"\n*** Hand {number}: {', '.join(names)} ***")
        printed = 0
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
                    seating.act(index, bot.act(hand.view(index)))
        finally:
            self.saved.append(save_hand(
                hand, self.history_dir, number, names=names, seats=seats,
                seat_count=seating.table.seats, button_seat=_button_seat(seating),
            ))
        for name in seating.send_away_busted():
            self.say(f"{name} has no chips left and leaves the table.")
        self.say(seating.stacks_line())

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
        self.say(render(view, self.seating.chairs(), hand_no=number, palette=self.palette))
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
                if command.verb is Verb.QUIT:
                    self._leave()
                    return
                action: Action = to_action(command, view)
                self.seating.act(index, action)
            except StandpatError as error:
                self.say(f"Not that: {error}")
                continue
            return

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
    try:
        game = get_game(args.game)
        structure = Structure(args.structure)
        stakes = Stakes.parse(args.stakes)
    except ValueError as error:
        return _fail(str(error))
    bots = args.bots
    if not game.min_players <= bots + 1 <= game.max_players:
        return _fail(
            f"{game.title} seats {game.min_players}-{game.max_players} players, "
            f"so --bots must be {game.min_players - 1}-{game.max_players - 1}, not {bots}."
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
    rng = random.Random(args.seed)
    try:
        seating = Seating.open(
            game, structure, stakes, rng=rng, human=name, bots=BOT_NAMES[:bots],
            level=args.bot_level, buy_in=buy_in,
        )
    except StandpatError as error:
        return _fail(str(error))
    palette = Palette.for_stream(sys.stdout, allowed=not args.no_color)
    print(
        f"standpat: {game.title}, {structure.value} {stakes}; you are {name} in seat "
        f"{HUMAN_SEAT + 1}, with {bots} {args.bot_level} bots; {buy_in} chips each. "
        "Type 'help' for the commands."
    )
    session = PokerSession(seating, history_dir, sys.stdout, palette=palette)
    try:
        session.play()
    except KeyboardInterrupt:
        session.say("\nInterrupted.")
    count = len(session.saved)
    if count:
        print(f"Bye. {count} hand{'s' if count != 1 else ''} saved in {history_dir}{os.sep} "
              f"(see them with: standpat replay {session.saved[0]})")
    else:
        print("Bye. No hand was dealt.")
    return 0
