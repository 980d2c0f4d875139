"""The REST API, declared once: every endpoint with its input and answer types.

The app builds its routes from :data:`ENDPOINTS` (so every body and query is
checked against the declared model) and ``/api/openapi.json`` is generated
from the same declarations and models, with the WebSocket's client messages
as ``ClientMessage``.

>>> doc = OPENAPI
>>> doc["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]
{'$ref': '#/components/schemas/TableSpec'}
>>> sorted(doc["components"]["schemas"]["ClientMessage"]["discriminator"]["mapping"])[:3]
['act', 'add-chips', 'chat']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from standpat.server import answers as a
from standpat.server.schemas import (
    MAX_ID,
    MAX_PHH_FILE,
    BotSpec,
    ClientMessage,
    ClientSeedBody,
    Credentials,
    HandsQuery,
    HistoryUpload,
    LedgerQuery,
    LobbyQuery,
    PasswordChange,
    Registration,
    SessionRef,
    ShareRef,
    StatsQuery,
    TableSpec,
    TournamentEntryBody,
)

__all__ = ["ENDPOINTS", "OPENAPI", "Endpoint"]

_REF = "#/components/schemas/{model}"


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One REST endpoint: how it is routed, what it takes and what it answers."""

    method: str
    path: str
    """The route, with Starlette's converters (``/api/hands/{hand_id:int}``)."""
    handler: str
    """The name of the app's handler function."""
    summary: str
    answer: type[BaseModel] | None
    """The model of a successful answer (None: no body, or a file)."""
    status: int = 200
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    session: bool = False
    """Whether it needs a logged-in session (401 without)."""
    named: type[BaseModel] | None = None
    """The model of its text path parameters (``{session_id}``), checked like a body."""
    errors: tuple[int, ...] = ()
    media: str = "application/json"
    links: tuple[tuple[str, str, str], ...] = ()
    """What its answer leads to: (operation id, parameter, where the answer holds it), as
    OpenAPI links (``GET /api/hands`` gives the ``hand_id`` of ``GET /api/hands/{hand_id}``)."""

    @property
    def changes(self) -> bool:
        """Whether the request changes state (CSRF checks apply)."""
        return self.method in ("POST", "PUT", "PATCH", "DELETE")

    @property
    def openapi_path(self) -> str:
        """The path as OpenAPI writes it (no converters)."""
        return re.sub(r"\{(\w+):\w+\}", r"{\1}", self.path)

    @property
    def path_ids(self) -> tuple[str, ...]:
        """Its whole-number path parameters (each an id from 1 to MAX_ID)."""
        return tuple(re.findall(r"\{(\w+):int\}", self.path))


