"""Judging one given order of a block directly against the MTR 4.3 conditions, in words:
the explanations of a verdict (the solvers decide; this says why, for the order they found).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from mtgrules.model.actions import CONDITIONS, Action, Block, Condition, Violation


def is_correct_order(block: Block, order: Sequence[str]) -> bool:
    """Whether ``order`` (action ids) is a linear extension of the block's precedences."""
    if sorted(order) != sorted(block.ids):
        return False
    pos = {a: i for i, a in enumerate(order)}
    return all(pos[p.before] < pos[p.after] for p in block.precedences)


def options_at(block: Block, choice: Action, earlier: Iterable[str]) -> int:
    before = set(earlier)
    assert choice.choice is not None
    return choice.choice.base + sum(d for a, d in choice.choice.option_deltas if a in before)


def evaluate(block: Block, order: Sequence[str]) -> list[Violation]:
    """Every way a correct order ``order`` fails the conditions, with reasons in words."""
    pos = {a: i for i, a in enumerate(order)}
    perf = {a: i for i, a in enumerate(block.ids)}
    out: list[Violation] = []
    for a in block.always_illegal:
        out.append(Violation(Condition.LEGAL_IN_ORDER, (a,),
                             f"'{block.action(a)}' is not legal in any order"))
    for conflict in block.conflicts:
        flipped = pos[conflict.second] < pos[conflict.first]
        broken = conflict.if_flipped if flipped else conflict.if_kept
        for cond in sorted(broken, key=CONDITIONS.index):
            out.append(Violation(cond, (conflict.first, conflict.second), conflict.why or
                                 f"'{block.action(conflict.first)}' and "
                                 f"'{block.action(conflict.second)}' don't commute"))
    for cid, facts in block.leak_candidates().items():
        c = block.action(cid)
        assert c.choice is not None
        earlier = [a for a in order[:pos[cid]]]
        if options_at(block, c, earlier) <= c.choice.forced_at_most:
            continue
        for fact, revealers in facts.items():
            if not any(pos[r] < pos[cid] for r in revealers):
                out.append(Violation(Condition.NO_LEAK, (cid, *revealers), _leak_text(block, c, fact)))
    for k in block.barriers:
        label = block.barrier_labels[block.barriers.index(k)] if block.barrier_labels else "a pause"
        late = [a for a in block.ids if perf[a] >= k]
        early = [a for a in block.ids if perf[a] < k]
        for a in late:
            for b in early:
                if pos[a] < pos[b]:
                    out.append(Violation(Condition.NO_INTERACTION, (a, b),
                                         f"'{block.action(a)}' was taken after {label} but belongs "
                                         f"before '{block.action(b)}': a retroactive action, not a "
                                         "reordering"))
    if block.added or block.forgotten:
        parts = [f"added: {x}" for x in block.added] + [f"forgotten: {x}" for x in block.forgotten]
        out.append(Violation(Condition.NOTHING_ADDED_OR_FORGOTTEN, (), "; ".join(parts)))
    return _dedupe(out)


def _leak_text(block: Block, choice: Action, fact: str) -> str:
    assert choice.choice is not None
    who = choice.choice.chooser
    return (f"{who} knew {block.describe_fact(fact, who)} before choosing "
            f"{choice.choice.description} ('{choice.text}')")


def _dedupe(items: list[Violation]) -> list[Violation]:
    seen, out = set(), []
    for v in items:
        key = (v.condition, v.text)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def failed_conditions(block: Block, order: Sequence[str]) -> frozenset[Condition]:
    return frozenset(v.condition for v in evaluate(block, order))
