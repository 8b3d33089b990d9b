"""Sequencing on the temporal core: the performed run and the correct run as runs of
``encodings/game/core.lp`` on the step program (``encodings/game/step.py``), judged by
``judge.lp`` (see ``CORE.md``).

Python writes the situation's starting state, the lines and the interruptions as facts, steps
both runs by solving (the correct run through every answer of every step, depth first, until
each branch is over), writes the runs as facts for the judge, and reads the judgement. Which
runs there are, which one is judged, which conditions fail and why are the solver's answers.
"""
from __future__ import annotations

import functools
import time as _time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import clingo
from clingo import ast

from mtgrules.encodings import asp, budget
from mtgrules.encodings.game import THEORY
from mtgrules.encodings.game.facts import Unsupported, a, fact, split_state
from mtgrules.encodings.game.step import UNTIMED, Stepper
from mtgrules.encodings.game.trace import Reader, value
from mtgrules.encodings.game.words import COUNTER_WORD, duration_words, item_words, mod_words, plural
from mtgrules.encodings.sequencing.block import Block
from mtgrules.model.edition import Edition
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.sequencing import Condition
from mtgrules.model.state import GameState

F = clingo.Function
S = clingo.String
N = clingo.Number

LINE_VERB = {"draw": "draw", "lose-life": "lose", "gain-life": "gain", "discard": "discard",
             "sacrifice": "sacrifice", "return": "return", "search": "search", "shuffle": "shuffle",
             "untap": "untap", "to-graveyard": "to_graveyard", "tap-mana": "tap_mana",
             "animate": "animate", "block": "block", "attack": "attack", "reveal": "reveal",
             "look-hand": "look", "look-top": "look_top", "scry": "scry", "surveil": "surveil",
             "target": "target", "counters-plus": "counters_plus", "counters-minus": "counters_minus",
             "counters-loyalty": "counters_loyalty", "create": "create", "cast": "cast"}
"""Performed lines the core performs, by their verb (the others are not modelled on it yet)."""
EXTRA_EVENTS = 40
"""How many more events than lines a correct run may take before it counts as not ending."""
CONDITION = {"legal_in_order": "legal-in-order", "same_state": "same-state", "no_leak": "no-leak",
             "no_interaction": "no-interaction",
             "nothing_added_or_forgotten": "nothing-added-or-forgotten"}


