"""Out-of-order sequencing questions (MTR 4.3): does a block of actions taken out of order stand?

A scenario says what the block is about (a spell resolving or being cast, steps of the turn,
creatures dying at once) and what the players did, in the order they did it. The correct
order is derived from the rules and the cards (``encodings/sequencing/plan.py``); two
independent encodings — ``encodings/sequencing/sequencing.lp`` and ``smt.py`` there —
decide whether a correct order meets the five conditions of DESIGN §5.4.

>>> from mtgrules.queries.sequencing import check_block, standing_orders
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mtgrules.encodings.sequencing import Decision, StandingOrders, decide, standing_orders, witness_orders
from mtgrules.encodings.game.facts import STEP_ATOM
from mtgrules.encodings.sequencing import core
from mtgrules.encodings.sequencing.execute import Event, build_block
from mtgrules.encodings.sequencing.judge import evaluate
from mtgrules.encodings.sequencing.lines import Line, parse_line
from mtgrules.encodings.sequencing.plan import Situation
from mtgrules.model.actions import Block, Condition
from mtgrules.model.cards import Card
from mtgrules.model.edition import Edition, cite, rule_holds, rulebook
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.model.vocabulary import who_of
from mtgrules.queries.kinds import QuestionKind, on_both, register
from mtgrules.queries.verdict import SequencingOutcome, Verdict, citations

SITUATIONS = ("resolving", "casting", "steps", "dying")
EVENT_KINDS = ("reaction", "pause")


@dataclass(frozen=True)
class SequencingQuestion:
    situation: Situation
    entries: tuple[Line | Event, ...]
    block: Block
    """The block under the newest edition (built while parsing, to check the lines)."""

    def block_for(self, state: GameState, edition: Edition) -> Block:
        """The block under the rules in force in ``edition``."""
        if edition == Edition.newest():
            return self.block
        return build_block(self.situation, self.entries, state, edition)

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
        if target is None and any(who_of(i) == "target" for i in card.resolve):
            target = _only_target(node, card, caster or state.active, state)
        situation = Situation(kind, card=card, object=obj, caster=caster, target=target)
    elif kind == "steps":
        steps = tuple(Step(s.choice(STEP_NAMES, "step")) for s in node["steps"].list())
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
    block = build_block(situation, entries, state, Edition.newest())
    return SequencingQuestion(situation, tuple(entries), block)


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


def check_block(block: Block, edition: Edition | str | None = None, backend: str = "asp") -> Verdict:
    """The verdict on a block (model values in, Verdict out); backend ``asp``, ``smt`` or
    ``both`` (which raises if the two disagree)."""
    if isinstance(edition, str):
        edition = Edition(edition)
    edition = edition or Edition.newest()
    if backend == "both":
        return on_both(lambda b: check_block(block, edition, b), "the block")
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
    edition = Edition(edition) if isinstance(edition, str) else edition or Edition.newest()
    return answer(parsed, state, edition, backend)


def answer(question: SequencingQuestion, state: GameState, edition: Edition, backend: str) -> Verdict:
    if on_core(question):
        return _core_verdict(question, state, edition)
    return check_block(question.block_for(state, edition), edition, backend)


# -- on the temporal core ----------------------------------------------------------------------

def on_core(question: SequencingQuestion) -> bool:
    """Whether the temporal core runs this block (DESIGN §5.4); the others are still judged
    by the planner (``encodings/sequencing/plan.py``) until the core models them."""
    s = question.situation
    lines = [e for e in question.entries if isinstance(e, Line)]
    if s.kind in ("resolving", "casting") and s.object is None:
        return False
    return core.supports(s.kind, [line.verb for line in lines])


def _core_inputs(question: SequencingQuestion, state: GameState):
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
            lines.append(core.CoreLine(entry.actor, entry.verb, entry.objects, entry.count))
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
        run.append("; ".join(said) if said else _game_event(name, args))
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
        witness = {"order": order, "run": run}
        counter = None
    else:
        reasons = ["The block does not stand (MTR 4.3); failed: "
                   + ", ".join(c.value for c in failed) + "."]
        reasons += [f"{c}: {text}." for c, text in problems]
        reasons.append("Closest correct run: " + "; ".join(run) + ".")
        witness = None
        counter = {"violations": [{"condition": c, "text": text} for c, text in problems],
                   "closest_order": order, "run": run}
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
        out.append(("same-state", "the two runs end differently: " + ", ".join(j.differs)))
    for choice, informer in j.leaks:
        options = j.options.get(choice, [])
        among = (" among " + " and ".join(options)) if options else ""
        shown = j.shown.get(informer)
        what = (f"the {shown} cards drawn ('{texts[informer - 1]}')" if shown and lines_verb(texts[informer - 1]) == "draw"
                else f"the {shown} cards shown by '{texts[informer - 1]}'" if shown
                else f"the choice '{texts[informer - 1]}'")
        out.append(("no-leak", f"{what} were known before choosing{among} ('{texts[choice - 1]}'); "
                    "in the correct run that choice comes first"))
    for line, event in j.retroactive:
        out.append(("no-interaction", f"'{texts[line - 1]}' came after the {pauses[event - 1]} but belongs "
                    "before the point the block had reached: a forgotten action, not a reordering"))
    for line in j.added:
        out.append(("nothing-added-or-forgotten", f"'{texts[line - 1]}' is no action of the correct run"))
    for act in j.forgotten:
        out.append(("nothing-added-or-forgotten", f"the correct run's {act} is missing from the block"))
    return out


def _game_event(name: str, args: tuple) -> str:
    def show(x: object) -> str:
        s = str(x)
        if s.startswith("tr("):
            return s[3:].split(",")[0].strip('"') + "'s trigger"
        return s.strip('"')
    a = [show(x) for x in args]
    return {"resolve": lambda: f"{a[0]} resolves",
            "finish": lambda: f"{a[0]} finishes resolving",
            "sba_check": lambda: "state-based actions are performed",
            "put_trigger": lambda: f"{a[0]} is put on the stack",
            "pass": lambda: f"{a[0]} passes",
            "start": lambda: f"the {a[0]} step begins",
            "end_step": lambda: f"the {a[0]} step ends",
            "do": lambda: f"{a[0]}: instruction {a[1]}",
            "auto": lambda: f"{a[2]} picks for {a[0]} (forced)",
            "choose": lambda: f"{a[0]} picks for {a[1]}",
            "untap": lambda: f"{a[0]} untaps",
            "draw_step_draw": lambda: f"{a[0]} draws for the turn"}.get(name, lambda: name)()


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
    return Verdict(query="sequencing", outcome=(SequencingOutcome.STANDS if decision.stands
                            else SequencingOutcome.DOES_NOT_STAND),
                   citations=cited, reasons=tuple(reasons), witness=witness, counterexample=counter,
                   backend=backend, edition=edition.date,
                   failed=frozenset(decision.failed),
                   details={"priority_windows": windows,
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
           "decide", "standing_orders", "witness_orders"]
