"""Out-of-order sequencing questions (MTR 4.3): does a block of actions taken out of order stand?

A scenario says what the block is about (a spell resolving or being cast, steps of the turn,
creatures dying at once, combat declarations) and what the players did, in the order they did
it. The temporal core judges it (``encodings/sequencing/``, DESIGN §5.4): the performed run and
the correct run are one trace of the core's action theory, and the five conditions are rules
over the two. This module parses the question, writes it as the core's inputs and reads the
judgement back as a Verdict.

>>> from mtgrules.queries.sequencing import check_performed, standing_orders
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.encodings.game.facts import STEP_ATOM
from mtgrules.encodings.sequencing import core
from mtgrules.model.read.lines import Line, parse_line
from mtgrules.model.cards import Card
from mtgrules.model.edition import Edition, cite, rule_holds, rulebook
from mtgrules.model.sequencing import Condition
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.model.vocabulary import who_of
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import (
    SequencingFailure,
    SequencingOutcome,
    SequencingRun,
    Verdict,
    Violation,
    citations,
)

SITUATIONS = ("resolving", "casting", "steps", "dying")
EVENT_KINDS = ("reaction", "pause")


@dataclass(frozen=True)
class Situation:
    """What the block is about (one of the question's situation fields)."""

    kind: str
    """resolving, casting, steps or dying."""
    card: Card | None = None
    object: str | None = None
    steps: tuple[Step, ...] = ()
    dying: tuple[str, ...] = ()
    caster: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class Event:
    """A reaction or a substantial pause inside the performed sequence."""

    kind: str
    text: str


@dataclass(frozen=True)
class SequencingQuestion:
    situation: Situation
    entries: tuple[Line | Event, ...]

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(e for e in self.entries if isinstance(e, Line))

    def __str__(self) -> str:
        s = self.situation
        what = {"resolving": f"resolving {s.card.name if s.card else ''}",
                "casting": f"casting {s.card.name if s.card else ''}",
                "steps": "steps " + "→".join(str(x) for x in s.steps),
                "dying": "dying: " + ", ".join(s.dying)}[s.kind]
        return f"{what}; {len(self.lines)} actions performed"


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
        card = state.cards.lookup(card_node)
        if not card.resolve:
            raise card_node.error(f"'{card.name}' has no instructions to resolve",
                                  "a spell with instructions (an instant or sorcery)")
        zone = "stack" if kind == "resolving" else "hand"
        found = state.find(name)
        if found is None or found[1] != zone:
            where = f"it is in the {found[1]}" if found else "it is not in the state"
            raise card_node.error(f"'{name}' is the spell {kind}, but {where}",
                                  f"the id of an object in a player's {zone}")
        obj = found[2].id
        controller = found[2].controller
        if caster is not None and caster != controller:
            raise node["caster"].error(f"'{name}' is {controller}'s, not {caster}'s",
                                       f"{controller} (or no 'caster' field)")
        caster = controller
        if target is None and (card.targets or any(who_of(i) == "target" for i in card.resolve)):
            target = _only_target(node, card, caster, state)
        situation = Situation(kind, card=card, object=obj, caster=caster, target=target)
    elif kind == "steps":
        steps = tuple(Step(s.choice(STEP_NAMES, "step")) for s in node["steps"].list())
        if not steps:
            raise node["steps"].error("no steps are listed", "the steps the block spans, e.g. "
                                      "[declare-attackers, declare-blockers]")
        for a, b in zip(steps, steps[1:]):
            if b.position != a.position + 1:
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
    return SequencingQuestion(situation, tuple(entries))


def _only_target(node: Field, card: Card, caster: str, state: GameState) -> str:
    """The player a spell targets when the scenario doesn't say: the only one it can."""
    kinds = set(card.targets) & {"opponent", "player"}
    candidates = ([p for p in state.names if p != caster] if kinds == {"opponent"}
                  else list(state.names) if kinds else [])
    if len(candidates) != 1:
        raise node.error(f"'{card.name}' targets a player, and the scenario doesn't say which",
                         "a field 'target' naming the player"
                         + (f": one of {', '.join(candidates)}" if candidates else ""))
    return candidates[0]


def check_performed(state: GameState, performed: Sequence[str | dict], *,
                    resolving: str | None = None, casting: str | None = None,
                    steps: Sequence[str] | None = None, dying: Sequence[str] | None = None,
                    edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """Judge a block given as model values: a state, the performed lines (and pauses or
    reactions as ``{pause: …}`` / ``{reaction: …}``), and its situation.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "untap",
    ...     "alice": {"battlefield": ["Masticore"], "hand": ["Lightning Bolt"]}})
    >>> v = check_performed(state, ["alice discards Lightning Bolt", "alice untaps"],
    ...                     steps=["untap", "upkeep"])
    >>> v.outcome, v.witness.order
    (<SequencingOutcome.STANDS: 'stands'>, ('alice untaps', 'alice discards Lightning Bolt'))
    """
    parsed = parse(Field.of(_question(performed, resolving, casting, steps, dying), "question"), state)
    edition = Edition(edition) if isinstance(edition, str) else edition or Edition.newest()
    return answer(parsed, state, edition, backend)


def _question(performed: Sequence[str | dict], resolving: str | None, casting: str | None,
              steps: Sequence[str] | None, dying: Sequence[str] | None) -> dict:
    question: dict = {"kind": "sequencing", "performed": list(performed)}
    for key, value in (("resolving", resolving), ("casting", casting), ("steps", steps),
                       ("dying", dying)):
        if value is not None:
            question[key] = list(value) if isinstance(value, (list, tuple)) else value
    return question


def answer(question: SequencingQuestion, state: GameState, edition: Edition, backend: str) -> Verdict:
    return _core_verdict(question, state, edition)


@dataclass(frozen=True)
class StandingOrders:
    """The performed orders of a block's lines that would stand."""

    count: int
    orders: tuple[tuple[str, ...], ...]
    """Those orders, as the lines' texts."""
    total: int
    """How many orders of the lines there are at all (n!)."""


def standing_orders(scenario: Any, edition: Edition | str | None = None,
                    conditions: Iterable[Condition | str] | None = None) -> StandingOrders:
    """Of all the orders in which a sequencing scenario's lines could have been performed, the
    ones that would stand (``conditions``: which conditions must hold, all five by default).
    The block is taken as one batch (its pauses and reactions are left out). The solver leaves
    the performed order open and enumerates the standing ones; it never judges the n!
    permutations one by one.

    >>> from mtgrules.queries.scenario import parse_scenario
    >>> s = parse_scenario('''
    ... name: Masticore's upkeep cost paid before untapping
    ... state: {players: [alice, bob], step: untap,
    ...         alice: {battlefield: [Masticore], hand: [Lightning Bolt]}}
    ... question: {kind: sequencing, steps: [untap, upkeep],
    ...            performed: [alice discards Lightning Bolt, alice untaps]}
    ... ''')
    >>> found = standing_orders(s)
    >>> found.count, found.total
    (2, 2)
    """
    question, state = scenario.question, scenario.state
    if not isinstance(question, SequencingQuestion):
        raise TypeError("standing_orders takes a sequencing scenario")
    edition = Edition(edition) if isinstance(edition, str) else edition or Edition.newest()
    wanted = tuple(Condition(c) for c in conditions) if conditions is not None else tuple(Condition)
    situation, changes, lines, _, targets = _core_inputs(question, state)
    found = core.standing_orders(state, edition, situation, changes, lines, targets,
                                 tuple(c.value.replace("-", "_") for c in wanted))
    texts = [line.text for line in question.lines]
    orders = tuple(tuple(texts[k - 1] for k in order) for order in found)
    return StandingOrders(len(orders), orders, math.factorial(len(texts)))


# -- the core's inputs ----------------------------------------------------------------------

def _core_inputs(question: SequencingQuestion, state: GameState) -> tuple[
        Any, tuple[list[Any], set[str]], list[core.CoreLine], list[int], dict[str, str]]:
    s = question.situation
    add: list = []
    removed: set[str] = set()
    targets: dict[str, str] = {}
    if s.kind == "resolving":
        situation = core.F("resolving", [core.S(s.object or "")])
        add.append(core.F("all_passed", []))
        removed |= {"at_start", "prio_to", "cleanup_again"}
        if s.target:
            targets[s.object or ""] = s.target
    elif s.kind == "casting":
        obj = s.object or ""
        situation = core.F("casting", [core.S(obj), core.S(s.target) if s.target else core.F("none", [])])
        found = state.find(obj)
        caster = found[0] if found else state.active
        add.append(core.F("prio_to", [core.S(caster)]))
        removed |= {"at_start", "prio_to", "cleanup_again"}
    elif s.kind == "dying":
        situation = core.F("dying", [])
        for oid in s.dying:
            card = state.card_of(state.find(oid)[2])  # type: ignore[index]
            if card is None or not card.toughness or card.toughness < 1:
                raise core.Unsupported(f"'{oid}' has no toughness for the core to mark lethal damage on")
            # CR 704.5g: the creatures die at once to the state-based action check
            add.append(core.F("damage", [core.S(oid), core.N(card.toughness)]))
        add.append(core.F("prio_to", [core.S(state.active)]))
        removed |= {"at_start"}
    else:
        if state.step != s.steps[0]:
            raise core.Unsupported(f"the steps begin with {s.steps[0]}, the state is in {state.step}")
        situation = core.F("steps", [core.F(STEP_ATOM[s.steps[-1].value], [])])
    lines: list[core.CoreLine] = []
    interrupts: list[int] = []
    for entry in question.entries:
        if isinstance(entry, Line):
            lines.append(core.CoreLine(entry.actor, entry.verb, entry.objects, entry.count, entry.player))
        else:
            interrupts.append(len(lines))
    return situation, (add, removed), lines, interrupts, targets


def _core_verdict(question: SequencingQuestion, state: GameState, edition: Edition) -> Verdict:
    """The verdict of the temporal core (``encodings/sequencing/core.py``), in the block's terms."""
    situation, changes, lines, interrupts, targets = _core_inputs(question, state)
    j = core.judge(state, edition, situation, changes, lines, interrupts, targets)
    texts = [e.text for e in question.entries if isinstance(e, Line)]
    pauses = [f"{e.kind}{': ' + e.text if e.text else ''}" for e in question.entries
              if not isinstance(e, Line)]
    by_time: dict[int, list[int]] = {}
    for line, time in j.matched.items():
        by_time.setdefault(time, []).append(line)
    run = []
    for time, name, args in j.correct:
        said = [texts[k - 1] for k in sorted(by_time.get(time, []))]
        run.append("; ".join(said) if said else j.words.get(time) or _game_event(name, args))
    windows = _core_windows(j, texts, edition)
    keys = {"mtr.out-of-order", *j.rules}
    keys = {k for k in keys if rule_holds(k, edition)}
    cited = citations([cite(k, edition) for k in keys])
    failed = [Condition(c) for c in j.failed]
    problems = _core_problems(j, texts, pauses)
    order = [texts[k - 1] for k, _ in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))]
    if not failed:
        reasons = ["The block stands: the correct run the rules give, with the players' decisions "
                   "from the block, does exactly these actions, each legal where it happens, ends "
                   "in the same state, and shows no player early anything that could have changed "
                   "a choice (MTR 4.3).",
                   "Correct order: " + "; ".join(f"{i}. {t}" for i, t in enumerate(order, 1)) + "."]
        witness: SequencingRun | None = SequencingRun(tuple(order), tuple(run))
        counter: SequencingFailure | None = None
    else:
        reasons = ["The block does not stand (MTR 4.3); failed: "
                   + ", ".join(c.value for c in failed) + "."]
        reasons += [f"{c}: {text}." for c, text in problems]
        reasons.append("Closest correct run: " + "; ".join(run) + ".")
        witness = None
        counter = SequencingFailure(tuple(Violation(c, text) for c, text in problems),
                                    tuple(order), tuple(run))
    if windows:
        reasons.append("Priority windows inside the block, where an opponent may ask for the "
                       "actions in order: " + "; ".join(w["description"] for w in windows) + ".")
    reasons += [f"{cite(k, edition)}: {rulebook()[k].paraphrase}" for k in sorted(keys)]
    return Verdict(query="sequencing", outcome=(SequencingOutcome.STANDS if not failed
                                                else SequencingOutcome.DOES_NOT_STAND),
                   citations=cited, reasons=tuple(reasons), witness=witness, counterexample=counter,
                   backend="asp", edition=edition.date, failed=frozenset(failed),
                   details={"priority_windows": windows, "performed": texts,
                            "added": [texts[k - 1] for k in j.added], "forgotten": j.forgotten,
                            "engine": "temporal core"})


