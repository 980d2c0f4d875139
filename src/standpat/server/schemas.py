"""Every input the room accepts, as one set of types: REST bodies and WebSocket messages.

These pydantic models are the single source of the protocol's input types: the
server validates every request body and every WebSocket message against them
(strictly: a JSON ``null`` is not a name, a number is not a password, unknown
fields are refused), and the OpenAPI document (:mod:`standpat.server.openapi`)
and the WebSocket message schema are generated from them.

>>> parse_client_message(b'{"type": "sit", "table": 3, "buy_in": 200}')
Sit(v=1, ref=None, type='sit', table=3, seat=None, buy_in=200, post=True)
>>> parse_client_message(b'{"type": "sit", "table": "3"}')
Traceback (most recent call last):
...
standpat.errors.ProtocolError: 'table' must be a whole number (got '3').
>>> parse_body(Credentials, b'{"name": null, "password": "secret-password"}')
Traceback (most recent call last):
...
standpat.errors.ProtocolError: 'name' must be a text (got None).
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeVar

import orjson
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from standpat.engine import ActionKind, Stakes, Structure
from standpat.errors import (
    HandSetupError,
    ProtocolError,
    StakesError,
    TableError,
    UnknownGameError,
)
from standpat.pinochle import Suit
from standpat.pinochle.codec import ActionKind as PinochleActionKind
from standpat.store.names import NAME_RULE
from standpat.table import Choice, SitOut
from standpat.table.pinochle import parse_fee
from standpat.table.rooms import game_kind, offers, stakes_for
from standpat.table.rotation import DEFAULT_HANDS, MAX_GAMES, MAX_HANDS, Rotation

__all__ = [
    "MAX_ID",
    "MAX_PHH_FILE",
    "MAX_SMALL_BET",
    "Act",
    "ActionBody",
    "AddChips",
    "BotSpec",
    "Chat",
    "ChatModeMessage",
    "ClientMessage",
    "ClientSeedBody",
    "Credentials",
    "HandsQuery",
    "HistoryUpload",
    "LedgerQuery",
    "LobbyQuery",
    "PasswordChange",
    "Registration",
    "SeatBot",
    "SessionRef",
    "SetChatMode",
    "ShareRef",
    "StatsQuery",
    "TableSpec",
    "TournamentEntryBody",
    "message_ref",
    "parse_body",
    "parse_client_message",
]

_DAY: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_ID: Final = 2**31 - 1
"""The largest table, hand or account id (a 32-bit column on every database)."""
MAX_SMALL_BET: Final = 1_000_000
"""The largest small bet a table may have; buy-ins (at most 100 small bets) and every
sum of chips stay far inside 64-bit integers."""
BIG_BET_TIMES: Final = 10
"""A table's big bet is at most this many small bets (and its ante at most one)."""
MAX_BUY_IN: Final = 100 * MAX_SMALL_BET
"""The largest buy-in or top-up any table can take."""
MAX_REF: Final = 2**53 - 1
"""The largest whole-number ``ref`` (the largest whole number JavaScript holds exactly)."""


def _whole(value: Any) -> Any:
    """A JSON number with no fraction is a whole number (JSON Schema's ``integer`` includes
    ``9.0``); anything else goes on to the strict check."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WHOLE: Final = BeforeValidator(_whole)
"""Marks a whole number that may be written ``9`` or ``9.0`` (never ``"9"`` or ``9.5``); it
comes after the bounds, so that the JSON schema keeps them."""
Id = Annotated[int, Field(ge=1, le=MAX_ID), WHOLE]
SeatNumber = Annotated[int, Field(ge=0, le=9, description="a table seat, numbered from 0"), WHOLE]
Chips = Annotated[int, Field(ge=1, le=MAX_BUY_IN, description="a whole number of chips"), WHOLE]
Ref = Annotated[
    Annotated[int, Field(ge=-MAX_REF, le=MAX_REF), WHOLE] | Annotated[str, Field(max_length=64)]
    | None,
    Field(description="echoed by an error this message causes (and by a pong)"),
]
PLAIN: Final = "^[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]*$"
"""Text people read (table names, chat): no control characters, no line or paragraph
separators, and none of the invisible marks that turn text around (U+202E, ...), which
let a name pass itself off as another."""
PlainText = Annotated[str, Field(pattern=PLAIN)]


class _Strict(BaseModel):
    """Strict, closed objects: no coercion, no unknown fields, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# -- REST bodies -------------------------------------------------------------------


