"""The REST API's handlers, and the one wrapper that checks every request before them.

Each handler is named by an :class:`~standpat.server.openapi.Endpoint` of
:data:`~standpat.server.openapi.ENDPOINTS`.  :meth:`RestApi.route` wraps it:
path ids must be in range, a request that changes something must come from
the room's own pages and carry JSON, its body and query are validated against
the endpoint's models, and every error is answered in the documented shape.
Store calls run in worker threads, so a slow database never holds up the
tables' event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import functools
import io
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from standpat.engine import Structure
from standpat.errors import AccountError, NotFoundError, ProtocolError, StandpatError
from standpat.fairness import check_client_seed
from standpat.history.replayer import file_record
from standpat.server.agents import describe_agent
from standpat.server.config import ServerConfig
from standpat.server.downloads import phh_text, readable_text
from standpat.server.host import Command, TableHost
from standpat.server.lobby import choose
from standpat.server.openapi import Endpoint
from standpat.server.origins import check_origin
from standpat.server.problems import error_body, error_code, http_status
from standpat.server.schemas import (
    MAX_ID,
    MAX_PHH_FILE,
    BotSpec,
    ClientSeedBody,
    Credentials,
    HandsQuery,
    HistoryUpload,
    LedgerQuery,
    LobbyQuery,
    PasswordChange,
    Registration,
    SeatBot,
    SessionRef,
    ShareRef,
    StatsQuery,
    TableSpec,
    TournamentEntryBody,
    parse_body,
)
from standpat.server.sessions import COOKIE, SessionSockets
from standpat.server.throttle import Throttle
from standpat.server.tournament_lines import entry_line, tournament_detail, tournament_line
from standpat.store import Account, Store, SuspendedError, token_hash, user_wallet
from standpat.store.caps import held, note_opening, opened_from
from standpat.store.names import name_key
from standpat.store.refill import RefillRule
from standpat.store.shares import share, shared
from standpat.store.stats import statistics
from standpat.store.tournaments import Entry
from standpat.table.records import hand_line, player_record
from standpat.table.rooms import game_kind, offers

if TYPE_CHECKING:
    from standpat.server.tournament_service import TournamentService

__all__ = ["RestApi", "hand_for", "own_hand", "unavailable_response"]

log = logging.getLogger("standpat.server")
STATS_COLUMNS = ("hands", "net", "bb_per_100", "vpip", "pfr", "draws", "pat", "draw1", "draw2",
                 "draw3", "draw_more", "showdown", "won_showdown")
"""The CSV export's figures, after game and structure."""
T = TypeVar("T")
Handler = Callable[[Request, Any], Awaitable[Response]]