_HAND = "/api/hands/{hand_id:int}"
_TOURNAMENT = "/api/tournaments/{tournament_id:int}"
ENDPOINTS: Final[tuple[Endpoint, ...]] = (
    Endpoint("POST", "/api/accounts", "register",
             "Register (and log in); a new account gets a play-money bankroll. A name taken "
             "(or too like one that is, or a bot's) is refused with 409 name-taken; an address "
             "opens a few accounts an hour (429).",
             a.Account, 201, body=Registration, errors=(400, 409, 429)),
    Endpoint("POST", "/api/session", "login", "Log in (refused, 403, to a suspended account).",
             a.Account, body=Credentials, errors=(400, 401, 403, 429)),
    Endpoint("GET", "/api/session", "session_state",
             "Who is logged in: the account, or null (a page asks this on load without a 401).",
             a.SessionState),
    Endpoint("DELETE", "/api/session", "logout",
             "Log out: ends this session and closes its WebSockets.", None, 204),
    Endpoint("GET", "/api/me", "me", "The logged-in account.", a.Account, session=True),
    Endpoint("PUT", "/api/me/client-seed", "set_seed",
             "Set the client seed mixed into the shuffle of hands dealt to me.",
             a.ClientSeedAnswer, body=ClientSeedBody, session=True, errors=(400,)),
    Endpoint("GET", "/api/me/ledger", "my_ledger",
             "My bankroll movements, newest first, a page at a time.", a.Ledger,
             query=LedgerQuery, session=True, errors=(400,)),
    Endpoint("PUT", "/api/me/password", "change_password",
             "Change my password; every other session of mine ends (its WebSockets close). "
             "A wrong current password is refused with 403 wrong-password.",
             a.PasswordChanged, body=PasswordChange, session=True, errors=(400, 403, 429)),
    Endpoint("GET", "/api/me/sessions", "my_sessions", "My live log-in sessions.",
             a.Sessions, session=True),
    Endpoint("DELETE", "/api/me/sessions/{session_id}", "end_my_session",
             "End one of my sessions (its WebSockets close).", None, 204,
             named=SessionRef, session=True, errors=(404,)),
    Endpoint("GET", "/api/me/refill", "get_refill",
             "The play-money refill rule and what it gives me now.", a.Refill, session=True),
    Endpoint("POST", "/api/me/refill", "refill",
             "Refill my play-money bankroll, as the refill rule allows (409 refill-refused "
             "when it allows none now).", a.Refill, session=True, errors=(409,)),
    Endpoint("GET", "/api/me/stats", "my_stats",
             "My statistics (net, bb/100, VPIP, PFR, draws, showdowns), by game and over "
             "time, added up in the database.", a.Stats, query=StatsQuery, session=True,
             errors=(400,)),
    Endpoint("GET", "/api/me/stats/csv", "my_stats_csv",
             "My statistics as a CSV file (standpat-stats.csv): all, then by game.", None,
             query=StatsQuery, session=True, errors=(400,), media="text/csv"),
    Endpoint("GET", "/api/games", "games", "Games and betting structures.", a.Games),
    Endpoint("GET", "/api/tables", "list_tables",
             "The lobby: the open tables, filtered and sorted as the query asks.", a.Lobby,
             query=LobbyQuery, errors=(400,)),
    Endpoint("POST", "/api/tables", "create_table",
             "Open a table. A player may have a few open at once, an address a few more, the "
             "room a bounded number (409 too-many); stakes or seats the game does not take are "
             "refused with 409 (bad-stakes, bad-table).",
             a.TableLine, 201, body=TableSpec, session=True, errors=(400, 409),
             links=(("get_table", "table_id", "$response.body#/id"),
                    ("seat_bot", "table_id", "$response.body#/id"))),
    Endpoint("GET", "/api/tables/{table_id:int}", "get_table", "One table.", a.TableLine,
             errors=(404,)),
    Endpoint("POST", "/api/tables/{table_id:int}/bots", "seat_bot",
             "Seat a bot at a table I opened (or any table, for an operator); the bots at the "
             "tables one address opened, and in the room, are bounded (409 too-many).",
             a.SeatAnswer, 201, body=BotSpec, session=True, errors=(400, 403, 404, 409)),
    Endpoint("GET", "/api/hands", "my_hands",
             "The hands I was dealt into, newest first, each summed up.", a.HandList,
             query=HandsQuery, session=True, errors=(400,),
             links=tuple((handler, "hand_id", "$response.body#/hands/0/id") for handler in (
                 "get_hand", "get_hand_phh", "get_hand_text", "get_hand_json", "share_hand"))),
    Endpoint("GET", _HAND, "get_hand",
             "A hand I played, as I saw it (with its seed once revealed).", a.HandRecord,
             session=True, errors=(404,)),
    Endpoint("GET", _HAND + "/phh", "get_hand_phh",
             "A finished poker hand I played, as I saw it, as a PHH file (standpat-hand-ID.phh): "
             "opponents' cards are ?? unless shown at the showdown. A pinochle game has none "
             "(400 no-phh): download its JSON.", None,
             session=True, errors=(400, 404, 409), media="application/toml"),
    Endpoint("GET", _HAND + "/text", "get_hand_text",
             "A finished poker hand I played, as I saw it, as a readable text history "
             "(standpat-hand-ID.txt): opponents' cards are ?? unless shown at the showdown. A "
             "pinochle game has none (400 no-phh).",
             None, session=True, errors=(400, 404, 409), media="text/plain"),
    Endpoint("GET", _HAND + "/json", "get_hand_json",
             "A finished hand (or pinochle game) I played, as I saw it, as its JSON record "
             "(the answer of GET /api/hands/{id}) in a file (standpat-hand-ID.json); the only "
             "history of a pinochle game (docs/protocol.md).",
             a.HandRecord, session=True, errors=(404, 409)),
    Endpoint("POST", _HAND + "/share", "share_hand",
             "Make a link to a finished hand I played: whoever opens it sees the hand as I "
             "saw it (never its seed).", a.ShareLink, 201, session=True, errors=(404, 409),
             links=(("get_shared", "token", "$response.body#/token"),)),
    Endpoint("GET", "/api/shared/{token}", "get_shared",
             "A shared hand, as its sharer saw it at the table (seed null, other players' "
             "discards counted, not named).", a.HandRecord, named=ShareRef, errors=(404,)),
    Endpoint("POST", "/api/replays/phh", "replay_file",
             "Replay one hand of a hand-history file I upload (PHH, or readable text), for "
             "the replayer: the cards as the file gives them. 422 bad-history with the reader's "
             "message when the hand does not read or does not replay; 413 over "
             f"{MAX_PHH_FILE} bytes.", a.FileHand, body=HistoryUpload, session=True,
             errors=(400, 413, 422)),
    Endpoint("GET", "/api/tournaments", "list_tournaments",
             "The tournaments registering or running: sit-and-gos first, then by start time.",
             a.TournamentList,
             links=tuple((handler, "tournament_id", "$response.body#/tournaments/0/id")
                         for handler in ("get_tournament", "register_tournament",
                                         "unregister_tournament"))),
    Endpoint("GET", _TOURNAMENT, "get_tournament",
             "One tournament: its line, its blind levels and its entries (names, status, "
             "place, prize).", a.TournamentDetail, errors=(404,)),
    Endpoint("POST", _TOURNAMENT + "/register", "register_tournament",
             "Register for a tournament: its buy-in goes from my bankroll to the prize pool "
             "and its fee to the house, in one movement. Refused with 409 tournament when "
             "registration is closed, the field is full or I am registered already; with "
             "400 account when my bankroll is short of buy-in + fee.",
             a.TournamentEntryAnswer, 201, body=TournamentEntryBody, session=True,
             errors=(400, 403, 404, 409),
             links=tuple((handler, "tournament_id", "$request.path.tournament_id")
                         for handler in ("get_tournament", "unregister_tournament"))),
    Endpoint("POST", _TOURNAMENT + "/unregister", "unregister_tournament",
             "Take my entry back before the start: buy-in and fee return to my bankroll. "
             "Refused with 409 tournament once it started or when I am not registered.",
             a.TournamentEntryAnswer, body=TournamentEntryBody, session=True,
             errors=(404, 409)),
    Endpoint("GET", "/api/health", "health", "Liveness.", a.Health),
)
"""Every REST endpoint of the room (``/api/openapi.json`` itself aside)."""

