"""Driving clingo from Python: encodings are package data (each area's ``.lp`` programs in
``encodings/<area>/``), instance facts kept apart.

A program may ``#include "file.lp".`` others, by a path relative to its own folder (as clingo
reads it from the files): ``encoding`` puts the included text in place, each file once, so
that a program is one text whether it is read from the source tree or from an installed
package.

The edition asked about is one kind of fact everywhere: ``in_force("key")`` for every rule
of the rulebook in force in it (``in_force_facts``), and the encodings guard edition-dependent
rules with it. Facts, not externals: the grounder then computes what is forced under the
edition (DESIGN §8), and a control serves one edition.
"""
from __future__ import annotations

import functools
import multiprocessing
import os
import posixpath
import re
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

import clingo
from clingo import ast

from mtgrules.encodings import Budget, budget
from mtgrules.model.edition import Edition, EncodedRule, MtrEdition, rulebook
from mtgrules.model.errors import BudgetExhausted

T = TypeVar("T")
R = TypeVar("R")

TASKS_PER_WORKER = 16
"""How many questions a worker process answers before a fresh one replaces it: clingo keeps
every symbol it has made for the life of the process (potassco/clingo#203), so a long-lived
worker grows without bound and slows down after big questions."""


_INCLUDE = re.compile(r'^[ \t]*#include[ \t]+"([^"]+)"[ \t]*\.[ \t]*$', re.MULTILINE)


def encoding(name: str) -> str:
    """The text of the program ``<area>/<file>``: ``encodings/<area>/<file>.lp``
    (e.g. ``"casting/casting"``), with the files it includes in place."""
    area, _, file = name.partition("/")
    if not file or "/" in file:
        raise ValueError(f"an encoding is named '<area>/<file>', not '{name}'")
    return _expand(f"{area}/{file}.lp", set())


def _expand(path: str, seen: set[str]) -> str:
    """The text of ``path`` (relative to ``encodings/``), each ``#include "other.lp".`` replaced
    by that file's text (relative to the including file's folder), as clingo reads it: an
    included file begins in part ``base``, the includer goes on in ``base``, and a file
    included again adds nothing."""
    seen.add(path)
    text = resources.files("mtgrules.encodings").joinpath(*path.split("/")).read_text()

    def include(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(path), match.group(1)))
        if target.startswith(".."):
            raise ValueError(f"{path} includes {match.group(1)}, outside encodings/")
        if target in seen:
            return "% " + match.group(0).strip()
        return f"#program base.\n{_expand(target, seen)}\n#program base."

    return _INCLUDE.sub(include, text)


def in_force_facts(edition: Edition, mtr: MtrEdition | None = None) -> list[clingo.Symbol]:
    """``in_force("key")`` for every rule of the rulebook in force in ``edition``: the one
    form in which every encoding reads the edition. The tournament rules' (MTR) keys are in
    force by ``mtr``, the edition of the MTR asked about (default: the newest)."""
    def holds(rule: EncodedRule) -> bool:
        return rule.holds_in(mtr if mtr is not None and rule.document == "MTR" else edition)
    return [clingo.Function("in_force", [clingo.String(key)])
            for key, rule in rulebook().items() if holds(rule)]


@functools.cache
def _statements(name: str) -> tuple[ast.AST, ...]:
    statements: list[ast.AST] = []
    ast.parse_string(encoding(name), statements.append)
    return tuple(statements)


def add_encodings(ctl: clingo.Control, names: Iterable[str]) -> None:
    """Add the programs ``names`` (encoding names, ``"<area>/<file>"``) to ``ctl``, each parsed
    once per process: handing clingo the parsed statements costs a third of parsing the text."""
    with ast.ProgramBuilder(ctl) as builder:
        for name in names:
            for statement in _statements(name):
                builder.add(statement)


