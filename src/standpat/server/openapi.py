"""The OpenAPI 3.1 document of the card room's REST API (served at ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["OPENAPI"]


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


_ERROR = _json(_ref("Error"), "An error: a code and a sentence.")


def _download(summary: str, media: str) -> dict[str, Any]:
    """A GET that answers a hand history file to save."""
    return {
        "get": {
            "summary": summary,
            "security": [{"session": []}],
            "parameters": [
                {"name": "hand_id", "in": "path", "required": True,
                 "schema": {"type": "integer"}}
            ],
            "responses": {
                "200": {
                    "description": "The file, sent as an attachment (Content-Disposition).",
                    "content": {media: {"schema": {"type": "string"}}},
                },
                "401": _ERROR,
                "404": _ERROR,
                "409": _json(_ref("Error"), "The hand is still running, or void "
                             "(code unfinished-hand)."),
            },
        }
    }
_CREDENTIALS = {
    "required": True,
    "content": {"application/json": {"schema": _ref("Credentials")}},
}

OPENAPI: Final[dict[str, Any]] = {
    "openapi": "3.1.0",
    "info": {
        "title": "standpat card room",
        "version": "1",
        "description": "Accounts, the lobby and hand histories. Play happens over the WebSocket "
        "at /ws (docs/protocol.md). Log-in sets an HttpOnly SameSite=Lax cookie "
        "'standpat_session'.",
    },
    "components": {
        "securitySchemes": {
            "session": {"type": "apiKey", "in": "cookie", "name": "standpat_session"}
        },
        "schemas": {
            "Error": {
                "type": "object",
                "required": ["error"],
                "properties": {
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
                    }
                },
            },
            "Credentials": {
                "type": "object",
                "required": ["name", "password"],
                "properties": {
                    "name": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,32}$"},
                    "password": {"type": "string", "minLength": 8},
                },
            },
            "Account": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "name": {"type": "string"},
                    "bankroll": {"type": "integer"},
                    "client_seed": {"type": "string"},
                },
            },
            "TableSpec": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "game": {
                        "type": "string",
                        "enum": [
                            "five-card-draw-7a",
                            "five-card-draw",
                            "seven-card-draw",
                            "deuce-to-seven-triple-draw",
                            "deuce-to-seven-single-draw",
                        ],
                    },
                    "structure": {
                        "type": "string",
                        "enum": ["fixed-limit", "pot-limit", "no-limit"],
                    },
                    "stakes": {"type": "string", "examples": ["2/4", "2/4 ante 1"]},
                    "seats": {"type": "integer", "minimum": 2, "maximum": 6},
                    "clock": {"type": "number", "minimum": 5, "maximum": 300},
                },
            },
            "Table": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "name": {"type": "string"},
                    "game": {"type": "string"},
                    "title": {"type": "string"},
                    "structure": {"type": "string"},
                    "stakes": {"type": "string"},
                    "seats": {"type": "integer"},
                    "taken": {"type": "integer"},
                    "players": {"type": "array", "items": {"type": "object"}},
                    "average_pot": {"type": ["number", "null"]},
                    "hands": {"type": "integer"},
                    "clock": {"type": "number"},
                    "anchor": {"type": "string", "description": "the seed chain's anchor (hex)"},
                    "buy_in": {"type": "object"},
                },
            },
            "HandLine": {
                "type": "object",
                "description": "One of my hands, summed up for a hand list.",
                "required": ["id", "table_id", "number", "status", "revealed", "game",
                             "structure", "stakes", "net", "winners", "ended_at"],
                "properties": {
                    "id": {"type": "integer"},
                    "table_id": {"type": "integer"},
                    "number": {"type": "integer", "description": "the hand's number at its table"},
                    "status": {"type": "string", "enum": ["running", "done", "void"]},
                    "revealed": {"type": "boolean", "description": "whether I may see its seed"},
                    "game": {"type": ["string", "null"]},
                    "structure": {"type": ["string", "null"]},
                    "stakes": {"type": ["string", "null"]},
                    "net": {
                        "type": ["integer", "null"],
                        "description": "my chips won (+) or lost (-); null unless done",
                    },
                    "winners": {
                        "type": "array",
                        "description": "who collected chips from the pot, and how many; "
                        "empty unless done",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "amount": {"type": "integer"},
                            },
                        },
                    },
                    "ended_at": {
                        "type": ["string", "null"],
                        "format": "date-time",
                        "description": "when it ended (UTC); null while running",
                    },
                },
            },
            "HandRecord": {
                "type": "object",
                "description": "A hand as the player saw it; 'seed' is null until revealed. "
                "Input of `standpat verify`.",
                "properties": {
                    "format": {"const": "standpat-hand/1"},
                    "hand": {"type": "integer"},
                    "number": {"type": "integer"},
                    "status": {"type": "string", "enum": ["running", "done", "void"]},
                    "commitment": {"type": "string"},
                    "anchor": {"type": "string"},
                    "seed": {"type": ["string", "null"]},
                    "client_seeds": {"type": "array", "items": {"type": "string"}},
                    "actions": {"type": "array", "items": {"type": "string"}},
                    "events": {"type": "array", "items": {"type": "object"}},
                },
            },
        },
    },
    "paths": {
        "/api/accounts": {
            "post": {
                "summary": "Register (and log in); a new account gets a play-money bankroll.",
                "requestBody": _CREDENTIALS,
                "responses": {"201": _json(_ref("Account"), "The new account."), "400": _ERROR},
            }
        },
        "/api/session": {
            "post": {
                "summary": "Log in.",
                "requestBody": _CREDENTIALS,
                "responses": {"200": _json(_ref("Account"), "Logged in."), "401": _ERROR},
            },
            "delete": {"summary": "Log out.", "responses": {"204": {"description": "Logged out."}}},
        },
        "/api/me": {
            "get": {
                "summary": "The logged-in account.",
                "security": [{"session": []}],
                "responses": {"200": _json(_ref("Account"), "The account."), "401": _ERROR},
            }
        },
        "/api/me/client-seed": {
            "put": {
                "summary": "Set the client seed mixed into the shuffle of hands dealt to me.",
                "security": [{"session": []}],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {"seed": {"type": "string", "maxLength": 64}},
                            }
                        }
                    },
                },
                "responses": {"200": _json({"type": "object"}, "Stored."), "400": _ERROR},
            }
        },
        "/api/me/ledger": {
            "get": {
                "summary": "My latest bankroll movements.",
                "security": [{"session": []}],
                "responses": {"200": _json({"type": "object"}, "Ledger rows, newest first.")},
            }
        },
        "/api/games": {
            "get": {
                "summary": "Games and betting structures.",
                "responses": {"200": _json({"type": "object"}, "Games and structures.")},
            }
        },
        "/api/tables": {
            "get": {
                "summary": "The lobby: every open table.",
                "responses": {
                    "200": _json(
                        {"type": "object", "properties": {
                            "tables": {"type": "array", "items": _ref("Table")}}},
                        "The tables.",
                    )
                },
            },
            "post": {
                "summary": "Open a table.",
                "security": [{"session": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("TableSpec")}},
                },
                "responses": {"201": _json(_ref("Table"), "The new table."), "400": _ERROR},
            },
        },
        "/api/tables/{table_id}": {
            "get": {
                "summary": "One table.",
                "parameters": [
                    {"name": "table_id", "in": "path", "required": True,
                     "schema": {"type": "integer"}}
                ],
                "responses": {"200": _json(_ref("Table"), "The table."), "404": _ERROR},
            }
        },
        "/api/tables/{table_id}/bots": {
            "post": {
                "summary": "Seat a bot at a table.",
                "security": [{"session": []}],
                "parameters": [
                    {"name": "table_id", "in": "path", "required": True,
                     "schema": {"type": "integer"}}
                ],
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "level": {"type": "string"},
                                    "seat": {"type": "integer"},
                                },
                            }
                        }
                    }
                },
                "responses": {"201": _json({"type": "object"}, "The bot's seat."), "409": _ERROR},
            }
        },
        "/api/hands": {
            "get": {
                "summary": "The hands I was dealt into, newest first, each summed up.",
                "security": [{"session": []}],
                "parameters": [
                    {"name": "table", "in": "query", "required": False,
                     "description": "Only the hands of this table.",
                     "schema": {"type": "integer", "minimum": 1}},
                    {"name": "limit", "in": "query", "required": False,
                     "description": "How many hands at most.",
                     "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
                ],
                "responses": {
                    "200": _json(
                        {"type": "object", "properties": {
                            "hands": {"type": "array", "items": _ref("HandLine")}}},
                        "My hands, newest first.",
                    ),
                    "400": _ERROR,
                    "401": _ERROR,
                },
            }
        },
        "/api/hands/{hand_id}": {
            "get": {
                "summary": "A hand I played, as I saw it (with its seed once revealed).",
                "security": [{"session": []}],
                "parameters": [
                    {"name": "hand_id", "in": "path", "required": True,
                     "schema": {"type": "integer"}}
                ],
                "responses": {"200": _json(_ref("HandRecord"), "The record."), "404": _ERROR},
            }
        },
        "/api/hands/{hand_id}/phh": _download(
            "A finished hand I played, as I saw it, as a PHH file (standpat-hand-ID.phh): "
            "opponents' cards are ?? unless shown at the showdown.",
            "application/toml",
        ),
        "/api/hands/{hand_id}/text": _download(
            "A finished hand I played, as I saw it, as a readable text history "
            "(standpat-hand-ID.txt): opponents' cards are ?? unless shown at the showdown.",
            "text/plain",
        ),
        "/api/health": {
            "get": {"summary": "Liveness.", "responses": {"200": {"description": "Up."}}}
        },
    },
}
"""The OpenAPI document."""