_ERROR_TEXT: Final = {
    400: "The input is not of the documented shape (bad JSON, a field missing or mistyped, "
         "out of range).",
    401: "Not logged in, or a wrong name or password.",
    403: "Not allowed to this account.",
    404: "No such table, hand (of yours) or tournament.",
    409: "Of the documented shape, and refused by the room's or the table's rules.",
    413: "The body is too large.",
    415: "The body is not JSON.",
    422: "The uploaded hand history does not read or does not replay.",
    429: "Too many requests: wait a little.",
    503: "The room cannot answer now (a service it needs is down): try again after the "
         "Retry-After header's seconds.",
}


def _document() -> dict[str, Any]:
    models: list[type[BaseModel]] = [a.ErrorAnswer]
    for endpoint in ENDPOINTS:
        for model in (endpoint.answer, endpoint.body):
            if model is not None and model not in models:
                models.append(model)
    _, defs = models_json_schema([(m, "validation") for m in models], ref_template=_REF)
    schemas: dict[str, Any] = dict(defs["$defs"])
    message = TypeAdapter(ClientMessage).json_schema(ref_template=_REF)
    schemas.update(message.pop("$defs", {}))
    message["description"] = (
        "Any message a client sends over the WebSocket at /ws (docs/protocol.md)."
    )
    schemas["ClientMessage"] = message
    paths: dict[str, dict[str, Any]] = {}
    for endpoint in ENDPOINTS:
        paths.setdefault(endpoint.openapi_path, {})[endpoint.method.lower()] = _operation(
            endpoint
        )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "standpat card room",
            "version": "1",
            "description": "Accounts, the lobby, tournaments and hand histories. Play happens "
            "over the WebSocket at /ws (docs/protocol.md; its messages are ClientMessage). "
            "Log-in sets an HttpOnly SameSite=Lax cookie 'standpat_session'. Requests that "
            "change something send JSON (Content-Type: application/json) and, from a "
            "browser, come from the room's own origin.",
        },
        "components": {
            "securitySchemes": {
                "session": {"type": "apiKey", "in": "cookie", "name": "standpat_session"}
            },
            "schemas": schemas,
        },
        "paths": paths,
    }


