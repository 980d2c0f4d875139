"""One place that maps errors to protocol error codes and HTTP statuses."""

from __future__ import annotations

from typing import Any

from standpat.errors import (
    AccountError,
    FairnessError,
    HandSetupError,
    HistoryError,
    IllegalActionError,
    NameTakenError,
    NotFoundError,
    ProtocolError,
    StakesError,
    StandpatError,
    TableError,
    TournamentStateError,
    UnknownGameError,
)

__all__ = ["error_body", "error_code", "http_status"]

_CODES: tuple[tuple[type[Exception], str, int], ...] = (
    (ProtocolError, "bad-request", 400),
    (NotFoundError, "not-found", 404),
    (IllegalActionError, "illegal-action", 409),
    (UnknownGameError, "unknown-game", 400),
    (StakesError, "bad-stakes", 409),
    (HandSetupError, "bad-table", 409),
    (NameTakenError, "name-taken", 409),
    (AccountError, "account", 400),
    (FairnessError, "bad-seed", 400),
    (TableError, "table", 409),
    (TournamentStateError, "tournament", 409),
    (HistoryError, "bad-history", 422),
    (StandpatError, "error", 400),
)
"""Each error class's code and HTTP status, first match first.  400: the input is not of
the documented shape; 409: it is, and the room's or the table's rules refuse it (a name
taken, stakes or seats the game does not deal, a tournament closed or full); 422: an
uploaded hand history that does not read or replay."""


def error_code(error: Exception) -> str:
    """The protocol code of an error (``ProtocolError`` carries its own)."""
    if isinstance(error, ProtocolError):
        return error.code
    for kind, code, _ in _CODES:
        if isinstance(error, kind):
            return code
    return "internal"


_CODE_STATUS: dict[str, int] = {code: status for _, code, status in _CODES}
"""The status of each error class's code, also when a ProtocolError carries it (a schema
check that finds stakes or a table the rules refuse)."""

_PROTOCOL_STATUS: dict[str, int] = {
    "not-logged-in": 401,
    "wrong-login": 401,
    "forbidden": 403,
    "suspended": 403,
    "foreign-origin": 403,
    "not-found": 404,
    "no-table": 404,
    "too-slow": 408,
    "unfinished-hand": 409,
    "refill-refused": 409,
    "too-many": 409,
    "wrong-password": 403,
    "too-large": 413,
    "not-json": 415,
    "rate-limited": 429,
    "unavailable": 503,
}
"""HTTP statuses of the protocol's own error codes that are not 400 (the error classes'
codes have theirs in :data:`_CODES`)."""


def http_status(error: Exception) -> int:
    """The HTTP status for an error raised by a REST handler."""
    if isinstance(error, ProtocolError):
        return _PROTOCOL_STATUS.get(error.code) or _CODE_STATUS.get(error.code, 400)
    for kind, _, status in _CODES:
        if isinstance(error, kind):
            return status
    return 500


def error_body(code: str, message: str) -> dict[str, Any]:
    """The JSON body of an error, the same over REST and WebSocket."""
    return {"error": {"code": code, "message": message}}