def term(value: object) -> str:
    """An ASP term for a Python value: ints stay numbers, everything else a quoted string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return str(clingo.String(str(value)))


def fact(predicate: str, *args: object) -> clingo.Symbol:
    """A fact as a symbol: ints as numbers, symbols as they are, anything else a string —
    a value from a scenario never becomes program text."""
    def symbol(a: object) -> clingo.Symbol:
        if isinstance(a, clingo.Symbol):
            return a
        if isinstance(a, int) and not isinstance(a, bool):
            return clingo.Number(a)
        return clingo.String(str(a))
    return clingo.Function(predicate, [symbol(a) for a in args])


@dataclass
class AspResult:
    models: list[list[clingo.Symbol]]
    satisfiable: bool
    exhausted: bool
    """Whether the search finished (all models seen, or unsatisfiability proved)."""


def control(arguments: Sequence[str] = ()) -> clingo.Control:
    """A clingo control with a fixed configuration and seed and the conflict limit of the
    budget in force: the same search on every machine."""
    limits = budget()
    return clingo.Control(["--warn=none", "--configuration=tweety", "--seed=0",
                           f"--solve-limit={limits.conflicts}", *arguments])


MOMENT_PARTS = ("derive", "resolving", "legal")
"""The parts of the common rules (``encodings/common``) grounded at time 0 for a question
about one moment; the temporal core grounds them for each state it steps from."""


def ground(programs: Sequence[str], facts: Iterable[str | clingo.Symbol], edition: Edition,
           arguments: Sequence[str] = ()) -> clingo.Control:
    """A grounded clingo control for ``programs`` (encoding names) with ``facts`` (symbols,
    written by clingo) and the rules in force in ``edition`` (``in_force_facts``), the common
    rules' parts grounded at time 0 (``MOMENT_PARTS``). Keep it to solve several times
    (switching other externals) without grounding again."""
    ctl = control(arguments)
    ctl.add("base", [], "#defined in_force/1.\n" + "\n".join(f"{s}." for s in in_force_facts(edition)))
    for name in programs:
        ctl.add("base", [], encoding(name))
    ctl.add("base", [], "\n".join(f"{f}." if isinstance(f, clingo.Symbol) else f for f in facts))
    ctl.ground([("base", []), *((part, [clingo.Number(0)]) for part in MOMENT_PARTS)])
    return ctl


def solve(programs: Sequence[str], facts: Iterable[str | clingo.Symbol], edition: Edition, *,
          models: int = 1, options: Sequence[str] = (), optimise: bool = False,
          project: bool = False) -> AspResult:
    """Ground ``programs`` (encoding names) with ``facts`` and solve under ``edition``.

    ``models=0`` enumerates all answer sets; ``optimise`` keeps only optimal ones.
    """
    args = [str(models)]
    if optimise:
        args.append("--opt-mode=optN")
    if project:
        args.append("--project")
    ctl = ground(programs, facts, edition, [*args, *options])
    found: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        if optimise and not model.optimality_proven:
            return
        found.append(sorted(model.symbols(shown=True)))

    result = run(ctl, on_model)
    return AspResult(found, bool(result.satisfiable), bool(result.exhausted))


def run(ctl: clingo.Control, on_model: Callable[[clingo.Model], bool | None] | None = None
        ) -> clingo.SolveResult:
    """Solve within the budget: a wall-clock limit through the solve handle, and the conflict
    limit the control was made with. Running out of either raises ``BudgetExhausted``."""
    limits = budget()
    _check_time_left(limits)
    handle = ctl.solve(on_model=on_model, async_=True)
    assert isinstance(handle, clingo.SolveHandle)
    with handle:
        if not handle.wait(limits.seconds):
            handle.cancel()
            raise BudgetExhausted(guard_words(limits))
        result = handle.get()
    _check(result, limits)
    return result


def each_model(ctl: clingo.Control) -> Iterator[Sequence[clingo.Symbol]]:
    """The shown atoms of every model, one by one, within the budget (as ``run``)."""
    limits = budget()
    _check_time_left(limits)
    deadline = time.monotonic() + limits.seconds
    handle = ctl.solve(yield_=True, async_=True)
    assert isinstance(handle, clingo.SolveHandle)
    with handle:
        while True:
            handle.resume()
            if not handle.wait(max(0.0, deadline - time.monotonic())):
                handle.cancel()
                raise BudgetExhausted(guard_words(limits))
            model = handle.model()
            if model is None:
                break
            yield model.symbols(shown=True)
        _check(handle.get(), limits)


def _check_time_left(limits: Budget) -> None:
    # no time at all decides nothing, however fast the solve would have been
    if limits.seconds <= 0:
        raise BudgetExhausted(guard_words(limits))


def guard_words(limits: Budget) -> str:
    """Why the wall-clock guard stopped a question: the machine, not the question's budget."""
    return (f"the wall-clock guard of {limits.seconds:g} s stopped the solver before its own "
            "budget (conflicts, ground atoms) ran out: the machine is too slow or too busy for "
            "this question, which may be answered elsewhere")


