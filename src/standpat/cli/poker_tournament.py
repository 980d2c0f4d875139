"""``standpat play --tournament``: a sit-and-go against bots in the terminal.

You and ``--players`` - 1 bots register for a tournament of the structure named (``turbo``,
``regular``, ``deep`` or a structure file); it starts when full and is played to the end on
the rules engine's tournament tables (:class:`~standpat.tournament.play.TournamentPlay`): the
blinds rise with the levels, a table breaks and players move as tables empty, and the last
player with chips wins.  More players than one table seats make a multi-table tournament;
the bots' other tables play on while you think.  Before each of your decisions the screen
shows your table and a line of the tournament (level, blinds, time to the next level in
played time, players left, your place by chips).  Quitting leaves the tournament (it is not
finished without you); once you are out, the rest is played at once and the results shown.
Every hand you were dealt is saved as a PHH file with the tournament's fields.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from standpat.bots import bots_by_name, prepare_game
from standpat.bots.names import NAMES
from standpat.cli.poker_actions import to_action
from standpat.cli.poker_history import save_hand
from standpat.cli.poker_input import HELP_TEXT, Verb, parse_line
from standpat.cli.poker_screen import Palette, narrate, render
from standpat.cli.poker_seating import chairs_of
from standpat.cli.prompt import Quit, ask, quit_on_interrupt
from standpat.engine import Action, Hand, SeatView, Structure, get_game, redact
from standpat.errors import StandpatError
from standpat.history.tournament import tournament_fields
from standpat.table import Table
from standpat.tournament import TournamentSpec, load_structure, prizes, shipped
from standpat.tournament.core import Busted, Phase
from standpat.tournament.play import HandPlayed, TournamentPlay
from standpat.tournament.structure import SHIPPED

__all__ = ["TerminalTournament", "run_tournament"]

BUY_IN = 100
"""The (notional) buy-in: prizes are shown as chips of a pool of ``BUY_IN`` an entrant."""


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class TerminalTournament:
    """One sit-and-go in the terminal: the bots' decisions, yours at a prompt."""

    you: str
    bot_level: str
    seed: int | None
    out: TextIO
    history_dir: Path
    ask: Callable[[str], str] = ask
    palette: Palette = field(default_factory=lambda: Palette.for_stream(sys.stdout))
    play: TournamentPlay | None = None
    bots: Callable[[str, SeatView], Action] = field(init=False)
    printed: dict[int, int] = field(default_factory=dict)
    """Events shown so far, by the id of their hand."""
    table: int | None = None
    """The table you sit at."""
    saved: list[Path] = field(default_factory=list)
    place: tuple[int, ...] | None = None
    """Your places, once you are out or have won."""

    def __post_init__(self) -> None:
        self.bots = bots_by_name(self.bot_level, self.seed)

    def say(self, text: str) -> None:
        """Print a line (or lines)."""
        print(text, file=self.out, flush=True)

    # -- decisions ----------------------------------------------------------------------

    def decide(self, player: str, view: SeatView) -> Action:
        """A bot's decision, or yours at the prompt."""
        if player != self.you:
            return self.bots(player, view)
        number, table, seat = self._where()
        if number != self.table:
            self.say(f"\nYou {'move to' if self.table else 'sit at'} table {number}, "
                     f"seat {seat + 1}.")
            self.table = number
        hand = table.hand
        assert hand is not None
        self._narrate(table, hand, view.seat)
        screen = render(view, chairs_of(table, seat), hand_no=table.hand_number,
                        palette=self.palette, notes=[self.status(number)])
        self.say(screen)
        while True:
            line = self.ask("> ")
            try:
                command = parse_line(line)
                if command.verb is Verb.HELP:
                    self.say(HELP_TEXT)
                    continue
                if command.verb is Verb.TABLE:
                    self.say(screen)
                    continue
                if command.verb is Verb.QUIT:
                    raise Quit
                action = to_action(command, view)
                hand.verify(action, view.seat)
            except StandpatError as error:
                self.say(f"Not that: {error}")
                continue
            return action

    def status(self, number: int) -> str:
        """The tournament's line: level, blinds, time to the next level, players left, your
        place by chips."""
        assert self.play is not None
        t = self.play.tournament
        moment = t.moment()
        level = t.spec.structure.level_at(moment.level)
        stacks = sorted((tb.stack(s), p.name) for tb in self.play.tables.values()
                        for s in range(tb.seats) if (p := tb.player(s)) is not None)
        stacks.reverse()
        rank = next((i for i, (_, name) in enumerate(stacks, 1) if name == self.you), 0)
        entries = sum(t.entries.values())
        return (f"Level {moment.level + 1}: {level} | next level in {_clock(moment.seconds_left)}"
                f" | {len(t.alive)} of {entries} left | your chips: {_ordinal(rank)}"
                f" | table {number}")

    def _where(self) -> tuple[int, Table, int]:
        assert self.play is not None
        for number, table in self.play.tables.items():
            for seat in range(table.seats):
                player = table.player(seat)
                if player is not None and player.name == self.you:
                    return number, table, seat
        raise StandpatError(f"{self.you} sits at no table.")

    def _narrate(self, table: Table, hand: Hand, you: int | None) -> None:
        names = {i: p.name for i, s in enumerate(table.dealt) if (p := table.player(s))}
        done = self.printed.get(id(hand), 0)
        new = [redact(e, you) for e in hand.events[done:]]
        for line in narrate(new, names, you, hand.view(you)):
            self.say(line)
        self.printed[id(hand)] = len(hand.events)

    # -- hands and results --------------------------------------------------------------

    def hand_done(self, played: HandPlayed) -> None:
        """A hand ended somewhere: if you were dealt in, the rest of it and the stacks, and
        the hand saved."""
        if self.you not in played.names:
            return
        you = played.names.index(self.you)
        names = dict(enumerate(played.names))
        hand = played.hand
        done = self.printed.pop(id(hand), 0)
        for line in narrate([redact(e, you) for e in hand.events[done:]], names, you,
                            hand.view(you)):
            self.say(line)
        self.say("Stacks: " + " | ".join(f"{n} {hand.stacks[i]}" for i, n in names.items()))
        try:
            self.saved.append(save_hand(
                hand, self.history_dir, len(self.saved) + 1, names=played.names,
                seats=played.seats, seat_count=played.seat_count,
                button_seat=played.button_seat, table=f"sit-and-go {played.table}",
                extra=tournament_fields(1, f"{BUY_IN}+0", played.level)))
        except OSError as error:
            self.say(f"The hand could not be saved: {error}")

    def run(self) -> None:
        """Play the tournament to its end (Quit if you leave)."""
        play = self.play
        assert play is not None
        seen = 0
        while play.step():
            for effect in play.effects[seen:]:
                if isinstance(effect, Busted) and effect.player == self.you:
                    self.place = effect.places
                    self.say(f"\nYou are out in {_ordinal(effect.places[0])} place. "
                             "The others play on...")
            seen = len(play.effects)

    def results(self) -> list[str]:
        """The final places and prizes."""
        assert self.play is not None
        t = self.play.tournament
        entries = sum(t.entries.values())
        amounts = prizes(t.pool, entries)
        lines = [f"Results ({entries} players, a pool of {t.pool}):"]
        for finish in t.results():
            won = self.play.paid.get(finish.player, 0)
            tied = " (tied)" if len(finish.places) > 1 else ""
            you = " <- you" if finish.player == self.you else ""
            if finish.place <= len(amounts) or you:
                lines.append(f"  {_ordinal(finish.place)}{tied} {finish.player}"
                             f"{f': {won}' if won else ''}{you}")
        return lines


