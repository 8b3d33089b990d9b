"""The z3 driver: one solver factory for the whole project (fixed seed, resource limit)."""
from __future__ import annotations

import z3

from mtgrules.encodings import budget
from mtgrules.model.errors import BudgetExhausted

# A resource limit (``Budget.rlimit``) instead of a wall-clock timeout, and a fixed seed: the
# same question gets the same answer (or the same "out of budget") on every machine.
RANDOM_SEED = 7


def make_solver(context: z3.Context | None = None, optimize: bool = False) -> z3.Solver | z3.Optimize:
    solver = z3.Optimize(ctx=context) if optimize else z3.SolverFor("QF_LIA", ctx=context)
    solver.set("random_seed", RANDOM_SEED)
    solver.set("rlimit", budget().rlimit)
    return solver


def check(solver: z3.Solver | z3.Optimize, *assumptions: z3.BoolRef) -> bool:
    """True when satisfiable, False when not; an exhausted budget is raised, never a verdict."""
    result = solver.check(*assumptions)
    if result == z3.unknown:
        raise BudgetExhausted(f"z3 gave up: {solver.reason_unknown()}")
    return bool(result == z3.sat)
