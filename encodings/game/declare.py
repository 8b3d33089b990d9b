"""Requirements on a declaration of attackers or blockers (CR 508.1d, 509.1c; 500.4 of the 2008
editions), decided by ``declare.lp``: the most requirements some declaration obeying every
restriction can obey, and whether the declaration judged obeys as many.

The simulation's driver (``simulate``) calls :func:`judge` where the step program shows a
declaration checked while a requirement is in play (``declaration_check/2``), with the facts
the core derives there (``declare_fact/2``, passed on as they are); where the answer says the
declaration falls short, the step is solved again with ``requirements_short(K)`` true and the
core's own rules stop the trace. Nothing is counted or compared here.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import clingo

from mtgrules.encodings import asp
from mtgrules.model.edition import Edition

if TYPE_CHECKING:
    from mtgrules.encodings.game.step import Stepper

PROGRAM = ("game/declare",)


@dataclass(frozen=True)
class Judgement:
    """The optimal answer of ``declare.lp``."""

    short: bool
    """The declaration judged obeys fewer requirements than the most a legal one could."""
    shown: tuple[clingo.Symbol, ...]
    """Its shown atoms: ``obeyed(D,N)``, ``in_attack(best,O)``, ``in_block(best,B,A)``, ``short``."""


def judge(facts: Sequence[clingo.Symbol], edition: Edition) -> Judgement:
    """The optimal answer of ``declare.lp`` on ``facts`` (the core's ``declare_fact`` atoms'
    facts) under ``edition``: solved to a proven optimum within the budget."""
    # core-guided optimisation (usc): the bound comes from unsatisfiable cores of "obeys more"
    # (on 8 attackers x 8 blockers with Lure and menace: 0.02 s, where branch-and-bound takes 1.5)
    ctl = asp.ground(PROGRAM, facts, edition, ["--opt-mode=opt", "--opt-strategy=usc"])
    found: list[clingo.Symbol] = []

    def keep(model: clingo.Model) -> None:
        found[:] = model.symbols(shown=True)

    result = asp.run(ctl, keep)
    if not result.satisfiable:  # the empty declaration obeys every restriction: never
        raise RuntimeError("declare.lp has no answer (an inconsistency in the encoding: please report it)")
    return Judgement(any(s.name == "short" for s in found), tuple(found))


def recheck(stepper: Stepper, at_now: list[clingo.Symbol], now: int, edition: Edition
            ) -> tuple[list[clingo.Symbol], list[clingo.Symbol], dict[str, list[clingo.Symbol]]] | None:
    """Where the step the simulation is at checks a declaration while a requirement is in play
    (``at_now``: its atoms of time 0), the step again with ``requirements_short(K)`` true if
    ``declare.lp`` finds the declaration short — its atoms (``stepper.read``'s three parts), with
    ``declared(K,Atom,0)`` for each atom of the answer (the words of the stop) — or ``None``."""
    checks = [s for s in at_now if s.name == "declaration_check"]
    if not checks:
        return None
    entry = checks[0].arguments[0]
    # sorted: the same facts in the same order, the same answer (and witness) in every process
    judgement = judge(sorted(s.arguments[0] for s in at_now if s.name == "declare_fact"), edition)
    if not judgement.short:
        return None
    # the external is false in every other solve; true for this one only
    atom = clingo.Function("requirements_short", [entry])
    if stepper.ctl.symbolic_atoms[atom] is None:
        raise RuntimeError("requirements_short is not grounded for a declaration entry (an "
                           "inconsistency in the encoding: please report it)")
    stepper.ctl.assign_external(atom, True)
    try:
        models = stepper.solve_all()
    finally:
        stepper.ctl.assign_external(atom, False)
    if len(models) != 1:
        raise RuntimeError("the step has no single answer once the declaration is found short (an "
                           "inconsistency in the encoding: please report it)")
    again_now, again_next, control = stepper.read(models[0], now)
    words = [clingo.Function("declared", [entry, s, clingo.Number(0)]) for s in judgement.shown]
    return [*again_now, *words], again_next, control