class Credentials(_Strict):
    """``POST /api/session``: a name and a password."""

    name: Annotated[str, Field(min_length=1, max_length=64)]
    password: Annotated[str, Field(min_length=1, max_length=256)]


class Registration(_Strict):
    """``POST /api/accounts``: the new account's name and password."""

    name: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{2,23}$", description=(
        "3 to 24 ASCII letters, digits, '-', '_' or '.', starting with a letter or digit; "
        "unique regardless of case and of look-alike characters"
    ))]
    password: Annotated[str, Field(min_length=8, max_length=256)]


STAKES: Final = "^(?:[0-9]+ */ *[0-9]+(?: +ante +[0-9]+)?|(?:entry +)?[0-9]+)?$"
"""How stakes are written: ``2/4`` or ``2/4 ante 1`` (poker), ``entry 10`` (pinochle), or
nothing (the game's default)."""
CLIENT_SEED: Final = "^[ -~]{0,64}$"
"""A client seed: at most 64 printable ASCII characters."""


class ClientSeedBody(_Strict):
    """``PUT /api/me/client-seed``: the seed mixed into the hands dealt to me."""

    seed: Annotated[str, Field(max_length=64, pattern=CLIENT_SEED)]


if TYPE_CHECKING:
    GameChoice = str
    ActionChoice = str
else:
    GameChoice = Literal[tuple(o.name for o in offers())]
    ActionChoice = Literal[tuple(dict.fromkeys(
        [k.value for k in ActionKind] + [k.value for k in PinochleActionKind]))]


class TableSpec(_Strict):
    """``POST /api/tables``: the table to open (every field has a default)."""

    game: GameChoice = Field(default="five-card-draw", description=(
        "a poker game, or pinochle-5 / pinochle-7 (Bruce's Pinochle)"))
    structure: Structure | None = Field(default=None, description=(
        "poker: fixed-limit when left out; pinochle has none (refused if given)"))
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, json_schema_extra={
        "examples": [{"game": "five-card-draw", "structure": "no-limit", "stakes": "2/4"},
                     {"game": "deuce-to-seven-triple-draw", "stakes": "2/4 ante 1"},
                     {"game": "pinochle-5", "stakes": "entry 10"}]})
    stakes: Annotated[str, Field(max_length=40, pattern=STAKES)] = (
        Field(default="", validate_default=True, description=(
            "poker: small bet / big bet, and an ante if any (2/4 when left out; the small "
            f"bet at most {MAX_SMALL_BET:,}, the big bet at most {BIG_BET_TIMES} small bets, "
            "the ante at most one); pinochle: the entry fee of a game (entry 10 when left "
            f"out, at most {MAX_SMALL_BET:,}); stakes the game does not take are refused "
            "with 409"))
    )
    seats: Annotated[int, Field(ge=2, le=6), WHOLE] | None = None
    clock: Annotated[float, Field(ge=5, le=300)] | None = None
    name: Annotated[str, Field(max_length=64, pattern=PLAIN, description=(
        "shown in the lobby: no control characters or invisible direction marks"))] | None = None
    hints: bool | None = Field(
        default=None,
        description="show each player the best holds with their chances at his draw; left out: "
        "on while every other seat is a bot and the player opened the table, off elsewhere",
    )
    rotation: Annotated[list[GameChoice], Field(min_length=2, max_length=MAX_GAMES)] | None = (
        Field(default=None, description=(
            "a mixed table: the poker games it deals in turn, each once (the table's game is "
            "the first: leave `game` out or give the same); 409 for a game that cannot be "
            "mixed")))
    rotation_hands: Annotated[int, Field(ge=1, le=MAX_HANDS), WHOLE] | None = Field(
        default=None, description=f"a mixed table's hands of each game ({DEFAULT_HANDS} when "
        "left out)")

    @field_validator("structure")
    @classmethod
    def _structure(cls, structure: Structure | None, info: ValidationInfo) -> Structure | None:
        game = info.data.get("game")
        if structure is not None and game is not None and game_kind(game) == "pinochle":
            raise HandSetupError(f"{game} has no betting structure: leave it out")
        return structure

    @model_validator(mode="after")
    def _rotation(self) -> TableSpec:
        if self.rotation is None:
            if self.rotation_hands is not None:
                raise HandSetupError("rotation_hands is for a mixed table: give its rotation")
            return self
        try:
            mix = Rotation(tuple(self.rotation), self.rotation_hands or DEFAULT_HANDS)
        except (TableError, UnknownGameError) as error:
            raise HandSetupError(str(error).rstrip(".")) from None
        if "game" in self.model_fields_set and self.game != mix.games[0]:
            raise HandSetupError(f"a mixed table's game is the first of its rotation "
                                 f"({mix.games[0]}), not {self.game}")
        return self

    def mix(self) -> Rotation | None:
        """The rotation of a mixed table (None for one game)."""
        if self.rotation is None:
            return None
        return Rotation(tuple(self.rotation), self.rotation_hands or DEFAULT_HANDS)

    @field_validator("stakes")
    @classmethod
    def _stakes(cls, text: str, info: ValidationInfo) -> str:
        game = info.data.get("game")
        if game is None:
            return text  # the game is refused already
        stakes = stakes_for(game, text or None)
        if game_kind(game) == "pinochle":
            if parse_fee(stakes) > MAX_SMALL_BET:
                raise StakesError(
                    f"the entry fee is at most {MAX_SMALL_BET:,} chips; got "
                    f"{parse_fee(stakes):,}."
                )
            return stakes
        check_stakes(Stakes.parse(stakes))
        return stakes


