"""The rules, one package per area; ``asp`` and ``smt`` are the two solver drivers.

Every question has a budget (DESIGN §4) counted in solver work, the same on every machine:
clingo's conflicts per solve call, the atoms a question grounds (checked as a question grounds
step by step), z3's resource units. A wall-clock limit stays only as a last guard against a
machine too slow or too busy, and says so when it fires. An exhausted budget is reported as
``BudgetExhausted`` ("unsupported: budget"), never as a verdict. ``Budget`` holds the limits;
``with limited(Budget(...)):`` runs questions under other limits (the default suits the
built-in library with a wide margin).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """The limits of one solver call."""

    seconds: float = 300.0
    """clingo: the last guard, in wall-clock seconds per solve call (and per growing trace or
    search): it depends on the machine and its load, so it fires only far beyond what the
    question's own budget allows on an ordinary machine, and says it is the guard."""
    conflicts: int = 20_000_000
    """clingo: conflicts per solve call (``--solve-limit``): the same on every machine."""
    ground_atoms: int = 350_000
    """clingo: the atoms a question may ground (its memory: about 1 KB each), checked as the
    temporal core and the sequencing judge ground step by step: the same on every machine."""
    rlimit: int = 50_000_000
    """z3: resource units per check (``rlimit``): the same on every machine."""


_BUDGET: ContextVar[Budget | None] = ContextVar("mtgrules_budget", default=None)
_process_budget = Budget()
"""The budget where no ``limited`` block sets one: a module global, not only a context
variable's default, so that worker processes forked later (from a pool's own thread, whose
context starts empty) inherit what ``set_default_budget`` set."""


def budget() -> Budget:
    """The budget in force: the innermost ``limited`` block's, else the process's."""
    return _BUDGET.get() or _process_budget


def set_default_budget(limits: Budget) -> Budget:
    """Make ``limits`` the budget of every question of this process (and of the worker
    processes it starts) outside a ``limited`` block, as ``mtgrules --budget`` does; returns
    the budget it replaces, to put back."""
    global _process_budget
    previous, _process_budget = _process_budget, limits
    return previous


@contextmanager
def limited(limits: Budget) -> Iterator[Budget]:
    """Run the enclosed solver calls under ``limits``."""
    token = _BUDGET.set(limits)
    try:
        yield limits
    finally:
        _BUDGET.reset(token)
