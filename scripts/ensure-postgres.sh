#!/usr/bin/env bash
# Run a command with a throw-away PostgreSQL server on loopback.
#
#   scripts/ensure-postgres.sh COMMAND [ARGS...]
#
# Installs PostgreSQL from the distribution's packages when it is missing (needs root and
# apt-get), starts a private cluster in a temporary directory on a free port, runs COMMAND
# with STANDPAT_PG_URL set to it, then stops the cluster and returns COMMAND's exit code.
# If PostgreSQL cannot be had, COMMAND still runs without STANDPAT_PG_URL (the tests that
# need it skip, or fail when STANDPAT_REQUIRE_PG=1).
set -uo pipefail

find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return 0
        fi
    done
    return 1
}

pg_bin="$(find_bin || true)"
if [ -z "$pg_bin" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "ensure-postgres: installing PostgreSQL from the distribution's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) >&2 || true
    pg_bin="$(find_bin || true)"
fi

if [ -z "$pg_bin" ]; then
    echo "ensure-postgres: PostgreSQL is not available; running without it" >&2
    exec "$@"
fi

workdir="$(mktemp -d /tmp/standpat-pg.XXXXXX)"
owner=""
if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root: run the cluster as the 'postgres' user (or nobody).
    if id postgres >/dev/null 2>&1; then owner=postgres; else owner=nobody; fi
    chown "$owner" "$workdir"
fi

as_owner() {
    if [ -n "$owner" ]; then
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
if ! as_owner "$pg_bin/initdb" -D "$workdir/data" -U standpat --auth=trust -E UTF8 >"$workdir/initdb.log" 2>&1; then
    echo "ensure-postgres: initdb failed; running without PostgreSQL:" >&2
    cat "$workdir/initdb.log" >&2
    rm -rf "$workdir"
    exec "$@"
fi
if ! as_owner "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $workdir -c fsync=off" start >/dev/null; then
    echo "ensure-postgres: the server did not start; running without PostgreSQL:" >&2
    cat "$workdir/server.log" >&2
    rm -rf "$workdir"
    exec "$@"
fi

stop() {
    as_owner "$pg_bin/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$workdir"
}
trap stop EXIT

export STANDPAT_PG_URL="postgresql://standpat@127.0.0.1:$port/postgres"
echo "ensure-postgres: PostgreSQL on 127.0.0.1:$port" >&2
"$@"
