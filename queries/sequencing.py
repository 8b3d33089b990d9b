"""Out-of-order sequencing questions (MTR 4.3): does a block of actions taken out of order stand?

A scenario says what the block is about (a spell resolving or being cast, steps of the turn,
creatures dying at once) and what the players did, in the order they did it. The correct
order is derived from the rules and the cards (``mtgrules.model.sequencing``); two
independent encodings — ``encodings/asp/sequencing.lp`` and ``encodings/smt/sequencing.py`` —
decide whether a correct order meets the five conditions of DESIGN §5.4.

>>> from mtgrules.queries.sequencing import check_block, standing_orders
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.smt.sequencing import SequencingSmt
from mtgrules.model.actions import (CONDITIONS, ORDER_CONDITIONS, Block, Condition, evaluate)
from mtgrules.model.edition import Edition, cite, rule_holds, rulebook
from mtgrules.model.errors import SolverTimeout, UnsupportedQuestion
from mtgrules.model.sequencing import (Event, Line, Situation, build_block, canonical_order,
                                       parse_line)
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import Verdict, citations

SITUATIONS = ("resolving", "casting", "steps", "dying")
EVENT_KINDS = ("reaction", "pause")


@dataclass(frozen=True)
class SequencingQuestion:
    situation: Situation
    entries: tuple[Line | Event, ...]
    block: Block

    def __str__(self) -> str:
        s = self.situation
        what = {"resolving": f"resolving {s.card.name if s.card else ''}",
                "casting": f"casting {s.card.name if s.card else ''}",
                "steps": "steps " + "→".join(str(x) for x in s.steps),
                "dying": "dying: " + ", ".join(s.dying)}[s.kind]
        return f"{what}; {len(self.block.actions)} actions performed"


# -- parsing -----------------------------------------------------------------------------------

def parse(node: Field, state: GameState) -> SequencingQuestion:
    node.mapping(required=["kind", "performed"],
                 optional=[*SITUATIONS, "caster", "target"])
    given = [k for k in SITUATIONS if node.has(k)]
    if len(given) != 1:
        raise node.error("give exactly one situation for the block" if given else
                         "the situation of the block is missing",
                         "one of the fields: " + ", ".join(SITUATIONS))
    kind = given[0]
    caster = node["caster"].choice(state.names, "player") if node.has("caster") else None
    target = node["target"].choice(state.names, "player") if node.has("target") else None
    if kind in ("resolving", "casting"):
        card_node = node[kind]
        name = card_node.str()
        obj = name if state.find(name) is not None else None
        card = state.cards.lookup(card_node)
        if not card.resolve:
            raise card_node.error(f"'{card.name}' has no instructions to resolve",
                                  "a spell with instructions (an instant or sorcery)")
        situation = Situation(kind, card=card, object=obj, caster=caster, target=target)
    elif kind == "steps":
        steps = tuple(Step(s.choice(STEP_NAMES, "step")) for s in node["steps"].list())
        for a, b in zip(steps, steps[1:]):
            if b.index != a.index + 1:
                raise node["steps"].error(f"'{b}' does not follow '{a}'",
                                          "consecutive steps of one turn, in order")
        situation = Situation(kind, steps=steps, caster=caster)
    else:
        dying = []
        for item in node["dying"].list():
            oid = item.str()
            found = state.find(oid)
            if found is None:
                raise item.unknown(oid, [o.id for _, _, o in state.objects("battlefield")],
                                   "object on the battlefield")
            if found[1] != "battlefield":
                raise item.error(f"'{oid}' is in the {found[1]}, not on the battlefield",
                                 "a creature on the battlefield")
            dying.append(oid)
        situation = Situation(kind, dying=tuple(dying))
    entries: list[Line | Event] = []
    for item in node["performed"].list():
        if isinstance(item.value, dict):
            item.mapping(optional=EVENT_KINDS)
            if len(item.keys()) != 1:
                raise item.error("an event names exactly one of 'reaction' or 'pause'",
                                 "{reaction: what the other player did} or {pause: how long}")
            key = item.keys()[0]
            entries.append(Event(key, item[key].str() if not item[key].is_none else ""))
        elif isinstance(item.value, str) and item.value.strip().lower() in EVENT_KINDS:
            entries.append(Event(item.value.strip().lower(), ""))
        else:
            entries.append(parse_line(item, state))
    if not any(isinstance(e, Line) for e in entries):
        raise node["performed"].error("no action was performed", "at least one action line")
    block = build_block(situation, entries, state)
    return SequencingQuestion(situation, tuple(entries), block)


# -- the two backends --------------------------------------------------------------------------

_COND_TERM = {c: c.value.replace("-", "_") for c in CONDITIONS}
_TERM_COND = {v: k for k, v in _COND_TERM.items()}


def block_facts(block: Block) -> list[str]:
    """ASP facts for a block (the inputs documented in ``sequencing.lp``)."""
    f = asp.fact
    out = []
    for i, a in enumerate(block.actions):
        out += [f("action", a.id), f("perf", a.id, i)]
        if a.choice is not None:
            out.append(f("choice", a.id, a.choice.chooser, a.choice.base,
                         min(a.choice.forced_at_most, 10 ** 6)))
            out += [f("delta", x, a.id, d) for x, d in a.choice.option_deltas]
    out += [f("prec", p.before, p.after, p.rule) for p in block.precedences]
    out += [f("barrier", k) for k in block.barriers]
    for c in block.conflicts:
        out.append(f("conflict", c.first, c.second))
        out += [f"flipbad({asp.term(c.first)},{asp.term(c.second)},{_COND_TERM[x]})."
                for x in c.if_flipped]
        out += [f"keptbad({asp.term(c.first)},{asp.term(c.second)},{_COND_TERM[x]})."
                for x in c.if_kept]
    out += [f("always_illegal", a) for a in block.always_illegal]
    for cid, facts in block.leak_candidates().items():
        for fact, revealers in facts.items():
            out.append(f("leakfact", cid, fact))
            out += [f("revealer", cid, fact, r) for r in revealers]
    return out


def reveal_facts(block: Block) -> list[str]:
    """Every reveal and the knowledge before the block (for ``sequencing_orders.lp``)."""
    f = asp.fact
    out = [f("reveal", a.id, r.fact, r.player) for a in block.actions for r in a.reveals]
    facts = {r.fact for a in block.actions for r in a.reveals}
    out += [f("known0", p, fact) for p, fact in block.initially_known if fact in facts]
    return out


class SequencingAsp:
    """One grounded clingo program per block; conditions switched by externals."""

    def __init__(self, block: Block, edition: Edition, total: bool = False, models: int = 1):
        self.block = block
        self.edition = edition
        self.ctl = asp.ground(["sequencing"], block_facts(block) + (["total."] if total else []),
                              edition, [str(models)])

    def _switch(self, enabled: set[Condition]) -> None:
        for c in ORDER_CONDITIONS:
            self.ctl.assign_external(clingo.Function("on", [clingo.Function(_COND_TERM[c])]),
                                     c in enabled)

    def solve(self, enabled: Iterable[Condition]) -> list[str] | None:
        enabled = set(enabled)
        self._switch(enabled)
        found: list[list[clingo.Symbol]] = []
        result = self.ctl.solve(on_model=lambda m: found.append(m.symbols(shown=True)) or False)
        if result.interrupted:
            raise SolverTimeout("clingo was interrupted before deciding")
        if not found:
            return None
        return self._order(found[0], enabled)

    def _order(self, model: Sequence[clingo.Symbol], enabled: set[Condition]) -> list[str]:
        firsts = [(x, y) for x, y in asp.atoms(model, "first")]
        extra = list(firsts)
        if Condition.NO_INTERACTION in enabled:
            extra += _barrier_pairs(self.block)
        precs = [p for p in self.block.precedences if rule_holds(p.rule, self.edition)]
        return canonical_order(self.block.ids, precs, extra)

    def orders(self, enabled: Iterable[Condition]) -> Iterable[list[str]]:
        """Every correct order meeting ``enabled`` (grounded with ``total=True``)."""
        self._switch(set(enabled))
        with self.ctl.solve(yield_=True) as handle:
            for model in handle:
                firsts = asp.atoms(model.symbols(shown=True), "first")
                before = {a: 0 for a in self.block.ids}
                for x, _ in firsts:
                    before[x] += 1
                yield sorted(self.block.ids, key=lambda a: -before[a])


def _barrier_pairs(block: Block) -> list[tuple[str, str]]:
    """Every action performed before a reaction or pause comes before every one after it."""
    return [(a, b) for k in block.barriers for a in block.ids[:k] for b in block.ids[k:]]


def make_backend(block: Block, edition: Edition, backend: str):
    if backend == "asp":
        return SequencingAsp(block, edition)
    if backend == "smt":
        return SequencingSmt(block, edition)
    raise ValueError(f"unknown backend '{backend}': expected asp or smt")


# -- deciding ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """Whether the block stands, the failed conditions, and an order showing it."""

    stands: bool
    failed: tuple[Condition, ...]
    order: tuple[str, ...] | None
    """A witness correct order (when it stands), or the correct order closest to standing:
    it breaks exactly the failed order conditions."""


def decide(block: Block, edition: Edition | None = None, backend: str = "asp") -> Decision:
    """Decide with one backend. ``failed`` is the smallest set of conditions (first in the
    order of DESIGN §5.4 on ties) whose relaxation lets some correct order meet the rest;
    every condition that no correct order can meet is in it."""
    edition = edition or Edition.newest()
    solver = make_backend(block, edition, backend)
    added = bool(block.added or block.forgotten)
    extra = (Condition.NOTHING_ADDED_OR_FORGOTTEN,) if added else ()
    order = solver.solve(ORDER_CONDITIONS)
    if order is not None:
        return Decision(not added, extra, _replayed(block, order, ORDER_CONDITIONS))
    for size in range(1, len(ORDER_CONDITIONS) + 1):
        for relaxed in itertools.combinations(ORDER_CONDITIONS, size):
            enabled = [c for c in ORDER_CONDITIONS if c not in relaxed]
            order = solver.solve(enabled)
            if order is not None:
                return Decision(False, tuple(relaxed) + extra, _replayed(block, order, enabled))
    raise SolverTimeout("no correct order exists at all: the rules' precedences form a cycle")


def _replayed(block: Block, order: Sequence[str], enabled: Iterable[Condition]) -> tuple[str, ...]:
    """The order, once a full replay from the starting state confirms what the solver found
    pair by pair. Should several swaps interact in a way no single swap shows, the question
    is outside what the model covers: that is said, never guessed."""
    if block.replay is not None:
        problem = block.replay(order)
        if problem is not None and problem.condition in set(enabled):
            raise UnsupportedQuestion(
                f"the order found by judging swaps pair by pair fails when replayed in full "
                f"({problem.condition}: {problem.text}); blocks whose swaps interact beyond pairs "
                "are not modelled")
    return tuple(order)


def check_block(block: Block, edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """The verdict on a block (model values in, Verdict out); backend ``asp``, ``smt`` or
    ``both`` (which raises if the two disagree)."""
    if isinstance(edition, str):
        edition = Edition(edition)
    edition = edition or Edition.newest()
    if backend == "both":
        a, s = check_block(block, edition, "asp"), check_block(block, edition, "smt")
        if not a.same_answer(s) or a.details["failed"] != s.details["failed"]:
            from mtgrules.queries.api import BackendDisagreement
            raise BackendDisagreement(f"asp: {a.outcome} {a.details['failed']}; "
                                      f"smt: {s.outcome} {s.details['failed']}")
        return a
    return _verdict(block, decide(block, edition, backend), edition, backend)


def check_performed(state: GameState, performed: Sequence[str | dict], *,
                    resolving: str | None = None, casting: str | None = None,
                    steps: Sequence[str] | None = None, dying: Sequence[str] | None = None,
                    edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """Convenience: build the block from a state and performed lines, then check it."""
    question = {"kind": "sequencing", "performed": list(performed)}
    for key, value in (("resolving", resolving), ("casting", casting), ("steps", steps),
                       ("dying", dying)):
        if value is not None:
            question[key] = list(value) if isinstance(value, (list, tuple)) else value
    parsed = parse(Field.of(question, "question"), state)
    return check_block(parsed.block, edition, backend)


def answer(question: SequencingQuestion, state: GameState, edition: Edition, backend: str) -> Verdict:
    return check_block(question.block, edition, backend)


# -- enumeration -----------------------------------------------------------------------------

@dataclass(frozen=True)
class StandingOrders:
    count: int
    """How many performed orders of the block's actions stand."""
    orders: tuple[tuple[str, ...], ...]
    """Those orders (up to the limit asked for), as action ids."""
    total: int
    """How many orders of the block there are at all (n!)."""


