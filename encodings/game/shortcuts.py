"""Tournament shortcuts (MTR 4.2) on the temporal core: a proposal's lines become the script's
entries, with the facts ``shortcuts.lp`` reads to say what the shortcut means under the MTR
edition (which passes it implies, where it ends, where another player's interruption goes), and
the core plays them. Where an interruption would change whether a step's triggered ability
triggers, two traces of the core from the proposal — the action made before the step, nothing
done — go to ``shortcut_place.lp``, which says where the interruption is made. No rule is
decided here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.game import Timeline, simulate
from mtgrules.encodings.game.facts import a
from mtgrules.encodings.game.words import STEP_NAME
from mtgrules.model.edition import Edition, MtrEdition
from mtgrules.model.read.shortcut import ShortcutQuestion
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END, Decision, Event, Point
from mtgrules.model.turn import Step

N, S, F = clingo.Number, clingo.String, clingo.Function


@dataclass(frozen=True)
class Expansion:
    """A shortcut played out: the trace, the explicit decisions it stands for, and whether the
    whole proposal (and the interruption) was played."""

    timeline: Timeline
    lines: tuple[str, ...]
    """Every decision of the trace after the proposal was made, in a script's words."""
    implied: tuple[bool, ...]
    """For each line: whether a rule of the shortcut implied it (nobody said it)."""
    complete: bool
    """Whether the trace ends with every line of the proposal and the interruption played (or
    wound back), at a decision nobody wrote."""
    early: bool = False
    """Whether the interruption was made before the step the shortcut names (it changes
    whether an ability triggers as that step begins)."""
    changes: tuple[str, ...] = ()
    """The triggered abilities whose triggering the interruption changes, in words."""


def _entries(q: ShortcutQuestion, deviate: bool = True,
             ) -> tuple[list[Decision], list[clingo.Symbol]]:
    """The script's entries (before, the proposal, the interruption where it is made) and the
    facts saying which entry is what."""
    script = list(q.before)
    facts = [a("proposer", S(q.proposer))]
    start = len(script)
    for i, d in enumerate(q.proposal):
        script.append(d)
        facts.append(a("proposal", N(start + i + 1)))
    if q.loop is not None:
        facts.append(a("loop_times", N(q.loop[0])))
    if q.end:
        facts.append(a("declared_end"))
    dev = q.deviation if deviate else None
    if dev is None:
        return script, facts
    if dev.at is None:                      # a standard shortcut: its rule places it
        i = next(i for i, d in enumerate(q.proposal) if d.verb == "shortcut")
        how = "placed"
    elif q.loop is not None:                # after that many iterations (CR 732.2b)
        times, per = q.loop
        i, how = min(dev.at, times) * per - 1, "after"
        facts.append(a("loop_cut", N(dev.at)))
    else:                                   # in response to that object
        objects = [i for i, d in enumerate(q.proposal) if d.verb in ("cast", "activate")]
        i, how = objects[dev.at - 1], "respond"
    point = start + i + 1
    script[point:point] = list(dev.actions)
    for j in range(len(dev.actions)):
        facts.append(a("deviation", N(point + j + 1)))
    # entries after the point moved by the interruption's length
    moved = len(dev.actions)
    facts = [f if f.name != "proposal" or f.arguments[0].number <= point
             else a("proposal", N(f.arguments[0].number + moved)) for f in facts]
    facts += [a("deviator", S(dev.player)), a("deviation_point", N(point), F(how, []))]
    if not dev.actions:
        facts.append(a("deviation_empty"))
    return script, facts


def expand(state: GameState, edition: Edition, mtr: MtrEdition | None,
           q: ShortcutQuestion) -> Expansion:
    """The shortcut ``q`` proposes, played out on the core from ``state`` under ``edition`` and
    the MTR edition ``mtr`` (default: the newest)."""
    mtr = mtr or MtrEdition.newest()
    script, facts = _entries(q)
    early, changes = False, tuple[str, ...]()
    if q.deviation is not None and q.deviation.at is None and q.deviation.actions:
        early, changes = _placement(state, edition, mtr, q)
    if early:
        facts.append(a("placed_early"))
    timeline = simulate(state, edition, script, END, q.end, shortcut=facts, mtr=mtr)
    lines, marks = _lines(timeline, timeline.proposal_at)
    complete = (timeline.stop.kind == "needs-decision"
                and ("open", timeline.final.time) not in timeline.shortcut)
    return Expansion(timeline, lines, marks, complete, early, changes)


def _placement(state: GameState, edition: Edition, mtr: MtrEdition,
               q: ShortcutQuestion) -> tuple[bool, tuple[str, ...]]:
    """Whether the interruption goes before the step the shortcut names (shortcut_place.lp),
    from the core's two traces: nothing done, and the action made before the step."""
    idle_script, idle_facts = _entries(q, deviate=False)
    idle = simulate(state, edition, idle_script, END, shortcut=idle_facts, mtr=mtr)
    meaning = next((f for f in idle.shortcut if f[0] == "meaning"), None)
    if meaning is None:
        return False, ()
    _, word, step, before = meaning
    if step == before:
        return False, ()
    acted_script, acted_facts = _entries(q)
    acted_facts.append(a("placed_early"))
    acted_script.append(Decision("pass-until", None, until=Point("step", Step(STEP_NAME[step]))))
    acted = simulate(state, edition, acted_script, END, shortcut=acted_facts, mtr=mtr)
    facts = [a("meaning", F(word, []))]
    for run, trace in (("idle", idle), ("acted", acted)):
        for o, k in _triggered_as_step_begins(trace, STEP_NAME[step]):
            facts.append(a("triggered", F(run, []), S(o), N(k)))
    found = asp.solve(["game/shortcut_place"], facts, edition)
    shown = found.models[0] if found.models else []
    changed = tuple(sorted(f"{s.arguments[0].string}'s triggered ability {s.arguments[1].number}"
                           for s in shown if s.name == "changes"))
    return any(s.name == "early" for s in shown), changed


def _triggered_as_step_begins(trace: Timeline, step: str) -> set[tuple[str, int]]:
    """The triggered abilities that triggered as ``step`` began (``shortcuts.lp`` shows what
    triggers when): put on the stack, removed for want of a target, or waiting for a target."""
    began = next((e.time for e in trace.events if e.name in ("start", "end_step") and e.step == step),
                 None)
    return {(str(f[2]), int(f[3])) for f in trace.shortcut
            if isinstance(f, tuple) and f[0] == "triggered" and f[1] == began}


SHORTCUT_KEYS = ("mtr.shortcut.", "shortcut.")
"""The rulebook keys of the tournament shortcuts' rules and of the shortcut procedure: an event
citing one was implied by the shortcut (the proposal's own lines cite ``mtr.shortcuts``)."""


def implied(timeline: Timeline, e: Event) -> bool:
    """Whether a rule of the shortcut made the decision (nobody said it)."""
    return ("implied", e.time) in timeline.shortcut


def script_line(e: Event) -> str:
    """A decision event in a script's words (without the zone changes its text notes)."""
    text = re.sub(r" \([^()]*→[^()]*\)$", "", e.text)
    for said, line in ((" declares no attackers", " attacks with nothing"),
                       (" declares no blockers", " blocks with nothing")):
        if text.endswith(said):
            return text[: -len(said)] + line
    return text


def _lines(timeline: Timeline, after: int | None) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """The decisions of the trace after time ``after`` (the proposal's start)."""
    events = [e for e in timeline.events if e.decision and (after is None or e.time > after)]
    return tuple(script_line(e) for e in events), tuple(implied(timeline, e) for e in events)
