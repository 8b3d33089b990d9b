"""Time from a sequencing scenario to its verdict, end to end (parsing, both runs, solving), for
every built-in sequencing scenario (with the brute-force oracle of the tests on the same
scenarios, CPU time), for generated blocks against their length (with the peak memory of a fresh
process), and for the whole built-in library as `mtgrules check` runs it.

    python benchmarks/sequencing.py [--sizes 4,8,20,40,100,200] [--repeat 5]

The generated blocks resolve one long spell whose instructions come in groups of four: alice
draws a card, alice discards one of her named cards (a real choice), bob loses 1 life, alice
gains 1 life. The performed order is the written one except that the last draw is taken before
the discard of its group — a leak, so the verdict is "does not stand" and the solver must find
which condition fails. Each size runs in a process of its own: clingo keeps every symbol it has
made for the life of a process, so sizes measured one after another would slow each other down.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

from mtgrules.model.errors import BudgetExhausted
from mtgrules.queries import check_scenario, load_scenario, parse_scenario
from mtgrules.queries.scenario import builtin_scenario_files

from timing import timed  # benchmarks/timing.py, beside this script

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "sequencing"))
from oracle import Unsupported, oracle_for_scenario  # noqa: E402  (the tests' oracle)

GROUP = ("alice draws 1", "alice discards {card}", "bob loses 1 life", "alice gains 1 life")
INSTRUCTIONS = ("{do: draw, who: you, count: 1}", "{do: discard, who: you, count: 1}",
                "{do: lose-life, who: target, amount: 1}", "{do: gain-life, who: you, amount: 1}")


def generated(n: int) -> str:
    """A scenario of ``n`` performed lines (a multiple of four) resolving one spell."""
    groups = n // 4
    hand = [f"Card {i}" for i in range(groups + 1)]
    cards = "\n".join(f"  - {{name: '{c}', types: [sorcery], cost: '{{1}}'}}" for c in hand)
    resolve = ", ".join(INSTRUCTIONS[k % 4] for k in range(4 * groups))
    lines = [GROUP[k % 4].format(card=hand[k // 4]) for k in range(4 * groups)]
    last_draw = 4 * (groups - 1)
    lines.insert(last_draw - 3, lines.pop(last_draw))  # the draw before the group before's discard
    performed = "\n".join(f"    - {line}" for line in lines)
    return f"""
name: generated block of {n} lines
edition: 2026-08-07
cards:
  - name: Long Spell
    types: [sorcery]
    targets: [opponent]
    resolve: [{resolve}]
{cards}
state:
  players: [alice, bob]
  step: main1
  alice:
    hand: [{", ".join(f"'{c}'" for c in hand)}]
    library: {{hidden: {n + 10}}}
    stack: [Long Spell]
  bob:
    life: 100000
question:
  kind: sequencing
  resolving: Long Spell
  performed:
{performed}
"""


def cpu(fn, repeat: int) -> float:
    """Median CPU seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def peak_mb() -> float:
    """This process's peak resident memory (``VmHWM``: ``ru_maxrss`` would carry the parent's
    over the exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_size(n: int) -> None:
    """Run in a fresh process: the seconds, the peak memory and the verdict of an ``n``-line
    block (or the budget it ran out of: a row, never a crash)."""
    text = generated(n)
    start = time.perf_counter()
    try:
        verdict = check_scenario(parse_scenario(text, "generated.yaml"))
        said = f"{verdict.outcome} {sorted(str(c) for c in verdict.failed)}"
    except BudgetExhausted as exhausted:
        said = f"no verdict: {str(exhausted).split('. To raise')[0]}"
    seconds = time.perf_counter() - start
    print(f"{n:>6} {seconds:>9.3f} {peak_mb():>8.0f}  {said}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,8,20,40,100,200")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--one-size", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_size:
        one_size(args.one_size)
        return
    print(f"{'built-in sequencing scenario':<62} {'ms':>8} {'× oracle':>9}")
    walls, ratios = [], []
    for path in builtin_scenario_files():
        if not path.stem.startswith("seq_"):
            continue
        def run(path: Path = path) -> object:
            return check_scenario(load_scenario(path))

        doc = yaml.safe_load(path.read_text())

        def by_oracle(doc: dict = doc) -> object:
            return oracle_for_scenario(doc)

        run()
        seconds, _ = timed(run, repeat=args.repeat)
        walls.append(seconds)
        try:
            ratios.append(cpu(run, args.repeat) / max(cpu(by_oracle, args.repeat), 1e-6))
            ratio = f"{ratios[-1]:>8.0f}×"
        except Unsupported:
            ratio = f"{'—':>9}"
        print(f"{path.stem:<62} {seconds * 1000:>8.1f} {ratio}")
    print(f"built-in scenarios: median {statistics.median(walls) * 1000:.0f} ms (goal < 100 ms), "
          f"slowest {max(walls) * 1000:.0f} ms (goal < 400 ms); CPU over the oracle's: median "
          f"{statistics.median(ratios):.0f}×, {min(ratios):.0f}× to {max(ratios):.0f}×")
    print()
    print(f"{'lines':>6} {'seconds':>9} {'peak MB':>8}  verdict (a fresh process each; goal at 200 lines: < 5 s, < 300 MB)")
    for n in (int(s) for s in args.sizes.split(",")):
        subprocess.run([sys.executable, __file__, "--one-size", str(n)], check=True)
    print()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mtgrules.queries.cli", "check", "--json"], check=False,
                   stdout=subprocess.DEVNULL)
    print(f"the whole built-in library, `mtgrules check`: {time.perf_counter() - start:.1f} s (goal < 20 s)")


if __name__ == "__main__":
    main()