def standing_orders(block: Block, edition: Edition | None = None, limit: int | None = None,
                    conditions: Iterable[Condition | str] = (Condition.LEGAL_IN_ORDER,
                                                             Condition.SAME_STATE, Condition.NO_LEAK)
                    ) -> StandingOrders:
    """Of all the orders in which the block's actions could have been performed, the ones
    that would stand, and how many there are (``conditions`` chooses which must hold; the
    default is all that depend on order; reactions and pauses are left out, so the block is
    one batch). clingo enumerates only the standing orders, projected on the performed order,
    never the n! permutations one by one."""
    import math
    edition = edition or Edition.newest()
    total = math.factorial(len(block.actions))
    if block.added or block.forgotten:
        return StandingOrders(0, (), total)
    wanted = [Condition(c) for c in conditions]
    conds = [f"cond({_COND_TERM[c]})." for c in wanted if c in ORDER_CONDITIONS]
    ctl = asp.ground(["sequencing_orders"], block_facts(block) + reveal_facts(block) + conds,
                     edition, ["0", "--project"])
    found = []
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            before = {a: 0 for a in block.ids}
            for x, _ in asp.atoms(model.symbols(shown=True), "pfirst"):
                before[x] += 1
            found.append(tuple(sorted(block.ids, key=lambda a: -before[a])))
    found.sort()
    return StandingOrders(len(found), tuple(found[:limit] if limit else found), total)


