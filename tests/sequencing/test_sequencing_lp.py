"""sequencing.lp and sequencing_orders.lp on hand-written facts: the exact answer sets."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

ALL = ("legal_in_order", "same_state", "no_leak", "no_interaction")
# x then y performed; the rules put y first (written order); flipping them changes the state
FLIP = ('action("x"). action("y"). perf("x",0). perf("y",1). '
        'prec("y","x","resolve.written-order"). conflict("x","y"). flipbad("x","y",same_state).')
# a choice c made after a draw d that revealed f; with two options the choice is free
LEAK = ('action("c"). action("d"). perf("d",0). perf("c",1). prec("c","d","resolve.written-order"). '
        'choice("c","a",2,1). leakfact("c","f"). revealer("c","f","d").')
CASES = {
    "a needed flip breaks the same state: no order meets every condition": (FLIP, ALL, []),
    "with same-state switched off, the one order and what it breaks": (
        FLIP, ("legal_in_order", "no_leak", "no_interaction"),
        [['first("y","x")', "viol(same_state)"]]),
    "a choice made after a reveal it should have preceded leaks": (LEAK, ALL, []),
    "with no-leak off, the correct order shows the leak": (
        LEAK, ("legal_in_order", "same_state", "no_interaction"),
        [['first("c","d")', 'leak("c","f")', "viol(no_leak)"]]),
    "a forced choice learns nothing useful": (
        LEAK.replace('choice("c","a",2,1)', 'choice("c","a",1,1)'), ALL, [['first("c","d")']]),
    "two commuting actions: nothing to orient": (
        'action("x"). action("y"). perf("x",0). perf("y",1). prec("y","x","resolve.written-order").',
        ALL, [[]]),
}


@pytest.mark.parametrize(("facts", "on", "expected"), CASES.values(), ids=CASES.keys())
def test_sequencing_lp_answer_sets(facts, on, expected):
    assert answer_sets("sequencing/sequencing", facts, on=on) == normal(expected)


ORDERS = {
    "two actions with no precedence: both performed orders stand": (
        'action("x"). action("y"). cond(legal_in_order).', [['pfirst("x","y")'], ['pfirst("y","x")']]),
    "a flip that breaks legality: any performed order stands, the correct one keeps x first": (
        'action("x"). action("y"). conflict("x","y"). flipbad("x","y",legal_in_order). '
        'cond(legal_in_order).', [['pfirst("x","y")'], ['pfirst("y","x")']]),
    "a draw that informs a free choice must come after it": (
        'action("c"). action("d"). prec("c","d","resolve.written-order"). choice("c","a",2,1). '
        'reveal("d","f","a"). cond(no_leak).', [['pfirst("c","d")']]),
}


@pytest.mark.parametrize(("facts", "expected"), ORDERS.values(), ids=ORDERS.keys())
def test_sequencing_orders_lp_answer_sets(facts, expected):
    found = answer_sets("sequencing/sequencing_orders", facts, options=("--project",))
    assert found == normal(expected)
