"""Recurring sit-and-gos (``standpat serve --tournament FILE``): the file read, or refused
naming the file and the key; the instances kept open in the store; and through a real room:
``open`` instances registering, a new one made when one fills and starts, none made twice
when the room starts again."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from standpat.errors import TournamentError
from standpat.server.tournament_recurring import (
    RecurringSitAndGos,
    load_sit_and_gos,
    parse_sit_and_gos,
)
from standpat.store import Store
from standpat.tournament import Phase, shipped
from tests.server.live import FAST, PATIENCE, Server

TURBO_SIX = """\
[[sit_and_go]]
name = "Turbo six"
game = "five-card-draw"
betting = "no-limit"
structure = "turbo"
seats = 6
players = 6
buy_in = 100
fee = 10
open = 2
"""

QUICK = """\
name = "quick"
level_seconds = 60
starting_stack = 500
levels = [{small_blind = 5, big_blind = 10}, {small_blind = 10, big_blind = 20}]
"""


def _file(tmp_path: Path, text: str, name: str = "sngs.toml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# -- the file --------------------------------------------------------------------------


def test_a_good_file_with_defaults_and_a_structure_file_beside_it(tmp_path: Path) -> None:
    _file(tmp_path, QUICK, "rooms/levels/quick.toml")
    path = _file(tmp_path, TURBO_SIX + """
[[sit_and_go]]
name = "Quick heads-up"
structure = "levels/quick.toml"
seats = 2
players = 2
buy_in = 20
""", "rooms/sngs.toml")
    turbo, quick = load_sit_and_gos([path])
    assert (turbo.name, turbo.game, turbo.betting, turbo.open) == (
        "Turbo six", "five-card-draw", "no-limit", 2)
    assert turbo.spec.structure == shipped("turbo")
    assert (turbo.spec.seats, turbo.spec.max_entrants, turbo.spec.buy_in, turbo.spec.fee) == (
        6, 6, 100, 10)
    # read from the file's folder, not the working directory; the defaults of the rest
    assert quick.spec.structure.name == "quick" and quick.spec.structure.starting_stack == 500
    assert (quick.game, quick.betting, quick.open, quick.spec.fee) == (
        "five-card-draw", "no-limit", 1, 0)
    assert quick.instance(7).name == "Quick heads-up #7"
    assert quick.instance(7).max_entrants == 2


def _replace(key: str, value: str | None) -> str:
    """TURBO_SIX with ``key``'s line given ``value`` (None: left out)."""
    lines = [line for line in TURBO_SIX.splitlines() if not line.startswith(f"{key} =")]
    return "\n".join(lines + ([] if value is None else [f"{key} = {value}"])) + "\n"


@pytest.mark.parametrize(("text", "said"), [
    (_replace("game", '"holdem"'), "game: unknown game 'holdem'"),
    (_replace("betting", '"spread-limit"'), "betting: 'spread-limit' is none"),
    (_replace("structure", '"slow"'), "structure: no structure 'slow'"),
    (_replace("structure", '"nowhere.toml"'), "structure: cannot read the structure"),
    (_replace("seats", "9"), "seats: five-card-draw is dealt to 6 players at most"),
    (_replace("seats", "1"), "seats: at least 2, not 1"),
    (_replace("players", None), "players missing"),
    (_replace("buy_in", None), "buy_in missing"),
    (_replace("players", "1"), "players: at least 2, not 1"),
    (_replace("buy_in", '"100"'), "buy_in: a whole number, not '100'"),
    (_replace("fee", "-1"), "fee: at least 0, not -1"),
    (_replace("open", "0"), "open: at least 1, not 0"),
    (_replace("name", "7"), "name: a string, not 7"),
    (_replace("name", '"' + "x" * 57 + '"'), "name: 1 to 56 characters, not 57"),
    (TURBO_SIX + "colour = 'green'\n", "unknown keys colour (known: name, players"),
    (TURBO_SIX + TURBO_SIX, "name: 'Turbo six' is given to more than one sit_and_go"),
    ("[[tournament]]\nname = 'x'\n", "unknown keys tournament"),
    ("", "no [[sit_and_go]] table"),
    ("[[sit_and_go]\n", "is not TOML"),
], ids=["game", "betting", "structure", "structure file", "seats over the game's",
        "seats", "no players", "no buy-in", "players", "buy-in text", "fee", "open", "name",
        "name too long", "unknown key", "name twice", "unknown table", "empty", "not toml"])
def test_a_bad_file_is_refused_naming_the_file_and_the_key(tmp_path: Path, text: str,
                                                           said: str) -> None:
    path = _file(tmp_path, text)
    with pytest.raises(TournamentError) as refused:
        load_sit_and_gos([path])
    assert str(refused.value).startswith(f"{path}") and said in str(refused.value), refused.value


def test_a_name_in_two_files_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    one, two = _file(tmp_path, TURBO_SIX, "one.toml"), _file(tmp_path, TURBO_SIX, "two.toml")
    with pytest.raises(TournamentError, match=r"two\.toml: sit_and_go 'Turbo six' is "
                       r"described twice \(in .*one\.toml too\)"):
        load_sit_and_gos([one, two])
    with pytest.raises(TournamentError, match=r"cannot read the sit-and-gos file .*none\.toml"):
        load_sit_and_gos([tmp_path / "none.toml"])