# Keys of the rules that give a player priority, most specific first.
_PRIORITY_RULES = ("turn.upkeep", "turn.draw", "turn.end-step", "priority.after-resolution",
                   "priority.after-action", "priority.active-first", "priority.pass")


def _core_windows(j: core.Judgement, texts: list[str], edition: Edition) -> list[dict]:
    """The priority windows of the correct run between the block's first and last action."""
    first = min(j.matched.values(), default=0)
    last = max(j.matched.values(), default=0)
    out: dict[int, dict] = {}
    for time in j.priority_at:
        if not first <= time < last:
            continue
        before = [texts[k - 1] for k, t in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))
                  if t <= time]
        if len(before) in out:
            continue
        keys = [k for t in sorted(j.rules_at) if t <= time for k in j.rules_at[t] if k in _PRIORITY_RULES]
        given = [k for t in sorted(j.rules_at, reverse=True) if t <= time
                 for k in _PRIORITY_RULES if k in j.rules_at[t]]
        rule = given[0] if given else (keys[-1] if keys else "priority.active-first")
        after = [texts[k - 1] for k, t in sorted(j.matched.items(), key=lambda kv: (kv[1], kv[0]))
                 if t > time]
        out[len(before)] = {"description": f"after '{before[-1]}'" if before else "at the start",
                            "after": before, "before": after, "position": len(before),
                            "rule": str(cite(rule, edition))}
    return [out[k] for k in sorted(out)]


