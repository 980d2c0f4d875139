"""What the nodes of a room send each other over Redis: one schema per kind of envelope.

Every envelope is checked against its schema when it arrives (:func:`parse`), like a
client's message; a command's payload is one of the table's own message types
(:data:`PAYLOADS`), sent as its JSON and checked by its own schema on the table's node, so
that it reaches the table exactly as it would have on the socket's node (enums and all).
An error crosses with its code: the client hears ``forbidden`` from any node.

>>> from standpat.errors import ProtocolError
>>> failed = failure(ProtocolError("forbidden", "not yours."))
>>> error = error_of(failed)
>>> type(error).__name__, error.code, str(error)
('ProtocolError', 'forbidden', 'not yours.')
>>> parse(orjson.loads(dump(Msg(to="a1", conn=3, text="{}")))).conn
3
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from standpat import errors
from standpat.errors import ProtocolError, StandpatError
from standpat.server import schemas
from standpat.server.problems import error_code

__all__ = [
    "PAYLOADS",
    "Adopt",
    "Back",
    "Closed",
    "Cmd",
    "Envelope",
    "Failure",
    "Msg",
    "Owner",
    "Reply",
    "SessionEnd",
    "dump",
    "error_of",
    "failure",
    "pack",
    "parse",
    "unpack",
]

PAYLOADS: Final[dict[str, type[BaseModel]]] = {
    model.__name__: model for model in (
        schemas.Watch, schemas.Unwatch, schemas.Sit, schemas.Leave, schemas.Act,
        schemas.SitOutMessage, schemas.SitIn, schemas.Choose, schemas.AddChips,
        schemas.ClientSeedMessage, schemas.Chat, schemas.Wait, schemas.Unwait,
        schemas.SeatBot, schemas.SetChatMode,
    )
}
"""The payloads a table's command may carry to another node, by schema name."""
REASON: Final = "reason"
"""The payload name of an operator's reason for closing a table (plain text)."""


class _Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cmd(_Envelope):
    """A command for a table that ``sender``'s node does not run; ``corr`` when the sender
    waits for a :class:`Reply`."""

    op: Literal["cmd"] = "cmd"
    sender: str
    """The node that sends it (where a reply goes)."""
    instance: str
    """The sender's process: the connection ``conn`` is one of its own."""
    table: int
    kind: str
    account: int | None = None
    conn: int | None = None
    model: str | None = None
    """The payload's schema (a key of :data:`PAYLOADS`, or :data:`REASON`), or None."""
    payload: str | None = None
    """The payload's JSON."""
    corr: str | None = None


class Failure(_Envelope):
    """An error, as it crosses: its class, its protocol code and its message."""

    kind: str
    code: str
    message: str


class Reply(_Envelope):
    """The answer to a command or an adoption: its result, or its failure."""

    op: Literal["reply"] = "reply"
    corr: str
    result: Any = None
    error: Failure | None = None


class Msg(_Envelope):
    """A message for one connection of process ``to``, as the text built for it."""

    op: Literal["msg"] = "msg"
    to: str
    conn: int
    text: str


class Adopt(_Envelope):
    """Asks a node to run a new table (its reply: the table's lobby line, or None)."""

    op: Literal["adopt"] = "adopt"
    sender: str
    table: int
    corr: str


class Owner(_Envelope):
    """A table now runs on the node its lobby line names."""

    op: Literal["owner"] = "owner"
    table: int
    line: dict[str, Any]


class Closed(_Envelope):
    """A table closed."""

    op: Literal["closed"] = "closed"
    table: int


class SessionEnd(_Envelope):
    """A log-in session ended: its sockets close on every node."""

    op: Literal["session-end"] = "session-end"
    token: str


class Back(_Envelope):
    """Node ``node`` is subscribed again after a Redis outage: what the others sent it
    meanwhile was lost, their connections' watches of its tables included, so they watch
    its tables again (each then has its state afresh)."""

    op: Literal["back"] = "back"
    node: str


Envelope = Annotated[Cmd | Reply | Msg | Adopt | Owner | Closed | SessionEnd | Back,
                     Field(discriminator="op")]
"""Any envelope between nodes."""
_ENVELOPE: Final[TypeAdapter[Any]] = TypeAdapter(Envelope)


def parse(data: Any) -> Envelope:
    """An arrived envelope (decoded JSON) checked against its schema (ValidationError)."""
    return _ENVELOPE.validate_python(data)  # type: ignore[no-any-return]


def dump(envelope: BaseModel) -> bytes:
    """An envelope's JSON."""
    return envelope.__pydantic_serializer__.to_json(envelope)


def pack(payload: Any) -> tuple[str | None, str | None]:
    """A command's payload as (schema name, JSON)."""
    if payload is None:
        return None, None
    if isinstance(payload, str):
        return REASON, orjson.dumps(payload).decode()
    name = type(payload).__name__
    if PAYLOADS.get(name) is not type(payload):
        raise TypeError(f"a {name} cannot go to another node.")
    return name, payload.model_dump_json()


def unpack(model: str | None, payload: str | None) -> Any:
    """A command's payload from its schema name and JSON, checked by that schema
    (ValidationError, ProtocolError for an unknown schema)."""
    if model is None or payload is None:
        return None
    if model == REASON:
        return str(orjson.loads(payload))
    schema = PAYLOADS.get(model)
    if schema is None:
        raise ProtocolError("bad-message", f"a table takes no {model!r} payload.")
    return schema.model_validate_json(payload)


def failure(error: BaseException) -> Failure:
    """An error as it crosses to the node that waits for the answer."""
    if isinstance(error, StandpatError):
        return Failure(kind=type(error).__name__, code=error_code(error), message=str(error))
    return Failure(kind="StandpatError", code="internal", message="the server failed to do that.")


def error_of(failed: Failure) -> StandpatError:
    """The error to raise again on the waiting node: its own class where the room knows it
    (so it maps to the same HTTP status), else a ProtocolError with its code."""
    kind = getattr(errors, failed.kind, None)
    if (isinstance(kind, type) and issubclass(kind, StandpatError)
            and not issubclass(kind, ProtocolError)):
        try:
            error = kind(failed.message)
        except TypeError:
            pass
        else:
            if error_code(error) == failed.code:
                return error
    return ProtocolError(failed.code, failed.message)