def check_stakes(stakes: Stakes) -> None:
    """StakesError for stakes past the room's bounds: every amount is bounded, so buy-ins and
    every sum of chips stay far inside 64-bit integers, and no table's forced bets dwarf its
    bets.

    >>> check_stakes(Stakes.parse("1000000/2000000 ante 10"))
    >>> check_stakes(Stakes.parse("1/10000000000000000000"))
    Traceback (most recent call last):
    ...
    standpat.errors.StakesError: the big bet is at most 10 small bets; got 10,000,000,000,000,\
000,000 with a small bet of 1.
    """
    if stakes.small_bet > MAX_SMALL_BET:
        raise StakesError(
            f"the small bet is at most {MAX_SMALL_BET:,} chips; got {stakes.small_bet:,}.")
    if stakes.big_bet > BIG_BET_TIMES * stakes.small_bet:
        raise StakesError(f"the big bet is at most {BIG_BET_TIMES} small bets; got "
                          f"{stakes.big_bet:,} with a small bet of {stakes.small_bet:,}.")
    if stakes.ante > stakes.small_bet:
        raise StakesError(f"the ante is at most the small bet ({stakes.small_bet:,}); got "
                          f"{stakes.ante:,}.")


class BotSpec(_Strict):
    """``POST /api/tables/{id}/bots``: the bot to seat."""

    level: Literal["easy", "normal", "strong", "expert", "house"] = "normal"
    seat: SeatNumber | None = None


class SeatBot(_Strict):
    """The room's own command to seat a bot (from ``POST /api/tables/{id}/bots``)."""

    level: str = "normal"
    seat: SeatNumber | None = None
    operator: bool = False
    """Whether an operator asks (he may seat bots at any table)."""


class TournamentEntryBody(_Strict):
    """``POST /api/tournaments/{id}/register`` and ``.../unregister``: an empty object
    (``{}``, or no body at all); the tournament is in the path and the player is the one
    logged in.  Any field is refused, so that a client that means more is told."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True,
                              json_schema_extra={"examples": [{}]})


class PasswordChange(_Strict):
    """``PUT /api/me/password``: the current password and the new one."""

    old: Annotated[str, Field(min_length=1, max_length=256)]
    new: Annotated[str, Field(min_length=8, max_length=256)]


class SessionRef(_Strict):
    """A log-in session as ``DELETE /api/me/sessions/{session_id}`` names it."""

    session_id: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$", description=(
        "the 16 hex digits that GET /api/me/sessions gives as its id"
    ))]


MAX_PHH_FILE: Final = 65536
"""The largest hand-history file the replayer reads (``POST /api/replays/phh``), in bytes
(UTF-8); a larger one is refused with 413."""


class HistoryUpload(_Strict):
    """``POST /api/replays/phh``'s body: a hand-history file and which of its hands to step."""

    text: Annotated[str, Field(min_length=1, description=(
        "the file's text: PHH (.phh, or .phhs with several hands), or readable text as "
        f"standpat replay reads it; at most {MAX_PHH_FILE} bytes in UTF-8 (413 otherwise); "
        "a file whose hand does not read or replay is refused with 422 and the reader's "
        "message"
    ))]
    name: Annotated[str, Field(min_length=1, max_length=200, pattern=PLAIN, description=(
        "the file's name, for the messages"
    ))] = "upload.phh"
    hand: Annotated[int, Field(ge=1, le=100_000, description=(
        "which hand of the file (from 1)"
    )), WHOLE] = 1


