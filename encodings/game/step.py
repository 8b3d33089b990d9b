"""The core's simulation grounded once and stepped by solving (issue 17).

The step program is the action theory of the core, unchanged: ``core.lp`` (its topic files)
with a mode's programs (``conditions.lp`` and ``script.lp``, say), each part grounded at one
fixed instant, as the programs declare in their ``#program schedule`` parts (``schedule``) —
what reads the state (derive, resolving, legal; a mode's checks) at time 0, what an event does
(event, effect, change, every on_X, cite) at time 1 — with the state at time 0 read from ``#external
cur(F)`` over a bounded universe of fluents (``universe.lp``). The only statements left out
are base's two that make time 0 the question's initial state (``holds(F,0) :- init(F)`` and
what it opens) and the ``#show`` of that state: here time 0 is whatever state the externals
say. Each event is then one solve: the model says what the event ends and starts
(``dropped/1``, ``added/1``, i.e. ``holds(F,1)``), which become the next solve's externals.

Timestamps (a permanent's ``since``, a trigger's or an ability's stamp, an effect's, a card
put on the bottom) are trace times; only their order among those of their kind matters, so
between steps each kind is renumbered into slots 1..N of its own, in order, and ``offset(N)``
(N the most slots of any kind) makes the event's own ``t+Off`` N+1, later than every slot. What the model shows is mapped back to trace times for the reader.

A rule whose body needs a predicate that neither the question's facts nor any rule that may
fire defines (a planeswalker's loyalty, a token's slot, a script's blocks, and what only they
lead to) is not handed to the grounder: it could derive nothing, and each rule costs the
grounder a fixed time however little it derives.

A search over states (a way, ``search`` in ``__init__.py``; sequencing's runs,
``encodings/sequencing/core.py``) moves to any state (``goto``) and takes every answer of a step
(``solve_all``), with assumptions of its own besides the state; a mode may ground parts of its
own at time 1 (declared in its program's schedule, as sequencing's ``on_line``), and checks
at time 0 (the same way: conditions.lp's ``check``, search.lp's ``searchcheck``).

When a next state holds a fluent outside the universe (an amount beyond its window, more
timestamps than slots, a kind the universe doesn't list, a position past its window), the
driver grounds again, centred on that state, with wider windows where an amount left its
window: a fluent is never dropped.
"""
from __future__ import annotations

import functools
import time as _time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import clingo
from clingo import ast

from mtgrules.encodings import asp, budget

F = clingo.Function
N = clingo.Number

# cite(t) also shows atoms of the state at t (read off derive(t)): grounded at time 0 for them
# (core.lp's schedule); a trace has them from its first event on (cite is for events), not at
# its start.
STATE_SHOWS = {"step_at", "power_at", "toughness_at", "kw_at"}
CONTROL = {"dropped", "added", "stopped", "blocked", "happened"}
UNTIMED = {"token_owner", "shortcut_fact"}

# Where a timestamp sits in a term (function name and arity → argument index), and the kind
# of timestamp: only timestamps of one kind are compared (an effect's with a permanent's for a
# static ability's effect, CR 613.7), so each kind is renumbered into slots of its own, and
# the universe holds a trigger or an ability for as many slots as triggers or abilities
# there may be, not as many as there are timestamps of every kind.
# A permanent's timestamp is an effect's kind only where it has a static ability
# (characteristics.lp's static_applies); the others' are compared with nothing.
STAMP_AT = {("tr", 4): (3, "tr"), ("ab", 3): (2, "ab"), ("e", 3): (0, "e"), ("since", 2): (1, "since"),
            ("bottomed", 2): (1, "bottomed")}
KINDS = ("e", "since", "tr", "ab", "bottomed")


def _where(symbol: clingo.Symbol, args: Sequence[clingo.Symbol],
           statics: frozenset[clingo.Symbol]) -> tuple[int, str] | None:
    """Where a timestamp sits in ``symbol`` and its kind, if it has one."""
    where = STAMP_AT.get((symbol.name, len(args)))
    if where is None or args[where[0]].type != clingo.SymbolType.Number:
        return None
    if where[1] == "since" and args[0] in statics:
        return where[0], "e"
    return where

