"""Recurring sit-and-gos: ``standpat serve --tournament FILE``.

A FILE (TOML) describes sit-and-gos the room keeps open, each a ``[[sit_and_go]]`` table:
``name``, ``players`` (the field: it starts when full) and ``buy_in``, and optionally
``game`` (default five-card-draw), ``betting`` (no-limit), ``structure`` (regular; a shipped
one or a structure file, its path relative to FILE), ``seats`` (6), ``fee`` (0) and ``open``
(1: how many of it are registering at once).  :func:`load_sit_and_gos` reads the files and
refuses one that makes no sense, naming the file and the key; :class:`RecurringSitAndGos`
makes the instances (``Turbo six #1``, ``#2``, ...), ordinary tournaments of the store marked
with their template's name, whenever fewer than ``open`` are registering: the room's
:class:`~standpat.server.tournament_service.TournamentService` asks it at each look.  The
count is the store's, so a room that starts again makes none twice.

>>> [sng] = parse_sit_and_gos('''
... [[sit_and_go]]
... name = "Turbo six"
... structure = "turbo"
... players = 6
... buy_in = 100
... fee = 10
... open = 2
... ''')
>>> sng.name, sng.game, sng.betting, sng.open, sng.instance(3).name
('Turbo six', 'five-card-draw', 'no-limit', 2, 'Turbo six #3')
>>> parse_sit_and_gos('[[sit_and_go]]\\nname = "Big"\\nplayers = 10\\nbuy_in = 5\\nseats = 9')
Traceback (most recent call last):
...
standpat.errors.TournamentError: <text>: sit_and_go 1 ('Big'): seats: five-card-draw is dealt to \
6 players at most, not tables of 9.
"""

from __future__ import annotations

import asyncio
import logging
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from standpat.engine.games import Structure as Betting
from standpat.engine.games import get_game
from standpat.errors import TournamentError, UnknownGameError
from standpat.store import Store
from standpat.store.ledger import MAX_CHIPS
from standpat.tournament import TournamentSpec
from standpat.tournament.structure import structure_named

__all__ = ["RecurringSitAndGos", "SitAndGo", "load_sit_and_gos", "parse_sit_and_gos"]

log = logging.getLogger("standpat.server")

REQUIRED = ("name", "players", "buy_in")
"""The keys a ``[[sit_and_go]]`` must give."""
DEFAULTS: dict[str, Any] = {"game": "five-card-draw", "betting": Betting.NO_LIMIT.value,
                            "structure": "regular", "seats": 6, "fee": 0, "open": 1}
"""The other keys, and their values when left out (``standpat admin tournament create``'s)."""
MAX_NAME = 56
"""A template's name leaves room for the instance's number (`` #12345``) in 64 characters."""


@dataclass(frozen=True, slots=True)
class SitAndGo:
    """One recurring sit-and-go: what each of its instances is, and how many stay open."""

    spec: TournamentSpec
    """Each instance's settings; its name is the template's."""
    game: str
    betting: str
    open: int = 1
    """How many instances are registering at once."""

    @property
    def name(self) -> str:
        """The template's name, the mark of its instances in the store."""
        return self.spec.name

    def instance(self, number: int) -> TournamentSpec:
        """The settings of its ``number``-th instance (named ``NAME #number``)."""
        return replace(self.spec, name=f"{self.spec.name} #{number}")


def load_sit_and_gos(paths: Iterable[str | Path]) -> tuple[SitAndGo, ...]:
    """Every recurring sit-and-go of the files; TournamentError naming the file and the key
    for one that does not read or makes no sense, or a name given twice."""
    found: dict[str, tuple[SitAndGo, str]] = {}
    for path in map(Path, paths):
        try:
            text = path.read_text()
        except OSError as error:
            raise TournamentError(f"cannot read the sit-and-gos file {path}: "
                                  f"{error.strerror}.") from None
        for sng in parse_sit_and_gos(text, where=str(path), folder=path.parent):
            if sng.name in found:
                raise TournamentError(f"{path}: sit_and_go {sng.name!r} is described twice "
                                      f"(in {found[sng.name][1]} too); names must differ.")
            found[sng.name] = sng, str(path)
    return tuple(sng for sng, _ in found.values())


