"""Sequencing (MTR 4.3): whether a correct order of a block meets the conditions.

Two independent encodings decide it: ``sequencing.lp`` (clingo; ``sequencing_orders.lp``
enumerates the standing performed orders) and ``smt.py`` (z3). The block itself — the
correct order the rules call for — is built by ``plan.py``, ``lines.py`` and ``execute.py``.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.sequencing.execute import canonical_order
from mtgrules.encodings.sequencing.smt import SequencingSmt
from mtgrules.model.actions import CONDITIONS, ORDER_CONDITIONS, Block, Condition
from mtgrules.model.edition import Edition, rule_holds
from mtgrules.model.errors import UnsupportedQuestion

_COND_TERM = {c: c.value.replace("-", "_") for c in CONDITIONS}
_TERM_COND = {v: k for k, v in _COND_TERM.items()}


def block_facts(block: Block) -> list[str]:
    """ASP facts for a block (the inputs documented in ``sequencing.lp``)."""
    f = asp.fact
    out = []
    for i, a in enumerate(block.actions):
        out += [f("action", a.id), f("perf", a.id, i)]
        if a.choice is not None:
            out.append(f("choice", a.id, a.choice.chooser, a.choice.base,
                         min(a.choice.forced_at_most, 10 ** 6)))
            out += [f("delta", x, a.id, d) for x, d in a.choice.option_deltas]
    out += [f("prec", p.before, p.after, p.rule) for p in block.precedences]
    out += [f("barrier", k) for k in block.barriers]
    for c in block.conflicts:
        out.append(f("conflict", c.first, c.second))
        out += [f"flipbad({asp.term(c.first)},{asp.term(c.second)},{_COND_TERM[x]})."
                for x in c.if_flipped]
        out += [f"keptbad({asp.term(c.first)},{asp.term(c.second)},{_COND_TERM[x]})."
                for x in c.if_kept]
    out += [f("always_illegal", a) for a in block.always_illegal]
    for cid, facts in block.leak_candidates().items():
        for fact, revealers in facts.items():
            out.append(f("leakfact", cid, fact))
            out += [f("revealer", cid, fact, r) for r in revealers]
    return out


def reveal_facts(block: Block) -> list[str]:
    """Every reveal and the knowledge before the block (for ``sequencing_orders.lp``)."""
    f = asp.fact
    out = [f("reveal", a.id, r.fact, r.player) for a in block.actions for r in a.reveals]
    facts = {r.fact for a in block.actions for r in a.reveals}
    out += [f("known0", p, fact) for p, fact in block.initially_known if fact in facts]
    return out


class SequencingAsp:
    """One grounded clingo program per block; conditions switched by externals."""

    def __init__(self, block: Block, edition: Edition, total: bool = False, models: int = 1):
        self.block = block
        self.edition = edition
        self.ctl = asp.ground(["sequencing/sequencing"], block_facts(block) + (["total."] if total else []),
                              edition, [str(models)])

    def _switch(self, enabled: set[Condition]) -> None:
        for c in ORDER_CONDITIONS:
            self.ctl.assign_external(clingo.Function("on", [clingo.Function(_COND_TERM[c])]),
                                     c in enabled)

    def solve(self, enabled: Iterable[Condition]) -> list[str] | None:
        enabled = set(enabled)
        self._switch(enabled)
        found: list[Sequence[clingo.Symbol]] = []

        def first(model: clingo.Model) -> bool:
            found.append(model.symbols(shown=True))
            return False  # one model is enough

        asp.run(self.ctl, first)
        if not found:
            return None
        return self._order(found[0], enabled)

    def _order(self, model: Sequence[clingo.Symbol], enabled: set[Condition]) -> list[str]:
        firsts = [(x, y) for x, y in asp.atoms(model, "first")]
        extra = list(firsts)
        if Condition.NO_INTERACTION in enabled:
            extra += _barrier_pairs(self.block)
        precs = [p for p in self.block.precedences if rule_holds(p.rule, self.edition)]
        return canonical_order(self.block.ids, precs, extra)

    def orders(self, enabled: Iterable[Condition]) -> Iterable[list[str]]:
        """Every correct order meeting ``enabled`` (grounded with ``total=True``)."""
        self._switch(set(enabled))
        for model in asp.each_model(self.ctl):
            firsts = asp.atoms(model, "first")
            before = {a: 0 for a in self.block.ids}
            for x, _ in firsts:
                before[x] += 1
            yield sorted(self.block.ids, key=lambda a: -before[a])


def _barrier_pairs(block: Block) -> list[tuple[str, str]]:
    """Every action performed before a reaction or pause comes before every one after it."""
    return [(a, b) for k in block.barriers for a in block.ids[:k] for b in block.ids[k:]]


def make_backend(block: Block, edition: Edition, backend: str):
    if backend == "asp":
        return SequencingAsp(block, edition)
    if backend == "smt":
        return SequencingSmt(block, edition)
    raise ValueError(f"unknown backend '{backend}': expected asp or smt")


# -- deciding ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """Whether the block stands, the failed conditions, and an order showing it."""

    stands: bool
    failed: tuple[Condition, ...]
    order: tuple[str, ...] | None
    """A witness correct order (when it stands), or the correct order closest to standing:
    it breaks exactly the failed order conditions."""


def decide(block: Block, edition: Edition | None = None, backend: str = "asp") -> Decision:
    """Decide with one backend. ``failed`` is the smallest set of conditions (first in the
    order of DESIGN §5.4 on ties) whose relaxation lets some correct order meet the rest;
    every condition that no correct order can meet is in it."""
    edition = edition or Edition.newest()
    solver = make_backend(block, edition, backend)
    added = bool(block.added or block.forgotten)
    extra = (Condition.NOTHING_ADDED_OR_FORGOTTEN,) if added else ()
    order = solver.solve(ORDER_CONDITIONS)
    if order is not None:
        return Decision(not added, extra, _replayed(block, order, ORDER_CONDITIONS))
    for size in range(1, len(ORDER_CONDITIONS) + 1):
        for relaxed in itertools.combinations(ORDER_CONDITIONS, size):
            enabled = [c for c in ORDER_CONDITIONS if c not in relaxed]
            order = solver.solve(enabled)
            if order is not None:
                return Decision(False, tuple(relaxed) + extra, _replayed(block, order, enabled))
    raise UnsupportedQuestion("no correct order exists at all: the rules' precedences form a cycle")


def _replayed(block: Block, order: Sequence[str], enabled: Iterable[Condition]) -> tuple[str, ...]:
    """The order, once a full replay from the starting state confirms what the solver found
    pair by pair. Should several swaps interact in a way no single swap shows, the question
    is outside what the model covers: that is said, never guessed."""
    if block.replay is not None:
        problem = block.replay(order)
        if problem is not None and problem.condition in set(enabled):
            raise UnsupportedQuestion(
                f"the order found by judging swaps pair by pair fails when replayed in full "
                f"({problem.condition}: {problem.text}); blocks whose swaps interact beyond pairs "
                "are not modelled")
    return tuple(order)


@dataclass(frozen=True)
class StandingOrders:
    count: int
    """How many performed orders of the block's actions stand."""
    orders: tuple[tuple[str, ...], ...]
    """Those orders (up to the limit asked for), as action ids."""
    total: int
    """How many orders of the block there are at all (n!)."""


