"""A player's statistics, added up in the database from his rounds' facts (``hand_facts``).

Nothing here loads hands: every figure is one SQL aggregate (the net over time a window
sum), on SQLite and PostgreSQL alike.

>>> from standpat.store import Store
>>> statistics(Store("sqlite://"), 1)["hands"]
0
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from sqlalchemy import Float, cast, func, select

from standpat.store import models as m
from standpat.store.db import Store
from standpat.store.tx import utc

__all__ = ["SERIES_LIMIT", "statistics"]

SERIES_LIMIT: Final = 5000
"""The most points of the net-over-time series (the latest rounds)."""
_COUNTS: Final = ("vpip", "pfr", "pat", "draw1", "draw2", "draw3", "draw_more", "showdown",
                  "won_showdown")


def _where(account_id: int, game: str | None, structure: str | None,
           since: datetime | None, until: datetime | None) -> Any:
    f = m.hand_facts.c
    where = f.account_id == account_id
    if game is not None:
        where &= f.game == game
    if structure is not None:
        where &= f.structure == structure
    if since is not None:
        where &= f.ended_at >= since
    if until is not None:
        where &= f.ended_at < until
    return where


def statistics(
    store: Store,
    account_id: int,
    *,
    game: str | None = None,
    structure: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> dict[str, Any]:
    """An account's figures over his rounds (filtered by game, structure and end time):
    totals, per game and structure, and after each round the cumulative net and the
    running big blinds won per 100 rounds (window sums: the series' first point counts the
    rounds before it too)."""
    f = m.hand_facts.c
    where = _where(account_id, game, structure, since, until)
    big_blinds = func.sum(cast(f.net, Float) / f.big_blind)
    totals = [func.count().label("hands"), func.coalesce(func.sum(f.net), 0).label("net"),
              func.coalesce(big_blinds, 0.0).label("bbs"),
              *(func.coalesce(func.sum(getattr(f, c)), 0).label(c) for c in _COUNTS)]
    order = (f.ended_at, f.hand_id)
    cumulative = func.sum(f.net).over(order_by=order)
    running_bbs = func.sum(cast(f.net, Float) / f.big_blind).over(order_by=order)
    series = (select(f.hand_id, f.ended_at, cumulative.label("total"),
                     running_bbs.label("bbs"), func.row_number().over(order_by=order).label("n"))
              .where(where).order_by(f.ended_at.desc(), f.hand_id.desc()).limit(SERIES_LIMIT))
    with store.tx.read(snapshot=True) as conn:
        overall = conn.execute(select(*totals).where(where)).mappings().one()
        by = conn.execute(
            select(f.game, f.structure, *totals).where(where)
            .group_by(f.game, f.structure).order_by(f.game, f.structure)
        ).mappings().all()
        points = conn.execute(series).mappings().all()
    return {
        **_figures(overall),
        "by": [{"game": r["game"], "structure": r["structure"], **_figures(r)} for r in by],
        "series": [{"hand": int(p["hand_id"]), "at": utc(p["ended_at"]).isoformat(),  # type: ignore[union-attr]
                    "net": int(p["total"]),
                    "bb_per_100": round(100.0 * float(p["bbs"]) / int(p["n"]), 2)}
                   for p in reversed(points)],
    }


def _figures(row: Any) -> dict[str, Any]:
    """Totals as the page shows them: counts, and shares in percent (None: no base)."""
    hands = int(row["hands"])
    draws = sum(int(row[c]) for c in ("pat", "draw1", "draw2", "draw3", "draw_more"))
    showdowns = int(row["showdown"])

    def share(count: Any, base: int) -> float | None:
        return None if base == 0 else round(100.0 * int(count) / base, 1)

    return {
        "hands": hands,
        "net": int(row["net"]),
        "bb_per_100": None if hands == 0 else round(100.0 * float(row["bbs"]) / hands, 2),
        "vpip": share(row["vpip"], hands),
        "pfr": share(row["pfr"], hands),
        "draws": draws,
        "pat": share(row["pat"], draws),
        "draw1": share(row["draw1"], draws),
        "draw2": share(row["draw2"], draws),
        "draw3": share(row["draw3"], draws),
        "draw_more": share(row["draw_more"], draws),
        "showdown": share(showdowns, hands),
        "won_showdown": share(row["won_showdown"], showdowns),
    }