def parse_sit_and_gos(text: str, *, where: str = "<text>",
                      folder: Path | None = None) -> list[SitAndGo]:
    """The ``[[sit_and_go]]`` tables of a file's text (``where``: its name in messages;
    ``folder``: where the relative paths of structure files start)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentError(f"{where} is not TOML: {error}.") from None
    unknown = sorted(set(doc) - {"sit_and_go"})
    if unknown:
        raise TournamentError(f"{where}: unknown keys {', '.join(unknown)}; a sit-and-gos "
                              "file has [[sit_and_go]] tables only.")
    tables = doc.get("sit_and_go")
    if not isinstance(tables, list) or not tables or \
            not all(isinstance(t, dict) for t in tables):
        raise TournamentError(f"{where}: no [[sit_and_go]] table.")
    found = [_sit_and_go(t, f"{where}: sit_and_go {n}", folder) for n, t in enumerate(tables, 1)]
    names = [sng.name for sng in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TournamentError(f"{where}: name: {', '.join(map(repr, twice))} is given to more "
                              "than one sit_and_go; names must differ.")
    return found


def _sit_and_go(doc: dict[str, Any], where: str, folder: Path | None) -> SitAndGo:
    if isinstance(doc.get("name"), str):
        where = f"{where} ({doc['name']!r})"
    unknown = sorted(set(doc) - set(REQUIRED) - set(DEFAULTS))
    if unknown:
        raise TournamentError(f"{where}: unknown keys {', '.join(unknown)} (known: "
                              f"{', '.join((*REQUIRED, *DEFAULTS))}).")
    missing = [key for key in REQUIRED if key not in doc]
    if missing:
        raise TournamentError(f"{where}: {', '.join(missing)} missing.")
    value = DEFAULTS | doc

    def bad(key: str, why: object) -> TournamentError:
        return TournamentError(f"{where}: {key}: {why}")

    def text(key: str) -> str:
        if not isinstance(value[key], str):
            raise bad(key, f"a string, not {value[key]!r}.")
        return str(value[key])

    def number(key: str, least: int) -> int:
        given = value[key]
        if isinstance(given, bool) or not isinstance(given, int):
            raise bad(key, f"a whole number, not {given!r}.")
        if given < least:
            raise bad(key, f"at least {least}, not {given}.")
        return given

    name = text("name")
    if not 0 < len(name) <= MAX_NAME:
        raise bad("name", f"1 to {MAX_NAME} characters, not {len(name)}.")
    try:
        game = get_game(text("game"))
    except UnknownGameError as error:
        raise bad("game", error) from None
    betting = text("betting")
    if betting not in set(Betting):
        raise bad("betting", f"{betting!r} is none; one of {', '.join(Betting)}.")
    try:
        structure = structure_named(text("structure"), folder)
    except TournamentError as error:
        raise bad("structure", error) from None
    seats = number("seats", 2)
    if seats > game.max_players:
        raise bad("seats", f"{game.name.value} is dealt to {game.max_players} players at most, not "
                  f"tables of {seats}.")
    buy_in, fee = number("buy_in", 0), number("fee", 0)
    if buy_in + fee > MAX_CHIPS:
        raise bad("buy_in", f"a buy-in and fee of {buy_in + fee:,} chips is more than "
                  f"{MAX_CHIPS:,}.")
    spec = TournamentSpec(name, structure, seats=seats, buy_in=buy_in, fee=fee,
                          max_entrants=number("players", 2))
    return SitAndGo(spec, game.name.value, betting, number("open", 1))


class RecurringSitAndGos:
    """Keeps ``open`` instances of each recurring sit-and-go registering in the store."""

    def __init__(self, store: Store, templates: Iterable[SitAndGo]) -> None:
        self.store = store
        self.templates = tuple(templates)

    def top_up(self) -> list[int]:
        """Make the instances missing (the store's count: registering instances of each
        template); returns their ids."""
        made = []
        for sng in self.templates:
            registering, numbered = self.store.tournaments.instances(sng.name)
            for number in range(numbered + 1, numbered + 1 + sng.open - registering):
                tid = self.store.tournaments.create(sng.instance(number), game=sng.game,
                                                    betting=sng.betting, recurring=sng.name)
                log.info("recurring sit-and-go %r: tournament %s opened (%s #%s)", sng.name,
                         tid, sng.name, number)
                made.append(tid)
        return made

    async def look(self) -> None:
        """:meth:`top_up`, off the event loop (the service's look, every second)."""
        await asyncio.to_thread(self.top_up)
