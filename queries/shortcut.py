"""Tournament shortcuts (the ``shortcut`` kind, MTR 4.2): a player proposes a shortcut in its
usual words, and the temporal core plays it out under the MTR edition asked about — every pass
it implies, where it ends, where an interruption goes — with the trace as witness and each
implied decision citing the tournament rule that implies it (``encodings/game/shortcuts.lp``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mtgrules.encodings.game import Timeline, ending
from mtgrules.encodings.game.shortcuts import SHORTCUT_KEYS, Expansion, expand
from mtgrules.model.edition import Edition, MtrEdition, cite
from mtgrules.model.read.shortcut import ShortcutQuestion, parse_question
from mtgrules.model.read.timeline import state_of
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import ShortcutOutcome
from mtgrules.queries.trace import Trace, trace_of
from mtgrules.queries.verdict import Verdict, citations

STOPS_THERE = "mtr.shortcut.stops-where-illegal"


def judge(q: ShortcutQuestion, x: Expansion) -> tuple[ShortcutOutcome, list[str], list[Any]]:
    """The outcome of an expansion, why, and the declared end state judged where it ends: read
    off the trace and the rules it cites (``shortcuts.lp`` says where a part stops it)."""
    t = x.timeline
    stop = t.stop
    where = f"in {t.final.active}'s {t.final.step} step (t={t.final.time})"
    reasons = [f"MTR edition {q.mtr}: {q.proposer} proposes '"
               + "; ".join(str(d) for d in q.proposal[: (q.loop[1] if q.loop else None)])
               + (f"' {q.loop[0]} times" if q.loop else "'")]
    judged = [(c, bool(t.conditions.get(i))) for i, c in enumerate(q.end, start=1)]
    if stop.kind == "not-standard":
        outcome = ShortcutOutcome.NOT_STANDARD
        reasons.append(f"'{stop.what}' is no standard shortcut of the MTR edition {q.mtr} here "
                       "(MTR 4.2: a new shortcut must say where the game will end up)")
    elif stop.kind == "game-over":
        outcome = ShortcutOutcome.GAME_OVER
        reasons.append(f"{stop.what or f'{stop.player} loses the game'} {where}")
    elif stop.kind == "illegal-action" or stop.what in ("attack_required", "block_required"):
        stopped = STOPS_THERE in stop.rules
        outcome = ShortcutOutcome.STOPPED if stopped else ShortcutOutcome.ILLEGAL
        _, why = ending.stop_reason(t, END, _script(q))
        if stop.kind == "needs-decision":
            what = "attackers" if stop.what == "attack_required" else "blockers"
            why = (f"declaring no {what}, as the shortcut implies, obeys fewer requirements than "
                   f"a declaration by {stop.player} could (CR 508.1d, 509.1c) {where}")
        reasons.append(why)
        reasons.append("the shortcut stops at that point (MTR 4.2)" if stopped else
                       f"the MTR edition {q.mtr} has no rule stopping a shortcut where part of "
                       "it is illegal: the shortcut as proposed is illegal")
    elif not x.complete:
        outcome = ShortcutOutcome.NEEDS_DECISION
        what = ending.NEEDS.get(stop.what, stop.what)
        reasons.append(f"the shortcut does not decide where {stop.player} {what} {where}"
                       + (": during the resolution of a player's own spell or ability, an "
                          "opponent's choice with no visible effect must be confirmed (MTR 4.2)"
                          if "mtr.shortcut.own-resolution" in stop.rules else ""))
    else:
        failing = [c for c, held in judged if not held]
        outcome = ShortcutOutcome.END_NOT_REACHED if failing else ShortcutOutcome.EXPANDED
        dev = q.deviation
        if dev is not None and not failing:
            outcome = ShortcutOutcome.INTERRUPTED
        if dev is not None:
            reasons.append(f"{dev.player} asked for priority and did nothing with it: priority "
                           f"goes back to {q.proposer}, who had it (MTR 4.2)" if not dev.actions else
                           f"{dev.player} acts: " + "; ".join(map(str, dev.actions)))
        reasons.append(f"played out: {len(x.lines)} decisions, {sum(x.implied)} implied by the "
                       f"shortcut; it ends where {stop.player} has priority {where}"
                       if stop.what == "priority" else
                       f"played out: {len(x.lines)} decisions, {sum(x.implied)} implied by the "
                       f"shortcut; {stop.player} decides next {where}")
        if judged:
            reasons.append(("the state the interruption leaves " if dev else "the declared end state ")
                           + ("does not hold: " + "; ".join(
                f"not: {c}" for c in failing) if failing else "holds: " + "; ".join(
                str(c) for c, _ in judged)))
    if x.early:
        reasons.append(f"{q.deviation.player if q.deviation else '?'} acts before the step the "
                       "shortcut names: their action changes whether "
                       + ", ".join(x.changes) + " triggers (MTR 4.2)")
    if any(f[0] == "wound_back" for f in t.shortcut if isinstance(f, tuple)):
        reasons.append("the proposal's later lines are wound back to the interruption (MTR 4.2)")
    return outcome, reasons, judged


def answer(q: ShortcutQuestion, state: GameState, edition: Edition, backend: str = "asp") -> Verdict:
    """The core's expansion of the shortcut (its one backend, ASP)."""
    x = expand(state, edition, q.mtr, q)
    t = x.timeline
    ending.refuse(t.stop)
    outcome, reasons, judged = judge(q, x)
    keys = set(t.rules)
    details: dict[str, Any] = {
        "mtr edition": q.mtr.date,
        "expansion": [{"line": line, "implied": imp} for line, imp in zip(x.lines, x.implied)],
        "final state": t.final.to_json(),
        "after each event": ending.after_each_event(t),
        "seconds": ending.seconds(t),
    }
    if judged:
        details["conditions"] = {str(c): held for c, held in judged}
    return Verdict(query="shortcut", outcome=outcome, reasons=tuple(reasons),
                   citations=citations(cite(k, edition) for k in sorted(keys)),
                   witness=_marked(t, edition), backend="asp", edition=edition.date,
                   details=details)


