"""Blind levels on a clock: a tournament's structure, and the level at any moment of play.

A structure is a list of levels (small blind, big blind, ante), each lasting
``level_seconds`` of play, with a break of ``break_seconds`` after every ``break_every``
levels.  The clock here counts **played** seconds only: the room adds up the time the
tournament has run (not its pauses, not a crash's downtime) and asks :meth:`Structure.moment`
where that puts it, so a tournament that resumes after a crash gives no level away.  A level
changes between hands (RULES.md): the room takes the stakes of a hand when it deals it.
Past the last level the last level stays.

>>> regular = shipped("regular")
>>> regular.moment(0)
Moment(level=0, on_break=False, seconds_left=600.0)
>>> regular.moment(6 * 600 + 10)          # after six levels, a five-minute break
Moment(level=6, on_break=True, seconds_left=290.0)
>>> regular.level_at(6).stakes            # fixed limit: small bet = big blind
Stakes(small_bet=100, big_bet=200, small_blind=50, big_blind=100, ante=10)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from standpat.engine import Stakes
from standpat.errors import StakesError, TournamentError

__all__ = ["SHIPPED", "Level", "Moment", "Structure", "load_structure", "shipped",
           "structure_from_doc", "structure_named", "structure_to_doc"]

SHIPPED = ("turbo", "regular", "deep")
"""The structures that come with standpat (``standpat/tournament/structures/NAME.toml``)."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level's forced bets, in chips."""

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.small_blind <= self.big_blind or self.ante < 0:
            raise TournamentError(
                f"level {self.small_blind}/{self.big_blind} ante {self.ante} makes no sense: "
                "the small blind must be positive and at most the big blind, the ante not "
                "negative.")

    @property
    def stakes(self) -> Stakes:
        """The table's stakes at this level: the big blind is the small bet (fixed limit's
        big bet twice it), as in the room's ring games."""
        return Stakes(self.big_blind, 2 * self.big_blind, self.small_blind, self.big_blind,
                      self.ante)

    def __str__(self) -> str:
        text = f"{self.small_blind}/{self.big_blind}"
        return f"{text} ante {self.ante}" if self.ante else text


class Moment(NamedTuple):
    """Where a tournament's clock stands: the level in play (during a break, the level that
    follows it), whether it is a break, and the seconds until the next change."""

    level: int
    on_break: bool
    seconds_left: float


