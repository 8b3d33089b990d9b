"""Time to a sequencing verdict against block length: ASP, SMT and brute force.

    /work/venv/bin/python benchmarks/sequencing.py [--sizes 5,10,20,40,80,120,160,200] [--brute-max 10]

Blocks are generated like a long resolution: instructions in groups of three whose members may
go in any order, each group after the previous one (written order); actions 5k+3 draw
(revealing a card to alice), actions 5k+1 are free choices by alice, and some
neighbours conflict. The performed order is correct except that one draw was taken before a
choice of the group before it — a leak, so no block stands and every method must do its
whole search (the brute force looks at every permutation; the solvers also find which
condition fails). Also times each built-in sequencing scenario in-process.
"""
from __future__ import annotations

import argparse
import itertools

from mtgrules.encodings.sequencing import decide
from mtgrules.model.actions import (
    ORDER_CONDITIONS,
    Action,
    Block,
    Choice,
    Condition,
    Conflict,
    Precedence,
    Reveal,
)
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

from timing import timed  # benchmarks/timing.py, beside this script

GROUP = 3


def generated_block(n: int) -> Block:
    ids = [f"a{i}" for i in range(n)]
    actions = {}
    for i, a in enumerate(ids):
        reveals = (Reveal(f"card{i}", "alice", f"the card drawn by action {i}"),) if i % 5 == 3 else ()
        choice = Choice("alice", "between two cards", 2, 1) if i % 5 == 1 else None
        actions[a] = Action(a, "alice", f"action {i}", "test", choice=choice, reveals=reveals)
    groups = [ids[k:k + GROUP] for k in range(0, n, GROUP)]
    precs = [Precedence(x, y, "resolve.written-order")
             for g, h in zip(groups, groups[1:]) for x in g for y in h]
    conflicts = [Conflict(ids[i], ids[i + 1], frozenset({Condition.SAME_STATE}))
                 for i in range(0, n - 1, 7)]
    # performed: correct, except the last draw taken before a choice of an earlier group
    order = list(ids)
    draw = max(i for i in range(n) if i % 5 == 3 and any(
        j % 5 == 1 and j // GROUP < i // GROUP for j in range(i)))
    choice = max(j for j in range(draw) if j % 5 == 1 and j // GROUP < draw // GROUP)
    order.remove(ids[draw])
    order.insert(order.index(ids[choice]), ids[draw])
    conflicts = [c for c in conflicts if order.index(c.first) < order.index(c.second)]
    return Block(actions=tuple(actions[a] for a in order), precedences=tuple(precs),
                 conflicts=tuple(conflicts))


def brute_force(block: Block) -> tuple[bool, tuple[Condition, ...]]:
    """Every permutation of the block; the failed conditions as the solvers define them."""
    perf = {a.id: i for i, a in enumerate(block.actions)}
    succ_ok = [(p.before, p.after) for p in block.precedences]
    broken_sets = set()
    leaks = block.leak_candidates()
    for order in itertools.permutations(block.ids):
        pos = {a: i for i, a in enumerate(order)}
        if any(pos[a] > pos[b] for a, b in succ_ok):
            continue
        broken = set()
        for c in block.conflicts:
            if pos[c.second] < pos[c.first]:
                broken |= c.if_flipped
            else:
                broken |= c.if_kept
        for cid, facts in leaks.items():
            ch = block.action(cid).choice
            opts = ch.base + sum(d for x, d in ch.option_deltas if pos[x] < pos[cid])
            if opts > ch.forced_at_most and any(
                    not any(pos[r] < pos[cid] for r in rs) for rs in facts.values()):
                broken.add(Condition.NO_LEAK)
        broken_sets.add(frozenset(broken))
    del perf
    for size in range(len(ORDER_CONDITIONS) + 1):
        for relaxed in itertools.combinations(ORDER_CONDITIONS, size):
            if any(b <= set(relaxed) for b in broken_sets):
                return not relaxed, relaxed
    raise AssertionError



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5,10,20,40,80,120,160,200")
    parser.add_argument("--brute-max", type=int, default=10)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    decide(generated_block(5))  # warm up imports and solver libraries
    print(f"{'actions':>7} {'asp (s)':>9} {'smt (s)':>9} {'brute (s)':>10} {'brute/asp':>9} "
          f"{'brute/smt':>9}  verdict")
    for n in sizes:
        block = generated_block(n)
        t_asp, d_asp = timed(lambda block=block: decide(block, backend="asp"))
        t_smt, d_smt = timed(lambda block=block: decide(block, backend="smt"))
        assert (d_asp.stands, d_asp.failed) == (d_smt.stands, d_smt.failed)
        brute = ratio_a = ratio_s = "—"
        if n <= args.brute_max:
            t_b, verdict = timed(lambda block=block: brute_force(block), repeat=1)
            assert verdict == (d_asp.stands, d_asp.failed)
            brute, ratio_a, ratio_s = f"{t_b:.4f}", f"{t_b / t_asp:.0f}×", f"{t_b / t_smt:.0f}×"
        outcome = "stands" if d_asp.stands else "fails " + ",".join(c.value for c in d_asp.failed)
        print(f"{n:>7} {t_asp:>9.4f} {t_smt:>9.4f} {brute:>10} {ratio_a:>9} {ratio_s:>9}  {outcome}")
    print()
    print(f"{'built-in scenario':<62} {'asp (ms)':>9} {'smt (ms)':>9}")
    worst = 0.0
    for path in builtin_scenario_files():
        if not path.stem.startswith("seq_"):
            continue
        scenario = load_scenario(path)
        t_a, _ = timed(lambda scenario=scenario: check_scenario(scenario, backend="asp"), repeat=5)
        t_s, _ = timed(lambda scenario=scenario: check_scenario(scenario, backend="smt"), repeat=5)
        worst = max(worst, t_a, t_s)
        print(f"{path.stem:<62} {t_a * 1000:>9.1f} {t_s * 1000:>9.1f}")
    print(f"slowest built-in scenario: {worst * 1000:.1f} ms (goal: under 20 ms)")


if __name__ == "__main__":
    main()