def test_serve_refuses_a_bad_file_with_exit_status_2(tmp_path: Path) -> None:
    path = _file(tmp_path, _replace("seats", "9"))
    done = subprocess.run(
        [sys.executable, "-m", "standpat.cli", "serve", "--db",
         f"sqlite:///{tmp_path / 'room.db'}", "--port", "0", "--tournament", str(path)],
        capture_output=True, text=True, timeout=60 * PATIENCE)
    assert done.returncode == 2, done
    assert f"standpat serve: error: {path}: sit_and_go 1 ('Turbo six'): seats:" in done.stderr
    assert not (tmp_path / "room.db").exists()  # refused before the database is opened
    usage = subprocess.run([sys.executable, "-m", "standpat.cli", "serve", "--help"],
                           capture_output=True, text=True, timeout=60 * PATIENCE)
    assert "--tournament FILE" in usage.stdout


# -- the instances in the store ---------------------------------------------------------


def _fill(store: Store, tid: int, prefix: str) -> None:
    """Register house bots into a tournament until its field is full."""
    t = store.tournaments.get(tid)
    assert t.spec.max_entrants is not None
    for n in range(t.alive, t.spec.max_entrants):
        bot = store.accounts.create(f"bot-{prefix}{n}-{tid:08d}"[:32], None, bot=True,
                                    grant=t.spec.buy_in + t.spec.fee)
        store.tournaments.register(tid, bot.id)


def test_top_up_keeps_open_instances_registering(db_url: str) -> None:
    store = Store(db_url)
    try:
        [sng] = parse_sit_and_gos(TURBO_SIX.replace("players = 6", "players = 2"))
        recurring = RecurringSitAndGos(store, [sng])
        first = recurring.top_up()
        assert [store.tournaments.get(t).spec.name for t in first] == [
            "Turbo six #1", "Turbo six #2"]
        assert recurring.top_up() == [] and store.tournaments.instances("Turbo six") == (2, 2)
        made = store.tournaments.get(first[0])
        assert (made.recurring, made.starts_at, made.spec.max_entrants, made.game) == (
            "Turbo six", None, 2, "five-card-draw")
        _fill(store, first[0], "A")
        assert recurring.top_up() == []  # full, but registering until the room starts it
        store.tournaments.start(first[0])
        [third] = recurring.top_up()
        assert store.tournaments.get(third).spec.name == "Turbo six #3"
        store.tournaments.cancel(first[1])  # an operator cancels one: it is made again
        [fourth] = recurring.top_up()
        assert store.tournaments.get(fourth).spec.name == "Turbo six #4"
        # a new object (a room started again) counts the store's
        assert RecurringSitAndGos(store, [sng]).top_up() == []
        assert store.tournaments.instances("Turbo six") == (2, 4)
        assert store.tournaments.instances("Other") == (0, 0)
        assert store.ledger.check() == []
    finally:
        store.close()


# -- through the room --------------------------------------------------------------------


def _lobby(server: Server) -> list[dict[str, Any]]:
    response = httpx.get(f"{server.base}/api/tournaments", timeout=10)
    assert response.status_code == 200, response.text
    return response.json()["tournaments"]  # type: ignore[no-any-return]


def _until(test: Callable[[], Any], what: str, timeout: float = 20 * PATIENCE) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


def _registering(server: Server) -> list[str]:
    return sorted(t["name"] for t in _lobby(server) if t["status"] == "registering")


def _running(server: Server, name: str) -> bool:
    return any(t["name"] == name and t["status"] == "running" for t in _lobby(server))


def test_the_room_keeps_two_open_and_makes_none_twice(tmp_path: Path) -> None:
    path = _file(tmp_path, TURBO_SIX.replace("players = 6", "players = 3"))
    db = f"sqlite:///{tmp_path / 'room.db'}"
    log = tmp_path / "room.log"
    server = Server(db, *FAST, "--tournament", str(path), log=log).start()
    store = Store(db)
    try:
        _until(lambda: _registering(server) == ["Turbo six #1", "Turbo six #2"], "two open")
        lobby = {t["name"]: t for t in _lobby(server)}
        one = lobby["Turbo six #1"]
        assert (one["sit_and_go"], one["max_entrants"], one["buy_in"], one["fee"],
                one["structure"], one["seats"]) == (True, 3, 100, 10, "turbo", 6)
        _fill(store, one["id"], "A")
        _until(lambda: _running(server, "Turbo six #1"), "#1 starts when full")
        _until(lambda: _registering(server) == ["Turbo six #2", "Turbo six #3"],
               "a third made, two open again")

        server.stop()
        server = Server(db, *FAST, "--tournament", str(path), log=log).start()
        assert _registering(server) == ["Turbo six #2", "Turbo six #3"]
        two = next(t for t in _lobby(server) if t["name"] == "Turbo six #2")
        _fill(store, two["id"], "B")
        _until(lambda: _running(server, "Turbo six #2"), "#2 starts after the restart")
        _until(lambda: _registering(server) == ["Turbo six #3", "Turbo six #4"],
               "a fourth made")
        # none made twice: four in all, whatever the restart
        assert store.tournaments.instances("Turbo six") == (2, 4)
    finally:
        server.stop()
        store.close()
    assert "Traceback" not in log.read_text()
    check = Store(db)
    try:
        assert check.ledger.check() == []
        assert {t.status for t in check.tournaments.current()} <= {Phase.REGISTERING,
                                                                  Phase.RUNNING}
    finally:
        check.close()


def test_the_shipped_example_and_the_docs_example_read() -> None:
    root = Path(__file__).parents[2]
    shipped_example = load_sit_and_gos([root / "examples" / "sit-and-gos.toml"])
    assert [s.name for s in shipped_example] == ["Turbo six", "Triple draw heads-up"]
    docs = (root / "docs" / "tournaments.md").read_text()
    block = docs.split("```toml\n[[sit_and_go]]")[1].split("```")[0]
    [documented] = parse_sit_and_gos("[[sit_and_go]]" + block)
    assert documented == shipped_example[0]