def lines_verb(text: str) -> str:
    """The verb of a performed line's text, for messages."""
    words = text.split()
    return {"draws": "draw"}.get(words[1], words[1]) if len(words) > 1 else ""


def _core_problems(j: core.Judgement, texts: list[str], pauses: list[str]) -> list[tuple[str, str]]:
    out = []
    for line in j.illegal:
        out.append(("legal-in-order", f"'{texts[line - 1]}' is not a legal pick where the correct run makes it"))
    if j.differs:
        performed, correct = j.differs.get("performed"), j.differs.get("correct")
        ends = (f"the performed run ends with {', '.join(performed)}; the correct run with "
                f"{', '.join(correct)}" if performed and correct else
                f"only the {'performed' if performed else 'correct'} run ends with "
                + ", ".join(performed or correct or ()))
        out.append(("same-state", "the two runs end differently: " + ends))
    for choice, informer in j.leaks:
        options = j.options.get(choice, [])
        among = (" among " + " and ".join(options)) if options else ""
        shown = j.shown.get(informer)
        cards = ("the card" if shown == 1 else f"the {shown} cards") if shown else ""
        what = (f"{cards} drawn ('{texts[informer - 1]}')" if shown and lines_verb(texts[informer - 1]) == "draw"
                else f"{cards} shown by '{texts[informer - 1]}'" if shown
                else f"the choice '{texts[informer - 1]}'")
        known = "were" if shown and shown != 1 else "was"
        out.append(("no-leak", f"{what} {known} known before choosing{among} ('{texts[choice - 1]}'); "
                    "in the correct run that choice comes first"))
    for line, event in j.retroactive:
        out.append(("no-interaction", f"'{texts[line - 1]}' came after the {pauses[event - 1]} but belongs "
                    "before the point the block had reached: a forgotten action, not a reordering"))
    for line in j.added:
        out.append(("nothing-added-or-forgotten", f"'{texts[line - 1]}' is no action of the correct run"))
    for act in j.forgotten:
        out.append(("nothing-added-or-forgotten", f"the block leaves out what the correct run does: {act}"))
    return out


def _game_event(name: str, args: tuple) -> str:
    """An event of the correct run that no reader words (none should be): its name."""
    return name.replace("_", " ")


SEQUENCING = register(QuestionKind(
    name="sequencing",
    summary="does a block of actions taken out of order stand (MTR 4.3)",
    parse=parse,
    answer=answer,
    backends=("asp",),
    describe=str,
))

__all__ = ["SequencingQuestion", "Situation", "StandingOrders", "check_performed", "standing_orders"]
