"""The shapes of the room's REST answers, as types (for the OpenAPI document and tests).

The handlers build plain JSON; these models describe it, and the API fuzz test
checks every answer against the document generated from them.
"""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, create_model

from standpat.engine import PostKind
from standpat.engine.events import EVENT_TYPES, EventKind

__all__ = [
    "Account",
    "ClientSeedAnswer",
    "ErrorAnswer",
    "FileHand",
    "GameLine",
    "Games",
    "HandLine",
    "HandList",
    "HandRecord",
    "Health",
    "Ledger",
    "LedgerRow",
    "Lobby",
    "PasswordChanged",
    "PokerEvent",
    "Refill",
    "SeatAnswer",
    "SessionLine",
    "Sessions",
    "ShareLink",
    "Stats",
    "TableLine",
    "TournamentDetail",
    "TournamentEntryAnswer",
    "TournamentEntryLine",
    "TournamentLine",
    "TournamentList",
]


def _field_type(name: str) -> Any:
    """The JSON type of an event field, by its name (``standpat.engine.codec`` writes them)."""
    if name in ("cards", "drawn"):
        return list[str]
    return {"post": PostKind, "all_in": bool}.get(name, int)


def _event_model(kind: EventKind, cls: type) -> type[BaseModel]:
    """The model of one kind of event: its kind, then each field of its class."""
    definitions: dict[str, Any] = {"kind": (Literal[kind.value], ...)}
    definitions.update({f.name: (_field_type(f.name), ...) for f in fields(cls)})
    return create_model(f"{cls.__name__}Event", __doc__=f"A poker {kind.value} event: "
                        f"{cls.__doc__}", **definitions)


_EVENT_MODELS = tuple(_event_model(kind, cls) for kind, cls in EVENT_TYPES.items())
"""One model per kind of poker event, made from the engine's event classes."""

PokerEvent = Annotated[Union[_EVENT_MODELS], Field(discriminator="kind")]  # type: ignore[valid-type]  # noqa: UP007
"""A poker event on the wire: its kind, then every field of its class by name."""


class _Problem(BaseModel):
    code: str = Field(description="a short, stable code, e.g. bad-message, not-logged-in")
    message: str = Field(description="a sentence saying what was wrong")


class ErrorAnswer(BaseModel):
    """Every error, on REST and over the WebSocket."""

    error: _Problem


class Account(BaseModel):
    """The logged-in account."""

    id: int
    name: str
    bankroll: int
    client_seed: str
    operator: bool = Field(description="whether the room's operator (--operator) is logged in")


class SessionState(BaseModel):
    """Who this session belongs to: an account, or nobody (``null``) when not logged in."""

    account: Account | None


class ClientSeedAnswer(BaseModel):
    """The stored client seed."""

    client_seed: str


class LedgerRow(BaseModel):
    """One movement of my bankroll."""

    id: int
    amount: int
    kind: str = Field(description="grant, refill, buy-in, cash-out, adjust, ...")
    table_id: int | None
    hand_id: int | None
    at: str
    note: str | None = Field(description="why (a refill, an operator's adjustment)")


class Ledger(BaseModel):
    """A page of my bankroll movements, newest first."""

    rows: list[LedgerRow]
    bankroll: int
    next_before: int | None = Field(
        description="pass as ?before= for the next (older) page; null on the last page"
    )


class SessionLine(BaseModel):
    """One of my live log-in sessions."""

    id: str = Field(description="16 hex digits naming the session (DELETE it to end it)")
    created_at: datetime
    expires_at: datetime
    agent: str = Field(description="the browser that opened it (its User-Agent)")
    browser: str = Field(description="the browser and its system, read from its User-Agent "
                         "('Firefox 121 on Windows 10'; empty for none)")
    current: bool = Field(description="whether it is the session asking")


class Sessions(BaseModel):
    """My live log-in sessions, newest first."""

    sessions: list[SessionLine]


class PasswordChanged(BaseModel):
    """The password was changed; every other session ended."""

    ended: int = Field(description="how many other sessions were ended")


class Refill(BaseModel):
    """The play-money refill rule and what it gives me now."""

    rule: str = Field(description="the rule in one sentence")
    below: int = Field(description="holdings under which a refill is allowed")
    to: int = Field(description="what a refill brings holdings back to")
    every: float = Field(description="seconds between two refills")
    bankroll: int
    on_tables: int = Field(description="my chips in front of me at tables")
    amount: int = Field(description="chips a refill gives now (0: I hold enough)")
    allowed: bool = Field(description="whether I may refill now")
    last: datetime | None
    next_at: datetime | None = Field(description="when the next refill is allowed, if waiting")
    refilled: int = Field(0, description="chips just given (POST only)")