class RestApi:
    """The room's REST handlers, over its store, its tables and its limits."""

    def __init__(
        self,
        store: Store,
        host: TableHost,
        config: ServerConfig,
        throttle: Throttle,
        sockets: SessionSockets,
    ) -> None:
        self.store = store
        self.host = host
        self.config = config
        self.throttle = throttle
        self.sockets = sockets
        self.tournaments: TournamentService | None = None
        """The room's running tournaments (a room of one node); None: it deals none."""
        self._caps = asyncio.Lock()
        """Held while a player's table or bot is checked against the caps and added."""

    async def db(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A store call, run in a worker thread."""
        return await asyncio.to_thread(call, *args, **kwargs)

    # -- the wrapper -------------------------------------------------------------

    def route(self, endpoint: Endpoint) -> Callable[[Request], Awaitable[Response]]:
        """The ASGI handler of ``endpoint``: checks, then the named handler, then errors."""
        handler: Handler = getattr(self, endpoint.handler)

        async def run(request: Request) -> Response:
            try:
                for name in endpoint.path_ids:
                    if not 1 <= request.path_params[name] <= MAX_ID:
                        raise NotFoundError(f"there is no {name.removesuffix('_id')} "
                                            f"{request.path_params[name]}.")
                if endpoint.changes:
                    check_origin(request.headers, request.url.scheme,
                                 request.headers.get("host", ""), self.config.origins)
                data: Any = None
                if endpoint.named is not None:
                    data = _named(request, endpoint.named)
                elif endpoint.body is not None:
                    data = await _body(request, endpoint.body)
                elif endpoint.query is not None:
                    data = _query(request, endpoint.query)
                return await handler(request, data)
            except StandpatError as error:
                return error_response(error)

        run.__name__ = endpoint.handler
        run.__doc__ = endpoint.summary
        return run

    # -- accounts ----------------------------------------------------------------

    async def current(self, conn: HTTPConnection) -> Account | None:
        """The account logged in on this connection's session cookie, if any."""
        token = conn.cookies.get(COOKIE)
        return None if not token else await self.db(self.store.sessions.account, token)

    async def need_account(self, request: Request) -> Account:
        """The logged-in account; 401 otherwise."""
        account = await self.current(request)
        if account is None:
            raise ProtocolError("not-logged-in", "log in first.")
        return account

    async def register(self, request: Request, data: Registration) -> Response:
        """POST /api/accounts: create an account and log in."""
        await self.throttle.register(_address(request))
        account = await self.db(
            self.store.accounts.create, data.name, data.password,
            grant=self.config.starting_bankroll,
        )
        return await self._logged_in(request, account, 201)

    async def login(self, request: Request, data: Credentials) -> Response:
        """POST /api/session: log in."""
        await self.throttle.login(_address(request))
        key, address = name_key(data.name), _address(request)
        await self.throttle.check_account(key, address)
        try:
            account = await self.db(self.store.accounts.authenticate, data.name, data.password)
        except SuspendedError as error:
            raise ProtocolError("suspended", str(error)) from None
        except AccountError:
            await self.throttle.failed_login(key, address)
            raise ProtocolError("wrong-login", "wrong name or password.") from None
        return await self._logged_in(request, account)

    async def logout(self, request: Request, data: None) -> Response:
        """DELETE /api/session: log out; every WebSocket of the session is closed."""
        token = request.cookies.get(COOKIE)
        if token:
            await self.db(self.store.sessions.end, token)
            self.sockets.end(token_hash(token))
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, path="/")
        return response

    async def _logged_in(
        self, request: Request, account: Account, status: int = 200
    ) -> Response:
        agent = request.headers.get("user-agent", "")
        token = await self.db(self.store.sessions.open, account.id, agent)
        response = JSONResponse(await self._account_json(account), status_code=status)
        response.set_cookie(
            COOKIE,
            token,
            max_age=14 * 24 * 3600,
            httponly=True,
            samesite="lax",
            secure=self.config.secure_cookies,
            path="/",
        )
        return response

    async def _account_json(self, account: Account) -> dict[str, Any]:
        bankroll = await self.db(self.store.ledger.balance, user_wallet(account.id))
        fresh = await self.db(self.store.accounts.get, account.id)
        return {
            "id": account.id,
            "name": account.name,
            "bankroll": bankroll,
            "client_seed": fresh.client_seed,
            "operator": self.is_operator(account),
        }

    async def session_state(self, request: Request, data: None) -> Response:
        """GET /api/session: the logged-in account, or ``{"account": null}``."""
        account = await self.current(request)
        found = None if account is None else await self._account_json(account)
        return JSONResponse({"account": found})

    async def me(self, request: Request, data: None) -> Response:
        """GET /api/me: the logged-in account and its bankroll."""
        return JSONResponse(await self._account_json(await self.need_account(request)))

    async def set_seed(self, request: Request, data: ClientSeedBody) -> Response:
        """PUT /api/me/client-seed: the seed mixed into the hands dealt to me."""
        account = await self.need_account(request)
        seed = check_client_seed(data.seed)
        await self.db(self.store.accounts.set_client_seed, account.id, seed)
        return JSONResponse({"client_seed": seed})

    async def my_ledger(self, request: Request, data: LedgerQuery) -> Response:
        """GET /api/me/ledger?before=&limit=: a page of my bankroll movements, newest first."""
        account = await self.need_account(request)
        wallet = user_wallet(account.id)
        rows = await self.db(self.store.ledger.rows, wallet, data.limit + 1, before=data.before)
        more = len(rows) > data.limit
        rows = rows[: data.limit]
        return JSONResponse({
            "rows": rows,
            "bankroll": await self.db(self.store.ledger.balance, wallet),
            "next_before": rows[-1]["id"] if more else None,
        })

    async def change_password(self, request: Request, data: PasswordChange) -> Response:
        """PUT /api/me/password: a new password; every other session of mine ends."""
        account = await self.need_account(request)
        key = name_key(account.name)
        await self.throttle.check_account(key, _address(request))
        try:
            ended = await self.db(
                self.store.accounts.change_password, account.id, data.old, data.new,
                keep=request.cookies.get(COOKIE, ""),
            )
        except AccountError as error:
            if "current password" not in str(error):
                raise
            await self.throttle.failed_login(key, _address(request))
            raise ProtocolError("wrong-password", str(error)) from None
        for hashed in ended:
            self.sockets.end(hashed)
        return JSONResponse({"ended": len(ended)})

    async def my_sessions(self, request: Request, data: None) -> Response:
        """GET /api/me/sessions: my live log-in sessions."""
        account = await self.need_account(request)
        mine = token_hash(request.cookies.get(COOKIE, ""))
        rows = await self.db(self.store.sessions.of, account.id)
        browsers = await asyncio.to_thread(lambda: [describe_agent(r["agent"]) for r in rows])
        return JSONResponse({"sessions": [
            {"id": r["id"], "created_at": r["created_at"].isoformat(),
             "expires_at": r["expires_at"].isoformat(), "agent": r["agent"],
             "browser": browser, "current": r["hash"] == mine}
            for r, browser in zip(rows, browsers, strict=True)
        ]})

    async def end_my_session(self, request: Request, data: SessionRef) -> Response:
        """DELETE /api/me/sessions/{id}: end one of my sessions and close its sockets."""
        account = await self.need_account(request)
        hashed = await self.db(self.store.sessions.end_of, account.id, data.session_id)
        self.sockets.end(hashed)
        response = Response(status_code=204)
        if hashed == token_hash(request.cookies.get(COOKIE, "")):
            response.delete_cookie(COOKIE, path="/")
        return response

    def refill_rule(self) -> RefillRule:
        """The room's play-money refill rule."""
        return RefillRule(below=self.config.refill_below, to=self.config.starting_bankroll,
                          every=self.config.refill_every)

    async def _refill_json(self, account: Account, refilled: int = 0) -> dict[str, Any]:
        rule = self.refill_rule()
        state = await self.db(self.store.ledger.refill_state, account.id, rule)
        return {
            "rule": rule.describe(), "below": rule.below, "to": rule.to, "every": rule.every,
            **state,
            "last": None if state["last"] is None else state["last"].isoformat(),
            "next_at": None if state["next_at"] is None else state["next_at"].isoformat(),
            "refilled": refilled,
        }

    async def get_refill(self, request: Request, data: None) -> Response:
        """GET /api/me/refill: the refill rule and what it gives me now."""
        return JSONResponse(await self._refill_json(await self.need_account(request)))

    async def refill(self, request: Request, data: None) -> Response:
        """POST /api/me/refill: refill my bankroll as the rule allows (400 when it does not)."""
        account = await self.need_account(request)
        try:
            given = await self.db(self.store.ledger.refill, account.id, self.refill_rule())
        except AccountError as error:  # the rule allows none now
            raise ProtocolError("refill-refused", str(error)) from None
        return JSONResponse(await self._refill_json(account, given))

    async def _stats(self, request: Request, data: StatsQuery) -> dict[str, Any]:
        account = await self.need_account(request)
        day = timedelta(days=1)
        return await self.db(
            statistics, self.store, account.id, game=data.game, structure=data.structure,
            since=None if data.since is None else datetime.combine(data.since, time(), UTC),
            until=None if data.until is None
            else datetime.combine(data.until, time(), UTC) + day,
        )

    async def my_stats(self, request: Request, data: StatsQuery) -> Response:
        """GET /api/me/stats: my figures, by game and over time (SQL aggregates)."""
        return JSONResponse(await self._stats(request, data))

    async def my_stats_csv(self, request: Request, data: StatsQuery) -> Response:
        """GET /api/me/stats/csv: my figures as CSV, all rounds then by game."""
        figures = await self._stats(request, data)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["game", "structure", *STATS_COLUMNS])
        for row in [{"game": "all", "structure": "all", **figures}, *figures["by"]]:
            writer.writerow([row["game"], row["structure"],
                             *("" if row[c] is None else row[c] for c in STATS_COLUMNS)])
        return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": 'attachment; filename="standpat-stats.csv"'})

    # -- the lobby ---------------------------------------------------------------

    async def games(self, request: Request, data: None) -> Response:
        """GET /api/games: the games a table may deal (poker and pinochle) and the betting
        structures of poker."""
        return JSONResponse(
            {
                "games": [
                    {"name": o.name, "title": o.title, "min": o.min_players,
                     "max": o.max_players, "kind": o.kind, "structures": list(o.structures),
                     "stakes": o.default_stakes, "stakes_help": o.stakes}
                    for o in offers()
                ],
                "structures": [s.value for s in Structure],
            }
        )

    async def list_tables(self, request: Request, data: LobbyQuery) -> Response:
        """GET /api/tables?game=&structure=&min_stakes=&max_stakes=&seats=&hide_full=
        &hide_empty=&sort=&order=: the lobby, filtered and sorted."""
        lines = []
        for table_id in self.host.table_ids():
            with contextlib.suppress(NotFoundError):  # closed meanwhile
                lines.append(self.host.summary(table_id))
        return JSONResponse({"tables": choose(lines, data)})

    async def create_table(self, request: Request, data: TableSpec) -> Response:
        """POST /api/tables: open a table, owned by me."""
        account = await self.need_account(request)
        if self.is_operator(account):
            table_id = await self.host.open_table(data, owner=account.id, operator=True)
            return JSONResponse(self.host.summary(table_id), status_code=201)
        address = _address(request)
        async with self._caps:  # the check and the opening, one request at a time
            await self._check_caps(address, tables=1)
            table_id = await self.host.open_table(data, owner=account.id, operator=False)
            await self.db(note_opening, self.store, table_id, address)
        return JSONResponse(self.host.summary(table_id), status_code=201)

    async def _check_caps(self, address: str | None, *, tables: int = 0, bots: int = 0) -> None:
        """ProtocolError ``too-many`` (409) when one more table (``tables``) or bot (``bots``)
        would pass a cap: the room's, or that of the address that opened the tables."""
        now = await self.db(held, self.store, address or "")
        config = self.config
        over = (
            (tables and now.room_tables >= config.room_tables,
             f"the room has {now.room_tables} players' tables open, its most; try again when "
             "one closes."),
            (tables and now.address_tables >= config.address_tables,
             f"{now.address_tables} tables opened from your address are open, the most one "
             "address may hold; close one (leave it empty) first."),
            (bots and now.room_bots >= config.room_bots,
             f"the room has {now.room_bots} bots at players' tables, its most; try again "
             "later."),
            (bots and address is not None and now.address_bots >= config.address_bots,
             f"{now.address_bots} bots sit at the tables opened from this table's address, "
             "the most one address may have."),
        )
        for hit, text in over:
            if hit:
                raise ProtocolError("too-many", text)

    async def get_table(self, request: Request, data: None) -> Response:
        """GET /api/tables/{id}: one table's lobby line."""
        return JSONResponse(self.host.summary(request.path_params["table_id"]))

    async def seat_bot(self, request: Request, data: BotSpec) -> Response:
        """POST /api/tables/{id}/bots: seat a bot (the table's owner, or an operator)."""
        account = await self.need_account(request)
        table_id = request.path_params["table_id"]
        operator = self.is_operator(account)
        command = Command("seat-bot", account=account.id,
                          payload=SeatBot(level=data.level, seat=data.seat, operator=operator))
        if operator:
            seat = await self.host.ask(table_id, command)
        else:
            self.host.summary(table_id)  # 404 for a table that is not open
            async with self._caps:
                await self._check_caps(await self.db(opened_from, self.store, table_id),
                                       bots=1)
                seat = await self.host.ask(table_id, command)
        return JSONResponse({"table": table_id, "seat": seat}, status_code=201)

    def is_operator(self, account: Account) -> bool:
        """Whether ``account`` is one of the room's operators (made by the operator:
        ``standpat admin operator``, or ``standpat serve --operator``; never by a name)."""
        return account.operator

    # -- tournaments ---------------------------------------------------------------

    async def list_tournaments(self, request: Request, data: None) -> Response:
        """GET /api/tournaments: the tournaments registering or running."""
        found = await self.db(self.store.tournaments.current)
        return JSONResponse({"tournaments": [tournament_line(t) for t in found]})

    async def get_tournament(self, request: Request, data: None) -> Response:
        """GET /api/tournaments/{id}: one tournament with its levels and entries."""
        tid = request.path_params["tournament_id"]
        live = None if self.tournaments is None else self.tournaments.line(tid)
        return JSONResponse(await self.db(tournament_detail, self.store, tid, live))

    async def register_tournament(self, request: Request, data: TournamentEntryBody) -> Response:
        """POST /api/tournaments/{id}/register: buy into a tournament (201 with my entry)."""
        account = await self.need_account(request)
        try:
            entry = await self.db(self.store.tournaments.register,
                                  request.path_params["tournament_id"], account.id)
        except SuspendedError as error:
            raise ProtocolError("suspended", str(error)) from None
        if self.tournaments is not None:
            await self.tournaments.registered(entry.tournament_id, entry)
        return await self._entry_json(account, entry, 201)

    async def unregister_tournament(
        self, request: Request, data: TournamentEntryBody
    ) -> Response:
        """POST /api/tournaments/{id}/unregister: take my entry back before the start."""
        account = await self.need_account(request)
        entry = await self.db(self.store.tournaments.unregister,
                              request.path_params["tournament_id"], account.id)
        return await self._entry_json(account, entry)

    async def _entry_json(self, account: Account, entry: Entry, status: int = 200) -> Response:
        bankroll = await self.db(self.store.ledger.balance, user_wallet(account.id))
        return JSONResponse({"entry": entry_line(entry), "bankroll": bankroll},
                            status_code=status)

    # -- hands -------------------------------------------------------------------

    async def my_hands(self, request: Request, data: HandsQuery) -> Response:
        """GET /api/hands?table=&limit=: the hands I was dealt into, newest first, summed up."""
        account = await self.need_account(request)
        rows = await self.db(self.store.hands.of, account.id, data.limit, table_id=data.table)
        return JSONResponse({"hands": [hand_line(row, account.id) for row in rows]})

    async def get_hand(self, request: Request, data: None) -> Response:
        """GET /api/hands/{id}: a hand I played, as I may see it, with its seed once revealed."""
        account = await self.need_account(request)
        record = await self.db(hand_for, self.store, request.path_params["hand_id"], account.id)
        return JSONResponse(record)

    async def get_hand_phh(self, request: Request, data: None) -> Response:
        """GET /api/hands/{id}/phh: a hand I played, as a PHH file."""
        return await self._download(request, phh_text, "application/toml", "phh")

    async def get_hand_text(self, request: Request, data: None) -> Response:
        """GET /api/hands/{id}/text: a hand I played, as a readable text file."""
        write = functools.partial(readable_text, site=self.config.site)
        return await self._download(request, write, "text/plain", "txt")

    async def get_hand_json(self, request: Request, data: None) -> Response:
        """GET /api/hands/{id}/json: a finished hand (or pinochle game) I played, as I saw
        it, as its JSON record (the answer of GET /api/hands/{id}) in a file."""
        account = await self.need_account(request)
        hand_id = request.path_params["hand_id"]
        stored = await self.db(own_hand, self.store, hand_id, account.id)
        _finished(stored)
        record = player_record(stored, account.id, revealed=stored["players"][account.id])
        return _attachment(json.dumps(record, indent=1) + "\n", "application/json", hand_id,
                           "json")

    async def _download(
        self, request: Request, write: Callable[..., str], media: str, suffix: str
    ) -> Response:
        account = await self.need_account(request)
        hand_id = request.path_params["hand_id"]
        stored = await self.db(own_hand, self.store, hand_id, account.id)
        _finished(stored)
        if game_kind(stored["setup"]["game"]) != "poker":
            raise ProtocolError(
                "no-phh",
                f"round {hand_id} is a game of {stored['setup']['game']}: PHH and the text "
                f"history are written for poker hands only; download it as JSON "
                f"(/api/hands/{hand_id}/json).",
            )
        table = await self.db(self.store.tables.get, stored["table_id"])
        body = write(stored, account.id, table=table.name, seat_count=table.seats)
        return _attachment(body, media, hand_id, suffix)

    async def share_hand(self, request: Request, data: None) -> Response:
        """POST /api/hands/{id}/share: a link to my view of a finished hand."""
        account = await self.need_account(request)
        hand_id = request.path_params["hand_id"]
        stored = await self.db(own_hand, self.store, hand_id, account.id)
        if stored["status"] != "done":
            raise ProtocolError("unfinished-hand", f"hand {hand_id} is not finished; only a "
                                "finished hand is shared.")
        token = await self.db(share, self.store, hand_id, account.id)
        return JSONResponse({"token": token, "path": f"/shared/{token}"}, status_code=201)

    async def get_shared(self, request: Request, data: ShareRef) -> Response:
        """GET /api/shared/{token}: a shared hand as its sharer saw it at the table."""
        hand_id, sharer = await self.db(shared, self.store, data.token)
        stored = await self.db(self.store.hands.get, hand_id)
        # the table view only: never the seed, even once it is revealed to the sharer
        return JSONResponse(player_record(stored, sharer, revealed=False))

    async def replay_file(self, request: Request, data: HistoryUpload) -> Response:
        """POST /api/replays/phh: one hand of an uploaded history file, replayed."""
        await self.need_account(request)
        if len(data.text.encode()) > MAX_PHH_FILE:
            raise ProtocolError("too-large", f"a hand-history file has at most {MAX_PHH_FILE} "
                                "bytes; upload the hand alone.")
        # the replay is CPU work: a worker thread, so that the tables do not wait for it
        return JSONResponse(await asyncio.to_thread(file_record, data.text, data.name,
                                                    data.hand))

    async def health(self, request: Request, data: None) -> Response:
        """GET /api/health: liveness."""
        return JSONResponse({"ok": True, "tables": len(self.host.table_ids())})