def standing_orders(block: Block, edition: Edition | None = None, limit: int | None = None,
                    conditions: Iterable[Condition | str] = (Condition.LEGAL_IN_ORDER,
                                                             Condition.SAME_STATE, Condition.NO_LEAK)
                    ) -> StandingOrders:
    """Of all the orders in which the block's actions could have been performed, the ones
    that would stand, and how many there are (``conditions`` chooses which must hold; the
    default is all that depend on order; reactions and pauses are left out, so the block is
    one batch). clingo enumerates only the standing orders, projected on the performed order,
    never the n! permutations one by one."""
    edition = edition or Edition.newest()
    total = math.factorial(len(block.actions))
    if block.added or block.forgotten:
        return StandingOrders(0, (), total)
    wanted = [Condition(c) for c in conditions]
    conds = [f"cond({_COND_TERM[c]})." for c in wanted if c in ORDER_CONDITIONS]
    ctl = asp.ground(["sequencing/sequencing_orders"], block_facts(block) + reveal_facts(block) + conds,
                     edition, ["0", "--project"])
    found = []
    for model in asp.each_model(ctl):
        before = {a: 0 for a in block.ids}
        for x, _ in asp.atoms(model, "pfirst"):
            before[x] += 1
        found.append(tuple(sorted(block.ids, key=lambda a: -before[a])))
    found.sort()
    return StandingOrders(len(found), tuple(found[:limit] if limit else found), total)


def witness_orders(block: Block, edition: Edition | None = None) -> tuple[tuple[str, ...], ...]:
    """Every correct order that shows the block (as performed) stands: each model of the
    program with every pair oriented is one such total order."""
    edition = edition or Edition.newest()
    if block.added or block.forgotten:
        return ()
    solver = SequencingAsp(block, edition, total=True, models=0)
    return tuple(sorted(tuple(o) for o in solver.orders(ORDER_CONDITIONS)))