class GameLine(BaseModel):
    """A game a table may deal."""

    name: str
    title: str
    min: int
    max: int
    kind: Literal["poker", "pinochle"] = Field(description="the game's family")
    structures: list[str] = Field(description="its betting structures (none for pinochle)")
    stakes: str = Field(description="the stakes of a table opened without saying")
    stakes_help: str = Field(description="what a table's stakes say, with an example")


class Games(BaseModel):
    """Games and structures."""

    games: list[GameLine]
    structures: list[str]


class _Player(BaseModel):
    seat: int
    name: str
    bot: str | None
    stack: int
    sitting_out: bool


class _BuyIn(BaseModel):
    min: int
    max: int


class _Rotation(BaseModel):
    games: list[str] = Field(description="the games dealt in turn")
    hands: int = Field(description="hands of each game")
    next: str = Field(description="the game of the next hand")
    left: int = Field(description="hands of that game still to deal, the next one included")
    then: str = Field(description="the game after it")


class _TableOfTournament(BaseModel):
    id: int = Field(description="the tournament (/api/tournaments/{id})")
    number: int = Field(description="the table's number in it")


class TableLine(BaseModel):
    """A table's line in the lobby."""

    id: int
    name: str
    game: str
    kind: Literal["poker", "pinochle"] = Field(description="the game's family")
    title: str
    structure: str = Field(description="poker's betting structure (empty for pinochle)")
    stakes: str
    seats: int
    taken: int
    players: list[_Player]
    average_pot: float | None
    hands: int
    clock: float
    anchor: str = Field(description="the seed chain's anchor (hex)")
    buy_in: _BuyIn
    owner: str | None = Field(description="who opened it (null: the room's own table)")
    waiting: int = Field(description="players on its waiting list (or offered a seat)")
    hands_per_hour: float = Field(description="rounds finished in the last hour")
    chat: Literal["players", "everyone", "off"] = Field(
        description="who may chat: the players, everyone watching (logged in), or nobody")
    rotation: _Rotation | None = Field(
        default=None, description="a mixed table's games (null: it deals one game, `game`)")
    tournament: _TableOfTournament | None = Field(
        default=None, description="a tournament's table: which tournament, and the table's "
        "number in it (null: a ring game's table)")


class Lobby(BaseModel):
    """Every open table."""

    tables: list[TableLine]


class SeatAnswer(BaseModel):
    """Where a bot was seated."""

    table: int
    seat: int


class _Winner(BaseModel):
    name: str
    amount: int


class HandLine(BaseModel):
    """One of my hands, summed up for a hand list."""

    id: int
    table_id: int
    number: int = Field(description="the hand's number at its table")
    status: Literal["running", "done", "void"]
    revealed: bool = Field(description="whether I may see its seed")
    game: str | None
    structure: str | None
    stakes: str | None
    net: int | None = Field(description="my chips won (+) or lost (-); null unless done")
    winners: list[_Winner] = Field(description="who collected chips; empty unless done")
    ended_at: datetime | None = Field(description="when it ended (UTC); null while running")


class HandList(BaseModel):
    """My hands, newest first."""

    hands: list[HandLine]


class HandRecord(BaseModel):
    """A hand (or a pinochle game) as I saw it: input of ``standpat verify`` once its seed
    is revealed.

    Until then ``seed`` is null and other players' discards are counted, not named.
    ``format`` says which: ``standpat-hand/1`` (a poker hand) or ``standpat-pinochle/1``
    (a pinochle game, docs/protocol.md).
    """

    format: Literal["standpat-hand/1", "standpat-pinochle/1"]
    hand: int
    table: int
    number: int
    status: Literal["running", "done", "void"]
    game: str
    structure: str
    stakes: str
    commitment: str
    anchor: str
    seed: str | None
    client_seeds: list[str]
    actions: list[dict[str, object]] = Field(
        description="every action, as a client sends it; other players' discards as "
        "'??' until the seed is revealed"
    )
    events: list[PokerEvent] | list[dict[str, object]] = Field(
        description="the hand's events as the viewer may see them: poker events "
        "(standpat-hand/1), or the pinochle game's events (standpat-pinochle/1)"
    )


class FileHand(BaseModel):
    """One hand of an uploaded history file, replayed, in the shape the replayer steps.

    Seats are in the file's order with the button on the last player; the events are
    those of ``GET /api/hands/{id}``, with the cards as the file gives them (a card the
    file writes ``??`` is counted in ``hidden``, never shown).
    """

    format: Literal["standpat-file-hand/1"]
    file: str
    hand: int = Field(description="the hand's place in the file (from 1)")
    hands: int = Field(description="how many hands the file holds")
    name: str | None = Field(description="the hand's own name or number, if the file gives one")
    game: str
    structure: str
    stakes: str
    names: list[str]
    stacks: list[int] = Field(description="starting stacks")
    button: int
    you: None = Field(description="always null: a file is seen from no seat")
    events: list[PokerEvent]
    finishing_stacks: list[int]
    net: list[int]


