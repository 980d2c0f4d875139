#!/usr/bin/env bash
# Lint the browser client (src/standpat/server/web: plain ES modules, no build step) with ESLint.
# ESLint comes from the npm registry, exactly as scripts/eslint/package-lock.json pins it, installed
# into scripts/eslint/node_modules with `npm ci` the first time and again whenever the lock changes.
# The rules are in scripts/eslint/eslint.config.mjs. Needs Node.js 20.19+ and npm: installed from
# the distribution's packages when missing and this runs as root with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=scripts/eslint

if ! command -v npm >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "lint-js: installing Node.js and npm from the distribution's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null) >&2
fi
if ! command -v npm >/dev/null 2>&1; then
    echo "lint-js: npm is not available; cannot lint the JavaScript" >&2
    exit 1
fi

stamp=$tools/node_modules/.standpat-installed
if [ ! -e "$stamp" ] || [ "$tools/package-lock.json" -nt "$stamp" ]; then
    (cd "$tools" && npm ci --no-audit --no-fund --loglevel=error) >&2
    touch "$stamp"
fi

exec "$tools/node_modules/.bin/eslint" --config "$tools/eslint.config.mjs" --max-warnings 0 \
    src/standpat/server/web
