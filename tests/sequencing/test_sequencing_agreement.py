"""ASP, SMT and a brute-force oracle agree on generated blocks (MTR 4.3, DESIGN §5.4).

The oracle lives here, written independently of the encodings and of
``mtgrules.encodings.sequencing.judge.evaluate``: it tries every permutation of a small block.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.encodings.sequencing import decide, standing_orders, witness_orders
from mtgrules.encodings.sequencing.judge import failed_conditions, is_correct_order
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

PLAYERS = ("alice", "bob")
RULE = "resolve.written-order"


# -- the oracle -------------------------------------------------------------------------------

def oracle_violations(block: Block, order: tuple[str, ...]) -> set[Condition]:
    """The order conditions ``order`` breaks, judged directly."""
    pos = {a: i for i, a in enumerate(order)}
    perf = {a.id: i for i, a in enumerate(block.actions)}
    broken: set[Condition] = set()
    if block.always_illegal:
        broken.add(Condition.LEGAL_IN_ORDER)
    for c in block.conflicts:
        flipped = pos[c.second] < pos[c.first]
        broken |= set(c.if_flipped if flipped else c.if_kept)
    for k in block.barriers:
        if any(pos[a] < pos[b] for a in block.ids for b in block.ids
               if perf[a] >= k > perf[b]):
            broken.add(Condition.NO_INTERACTION)
    for c in block.actions:
        if c.choice is None:
            continue
        p = c.choice.chooser
        knew_as_performed = {r.fact for a in block.actions[:perf[c.id]] for r in a.reveals
                             if r.player == p} - {f for q, f in block.initially_known if q == p}
        knows_in_order = {r.fact for a in block.actions if pos[a.id] < pos[c.id] and a.id != c.id
                          for r in a.reveals if r.player == p}
        options = c.choice.base + sum(d for x, d in c.choice.option_deltas if pos[x] < pos[c.id])
        if options > c.choice.forced_at_most and knew_as_performed - knows_in_order:
            broken.add(Condition.NO_LEAK)
    return broken


def oracle(block: Block) -> tuple[bool, tuple[Condition, ...], int]:
    """(stands, failed conditions, number of standing orders), by trying every permutation."""
    broken_sets = [oracle_violations(block, order) for order in itertools.permutations(block.ids)
                   if all(order.index(p.before) < order.index(p.after) for p in block.precedences)]
    added = bool(block.added or block.forgotten)
    extra = (Condition.NOTHING_ADDED_OR_FORGOTTEN,) if added else ()
    standing = sum(1 for b in broken_sets if not b)
    for size in range(len(ORDER_CONDITIONS) + 1):
        for relaxed in itertools.combinations(ORDER_CONDITIONS, size):
            if any(b <= set(relaxed) for b in broken_sets):
                return (not relaxed and not added, tuple(relaxed) + extra,
                        0 if added else standing)
    raise AssertionError("a block always has some correct order")


# -- generated blocks -------------------------------------------------------------------------

@st.composite
def blocks(draw, max_actions: int = 6) -> Block:
    n = draw(st.integers(2, max_actions))
    ids = [f"a{i}" for i in range(n)]
    topo = draw(st.permutations(ids))
    rank = {a: i for i, a in enumerate(topo)}
    precs = []
    for a, b in itertools.combinations(ids, 2):
        if draw(st.integers(0, 9)) < 3:
            x, y = sorted((a, b), key=rank.get)
            precs.append(Precedence(x, y, RULE))
    facts = [f"f{i}" for i in range(draw(st.integers(0, 3)))]
    actions = []
    for a in ids:
        reveals = tuple(Reveal(f, draw(st.sampled_from(PLAYERS)))
                        for f in facts if draw(st.integers(0, 9)) < 3)
        choice = None
        if draw(st.booleans()):
            others = [x for x in ids if x != a]
            deltas = tuple((x, draw(st.sampled_from([-1, 1])))
                           for x in others if draw(st.integers(0, 9)) < 2)
            choice = Choice(draw(st.sampled_from(PLAYERS)), "a choice", draw(st.integers(0, 3)),
                            draw(st.integers(0, 2)), deltas)
        actions.append(Action(a, "alice", f"action {a}", "test", choice=choice, reveals=reveals))
    conflicts = []
    for i, j in itertools.combinations(range(n), 2):
        if draw(st.integers(0, 9)) < 2:
            flipped = frozenset(draw(st.sets(st.sampled_from(
                [Condition.LEGAL_IN_ORDER, Condition.SAME_STATE]), max_size=2)))
            kept = frozenset({Condition.LEGAL_IN_ORDER}) if draw(st.integers(0, 9)) == 0 else frozenset()
            conflicts.append(Conflict(ids[i], ids[j], flipped, kept))
    barriers = tuple(sorted(draw(st.sets(st.integers(1, n - 1), max_size=1))))
    known = frozenset((p, f) for p in PLAYERS for f in facts if draw(st.integers(0, 9)) == 0)
    return Block(actions=tuple(actions), precedences=tuple(precs), barriers=barriers,
                 barrier_labels=tuple("a pause" for _ in barriers), conflicts=tuple(conflicts),
                 always_illegal=("a0",) if draw(st.integers(0, 19)) == 0 else (),
                 initially_known=known,
                 added=("an extra action",) if draw(st.integers(0, 14)) == 0 else ())


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(blocks())
def test_asp_smt_and_oracle_agree(block):
    stands, failed, _ = oracle(block)
    for backend in ("asp", "smt"):
        decision = decide(block, backend=backend)
        assert (decision.stands, decision.failed) == (stands, failed), backend


@SETTINGS
@given(blocks())
def test_the_order_returned_breaks_exactly_the_failed_conditions(block):
    for backend in ("asp", "smt"):
        decision = decide(block, backend=backend)
        assert decision.order is not None and is_correct_order(block, decision.order)
        expected = set(decision.failed) - {Condition.NOTHING_ADDED_OR_FORGOTTEN}
        order_failures = failed_conditions(block, decision.order) - {
            Condition.NOTHING_ADDED_OR_FORGOTTEN}
        assert order_failures == expected
        assert oracle_violations(block, decision.order) == expected


def oracle_performed_stands(block: Block, performed: tuple[str, ...]) -> bool:
    """Would the block stand had its actions been performed in ``performed`` (no pauses)?
    Conflicts read absolutely: a legality flag belongs to a relative order, a state flag
    means the two orders must agree on the pair."""
    if block.always_illegal:
        return False
    ppos = {a: i for i, a in enumerate(performed)}
    by_id = {a.id: a for a in block.actions}
    for order in itertools.permutations(block.ids):
        pos = {a: i for i, a in enumerate(order)}
        if any(pos[p.before] > pos[p.after] for p in block.precedences):
            continue
        ok = True
        for c in block.conflicts:
            s_flip = pos[c.second] < pos[c.first]
            p_flip = ppos[c.second] < ppos[c.first]
            if Condition.LEGAL_IN_ORDER in (c.if_flipped if s_flip else c.if_kept):
                ok = False
            if Condition.SAME_STATE in c.if_flipped and s_flip != p_flip:
                ok = False
        for c in block.actions:
            if not ok or c.choice is None:
                continue
            p = c.choice.chooser
            init = {f for q, f in block.initially_known if q == p}
            knew = {r.fact for a in block.ids if ppos[a] < ppos[c.id] for r in by_id[a].reveals
                    if r.player == p} - init
            knows = {r.fact for a in block.ids if pos[a] < pos[c.id] for r in by_id[a].reveals
                     if r.player == p}
            options = c.choice.base + sum(d for x, d in c.choice.option_deltas if pos[x] < pos[c.id])
            if options > c.choice.forced_at_most and knew - knows:
                ok = False
        if ok:
            return True
    return False


@settings(max_examples=25, deadline=None)
@given(blocks(max_actions=4))
def test_enumeration_finds_exactly_the_performed_orders_that_stand(block):
    expected = set() if block.added else {
        perm for perm in itertools.permutations(block.ids) if oracle_performed_stands(block, perm)}
    found = standing_orders(block)
    assert set(found.orders) == expected and found.count == len(expected)


@settings(max_examples=25, deadline=None)
@given(blocks(max_actions=5))
def test_witness_orders_are_the_correct_orders_that_stand(block):
    _, _, count = oracle(block)
    found = witness_orders(block)
    assert len(set(found)) == count
    for order in found:
        assert is_correct_order(block, order) and not oracle_violations(block, order)


def test_oracle_sees_a_leak():
    """A hand-made block the oracle must reject: a fact revealed before a free choice that the
    correct order makes first."""
    block = Block(actions=(
        Action("a0", "alice", "alice draws 3", "draw", reveals=(Reveal("f", "alice"),)),
        Action("a1", "alice", "alice returns X", "return",
               choice=Choice("alice", "between X and Y", base=2, forced_at_most=1))),
        precedences=(Precedence("a1", "a0", RULE),))
    assert oracle(block)[:2] == (False, (Condition.NO_LEAK,))
    assert decide(block, backend="asp").failed == (Condition.NO_LEAK,)
    assert decide(block, backend="smt").failed == (Condition.NO_LEAK,)


@pytest.mark.parametrize("backend", ["asp", "smt"])
def test_forced_choice_does_not_leak(backend):
    block = Block(actions=(
        Action("a0", "alice", "alice draws 3", "draw", reveals=(Reveal("f", "alice"),)),
        Action("a1", "alice", "alice returns X", "return",
               choice=Choice("alice", "X, the only option", base=1, forced_at_most=1))),
        precedences=(Precedence("a1", "a0", RULE),))
    decision = decide(block, backend=backend)
    assert decision.stands and decision.order == ("a1", "a0")
