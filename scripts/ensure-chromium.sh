#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (Playwright drives it; it
# never downloads a browser of its own). Installs the `chromium` package when it is missing and
# this runs as root with apt-get; otherwise says so and leaves the tests to skip or fail.
set -uo pipefail

if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "ensure-chromium: installing Chromium from the distribution's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) >&2 || true
fi
if ! command -v chromium >/dev/null 2>&1; then
    echo "ensure-chromium: Chromium is not available; the browser tests cannot run" >&2
fi
exit 0