@dataclass
class Judgement:
    """What the solver found: the failed conditions of the best correct run, and why."""

    failed: tuple[str, ...]
    """Condition names as in DESIGN §5.4 (``no-leak`` …); empty: the block stands."""
    correct: list[tuple[int, str, tuple[clingo.Symbol, ...]]] = field(default_factory=list)
    """The correct run: (time, event name, arguments), from its start."""
    matched: dict[int, int] = field(default_factory=dict)
    """Line number (1-based) → time of its act in the correct run."""
    leaks: list[tuple[int, int]] = field(default_factory=list)
    """(choice line, earlier line that informed its chooser)."""
    illegal: list[int] = field(default_factory=list)
    unpaid: list[tuple[str, str]] = field(default_factory=list)
    """The spell the block is about, where no legal game can pay for it (no correct run), and
    which part of its cost: ``mana`` or ``additional``."""
    differs: dict[str, list[str]] = field(default_factory=dict)
    """How the two runs' ends differ, in words: ``performed`` → what only the performed run
    ends with, ``correct`` → what only the correct run ends with."""
    retroactive: list[tuple[int, int]] = field(default_factory=list)
    """(line, interruption number)."""
    added: list[int] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    """What the correct run does that no line says, in words (``alice draws 3``, ``bob's pick
    for Cruel Ultimatum: bob sacrifices 1 creature``)."""
    words: dict[int, str] = field(default_factory=dict)
    """Time of the correct run → its event in words, where the trace reader words it."""
    priority_at: list[int] = field(default_factory=list)
    """Times of the correct run at which a player receives priority."""
    gave_priority: dict[int, str] = field(default_factory=dict)
    """Each of those times → the rulebook key of the rule that gave the player priority
    (``windows.lp``)."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of the laws behind the correct run's events and of the rules that decided a
    condition."""
    rules_at: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Time of the correct run → rulebook keys of its event."""
    shown: dict[int, int] = field(default_factory=dict)
    """Line that informed a chooser too early → how many cards it showed them."""
    options: dict[int, list[str]] = field(default_factory=dict)
    """Choice line that leaked → the options its chooser could tell apart."""
    lines_at: int = 0
    """Time the correct run starts at (after the performed run's ``n``): its events are after it."""


def judge(state: GameState, edition: Edition, block: Block) -> Judgement:
    """Judge a block (``block.py`` writes a question as its inputs)."""
    runs = _Runs(state, edition, block, open_order=False)
    ctl = runs.judge_control(["--opt-mode=opt"])
    best: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        best[:] = [list(model.symbols(shown=True))]  # what _read needs is shown

    asp.run(ctl, on_model)
    if not best:
        raise Unsupported("the core found no correct run for this block (a gap in the encoding: "
                          "please report it)")
    symbols = runs.taken_symbols(best[0])
    _refuse_unsupported(symbols, runs.n)
    # "does not stand" says no correct run meets the five conditions: one the core could not
    # follow to its end might, so the question is refused rather than answered.
    if runs.gaps and any(x.name == "fails" for x in best[0]):
        raise Unsupported("a correct run the block may follow reaches something the core does not "
                          f"model yet: {', '.join(sorted(runs.gaps))}")
    j = _read(symbols, runs.n, state)
    j.gave_priority = _gave_priority(j, edition)
    return j


def _gave_priority(j: Judgement, edition: Edition) -> dict[int, str]:
    """Which rule gave a player priority at each time of the correct run a player has it
    (windows.lp, from the rules the run's events cite)."""
    facts = [fact(a("priority_at", N(t))) for t in j.priority_at]
    facts += [fact(a("cites", S(k), N(t))) for t, keys in j.rules_at.items() for k in keys]
    found = asp.solve(("sequencing/windows",), facts, edition)
    return {t: k for t, k in asp.atoms(found.models[0], "gave_priority")} if found.models else {}


def standing_orders(state: GameState, edition: Edition, block: Block,
                    conditions: Sequence[str] = tuple(CONDITION)) -> list[tuple[int, ...]]:
    """Every order of the lines (as line numbers, 1-based) in which the block would meet
    ``conditions`` (their names in judge.lp): the performed order left open, every answer set
    that fails none of them."""
    runs = _Runs(state, edition, replace(block, interrupts=()), open_order=True)
    ctl = runs.judge_control(["0", "--project", "--opt-mode=ignore"])
    wanted = "".join(f"required({c}).\n" for c in conditions)
    ctl.add("stands", [], wanted + ":- fails(C), required(C).\n#project performed_at/2.")
    ctl.ground([("stands", [])])
    orders = set()
    for symbols in asp.each_model(ctl):
        at = {s.arguments[0].number: s.arguments[1].number for s in symbols if s.name == "performed_at"}
        orders.add(tuple(sorted(at, key=at.__getitem__)))
    return sorted(orders)


PROGRAM = (*THEORY, "sequencing/runs", "game/universe")
"""The step program of both runs: the core's action theory in the sequencing mode."""
BASE_CHOICES = {"implicit_tap": 2, "line_dest": 3, "line_shows": 2}
"""runs.lp's choices made once for both runs (the same at every step), by their arity."""
CITE_SHOWS = frozenset({"cites", "started", "ended", "step_at", "power_at", "toughness_at", "kw_at"})
"""What cite.lp shows: read for the correct run's events, from its first on."""
RUN_FACTS = {("combination", 1), ("with", 2), ("root", 2), ("step", 2), ("at", 2), ("leads", 2),
             ("ends", 2)}
"""The facts the driver writes of the runs (judge.lp's inputs, CORE.md)."""


@functools.cache
def _judge_inputs() -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
    """What judge.lp reads, from its text: the predicates of a step it reads through
    ``at(S,A)``, and the predicates it reads that no rule of it defines and the runs do not
    give (the block's facts, the state's, and what runs.lp and core.lp derive of them before
    any time: facts of the step program's grounding)."""
    reads: set[str] = set()
    used: set[tuple[str, int]] = set()
    defined: set[tuple[str, int]] = set()

    class Atoms(ast.Transformer):
        def __init__(self, into: set[tuple[str, int]]) -> None:
            self.into = into

        def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802 (clingo's visitor naming)
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function:
                self.into.add((symbol.name, len(symbol.arguments)))
                if symbol.name == "at" and len(symbol.arguments) == 2:
                    inner = symbol.arguments[1]
                    if inner.ast_type == ast.ASTType.Function:
                        reads.add(inner.name)
            return atom

    for statement in asp._statements("sequencing/judge"):
        if statement.ast_type in (ast.ASTType.Rule, ast.ASTType.Minimize):
            for literal in statement.body:
                Atoms(used)(literal)
        if statement.ast_type == ast.ASTType.Rule:
            Atoms(defined)(statement.head)
        elif statement.ast_type == ast.ASTType.ShowTerm:
            for literal in statement.body:
                Atoms(used)(literal)
    static = sorted(used - defined - RUN_FACTS)
    return frozenset(reads), tuple(static)


MAX_ANSWERS = 20000
"""How many answers of steps the runs of a block may take in all before it is refused."""


@functools.lru_cache(maxsize=1 << 16)
def _at(symbol: clingo.Symbol, now: int) -> clingo.Symbol:
    """A timed atom of a step's answer (time 0 or 1) at its trace time; a base choice as it is
    (the runs of a block meet the same atoms at the same times again and again)."""
    if symbol.name in BASE_CHOICES or symbol.name in UNTIMED:
        return symbol  # a base choice, or what the step program shows without a time
    args = symbol.arguments
    return F(symbol.name, [*args[:-1], N(now + args[-1].number)])


@functools.lru_cache(maxsize=1 << 16)
def _kept(symbol: clingo.Symbol, first: int) -> tuple[bool, bool]:
    """Whether judge.lp reads an atom of a run, and whether the verdict's words keep it (a
    citation only from ``first``, the correct run's first event, on)."""
    name = symbol.name
    return name in _judge_inputs()[0], name not in CITE_SHOWS or symbol.arguments[-1].number >= first


class _Runs:
    """Both runs of a block on the step program (``step.py``): from the starting state, the
    performed run line by line and the correct run through every answer of each of its steps,
    until it is over (a depth-first search: every branch is explored, nothing is decided here),
    for each combination of the base choices; handed to judge.lp as facts."""

    def __init__(self, state: GameState, edition: Edition, block: Block, open_order: bool):
        static, initial = split_state(state, edition, block.targets)
        initial = [f for f in initial if f.name not in block.removed] + list(block.added)
        lines, interrupts = block.lines, block.interrupts
        facts = [*static, *(a("init", f) for f in initial), a("situation", block.situation),
                 *block.facts, a("lines", N(len(lines)))]
        for k, line in enumerate(lines, start=1):
            count = line.count if line.count is not None else len(line.objects)
            facts.append(a("line", N(k), S(line.player), F(LINE_VERB[line.verb], []), N(count)))
            for i, obj in enumerate(line.objects, start=1):
                facts.append(a("script_list", N(k), N(i), S(obj)))
            if line.count is not None and not line.objects and line.verb == "discard":
                facts.append(a("counted", N(k)))
            if line.other is not None:
                facts.append(a("line_player", N(k), S(line.other)))
            if line.card is not None:
                facts.append(a("line_card", N(k), S(line.card)))
        for e, after in enumerate(interrupts, start=1):
            facts.append(a("interrupt", N(e), N(after)))
        if open_order:
            facts.append(F("open_order", []))
        self.facts = facts
        self.n = n = len(lines)
        self.initial = frozenset(initial)
        self.open_order = open_order
        self.limit = n + 1 + max(EXTRA_EVENTS, 4 * n)
        """The latest time a correct run may still be going at."""
        self.deadline = _time.perf_counter() + budget().seconds
        self.stepper = Stepper(PROGRAM, facts, initial, BASE_CHOICES)
        asp.check_ground(self.stepper.ctl, f"the block's {n} lines")
        self.answers = 0
        self.out: list[clingo.Symbol] = []
        """The runs as facts for judge.lp."""
        self.atoms: dict[int, list[clingo.Symbol]] = {}
        """Step answer → every atom it shows (trace times): the verdict's words read them."""
        self.gaps: set[str] = set()
        """What the core does not model that some branch of the correct run reached."""
        self.nodes: dict[tuple[int, bool, int, frozenset[clingo.Symbol], frozenset[int]], int] = {}
        self.combo: frozenset[clingo.Symbol] | None = None
        self._combo_lits: tuple[tuple[int, frozenset[clingo.Symbol] | None], list[int]] = ((-1, None), [])
        # the combinations of the base choices: the answers of a step at which nothing happens
        combos = {frozenset(s for s in model if s.name in BASE_CHOICES)
                  for model in self._solve(self.initial, None, False)}
        for b, combo in enumerate(sorted(combos, key=sorted), start=1):
            self.combo = combo
            self.out.append(a("combination", N(b)))
            self.out += [a("with", N(b), x) for x in sorted(combo)]
            self.out.append(a("root", N(b), N(self._search(b, False))))
            self.out.append(a("root", N(b), N(self._search(b, True))))

    def _solve(self, state: frozenset[clingo.Symbol], performing: int | None,
               correct: bool) -> list[list[clingo.Symbol]]:
        """Every answer of the step from ``state``: the line performed now, or the correct run."""
        stepper = self.stepper
        before = stepper.groundings
        stepper.goto(state)
        if stepper.groundings != before:
            asp.check_ground(stepper.ctl, f"the block's {self.n} lines")
        assume = []
        for line in range(1, self.n + 1):
            lit = stepper.literal(F("performing", [N(line)]))
            if lit is not None:
                assume.append(lit if line == performing else -lit)
        lit = stepper.literal(F("correct_run", []))
        if lit is not None:
            assume.append(lit if correct else -lit)
        models = stepper.solve_all([*assume, *self._combo_literals()])
        self.answers += len(models)
        if self.answers > MAX_ANSWERS:
            raise BudgetExhausted(f"the runs of the block took more than {MAX_ANSWERS:,} answers of steps")
        if _time.perf_counter() > self.deadline:
            raise BudgetExhausted(asp.guard_words(budget()))
        return models

    def _combo_literals(self) -> list[int]:
        """The base choices as assumptions: the combination's atoms, and no others."""
        if self.combo is None:
            return []
        key, lits = self._combo_lits
        if key != (self.stepper.groundings, self.combo):
            symbolic = self.stepper.ctl.symbolic_atoms
            lits = [x.literal if x.symbol in self.combo else -x.literal
                    for name, arity in BASE_CHOICES.items() for x in symbolic.by_signature(name, arity)]
            self._combo_lits = ((self.stepper.groundings, self.combo), lits)
        return lits

    def _search(self, b: int, correct: bool) -> int:
        """Explore a run from the starting state under combination ``b``: its root node."""
        start = self.n + 1 if correct else 0
        root = self._node(b, correct, start, self.initial, frozenset())
        todo = [(root, start, self.initial, frozenset[int]())]
        while todo:
            node, t, state, done = todo.pop()
            branches: list[tuple[int | None, list[list[clingo.Symbol]]]]
            if correct:
                branches = [(None, self._solve(state, None, True))]
            elif len(done) == self.n:
                branches = [(None, self._solve(state, None, False))]
            else:
                order = [k for k in range(1, self.n + 1) if k not in done] if self.open_order else [t + 1]
                branches = [(k, self._solve(state, k, False)) for k in order]
            for line, models in branches:
                for model in models:
                    at_now, at_next, control = self.stepper.read(model, t)
                    if correct:
                        self.gaps |= {str(x.arguments[0].arguments[0]) for x in (*at_now, *at_next)
                                      if x.name == "stop" and x.arguments[0].name == "unsupported"}
                    s = len(self.atoms) + 1
                    self.out.append(a("step", N(s), N(node)))
                    atoms = [_at(x, t) for x in (*at_now, *at_next)]
                    ends = control["stopped"] if correct else line is None
                    if ends:
                        atoms += [a("holds", f, N(t)) for f in sorted(state)]
                        self.out.append(a("ends", N(s), N(t)))
                    elif correct and (not control["happened"] or t >= self.limit):
                        raise BudgetExhausted(f"the correct run had not ended after {t - self.n - 1} events")
                    else:
                        after = self.stepper.successor(control["dropped"], control["added"], t)
                        now = done | {line} if line is not None else done
                        key = (b, correct, t + 1, after, now)
                        child = self.nodes.get(key)
                        if child is None:
                            child = self._node(b, correct, t + 1, after, now)
                            todo.append((child, t + 1, after, now))
                        self.out.append(a("leads", N(s), N(child)))
                    first = self.n + 2
                    kept = [(x, *_kept(x, first)) for x in atoms]
                    self.out += [a("at", N(s), x) for x, read, _ in kept if read]
                    self.atoms[s] = [x for x, _, words in kept if words]
        return root

    def _node(self, b: int, correct: bool, t: int, state: frozenset[clingo.Symbol], done: frozenset[int]) -> int:
        """A new node: a state of a run at ``t`` (of the performed run, with the lines done)."""
        node = self.nodes[b, correct, t, state, done] = len(self.nodes) + 1
        return node

    # -- the judge ---------------------------------------------------------------------------
    def judge_control(self, options: list[str]) -> clingo.Control:
        """judge.lp grounded on the runs, and on what the step program knows before any time."""
        ctl = asp.control(options)
        asp.add_encodings(ctl, ("sequencing/judge",))
        symbolic = self.stepper.ctl.symbolic_atoms
        static = [x.symbol for name, arity in _judge_inputs()[1] for x in symbolic.by_signature(name, arity)
                  if x.is_fact]
        ctl.add("base", [], "\n".join(fact(s) for s in [*static, *self.out]))
        ctl.ground([("base", []), ("judge", [N(self.n)])])
        asp.check_ground(ctl, f"the judge of the block's {self.n} lines")
        return ctl

    def taken_symbols(self, judged: Sequence[clingo.Symbol]) -> list[clingo.Symbol]:
        """What the judge shows, with every atom of the runs it took and the starting state."""
        out = dict.fromkeys(judged)
        for s in judged:
            if s.name == "taken":
                out.update(dict.fromkeys(self.atoms[s.arguments[0].number]))
        out.update(dict.fromkeys(a("initial", f) for f in sorted(self.initial)))
        return list(out)


def _refuse_unsupported(symbols: list[clingo.Symbol], n: int) -> None:
    for s in symbols:
        if s.name == "stop" and s.arguments[0].name == "unsupported" and s.arguments[1].number > n:
            raise Unsupported(f"the correct run reaches something the core does not model yet: "
                              f"{s.arguments[0].arguments[0]}")


# -- the judgement in words --------------------------------------------------------------------

def _kind(kind: clingo.Symbol, count: int = 1) -> str:
    """Objects of one kind, counted: a card's name (``2 copies of Forest``) or unnamed cards."""
    if kind.type == clingo.SymbolType.String:
        return kind.string if count == 1 else f"{count} copies of {kind.string}"
    return plural(count, "unnamed card")


def _zone_words(player: str, zone: str, what: str) -> str:
    return f"{player}'s {what} on the battlefield" if zone == "battlefield" else f"{what} in {player}'s {zone}"


def _whose(knower: str, owner: str) -> str:
    return "their own" if knower == owner else f"{owner}'s"


FACT_WORDS: dict[str, Callable[[Sequence[clingo.Symbol], list[Any]], str]] = {
    "zone": lambda a, v: _zone_words(v[0], v[1], _kind(a[2], v[3])),
    "tapped": lambda a, v: f"{v[0]}'s {_kind(a[1], v[2])} tapped",
    "life": lambda a, v: f"{v[0]} at {v[1]} life",
    "effect": lambda a, v: f"{_kind(a[0])} {mod_words(v[1])}{duration_words(v[2])}",
    "counters": lambda a, v: f"{plural(v[2], COUNTER_WORD.get(v[1], str(v[1])) + ' counter')} on {_kind(a[0])}",
    "attacking": lambda a, v: f"{_kind(a[0])} attacking",
    "blocking": lambda a, v: f"{_kind(a[0])} blocking {_kind(a[1])}",
    "lost": lambda a, v: f"{v[0]} having lost the game",
    "damage": lambda a, v: f"{v[2]} damage on {v[0]}'s {_kind(a[1])}",
    "known": lambda a, v: f"{v[0]} knowing {_kind(a[3], v[4])} in {_whose(v[0], v[1])} {v[2]}",
    "drawn_known": lambda a, v: f"{v[0]} having drawn {_kind(a[1], v[2])} they knew in their library",
}
"""Each fact of a run's end as the judge compares the two runs (``sig`` in judge.lp), in words,
from its arguments and their values."""


def fact_words(fact: clingo.Symbol) -> str:
    """One fact of a run's end in words: ``3 unnamed cards in bob's graveyard``, ``alice at 25
    life``."""
    words = FACT_WORDS.get(fact.name)
    if words is None:
        return fact.name.replace("_", " ")
    return words(fact.arguments, [value(x) for x in fact.arguments])


ACT_WORDS = {"draw": "{p} draws {a}", "lose": "{p} loses {a} life", "gain": "{p} gains {a} life",
             "shuffle": "{p} shuffles", "untap": "{p} untaps", "reveal": "{p} reveals their hand",
             "look": "{p} looks at {a}'s hand", "look_top": "{p} looks at the top {a} of their library",
             "to_graveyard": "{p} puts {a} into the graveyard"}
"""A correct run's act (``act`` in runs.lp) as a performed line would say it."""


def act_words(act: clingo.Symbol, t: int, reader: Reader) -> str:
    """What the correct run does at ``t`` that no line says: an act, as a performed line would
    say it (``alice draws 3``), or a player's pick for a resolving object's instruction."""
    a = act.arguments
    if act.name == "act":
        p, verb, amount = value(a[0]), a[1].name, a[2]
        if verb == "counters":
            kind, n = a[1].arguments[0].name, a[1].arguments[1].number
            return f"{p} puts {plural(n, COUNTER_WORD.get(kind, kind) + ' counter')} on {_kind(amount)}"
        if verb == "create":
            return f"{p} creates {plural(a[1].arguments[0].number, str(value(amount)) + ' token')}"
        said = (_kind(amount) if verb == "to_graveyard" else
                plural(amount.number, "card") if verb == "look_top" else value(amount))
        return ACT_WORDS.get(verb, "{p} " + verb.replace("_", " ")).format(p=p, a=said)
    if act.name == "cleanup":
        return f"{value(a[0])}'s discard down to the maximum hand size"
    if act.name == "target":
        return f"{value(a[1])}'s choice of a target for {item_words(value(a[0]))}"
    x, i, p = value(a[0]), a[1].number, value(a[2])
    what = reader.instr_words(x, i, t - 1) if (x, i, t - 1) in reader.instr else ""
    return f"{p}'s pick for {item_words(x)}" + (f": {what}" if what else "")


def run_event_words(reader: Reader, t: int, name: str, args: tuple[Any, ...]) -> str:
    """An event of the correct run in words: as a trace words it, and the run's own events (a
    round of passes; a pick the rules make, or one no line answers)."""
    if name == "pass_round":
        return "every player passes in turn"
    if name in ("auto", "choose"):
        x, i, p = args if name == "auto" else (args[1], args[2], args[0])
        what = f"{item_words(x)}: {reader.instr_words(x, i, t - 1)}"
        return what + " (nothing to choose)" if name == "auto" else f"{p} chooses for {what}"
    return reader.event_words(t, name, args)


def _read(symbols: list[clingo.Symbol], n: int, state: GameState) -> Judgement:
    j = Judgement(failed=(), lines_at=n + 1)
    failed = []
    rules = set()
    ends: dict[str, list[clingo.Symbol]] = {}
    forgot: list[tuple[clingo.Symbol, int]] = []
    for s in symbols:
        args = s.arguments
        if s.name == "fails" and len(args) == 1:
            failed.append(CONDITION[args[0].name])
        elif s.name == "occurs" and len(args) == 2 and args[1].number > n + 1:
            j.correct.append((args[1].number, args[0].name, tuple(args[0].arguments)))
        elif s.name == "matched" and len(args) == 2 and args[1].number > n + 1:
            j.matched[args[0].number] = args[1].number
        elif s.name == "leak" and len(args) == 2:
            j.leaks.append((args[0].number, args[1].number))
        elif s.name == "illegal" and len(args) == 1:
            j.illegal.append(args[0].number)
        elif s.name == "cast_unpaid" and len(args) == 2:
            found = state.find(str(value(args[0])))
            j.unpaid.append((found[2].card if found and found[2].card else str(value(args[0])), args[1].name))
        elif s.name == "differs_at" and len(args) == 2:
            ends.setdefault("performed" if args[1].number == n else "correct", []).append(args[0])
        elif s.name == "retroactive" and len(args) == 2:
            j.retroactive.append((args[0].number, args[1].number))
        elif s.name == "added" and len(args) == 1:
            j.added.append(args[0].number)
        elif s.name == "forgot" and len(args) == 2:
            forgot.append((args[0], args[1].number))
        elif s.name == "has_priority" and len(args) == 2 and args[1].number > n + 1:
            j.priority_at.append(args[1].number)
        elif s.name == "judged_by" and len(args) == 1:
            rules.add(args[0].string)
        elif s.name == "cites" and len(args) == 2 and args[1].number > n + 1:
            rules.add(args[0].string)
            j.rules_at.setdefault(args[1].number, ())
            j.rules_at[args[1].number] += (args[0].string,)
        elif s.name == "shown" and len(args) == 3:
            j.shown[args[0].number] = args[2].number
        elif s.name == "options_of" and len(args) == 2:
            kind = args[1]
            j.options.setdefault(args[0].number, []).append(
                kind.string if kind.type == clingo.SymbolType.String else "a card nobody has seen")
    j.failed = tuple(sorted(failed))
    j.correct.sort()
    j.leaks.sort()
    j.illegal.sort()
    j.differs = {run: [fact_words(f) for f in sorted(facts)] for run, facts in ends.items()}
    j.retroactive.sort()
    j.added.sort()
    # the correct run's events, and what it does that no line says, as a trace reads them
    reader = Reader(state, symbols, ())
    j.words = {t: words for t, name, args in j.correct
               if (words := run_event_words(reader, t, name, tuple(value(x) for x in args)))}
    j.forgotten = [act_words(act, t, reader) for act, t in sorted(forgot)]
    j.priority_at.sort()
    j.rules = tuple(sorted(rules))
    for line, names in j.options.items():
        # a hidden card is counted, not named by its id
        named = sorted(o for o in names if (found := state.find(o)) is None or found[2].card)
        hidden = len(names) - len(named)
        j.options[line] = named + ([plural(hidden, "unnamed card")] if hidden else [])
    return j


def lines_verb(text: str) -> str:
    """The verb of a performed line's text, for messages."""
    words = text.split()
    return {"draws": "draw"}.get(words[1], words[1]) if len(words) > 1 else ""


def violations(j: Judgement, texts: Sequence[str], pauses: Sequence[str]) -> list[tuple[Condition, str]]:
    """Why a block fails each condition it fails, in the block's words (``texts``: its lines,
    ``pauses``: its pauses and reactions)."""
    out: list[tuple[Condition, str]] = []
    for spell, part in j.unpaid:
        why = ("its mana cost can't be paid from the mana pool and the mana the block's lines make, and its "
               "caster has no other mana source" if part == "mana" else "its additional cost can't be paid")
        out.append((Condition.LEGAL_IN_ORDER, f"{spell} can't be cast: {why}"))
    for line in j.illegal:
        out.append((Condition.LEGAL_IN_ORDER, f"'{texts[line - 1]}' is not a legal pick where the correct run makes it"))
    if j.differs:
        performed, correct = j.differs.get("performed"), j.differs.get("correct")
        ends = (f"the performed run ends with {', '.join(performed)}; the correct run with "
                f"{', '.join(correct)}" if performed and correct else
                f"only the {'performed' if performed else 'correct'} run ends with "
                + ", ".join(performed or correct or ()))
        out.append((Condition.SAME_STATE, "the two runs end differently: " + ends))
    for choice, informer in j.leaks:
        options = j.options.get(choice, [])
        among = (" among " + " and ".join(options)) if options else ""
        shown = j.shown.get(informer)
        cards = ("the card" if shown == 1 else f"the {shown} cards") if shown else ""
        what = (f"{cards} drawn ('{texts[informer - 1]}')" if shown and lines_verb(texts[informer - 1]) == "draw"
                else f"{cards} shown by '{texts[informer - 1]}'" if shown
                else f"the choice '{texts[informer - 1]}'")
        known = "were" if shown and shown != 1 else "was"
        out.append((Condition.NO_LEAK, f"{what} {known} known before choosing{among} ('{texts[choice - 1]}'); "
                    "in the correct run that choice comes first"))
    for line, event in j.retroactive:
        out.append((Condition.NO_INTERACTION, f"'{texts[line - 1]}' came after the {pauses[event - 1]} but belongs "
                    "before the point the block had reached: a forgotten action, not a reordering"))
    for line in j.added:
        out.append((Condition.NOTHING_ADDED_OR_FORGOTTEN, f"'{texts[line - 1]}' is no action of the correct run"))
    for act in j.forgotten:
        out.append((Condition.NOTHING_ADDED_OR_FORGOTTEN, f"the block leaves out what the correct run does: {act}"))
    return out