class ShareRef(_Strict):
    """A shared hand as ``GET /api/shared/{token}`` names it."""

    token: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{16,64}$", description=(
        "the token of the link POST /api/hands/{id}/share made"
    ))]


class LedgerQuery(_Strict):
    """``GET /api/me/ledger``'s query: a page of rows older than ``before``."""

    model_config = ConfigDict(strict=False, extra="forbid", frozen=True)  # query text
    before: Annotated[int, Field(ge=1, le=2**63 - 1)] | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50


class LobbyQuery(_Strict):
    """``GET /api/tables``'s query: which tables, in which order (all optional)."""

    model_config = ConfigDict(strict=False, extra="forbid", frozen=True)  # query text
    game: Annotated[str, Field(max_length=40)] | None = None
    structure: Annotated[str, Field(max_length=16)] | None = None
    min_stakes: Annotated[int, Field(ge=0, le=MAX_SMALL_BET, description=(
        "the least small bet (a table's stakes' first number)"))] | None = None
    max_stakes: Annotated[int, Field(ge=0, le=MAX_SMALL_BET)] | None = None
    seats: Annotated[int, Field(ge=2, le=10, description="tables of this many seats")] | None = None
    hide_full: bool = False
    hide_empty: bool = False
    sort: Literal["id", "stakes", "players", "average_pot", "hands_per_hour"] = "id"
    order: Literal["asc", "desc"] = "asc"


class StatsQuery(_Strict):
    """``GET /api/me/stats``'s query: which of my rounds (all optional)."""

    model_config = ConfigDict(strict=False, extra="forbid", frozen=True)  # query text
    game: Annotated[str, Field(max_length=40)] | None = None
    structure: Annotated[str, Field(max_length=16)] | None = None
    since: date | None = Field(default=None, description="from this day (UTC), included")
    until: date | None = Field(default=None, description="to this day (UTC), included")

    @field_validator("since", "until", mode="before")
    @classmethod
    def _day(cls, value: Any) -> Any:
        """A day is written YYYY-MM-DD (not a number, not a time)."""
        if value is not None and not (isinstance(value, str) and _DAY.fullmatch(value)):
            raise ValueError(f"a day is written YYYY-MM-DD; got {value!r}")
        return value


class HandsQuery(_Strict):
    """``GET /api/hands``'s query: one table's hands only, and how many."""

    model_config = ConfigDict(strict=False, extra="forbid", frozen=True)  # query text
    table: Id | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50


# -- WebSocket messages ------------------------------------------------------------


class _Message(_Strict):
    v: Literal[1] = Field(default=1, description="the protocol version")
    ref: Ref = None


class Hello(_Message):
    """Ask for the ``welcome`` again."""

    type: Literal["hello"]


class Ping(_Message):
    """Answered by ``pong``."""

    type: Literal["ping"]


class Watch(_Message):
    """Receive a table's ``table`` messages."""

    type: Literal["watch"]
    table: Id


class Unwatch(_Message):
    """Stop receiving a table's messages."""

    type: Literal["unwatch"]
    table: Id


class Sit(_Message):
    """Take a seat with a buy-in from the bankroll."""

    type: Literal["sit"]
    table: Id
    seat: SeatNumber | None = None
    buy_in: Chips | None = None
    post: bool = True


class Leave(_Message):
    """Leave the table with one's chips: now (in his round the table plays for him), or
    when the round he plays ends."""

    type: Literal["leave"]
    table: Id
    when: Literal["now", "after-hand"] = "now"


