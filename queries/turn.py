"""Questions about the game in time (the `turn` kind): what happens, what holds at a point,
who has priority when, and is there a way — all answered by the temporal core
(``encodings/game``). The question is read by ``model/read/timeline.py``; this module asks the
core and builds the Verdict.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mtgrules.encodings import game
from mtgrules.encodings.game import ending
from mtgrules.model.edition import Edition, cite
from mtgrules.model.read.timeline import TurnQuestion, parse_question, read_question, state_of
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END, Condition, Decision, Point
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import TurnOutcome
from mtgrules.queries.trace import trace_of
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import SearchBound

State = GameState | Mapping[str, Any]
Lines = Sequence[Decision | str] | str


def what_happens(state: State, script: Lines = (),
                 until: Point | str = END, edition: Edition | str | None = None) -> Verdict:
    """The trace of the game from ``state`` with the players' ``script``, until ``until``
    (or as far as the script goes). The witness is the ``Trace``: every event, with the
    step, who has priority after it, the stack's size and its rules. Decisions and the
    point may be given as the lines a scenario's script writes.

    >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "end",
    ...                              "alice": {"hand": ["Forest"]}})
    >>> v = what_happens(state, ["alice passes", "bob passes"], until="cleanup")
    >>> v.outcome, [e.event for e in v.witness]
    (<TurnOutcome.REACHED: 'reached'>, ['the end step begins', 'alice passes', 'bob passes', 'the end step ends; the cleanup step begins'])
    """
    state = state_of(state)
    return answer(read_question("trace", state, script, until), state, Edition.of(edition))


def check_state(state: State, script: Lines,
                conditions: Sequence[Condition | str] | str, at: Point | str = END,
                edition: Edition | str | None = None) -> Verdict:
    """Whether every condition holds at ``at`` (or at the end of the trace): ``holds`` or
    ``does-not-hold``, with each condition's value in ``details["conditions"]``.

    >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "end",
    ...                              "alice": {"life": 3}})
    >>> check_state(state, "alice passes\\nbob passes", ["alice's life is 3",
    ...             "the step is cleanup"], at="cleanup").outcome
    <TurnOutcome.HOLDS: 'holds'>
    """
    state = state_of(state)
    return answer(read_question("holds", state, script, at, conditions), state, Edition.of(edition))


def who_has_priority(state: State, script: Lines = (),
                     until: Point | str = END, edition: Edition | str | None = None) -> Verdict:
    """The priority windows of the trace: who receives priority when
    (``details["priority"]``, one entry per event after which a player has it).

    >>> state = GameState.from_dict({"players": ["alice", "bob"], "step": "end"})
    >>> v = who_has_priority(state, ["alice passes"])
    >>> [w["player"] for w in v.details["priority"]], v.outcome
    (['alice', 'bob'], <TurnOutcome.NEEDS_DECISION: 'needs-decision'>)
    """
    state = state_of(state)
    return answer(read_question("priority", state, script, until), state, Edition.of(edition))


def is_there_a_way(state: State, player: str,
                   goal: Sequence[Condition | str] | str, by: Point | str = END,
                   edition: Edition | str | None = None,
                   horizon: int = game.SEARCH_HORIZON) -> Verdict:
    """Is there a sequence of ``player``'s decisions (the others passing) that makes every
    ``goal`` condition hold before ``by``? ``possible`` with the trace that does, or
    ``impossible`` when every sequence ends within ``horizon`` events.

    >>> state = GameState.from_dict({"players": ["alice", "bob"],
    ...     "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}})
    >>> v = is_there_a_way(state, "alice", "bob's life is 17", by="main2")
    >>> v.outcome, v.details["decisions"]
    (<TurnOutcome.POSSIBLE: 'possible'>, ['alice taps Mountain for mana', ...])
    """
    state = state_of(state)
    return answer(read_question("way", state, (), by, goal, player, horizon), state,
                   Edition.of(edition))


def answer(q: TurnQuestion, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    """The core's answer (its one backend, ASP, whatever ``backend`` asks)."""
    if q.ask == "way":
        return _answer_way(q, state, edition)
    timeline = game.simulate(state, edition, q.script, q.until, q.conditions)
    ending.refuse(timeline.stop)
    word, reason = ending.stop_reason(timeline, q.until, q.script)
    outcome, reasons = TurnOutcome(word), [reason]
    details: dict[str, Any] = {"final state": timeline.final.to_json(),
                               "after each event": ending.after_each_event(timeline),
                               "seconds": ending.seconds(timeline)}
    judged = ending.judged_conditions(timeline, q.until, q.conditions) if q.ask == "holds" else None
    if judged is not None:
        failing = [c for c, held in judged if not held]
        outcome = TurnOutcome.DOES_NOT_HOLD if failing else TurnOutcome.HOLDS
        reasons += [f"at t={timeline.final.time}: " + ("; ".join(f"not: {c}" for c in failing)
                                                        if failing else "; ".join(map(str, q.conditions)))]
        details["conditions"] = {str(c): held for c, held in judged}
    if q.ask == "priority":
        details["priority"] = [{"t": e.time, "step": e.step, "player": e.priority}
                               for e in timeline.events if e.priority]
    return Verdict(query="turn", outcome=outcome, reasons=tuple(reasons),
                   citations=citations(cite(k, edition) for k in timeline.rules),
                   witness=trace_of(timeline), backend="asp", edition=edition.date, details=details)


def _answer_way(q: TurnQuestion, state: GameState, edition: Edition) -> Verdict:
    assert q.player is not None
    way = game.search(state, edition, q.player, q.conditions, q.until,
                      q.horizon or game.SEARCH_HORIZON)
    goal = "; ".join(map(str, q.conditions))
    if way.found is not None:
        decisions = [e.text for e in way.found.events if e.decision and e.args and e.args[0] == q.player]
        return Verdict(query="turn", outcome=TurnOutcome.POSSIBLE,
                       citations=citations(cite(k, edition) for k in way.found.rules),
                       reasons=(f"{q.player} can make it so ({goal}) before {q.until}: "
                                + "; ".join(decisions or ["by passing"]),),
                       witness=trace_of(way.found), backend="asp", edition=edition.date,
                       details={"decisions": decisions, "final state": way.found.final.to_json(),
                                "after each event": ending.after_each_event(way.found),
                                "seconds": ending.seconds(way)})
    ending.refuse_unfinished(way)
    return Verdict(query="turn", outcome=TurnOutcome.IMPOSSIBLE,
                   citations=citations(cite(k, edition) for k in ending.NO_WAY_RULES),
                   reasons=(f"no sequence of {q.player}'s decisions makes it so ({goal}) before "
                            f"{q.until}: every sequence ends within {way.horizon} events",),
                   counterexample=SearchBound(way.horizon), backend="asp",
                   edition=edition.date, details={"seconds": ending.seconds(way)})


TURN = register(QuestionKind(
    name="turn",
    summary="what happens in time: turn structure, priority, the stack, triggers (CR 500–514, 117, 405, 704)",
    parse=parse_question,
    answer=answer,
    backends=("asp",),
    describe=str,
))