def run_tournament(args: argparse.Namespace) -> int:
    """``standpat play --tournament``: 0 at the end, 2 on bad options."""
    def fail(message: str) -> int:
        print(f"standpat play: error: {message}", file=sys.stderr)
        return 2

    if args.structure not in set(Structure):
        return fail(f"{args.structure!r} is not a betting structure: expected "
                    f"{', '.join(s.value for s in Structure)}.")
    structure = Structure(args.structure)
    try:
        game = get_game(args.game)
        chosen = (shipped(args.tournament) if args.tournament in SHIPPED
                  else load_structure(Path(args.tournament)))
    except StandpatError as error:
        return fail(f"{error} (--tournament takes {', '.join(SHIPPED)} or a structure "
                    "file)" if args.tournament not in SHIPPED else str(error))
    players = args.players if args.players is not None else game.max_players
    if not 2 <= players <= len(NAMES) + 1:
        return fail(f"a sit-and-go here has 2 to {len(NAMES) + 1} players, not {players}.")
    name = (args.name or "You").strip() or "You"
    bots = [n for n in NAMES if n != name][:players - 1]
    history_dir = Path(args.history_dir) if args.history_dir else Path(
        time.strftime("standpat-tournament-%Y%m%d-%H%M%S"))
    seats = min(players, game.max_players)
    spec = TournamentSpec(f"sit-and-go ({chosen.name})", chosen, seats=seats, buy_in=BUY_IN,
                          max_entrants=players)
    session = TerminalTournament(name, args.bot_level, args.seed, sys.stdout, history_dir,
                                 palette=Palette.for_stream(sys.stdout, allowed=not args.no_color))
    session.play = TournamentPlay(spec, game.name.value, structure.value, session.decide,
                                  random.Random(args.seed), on_hand=session.hand_done)
    tables = -(-players // seats)
    print(f"standpat: a {chosen.name} sit-and-go of {game.title}, {structure.value}: "
          f"{players} players at {tables} table{'s' if tables > 1 else ''} of {seats}, "
          f"{chosen.starting_stack} chips each, {len(chosen.levels)} levels of "
          f"{_clock(chosen.level_seconds)} of play. Type 'help' for the commands.")
    if args.bot_level in ("strong", "expert"):
        prepare_game(game)
    try:
        with quit_on_interrupt():
            for player in [name, *bots]:
                session.play.register(player)
            session.run()
    except (Quit, KeyboardInterrupt):
        print("\nYou leave the tournament.")
        return 0
    except BrokenPipeError:
        return 1
    if session.play.tournament.phase is Phase.FINISHED:
        for line in session.results():
            print(line)
    if session.saved:
        print(f"Your {len(session.saved)} hands are saved in {history_dir} "
              f"(see them with: standpat replay {session.saved[0]})")
    return 0
