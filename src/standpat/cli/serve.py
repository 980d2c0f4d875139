"""``standpat serve``: run the card room (REST, WebSocket, tables, bots) under uvicorn."""

from __future__ import annotations

import argparse
import os
import sys

from standpat.errors import StandpatError

NAME = "serve"
HELP = "Run the card room server: lobby, tables, accounts and bots on one port."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``standpat serve``."""
    parser.add_argument(
        "--db",
        default=os.environ.get("STANDPAT_DB", "sqlite:///standpat.db"),
        help="database URL: sqlite:///FILE (default ./standpat.db) or postgresql://...; "
        "also STANDPAT_DB",
    )
    parser.add_argument(
        "--redis",
        default=os.environ.get("STANDPAT_REDIS") or None,
        metavar="URL",
        help="run as one node of a room of several: the Redis they share (redis://HOST:6379/0); "
        "needs a postgresql:// --db; also STANDPAT_REDIS",
    )
    parser.add_argument(
        "--node-id",
        default=os.environ.get("STANDPAT_NODE_ID", "1"),
        metavar="NAME",
        help="this node's name, unique in the room (default 1); also STANDPAT_NODE_ID",
    )
    parser.add_argument(
        "--lease", type=float, default=10.0, metavar="S",
        help="seconds a node's hold on a table lasts unless renewed: a dead node's tables move "
        "to the others within about this time (default 10)",
    )
    parser.add_argument(
        "--rejoin", type=float, default=5.0, metavar="S",
        help="seconds the first hand after a restart (or a takeover) waits for the people "
        "sitting in to come back (default 5)",
    )
    parser.add_argument(
        "--write-patience", type=float, default=30.0, metavar="S",
        help="seconds a table waits out a database that refuses its writes (a restart, a lost "
        "connection) before it starts again from the database (default 30)",
    )
    parser.add_argument(
        "--commit-every", type=_commit_pause, default=0.01, metavar="S",
        help="seconds between two commits of a database writer at least: the writes of a busy "
        "room that come meanwhile share the next commit, a quiet room's wait for nothing "
        "(default 0.01; 0: commit each group at once)",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--clock", type=float, default=30.0, help="action clock, s (default 30)")
    parser.add_argument("--time-bank", type=float, default=60.0, help="time bank, s (default 60)")
    parser.add_argument(
        "--reconnect", type=float, default=20.0, help="reconnect window, s (default 20)"
    )
    parser.add_argument(
        "--between-hands", type=float, default=2.0, help="pause between hands, s (default 2)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="a seated bot's thinking time, s (default 0.8)"
    )
    parser.add_argument(
        "--cool-off", type=float, default=1800.0, metavar="S",
        help="seconds after leaving a table (and being shown its hands' seeds) before a player "
        "may sit there again (default 1800)",
    )
    parser.add_argument(
        "--refill-below", type=int, default=1_000, metavar="CHIPS",
        help="a player holding fewer chips than this (bankroll and tables) may refill to the "
        "starting bankroll, 10,000 (default 1000)",
    )
    parser.add_argument(
        "--refill-every", type=float, default=3600.0, metavar="S",
        help="seconds between two refills of one account (default 3600)",
    )
    parser.add_argument(
        "--demo-tables",
        type=int,
        default=0,
        help="open this many bot-filled tables when the room has none",
    )
    parser.add_argument(
        "--tournament", action="append", default=[], metavar="FILE",
        help="keep the recurring sit-and-gos of this TOML file open for registration: each "
        "[[sit_and_go]] (name, game, betting, structure, seats, players, buy_in, fee, open) "
        "has 'open' instances registering, a new one made when one fills and starts; repeat "
        "for several files; a room of one node (docs/tournaments.md, "
        "examples/sit-and-gos.toml)",
    )
    parser.add_argument(
        "--static", default=None,
        help="a folder of browser pages to serve instead of the packaged ones"
    )
    parser.add_argument("--secure-cookies", action="store_true", help="mark cookies Secure (HTTPS)")
    parser.add_argument(
        "--login-rate",
        type=float,
        default=1.0,
        help="log-ins and registrations a second per address, burst 10 (default 1)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=20.0,
        help="messages a second a connection may send, burst twice that (default 20)",
    )
    parser.add_argument(
        "--account-logins", default="5 per 5 minutes", metavar="LIMIT",
        help="failed log-ins to an account from one address before its log-ins from that "
        "address wait (default '5 per 5 minutes')",
    )
    parser.add_argument(
        "--account-lock", default="100 per 5 minutes", metavar="LIMIT",
        help="failed log-ins to an account from every address together before all its "
        "log-ins wait (default '100 per 5 minutes'); --account-logins counts per address",
    )
    parser.add_argument(
        "--registrations", default="5 per hour", metavar="LIMIT",
        help="new accounts one address may open (default '5 per hour')",
    )
    parser.add_argument(
        "--seat-offer", type=float, default=30.0, metavar="S",
        help="seconds the first on a full table's waiting list has to take a freed seat "
        "(default 30)",
    )
    parser.add_argument(
        "--chat-rate", default="5 per 10 seconds", metavar="LIMIT",
        help="chat lines one account may say (default '5 per 10 seconds')",
    )
    parser.add_argument(
        "--proxy", action="append", default=[], metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For/-Proto headers are trusted (repeat for "
        "several; default: none, the client's address is the connection's)",
    )
    parser.add_argument(
        "--origin", action="append", default=[], metavar="ORIGIN",
        help="another origin (https://room.example) the room's pages are served from; "
        "changes and WebSockets from any other site are refused",
    )
    parser.add_argument(
        "--header-timeout", type=float, default=10.0, metavar="S",
        help="seconds a connection has to send a request's headers, and its body (default 10)",
    )
    parser.add_argument(
        "--per-address", type=int, default=64, metavar="N",
        help="connections one client address may hold at once (default 64)",
    )
    parser.add_argument(
        "--max-watchers", type=int, default=50, metavar="N",
        help="spectators a table admits (default 50)",
    )
    parser.add_argument(
        "--max-tables", type=int, default=3, metavar="N",
        help="tables one player may have open at once (default 3)",
    )
    parser.add_argument(
        "--address-tables", type=int, default=6, metavar="N",
        help="players' tables open at once that one address opened, whatever the accounts "
        "(default 6)",
    )
    parser.add_argument(
        "--address-bots", type=int, default=10, metavar="N",
        help="bots at once at the tables one address opened (default 10)",
    )
    parser.add_argument(
        "--room-tables", type=int, default=100, metavar="N",
        help="players' tables open at once in the whole room (default 100)",
    )
    parser.add_argument(
        "--room-bots", type=int, default=200, metavar="N",
        help="bots at once at players' tables in the whole room (default 200)",
    )
    parser.add_argument(
        "--away-limit", type=float, default=600.0, metavar="S",
        help="seconds a player may be disconnected or sit out before his seat is freed and "
        "his chips cashed out (default 600)",
    )
    parser.add_argument(
        "--missed-blinds", type=int, default=3, metavar="N",
        help="big blinds a player may miss in a row before his seat is freed (default 3)",
    )
    parser.add_argument(
        "--rebuy-time", type=float, default=60.0, metavar="S",
        help="seconds a busted player has to add chips before his seat is freed (default 60)",
    )
    parser.add_argument(
        "--idle-close", type=float, default=600.0, metavar="S",
        help="seconds a player's table stays open without a person seated (default 600)",
    )
    parser.add_argument(
        "--operator", action="append", default=[], metavar="NAME",
        help="reserve NAME for an operator at start: its account (made now if there is none: "
        "give it a password with 'standpat admin password NAME') may seat bots anywhere and "
        "open any number of tables; registering never makes an operator",
    )
    parser.add_argument(
        "--site", default="standpat", metavar="NAME",
        help="the room's name in the headers of the text hand histories players download "
        "(default standpat; trackers import only the rooms they know, such as PokerStars)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn log level (default info)")


def _commit_pause(text: str) -> float:
    """``--commit-every``'s value: seconds from 0 to 1."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= seconds <= 1:
        raise argparse.ArgumentTypeError(f"{text} s: it is 0 to 1 s (0.01 is a busy room's)")
    return seconds