def _attachment(body: str, media: str, hand_id: int, suffix: str) -> Response:
    return Response(
        body,
        media_type=f"{media}; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="standpat-hand-{hand_id}.{suffix}"',
        },
    )


def _finished(stored: dict[str, Any]) -> None:
    """ProtocolError ``unfinished-hand`` unless the stored round is done."""
    if stored["status"] == "running":
        raise ProtocolError(
            "unfinished-hand",
            f"hand {stored['id']} is still being played; its history can be downloaded once "
            "it is over.",
        )
    if stored["status"] != "done":
        raise ProtocolError(
            "unfinished-hand",
            f"hand {stored['id']} was voided when the room stopped in the middle of it: no "
            "chip moved, and it has no history to download.",
        )


def error_response(error: Exception) -> JSONResponse:
    """An error in the documented shape, with its HTTP status."""
    return JSONResponse(error_body(error_code(error), str(error)), status_code=http_status(error))


RETRY_AFTER: Final = 5
"""Seconds a client is told to wait (``Retry-After``) when a service the room needs is down."""


def unavailable_response() -> JSONResponse:
    """503 ``unavailable`` with ``Retry-After``: the room cannot answer now because a service
    it needs (its database, or the Redis of a room of several nodes) cannot be reached."""
    return JSONResponse(
        error_body("unavailable", "the room cannot do that now (a service it needs is down); "
                   f"try again in {RETRY_AFTER} s."),
        status_code=503, headers={"Retry-After": str(RETRY_AFTER)})


