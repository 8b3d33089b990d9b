"""Time from a sequencing scenario to its verdict, end to end (parsing, both runs, solving), against
block length; and every built-in sequencing scenario.

    /work/venv/bin/python benchmarks/sequencing.py [--sizes 4,8,20,40,100,200,500] [--repeat 3]

The generated blocks resolve one long spell whose instructions come in groups of four: alice
draws a card, alice discards one of her named cards (a real choice), bob loses 1 life, alice
gains 1 life. The performed order is the written one except that the last draw is taken before
the discard of its group — a leak, so the verdict is "does not stand" and the solver must find
which condition fails.

The built-in scenarios are timed first: clingo keeps every symbol it has made for the life of
the process, and after a long block a small one takes about twice as long.
"""
from __future__ import annotations

import argparse

from mtgrules.queries import check_scenario, load_scenario, parse_scenario
from mtgrules.queries.scenario import builtin_scenario_files

from timing import timed  # benchmarks/timing.py, beside this script

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,8,20,40,100,200,500")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"{'built-in scenario':<62} {'ms':>9}")
    worst = 0.0
    for path in builtin_scenario_files():
        if not path.stem.startswith("seq_"):
            continue
        seconds, _ = timed(lambda path=path: check_scenario(load_scenario(path)), repeat=args.repeat)
        worst = max(worst, seconds)
        print(f"{path.stem:<62} {seconds * 1000:>9.1f}")
    print(f"slowest built-in scenario: {worst * 1000:.1f} ms (goal: under 30 ms)")
    print()
    print(f"{'lines':>6} {'seconds':>9}  verdict")
    for n in sizes:
        text = generated(n)
        seconds, verdict = timed(lambda text=text: check_scenario(parse_scenario(text, "generated.yaml")),
                                 repeat=args.repeat if n <= 100 else 1)
        print(f"{n:>6} {seconds:>9.3f}  {verdict.outcome} {sorted(str(c) for c in verdict.failed)}")


if __name__ == "__main__":
    main()