class Health(BaseModel):
    """Liveness."""

    ok: bool
    tables: int


class _Figures(BaseModel):
    hands: int
    net: int = Field(description="chips won (+) or lost (-)")
    bb_per_100: float | None = Field(description="big blinds won per 100 hands")
    vpip: float | None = Field(description="% of hands with chips put in voluntarily before "
                               "the first draw")
    pfr: float | None = Field(description="% of hands raised before the first draw")
    draws: int = Field(description="draws taken part in")
    pat: float | None = Field(description="% of draws stood pat")
    draw1: float | None
    draw2: float | None
    draw3: float | None
    draw_more: float | None = Field(description="% of draws of 4 cards or more")
    showdown: float | None = Field(description="% of hands that went to the showdown")
    won_showdown: float | None = Field(description="% of showdowns won")


class _ByGame(_Figures):
    game: str
    structure: str


class _Point(BaseModel):
    hand: int
    at: str
    net: int = Field(description="my net over all rounds up to this one")
    bb_per_100: float = Field(description="big blinds I won per 100 rounds, over all rounds up "
                              "to this one")


class Stats(_Figures):
    """My statistics over the rounds the query picks (from my own rounds' facts only)."""

    by: list[_ByGame]
    series: list[_Point] = Field(description="net and bb/100 over time, oldest first (the "
                                 "latest 5000)")


class ShareLink(BaseModel):
    """A link to one of my hands, as I saw it."""

    token: str
    path: str = Field(description="the page that replays it: /shared/{token}")


class TournamentLine(BaseModel):
    """A tournament's line in the tournament lobby."""

    id: int
    name: str
    game: str
    betting: str = Field(description="the betting structure: fixed-limit, pot-limit, no-limit")
    structure: str = Field(description="the blind structure's name (turbo, regular, deep, or "
                           "the operator's own)")
    buy_in: int = Field(description="chips to the prize pool, per entry")
    fee: int = Field(description="chips to the house, per entry")
    seats: int = Field(description="seats per table")
    starting_stack: int
    entrants: int = Field(description="entries whose buy-in is in the pool (re-entries "
                          "counted)")
    alive: int = Field(description="entries still in")
    min_entrants: int
    max_entrants: int | None = Field(description="the field's limit (null: none)")
    pool: int = Field(description="the prize pool now (0 once paid or cancelled)")
    status: Literal["registering", "running", "finished", "cancelled"]
    sit_and_go: bool = Field(description="it starts when max_entrants are in (no start time)")
    starts_at: datetime | None = Field(description="when it starts (UTC); null for a "
                                       "sit-and-go")
    registration_open: bool = Field(description="whether a player may register now")
    late_levels: int = Field(description="levels after the start while one may still "
                             "register")
    reentries: int = Field(description="entries a busted player may buy again")


class TournamentList(BaseModel):
    """The tournaments registering or running: sit-and-gos first, then by start time."""

    tournaments: list[TournamentLine]


class TournamentEntryLine(BaseModel):
    """One entry bought into a tournament."""

    id: int
    name: str = Field(description="the player's (or house bot's) name")
    number: int = Field(description="the player's how-many-th entry into it (from 1)")
    status: Literal["live", "busted", "won", "unregistered", "refunded"]
    place: int | None = Field(description="its place once out (null while in)")
    prize: int | None = Field(description="its prize once paid (0: out of the money; null "
                              "before the payout)")
    table: int | None = Field(default=None, description="the room's table it sits at while "
                              "the tournament runs (null: not seated)")
    chips: int | None = Field(default=None, description="its chips at that table")


class _Level(BaseModel):
    small_blind: int
    big_blind: int
    ante: int


class _LevelNow(_Level):
    number: int = Field(description="the level in play, from 1 (on a break: the next one)")
    seconds_left: float = Field(description="played seconds to the next level or break")
    on_break: bool


class _TournamentTable(BaseModel):
    id: int = Field(description="the room's table id (/tables/{id})")
    number: int = Field(description="its number in the tournament")
    players: int


class TournamentDetail(TournamentLine):
    """One tournament: its lobby line, its blind levels and its entries."""

    level_seconds: float = Field(description="how long each level lasts, in played seconds")
    break_every: int = Field(description="levels between breaks (0: no breaks)")
    break_seconds: float
    levels: list[_Level] = Field(description="the blind levels, in order; past the last one "
                                 "the last one stays")
    entries: list[TournamentEntryLine] = Field(
        description="its entries in the order they were bought (an entry taken back before "
        "the start is left out)")
    level: _LevelNow | None = Field(default=None, description="while it runs: the level now")
    tables: list[_TournamentTable] = Field(default_factory=list,
                                           description="while it runs: its open tables")


class TournamentEntryAnswer(BaseModel):
    """My entry, after registering or unregistering, and my bankroll then."""

    entry: TournamentEntryLine
    bankroll: int