def _operation(endpoint: Endpoint) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": "Done."}
    if endpoint.answer is not None:
        ok["content"] = {
            "application/json": {"schema": {"$ref": _REF.format(model=endpoint.answer.__name__)}}
        }
    elif endpoint.media != "application/json":
        ok["description"] = "The file, sent as an attachment (Content-Disposition)."
        ok["content"] = {endpoint.media: {"schema": {"type": "string"}}}
    error = {"application/json": {"schema": {"$ref": _REF.format(model="ErrorAnswer")}}}
    statuses = set(endpoint.errors) | {429, 503}
    if endpoint.session:
        statuses.add(401)
    if endpoint.body is not None:
        statuses |= {400, 413, 415}
    if endpoint.path_ids or endpoint.named is not None:
        statuses.add(404)
    if endpoint.links:
        ok["links"] = {
            f"{handler}.{parameter}": {"operationId": handler, "parameters": {parameter: where}}
            for handler, parameter, where in endpoint.links
        }
    responses: dict[str, Any] = {str(endpoint.status): ok}
    for status in sorted(statuses):
        responses[str(status)] = {"description": _ERROR_TEXT[status], "content": error}
    operation: dict[str, Any] = {
        "summary": endpoint.summary,
        "operationId": endpoint.handler,
        "responses": responses,
    }
    if endpoint.session:
        operation["security"] = [{"session": []}]
    parameters = [
        {"name": name, "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}}
        for name in endpoint.path_ids
    ]
    if endpoint.named is not None:
        for name, prop in endpoint.named.model_json_schema()["properties"].items():
            prop = {k: v for k, v in prop.items() if k != "title"}
            parameters.append({"name": name, "in": "path", "required": True, "schema": prop})
    if endpoint.query is not None:
        schema = endpoint.query.model_json_schema()
        for name, prop in schema["properties"].items():
            prop = {k: v for k, v in prop.items() if k != "title"}
            if "anyOf" in prop:  # an optional whole number: the query text is one or absent
                prop = next(p for p in prop["anyOf"] if p.get("type") != "null")
            parameters.append({"name": name, "in": "query", "required": False, "schema": prop})
    if parameters:
        operation["parameters"] = parameters
    if endpoint.body is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"$ref": _REF.format(model=endpoint.body.__name__)}
                }
            },
        }
    return operation


OPENAPI: Final[dict[str, Any]] = _document()
"""The OpenAPI document of the REST API."""
