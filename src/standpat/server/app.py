"""The card room's ASGI app: accounts and lobby over REST, play over one WebSocket.

>>> from standpat.server.app import create_app
>>> from standpat.server.config import ServerConfig
>>> app = create_app(ServerConfig(db="sqlite://"))
>>> sorted(r.path for r in app.routes if getattr(r, "path", "").startswith("/api"))[:3]
['/api/accounts', '/api/games', '/api/hands']
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from redis.exceptions import RedisError
from sqlalchemy.exc import OperationalError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from standpat.errors import ProtocolError
from standpat.server.api import RestApi, hand_for, own_hand, unavailable_response
from standpat.server.bodies import BodyLimit
from standpat.server.config import ServerConfig
from standpat.server.host import BotFactory, Command, TableHost
from standpat.server.metrics import CONTENT_TYPE, exposition
from standpat.server.openapi import ENDPOINTS, OPENAPI, Endpoint
from standpat.server.orders import OrderDesk
from standpat.server.origins import check_origin
from standpat.server.problems import error_body
from standpat.server.room import LocalHost
from standpat.server.schemas import MAX_PHH_FILE, SeatBot, TableSpec
from standpat.server.sessions import COOKIE, SessionSockets
from standpat.server.throttle import Throttle
from standpat.server.tournament_recurring import RecurringSitAndGos, load_sit_and_gos
from standpat.server.tournament_service import TournamentService
from standpat.server.ws import serve_socket
from standpat.store import Store, token_hash
from standpat.store.operator import reserve_operators

__all__ = ["COOKIE", "create_app", "hand_for", "open_demo_tables", "own_hand"]

log = logging.getLogger("standpat.server")
WEB_DIR = Path(__file__).with_name("web")
"""The browser client: index.html and its scripts, styles and message catalogues."""
PAGES = ("/account", "/stats", "/replay", "/tournaments")
"""Paths of the client's other views, served the same page (its script draws them)."""
UPLOAD_BODY = 2 * MAX_PHH_FILE + 1024
"""The body limit of POST /api/replays/phh: a file of MAX_PHH_FILE bytes, written in JSON
(its newlines and quotes escaped); the handler checks the file's own size."""
FOREIGN_ORIGIN = 1008
"""The WebSocket close code of a handshake from another site (policy violation)."""


def create_app(
    config: ServerConfig | None = None,
    *,
    store: Store | None = None,
    host: TableHost | None = None,
    bots: BotFactory | None = None,
) -> Starlette:
    """Build the app; the lifespan opens the database and starts the tables.
    TournamentError for a file of recurring sit-and-gos that makes no sense."""
    config = config or ServerConfig()
    sit_and_gos = load_sit_and_gos(config.tournaments)  # before the database: refused first
    the_store = store or Store(config.db)
    for name in reserve_operators(the_store, config.operators, config.starting_bankroll):
        log.warning("operator account %r reserved; give it a password with 'standpat admin "
                    "password %s'", name, name)
    sockets = SessionSockets()
    the_host: TableHost
    tournaments = None
    if host is not None:
        the_host = host
    elif config.redis is not None:  # one node of a room of several
        from standpat.server.cluster.host import ClusterHost

        cluster = ClusterHost(the_store, config, bots)
        the_host, sockets = cluster, cluster.sockets
        # each tournament is run whole by the node that holds its lease
        tournaments = cluster.tournaments = TournamentService(
            the_store, cluster.local, placement=cluster)
    else:
        the_host = LocalHost(the_store, config, bots)
    throttle = Throttle(config)
    api = RestApi(the_store, the_host, config, throttle, sockets)
    if isinstance(the_host, LocalHost):  # a room of one node deals its tournaments
        tournaments = TournamentService(the_store, the_host)
    if tournaments is not None and sit_and_gos:
        tournaments.recurring = RecurringSitAndGos(the_store, sit_and_gos)
    api.tournaments = tournaments
    web = Path(config.static_dir) if config.static_dir else WEB_DIR

    desk = OrderDesk(the_store, the_host, sockets, config.orders_every)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        warm_up()
        if tournaments is not None:
            await tournaments.load()  # before the tables: they link to their tournaments
        await the_host.start()
        if tournaments is not None:
            await tournaments.start()
        if config.demo_tables and not the_host.table_ids():
            await open_demo_tables(the_host, config.demo_tables, config.demo_bot)
        desk.start()
        try:
            yield
        finally:
            await desk.stop()
            if tournaments is not None:
                await tournaments.stop()
            await the_host.stop()
            await throttle.close()
            if store is None:
                the_store.close()

    async def openapi(request: Request) -> Response:
        """GET /api/openapi.json: this API's OpenAPI document."""
        return JSONResponse(OPENAPI)

    async def docs(request: Request) -> Response:
        """GET /docs: a page listing the API, read from /api/openapi.json."""
        return FileResponse(web / "docs.html", headers={"Cache-Control": "no-cache"})

    async def page(request: Request) -> Response:
        """The browser client's one page (lobby, log-in and table views)."""
        return FileResponse(web / "index.html", headers={"Cache-Control": "no-cache"})

    async def websocket(socket: WebSocket) -> None:
        try:
            check_origin(socket.headers, socket.url.scheme, socket.headers.get("host", ""),
                         config.origins)
        except ProtocolError as error:
            await socket.close(code=FOREIGN_ORIGIN, reason=str(error)[:120])
            return
        token = socket.cookies.get(COOKIE)
        account = await api.current(socket)
        await serve_socket(socket, the_host, api, config, throttle, account,
                           session=(token_hash(token), sockets) if account and token else None)

    async def metrics(request: Request) -> Response:
        """GET /metrics: this node's counters and tables, in Prometheus's text format."""
        return Response(exposition(the_host), media_type=CONTENT_TYPE)

    paths: dict[str, list[Endpoint]] = {}
    for endpoint in ENDPOINTS:
        paths.setdefault(endpoint.path, []).append(endpoint)
    # one route a path, with every method of it: a 405's Allow names them all
    routes: list[BaseRoute] = [
        Route(path, _by_method({e.method: api.route(e) for e in endpoints}),
              methods=[e.method for e in endpoints],
              name="+".join(e.handler for e in endpoints))
        for path, endpoints in paths.items()
    ]
    routes += [
        Route("/api/openapi.json", openapi, methods=["GET"]),
        WebSocketRoute("/ws", websocket),
        Route("/", page, methods=["GET"]),
        Route("/login", page, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
        *(Route(p, page, methods=["GET"]) for p in PAGES),
        Route("/replay/{hand_id:int}", page, methods=["GET"]),
        Route("/shared/{token}", page, methods=["GET"]),
        Route("/tables/{table_id:int}", page, methods=["GET"]),
        Route("/tournaments/{tournament_id:int}", page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=web), name="static"),
        Route("/metrics", metrics, methods=["GET"]),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(BodyLimit, limit=config.max_message, timeout=config.header_timeout,
                       wider={"/api/replays/phh": UPLOAD_BODY})
        ],
        exception_handlers={HTTPException: _http_error, OperationalError: _unavailable,
                            RedisError: _unavailable, ConnectionError: _unavailable,
                            Exception: _server_error},
    )
    app.state.store = the_store
    app.state.web = web
    app.state.host = the_host
    app.state.orders = desk
    return app