def _script(q: ShortcutQuestion) -> list[Any]:
    return [*q.before, *q.proposal]


def _marked(t: Timeline, edition: Edition) -> Trace:
    """The trace, each decision a shortcut implied said to be so, with the rule that implied it."""
    def mark(e: Any) -> Any:
        if ("implied", e.t) not in t.shortcut:
            return e
        keys = sorted({str(cite(k, edition)) for k in e.rules if k.startswith(SHORTCUT_KEYS)})
        return replace(e, event=f"{e.event}  ⟨implied: {', '.join(keys)}⟩")
    return Trace(tuple(mark(e) for e in trace_of(t)))


def expand_shortcut(state: GameState | Mapping[str, Any], shortcut: str | Sequence[str],
                    before: Sequence[str] = (), end: Sequence[str] = (),
                    deviation: Mapping[str, Any] | None = None,
                    mtr: MtrEdition | str | None = None,
                    edition: Edition | str | None = None) -> Verdict:
    """A tournament shortcut ``shortcut`` (proposal lines: ``alice says go``, ``alice casts
    Lightning Bolt targeting bob``, ``alice repeats 3 times: …``) proposed after the ``before``
    decisions, played out on the core under the MTR edition ``mtr`` (default the newest); with
    ``end`` its declared end state, and ``deviation`` another player's interruption
    (``{"by": "bob", "actions": [...], "at": 1}``).

    >>> state = {"players": ["alice", "bob"], "step": "main2", "turn": 3,
    ...          "alice": {"battlefield": ["Mountain"]}, "bob": {"battlefield": ["Mountain"]}}
    >>> v = expand_shortcut(state, "alice says go")
    >>> v.outcome, v.details["expansion"][-1]
    (<ShortcutOutcome.EXPANDED: 'expanded'>, {'line': 'alice passes', 'implied': True})
    """
    state = state_of(state)
    question: dict[str, Any] = {"kind": "shortcut", "shortcut": shortcut if isinstance(shortcut, str)
                                else list(shortcut)}
    if before:
        question["before"] = list(before)
    if end:
        question["end"] = list(end)
    if deviation is not None:
        question["deviation"] = dict(deviation)
    if mtr is not None:
        question["mtr"] = str(mtr)
    q = parse_question(Field.of(question, "question"), state)
    return answer(q, state, Edition.of(edition))


SHORTCUT = register(QuestionKind(
    name="shortcut",
    summary="a tournament shortcut played out on the core, dated by MTR edition (MTR 4.2)",
    parse=parse_question,
    answer=answer,
    backends=("asp",),
    describe=str,
))
