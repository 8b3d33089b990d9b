"""Solving one .lp program on hand-written facts and listing its exact answer sets (the way
clingo's own tests compare models): sorted lists of shown atoms, sorted; ``[]`` is UNSAT."""
from __future__ import annotations

import clingo

from mtgrules.encodings import asp
from mtgrules.model.edition import Edition


def answer_sets(program: str | tuple[str, ...], facts: str, edition: str = "2026-08-07",
                on: tuple[str, ...] = (), options: tuple[str, ...] = ()) -> list[list[str]]:
    """Every answer set of ``program`` (``area/file``, or a tuple of them) with ``facts`` under ``edition``;
    ``on`` names ``on(C)`` externals set true (the rest stay false)."""
    programs = [program] if isinstance(program, str) else list(program)
    ctl = asp.ground(programs, [facts], Edition(edition), ["0", *options])
    for condition in on:
        ctl.assign_external(clingo.Function("on", [clingo.Function(condition)]), True)
    return sorted(sorted(str(s) for s in model) for model in asp.each_model(ctl))


def normal(expected: list[list[str]]) -> list[list[str]]:
    """Hand-written expected answer sets in the order ``answer_sets`` lists them."""
    return sorted(sorted(model) for model in expected)
