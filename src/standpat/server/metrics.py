"""What a running room reports at ``GET /metrics``, in Prometheus's text format.

Counted as they happen (:data:`HANDS`, :data:`ACTIONS`, :data:`ACTION_SECONDS`, the
writer's :data:`COMMITS` and :data:`COMMIT_SECONDS`), and read from the room when
scraped (:class:`RoomCollector`: tables, seated players, bots).

>>> from standpat.server.metrics import exposition
>>> text = exposition(None)
>>> "standpat_hands_total" in text and "standpat_action_seconds_bucket" in text
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

__all__ = [
    "ACTIONS",
    "ACTION_SECONDS",
    "COMMITS",
    "COMMIT_SECONDS",
    "CONTENT_TYPE",
    "HANDS",
    "REDIS_ENVELOPES",
    "REDIS_SECONDS",
    "WRITES",
    "RoomCollector",
    "exposition",
]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The media type of Prometheus's text format."""

REGISTRY = CollectorRegistry(auto_describe=True)
"""The counters of this process (one room a process)."""

HANDS = Counter("standpat_hands", "Rounds finished and settled.", registry=REGISTRY)
ACTIONS = Counter("standpat_actions", "Actions applied (players' and bots').", registry=REGISTRY)
ACTION_SECONDS = Histogram(
    "standpat_action_seconds",
    "From an action taken by its table to every watcher's message queued (its write included).",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
REDIS_SECONDS = Histogram(
    "standpat_redis_seconds",
    "Round trips to Redis publishing the node's queued envelopes (a room of several nodes).",
    buckets=(0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
    registry=REGISTRY,
)
REDIS_ENVELOPES = Counter(
    "standpat_redis_envelopes",
    "Envelopes (commands, replies, messages, broadcasts) this node sent to other nodes.",
    registry=REGISTRY,
)
COMMITS = Counter("standpat_commits", "Transactions of the rounds' writer.", registry=REGISTRY)
WRITES = Counter("standpat_writes", "Writes made by the rounds' writer.", registry=REGISTRY)
COMMIT_SECONDS = Histogram(
    "standpat_commit_seconds",
    "One group of the rounds' writes, from its transaction's start to its commit (database "
    "round trips).",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
    registry=REGISTRY,
)


class RoomCollector(Collector):
    """Reads the room's tables when scraped."""

    def __init__(self, host: Any) -> None:
        self.host = host

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """Open tables, seated people and seated bots of this process."""
        tables = getattr(self.host, "tables", {})
        people = bots = 0
        for table in list(tables.values()):
            seated = table.seated()
            people += seated.people
            bots += seated.bots
        yield GaugeMetricFamily("standpat_tables", "Open tables run here.", value=len(tables))
        yield GaugeMetricFamily("standpat_players", "People seated at them.", value=people)
        yield GaugeMetricFamily("standpat_bots", "Bots seated at them.", value=bots)


def exposition(host: Any) -> str:
    """The metrics of this process and of ``host``'s tables, in Prometheus's text format."""
    text = generate_latest(REGISTRY).decode()
    if host is not None:
        room = CollectorRegistry(auto_describe=True)
        room.register(RoomCollector(host))
        text += generate_latest(room).decode()
    return text
