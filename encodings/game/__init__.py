"""The game in time: the temporal core (DESIGN §8), driven through clingo's multi-shot API.

``game.lp`` is the action theory (with ``resolving.lp``, ``effects.lp`` and ``cite.lp``, its
parts by topic), ``actions.lp`` when a decision is legal, ``script.lp``
the players' decisions from a script, ``search.lp`` the decisions opened as choices,
``conditions.lp`` facts about a state. A simulation (``simulate``, ``step.py``) grounds the
action theory once, each part at one instant, the state read from externals over a bounded
universe of fluents (``universe.lp``), and solves once per event. A search (``Core``, ``search``)
grows time one step per two ground calls (the event and its effects, then what the new state
implies), with the decisions open, and solves for a way.
"""
from __future__ import annotations

import time as _time
from collections.abc import Sequence
from dataclasses import dataclass, field

import clingo

from mtgrules.encodings import asp, budget
from mtgrules.encodings.game.decisions import condition_facts, point_term, script_facts
from mtgrules.encodings.game.facts import Unsupported, a, fact, split_state
from mtgrules.encodings.game.step import STATE_SHOWS, Stepper
from mtgrules.encodings.game.trace import Reader, Snapshot
from mtgrules.model.edition import Edition
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END, Condition, Decision, Event, Point

MAX_EVENTS = 600
"""The longest trace simulated: a bound on the horizon, reported when reached."""
SEARCH_HORIZON = 60
"""How many events a search looks ahead by default."""
SEARCH_STRIDE = 4
"""How many events the search horizon grows between two solves."""


# Which part of game.lp holds what each kind of event does.
EFFECT_PART = {
    "pass": "on_pass", "hold": "on_pass", "pass_round": "on_pass",
    "cast": "on_action", "activate": "on_action", "mana": "on_action", "play": "on_action",
    "put_trigger": "on_stack", "order": "on_stack", "resolve": "on_stack", "do": "on_stack",
    "aim": "on_stack", "remove_trigger": "on_stack", "keep": "on_game",
    "choose": "on_stack", "auto": "on_stack", "finish": "on_stack",
    "start": "on_step", "end_step": "on_step",
    "untap": "on_game", "draw_step_draw": "on_game", "cleanup_discard": "on_game",
    "discard": "on_game", "cleanup_clear": "on_game", "attack": "on_game", "block": "on_game",
    "sba_check": "on_game",
}


THEORY = ("game/game", "game/resolving", "game/effects", "game/cite", "game/actions")
"""The core's action theory and the legality of decisions: every question on the core loads these."""


def with_change(parts: set[str]) -> set[str]:
    """The effect parts of a step and ``change``, which only passing priority can do without."""
    return parts if parts == {"on_pass"} else parts | {"change"}


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


class Core:
    """One grounding of the core for a state, an edition and open decisions (a search),
    grown one time step at a time."""

    def __init__(self, state: GameState, edition: Edition,
                 extra: Sequence[clingo.Symbol] = (), conditions: Sequence[Condition] = ()):
        self.state = state
        self.edition = edition
        self.ctl = asp.control()
        asp.add_encodings(self.ctl, (*THEORY, "game/conditions", "game/search"))
        static, initial = split_state(state, edition)
        symbols = [*static, *(a("init", f) for f in initial), a("offset", clingo.Number(0)),
                   *extra, *condition_facts(conditions)]
        self.ctl.add("base", [], "\n".join(fact(s) for s in symbols))
        self.ground_seconds = 0.0
        self.solve_seconds = 0.0
        self._ground([("base", [])])
        self._ground(self._derive(clingo.Number(0)))
        self._ground([("legal", [clingo.Number(0)]), ("check", [clingo.Number(0)]),
                      ("searchcheck", [clingo.Number(0)])])
        self.horizon = 0

    def _ground(self, parts: list[tuple[str, list[clingo.Symbol]]]) -> None:
        start = _time.perf_counter()
        self.ctl.ground(parts)
        self.ground_seconds += _time.perf_counter() - start

    def step(self) -> int:
        """Ground one more time step, part by part (each call sees the last one's facts),
        every kind of event's effects: the decisions are open."""
        t = self.horizon + 1
        n = [clingo.Number(t)]
        self._ground([("event", n), *((part, n) for part in sorted(with_change(set(EFFECT_PART.values())))),
                      ("effect", n)])
        self._ground(self._derive(*n))
        self._ground([("legal", n)])
        self._ground([("check", n)])
        self._ground([("searchcheck", n)])
        self.horizon = t
        return t

    def finish(self) -> None:
        """Ground what is read only at the end: the citations of every event, and the state
        at the last time point."""
        parts = [("cite", [clingo.Number(t)]) for t in range(1, self.horizon + 1)]
        parts.append(("last", [clingo.Number(self.horizon)]))
        self._ground(parts)

    def _derive(self, t: clingo.Symbol) -> list[tuple[str, list[clingo.Symbol]]]:
        """What the state at ``t`` implies: resolving too where something resolves or is paid."""
        return [("derive", [t]), *([("resolving", [t])] if self.has_atom("resolution_open", t) else [])]

    def has_atom(self, name: str, *args: clingo.Symbol) -> bool:
        """Whether the atom may be true (a fact, or an atom a search may choose)."""
        return self.ctl.symbolic_atoms[clingo.Function(name, list(args))] is not None

    def solve(self) -> list[clingo.Symbol] | None:
        """One answer set, or ``None`` when there is none (within the budget in force)."""
        start = _time.perf_counter()
        found: list[list[clingo.Symbol]] = []

        def on_model(model: clingo.Model) -> bool:
            found.append(list(model.symbols(shown=True)))
            return False

        asp.run(self.ctl, on_model)
        self.solve_seconds = _time.perf_counter() - start
        return found[0] if found else None


