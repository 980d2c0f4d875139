"""A player's hands as files to download: PHH and readable text, as he saw them.

The history is built from the hand's stored events, each censored for the
player by :func:`standpat.table.records.seen_events` (as his table view
censored them): an opponent's dealt, discarded, drawn and mucked cards are unknown
(``??``), his cards shown at the showdown are named.  The file carries no
seed, since a seed deals every card.  Only a finished hand has a history: a
hand still being played or voided by a restart is refused.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from standpat.engine import Event, Post, PostKind, Stakes
from standpat.errors import ProtocolError
from standpat.history import HandRecord, dumps
from standpat.history.capture import phh_events, record_from_events
from standpat.history.text import SITE, format_events
from standpat.history.tournament import tournament_fields
from standpat.table.records import seen_events

__all__ = ["phh_text", "readable_text", "seen_history"]


def seen_history(
    stored: Mapping[str, Any], account_id: int, *, table: str, seat_count: int
) -> tuple[HandRecord, tuple[Event, ...]]:
    """A finished stored hand as player ``account_id`` saw it: its record and its events.

    The events are in PHH seat order, like the record.  Table seats are
    written from 1 (the room's seat 0 is ``Seat 1``).  Raises ProtocolError
    ``unfinished-hand`` for a hand still running or void.
    """
    hand_id = stored["id"]
    if stored["status"] == "running":
        raise ProtocolError(
            "unfinished-hand",
            f"hand {hand_id} is still being played; its history can be downloaded once it is over.",
        )
    if stored["status"] != "done":
        raise ProtocolError(
            "unfinished-hand",
            f"hand {hand_id} was voided when the room stopped in the middle of it: no chip moved, "
            "and it has no history to download.",
        )
    setup, record = stored["setup"], stored["record"]
    accounts = list(setup["accounts"])
    viewer = accounts.index(account_id)
    button, players = int(setup["button"]), len(accounts)
    events = seen_events(record, viewer)
    started = stored.get("started_at")
    history = record_from_events(
        setup["game"],
        setup["structure"],
        Stakes.parse(setup["stakes"]),
        setup["stacks"],
        events,
        button=button,
        posts=None if setup.get("posts") is None else [
            Post(int(seat), PostKind(kind), int(amount)) for seat, kind, amount in setup["posts"]
        ],
        players=setup["names"],
        seats=[seat + 1 for seat in setup["seats"]],
        seat_count=seat_count,
        hand_id=hand_id,
        table=table,
        finishing_stacks=[s + n for s, n in zip(setup["stacks"], record["net"], strict=True)],
        extra=_when(started) | _tournament(setup),
    )
    return history, phh_events(events, button, players)


def phh_text(stored: Mapping[str, Any], account_id: int, *, table: str, seat_count: int) -> str:
    """The hand as the player saw it, as a PHH file."""
    record, _ = seen_history(stored, account_id, table=table, seat_count=seat_count)
    return dumps(record)


def readable_text(
    stored: Mapping[str, Any], account_id: int, *, table: str, seat_count: int,
    site: str = SITE,
) -> str:
    """The hand as the player saw it, as readable text in the layout trackers import
    (PokerStars'): his cards, the others' draws by their count and their cards when shown,
    the date in the header, and ``site`` as the room's name."""
    record, events = seen_history(stored, account_id, table=table, seat_count=seat_count)
    setup = stored["setup"]
    hero = setup["names"][list(setup["accounts"]).index(account_id)]
    return format_events(record, events, hero=hero, site=site) + "\n"


def _tournament(setup: Mapping[str, Any]) -> dict[str, object]:
    """The tournament fields of a hand dealt at a tournament's table (none for a ring
    game's): its number, buy-in and level, which the text's header writes as PokerStars
    does (``Tournament #12, 100+10 ... - Level IV``)."""
    played = setup.get("tournament")
    if not isinstance(played, Mapping):
        return {}
    return tournament_fields(int(played["id"]), str(played["buy_in"]), int(played["level"]))


def _when(started: object) -> dict[str, object]:
    """PHH's date and time fields for a hand dealt at ``started`` (written in UTC; none
    when it is not known)."""
    if not isinstance(started, datetime.datetime):
        return {}
    utc = started.astimezone(datetime.UTC)
    return {
        "year": utc.year,
        "month": utc.month,
        "day": utc.day,
        "time": utc.time().replace(microsecond=0, tzinfo=None),
        "time_zone": "UTC",
        "time_zone_abbreviation": "UTC",
    }
