"""Combat damage assignment (CR 510.1, 702.19b): how fast the z3 encoding
(``mtgrules.encodings.combat``) counts and lists every legal assignment of one attacker of
power 12 blocked by six creatures (toughness 1, 2, 3, 1, 2, 3; one with 1 damage marked),
under the ordered-blockers regime (2024-09-20, in the order listed) and free division
(2024-11-08), without and with trample; against the brute-force oracle of the tests
(tests/combat/brute.py: every split of 12 over the recipients, filtered by the rules).
The goal: counting under 1 s in each regime.

    python benchmarks/combat.py [--repeat 5]

Times are medians of ``--repeat`` runs. ``count`` enumerates the supports (which recipients
get damage) with z3 and counts each one's assignments by stars and bars; ``list`` asks z3
for every assignment, one model at a time.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtgrules.encodings.combat import assignments, count
from mtgrules.model.combat import Combat, Combatant

from timing import timed  # benchmarks/timing.py, beside this script

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "combat"))
import brute  # noqa: E402  (the tests' oracle: run from the repository)

POWER = 12
TOUGHNESS = (1, 2, 3, 1, 2, 3)
GOAL = 1.0


def case(regime: str, trample: bool) -> Combat:
    attacker = Combatant("Wurm", "alice", POWER, POWER, 0,
                         frozenset({"trample"} if trample else set()))
    blockers = tuple(Combatant(f"B{i}", "bob", 1, t, 1 if i == 4 else 0, frozenset())
                     for i, t in enumerate(TOUGHNESS))
    ordered = regime == "ordered-blockers"
    return Combat("2024-09-20" if ordered else "2024-11-08", regime, "only", "alice", "bob",
                  (attacker,), blockers, tuple((b.id, "Wurm") for b in blockers),
                  frozenset({"Wurm"}),
                  order=(("Wurm", tuple(b.id for b in blockers)),) if ordered else (),
                  deathtouch_lethal=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measure (median)")
    repeat = parser.parse_args().repeat
    head = ("regime", "trample", "assignments", "count ms", "list ms", "brute ms", "agree")
    print(" | ".join(f"{h:>16}" for h in head))
    print("-" * (19 * len(head)))
    worst = 0.0
    for regime in ("ordered-blockers", "free-division"):
        for trample in (False, True):
            c = case(regime, trample)
            t_count, n = timed(lambda c=c: count(c, "Wurm"), repeat)
            t_list, listed = timed(lambda c=c: assignments(c, "Wurm"), repeat)
            wurm = c.attackers[0]
            t_brute, oracle = timed(lambda c=c, wurm=wurm: brute.creature_splits(c, wurm), repeat)
            agree = n == len(listed) == len(oracle)  # type: ignore[arg-type]
            if not trample:
                worst = max(worst, t_count)
            print(" | ".join(f"{v:>16}" for v in (
                regime, "yes" if trample else "no", n, f"{t_count * 1000:.1f}",
                f"{t_list * 1000:.1f}", f"{t_brute * 1000:.1f}", "yes" if agree else "NO")))
    print(f"\ngoal: counting every assignment of power {POWER} over 6 blockers under {GOAL:.0f} s "
          f"in each regime — slowest {worst * 1000:.0f} ms: " + ("met" if worst < GOAL else "missed"))


if __name__ == "__main__":
    main()
