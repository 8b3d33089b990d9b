"""Time to diff two whole Comprehensive Rules editions by text (goal: < 5 s per pair).

Run as ``python benchmarks/crdiff.py [CR_FOLDER]`` (default ``../shared/cr``): every consecutive
pair of the editions found there, and the widest span (oldest → newest), each timed end to end —
reading both files, aligning rules and glossary, and the impact on the encodings.
"""
from __future__ import annotations

import sys
from pathlib import Path

from mtgrules.model.crtext import read_rules
from mtgrules.regression.crdiff import cr_diff

from timing import timed


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "cr"
    files = sorted(folder.glob("cr-*.txt"))
    if len(files) < 2:
        sys.exit(f"need at least two CR files in {folder}")
    parse, _ = timed(lambda: [read_rules(f) for f in files], repeat=1)
    print(f"parsing {len(files)} files: {parse:.2f} s")
    pairs = list(zip(files, files[1:])) + [(files[0], files[-1])]
    print(f"{'old':<12} {'new':<12} {'rules':>11} {'changed':>8} {'seconds':>8}")
    worst = 0.0
    for old, new in pairs:
        seconds, diff = timed(lambda old=old, new=new: cr_diff(old, new), repeat=3)
        worst = max(worst, seconds)
        changed = sum(1 for c in diff.rules if c.status != "unchanged")
        sizes = f"{len(read_rules(old).rules)}/{len(read_rules(new).rules)}"
        print(f"{diff.old_date:<12} {diff.new_date:<12} {sizes:>11} {changed:>8} {seconds:>8.2f}")
    print(f"slowest pair: {worst:.2f} s (goal < 5 s)")


if __name__ == "__main__":
    main()
