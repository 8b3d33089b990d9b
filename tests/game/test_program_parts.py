"""Lints of the programs of the core's action theory, and of sequencing on it.

- No anonymous variable: clingo turns each ``_`` into a projection rule that belongs to no
  ``#program`` part and is grounded again, over everything derived so far, at every call.
- Every part reads, at its own time step, only what a part of that step ranked no later
  defines: the parts of a step stay an order (the event, its effects, what the new state
  implies, the checks), so the theory can be grounded part by part as well as at once (the
  step program, ``encodings/game/step.py``, grounds them in one call), and a rule reading a
  predicate a later part defines would see nothing when grounded part by part.
"""
from __future__ import annotations

import re
from collections import defaultdict

import pytest
from clingo import ast

from mtgrules.encodings import asp
from mtgrules.encodings.game import THEORY
from mtgrules.encodings.game.step import schedule

STEPPED = [*(tuple(name.split("/")) for name in THEORY), ("game", "script"), ("game", "search"), ("game", "stops"),
           ("game", "conditions"), ("game", "shortcuts"), ("sequencing", "runs"), ("sequencing", "judge")]

# Parts grounded once the trace is done (they read finished steps only).
AFTER = {"cite", "judge"}
# The parts of one time step, in order: the event, its kind's effects and the shared effects
# (what the programs schedule at time 1, as they declare it), then what the new state implies,
# then the checks. Parts of equal rank may read each other. The schedule part holds facts only.
EFFECTS = {part: 1 for part in schedule((*THEORY, "sequencing/runs"))[1] if part not in AFTER}
TURN = {"base": 0, "schedule": 0, **EFFECTS, "derive": 2, "resolving": 2, "legal": 3, "check": 4,
        "searchcheck": 5}
SEQUENCING = {"base": 0, "schedule": 0, **EFFECTS, "derive": 2, "resolving": 2, "legal": 2}


def text(area: str, name: str) -> str:
    return asp.encoding(f"{area}/{name}")  # with the files it includes


class Reader(ast.Transformer):
    """Each rule's part, head atoms and body atoms (with whether they sit under ``not``)."""

    def __init__(self) -> None:
        self.part = "base"
        self.rules: list[tuple[str, list[ast.AST], list[ast.AST]]] = []
        self.statements: list[tuple[str, ast.AST]] = []
        self.anonymous: list[str] = []

    def statement(self, node: ast.AST) -> None:
        if node.ast_type == ast.ASTType.Program:
            self.part = node.name
            return
        if node.ast_type != ast.ASTType.Rule:
            self._anonymous(node)
            return
        self._anonymous(node)
        self.statements.append((self.part, node))
        heads: list[ast.AST] = []
        bodies: list[ast.AST] = []
        _collect_head(node.head, heads, bodies)
        _collect(node.body, bodies)
        self.rules.append((self.part, heads, bodies))

    def _anonymous(self, node: ast.AST) -> None:
        found: list[bool] = []

        class Finder(ast.Transformer):
            def visit_Variable(self, v):  # noqa: N802 (clingo's visitor naming)
                if v.name == "_":
                    found.append(True)
                return v

        Finder()(node)
        if found:
            self.anonymous.append(str(node))


def _collect_head(head, heads: list, bodies: list) -> None:
    """A head's atoms; the conditions of its elements are read, like a body."""
    kind = head.ast_type
    if kind in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        for element in head.elements:
            _collect(element.literal, heads)
            _collect(element.condition, bodies)
    elif kind == ast.ASTType.HeadAggregate:
        for element in head.elements:
            _collect(element.condition.literal, heads)
            _collect(element.condition.condition, bodies)
    else:
        _collect(head, heads)


def _collect(node, out: list) -> None:
    """Every symbolic atom under ``node`` (heads, body literals, aggregate elements)."""
    if isinstance(node, list | tuple | ast.ASTSequence):
        for n in node:
            _collect(n, out)
        return
    if not isinstance(node, ast.AST):
        return
    if node.ast_type == ast.ASTType.SymbolicAtom:
        out.append(node.symbol)
        return
    for key in node.child_keys:
        _collect(getattr(node, key), out)


def _time(symbol) -> tuple[str, int] | None:
    """(name/arity, offset) of an atom whose last argument is ``t`` or ``t-1``; else None."""
    if symbol.ast_type != ast.ASTType.Function or not symbol.arguments:
        return None
    last = symbol.arguments[-1]
    key = f"{symbol.name}/{len(symbol.arguments)}"
    if last.ast_type == ast.ASTType.SymbolicTerm and str(last) == "t":
        return key, 0
    if last.ast_type == ast.ASTType.Function and last.name == "t" and not last.arguments:
        return key, 0
    if last.ast_type == ast.ASTType.BinaryOperation and str(last) == "(t-1)":
        return key, -1
    return None


def read(programs) -> Reader:
    reader = Reader()
    for area, name in programs:
        reader.part = "base"
        ast.parse_string(text(area, name), reader.statement)
    return reader


@pytest.mark.parametrize("program", STEPPED, ids=[n for _, n in STEPPED])
def test_no_anonymous_variables_in_a_stepped_program(program):
    assert read([program]).anonymous == []


CORE = [tuple(name.split("/")) for name in THEORY]
MODES = {"script": ([*CORE, ("game", "conditions"), ("game", "script"), ("game", "stops")], TURN),
         "search": ([*CORE, ("game", "conditions"), ("game", "search"), ("game", "stops")], TURN),
         "shortcut": ([*CORE, ("game", "shortcuts"), ("game", "script"), ("game", "stops")], TURN),
         "sequencing": ([*CORE, ("sequencing", "runs"), ("sequencing", "judge")], SEQUENCING)}


@pytest.mark.parametrize(("programs", "rank"), MODES.values(), ids=MODES.keys())
def test_each_part_reads_only_what_is_grounded_before_it(programs, rank):
    reader = read(programs)
    parts = {part for part, _, _ in reader.rules}
    assert parts <= set(rank) | AFTER, f"a part the schedule doesn't know: {parts - set(rank) - AFTER}"
    definers: dict[str, set[tuple[str, int]]] = defaultdict(set)
    for part, heads, _ in reader.rules:
        for head in heads:
            timed = _time(head)
            if timed:
                definers[timed[0]].add((part, timed[1]))
    late = []
    for part, _, bodies in reader.rules:
        if part in AFTER:
            continue
        for atom in bodies:
            timed = _time(atom)
            if not timed:
                continue
            key, d = timed
            for other, e in definers[key]:
                # atoms of time s+d are made by `other`'s call at step s+d-e: it must come no
                # later than this part's own call at step s
                if other in AFTER or d - e > 0 or (d == e and rank[other] > rank[part]):
                    late.append(f"{part} reads {key} at t{d or ''} defined in {other}")
    assert not late, "\n".join(sorted(set(late)))


@pytest.mark.parametrize(("programs", "rank"), MODES.values(), ids=MODES.keys())
def test_a_rule_grounded_at_every_step_reads_the_step(programs, rank):
    """A rule of a per-step part that never mentions its time step derives the same thing at
    every step: it belongs in base, grounded once."""
    timeless = [str(rule) for part, rule in read(programs).statements
                if part in rank and part not in ("base", "schedule") and not re.search(r"\bt\b", str(rule))]
    assert not timeless, "\n".join(timeless)
