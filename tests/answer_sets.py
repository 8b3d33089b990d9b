"""Solving one .lp program on hand-written facts and listing its exact answer sets (the way
clingo's own tests compare models): sorted lists of shown atoms, sorted; ``[]`` is UNSAT.

``answer_sets`` for a program grounded at once, ``optimal_answer_sets`` for one with weak
constraints and parts of its own (judge.lp), ``Steps`` for the core's step program
(``encodings/game/step.py``: one event per solve), driven through the Stepper's public methods."""
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


# -- the core's step program (encodings/game/step.py), one event per solve ---------------------

def facts(text: str) -> list[clingo.Symbol]:
    """Hand-written facts (``a(1). b("x",y).``) as symbols."""
    out: list[clingo.Symbol] = []
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    for atom in ctl.symbolic_atoms:
        if atom.is_fact:
            out.append(atom.symbol)
    return sorted(out)


class Steps:
    """A trace of the step program from a hand-written state: ``answers()`` lists every answer of
    the step due now (sorted shown atoms; timestamps as trace times, the event's own ``now+1``;
    ``dropped(F)``/``added(F)`` what it ends and starts), ``take(i)`` moves to the state after the
    ``i``-th. ``state`` is also given to the program as ``init(F)`` facts (what runs.lp reads)."""

    def __init__(self, programs: tuple[str, ...], static: str, state: str, edition: str = "2026-08-07",
                 untimed: tuple[str, ...] = (), leave_out: frozenset[str] = frozenset()):
        from mtgrules.encodings.game.step import Stepper

        fluents = facts(state)
        self.stepper = Stepper(programs, [*asp.in_force_facts(Edition(edition)), *facts(static),
                                          *(clingo.Function("init", [f]) for f in fluents)],
                               fluents, untimed)
        self.now = 0
        self.leave_out = leave_out
        self._last: list[tuple[list[str], list[clingo.Symbol], list[clingo.Symbol]]] = []

    def literal(self, atom: str) -> int:
        lit = self.stepper.literal(clingo.parse_term(atom))
        assert lit is not None, f"{atom} is not in the grounding"
        return lit

    def answers(self, assume: tuple[str, ...] = (), deny: tuple[str, ...] = ()) -> list[list[str]]:
        """Every answer of the step due now, with the externals ``assume`` true and ``deny`` false."""
        lits = [self.literal(a) for a in assume] + [-self.literal(a) for a in deny]
        self._last = []
        for model in self.stepper.solve_all(lits):
            now, nxt, control = self.stepper.read(model, self.now)
            after = self.stepper.successor(control["dropped"], control["added"], self.now)
            before = frozenset(self.stepper.state)
            shown = [str(x) for x in [*now, *nxt] if x.name not in self.leave_out]
            shown += [f"dropped({f})" for f in before - after] + [f"added({f})" for f in after - before]
            shown += [str(x) for k in ("stopped", "blocked", "happened") for x in control[k]]
            self._last.append((sorted(shown), control["dropped"], control["added"]))
        self._last.sort(key=lambda x: x[0])
        return [shown for shown, _, _ in self._last]

    def take(self, i: int = 0) -> None:
        """Move to the state after the ``i``-th answer of the last ``answers()``."""
        _, dropped, added = self._last[i]
        self.stepper.advance(dropped, added, self.now)
        self.now += 1


def optimal_answer_sets(program: str, facts: str, parts: tuple[tuple[str, int], ...] = ()) -> list[list[str]]:
    """Every optimal answer set of ``program`` (``area/file``) on ``facts``, the parts
    ``parts`` (name, argument) grounded besides base: sorted lists of shown atoms, sorted."""
    ctl = asp.control(["0", "--opt-mode=optN"])
    asp.add_encodings(ctl, (program,))
    ctl.add("base", [], facts)
    ctl.ground([("base", []), *((name, [clingo.Number(n)]) for name, n in parts)])
    found: list[list[str]] = []

    def keep(model: clingo.Model) -> None:
        if model.optimality_proven:
            found.append(sorted(str(s) for s in model.symbols(shown=True)))

    ctl.solve(on_model=keep)
    return sorted(found)
