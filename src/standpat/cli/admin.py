"""``standpat admin``: the room operator's tools, on the room's database.

List and close tables, list accounts, make an account an operator, give one a new
password, suspend (and reinstate) an account, adjust or refill a bankroll (a ledger row
with the reason), check the ledger, and create, fill with house bots and cancel
tournaments (:mod:`standpat.cli.admin_tournaments`).  Changes to the
database take effect at once; closing a table and ending a suspended player's
connections and seats are carried out by the running ``standpat serve`` within a
second (or when it next starts).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from standpat.cli import admin_tournaments
from standpat.errors import StandpatError
from standpat.store import BANK, Store, user_wallet

NAME = "admin"
HELP = ("The room operator's tools: tables, accounts, operators, passwords, suspensions, "
        "bankrolls, the ledger check, tournaments.")

_EPILOG = """\
examples:
  standpat admin tables                      the open tables (--all: the closed ones too)
  standpat admin close 3 --reason "moving the game"
  standpat admin accounts                    people with bankrolls (--bots: bots too)
  standpat admin suspend mallory --reason "chip dumping"
  standpat admin unsuspend mallory
  standpat admin operator carol              make carol an operator (--revoke: no longer)
  standpat admin password carol              give carol a new password (read from stdin)
  standpat admin adjust alice 500 --reason "lost to a server fault on table 2"
  standpat admin adjust alice -200 --reason "collusion winnings returned"
  standpat admin refill alice --to 10000 --reason "welcome back"
  standpat admin check                       the ledger check: exit status 1 if it fails
  standpat admin tournament list             tournaments (create, show, register --bots,
                                             cancel: standpat admin tournament --help)

The database is --db, or STANDPAT_DB, or ./standpat.db, as for standpat serve.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat admin`` and its subcommands."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = _EPILOG
    parser.add_argument(
        "--db", default=os.environ.get("STANDPAT_DB", "sqlite:///standpat.db"),
        help="the room's database URL (default: STANDPAT_DB, else sqlite:///standpat.db)",
    )
    # --db may come before the action or after it
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS,
                        help="the room's database URL (as before the action)")
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def add_parser(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help, description=description, parents=[common])

    tables = add_parser("tables", help="list the open tables",
                            description="List the open tables: id, name, game, structure, "
                            "stakes, seats taken, hands dealt, owner.")
    tables.add_argument("--all", action="store_true", help="the closed tables too")
    tables.set_defaults(_act=_tables)

    close = add_parser(
        "close", help="close a table",
        description="Close a table: its players are cashed out to their bankrolls and its "
        "watchers told. A running room closes it between hands (or when the running hand "
        "ends) within a second; otherwise it is closed when the room next starts.",
    )
    close.add_argument("table", type=int, help="the table's id (see: standpat admin tables)")
    close.add_argument("--reason", required=True, help="why (kept with the order)")
    close.set_defaults(_act=_close)

    accounts = add_parser("accounts", help="list the accounts",
                              description="List the accounts: id, name, bankroll, chips on "
                              "tables, suspended or not.")
    accounts.add_argument("--bots", action="store_true", help="the bots' accounts too")
    accounts.set_defaults(_act=_accounts)

    suspend = add_parser(
        "suspend", help="suspend an account",
        description="Suspend an account: it cannot log in or sit from now on, its sessions "
        "end (a running room closes their connections) and it leaves every table it sits "
        "at, its chips going back to its bankroll.",
    )
    suspend.add_argument("name", help="the account's name (any case)")
    suspend.add_argument("--reason", required=True, help="why (kept with the order)")
    suspend.set_defaults(_act=_suspend)

    unsuspend = add_parser("unsuspend", help="lift a suspension",
                               description="Let a suspended account log in and sit again.")
    unsuspend.add_argument("name", help="the account's name (any case)")
    unsuspend.set_defaults(_act=_unsuspend)

    operator = add_parser(
        "operator", help="make an account an operator",
        description="Make an existing account one of the room's operators: it may seat bots "
        "at any table, open any number of tables and set any table's chat. Registering never "
        "makes an operator, whatever the name; standpat serve --operator NAME reserves a name "
        "and makes its account at start (give it a password with standpat admin password).",
    )
    operator.add_argument("name", help="the account's name (any case)")
    operator.add_argument("--revoke", action="store_true", help="no longer an operator")
    operator.set_defaults(_act=_operator)

    password = add_parser(
        "password", help="give an account a new password",
        description="Give an account a new password, read from standard input (asked twice "
        "at a terminal); every log-in session of the account ends. For the account "
        "standpat serve --operator made, and for a player who lost his.",
    )
    password.add_argument("name", help="the account's name (any case)")
    password.set_defaults(_act=_password)

    adjust = add_parser(
        "adjust", help="add chips to a bankroll, or take them back",
        description="Move chips between the bank and an account's bankroll in one "
        "transaction, booked in the ledger (kind 'adjust') with the reason. A negative "
        "amount takes chips back; a bankroll never goes below zero.",
    )
    adjust.add_argument("name", help="the account's name (any case)")
    adjust.add_argument("amount", type=int, help="chips: positive to give, negative to take")
    adjust.add_argument("--reason", required=True, help="why (in the ledger row's note)")
    adjust.set_defaults(_act=_adjust)

    refill = add_parser(
        "refill", help="bring a bankroll up to an amount",
        description="Bring an account's bankroll up to --to chips from the bank, whatever "
        "the players' refill rule says (nothing if it holds that many), booked in the "
        "ledger with the reason.",
    )
    refill.add_argument("name", help="the account's name (any case)")
    refill.add_argument("--to", type=int, default=10_000, help="chips (default 10000)")
    refill.add_argument("--reason", required=True, help="why (in the ledger row's note)")
    refill.set_defaults(_act=_refill)

    check = add_parser(
        "check", help="check the ledger",
        description="Check that the books balance: every movement sums to zero, every "
        "seat's stack equals its wallet, no empty seat holds chips, no bankroll is "
        "negative. Prints the totals; exit status 1 if anything is wrong.",
    )
    check.set_defaults(_act=_check)

    tournament = add_parser(
        "tournament", help="create, list, show, fill with house bots, cancel tournaments",
        description="The room's tournaments: create one (scheduled or a sit-and-go), list "
        "those registering or running, show one with its entries, register house bots, "
        "cancel one (every entry refunded).",
    )
    admin_tournaments.add_arguments(tournament, common)