class ActionBody(_Strict):
    """An action of the table's game (its table checks what it means).

    Poker: ``kind`` fold, check, call, bet, raise or discard; ``amount`` the total bet,
    for bet and raise; ``cards`` the discards (none is standing pat).  Pinochle: ``kind``
    bid (``amount``: the bid), pass, trump (``suit``), discard (``cards``: physical cards
    like ``Qs.1``; none keeps the hand) or play (``card``)."""

    kind: ActionChoice
    amount: Annotated[int, Field(ge=0, le=10**15), WHOLE] | None = None
    cards: Annotated[list[Annotated[str, Field(max_length=5)]], Field(max_length=7)] | None = None
    suit: Suit | None = None
    card: Annotated[str, Field(max_length=5)] | None = None


class Act(_Message):
    """Play in the hand ``hand`` (an answer to an older hand is refused as stale)."""

    type: Literal["act"]
    table: Id
    hand: Id | None = None
    action: ActionBody


class SitOutMessage(_Message):
    """Sit out from the next hand, or from the next big blind."""

    type: Literal["sit-out"]
    table: Id
    when: SitOut = SitOut.NEXT_HAND


class SitIn(_Message):
    """Come back in."""

    type: Literal["sit-in"]
    table: Id


class Choose(_Message):
    """How one who owes a blind comes in: post, or wait for the big blind."""

    type: Literal["choose"]
    table: Id
    choice: Choice


class AddChips(_Message):
    """Add chips from the bankroll (between hands; during one they wait for its end)."""

    type: Literal["add-chips"]
    table: Id
    amount: Chips


class ClientSeedMessage(_Message):
    """Set one's client seed."""

    type: Literal["client-seed"]
    seed: Annotated[str, Field(max_length=64, pattern=CLIENT_SEED)]


class Wait(_Message):
    """Join a full table's waiting list: a seat that frees is offered to the first in line."""

    type: Literal["wait"]
    table: Id


class Unwait(_Message):
    """Leave a table's waiting list."""

    type: Literal["unwait"]
    table: Id


MAX_CHAT: Final = 200
"""The longest chat line, in characters."""


class Chat(_Message):
    """Say a line in a table's chat (plain text, 1 to 200 characters, no control
    characters); players speak, and spectators when the table allows it."""

    type: Literal["chat"]
    table: Id
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT, pattern=PLAIN)]

    @field_validator("text")
    @classmethod
    def _text(cls, text: str) -> str:
        text = text.strip()
        if not text:
            raise ValueError("a chat line says something.")
        return text


class ChatModeMessage(_Message):
    """Set a table's chat (its owner or an operator): ``players`` speak, ``everyone``
    (spectators too), or ``off``."""

    type: Literal["chat-mode"]
    table: Id
    mode: Literal["players", "everyone", "off"]


class SetChatMode(_Strict):
    """The room's own command to set a table's chat (from a ``chat-mode`` message)."""

    mode: Literal["players", "everyone", "off"]
    operator: bool = False
    ref: Ref = None
    """The message's ``ref``, echoed by a refusal."""


ClientMessage = Annotated[
    Hello | Ping | Watch | Unwatch | Sit | Leave | Act | SitOutMessage | SitIn | Choose
    | AddChips | ClientSeedMessage | Chat | ChatModeMessage | Wait | Unwait,
    Field(discriminator="type"),
]
"""Any message a client may send over the WebSocket."""
CLIENT_MESSAGE: Final[TypeAdapter[Any]] = TypeAdapter(ClientMessage)
CLIENT_TYPES: Final = frozenset(
    model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
    for model in (Hello, Ping, Watch, Unwatch, Sit, Leave, Act, SitOutMessage, SitIn, Choose,
                  AddChips, ClientSeedMessage, Chat, ChatModeMessage, Wait, Unwait)
)
"""The ``type`` of every message a client may send."""

Model = TypeVar("Model", bound=BaseModel)


def parse_body(model: type[Model], raw: bytes) -> Model:
    """A REST body checked against ``model``; ProtocolError (a 400 or 422) otherwise."""
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as error:
        raise _refusal(error) from None
    except StakesError as error:
        raise ProtocolError("bad-stakes", str(error)) from None


_REF: Final[TypeAdapter[Any]] = TypeAdapter(Ref)


def message_ref(raw: str | bytes) -> int | str | None:
    """The ``ref`` of a message that did not validate, when it has a valid one, so that the
    refusal echoes it (None otherwise).

    >>> message_ref('{"type": "chat", "table": 1, "text": "", "ref": 7}')
    7
    >>> message_ref('{"ref": 18446744073709551616}'), message_ref("[1, 2]")
    (None, None)
    """
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    try:
        return _REF.validate_python(data.get("ref"), strict=True)  # type: ignore[no-any-return]
    except ValidationError:
        return None


