"""How a trace of the core ends, read back for a question: the outcome, why, and what each
event leaves behind."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.encodings.game import Stop, Timeline, Way
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.timeline import END, Condition, Decision, Point

NEEDS = {"priority": "has priority", "attack": "declares attackers", "block": "declares blockers",
         "attack_required": "declares attackers ('all pass until' declares none, which obeys fewer "
                            "requirements than a declaration could)",
         "block_required": "declares blockers ('all pass until' declares none, which obeys fewer "
                           "requirements than a declaration could)",
         "discard": "chooses cards to discard", "order": "orders their triggered abilities",
         "choose": "makes a choice for the resolving object",
         "target": "chooses the target of their triggered ability (CR 603.3d)",
         "legend": "chooses which legendary permanent to keep (CR 704.5j)",
         "random": "discards at random (the result is chance's, CR 701.9b: write the cards "
                   "discarded)",
         "payment": "says how the cost is paid (the mana its generic part is paid with, the mana a "
                    "convoking creature pays, the value of X or how each hybrid and Phyrexian symbol "
                    "is paid: 'announcing X as 3 and {B/P} as 2 life', CR 601.2b)",
         "division": "announces how the spell's damage is divided among its targets (CR 601.2d: "
                     "write '… targeting X and Y dividing N and M', one amount for each target)",
         "order_blockers": "announces the damage assignment order of an attacker blocked by two "
                           "or more creatures (CR 509.2 of 2009-2024: write 'P orders blockers "
                           "for A: B, C')",
         "assign": "assigns the combat damage of a creature whose damage can go to two or more "
                   "recipients (CR 510.1c-d: write 'P assigns combat damage from A: N to X, M to Y')"}
"""What the player a trace stops for has to decide, in words."""
NO_WAY_RULES = ("priority.when", "turn.phase-order")
"""What a search that ends everywhere within its horizon rests on: when players may act, and
the order of the steps it walked through."""


def after_each_event(timeline: Timeline) -> list[dict[str, Any]]:
    """What the witness's events leave behind, event by event: whose turn it is, the objects
    on the stack (the top first) and the life totals the event changed (``explain`` draws its
    table and timeline from them)."""
    rows = []
    for e in timeline.events:
        row: dict[str, Any] = {"t": e.time, "active": e.active, "stack": list(e.on_stack)}
        if e.resolving:
            row["resolving"] = e.resolving  # the top of the stack (CR 608.2n)
        if e.life:
            row["life"] = dict(e.life)
        rows.append(row)
    return rows


def refuse(stop: Stop) -> None:
    """A trace that ends in a gap of the core (``unsupported``, ``stuck``, ``horizon``) is
    refused as a question the core can't answer yet, never given as a verdict."""
    # the script line the trace had reached, where it says which
    field = f"question.script[{stop.entry - 1}]" if stop.entry else "question"
    if stop.kind == "unsupported":
        raise UnsupportedQuestion(f"the trace reaches something the core does not model yet: "
                                  f"{stop.what}", field=field)
    if stop.kind in ("stuck", "horizon"):
        raise UnsupportedQuestion(f"the trace could not be completed: {stop.what}", field=field)


def stop_reason(timeline: Timeline, until: Point, script: Sequence[Decision]) -> tuple[str, str]:
    """The outcome word of a trace that ended (``reached``, ``game-over``, ``needs-decision``
    or ``illegal-action``) and why, in the script's words."""
    stop, final = timeline.stop, timeline.final
    where = f"in {final.active}'s {final.step} step (t={final.time})"
    if stop.kind == "reached":
        return "reached", f"the trace reaches {until} after {final.time} events"
    if stop.kind == "game-over":
        return "game-over", f"{stop.what or f'{stop.player} loses the game'} {where}"
    if stop.kind == "needs-decision":
        what = NEEDS.get(stop.what, stop.what)
        return "needs-decision", f"the script gives no decision where {stop.player} {what} {where}"
    line = str(script[stop.entry - 1]) if stop.entry and stop.entry <= len(script) else "?"
    return "illegal-action", f"'{line}' (decision {stop.entry}) can't be made {where}: {stop.what}"


def judged_conditions(timeline: Timeline, until: Point,
                      conditions: Sequence[Condition]) -> list[tuple[Condition, bool]] | None:
    """Each condition and whether it holds where the trace ends, when they are judged there:
    the trace reached its point or the game ended, or (asked at the end) the script ran out;
    ``None`` where the trace stopped short of that (an illegal action, a missing decision)."""
    kind = timeline.stop.kind
    if not (kind in ("reached", "game-over") or (until == END and kind == "needs-decision")):
        return None
    return [(c, bool(timeline.conditions.get(i))) for i, c in enumerate(conditions, start=1)]


def refuse_unfinished(way: Way) -> None:
    """A search that found no way proves none only if every sequence ended within its horizon."""
    if way.found is None and not way.complete:
        raise UnsupportedQuestion(
            f"no way found within {way.horizon} events, and some sequences of decisions were "
            f"still going (or reached something the core does not model) at that bound; "
            f"ask again with a larger horizon")


def seconds(answer: Timeline | Way) -> dict[str, float]:
    """How long grounding and solving took."""
    return {"ground": round(answer.ground_seconds, 4), "solve": round(answer.solve_seconds, 4)}
