"""The rules, one package per area; ``asp`` and ``smt`` are the two solver drivers.

Every solver call has a budget (DESIGN §4): clingo a wall-clock limit through the solve
handle and a conflict limit, z3 a resource limit. An exhausted budget is reported as
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

    seconds: float = 60.0
    """clingo: wall-clock seconds per solve call, enforced through the solve handle."""
    conflicts: int = 20_000_000
    """clingo: conflicts per solve call (``--solve-limit``): the same on every machine."""
    rlimit: int = 50_000_000
    """z3: resource units per check (``rlimit``): the same on every machine."""


_BUDGET: ContextVar[Budget] = ContextVar("mtgrules_budget", default=Budget())  # noqa: B039 (frozen)


def budget() -> Budget:
    """The budget in force."""
    return _BUDGET.get()


@contextmanager
def limited(limits: Budget) -> Iterator[Budget]:
    """Run the enclosed solver calls under ``limits``."""
    token = _BUDGET.set(limits)
    try:
        yield limits
    finally:
        _BUDGET.reset(token)