def run(args: argparse.Namespace) -> int:
    """Start the server; returns when it stops."""
    import uvicorn

    from standpat.server.app import create_app
    from standpat.server.collector import tune as tune_collector
    from standpat.server.config import ServerConfig
    from standpat.server.guard import guarded_protocols

    config = ServerConfig(
        db=args.db,
        redis=args.redis,
        node_id=args.node_id,
        lease=args.lease,
        rejoin=args.rejoin,
        write_patience=args.write_patience,
        commit_every=args.commit_every,
        host=args.host,
        port=args.port,
        clock=args.clock,
        time_bank=args.time_bank,
        reconnect=args.reconnect,
        between_hands=args.between_hands,
        bot_delay=args.bot_delay,
        cool_off=args.cool_off,
        demo_tables=args.demo_tables,
        tournaments=tuple(args.tournament),
        refill_below=args.refill_below,
        refill_every=args.refill_every,
        static_dir=args.static,
        secure_cookies=args.secure_cookies,
        login_rate=args.login_rate,
        rate=args.rate,
        burst=max(1, int(2 * args.rate)),
        account_logins=args.account_logins,
        account_lock=args.account_lock,
        registrations=args.registrations,
        chat_rate=args.chat_rate,
        seat_offer=args.seat_offer,
        proxies=tuple(args.proxy),
        origins=tuple(o.rstrip("/") for o in args.origin),
        header_timeout=args.header_timeout,
        per_address=args.per_address,
        max_watchers=args.max_watchers,
        max_tables=args.max_tables,
        address_tables=args.address_tables,
        address_bots=args.address_bots,
        room_tables=args.room_tables,
        room_bots=args.room_bots,
        away_limit=args.away_limit,
        missed_blinds=args.missed_blinds,
        rebuy_time=args.rebuy_time,
        idle_close=args.idle_close,
        operators=tuple(args.operator),
        site=args.site,
    )
    try:
        app = create_app(config)
        register = getattr(app.state.host, "register", None)
        if register is not None:  # a node of a room of several: its name must be free
            register()
    except StandpatError as error:
        print(f"standpat serve: error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # a database that cannot be opened, a bad URL
        print(
            f"standpat serve: error: cannot open the database {args.db!r}: {error}",
            file=sys.stderr,
        )
        return 2
    print(f"standpat serve: http://{args.host}:{args.port}/ (database {args.db})", flush=True)
    tune_collector()  # few, short collector pauses for a long-running room
    http, ws = guarded_protocols(config.header_timeout, config.per_address)  # websockets-sansio
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        http=http,
        ws=ws,
        ws_max_size=config.max_message,  # a larger frame is refused unread, close code 1009
        ws_per_message_deflate=False,  # compressing every table update costs more than it saves
        # X-Forwarded-* only from the proxies the operator names (uvicorn trusts loopback)
        proxy_headers=bool(config.proxies),
        forwarded_allow_ips=list(config.proxies) or None,
        timeout_keep_alive=5,
    )
    return 0
