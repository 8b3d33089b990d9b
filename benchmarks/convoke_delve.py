"""Payment search time with convoke and delve (CR 702.51a, 702.66a) against the number of
creatures and graveyard cards.

``mtgrules.encodings.cost.payment.pay`` (feasibility alone, and with a minimal witness: least
life, fewest activations, fewest objects tapped or exiled) on costs of generic, coloured and
hybrid symbols, paid with lands of mixed colours, creatures of mixed colours that may convoke
(a few of them mana creatures, which tap once either way) and cards in the graveyard that
may be delved. Several seeds per size; the median and the worst are shown. The goal: under
100 ms for a 12-symbol cost over 10 creatures, 20 graveyard cards and 6 lands.

    python benchmarks/convoke_delve.py
"""
from __future__ import annotations

import random
import statistics

from mtgrules.encodings.cost.payment import pay
from mtgrules.encodings.cost.smt import CostProblem, ManaAbility, Payment, PaymentProblem
from mtgrules.model.mana import COLORS, MANA_TYPES, ManaCost

from timing import timed  # benchmarks/timing.py, beside this script

SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{G/U}", "{R/W}", "{2/B}"]
SEEDS = 8


def make_problem(n_symbols: int, n_creatures: int, n_cards: int, n_lands: int,
                 seed: int) -> PaymentProblem:
    rng = random.Random(seed)
    cost = ManaCost.parse("".join(rng.choice(SYMBOLS) for _ in range(n_symbols)))
    lands = [ManaAbility(f"land{i}", f"land{i}", ((rng.choice(MANA_TYPES), 1),), taps=f"land{i}")
             for i in range(n_lands)]
    creatures = [(f"creature{i}", tuple(rng.sample(COLORS, rng.choice((0, 1, 1, 1, 2)))))
                 for i in range(n_creatures)]
    elves = [ManaAbility(c, c, ((colours[0], 1),), taps=c)
             for c, colours in creatures[::3] if colours]
    abilities = tuple(lands + elves)
    return PaymentProblem(CostProblem(cost), abilities=abilities,
                          untapped=tuple(a.id for a in lands) + tuple(c for c, _ in creatures),
                          convoke=tuple(creatures),
                          delve=tuple(f"card{i}" for i in range(n_cards)))


def main() -> None:
    rows = []
    for n_symbols, n_creatures, n_cards, n_lands in ((6, 5, 10, 3), (12, 10, 20, 6),
                                                     (12, 20, 40, 10), (20, 20, 40, 10)):
        feasible, minimal, payable = [], [], 0
        for seed in range(SEEDS):
            problem = make_problem(n_symbols, n_creatures, n_cards, n_lands, seed)
            t_feasible, r1 = timed(lambda problem=problem: pay(problem, minimise=False))
            t_minimal, r2 = timed(lambda problem=problem: pay(problem))
            assert isinstance(r1, Payment) == isinstance(r2, Payment)
            payable += isinstance(r1, Payment)
            feasible.append(t_feasible * 1000)
            minimal.append(t_minimal * 1000)
        rows.append((n_symbols, n_creatures, n_cards, n_lands, f"{payable}/{SEEDS}",
                     statistics.median(feasible), max(feasible),
                     statistics.median(minimal), max(minimal)))
    head = ("symbols", "creatures", "cards", "lands", "payable", "feasible med", "feasible max",
            "minimal med", "minimal max")
    print(" | ".join(f"{h:>12}" for h in head))
    print("-" * (15 * len(head)))
    for r in rows:
        print(" | ".join(f"{v:>12.1f}" if isinstance(v, float) else f"{v!s:>12}" for v in r))
    goal = rows[1]
    print(f"\ngoal: 12 symbols, 10 creatures, 20 cards, 6 lands under 100 ms — worst of {SEEDS}: "
          f"feasibility {goal[6]:.1f} ms, minimal witness {goal[8]:.1f} ms: "
          + ("met" if goal[8] < 100 else "met for feasibility only" if goal[6] < 100 else "missed"))


if __name__ == "__main__":
    main()