def witness_orders(block: Block, edition: Edition | None = None) -> tuple[tuple[str, ...], ...]:
    """Every correct order that shows the block (as performed) stands: each model of the
    program with every pair oriented is one such total order."""
    edition = edition or Edition.newest()
    if block.added or block.forgotten:
        return ()
    solver = SequencingAsp(block, edition, total=True, models=0)
    return tuple(sorted(tuple(o) for o in solver.orders(ORDER_CONDITIONS)))


# -- verdicts ------------------------------------------------------------------------------------

def _verdict(block: Block, decision: Decision, edition: Edition, backend: str) -> Verdict:
    keys = {"mtr.out-of-order", *block.rules}
    keys |= {p.rule for p in block.precedences}
    keys |= {w.rule for w in block.windows}
    keys = {k for k in keys if rule_holds(k, edition)}
    cited = citations([cite(k, edition) for k in keys])
    order = list(decision.order or [])
    texts = [block.action(a).text for a in order]
    windows = _windows(block, order, edition)
    failed = [c.value for c in decision.failed]
    rule_notes = [f"{cite(k, edition)}: {rulebook()[k].paraphrase}" for k in sorted(keys)]
    if decision.stands:
        reasons = ["The block stands: a correct order of exactly these actions is legal, reaches "
                   "the same state, and gave no player information early that could have changed "
                   "a choice (MTR 4.3).",
                   "Correct order: " + "; ".join(f"{i}. {t}" for i, t in enumerate(texts, 1)) + "."]
        witness = {"order": texts, "ids": order}
        counter = None
    else:
        violations = evaluate(block, order) if order else []
        shown = [v for v in violations if v.condition in decision.failed]
        reasons = ["The block does not stand (MTR 4.3); failed: " + ", ".join(failed) + "."]
        reasons += [f"{v.condition}: {v.text}." for v in shown]
        if order and Condition.NOTHING_ADDED_OR_FORGOTTEN not in decision.failed or len(failed) > 1:
            reasons.append("Closest correct order: " + "; ".join(
                f"{i}. {t}" for i, t in enumerate(texts, 1)) + ".")
        witness = None
        counter = {"violations": [{"condition": v.condition.value, "text": v.text,
                                   "actions": [block.action(a).text for a in v.actions]}
                                  for v in shown],
                   "closest_order": texts}
    if windows:
        reasons.append("Priority windows inside the block, where an opponent may ask for the "
                       "actions in order: " + "; ".join(w["description"] for w in windows) + ".")
    reasons += rule_notes
    return Verdict(query="sequencing", outcome="stands" if decision.stands else "does-not-stand",
                   citations=cited, reasons=tuple(reasons), witness=witness, counterexample=counter,
                   backend=backend, edition=edition.date,
                   details={"failed": failed, "priority_windows": windows,
                            "performed": [a.text for a in block.actions],
                            "added": list(block.added), "forgotten": list(block.forgotten)})


def _windows(block: Block, order: list[str], edition: Edition) -> list[dict]:
    out = []
    pos = {a: i for i, a in enumerate(order)}
    for w in block.windows:
        after_index = max((pos[a] for a in w.before if a in pos), default=-1)
        out.append({"description": w.description,
                    "after": [block.action(a).text for a in sorted(w.before, key=block.index)],
                    "before": [block.action(a).text for a in sorted(w.after, key=block.index)],
                    "position": after_index + 1,
                    "rule": str(cite(w.rule, edition))})
    return out


SEQUENCING = register(QuestionKind(
    name="sequencing",
    summary="does a block of actions taken out of order stand (MTR 4.3)",
    parse=parse,
    answer=answer,
    backends=("asp", "smt", "both"),
    describe=str,
))

__all__ = ["SequencingQuestion", "Decision", "StandingOrders", "check_block", "check_performed",
           "decide", "standing_orders", "witness_orders", "block_facts", "SequencingAsp"]