def run(args: argparse.Namespace) -> int:
    """Run the chosen action on the database."""
    act: Callable[[Store, argparse.Namespace], int] = args._act
    try:
        store = Store(args.db)
    except Exception as error:
        print(f"standpat admin: error: cannot open the database {args.db!r}: {error}",
              file=sys.stderr)
        return 2
    try:
        return act(store, args)
    except StandpatError as error:
        print(f"standpat admin: error: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _tables(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import tables

    lines = tables(store, closed=args.all)
    print(f"{'id':>4}  {'name':<34} {'game':<28} {'structure':<11} {'stakes':<10} "
          f"{'seats':>5} {'hands':>6}  owner")
    for t in lines:
        state = " (closed)" if t.closed else ""
        print(f"{t.id:>4}  {t.name[:34]:<34} {t.game[:28]:<28} {t.structure:<11} "
              f"{t.stakes:<10} {f'{t.taken}/{t.seats}':>5} {t.hands:>6}  "
              f"{t.owner or '(room)'}{state}")
    print(f"{len(lines)} table{'s' if len(lines) != 1 else ''}.")
    return 0


def _close(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import order

    made = order(store, "close-table", args.table, args.reason)
    print(f"table {args.table}: closing (order {made.id}); a running room closes it within "
          "a second, between hands.")
    return 0


def _accounts(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import accounts

    lines = accounts(store, bots=args.bots)
    print(f"{'id':>5}  {'name':<24} {'bankroll':>12} {'on tables':>10}  state")
    for a in lines:
        state = "suspended " + f"{a.suspended:%Y-%m-%d %H:%M} UTC" if a.suspended else ""
        print(f"{a.id:>5}  {a.name:<24} {a.bankroll:>12,} {a.on_tables:>10,}  "
              f"{'bot ' if a.bot else ''}{'operator ' if a.operator else ''}{state}".rstrip())
    print(f"{len(lines)} account{'s' if len(lines) != 1 else ''}.")
    return 0


def _suspend(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of, suspend

    made = suspend(store, account_id_of(store, args.name), args.reason)
    ended = len(made.detail["sessions"])
    print(f"{args.name}: suspended; {ended} session{'s' if ended != 1 else ''} ended "
          f"(order {made.id}: a running room closes its connections and stands it up).")
    return 0


def _unsuspend(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of, unsuspend

    unsuspend(store, account_id_of(store, args.name))
    print(f"{args.name}: may log in and sit again.")
    return 0


def _operator(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of, make_operator

    make_operator(store, account_id_of(store, args.name), operator=not args.revoke)
    print(f"{args.name}: {'no longer an operator' if args.revoke else 'an operator'}.")
    return 0


def _password(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of

    account_id = account_id_of(store, args.name)
    if sys.stdin.isatty():
        import getpass

        new = getpass.getpass(f"new password for {args.name}: ")
        if getpass.getpass("again: ") != new:
            print("standpat admin: error: the two passwords differ.", file=sys.stderr)
            return 1
    else:
        new = sys.stdin.readline().rstrip("\r\n")
    ended = store.accounts.set_password(account_id, new)
    print(f"{args.name}: new password set; {len(ended)} session{'s' if len(ended) != 1 else ''}"
          " ended.")
    return 0


def _adjust(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of, adjust

    bankroll = adjust(store, account_id_of(store, args.name), args.amount, args.reason)
    print(f"{args.name}: {args.amount:+,} chips; bankroll {bankroll:,}.")
    return 0


def _refill(store: Store, args: argparse.Namespace) -> int:
    from standpat.store.operator import account_id_of, top_up

    account_id = account_id_of(store, args.name)
    given = top_up(store, account_id, args.to, args.reason)
    bankroll = store.ledger.balance(user_wallet(account_id))
    print(f"{args.name}: {given:+,} chips; bankroll {bankroll:,}.")
    return 0


def _check(store: Store, args: argparse.Namespace) -> int:
    problems = store.ledger.check()
    issued = -store.ledger.balance(BANK)
    print(f"chips issued by the bank: {issued:,}")
    if problems:
        for problem in problems:
            print(f"PROBLEM: {problem}")
        print(f"the ledger check failed: {len(problems)} problem"
              f"{'s' if len(problems) != 1 else ''}.")
        return 1
    print("the ledger balances: every movement sums to zero, every stack equals its wallet.")
    return 0