def check_ground_bound(atoms: int, what: str) -> None:
    """Refuse, before grounding, a question whose grounding would certainly outgrow the
    budget's atoms: ``atoms`` is a lower bound of what it grounds (a grounding call can't be
    stopped halfway, and one call can hold far more than the budget)."""
    limits = budget()
    if atoms > limits.ground_atoms:
        raise BudgetExhausted(f"{what} would ground at least {atoms:,} atoms, more than the "
                              f"budget's {limits.ground_atoms:,}")


def check_ground(ctl: clingo.Control, what: str) -> None:
    """Refuse a question whose grounding has outgrown the budget's atoms (its memory), the
    same on every machine: ``what`` says how far it had got."""
    limits = budget()
    if len(ctl.symbolic_atoms) > limits.ground_atoms:
        raise BudgetExhausted(f"{what} had grounded {len(ctl.symbolic_atoms):,} atoms, more than "
                              f"the budget's {limits.ground_atoms:,}")


def _check(result: clingo.SolveResult, limits: object) -> None:
    if result.unknown or result.interrupted:
        raise BudgetExhausted(f"clingo stopped before deciding ({limits})")


def atoms(model: Iterable[clingo.Symbol], name: str) -> list[tuple[Any, ...]]:
    """The arguments of every atom ``name(...)`` in a model, as Python values."""
    return [tuple(_value(a) for a in s.arguments) for s in model if s.name == name]


def _value(symbol: clingo.Symbol) -> object:
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments:
        return symbol.name
    if symbol.type == clingo.SymbolType.Function:
        return (symbol.name, *(_value(a) for a in symbol.arguments))
    return str(symbol)


def cores() -> int:
    """The cores this process may run on: the default number of worker processes."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def map_in_workers(fn: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``[fn(x) for x in items]``, in order: with ``workers`` = 0 in this process, else in that
    many processes, each replaced after ``TASKS_PER_WORKER`` items so that none keeps growing
    (``fn`` must be picklable: a module-level function or a partial of one)."""
    # items in chunks: a list is wanted whole, so fewer round trips beat earlier answers
    chunk = max(1, min(TASKS_PER_WORKER // 2, len(items) // (4 * max(1, workers))))
    return list(imap_in_workers(fn, items, workers, chunk))


def imap_in_workers(fn: Callable[[T], R], items: Sequence[T], workers: int,
                    chunksize: int = 1) -> Iterator[R]:
    """``fn(x)`` for each of ``items``, yielded in the order of ``items`` as soon as each is
    answered (and all before it): with ``workers`` = 0 in this process, else in that many
    processes, each replaced after ``TASKS_PER_WORKER`` items (``fn`` must be picklable).

    The workers ignore Ctrl-C: an interrupt reaches this process alone (a terminal sends it to
    the workers too), and closing the iterator early, or an exception while waiting (a
    ``KeyboardInterrupt``), ends them at once; nothing is left running."""
    if workers <= 0 or len(items) <= 1:
        yield from map(fn, items)
        return
    pool = multiprocessing.Pool(workers, initializer=_ignore_interrupts,
                                maxtasksperchild=max(1, TASKS_PER_WORKER // chunksize))
    finished = False
    try:
        yield from pool.imap(fn, items, chunksize=chunksize)
        finished = True
    finally:
        if finished:
            pool.close()
        else:  # interrupted or abandoned: the questions still running are not wanted
            pool.terminate()
        pool.join()


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
