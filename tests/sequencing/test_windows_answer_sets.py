"""Exact answer sets of windows.lp: which rule gave a player priority at each priority window of
a block's correct run, read from the rules the run's events cite (cite.lp's keys)."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

CASES = {
    "a step's own rule says more than the general one at its beginning": (
        'priority_at(3). cites("turn.upkeep",3). cites("priority.active-first",3).',
        [['gave_priority(3,"turn.upkeep")']]),
    "the latest event behind such a rule gave it, not an earlier one": (
        'priority_at(5). cites("priority.active-first",2). cites("priority.after-action",4). '
        'cites("stack.lifo",5).',
        [['gave_priority(5,"priority.after-action")']]),
    "after a resolution, not after the pass that led to it": (
        'priority_at(6). cites("priority.pass",5). cites("priority.after-resolution",6).',
        [['gave_priority(6,"priority.after-resolution")']]),
    "no such rule before the window: the active player received it as the step began": (
        'priority_at(2). cites("turn.untap",1). cites("priority.pass",3).',
        [['gave_priority(2,"priority.active-first")']]),
    "each window its own": (
        'priority_at(2). priority_at(4). cites("turn.draw",2). cites("priority.pass",3).',
        [['gave_priority(2,"turn.draw")', 'gave_priority(4,"priority.pass")']]),
}


@pytest.mark.parametrize(("facts", "expected"), CASES.values(), ids=CASES.keys())
def test_windows_lp_answer_sets(facts, expected):
    assert answer_sets("sequencing/windows", facts) == normal(expected)