WIDTH = 6
"""How far amounts (damage, counters, mana, lands, turns; life twice as far) may move from
the state a grounding is centred on before the driver grounds again; also how deep into a
library a grounding reaches."""
REACH = 24
"""How many instructions of a resolving object, and entries of a script, past the current one a
grounding holds (they never widen: what is grounded for each of them is the same)."""
AMOUNTS = {"turn", "life", "lands", "pool", "damage", "counters", "stack"}
"""Fluents whose windows widen when a state leaves them (a jump that far may come again); a
state that leaves the universe otherwise (an instruction further on, a card from deep in a
library) is grounded around with the windows as they are."""
DEPTH = 6
"""How many objects the stack may hold in one grounding."""
SLOT_MARGIN = 4
"""Timestamps a grounding holds beyond those of the state it is centred on."""


def _initial_rule(statement: ast.AST) -> bool:
    """base's rules that make time 0 the initial state: ``holds(F,0) :- init(F)`` and what
    it opens (the step program's time 0 is the current state instead)."""
    if statement.ast_type != ast.ASTType.Rule:
        return False
    head = statement.head
    if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return False
    symbol = head.atom.symbol
    if symbol.ast_type != ast.ASTType.Function or symbol.name not in ("holds", "resolution_open"):
        return False
    last = symbol.arguments[-1]
    return bool(last.ast_type == ast.ASTType.SymbolicTerm and last.symbol == N(0))


def _shows_a_state(statement: ast.AST) -> bool:
    """``#show initial(F) : holds(F,0)``: the driver knows the state it starts from."""
    return (statement.ast_type == ast.ASTType.ShowTerm and statement.term.ast_type == ast.ASTType.Function
            and statement.term.name in ("initial", "final"))


def _defined(statements: Iterable[ast.AST]) -> set[tuple[str, int]]:
    """The predicates some rule or external of ``statements`` defines (the others are input facts)."""
    out: set[tuple[str, int]] = set()

    class Heads(ast.Transformer):
        def visit_Rule(self, rule: ast.AST) -> ast.AST:  # noqa: N802 (clingo's visitor naming)
            self(rule.head)
            return rule

        def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802
            pooled = atom.symbol.arguments if atom.symbol.ast_type == ast.ASTType.Pool else [atom.symbol]
            for symbol in pooled:  # `colour(w;u;b;r;g;c).` is a pool of atoms
                if symbol.ast_type == ast.ASTType.Function:
                    out.add((symbol.name, len(symbol.arguments)))
            return atom

    heads = Heads()
    for statement in statements:
        if statement.ast_type == ast.ASTType.Rule:
            heads(statement)
        elif statement.ast_type == ast.ASTType.External:
            heads(statement.atom)
    return out


def _positive_body(statement: ast.AST) -> frozenset[tuple[str, int]]:
    """The predicates of a statement's positive body literals (all must hold for it to fire)."""
    needs: set[tuple[str, int]] = set()
    for lit in getattr(statement, "body", ()):
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom
                and lit.atom.symbol.ast_type == ast.ASTType.Function):
            needs.add((lit.atom.symbol.name, len(lit.atom.symbol.arguments)))
    return frozenset(needs)


@functools.cache
def _rules_of(names: tuple[str, ...]) -> tuple[tuple[ast.AST, frozenset[tuple[str, int]],
                                                      frozenset[tuple[str, int]] | None], ...]:
    """Each statement of the step program with the predicates its positive body needs and,
    for a rule or an external, those its head defines (``None``: another kind of statement)."""
    out = []
    for statement in _statements(names):
        derives = statement.ast_type in (ast.ASTType.Rule, ast.ASTType.External)
        out.append((statement, _positive_body(statement), frozenset(_defined([statement])) if derives else None))
    return tuple(out)