async def _body(request: Request, model: type[BaseModel]) -> BaseModel:
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise ProtocolError(
            "not-json",
            f"send the body as JSON (Content-Type: application/json), not {media or 'nothing'!r}.",
        )
    return parse_body(model, await request.body())


def _query(request: Request, model: type[BaseModel]) -> BaseModel:
    try:
        return model.model_validate(dict(request.query_params))
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        name = ".".join(str(p) for p in first["loc"])
        raise ProtocolError(
            "bad-query", f"{name}: {first['msg'].lower()} (got {first.get('input')!r})."
        ) from None


def _named(request: Request, model: type[BaseModel]) -> BaseModel:
    """A request's text path parameters checked against ``model``: a 404 if they are not
    of its shape (nothing can be found under such a name)."""
    try:
        return model.model_validate(dict(request.path_params))
    except ValidationError:
        raise NotFoundError(f"there is nothing at {request.url.path}.") from None


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def own_hand(store: Store, hand_id: int, account_id: int) -> dict[str, Any]:
    """A stored hand (every card in it) that the player was dealt into; else a 404's error."""
    try:
        stored = store.hands.get(hand_id)
    except NotFoundError:
        stored = None
    if stored is None or account_id not in stored["players"]:
        raise NotFoundError(f"there is no hand {hand_id} of yours.")
    return stored


def hand_for(store: Store, hand_id: int, account_id: int) -> dict[str, Any]:
    """A stored hand as one player may see it; its seed only once revealed to him."""
    stored = own_hand(store, hand_id, account_id)
    return player_record(stored, account_id, revealed=stored["players"][account_id])
