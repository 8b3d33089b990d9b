"""The game in time: the temporal core (DESIGN §8), driven through clingo's multi-shot API.

``core.lp`` is the action theory, one root program including its topic files (``turn.lp``,
``priority.lp``, ``stack.lp``, ``sba.lp``, …, ``actions.lp`` when a decision is legal; the
encodings' README lists them) and declaring which parts are grounded when, ``script.lp``
the players' decisions from a script, ``search.lp`` the decisions opened as choices,
``stops.lp`` where either ends, ``conditions.lp`` facts about a state. A simulation (``simulate``, ``step.py``) grounds the
action theory once, each part at one instant, the state read from externals over a bounded
universe of fluents (``universe.lp``), and solves once per event. A search (``search``) runs on
the same step program with the searcher's decisions open: each solve gives every successor of
a state, and the states are explored breadth first.
"""
from __future__ import annotations

import time as _time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import clingo

from mtgrules.encodings import asp, budget
from mtgrules.encodings.game import declare
from mtgrules.encodings.game.decisions import condition_facts, point_term, script_facts
from mtgrules.encodings.game.facts import Unsupported, a, split_state
from mtgrules.encodings.game.step import STATE_SHOWS, Stepper
from mtgrules.encodings.game.trace import Reader, Snapshot
from mtgrules.model.edition import Edition, MtrEdition
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END, Condition, Decision, Event, Point
from mtgrules.model.turn import Step

if TYPE_CHECKING:
    from mtgrules.model.combat import Combat

MAX_EVENTS = 600
"""The longest trace simulated: a bound on the horizon, reported when reached."""
SEARCH_HORIZON = 60
"""How many events a search looks ahead by default."""

THEORY = ("game/core",)
"""The core's action theory and the legality of decisions (``core.lp`` and the topic files it
includes): every question on the core loads it."""


@dataclass(frozen=True)
class Stop:
    """Why a trace ends."""

    kind: str
    """``reached``, ``needs-decision``, ``illegal-action``, ``game-over``, ``unsupported``,
    ``horizon`` or ``stuck`` (no rule says what happens next: a gap in the core)."""
    player: str | None = None
    what: str = ""
    """The decision needed, the reason an action is illegal, what is unsupported."""
    entry: int | None = None
    """The script entry (1-based) concerned, if any."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of the rules behind the stop (e.g. why an action is illegal)."""


@dataclass
class Timeline:
    """A trace of the core: its events, why it ends, the state there and what held."""

    events: list[Event]
    stop: Stop
    final: Snapshot
    conditions: dict[int, bool] = field(default_factory=dict)
    """Condition number (1-based) → whether it holds at the end of the trace."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of every law that fired."""
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    shortcut: frozenset[Any] = frozenset()
    """What the rules of a proposed shortcut decided (``shortcuts.lp``'s ``shortcut_fact`` and
    the meaning of its words), in a shortcut question."""
    proposal_at: int | None = None
    """The time at which the proposal's lines begin, in a shortcut question."""


def simulate(state: GameState, edition: Edition, script: Sequence[Decision] = (),
             until: Point = END, conditions: Sequence[Condition] = (),
             max_events: int = MAX_EVENTS, shortcut: Sequence[clingo.Symbol] | None = None,
             mtr: MtrEdition | None = None) -> Timeline:
    """The trace the rules give from ``state`` with the players' ``script``, up to ``until``
    (or until the script runs out): the step program grounded once, one solve per event
    (``step.py``). ``shortcut``: the facts of a proposed tournament shortcut whose lines the
    script holds (``shortcuts.py``), read by ``shortcuts.lp`` under the MTR edition ``mtr``."""
    deadline = _time.perf_counter() + budget().seconds
    static, initial = split_state(state, edition, mtr=mtr)
    facts = [*static, *(a("init", f) for f in initial), *script_facts(script, until),
             *condition_facts(conditions), *(shortcut or ())]
    fluents = [*initial, a("next", clingo.Number(1))]
    checked = ("game/conditions",) if conditions else ()
    proposed = ("game/shortcuts",) if shortcut is not None else ()
    stepper = Stepper((*THEORY, *checked, *proposed, "game/script", "game/stops", "game/universe"),
                      facts, fluents)
    asp.check_ground(stepper.ctl, "the trace, at 0 events,")
    shown: list[clingo.Symbol] = [a("initial", f) for f in fluents]
    steps: list[tuple[list[clingo.Symbol], int]] = []
    k, stuck = 0, False
    while True:
        model = stepper.solve()
        if model is None:
            raise Unsupported("the core has no trace for this state and script (an "
                              "inconsistency in the encoding: please report it)")
        at_now, at_next, control = stepper.read(model, k)
        if not (control["stopped"] or control["blocked"]):  # requirements (CR 508.1d, 509.1c)
            at_now, at_next, control = declare.recheck(stepper, at_now, k, edition) or (at_now, at_next, control)
        last = bool(control["stopped"] or control["blocked"] or stuck or k >= max_events)
        # the conditions are read where the trace ends; the state-type atoms cite shows from
        # the first event on
        steps.append(([s for s in at_now if (last or s.name != "cond_true")
                       and (k > 0 or s.name not in STATE_SHOWS)], k))
        if last:
            break
        steps.append((at_next, k))
        stuck = not control["happened"]
        stepper.advance(control["dropped"], control["added"], k)
        k += 1
        if stepper.groundings > 1:
            asp.check_ground(stepper.ctl, f"the trace, at {k} events,")
        if _time.perf_counter() > deadline:
            raise BudgetExhausted(asp.guard_words(budget()))
    shown += [a("final", f) for f in stepper.state]
    reader = Reader(state, shown, script, len(conditions), steps=steps, edition=edition.date)
    return reader.timeline(Timeline, Stop, k, stuck, max_events, stepper.ground_seconds,
                           stepper.solve_seconds)


