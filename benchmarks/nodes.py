"""The room of several nodes against one node: the server's CPU per action, in one run.

    python benchmarks/nodes.py                      # 1 node vs 2 nodes, 3 rounds, paced clients
    python benchmarks/nodes.py --nodes 1 2 3 --rounds 5 --tables 40 --seconds 60

Each round runs ``benchmarks/load.py`` once for every room size in turn (1 node, then 2, then
1 again in the next round: interleaved, so a change in the machine's load falls on both), each
with a fresh PostgreSQL database and Redis, and reads its figures back (``load.py --json``).
The figure compared is the server's CPU per action after the warm-up, **summed over all nodes**:
what running the room as several nodes costs in CPU for the same play. Printed: each run's
figures, then the median of the rounds for each room size and its ratio to one node's median.

The clients think (``--think``, 0.5 s by default) so that no node is saturated: a saturated node
queues, and its CPU per action then measures the queue as much as the work.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tqdm import tqdm

HERE = Path(__file__).resolve().parent


def run_load(options: list[str], out: Path) -> dict[str, Any]:
    """One ``load.py`` run with these options; its figures (``--json``, written to ``out``),
    and its printed report as ``output``."""
    command = [sys.executable, str(HERE / "load.py"), *options, "--json", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if not out.exists():
        raise SystemExit(f"load.py {' '.join(options)} failed ({done.returncode}):\n"
                         f"{done.stdout}\n{done.stderr}")
    figures: dict[str, Any] = json.loads(out.read_text())
    figures["output"] = done.stdout
    return figures


def run(size: int, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    """One load.py run of a room of ``size`` nodes; its figures (``--json``)."""
    return run_load(["--nodes", str(size), "--tables", str(args.tables),
                     "--clients", str(args.clients), "--seconds", str(args.seconds),
                     "--warmup", str(args.warmup), "--think", str(args.think)], out)


def per_action(figures: dict[str, Any]) -> float:
    """The server's CPU (every node's) per action after the warm-up, in ms."""
    return 1000 * float(figures["steady_cpu"]) / max(1, int(figures["steady_actions"]))


def main() -> int:
    """Run the rounds and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[1, 2], metavar="N",
                        help="the room sizes compared, the first the reference (default 1 2)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="runs of each size, interleaved (default 3)")
    parser.add_argument("--tables", type=int, default=50, help="tables (default 50)")
    parser.add_argument("--clients", type=int, default=4, help="clients a table (default 4)")
    parser.add_argument("--seconds", type=float, default=45.0,
                        help="seconds each run plays, warm-up included (default 45)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds before the steady figures are taken (default 10)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="the clients' mean thinking time, s (default 0.5)")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="write every run's figures and the medians here as JSON")
    args = parser.parse_args()
    if args.rounds < 1 or any(n < 1 for n in args.nodes):
        parser.error("--rounds and every --nodes must be at least 1")
    work = Path(tempfile.mkdtemp(prefix="standpat-nodes-"))
    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in args.nodes}
    steps = [(r, n) for r in range(args.rounds) for n in args.nodes]
    with tqdm(steps, unit="run", desc="load.py runs") as bar:
        for r, size in bar:
            bar.set_postfix(round=r + 1, nodes=size)
            figures = run(size, args, work / f"round{r}-nodes{size}.json")
            runs[size].append(figures)
            tqdm.write(
                f"round {r + 1}, {size} node{'s' if size > 1 else ''}: "
                f"{per_action(figures):.3f} ms CPU per action over "
                f"{figures['steady_actions']} actions "
                f"({figures['steady_actions'] / max(1e-9, figures['steady_seconds']):.0f}/s), "
                f"p50 {figures['p50_ms']:.1f} ms, errors {figures['errors']}, "
                f"ledger problems {figures['ledger_problems']}, "
                f"load {figures['load_before']} -> {figures['load_after']}")
    reference = statistics.median(per_action(f) for f in runs[args.nodes[0]])
    print(f"\n{args.tables} tables x {args.clients} clients, think {args.think} s, "
          f"{args.seconds:.0f} s a run ({args.warmup:.0f} s warm-up), {args.rounds} rounds "
          "interleaved")
    print("| nodes | server CPU per action, all nodes (median) | each round | ratio to "
          f"{args.nodes[0]} node{'s' if args.nodes[0] > 1 else ''} | actions/s | errors |")
    print("|---|---:|---|---:|---:|---:|")
    summary = {}
    for size in args.nodes:
        values = [per_action(f) for f in runs[size]]
        median = statistics.median(values)
        rate = statistics.median(f["steady_actions"] / max(1e-9, f["steady_seconds"])
                                 for f in runs[size])
        errors = sum(f["errors"] for f in runs[size])
        summary[size] = {"median_ms": median, "runs_ms": values, "ratio": median / reference,
                         "actions_per_s": rate, "errors": errors}
        print(f"| {size} | {median:.3f} ms | {', '.join(f'{v:.3f}' for v in values)} | "
              f"{median / reference:.2f}x | {rate:.0f} | {errors} |")
    if args.out:
        Path(args.out).write_text(json.dumps(
            {"args": vars(args), "summary": summary,
             "runs": {n: [{k: v for k, v in f.items() if k != "output"} for f in fs]
                      for n, fs in runs.items()}}, indent=1))
    bad = any(f["errors"] or f["ledger_problems"] or f["unaccounted"]
              for fs in runs.values() for f in fs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
