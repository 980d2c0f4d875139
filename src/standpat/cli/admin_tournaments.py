"""``standpat admin tournament``: the operator creates, lists, shows, fills with house bots
and cancels the room's tournaments, on the room's database.

The chips move as the store moves them (``standpat.store.tournaments``): a registration
takes the buy-in to the prize pool and the fee to the house, a cancellation gives every
entry's back.  Input that makes no tournament (an unknown game, a structure file that does
not read, a start time in the past, tables larger than the game deals) is refused with a
message and exit status 2, before anything is written.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Final

from standpat.bots.names import room_name
from standpat.engine.games import GameName
from standpat.engine.games import Structure as Betting
from standpat.errors import TournamentError, UnknownGameError
from standpat.store import Store
from standpat.store.tournaments import Entry, EntryStatus, TournamentRecord
from standpat.tournament import Structure, TournamentSpec
from standpat.tournament.structure import SHIPPED, structure_named

__all__ = ["add_arguments"]

PROG: Final = "standpat admin tournament"

_EPILOG = """\
examples:
  standpat admin tournament create "Sunday 6-max" --buy-in 100 --fee 10 --seats 6 \\
      --max-entrants 6 --sit-and-go
  standpat admin tournament create "Big Friday" --game deuce-to-seven-triple-draw \\
      --betting fixed-limit --buy-in 500 --fee 50 --structure deep \\
      --start "2026-12-24 20:00"
  standpat admin tournament list             the tournaments registering or running
  standpat admin tournament show 3           one tournament and its entries
  standpat admin tournament register 3 --bots 5
  standpat admin tournament cancel 3         every entry's buy-in and fee back
