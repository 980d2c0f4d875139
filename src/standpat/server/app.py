"""The card room's ASGI app: accounts and lobby over REST, play over one WebSocket.

>>> from standpat.server.app import create_app
>>> from standpat.server.config import ServerConfig
>>> app = create_app(ServerConfig(db="sqlite://"))
>>> sorted(r.path for r in app.routes if hasattr(r, "path"))[:3]
['/', '/api/accounts', '/api/games']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from standpat.engine import GAMES, Structure
from standpat.errors import AccountError, ProtocolError, StandpatError, TableError
from standpat.fairness import check_client_seed
from standpat.server.config import ServerConfig
from standpat.server.downloads import phh_text, readable_text
from standpat.server.host import BotFactory, Command, TableHost
from standpat.server.openapi import OPENAPI
from standpat.server.problems import error_body, error_code, http_status
from standpat.server.ratelimit import KeyedLimiter
from standpat.server.record import hand_line, player_record
from standpat.server.room import LocalHost
from standpat.server.seatbots import bot_factory
from standpat.server.ws import serve_socket
from standpat.store import Account, Store, user_wallet

__all__ = ["COOKIE", "create_app", "hand_for", "open_demo_tables", "own_hand"]

COOKIE = "standpat_session"
"""Name of the HttpOnly session cookie."""
log = logging.getLogger("standpat.server")
WEB_DIR = Path(__file__).with_name("web")
"""The browser client: index.html and its scripts, styles and message catalogues."""

Handler = Callable[[Request], Awaitable[Response]]


def create_app(
    config: ServerConfig | None = None,
    *,
    store: Store | None = None,
    host: TableHost | None = None,
    bots: BotFactory | None = None,
) -> Starlette:
    """Build the app; the lifespan opens the database and starts the tables."""
    config = config or ServerConfig()
    the_store = store or Store(config.db)
    the_host: TableHost = host or LocalHost(the_store, config, bots or bot_factory)
    limiter = KeyedLimiter(config.login_rate, 10)
    web = Path(config.static_dir) if config.static_dir else WEB_DIR

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        warm_up()
        await the_host.start()
        if config.demo_tables and not the_host.table_ids():
            await open_demo_tables(the_host, config.demo_tables, config.demo_bot)
        try:
            yield
        finally:
            await the_host.stop()
            if store is None:
                the_store.close()

    def current(conn: HTTPConnection) -> Account | None:
        token = conn.cookies.get(COOKIE)
        return None if not token else the_store.session_account(token)

    def need_account(request: Request) -> Account:
        account = current(request)
        if account is None:
            raise ProtocolError("not-logged-in", "log in first.")
        return account

    def guarded(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except StandpatError as error:
                return JSONResponse(
                    error_body(error_code(error), str(error)), status_code=_status(error)
                )

        run.__name__ = handler.__name__
        run.__doc__ = handler.__doc__
        return run

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > config.max_message:
            raise ProtocolError(
                "too-large", f"a request body has at most {config.max_message} bytes."
            )
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise ProtocolError("bad-json", "the request body is not valid JSON.") from None
        if not isinstance(data, dict):
            raise ProtocolError("bad-message", "the request body is a JSON object.")
        return data

    def limited(request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not limiter.take(address):
            raise ProtocolError("rate-limited", "too many attempts; wait a little.")

    def logged_in(account: Account, status: int = 200) -> Response:
        token = the_store.new_session(account.id)
        response = JSONResponse(_account_json(the_store, account), status_code=status)
        response.set_cookie(
            COOKIE,
            token,
            max_age=14 * 24 * 3600,
            httponly=True,
            samesite="lax",
            secure=config.secure_cookies,
            path="/",
        )
        return response

    async def register(request: Request) -> Response:
        """POST /api/accounts: create an account and log in."""
        limited(request)
        data = await body(request)
        # argon2 takes a while on purpose: hash in a thread so the tables keep playing
        account = await asyncio.to_thread(
            the_store.create_account,
            str(data.get("name", "")),
            str(data.get("password", "")),
            grant=config.starting_bankroll,
        )
        return logged_in(account, 201)

    async def login(request: Request) -> Response:
        """POST /api/session: log in."""
        limited(request)
        data = await body(request)
        account = await asyncio.to_thread(
            the_store.authenticate, str(data.get("name", "")), str(data.get("password", ""))
        )
        return logged_in(account)

    async def logout(request: Request) -> Response:
        """DELETE /api/session: log out."""
        token = request.cookies.get(COOKIE)
        if token:
            the_store.end_session(token)
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, path="/")
        return response

    async def me(request: Request) -> Response:
        """GET /api/me: the logged-in account and its bankroll."""
        return JSONResponse(_account_json(the_store, need_account(request)))

    async def set_seed(request: Request) -> Response:
        """PUT /api/me/client-seed: the seed mixed into the hands dealt to me."""
        account = need_account(request)
        seed = check_client_seed(str((await body(request)).get("seed", "")))
        the_store.set_client_seed(account.id, seed)
        return JSONResponse({"client_seed": seed})

    async def my_ledger(request: Request) -> Response:
        """GET /api/me/ledger: my latest bankroll movements."""
        account = need_account(request)
        return JSONResponse({"rows": the_store.ledger_rows(user_wallet(account.id))})

    async def list_tables(request: Request) -> Response:
        """GET /api/tables: the lobby."""
        return JSONResponse({"tables": [the_host.summary(t) for t in the_host.table_ids()]})

    async def games(request: Request) -> Response:
        """GET /api/games: games and structures a table may deal."""
        return JSONResponse(
            {
                "games": [
                    {"name": g.name.value, "title": g.title, "min": g.min_players,
                     "max": g.max_players}
                    for g in GAMES.values()
                ],
                "structures": [s.value for s in Structure],
            }
        )

    async def create_table(request: Request) -> Response:
        """POST /api/tables: open a table."""
        need_account(request)
        table_id = await the_host.open_table(await body(request))
        return JSONResponse(the_host.summary(table_id), status_code=201)

    async def get_table(request: Request) -> Response:
        """GET /api/tables/{id}: one table's lobby line."""
        return JSONResponse(the_host.summary(request.path_params["table_id"]))

    async def seat_bot(request: Request) -> Response:
        """POST /api/tables/{id}/bots: seat a bot."""
        need_account(request)
        data = await body(request)
        table_id = request.path_params["table_id"]
        seat = await the_host.ask(
            table_id,
            Command(
                "seat-bot", data={"level": data.get("level", "normal"), "seat": data.get("seat")}
            ),
        )
        return JSONResponse({"table": table_id, "seat": seat}, status_code=201)

    async def my_hands(request: Request) -> Response:
        """GET /api/hands?table=&limit=: the hands I was dealt into, newest first, summed up."""
        account = need_account(request)
        query = request.query_params
        table_id = _query_int(query, "table", None, 1, 2**31 - 1)
        limit = _query_int(query, "limit", 50, 1, 200)
        assert limit is not None
        rows = the_store.hands_of(account.id, limit, table_id=table_id)
        return JSONResponse({"hands": [hand_line(row, account.id) for row in rows]})

    async def get_hand(request: Request) -> Response:
        """GET /api/hands/{id}: a hand I played, as I may see it, with its seed once revealed."""
        account = need_account(request)
        return JSONResponse(hand_for(the_store, request.path_params["hand_id"], account.id))

    def download(kind: str) -> Handler:
        write, media, suffix = {
            "phh": (phh_text, "application/toml; charset=utf-8", "phh"),
            "text": (readable_text, "text/plain; charset=utf-8", "txt"),
        }[kind]

        async def get_file(request: Request) -> Response:
            account = need_account(request)
            hand_id = request.path_params["hand_id"]
            stored = own_hand(the_store, hand_id, account.id)
            table = the_store.table(stored["table_id"])
            body = write(stored, account.id, table=table.name, seat_count=table.seats)
            return Response(
                body,
                media_type=media,
                headers={
                    "Content-Disposition":
                        f'attachment; filename="standpat-hand-{hand_id}.{suffix}"',
                },
            )

        get_file.__doc__ = f"GET /api/hands/{{id}}/{kind}: a hand I played, as a .{suffix} file."
        get_file.__name__ = f"get_hand_{kind}"
        return get_file

    async def openapi(request: Request) -> Response:
        """GET /api/openapi.json: this API's OpenAPI document."""
        return JSONResponse(OPENAPI)

    async def health(request: Request) -> Response:
        """GET /api/health: liveness."""
        return JSONResponse({"ok": True, "tables": len(the_host.table_ids())})

    async def page(request: Request) -> Response:
        """The browser client's one page (lobby, log-in and table views)."""
        return FileResponse(web / "index.html", headers={"Cache-Control": "no-cache"})

    async def websocket(socket: WebSocket) -> None:
        origin = socket.headers.get("origin")
        if origin and not _same_origin(origin, socket.headers.get("host", "")):
            await socket.close(code=1008)
            return
        await serve_socket(socket, the_host, the_store, config, current(socket))

    routes: list[BaseRoute] = [
        Route("/api/accounts", guarded(register), methods=["POST"]),
        Route("/api/session", guarded(login), methods=["POST"]),
        Route("/api/session", guarded(logout), methods=["DELETE"]),
        Route("/api/me", guarded(me), methods=["GET"]),
        Route("/api/me/client-seed", guarded(set_seed), methods=["PUT"]),
        Route("/api/me/ledger", guarded(my_ledger), methods=["GET"]),
        Route("/api/games", guarded(games), methods=["GET"]),
        Route("/api/tables", guarded(list_tables), methods=["GET"]),
        Route("/api/tables", guarded(create_table), methods=["POST"]),
        Route("/api/tables/{table_id:int}", guarded(get_table), methods=["GET"]),
        Route("/api/tables/{table_id:int}/bots", guarded(seat_bot), methods=["POST"]),
        Route("/api/hands", guarded(my_hands), methods=["GET"]),
        Route("/api/hands/{hand_id:int}", guarded(get_hand), methods=["GET"]),
        Route("/api/hands/{hand_id:int}/phh", guarded(download("phh")), methods=["GET"]),
        Route("/api/hands/{hand_id:int}/text", guarded(download("text")), methods=["GET"]),
        Route("/api/openapi.json", openapi, methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        WebSocketRoute("/ws", websocket),
    ]
    routes += [
        Route("/", page, methods=["GET"]),
        Route("/login", page, methods=["GET"]),
        Route("/tables/{table_id:int}", page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=web), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = the_store
    app.state.host = the_host
    return app


def warm_up() -> None:
    """Build every ranking's lookup tables now, not in the middle of a table's first hand."""
    from standpat.ranking import RankingName, get_ranking

    for name in RankingName:
        for cards in (5, 7):
            get_ranking(name).scorer(cards)


def _status(error: Exception) -> int:
    if isinstance(error, ProtocolError):
        return {
            "not-logged-in": 401, "rate-limited": 429, "too-large": 413, "unfinished-hand": 409,
        }.get(error.code, 400)
    if isinstance(error, AccountError) and "wrong name or password" in str(error):
        return 401
    if isinstance(error, TableError) and str(error).startswith("there is no"):
        return 404
    return http_status(error)


def _account_json(store: Store, account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "name": account.name,
        "bankroll": store.balance(user_wallet(account.id)),
        "client_seed": store.account(account.id).client_seed,
    }


def _same_origin(origin: str, host: str) -> bool:
    return origin.split("://", 1)[-1].rstrip("/") == host


def own_hand(store: Store, hand_id: int, account_id: int) -> dict[str, Any]:
    """A stored hand (every card in it) that the player was dealt into; else a 404's error."""
    stored = store.hand(hand_id)
    if account_id not in stored["players"]:
        raise TableError(f"there is no hand {hand_id} of yours.")
    return stored


def hand_for(store: Store, hand_id: int, account_id: int) -> dict[str, Any]:
    """A stored hand as one player may see it; its seed only once revealed to him."""
    stored = own_hand(store, hand_id, account_id)
    return player_record(stored, account_id, revealed=stored["players"][account_id])


def _query_int(
    query: Mapping[str, str], name: str, default: int | None, low: int, high: int
) -> int | None:
    """A whole-number query parameter from ``low`` to ``high``; a bad one is a 400."""
    text = query.get(name)
    if text is None:
        return default
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ProtocolError(
            "bad-query", f"{name} must be a whole number from {low} to {high}, not {text!r}."
        )
    return int(text)


async def open_demo_tables(host: TableHost, count: int, level: str = "normal") -> None:
    """Open ``count`` bot-filled tables of different games (three bots each, one seat free)."""
    specs = [
        {"game": "five-card-draw-7a", "structure": "fixed-limit", "stakes": "2/4", "seats": 4},
        {"game": "deuce-to-seven-triple-draw", "structure": "fixed-limit", "stakes": "2/4",
         "seats": 4},
        {"game": "five-card-draw", "structure": "no-limit", "stakes": "1/2", "seats": 4},
        {"game": "seven-card-draw", "structure": "pot-limit", "stakes": "2/4", "seats": 4},
        {"game": "deuce-to-seven-single-draw", "structure": "no-limit", "stakes": "2/4",
         "seats": 4},
    ]
    for i in range(count):
        table_id = await host.open_table(specs[i % len(specs)])
        for _ in range(3):
            await host.ask(table_id, Command("seat-bot", data={"level": level}))