def parse_client_message(raw: str | bytes) -> BaseModel:
    """A WebSocket message checked against :data:`ClientMessage`; ProtocolError otherwise."""
    try:
        return CLIENT_MESSAGE.validate_json(raw)  # type: ignore[no-any-return]
    except ValidationError as error:
        raise _refusal(error) from None


_WORDS: Final = {
    "int_type": "a whole number", "int_parsing": "a whole number", "string_type": "a text",
    "bool_type": "true or false", "float_type": "a number", "list_type": "a list",
    "model_type": "an object", "literal_error": "one of its allowed values",
    "enum": "one of its allowed values",
}


def _refusal(error: ValidationError) -> ProtocolError:
    """One clear sentence for the first thing wrong with an input."""
    first: ErrorDetails = error.errors(include_url=False)[0]
    kind, where = first["type"], [str(p) for p in first["loc"]]
    # a union member's name (Sit, ...) is not part of the field's path
    # and neither is a union member's validator ('constrained-str', 'function-after[...]')
    where = [p for p in where if (p.isidentifier() or p.isdigit()) and not p[:1].isupper()
             and p not in _TYPE_TAGS and p not in _UNION_MEMBERS]
    name = ".".join(where)
    value = first.get("input")
    if kind == "json_invalid":
        return ProtocolError("bad-json", f"the input is not valid JSON ({first['msg']}).")
    if kind == "union_tag_not_found":
        return ProtocolError("bad-message", "a message is a JSON object with a 'type'.")
    if kind == "union_tag_invalid":
        tag = value.get("type") if isinstance(value, dict) else None
        return ProtocolError(
            "unknown-type",
            f"unknown message type {tag!r}; one of {', '.join(sorted(CLIENT_TYPES))}.",
        )
    if where == ["v"]:
        return ProtocolError(
            "bad-version", f"this server speaks protocol version 1; got {value!r}."
        )
    if not where and kind in ("model_type", "model_attributes_type", "dict_type"):
        return ProtocolError("bad-message", "the input must be a JSON object.")
    if kind == "missing":
        return ProtocolError("bad-message", f"{name!r} is missing.")
    if kind == "extra_forbidden":
        return ProtocolError("bad-message", f"{name!r} is not a field of this input.")
    if kind == "value_error":
        cause = first.get("ctx", {}).get("error")
        code = ("bad-stakes" if isinstance(cause, StakesError)
                else "bad-table" if isinstance(cause, HandSetupError) else "bad-message")
        return ProtocolError(code, f"{name!r}: {first['msg'].removeprefix('Value error, ')}")
    if kind == "string_pattern_mismatch" and first.get("ctx", {}).get("pattern") in _PATTERNS:
        pattern = first["ctx"]["pattern"]
        code = "bad-seed" if pattern == CLIENT_SEED else "bad-message"
        return ProtocolError(code, f"{name!r} {_PATTERNS[pattern]} (got {value!r}).")
    if kind in ("enum", "literal_error"):
        expected = first.get("ctx", {}).get("expected", "its allowed values")
        code = "unknown-game" if where == ["game"] else "bad-message"
        return ProtocolError(code, f"{name!r} must be {expected} (got {value!r}).")
    if kind == "string_pattern_mismatch" and where == ["name"]:
        return ProtocolError("bad-message", f"a name has {NAME_RULE}; got {value!r}.")
    what = _WORDS.get(kind)
    if what is not None:
        return ProtocolError("bad-message", f"{name!r} must be {what} (got {value!r}).")
    text = first["msg"][:1].lower() + first["msg"][1:]
    return ProtocolError("bad-message", f"{name!r}: {text} (got {value!r}).")


_TYPE_TAGS: Final = CLIENT_TYPES
_UNION_MEMBERS: Final = frozenset({"int", "str", "float", "bool", "none", "list", "dict"})
_PATTERNS: Final = {
    PLAIN: "is one line of plain text, without control characters or invisible direction marks",
    CLIENT_SEED: "is at most 64 printable ASCII characters",
    STAKES: "are written like '2/4', '2/4 ante 1' or 'entry 10'",
}