"""


def add_arguments(parser: argparse.ArgumentParser, common: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat admin tournament`` and its actions (``common``: the options
    every admin action takes, --db)."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = _EPILOG
    sub = parser.add_subparsers(dest="tournament_action", metavar="ACTION", required=True)

    def add_parser(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=description, parents=[common])

    create = add_parser(
        "create", help="create a tournament open for registration",
        description="Create a tournament open for registration. A sit-and-go (--sit-and-go) "
        "starts when --max-entrants are in; a scheduled one starts at --start. The buy-in "
        "goes to the prize pool, the fee to the house.",
    )
    create.add_argument("name", help="shown in the lobby (1 to 64 characters)")
    create.add_argument("--game", default="five-card-draw", choices=[g.value for g in GameName],
                        metavar="GAME", help="the poker game dealt (default five-card-draw): "
                        + ", ".join(g.value for g in GameName))
    create.add_argument("--betting", default=Betting.NO_LIMIT.value,
                        choices=[b.value for b in Betting],
                        help="the betting structure (default no-limit)")
    create.add_argument("--buy-in", type=_chips, required=True, metavar="CHIPS",
                        help="chips each entry puts in the prize pool (0: a freeroll)")
    create.add_argument("--fee", type=_chips, default=0, metavar="CHIPS",
                        help="chips each entry pays the house (default 0)")
    create.add_argument("--seats", type=_count(2), default=6, metavar="N",
                        help="seats per table (default 6; at most what the game deals)")
    create.add_argument("--max-entrants", type=_count(2), default=None, metavar="N",
                        help="the field's limit, a sit-and-go's size (default: no limit)")
    create.add_argument("--min-entrants", type=_count(2), default=2, metavar="N",
                        help="the entrants it needs to start (default 2)")
    create.add_argument("--structure", type=_structure, default="regular",
                        metavar="NAME|FILE", help=f"the blind levels: {', '.join(SHIPPED)} "
                        "(default regular), or a structure file ending in .toml "
                        "(docs/tournaments.md)")
    create.add_argument("--late-levels", type=_count(0), default=0, metavar="N",
                        help="levels after the start while one may still register (default 0)")
    create.add_argument("--reentries", type=_count(0), default=0, metavar="N",
                        help="entries a busted player may buy again during registration "
                        "(default 0)")
    when = create.add_mutually_exclusive_group(required=True)
    when.add_argument("--start", type=_start, metavar="TIME",
                      help="when it starts: an ISO date and time, UTC unless it gives its "
                      "offset ('2026-12-24 20:00', '2026-12-24T21:00+01:00')")
    when.add_argument("--sit-and-go", action="store_true",
                      help="no start time: it starts when --max-entrants are in")
    create.set_defaults(_act=_create)

    listing = add_parser("list", help="list the tournaments registering or running",
                         description="List the tournaments registering or running, "
                         "sit-and-gos first, then by start time: id, name, game, betting, "
                         "buy-in + fee, seats per table, entrants, status, start.")
    listing.set_defaults(_act=_list)

    show = add_parser("show", help="one tournament and its entries",
                      description="One tournament (any status): its settings, prize pool "
                      "and every entry with its status, place and prize.")
    show.add_argument("tournament", type=_count(1), help="the tournament's id (see: list)")
    show.set_defaults(_act=_show)

    register = add_parser(
        "register", help="register house bots",
        description="Register house bots: each is a new bot account, granted buy-in + fee "
        "from the bank and registered in the same transaction (a registration refused "
        "leaves no bot behind). Stops at the first refusal (registration closed, the "
        "field full) with exit status 1.",
    )
    register.add_argument("tournament", type=_count(1), help="the tournament's id")
    register.add_argument("--bots", type=_count(1), required=True, metavar="N",
                          help="how many house bots to register")
    register.set_defaults(_act=_register)

    cancel = add_parser(
        "cancel", help="cancel a tournament and refund everyone",
        description="Cancel a tournament that has not finished: every entry whose buy-in "
        "is in the pool (in or busted) gets its buy-in and fee back, in one movement that "
        "empties the pool.",
    )
    cancel.add_argument("tournament", type=_count(1), help="the tournament's id")
    cancel.set_defaults(_act=_cancel)

    for name, what in (("pause", "pause a running tournament: its clock stops and its "
                        "tables deal no new hand (a hand in play is played to its end)"),
                       ("resume", "resume a paused tournament")):
        action = add_parser(name, help=what.partition(":")[0], description=what[0].upper()
                            + what[1:] + ". The room carries it out within a second.")
        action.add_argument("tournament", type=_count(1), help="the tournament's id")
        action.set_defaults(_act=_pause if name == "pause" else _resume)


# -- the arguments' types: a bad value is argparse's error (usage, message, exit 2) -------


def _chips(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of chips, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"chips cannot be negative ({value})")
    return value


def _count(least: int) -> Callable[[str], int]:
    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"at least {least}, not {value}")
        return value

    count.__name__ = "number"  # argparse's message: "invalid number value"
    return count


def _structure(text: str) -> Structure:
    try:
        return structure_named(text)
    except TournamentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _start(text: str) -> datetime:
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date and time such as '2026-12-24 20:00'") from None
    at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    if at <= datetime.now(UTC):
        raise argparse.ArgumentTypeError(f"{at:%Y-%m-%d %H:%M} UTC is past")
    return at


# -- the actions ---------------------------------------------------------------------


def _create(store: Store, args: argparse.Namespace) -> int:
    try:
        spec = TournamentSpec(args.name, args.structure, seats=args.seats, buy_in=args.buy_in,
                              fee=args.fee, min_entrants=args.min_entrants,
                              max_entrants=args.max_entrants, late_levels=args.late_levels,
                              reentries=args.reentries)
        if args.sit_and_go and args.max_entrants is None:
            raise TournamentError("a sit-and-go starts when it is full: give --max-entrants.")
        made = store.tournaments.create(spec, game=args.game, betting=args.betting,
                                        starts_at=args.start)
    except (TournamentError, UnknownGameError) as error:
        print(f"{PROG} create: error: {error}", file=sys.stderr)
        return 2
    t = store.tournaments.get(made)
    print(f"tournament {made}: {spec.name!r}, {_what(t)}, {_when(t)}; registration open.")
    return 0


def _list(store: Store, args: argparse.Namespace) -> int:
    found = store.tournaments.current()
    print(f"{'id':>4}  {'name':<24} {'game':<26} {'betting':<11} {'buy-in+fee':>12} "
          f"{'seats':>5} {'entrants':>9}  {'status':<11} start")
    for t in found:
        limit = "" if t.spec.max_entrants is None else f"/{t.spec.max_entrants}"
        print(f"{t.id:>4}  {t.spec.name[:24]:<24} {t.game[:26]:<26} {t.betting:<11} "
              f"{f'{t.spec.buy_in:,}+{t.spec.fee:,}':>12} {t.spec.seats:>5} "
              f"{f'{t.entries}{limit}':>9}  {t.status.value:<11} {_when(t)}")
    print(f"{len(found)} tournament{'s' if len(found) != 1 else ''}.")
    return 0


def _show(store: Store, args: argparse.Namespace) -> int:
    with store.tx.read(snapshot=True) as conn:
        t = store.tournaments.get(args.tournament, conn=conn)
        entries = store.tournaments.entries(args.tournament, conn=conn)
    spec = t.spec
    field = f"{t.entries} entrants" + ("" if spec.max_entrants is None
                                       else f" of {spec.max_entrants}")
    print(f"tournament {t.id}: {spec.name!r}, {t.status.value}"
          f"{' (registration open)' if t.registration_open else ''}")
    print(f"  {_what(t)}, {_when(t)}")
    levels = len(spec.structure.levels)
    print(f"  structure {spec.structure.name!r}: {levels} level{'s' if levels != 1 else ''} of "
          f"{spec.structure.level_seconds / 60:g} min, starting stack "
          f"{spec.structure.starting_stack:,}; late registration {spec.late_levels} levels, "
          f"{spec.reentries} re-entries")
    print(f"  {field}, {t.alive} in; prize pool {t.pool:,}")
    shown = [e for e in entries if e.status is not EntryStatus.UNREGISTERED]
    if shown:
        print(f"  {'entry':>6}  {'name':<28} {'status':<9} {'place':>5} {'prize':>10}")
    for e in shown:
        print(f"  {e.id:>6}  {_entry_name(e):<28} {e.status.value:<9} "
              f"{'' if e.place is None else e.place:>5} "
              f"{'' if e.prize is None else f'{e.prize:,}':>10}")
    return 0


def _register(store: Store, args: argparse.Namespace) -> int:
    t = store.tournaments.get(args.tournament)
    cost = t.spec.buy_in + t.spec.fee
    taken = {e.name for e in store.tournaments.entries(t.id)}
    for done in range(args.bots):
        name = room_name(secrets.token_bytes(5), taken=taken)
        try:
            # one transaction: the bot's account, its grant and its entry, or none of them
            with store.tx.begin() as conn:
                bot = store.accounts.create(name, None, bot=True, grant=cost, conn=conn)
                entry = store.tournaments.register(t.id, bot.id, conn=conn)
        except TournamentError as error:
            print(f"{PROG} register: {done} bot{'s' if done != 1 else ''} registered; then "
                  f"refused: {error}", file=sys.stderr)
            return 1
        taken.add(name)
        print(f"entry {entry.id}: {name} registered ({cost:,} chips granted and paid in).")
    now = store.tournaments.get(t.id)
    print(f"{args.bots} bot{'s' if args.bots != 1 else ''} registered; {now.entries} "
          f"entrants, prize pool {now.pool:,}.")
    return 0


def _cancel(store: Store, args: argparse.Namespace) -> int:
    entries = store.tournaments.cancel(args.tournament)
    refunded = [e for e in entries if e.status is EntryStatus.REFUNDED]
    for e in refunded:
        print(f"entry {e.id}: {_entry_name(e)} refunded {e.buy_in + e.fee:,} chips.")
    total = sum(e.buy_in + e.fee for e in refunded)
    print(f"tournament {args.tournament}: cancelled; {len(refunded)} "
          f"entr{'ies' if len(refunded) != 1 else 'y'} refunded, {total:,} chips in all.")
    return 0


def _pause(store: Store, args: argparse.Namespace) -> int:
    t = store.tournaments.pause(args.tournament)
    print(f"tournament {t.id}: {t.spec.name!r} paused.")
    return 0


def _resume(store: Store, args: argparse.Namespace) -> int:
    t = store.tournaments.pause(args.tournament, paused=False)
    print(f"tournament {t.id}: {t.spec.name!r} resumed.")
    return 0


def _what(t: TournamentRecord) -> str:
    return (f"{t.game} {t.betting}, {t.spec.buy_in:,} + {t.spec.fee:,}, tables of "
            f"{t.spec.seats}")


def _when(t: TournamentRecord) -> str:
    if t.starts_at is None:
        return "sit-and-go"
    return f"{t.starts_at:%Y-%m-%d %H:%M} UTC"


def _entry_name(e: Entry) -> str:
    return e.name if e.number == 1 else f"{e.name} (entry {e.number})"