def simulate(state: GameState, edition: Edition, script: Sequence[Decision] = (),
             until: Point = END, conditions: Sequence[Condition] = (),
             max_events: int = MAX_EVENTS) -> Timeline:
    """The trace the rules give from ``state`` with the players' ``script``, up to ``until``
    (or until the script runs out): the step program grounded once, one solve per event
    (``step.py``)."""
    deadline = _time.perf_counter() + budget().seconds
    static, initial = split_state(state, edition)
    facts = [*static, *(a("init", f) for f in initial), *script_facts(script, until),
             *condition_facts(conditions)]
    fluents = [*initial, a("next", clingo.Number(1))]
    stepper = Stepper((*THEORY, "game/conditions", "game/script", "game/universe"), facts, fluents,
                      bool(conditions))
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
    reader = Reader(state, shown, script, len(conditions), steps=steps)
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


def search(state: GameState, edition: Edition, player: str, goal: Sequence[Condition],
           by: Point = END, horizon: int = SEARCH_HORIZON) -> Way:
    """Is there a sequence of ``player``'s decisions (the others passing) that makes every
    ``goal`` condition hold at some moment before ``by`` begins?"""
    extra = [clingo.Function("searcher", [clingo.String(player)])]
    by_term = point_term(by)
    if by_term is not None:
        extra += [clingo.Function("point", [by_term]), clingo.Function("until", [by_term])]
    core = Core(state, edition, extra, goal)

    def query(kind: str, h: int) -> clingo.Symbol:
        return clingo.Function("query", [clingo.Function(kind), clingo.Number(h)])

    # Deepen the horizon a few events at a time: the first witness found is among the
    # shortest, and once no sequence is still going, "none" is a proof.
    solve_seconds = 0.0
    deadline = _time.perf_counter() + budget().seconds
    while core.horizon < horizon:
        for _ in range(min(SEARCH_STRIDE, horizon - core.horizon)):
            core.step()
        # grounding is outside clingo's own limits: bound the search's size here
        asp.check_ground(core.ctl, f"the search for a way, at {core.horizon} events without an answer,")
        if _time.perf_counter() > deadline:
            raise BudgetExhausted(asp.guard_words(budget()))
        h = core.horizon
        core.ctl.assign_external(query("goal", h), True)
        witness = core.solve()
        solve_seconds += core.solve_seconds
        core.ctl.assign_external(query("goal", h), False)
        if witness is not None:
            core.finish()
            core.ctl.assign_external(query("goal", h), True)
            witness = core.solve()
            solve_seconds += core.solve_seconds
            assert witness is not None
            timeline = Reader(state, witness, (), len(goal)).timeline(
                Timeline, Stop, h, False, h, core.ground_seconds, solve_seconds)
            return Way(timeline, True, h, core.ground_seconds, solve_seconds)
        core.ctl.assign_external(query("open", h), True)
        still_going = core.solve()
        solve_seconds += core.solve_seconds
        core.ctl.assign_external(query("open", h), False)
        if still_going is None:
            return Way(None, True, h, core.ground_seconds, solve_seconds)
    return Way(None, False, core.horizon, core.ground_seconds, solve_seconds)


__all__ = ["simulate", "search", "Timeline", "Way", "Stop", "Unsupported", "MAX_EVENTS",
           "SEARCH_HORIZON"]
