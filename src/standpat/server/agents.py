"""A browser's User-Agent header in a few words, for the list of a player's log-in sessions.

The header is read by ``ua-parser`` (the rules of the uap-core project, kept up to date
there), not by patterns of our own.

>>> describe_agent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
...                "Chrome/131.0.6778.85 Safari/537.36")
'Chrome 131 on Linux'
>>> describe_agent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 "
...                "(KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1")
'Mobile Safari 17 on iOS 17'
>>> describe_agent("python-httpx/0.27.0"), describe_agent("")   # not a browser: as it came
('python-httpx/0.27.0', '')
"""

from __future__ import annotations

import functools

from ua_parser import parse

__all__ = ["describe_agent"]


@functools.lru_cache(maxsize=1024)
def describe_agent(agent: str) -> str:
    """"Firefox 121 on Windows 10" from a User-Agent header: the browser and its major
    version, on the system (and its major version) when known; "" for no header. The first
    call reads the rules (a quarter of a second): call it off the event loop."""
    if not agent.strip():
        return ""
    found = parse(agent)
    browser = found.user_agent
    system = found.os
    if browser is None or browser.family == "Other":
        return agent[:60]
    text = browser.family + (f" {browser.major}" if browser.major else "")
    if system is not None and system.family != "Other":
        text += f" on {system.family}" + (f" {system.major}" if system.major else "")
    return text