@dataclass
class Way:
    """The answer to "is there a way": a witness timeline, or none within the horizon."""

    found: Timeline | None
    complete: bool
    """Whether every sequence of decisions reaches the point (or ends) within the horizon,
    so that no witness means none exists at all."""
    horizon: int
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0


@dataclass(frozen=True)
class _Node:
    """A state the search has reached, and how: the step it came from, with that step's atoms
    (its own state's, and its event's)."""

    state: frozenset[clingo.Symbol]
    key: frozenset[clingo.Symbol]
    """The state as ``Stepper.canonical`` gives it."""
    depth: int
    parent: _Node | None = None
    came_by: tuple[list[clingo.Symbol], list[clingo.Symbol]] = ([], [])


def search(state: GameState, edition: Edition, player: str, goal: Sequence[Condition],
           by: Point = END, horizon: int = SEARCH_HORIZON) -> Way:
    """Is there a sequence of ``player``'s decisions (the others passing) that makes every
    ``goal`` condition hold at some moment before ``by`` begins?

    The step program (``step.py``) with the searcher's decisions open (``search.lp``) gives a
    state's every successor; the states are explored breadth first, each once (states equal
    up to the numbering of their timestamps have the same futures), so the first witness is
    a shortest one, and once no branch is still going, "none" is a proof."""
    deadline = _time.perf_counter() + budget().seconds
    static, initial = split_state(state, edition)
    extra = [clingo.Function("searcher", [clingo.String(player)])]
    by_term = point_term(by)
    if by_term is not None:
        extra += [clingo.Function("point", [by_term]), clingo.Function("until", [by_term])]
    facts = [*static, *(a("init", f) for f in initial), *extra, *condition_facts(goal)]
    stepper = Stepper((*THEORY, "game/conditions", "game/search", "game/stops", "game/universe"), facts, initial)
    asp.check_ground(stepper.ctl, "the search for a way, at 0 events,")
    start = frozenset(stepper.state)
    frontier = [_Node(start, stepper.canonical(start), 0)]
    seen = {frontier[0].key}
    still_going, ended_by = False, 0
    while frontier:
        reached: list[_Node] = []
        for node in frontier:
            if node.depth:
                stepper.goto(node.state, node.key)
            models = stepper.solve_all()
            if not models:
                raise Unsupported("the core has no successor for a state of this search (an "
                                  "inconsistency in the encoding: please report it)")
            at_now, _, control = stepper.read(models[0], node.depth)
            if any(s.name == "stop" and s.arguments[0].name == "achieved" for s in at_now):
                return Way(_witness(state, stepper, node, at_now, len(goal), edition), True, node.depth,
                           stepper.ground_seconds, stepper.solve_seconds)
            still_going |= any(s.name == "leaves_open" for s in at_now)
            if control["stopped"]:
                ended_by = max(ended_by, node.depth)
                continue
            if node.depth >= horizon:
                still_going = True
                continue
            for model in models:
                _, at_next, control = stepper.read(model, node.depth)
                if not control["happened"]:  # no rule says what happens next
                    still_going = True
                    continue
                child = stepper.successor(control["dropped"], control["added"], node.depth)
                key = stepper.canonical(child)
                if key not in seen:
                    seen.add(key)
                    reached.append(_Node(child, key, node.depth + 1, node, (at_now, at_next)))
        frontier = reached
        if stepper.groundings > 1:
            asp.check_ground(stepper.ctl, f"the search for a way, at {frontier[0].depth if frontier else 0} "
                             "events without an answer,")
        if _time.perf_counter() > deadline:
            raise BudgetExhausted(asp.guard_words(budget()))
    if still_going:
        return Way(None, False, horizon, stepper.ground_seconds, stepper.solve_seconds)
    return Way(None, True, ended_by, stepper.ground_seconds, stepper.solve_seconds)


