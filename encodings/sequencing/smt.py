"""Out-of-order sequencing (MTR 4.3) in z3, independent of the ASP encoding.

Every action gets an integer position ``pos@a``; a precedence is ``pos@a < pos@b``. Positions
need not be distinct: two actions with equal positions have no path between them, so any
tie-break gives a linear extension. Relevant pairs (conflicts, option changes, reveals before
choices) get a Boolean ``kept@x@y`` saying whether the order keeps them as performed. A
reaction or pause is a position ``bar@k`` that everything performed before it precedes and
everything after it follows. Each order-dependent condition is a Boolean ``viol@…`` and is
switched on by assuming its negation, so one solver answers every combination.

The constraints are difference constraints plus one linear sum per choice: the problem stays
small (linear in precedences + relevant pairs) however long the block.
"""
from __future__ import annotations

from collections.abc import Iterable

import z3

from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.actions import ORDER_CONDITIONS, Block, Condition
from mtgrules.model.edition import Edition, rule_holds


class SequencingSmt:
    """The z3 problem for one block under one edition."""

    def __init__(self, block: Block, edition: Edition):
        self.block = block
        self.ctx = z3.Context()
        s = self.solver = make_solver(self.ctx)
        ctx = self.ctx
        perf = {a: i for i, a in enumerate(block.ids)}
        self.pos = {a: z3.Int(f"pos@{a}", ctx) for a in block.ids}
        for p in block.precedences:
            if rule_holds(p.rule, edition):
                s.add(self.pos[p.before] < self.pos[p.after])

        # relevant pairs, keyed (earlier performed, later performed)
        pairs: set[tuple[str, str]] = set()

        def touch(x: str, y: str) -> None:
            if x != y:
                pairs.add((x, y) if perf[x] < perf[y] else (y, x))

        for c in block.conflicts:
            touch(c.first, c.second)
        for a in block.choices():
            assert a.choice is not None
            for x, _ in a.choice.option_deltas:
                touch(x, a.id)
        leaks = block.leak_candidates()
        for cid, facts in leaks.items():
            for revealers in facts.values():
                for r in revealers:
                    touch(r, cid)
        self.kept = {}
        for x, y in sorted(pairs):
            k = self.kept[(x, y)] = z3.Bool(f"kept@{x}@{y}", ctx)
            s.add(z3.If(k, self.pos[x] < self.pos[y], self.pos[y] < self.pos[x]))

        # condition 4: barriers as positions, switched on by an assumption
        self.switch = {c: z3.Bool(f"on@{c.value}", ctx) for c in ORDER_CONDITIONS}
        on_ni = self.switch[Condition.NO_INTERACTION]
        for n, k in enumerate(block.barriers):
            bar = z3.Int(f"bar@{n}", ctx)
            for aid, i in perf.items():
                s.add(z3.Implies(on_ni, self.pos[aid] < bar if i < k else bar < self.pos[aid]))

        false = z3.BoolVal(False, ctx)
        legal, state = [], []
        for c in block.conflicts:
            kept = self.kept[(c.first, c.second)]
            if Condition.LEGAL_IN_ORDER in c.if_flipped:
                legal.append(z3.Not(kept))
            if Condition.SAME_STATE in c.if_flipped:
                state.append(z3.Not(kept))
            if Condition.LEGAL_IN_ORDER in c.if_kept:
                legal.append(kept)
        if block.always_illegal:
            legal.append(z3.BoolVal(True, ctx))
        leak_terms = []
        self.leak_atoms: dict[tuple[str, str], z3.BoolRef] = {}
        for cid, facts in leaks.items():
            choice = block.action(cid).choice
            assert choice is not None
            count = z3.IntVal(choice.base, ctx) + z3.Sum(
                [z3.If(self._first(x, cid), z3.IntVal(d, ctx), z3.IntVal(0, ctx))
                 for x, d in choice.option_deltas] or [z3.IntVal(0, ctx)])
            free = count > choice.forced_at_most
            for fact, revealers in facts.items():
                known = z3.Or([self._first(r, cid) for r in revealers] or [false])
                atom = z3.And(free, z3.Not(known))
                self.leak_atoms[(cid, fact)] = atom
                leak_terms.append(atom)
        self.viol = {
            Condition.LEGAL_IN_ORDER: z3.Or(legal or [false]),
            Condition.SAME_STATE: z3.Or(state or [false]),
            Condition.NO_LEAK: z3.Or(leak_terms or [false]),
        }

    def _first(self, x: str, y: str) -> z3.BoolRef:
        """x comes before y (a relevant pair)."""
        if (x, y) in self.kept:
            return self.kept[(x, y)]
        return z3.Not(self.kept[(y, x)])

    def solve(self, enabled: Iterable[Condition]) -> list[str] | None:
        """A correct order meeting the ``enabled`` conditions, or None when there is none."""
        enabled = set(enabled)
        assumptions = [self.switch[c] if c in enabled else z3.Not(self.switch[c])
                       for c in ORDER_CONDITIONS]
        for cond, v in self.viol.items():
            if cond in enabled:
                assumptions.append(z3.Not(v))
        if not check(self.solver, *assumptions):
            return None
        model = self.solver.model()
        perf = {a: i for i, a in enumerate(self.block.ids)}
        value = {a: model.eval(p, model_completion=True).as_long() for a, p in self.pos.items()}
        return sorted(self.block.ids, key=lambda a: (value[a], perf[a]))
