"""``standpat admin tournament``: create, list, register house bots, show and cancel, through
the command's ``main()`` on a temporary SQLite database (and PostgreSQL), and bad input
refused with a message and exit status 2."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from standpat.cli import main
from standpat.store import BANK, HOUSE, EntryStatus, Store, tournament_wallet, user_wallet
from standpat.store.operator import accounts
from standpat.tournament import Phase


def _admin(capsys: pytest.CaptureFixture[str], db: str, *args: str) -> tuple[int, str, str]:
    """``standpat admin tournament ARGS`` on ``db``: its exit status, stdout and stderr."""
    try:
        code = main(["admin", "--db", db, "tournament", *args])
    except SystemExit as exit_:  # argparse's refusals
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A fresh SQLite database (made by the store's migrations)."""
    url = f"sqlite:///{tmp_path / 'room.db'}"
    Store(url).close()
    return url


def test_create_list_register_show_cancel(capsys: pytest.CaptureFixture[str], db_url: str,
                                          tmp_path: Path) -> None:
    """The whole round on SQLite and on PostgreSQL (each bot's account, grant and entry are
    one transaction of the caller's)."""
    db = db_url
    code, out, _ = _admin(capsys, db, "create", "Sunday six", "--buy-in", "100", "--fee", "10",
                          "--seats", "6", "--max-entrants", "6", "--sit-and-go",
                          "--structure", "turbo")
    assert code == 0 and out.startswith("tournament 1: 'Sunday six'")
    structure = tmp_path / "quick.toml"
    structure.write_text('name = "quick"\nlevel_seconds = 90\nstarting_stack = 2000\n'
                         "levels = [{small_blind = 10, big_blind = 20}]\n")
    at = (datetime.now(UTC) + timedelta(days=400)).replace(second=0, microsecond=0)
    local = at.astimezone(timezone(timedelta(hours=2))).isoformat()  # '...T21:30:00+02:00'
    code, out, _ = _admin(capsys, db, "create", "Friday", "--game",
                          "deuce-to-seven-triple-draw", "--betting", "fixed-limit",
                          "--buy-in", "500", "--fee", "50", "--structure", str(structure),
                          "--start", local)
    assert code == 0, out
    store = Store(db)
    friday = store.tournaments.get(2)
    assert (friday.game, friday.betting, friday.spec.structure.name) == (
        "deuce-to-seven-triple-draw", "fixed-limit", "quick")
    assert friday.starts_at == at
    sunday = store.tournaments.get(1)
    assert (sunday.starts_at, sunday.spec.max_entrants, sunday.spec.structure.name) == (
        None, 6, "turbo")

    code, out, _ = _admin(capsys, db, "list")
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "2 tournaments."
    assert lines[1].split()[:3] == ["1", "Sunday", "six"] and "sit-and-go" in lines[1]
    assert lines[2].split()[:2] == ["2", "Friday"] and f"{at:%Y-%m-%d %H:%M} UTC" in lines[2]

    bank_before = store.ledger.balance(BANK)
    code, out, _ = _admin(capsys, db, "register", "1", "--bots", "4")
    assert code == 0, out
    assert out.splitlines()[-1] == "4 bots registered; 4 entrants, prize pool 400."
    entries = store.tournaments.entries(1)
    assert len(entries) == 4 and len({e.name for e in entries}) == 4
    assert all(e.name.startswith("bot-") and e.status is EntryStatus.LIVE for e in entries)
    bots = [store.accounts.get(e.account_id) for e in entries]
    assert all(b.is_bot for b in bots)
    assert [store.ledger.balance(user_wallet(b.id)) for b in bots] == [0] * 4  # all paid in
    assert store.ledger.balance(tournament_wallet(1)) == 400
    assert store.ledger.balance(HOUSE) == 40
    assert store.ledger.balance(BANK) == bank_before - 440

    code, out, _ = _admin(capsys, db, "show", "1")
    assert code == 0
    assert "4 entrants of 6, 4 in; prize pool 400" in out
    assert all(e.name in out for e in entries) and out.count(" live ") == 4

    # a sit-and-go of six takes two more bots; the third is refused and leaves nothing
    code, out, err = _admin(capsys, db, "register", "1", "--bots", "3")
    assert code == 1
    assert "2 bots registered; then refused" in err and "full" in err
    assert len(store.tournaments.entries(1)) == 6
    assert sum(a.bot for a in accounts(store, bots=True)) == 6  # none for the refused entry

    code, out, _ = _admin(capsys, db, "cancel", "1")
    assert code == 0
    assert out.splitlines()[-1] == ("tournament 1: cancelled; 6 entries refunded, 660 chips "
                                     "in all.")
    assert store.tournaments.get(1).status is Phase.CANCELLED
    assert [store.ledger.balance(user_wallet(e.account_id))
            for e in store.tournaments.entries(1)] == [110] * 6
    assert store.ledger.balance(tournament_wallet(1)) == 0
    assert store.ledger.balance(HOUSE) == 0
    code, out, _ = _admin(capsys, db, "show", "1")
    assert "cancelled" in out.splitlines()[0] and out.count(" refunded ") == 6
    code, out, err = _admin(capsys, db, "cancel", "1")
    assert code == 1 and "cannot be cancelled" in err
    code, out, _ = _admin(capsys, db, "list")
    assert out.splitlines()[-1] == "1 tournament."
    assert store.ledger.check() == []
    store.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("create", "x", "--buy-in", "10"), "one of the arguments --start --sit-and-go is "
                                            "required"),
        (("create", "x", "--buy-in", "ten", "--sit-and-go"), "argument --buy-in: a whole number"),
        (("create", "x", "--buy-in", "-5", "--sit-and-go"), "chips cannot be negative"),
        (("create", "x", "--buy-in", "10", "--start", "tomorrow"), "not a date and time"),
        (("create", "x", "--buy-in", "10", "--start", "2001-01-01 12:00"), "is past"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--structure", "slow"),
         "no structure 'slow'"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--structure", "none.toml"),
         "cannot read the structure none.toml"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--game", "holdem"),
         "invalid choice: 'holdem'"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--betting", "spread"),
         "invalid choice: 'spread'"),
        (("create", "x", "--buy-in", "10", "--sit-and-go"), "give --max-entrants"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--max-entrants", "9", "--game",
          "deuce-to-seven-triple-draw", "--seats", "9"), "6 players at most"),
        (("create", "x", "--buy-in", "10", "--sit-and-go", "--max-entrants", "2",
          "--min-entrants", "3"), "fewer than the 3 it needs"),
        (("create", "", "--buy-in", "10", "--sit-and-go", "--max-entrants", "2"),
         "1 to 64 characters"),
        (("register", "1"), "the following arguments are required: --bots"),
        (("register", "1", "--bots", "0"), "--bots: at least 1"),
        (("show", "first"), "argument tournament: a whole number"),
        (("start", "1"), "invalid choice: 'start'"),
    ],
)
def test_bad_input_is_refused_with_a_message(
    capsys: pytest.CaptureFixture[str], db: str, args: tuple[str, ...], message: str
) -> None:
    code, out, err = _admin(capsys, db, *args)
    assert code == 2, (out, err)
    assert message in err, err
    assert "Traceback" not in err
    store = Store(db)
    assert store.tournaments.current() == []  # nothing was made
    store.close()


def test_an_unknown_tournament(capsys: pytest.CaptureFixture[str], db: str) -> None:
    for action in (("show", "7"), ("cancel", "7"), ("register", "7", "--bots", "1")):
        code, _, err = _admin(capsys, db, *action)
        assert code == 1 and "there is no tournament 7." in err, (action, err)


def test_the_help_names_every_action(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, out, _ = _admin(capsys, db, "--help")
    assert code == 0
    for action in ("create", "list", "show", "register", "cancel"):
        assert f"standpat admin tournament {action}" in out
    code, out, _ = _admin(capsys, db, "create", "--help")
    assert code == 0 and "--sit-and-go" in out and "turbo, regular, deep" in out