def _witness(state: GameState, stepper: Stepper, node: _Node, at_now: list[clingo.Symbol],
             n_conditions: int, edition: Edition) -> Timeline:
    """The timeline from the search's start to ``node``, where the goal holds."""
    path = [node]
    while path[-1].parent is not None:
        path.append(path[-1].parent)
    path.reverse()
    steps: list[tuple[list[clingo.Symbol], int]] = []
    for before, after in zip(path, path[1:]):
        now, event = after.came_by
        steps.append(([s for s in now if s.name != "cond_true" and (before.depth or s.name not in STATE_SHOWS)],
                      before.depth))
        steps.append((event, before.depth))
    steps.append(([s for s in at_now if node.depth or s.name not in STATE_SHOWS], node.depth))
    shown = [a("initial", f) for f in path[0].state] + [a("final", f) for f in node.state]
    reader = Reader(state, shown, (), n_conditions, steps=steps, edition=edition.date)
    return reader.timeline(Timeline, Stop, node.depth, False, node.depth, stepper.ground_seconds,
                           stepper.solve_seconds)


__all__ = ["simulate", "search", "Timeline", "Way", "Stop", "Unsupported", "MAX_EVENTS",
           "SEARCH_HORIZON"]


def combat_at(state: GameState, edition: Edition,
              script: Sequence[Decision]) -> tuple[Combat, dict[str, int]]:
    """The combat as the next combat damage step begins, after ``script`` (its declarations of
    attackers and blockers, and orders of blockers; every player passes after its last line):
    what the combat damage questions read —
    who is in combat, with power, toughness, marked damage and keywords as they are then
    (CR 613), and the edition's regime of assigning damage — and the players' life totals
    then. A script that doesn't reach that step, or reaches it with no attacker, is refused
    with what it reached."""
    from mtgrules.model.combat import Combat, Combatant
    from mtgrules.model.edition import rule_holds  # the edition's regime (model/data/rules.yaml)

    damage_step = Point("step", Step.COMBAT_DAMAGE)
    # every player passes from the script's last decision to the step (no further attackers or
    # blockers are declared)
    timeline = simulate(state, edition, [*script, Decision("pass-until", until=damage_step)],
                        damage_step)
    final = timeline.final
    if timeline.stop.kind != "reached":
        raise Unsupported(f"the script does not reach the combat damage step: the trace ends "
                          f"with {timeline.stop.kind} ({timeline.stop.what or 'see the trace'}) "
                          f"in the {final.step} step", field="question.script")
    combat = final.combat
    if not combat.get("attacking"):
        raise Unsupported("the combat damage step begins with no creature attacking: there is "
                          "no combat damage to assign", field="question.script")
    creatures = timeline.events[-1].creatures if timeline.events else {}

    def fighter(o: str) -> Combatant:
        where = state.find(o)
        seen: dict[str, Any] = creatures.get(o, {})
        return Combatant(id=o, controller=where[0] if where else "", power=int(seen["power"]),
                         toughness=int(seen["toughness"]), damage=final.damage.get(o, 0),
                         keywords=frozenset(str(k).replace("_", " ") for k in seen["keywords"]))

    blocking = tuple((b, a) for b, a in combat.get("blocking", []) if a in combat["attacking"])
    regime = ("damage-on-stack" if rule_holds("combat.damage-stack", edition)
              else "ordered-blockers" if rule_holds("combat.damage-assignment-order", edition)
              else "free-division")
    return Combat(
        edition=edition.date, regime=regime,
        step={"first": "first", "second": "second"}.get(combat.get("damage step", ""), "only"),
        attacking_player=final.active,
        defending_player=next(p for p in state.names if p != final.active),
        attackers=tuple(fighter(o) for o in combat["attacking"] if o in creatures),
        blockers=tuple(fighter(b) for b in sorted({b for b, _ in blocking}) if b in creatures),
        blocking=tuple(sorted(blocking)), blocked=frozenset(combat.get("blocked", ())),
        order=tuple((a, tuple(bs)) for a, bs in combat.get("order", {}).items()),
        # who the second step leaves out: those with first or double strike as the first began,
        # or in the 2008 editions those that assigned damage in it (CR 502.2b of 2008)
        had_first_strike=frozenset(combat.get("assigned first" if regime == "damage-on-stack"
                                              else "struck first", ())),
        deathtouch_lethal=rule_holds("keyword.deathtouch", edition),
        deathtouch_divides=rule_holds("keyword.deathtouch-divides", edition)), dict(final.life)