def _by_method(
    handlers: dict[str, Callable[[Request], Awaitable[Response]]],
) -> Callable[[Request], Awaitable[Response]]:
    """One path's handler: each method's own (HEAD is GET's; the route refuses the rest)."""

    async def dispatch(request: Request) -> Response:
        return await handlers["GET" if request.method == "HEAD" else request.method](request)

    dispatch.__doc__ = " ".join(filter(None, (h.__doc__ for h in handlers.values())))
    return dispatch


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such path, wrong method) in the room's error shape; a
    browser asking for a page that does not exist gets the client's page (which says so),
    with the status 404, rather than JSON."""
    assert isinstance(error, HTTPException)
    path = request.url.path
    if (error.status_code == 404 and request.method == "GET"
            and "text/html" in request.headers.get("accept", "")
            and not path.startswith(("/api/", "/static/", "/ws", "/metrics"))):
        web = getattr(request.app.state, "web", WEB_DIR)
        return FileResponse(web / "index.html", status_code=404,
                            headers={"Cache-Control": "no-cache"})
    code = {404: "not-found", 405: "bad-method"}.get(error.status_code, "bad-request")
    text = {404: f"there is nothing at {request.url.path}.",
            405: f"{request.url.path} does not take {request.method}."}.get(
        error.status_code, str(error.detail))
    return JSONResponse(error_body(code, text), status_code=error.status_code,
                        headers=error.headers)


async def _unavailable(request: Request, error: Exception) -> Response:
    """A service the room needs is out of reach (the database, or a room's Redis, restarting):
    a 503 with ``Retry-After``, not a failure of the room."""
    log.warning("%s %s: a service the room needs is out of reach (%s: %s)", request.method,
                request.url.path, type(error).__name__, error)
    return unavailable_response()


async def _server_error(request: Request, error: Exception) -> Response:
    """A failure of the room itself: logged, and answered in the room's error shape."""
    log.exception("%s %s failed", request.method, request.url.path, exc_info=error)
    return JSONResponse(error_body("internal", "the server failed to do that."), status_code=500)


def warm_up() -> None:
    """Build every ranking's lookup tables now, not in the middle of a table's first hand."""
    from standpat.ranking import RankingName, get_ranking

    for name in RankingName:
        ranking = get_ranking(name)
        for cards in {min(ranking.sizes), max(ranking.sizes)}:
            ranking.scorer(cards)


async def open_demo_tables(host: TableHost, count: int, level: str = "normal") -> None:
    """Open ``count`` bot-filled tables of different games (three bots each, one seat free).

    They are the room's own tables (no owner): they never close for being idle.
    """
    specs = [
        TableSpec.model_validate_json(spec) for spec in (
            '{"game": "five-card-draw-7a", "structure": "fixed-limit", "stakes": "2/4", '
            '"seats": 4}',
            '{"game": "deuce-to-seven-triple-draw", "structure": "fixed-limit", '
            '"stakes": "2/4", "seats": 4}',
            '{"game": "five-card-draw", "structure": "no-limit", "stakes": "1/2", "seats": 4}',
            '{"game": "seven-card-draw", "structure": "pot-limit", "stakes": "2/4", "seats": 4}',
            '{"game": "deuce-to-seven-single-draw", "structure": "no-limit", "stakes": "2/4", '
            '"seats": 4}',
        )
    ]
    for i in range(count):
        table_id = await host.open_table(specs[i % len(specs)], owner=None, operator=True)
        for _ in range(3):
            await host.ask(
                table_id, Command("seat-bot", payload=SeatBot(level=level, operator=True))
            )

