"""Does a process that keeps answering slow down or grow? clingo keeps every symbol it has made
for the life of a process (potassco/clingo#203), so a notebook or a `check --jobs 1` over a
library pays, in memory, for every distinct term any earlier question made.

    python benchmarks/process.py [--rounds 3] [--lines 100]

In one process: the built-in library answered in-process ``--rounds`` times (resident memory
and seconds after each round), then a generated sequencing block of ``--lines`` lines (a big
question: every term of its runs is new), then the library again, in-process and then in a
worker process per core, replaced as they go (which a process's history can't slow down).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from sequencing import generated  # benchmarks/sequencing.py, beside this script

from mtgrules.encodings.asp import cores
from mtgrules.queries import check_scenario, parse_scenario
from mtgrules.queries.batch import check


def rss_mb() -> float:
    """This process's resident memory now (``VmRSS``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def library_round(workers: int = 0) -> float:
    """Seconds to answer every built-in scenario: in this process (``workers=0``, ``check``'s
    default), or in that many worker processes replaced as they go."""
    start = time.perf_counter()
    check(None, workers=workers)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lines", type=int, default=100)
    args = parser.parse_args()
    print(f"{'after':46} {'seconds':>8} {'RSS MB':>8}", flush=True)
    print(f"{'start (imports)':46} {'':>8} {rss_mb():>8.0f}", flush=True)
    for k in range(1, args.rounds + 1):
        seconds = library_round()
        print(f"{f'the library, round {k}':46} {seconds:>8.2f} {rss_mb():>8.0f}", flush=True)
    start = time.perf_counter()
    check_scenario(parse_scenario(generated(args.lines), "generated.yaml"))
    print(f"{f'a generated block of {args.lines} lines':46} {time.perf_counter() - start:>8.2f} "
          f"{rss_mb():>8.0f}", flush=True)
    seconds = library_round()
    print(f"{'the library again':46} {seconds:>8.2f} {rss_mb():>8.0f}", flush=True)
    seconds = library_round(workers=cores())
    label = "the library in a worker per core"
    print(f"{label:46} {seconds:>8.2f} {rss_mb():>8.0f}", flush=True)


if __name__ == "__main__":
    main()
