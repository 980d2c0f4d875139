#!/usr/bin/env bash
# Install axe-core (the accessibility engine the browser tests run on the lobby and the table
# pages) from the npm registry, exactly as scripts/axe/package-lock.json pins it, into
# scripts/axe/node_modules with `npm ci` the first time and again whenever the lock changes.
# Needs npm (scripts/lint-js.sh installs Node.js and npm when they are missing); without it,
# says so and leaves the accessibility test to skip or fail.
set -uo pipefail
cd "$(dirname "$0")/.."
tools=scripts/axe

if ! command -v npm >/dev/null 2>&1; then
    echo "ensure-axe: npm is not available; the accessibility test cannot run" >&2
    exit 0
fi
stamp=$tools/node_modules/.standpat-installed
if [ ! -e "$stamp" ] || [ "$tools/package-lock.json" -nt "$stamp" ]; then
    (cd "$tools" && npm ci --no-audit --no-fund --loglevel=error) >&2 && touch "$stamp"
fi
exit 0