@dataclass(frozen=True)
class Structure:
    """A tournament's levels and breaks, and the chips each entrant starts with."""

    name: str
    levels: tuple[Level, ...]
    level_seconds: float
    starting_stack: int
    break_every: int = 0
    """Levels between breaks (0: no breaks)."""
    break_seconds: float = 0.0

    def __post_init__(self) -> None:
        if not self.levels:
            raise TournamentError(f"structure {self.name!r} has no levels.")
        if self.level_seconds <= 0:
            raise TournamentError(
                f"structure {self.name!r}: a level must last some time, not "
                f"{self.level_seconds} s.")
        if self.break_every < 0 or self.break_seconds < 0:
            raise TournamentError(f"structure {self.name!r}: breaks cannot be negative.")
        if self.starting_stack < 2 * self.levels[0].big_blind:
            raise TournamentError(
                f"structure {self.name!r}: a starting stack of {self.starting_stack} is less "
                f"than two big blinds of the first level ({self.levels[0].big_blind}).")
        for before, after in zip(self.levels, self.levels[1:], strict=False):
            if after.big_blind < before.big_blind:
                raise TournamentError(
                    f"structure {self.name!r}: the blinds go down from {before} to {after}.")

    def level_at(self, index: int) -> Level:
        """The level of number ``index`` (from 0); past the last, the last."""
        if index < 0:
            raise TournamentError(f"there is no level {index}.")
        return self.levels[min(index, len(self.levels) - 1)]

    def moment(self, played: float) -> Moment:
        """Where ``played`` seconds of play put the clock."""
        if played < 0:
            raise TournamentError(f"a tournament cannot have played {played} s.")
        length = self.level_seconds
        if not self.break_every or not self.break_seconds:
            index, into = divmod(played, length)
            return Moment(int(index), False, length - into)
        block = self.break_every * length
        cycle, into = divmod(played, block + self.break_seconds)
        first = int(cycle) * self.break_every
        if into < block:
            index, into_level = divmod(into, length)
            return Moment(first + int(index), False, length - into_level)
        return Moment(first + self.break_every, True, block + self.break_seconds - into)

    def played_until(self, level: int) -> float:
        """The seconds of play at which level ``level`` starts (after the break before it)."""
        if level < 0:
            raise TournamentError(f"there is no level {level}.")
        breaks = (level // self.break_every) if self.break_every and self.break_seconds else 0
        return level * self.level_seconds + breaks * self.break_seconds


def _structure(doc: dict[str, Any], where: str) -> Structure:
    known = {"name", "level_minutes", "level_seconds", "starting_stack", "break_every",
             "break_minutes", "break_seconds", "levels"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise TournamentError(f"{where}: unknown keys {', '.join(unknown)} (known: "
                              f"{', '.join(sorted(known))}).")
    try:
        seconds = (float(doc["level_seconds"]) if "level_seconds" in doc
                   else 60 * float(doc["level_minutes"]))
        levels = tuple(
            Level(int(level["small_blind"]), int(level["big_blind"]), int(level.get("ante", 0)))
            for level in doc["levels"])
        return Structure(
            name=str(doc.get("name", where)), levels=levels, level_seconds=seconds,
            starting_stack=int(doc["starting_stack"]),
            break_every=int(doc.get("break_every", 0)),
            break_seconds=(float(doc["break_seconds"]) if "break_seconds" in doc
                           else 60 * float(doc.get("break_minutes", 0))))
    except KeyError as missing:
        raise TournamentError(f"{where}: {missing.args[0]!r} is missing.") from None
    except (TypeError, ValueError, StakesError) as error:
        if isinstance(error, TournamentError):
            raise
        raise TournamentError(f"{where}: {error}") from None


def structure_to_doc(structure: Structure) -> dict[str, Any]:
    """A structure as a document of the structure file's keys (JSON- and TOML-ready);
    :func:`structure_from_doc` reads it back.

    >>> structure_from_doc(structure_to_doc(shipped("turbo"))) == shipped("turbo")
    True
    """
    doc: dict[str, Any] = {
        "name": structure.name, "level_seconds": structure.level_seconds,
        "starting_stack": structure.starting_stack,
        "levels": [{"small_blind": v.small_blind, "big_blind": v.big_blind, "ante": v.ante}
                   for v in structure.levels]}
    if structure.break_every:
        doc |= {"break_every": structure.break_every,
                "break_seconds": structure.break_seconds}
    return doc


def structure_from_doc(doc: dict[str, Any]) -> Structure:
    """A structure from a document of the structure file's keys (TournamentError if it is
    not one)."""
    return _structure(doc, str(doc.get("name", "<document>")))


def load_structure(source: str | Path) -> Structure:
    """A structure from a TOML file (a path) or TOML text.

    Keys: ``name``, ``level_minutes`` (or ``level_seconds``), ``starting_stack``,
    ``break_every`` (levels), ``break_minutes`` (or ``break_seconds``), and ``[[levels]]``
    tables of ``small_blind``, ``big_blind`` and ``ante``.

    >>> load_structure('''
    ... name = "quick"
    ... level_seconds = 30
    ... starting_stack = 1000
    ... levels = [{small_blind = 5, big_blind = 10}, {small_blind = 10, big_blind = 20, ante = 2}]
    ... ''').level_at(5)
    Level(small_blind=10, big_blind=20, ante=2)
    >>> load_structure('starting_stack = 100\\nlevel_minutes = 1\\nlevels = []')
    Traceback (most recent call last):
    ...
    standpat.errors.TournamentError: structure '<text>' has no levels.
    """
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source
                                    and source.endswith(".toml")):
        path = Path(source)
        try:
            text, where = path.read_text(), str(path)
        except OSError as error:
            raise TournamentError(f"cannot read the structure {path}: {error.strerror}.") from None
    else:
        text, where = str(source), "<text>"
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentError(f"{where} is not TOML: {error}.") from None
    return _structure(doc, where)


def shipped(name: str) -> Structure:
    """One of the structures that come with standpat: ``turbo``, ``regular`` or ``deep``."""
    if name not in SHIPPED:
        raise TournamentError(f"no shipped structure {name!r}; there are "
                              f"{', '.join(SHIPPED)}.")
    text = resources.files("standpat.tournament").joinpath(f"structures/{name}.toml").read_text()
    return _structure(tomllib.loads(text), name)


def structure_named(text: str, folder: Path | None = None) -> Structure:
    """The structure an operator names: a shipped one (``turbo``, ``regular``, ``deep``) or
    a structure file ending in ``.toml``, a relative path read from ``folder`` (default:
    the working directory).  TournamentError for anything else, or a file that does not
    read.

    >>> structure_named("turbo").starting_stack
    1500
    >>> structure_named("slow")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    standpat.errors.TournamentError: no structure 'slow': give turbo, regular, deep, or a ...
    """
    if text in SHIPPED:
        return shipped(text)
    if not text.endswith(".toml"):
        raise TournamentError(f"no structure {text!r}: give {', '.join(SHIPPED)}, or a "
                              "structure file ending in .toml")
    path = Path(text).expanduser()
    return load_structure(path if folder is None else folder / path)
