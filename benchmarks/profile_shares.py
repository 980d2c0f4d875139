"""Where a room's time goes, from a py-spy profile: its samples put in a few plain shares.

    python benchmarks/load.py --tables 50 --seconds 30 --warmup 10 --profile prof.txt
    python benchmarks/profile_shares.py prof.txt [more.txt ...] [--top 15]

``load.py --profile`` writes py-spy's raw (collapsed) stacks of the thread holding the GIL after
the warm-up. Each sample is put in the first share whose mark is in its stack (the writer thread,
then sending, the table messages, receiving, the table's own work, then the rest), and the
functions with the most samples of their own are listed. py-spy cannot always unwind an asyncio
task's whole stack: such a sample is counted by its innermost frames, which may put a little of
one share in "the rest"; the self-time list is exact.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

SHARES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the store (the writer thread's transactions, reads)",
     ("Writer.", "live/recorder.py", "standpat/store/", "sqlalchemy/")),
    ("sending frames (ASGI, WebSocket framing, socket writes)",
     ("serve_socket.<locals>.sender", "WebSocket.send", "WebSocketsSansIOProtocol.send",
      "Protocol.send_", "Frame.serialize", "data_to_send", "Connection.send", "write_text")),
    ("building the table messages (views, JSON)",
     ("Audience.", "_Change.", "public_state", "TableCore.public", "HandJson.", "HostedPoker.view",
      "HostedPoker.you", "HostedPoker.lines", "seat_infos", "server/frames.py")),
    ("receiving frames (WebSocket parsing, validation, dispatch)",
     ("data_received", "_dispatch", "validate_json", "Protocol.parse", "receive_data",
      "serve_socket (")),
    ("the table's own work (actions, deals, settling, clocks)",
     ("LiveTable.", "TableCore.", "live/handlers.py", "standpat/engine/", "standpat/table/")),
)
REST = "the rest (event loop, timers, HTTP, truncated stacks)"


def shares(path: Path) -> tuple[int, collections.Counter[str], collections.Counter[str]]:
    """Samples in all, samples a share, and samples a function had of its own."""
    total = 0
    by_share: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():  # blank, or a sample py-spy garbled (a name read mid-change)
            continue
        n = int(count)
        total += n
        share = next((name for name, marks in SHARES if any(m in stack for m in marks)), REST)
        by_share[share] += n
        own[re.sub(r":\d+\)$", ")", stack.rsplit(";", 1)[-1])] += n
    return total, by_share, own


def main() -> int:
    """Print each profile's shares and its top functions."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("profiles", nargs="+", type=Path, help="py-spy raw output files")
    parser.add_argument("--top", type=int, default=15, help="functions listed (default 15)")
    args = parser.parse_args()
    for path in args.profiles:
        total, by_share, own = shares(path)
        if not total:
            print(f"{path}: no samples")
            continue
        print(f"{path}: {total} samples")
        for name, _ in (*SHARES, (REST, ())):
            print(f"  {100 * by_share[name] / total:5.1f}%  {name}")
        print(f"  the {args.top} functions with most samples of their own:")
        for name, n in own.most_common(args.top):
            print(f"  {100 * n / total:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