@functools.cache
def _derivable(names: tuple[str, ...], given: frozenset[tuple[str, int]]) -> tuple[ast.AST, ...]:
    """The statements of the step program that may derive something from facts of the
    predicates ``given``: a rule whose positive body needs a predicate that neither the facts
    nor any rule that may fire defines is left out (each rule costs the grounder a fixed time
    however little it derives). The least fixpoint over predicates, by name and arity."""
    rules = _rules_of(names)
    possible = set(given)
    grown = True
    while grown:
        grown = False
        for _, needs, heads in rules:
            if heads is not None and not heads <= possible and needs <= possible:
                possible |= heads
                grown = True
    return tuple(statement for statement, needs, _ in rules if needs <= possible)


@functools.cache
def _statements(names: tuple[str, ...]) -> tuple[ast.AST, ...]:
    """The step program's statements: the files as they are, less what ties time 0 to the
    question's initial state; parsed once per process."""
    out: list[ast.AST] = []
    for name in names:
        part = "base"
        for statement in asp._statements(name):
            if statement.ast_type == ast.ASTType.Program:
                part = statement.name
            elif (part == "base" and name != "game/universe"
                  and (_initial_rule(statement) or _shows_a_state(statement))):
                continue
            out.append(statement)
    return tuple(out)


@functools.cache
def schedule(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The parts the programs ``names`` ground at time 0 (what reads the state), at time 1
    (what an event does) and at time 0 once the state is read (a mode's checks), in order, as
    they declare them: the facts ``schedule(now,I,Part)``, ``schedule(next,I,Part)`` and
    ``schedule(check,I,Part)`` of their ``#program schedule`` parts (core.lp's, and a mode's
    own: sequencing's ``on_line``, conditions.lp's ``check``, search.lp's ``searchcheck``)."""
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        part = "base"
        for statement in _statements(names):
            if statement.ast_type == ast.ASTType.Program:
                part = statement.name
            if part == "schedule":
                builder.add(statement)
    ctl.ground([("schedule", [])])
    declared: dict[str, list[tuple[int, str]]] = {"now": [], "next": [], "check": []}
    for atom in ctl.symbolic_atoms.by_signature("schedule", 3):
        instant, order, name = atom.symbol.arguments
        declared[instant.name].append((order.number, name.name))
    now, after, check = (tuple(n for _, n in sorted(declared[k])) for k in ("now", "next", "check"))
    return now, after, check


def _map_stamps(symbol: clingo.Symbol, f: Callable[[str, int], int],
                statics: frozenset[clingo.Symbol]) -> clingo.Symbol:
    """``symbol`` with every timestamp in it mapped by ``f`` (of its kind and value)."""
    if symbol.type != clingo.SymbolType.Function or not symbol.arguments:
        return symbol
    args = [_map_stamps(x, f, statics) for x in symbol.arguments]
    where = _where(symbol, args, statics)
    if where is not None:
        at, kind = where
        args[at] = N(f(kind, args[at].number))
    return F(symbol.name, args, symbol.positive)


def _stamps(symbol: clingo.Symbol, out: set[tuple[str, int]], statics: frozenset[clingo.Symbol]) -> None:
    if symbol.type != clingo.SymbolType.Function:
        return
    args = symbol.arguments
    for x in args:
        _stamps(x, out, statics)
    where = _where(symbol, args, statics)
    if where is not None:
        out.add((where[1], args[where[0]].number))


class Stepper:
    """One grounding of the step program at a time, and the state it is at (in trace terms)."""

    def __init__(self, programs: Sequence[str], facts: Sequence[clingo.Symbol],
                 state: Iterable[clingo.Symbol], untimed: Iterable[str] = ()):
        self.programs = tuple(programs)
        self.now_parts, self.next_parts, self.checks = schedule(self.programs)
        """The parts grounded at time 0, at time 1, and at time 0 after the state is read
        (``check``: conditions on it; ``searchcheck``: a search's goal), as the programs
        declare them (``schedule``)."""
        self.untimed = UNTIMED | set(untimed)
        """Shown atoms with no time argument."""
        self.facts = list(facts)
        self.statics = frozenset(f.arguments[0] for f in self.facts if f.name == "static_mod")
        self.width, self.depth = WIDTH, DEPTH
        self.slots = dict.fromkeys(KINDS, 0)
        """Slots per kind of timestamp in the grounding; ``offset`` is the most of them."""
        self.offset = 0
        self.groundings = 0
        self.ground_seconds = 0.0
        self.solve_seconds = 0.0
        self._stamp_sets: dict[clingo.Symbol, frozenset[tuple[str, int]]] = {}
        self._remapped: dict[tuple[clingo.Symbol, tuple[int, ...]], clingo.Symbol] = {}
        self._kinds: dict[clingo.Symbol, tuple[str, Any, int]] = {}
        self.state: set[clingo.Symbol] = set()
        """The current state, timestamps as trace times."""
        self.stamps: Counter[tuple[str, int]] = Counter()
        """How many fluents of the state carry each timestamp (kind and value)."""
        self._enter(set(state))
        self._ground()

    # -- timestamps ------------------------------------------------------------------------
    def _stamps_of(self, fluent: clingo.Symbol) -> frozenset[tuple[str, int]]:
        found = self._stamp_sets.get(fluent)
        if found is None:
            acc: set[tuple[str, int]] = set()
            _stamps(fluent, acc, self.statics)
            found = self._stamp_sets[fluent] = frozenset(acc)
        return found

    def _remap(self, fluent: clingo.Symbol, f: Callable[[str, int], int]) -> clingo.Symbol:
        """``fluent`` with each timestamp mapped by ``f`` (of its kind and value); made once for
        each fluent and values it maps to (states of a search share most of their fluents)."""
        stamps = self._stamps_of(fluent)
        if not stamps:
            return fluent
        values = tuple(f(k, v) for k, v in stamps)
        found = self._remapped.get((fluent, values))
        if found is None:
            mapping = dict(zip(stamps, values))
            found = self._remapped[fluent, values] = _map_stamps(fluent, lambda k, v: mapping[k, v], self.statics)
        return found

    def _enter(self, state: set[clingo.Symbol]) -> None:
        self.state = state
        self.stamps = Counter(s for f in state for s in self._stamps_of(f))
        self._set_table(sorted(self.stamps))

    def _set_table(self, stamps: list[tuple[str, int]]) -> None:
        self.table = {kind: [v for k, v in stamps if k == kind] for kind in KINDS}
        self.to_slot = {(kind, v): i for kind, values in self.table.items()
                        for i, v in enumerate(values, start=1)}
        self._slotted: dict[clingo.Symbol, clingo.Symbol] = {}

    def _slot(self, fluent: clingo.Symbol) -> clingo.Symbol:
        s = self._slotted.get(fluent)
        if s is None:
            to_slot = self.to_slot
            s = self._slotted[fluent] = self._remap(fluent, lambda k, v: to_slot[k, v])
        return s

    def _outgrown(self) -> bool:
        return any(len(self.table[k]) > self.slots[k] for k in KINDS)

    def _trace_time(self, symbol: clingo.Symbol, now: int) -> clingo.Symbol:
        """A symbol of the model with its timestamps as trace times (slot N+1: ``now + 1``)."""
        offset, table = self.offset, self.table
        return self._remap(symbol, lambda k, v: table[k][v - 1] if 1 <= v <= len(table[k])
                           else now + 1 if v == offset + 1 else v)

    # -- grounding -------------------------------------------------------------------------
    def _ground(self) -> None:
        """Ground the step program centred on the current state."""
        for kind in KINDS:
            self.slots[kind] = max(self.slots[kind], len(self.table[kind]) + SLOT_MARGIN)
        self.offset = max(self.slots.values())
        slotted = {self._slot(f) for f in self.state}
        ctl = asp.control()
        start = _time.perf_counter()
        facts = [*self.facts, F("offset", [N(self.offset)]),
                 *(F("slots", [F(kind), N(n)]) for kind, n in self.slots.items()),
                 F("width", [N(self.width)]), F("depth", [N(self.depth)]), F("reach", [N(REACH)]),
                 *(F("around", [f]) for f in slotted)]
        given = frozenset((f.name, len(f.arguments)) for f in facts)
        with ast.ProgramBuilder(ctl) as builder:
            for statement in _derivable(self.programs, given):
                builder.add(statement)
        ctl.add("base", [], "\n".join(f"{s}." for s in facts))
        parts = [("base", []), *((p, [N(0)]) for p in self.now_parts), *((p, [N(1)]) for p in self.next_parts)]
        parts += [(part, [N(0)]) for part in self.checks]
        ctl.ground(parts)
        self.ground_seconds += _time.perf_counter() - start
        self.groundings += 1
        self.ctl = ctl
        # The externals stay free and each solve assumes the state, in a list kept from step
        # to step: assigning externals costs more than a solve's whole propagation.
        universe = [(a.symbol.arguments[0], a.literal) for a in ctl.symbolic_atoms.by_signature("cur", 1)]
        self.position = {f: i for i, (f, _) in enumerate(universe)}
        self.assumptions = [-lit for _, lit in universe]
        self.true: set[clingo.Symbol] = set()
        self._assume(slotted)
        self._literals: dict[clingo.Symbol, int | None] = {}

    def _assume(self, slotted: set[clingo.Symbol]) -> bool:
        """Make ``slotted`` the state the next solve assumes; false where it leaves the universe."""
        position, assumptions = self.position, self.assumptions
        for f in slotted - self.true:
            i = position.get(f)
            if i is None:
                return False
            assumptions[i] = abs(assumptions[i])
        for f in self.true - slotted:
            i = position[f]
            assumptions[i] = -abs(assumptions[i])
        self.true = slotted
        return True

    def advance(self, dropped: Sequence[clingo.Symbol], added: Sequence[clingo.Symbol], now: int) -> None:
        """Move to the next state: the current one less ``dropped``, with ``added`` (both as
        the model shows them, timestamps in slots). Where the next state has new timestamps,
        they are renumbered; where it leaves the universe, the program is ground again."""
        gone = [self._trace_time(f, now) for f in dropped]
        new = [self._trace_time(f, now) for f in added]
        self.state.difference_update(gone)
        self.state.update(new)
        changed = False
        for f in gone:
            for s in self._stamps_of(f):
                self.stamps[s] -= 1
                if not self.stamps[s]:
                    del self.stamps[s]
                    changed = True
        for f in new:
            for s in self._stamps_of(f):
                changed |= s not in self.stamps
                self.stamps[s] += 1
        if changed:
            self._set_table(sorted(self.stamps))
            if self._outgrown():
                self._ground()
            elif not self._assume({self._slot(f) for f in self.state}):
                self._widen()
            return
        if not self._assume((self.true - set(dropped)) | set(added)):
            self._widen()

    def _widen(self) -> None:
        """Ground again around the current state, which leaves the universe: with wider windows
        where an amount (or the stack) left its window."""
        if any(f.name in AMOUNTS and f not in self.position for f in map(self._slot, self.state)):
            self.width = max(1, 2 * self.width)
            self.depth = max(1, 2 * self.depth)
        self._ground()

    # -- one step --------------------------------------------------------------------------
    def solve(self) -> list[clingo.Symbol] | None:
        """The shown atoms of the one answer of the current step, or ``None``."""
        found: list[list[clingo.Symbol]] = []

        def keep(model: clingo.Model) -> bool:
            found.append(list(model.symbols(shown=True)))
            return False  # the step has one answer: stop at it

        start = _time.perf_counter()
        result = self.ctl.solve(assumptions=self.assumptions, on_model=keep)
        self.solve_seconds += _time.perf_counter() - start
        if result.unknown or result.interrupted:
            asp._check(result, budget())
        return found[0] if found else None

    def read(self, model: Sequence[clingo.Symbol], now: int) -> tuple[
            list[clingo.Symbol], list[clingo.Symbol], dict[str, list[clingo.Symbol]]]:
        """Split a step's model: the atoms of time 0 (what holds ``now``), those of time 1
        (what the event makes), timestamps as trace times but times as shown (the reader
        counts them from ``now``), and the driver's own atoms (as the model shows them)."""
        at_now: list[clingo.Symbol] = []
        at_next: list[clingo.Symbol] = []
        control: dict[str, list[clingo.Symbol]] = {k: [] for k in CONTROL}
        kinds = self._kinds
        arg: Any  # a control atom's symbol, or whether a fluent carries timestamps
        for s in model:
            kind: tuple[str, Any, int] | None = kinds.get(s)
            if kind is None:
                name, args = s.name, s.arguments
                if name in CONTROL:
                    kind = kinds[s] = (name, args[0] if name in ("dropped", "added") else s, 0)
                else:
                    t = -1 if name in self.untimed else args[-1].number
                    kind = kinds[s] = (name, bool(self._stamps_of(s)), t)
            name, arg, t = kind
            if name in CONTROL:
                control[name].append(arg)
                continue
            if arg:
                s = self._trace_time(s, now)
            (at_next if t == 1 else at_now).append(s)
        return at_now, at_next, control

    # -- a search over states ----------------------------------------------------------------
    def literal(self, atom: clingo.Symbol) -> int | None:
        """The solver literal of an atom of the grounding (an external, a choice), if grounded."""
        if atom not in self._literals:
            found = self.ctl.symbolic_atoms[atom]
            self._literals[atom] = None if found is None else found.literal
        return self._literals[atom]

    def solve_all(self, assume: Sequence[int] = ()) -> list[list[clingo.Symbol]]:
        """The shown atoms of every answer of the current step (models differing only in atoms
        not shown are one), with ``assume`` (literals) besides the state."""
        found: list[list[clingo.Symbol]] = []

        def keep(model: clingo.Model) -> None:
            found.append(list(model.symbols(shown=True)))

        config = self.ctl.configuration.solve
        assert isinstance(config, clingo.Configuration)
        was = config.models, config.project
        config.models, config.project = "0", "show"
        start = _time.perf_counter()
        try:
            result = self.ctl.solve(assumptions=[*self.assumptions, *assume], on_model=keep)
        finally:
            config.models, config.project = was
        self.solve_seconds += _time.perf_counter() - start
        if result.unknown or result.interrupted:
            asp._check(result, budget())
        return found

    def successor(self, dropped: Sequence[clingo.Symbol], added: Sequence[clingo.Symbol],
                  now: int) -> frozenset[clingo.Symbol]:
        """The state after an event of the current one (``dropped``, ``added`` as a model of
        the step shows them), timestamps as trace times; the current state stays."""
        gone = {self._trace_time(f, now) for f in dropped}
        return frozenset((self.state - gone) | {self._trace_time(f, now) for f in added})

    def goto(self, state: Iterable[clingo.Symbol], canonical: frozenset[clingo.Symbol] | None = None) -> None:
        """Make ``state`` (timestamps as trace times) the current one, grounding again where
        it leaves the universe. ``canonical``: the state as ``canonical`` gives it, if known
        (its timestamps are the slots the grounding numbers them by)."""
        self._enter(set(state))
        if self._outgrown():
            self._ground()
        elif not self._assume(set(canonical) if canonical is not None else {self._slot(f) for f in self.state}):
            self._widen()

    def canonical(self, state: Iterable[clingo.Symbol]) -> frozenset[clingo.Symbol]:
        """``state`` with each kind of timestamp renumbered 1, 2, … in order: two states equal
        here have the same futures (only the order of timestamps of a kind matters)."""
        state = list(state)
        stamps = sorted({s for f in state for s in self._stamps_of(f)})
        rank: dict[tuple[str, int], int] = {}
        counted: Counter[str] = Counter()
        for kind, value in stamps:
            counted[kind] += 1
            rank[kind, value] = counted[kind]
        return frozenset(self._remap(f, lambda k, v: rank[k, v]) for f in state)
