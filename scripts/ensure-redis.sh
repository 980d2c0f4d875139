#!/usr/bin/env bash
# Run a command with a throw-away Redis server on loopback.
#
#   scripts/ensure-redis.sh COMMAND [ARGS...]
#
# Installs Redis from the distribution's packages (Debian's redis-server) when it is missing
# (needs root and apt-get), starts a private server in a temporary directory on a free port
# (no persistence), runs COMMAND with STANDPAT_REDIS_URL set to it, then stops the server and
# returns COMMAND's exit code.  If Redis cannot be had, COMMAND still runs without
# STANDPAT_REDIS_URL (the tests that need it skip, or fail when STANDPAT_REQUIRE_REDIS=1, as
# `make test` sets).  Combine with ensure-postgres.sh (each passes its exit code through):
#   scripts/ensure-postgres.sh scripts/ensure-redis.sh .venv/bin/python -m pytest ...
set -uo pipefail

if ! command -v redis-server >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 \
    && [ "$(id -u)" = 0 ]; then
    echo "ensure-redis: installing Redis from the distribution's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq redis-server >/dev/null) >&2 || true
fi

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    echo "ensure-redis: Redis is not available; running without it" >&2
    exec "$@"
fi

workdir="$(mktemp -d /tmp/standpat-redis.XXXXXX)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
redis-server --port "$port" --bind 127.0.0.1 --dir "$workdir" --save "" --appendonly no \
    --logfile "$workdir/server.log" >/dev/null 2>&1 &
server=$!

stop() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -rf "$workdir"
}
trap stop EXIT

for _ in $(seq 100); do
    if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
        break
    fi
    sleep 0.1
done
if ! redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
    echo "ensure-redis: the server did not start; running without Redis:" >&2
    cat "$workdir/server.log" >&2 2>/dev/null || true
    stop
    trap - EXIT
    exec "$@"
fi

export STANDPAT_REDIS_URL="redis://127.0.0.1:$port/0"
echo "ensure-redis: Redis on 127.0.0.1:$port" >&2
"$@"
