"""Payment search time (CR 601.2g–h) against cost size and number of mana sources.

z3 (``mtgrules.encodings.cost.payment.pay``: feasibility alone, and with the fewest abilities
activated, as the cost and cast questions use it) against a plain-Python exhaustive search
over which sources to tap and how to pay each hybrid/Phyrexian symbol. Sources are lands
of mixed colours (a quarter of them snow); costs mix generic, coloured, hybrid, monocoloured
hybrid and Phyrexian symbols, none announced, so the search also picks the announcements.
The goal: under 50 ms for a 15-symbol cost over 60 sources.

    python benchmarks/payment.py
"""
from __future__ import annotations

import itertools
import random
import time
from collections import Counter

from mtgrules.encodings.cost.payment import pay
from mtgrules.encodings.cost.smt import CostProblem, ManaAbility, Payment, PaymentProblem
from mtgrules.model.mana import MANA_TYPES, ManaCost

from timing import timed  # benchmarks/timing.py, beside this script

SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{W/U}", "{B/R}", "{2/G}",
           "{U/P}", "{R/P}", "{G/U/P}"]
BUDGET = 1.0  # seconds for the exhaustive search before it is called off


def make_problem(n_symbols: int, n_sources: int, seed: int) -> PaymentProblem:
    rng = random.Random(seed)
    cost = ManaCost.parse("".join(rng.choice(SYMBOLS) for _ in range(n_symbols)))
    abilities = tuple(ManaAbility(f"land{i}", f"land{i}", ((rng.choice(MANA_TYPES[:5]), 1),),
                                  snow=i % 4 == 0, taps=f"land{i}") for i in range(n_sources))
    return PaymentProblem(CostProblem(cost), abilities=abilities, life_total=10,
                          untapped=tuple(a.id for a in abilities))


def exhaustive(problem: PaymentProblem, deadline: float) -> bool | None:
    """Every announcement × every subset of sources, smallest subsets first; ``None`` when
    the budget runs out."""
    symbols = problem.cost.symbols
    for announced in itertools.product(*[s.options for s in problem.cost.choice_symbols]):
        need, life, k = Counter(), 0, 0
        for s in symbols:
            if s.is_choice:
                o = announced[k]
                k += 1
                if o == "life":
                    life += 2
                elif o.startswith("generic:"):
                    need["generic"] += int(o.split(":")[1])
                else:
                    need[o] += 1
            elif s.kind == "generic":
                need["generic"] += s.amount
            else:
                need[s.colors[0] if s.colors else "C"] += 1
        if life > problem.life_total:
            continue
        total = sum(need.values())
        sources = problem.abilities
        for used in itertools.combinations(sources, total):
            if time.perf_counter() > deadline:
                return None
            mana = Counter(t for a in used for t, _ in a.produces)
            if all(mana[t] >= need[t] for t in MANA_TYPES):
                return True
    return False



def main() -> None:
    rows = []
    for n_symbols in (3, 6, 10, 15):
        for n_sources in (5, 15, 30, 60):
            problem = make_problem(n_symbols, n_sources, seed=n_symbols * 100 + n_sources)
            t_feasible, r1 = timed(lambda problem=problem: pay(problem, minimise=False))
            t_minimal, r2 = timed(lambda problem=problem: pay(problem))
            start = time.perf_counter()
            ex = exhaustive(problem, start + BUDGET)
            t_ex = time.perf_counter() - start
            agree = "—" if ex is None else ("yes" if ex == isinstance(r1, Payment) ==
                                            isinstance(r2, Payment) else "NO")
            rows.append((n_symbols, n_sources, "payable" if isinstance(r1, Payment) else "unpayable",
                         t_feasible * 1000, t_minimal * 1000,
                         f">{BUDGET * 1000:.0f}" if ex is None else f"{t_ex * 1000:.1f}", agree))
    head = ("symbols", "sources", "answer", "z3 feasible ms", "z3 minimal ms", "exhaustive ms",
            "agree")
    print(" | ".join(f"{h:>14}" for h in head))
    print("-" * (17 * len(head)))
    for r in rows:
        print(" | ".join(f"{v:>14.1f}" if isinstance(v, float) else f"{v!s:>14}" for v in r))
    worst = [r for r in rows if r[0] == 15 and r[1] == 60][0]
    print(f"\ngoal: 15 symbols over 60 sources under 50 ms — z3 feasibility {worst[3]:.1f} ms, "
          f"with a minimal witness {worst[4]:.1f} ms: "
          + ("met" if worst[4] < 50 else "met for feasibility only" if worst[3] < 50 else "missed"))


if __name__ == "__main__":
    main()
