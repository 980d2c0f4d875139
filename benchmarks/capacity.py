"""The room's capacity curve: paced tables on one node (or several), from few to many.

    python benchmarks/capacity.py                                  # SQLite, one process
    python benchmarks/capacity.py --db postgres --plot cap-pg.png  # a fresh PostgreSQL database
    python benchmarks/capacity.py --nodes 2 --tables 100 400 800   # a room of two nodes

For each number of tables, ``benchmarks/load.py`` runs once with clients that think
(``--think``, 0.5 s by default, as people and bots do), and its figures are read back
(``load.py --json``). Printed, as a Markdown table: tables and players, actions/s, the latency
from an action to the last client's update (p50, p99 and max, after the warm-up), the server's
CPU per action after the warm-up (summed over the nodes), its memory per table, errors and the
ledger. ``--plot`` draws p99 and CPU per action against the tables.

A figure is only as good as the machine was quiet: each run prints the load average at its
start and end; run the curve on an otherwise idle machine, and more than once.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from nodes import run_load
from tqdm import tqdm


def run(tables: int, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    """One load.py run at ``tables`` tables; its figures (``--json``), its report kept beside
    them (``out`` with ``.txt``)."""
    options = ["--tables", str(tables), "--clients", str(args.clients),
               "--seconds", str(args.seconds), "--warmup", str(args.warmup),
               "--think", str(args.think)]
    if args.db:
        options += ["--db", args.db]
    if args.nodes:
        options += ["--nodes", str(args.nodes)]
    figures = run_load(options, out)
    out.with_suffix(".txt").write_text(figures["output"])
    return figures


def row(f: dict[str, Any]) -> dict[str, Any]:
    """The curve's figures of one run."""
    steady = max(1e-9, float(f["steady_seconds"]))
    return {
        "tables": f["tables"], "players": f["tables"] * f["clients"],
        "actions_per_s": f["steady_actions"] / steady,
        "p50_ms": f["steady_p50_ms"], "p99_ms": f["steady_p99_ms"], "max_ms": f["steady_max_ms"],
        "cpu_ms": 1000 * float(f["steady_cpu"]) / max(1, int(f["steady_actions"])),
        "busy": 100 * float(f["steady_cpu"]) / steady,
        "kib_per_table": (f["rss_after"] - f["rss_before"]) / 1024 / f["tables"],
        "rss_mib": f["rss_after"] / 2**20,
        "errors": f["errors"], "ledger": f["ledger_problems"] + abs(f["unaccounted"]),
        "load": f"{f['load_before']} / {f['load_after']}",
    }


def plot(rows: list[dict[str, Any]], path: str, title: str) -> None:
    """p99 and CPU per action against the tables, saved as ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tables = [r["tables"] for r in rows]
    figure, left = plt.subplots(figsize=(8, 5), dpi=110)
    left.plot(tables, [r["p99_ms"] for r in rows], "o-", color="tab:red",
              label="p99, action to last update (ms)")
    left.plot(tables, [r["p50_ms"] for r in rows], "o--", color="tab:orange",
              label="p50 (ms)")
    left.axhline(100, color="tab:red", linewidth=0.8, linestyle=":", label="100 ms")
    left.set_xlabel("paced tables (4 players each)")
    left.set_ylabel("latency, ms")
    left.set_ylim(bottom=0)
    right = left.twinx()
    right.plot(tables, [r["cpu_ms"] for r in rows], "s-", color="tab:blue",
               label="server CPU per action (ms)")
    right.set_ylabel("CPU per action, ms", color="tab:blue")
    right.set_ylim(bottom=0)
    lines = left.get_legend_handles_labels()
    more = right.get_legend_handles_labels()
    left.legend(lines[0] + more[0], lines[1] + more[1], loc="upper center",
                bbox_to_anchor=(0.5, -0.14), ncol=4, fontsize=8)
    left.set_title(title, fontsize=10)
    figure.tight_layout()
    figure.savefig(path)


def main() -> int:
    """Run the curve and print it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 250, 400, 600, 800, 1000],
                        metavar="N", help="the table counts (default 100 250 400 600 800 1000)")
    parser.add_argument("--clients", type=int, default=4, help="clients a table (default 4)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="the clients' mean thinking time, s (default 0.5)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="seconds each run plays, warm-up included (default 60)")
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="seconds before the steady figures are taken (default 20)")
    parser.add_argument("--db", default=None,
                        help="load.py's --db: a URL, or 'postgres' for a fresh PostgreSQL "
                             "database (default SQLite)")
    parser.add_argument("--nodes", type=int, default=None, metavar="N",
                        help="a room of N nodes on PostgreSQL and Redis (load.py --nodes)")
    parser.add_argument("--plot", default=None, metavar="PNG", help="draw the curve here")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="write every run's figures here as JSON")
    args = parser.parse_args()
    if any(n < 1 for n in args.tables) or args.clients < 1:
        parser.error("--tables and --clients must be at least 1")
    work = Path(tempfile.mkdtemp(prefix="standpat-capacity-"))
    runs = []
    with tqdm(args.tables, unit="run", desc="load.py runs") as bar:
        for tables in bar:
            bar.set_postfix(tables=tables)
            figures = run(tables, args, work / f"tables{tables}.json")
            runs.append(figures)
            r = row(figures)
            tqdm.write(f"{tables} tables: p99 {r['p99_ms']:.1f} ms, {r['cpu_ms']:.3f} ms CPU per "
                       f"action, {r['actions_per_s']:.0f} actions/s, errors {r['errors']}, "
                       f"load {r['load']}")
            if r["errors"]:  # load.py lists the first ten under its count
                report = figures["output"].partition("\nerrors: ")[2].splitlines()[1:11]
                tqdm.write("\n".join(line for line in report if line.startswith("   ")))
    print(f"each run's report: {work}/tables<N>.txt")
    database = runs[0]["database"] if runs else "?"
    room = f"{args.nodes} nodes" if args.nodes else "one node"
    print(f"\n{room}, {database}, {args.clients} clients a table thinking {args.think} s, "
          f"{args.seconds:.0f} s a run ({args.warmup:.0f} s warm-up); figures after the warm-up")
    print("| tables / players | actions/s | p50 | p99 | max | CPU per action | server busy "
          "| memory a table | errors | ledger | load start / end |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    rows = [row(f) for f in runs]
    for r in rows:
        print(f"| {r['tables']} / {r['players']} | {r['actions_per_s']:.0f} | "
              f"{r['p50_ms']:.1f} ms | {r['p99_ms']:.1f} ms | {r['max_ms']:.0f} ms | "
              f"{r['cpu_ms']:.3f} ms | {r['busy']:.0f}% of a core | "
              f"{r['kib_per_table']:.0f} KiB | {r['errors']} | "
              f"{'balanced' if r['ledger'] == 0 else 'NOT balanced'} | {r['load']} |")
    if args.plot:
        plot(rows, args.plot, f"standpat capacity: {room}, {database}, think {args.think} s")
        print(f"plot: {args.plot}")
    if args.out:
        Path(args.out).write_text(json.dumps(
            {"args": vars(args), "rows": rows,
             "runs": [{k: v for k, v in f.items() if k != "output"} for f in runs]}, indent=1))
    return 1 if any(r["errors"] or r["ledger"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
