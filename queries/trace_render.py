"""A trace of the game as the ``explain`` page draws it: its events with what each leaves
behind, as a table where the width allows or an event a paragraph, and the state it ends in
laid out as a scenario's ``state:`` is (``render.py`` draws the rest of a verdict)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from mtgrules.encodings.game.words import plural
from mtgrules.queries.render import ZONE_ORDER, Context, objects_words, ordinal


def priority_runs(rows: Sequence[Mapping[str, Any]]) -> str:
    """Who receives priority, in runs of consecutive events: ``alice (1–3), bob (4)``."""
    runs: list[list[Any]] = []
    for r in rows:
        if runs and runs[-1][0] == r["player"] and runs[-1][2] == r["t"] - 1:
            runs[-1][2] = r["t"]
        else:
            runs.append([r["player"], r["t"], r["t"]])
    return ", ".join(f"{p} ({a}{'–' + str(b) if b != a else ''})" for p, a, b in runs)


def trace_rows(trace: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]],
               context: Context | None = None) -> list[dict[str, Any]]:
    """A trace's events with what they leave behind (``details["after each event"]``), one
    mapping each: ``t``, ``step``, ``active``, ``event``, ``by``, ``priority``, ``stack`` (top
    first), ``life`` (player → (before, after), where it changed)."""
    context = context or Context()
    by_time = {a["t"]: a for a in after}
    life = dict(context.life)
    rows = []
    for e in trace:
        a = by_time.get(e["t"], {})
        changed = {}
        for p, total in (a.get("life") or {}).items():
            changed[p] = (life.get(p), total)
            life[p] = total
        rows.append({"t": e["t"], "step": e["step"], "active": a.get("active", ""),
                     "event": e["event"], "by": e.get("by", ""), "priority": e.get("priority"),
                     "stack": _stack_words(a.get("stack", ()), a.get("resolving")), "depth": e.get("stack", 0),
                     "life": changed})
    return rows


def _stack_words(stack: Sequence[str], resolving: str | None) -> list[str]:
    """The stack, top first, the object resolving (its top, CR 608.2n) said to be so."""
    return [f"{x} (resolving)" if k == 0 and x == resolving else x for k, x in enumerate(stack)]


def life_words(player: str, change: tuple[int | None, int]) -> str:
    before, now = change
    return f"{player} {now}" if before is None else f"{player} {before} → {now}"


NARROW = 90
"""Below this width a trace is printed an event a paragraph rather than as a table."""


class TraceView:
    """A trace as a table where the width allows it (``trace_table``), else one short
    paragraph an event: its number and words, then who has priority, the stack, life changes."""

    def __init__(self, trace: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]],
                 context: Context | None = None):
        self.trace, self.after, self.context = trace, after, context

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= NARROW:
            yield trace_table(self.trace, self.after, self.context)
            return
        shown = None
        for r in trace_rows(self.trace, self.after, self.context):
            if (r["active"], r["step"]) != shown:
                yield Text(f"{r['active']}'s {r['step']} step:" if r["active"] else f"{r['step']}:",
                           style="bold")
                shown = (r["active"], r["step"])
            yield Text(f"{r['t']:>3}. {r['event']}")
            after = [f"priority: {r['priority'] or 'nobody'}",
                     "stack: " + (", ".join(r["stack"]) or "empty")]
            if r["life"]:
                after.append("life: " + ", ".join(life_words(p, c) for p, c in r["life"].items()))
            yield Text("     " + "; ".join(after), style="dim")


def trace_table(trace: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]],
                context: Context | None = None) -> Table:
    """The trace as a table: event number, step (whose turn, where it changes), the event,
    who has priority after it, the stack after it (top first) and life totals it changed."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("step", no_wrap=True)
    table.add_column("event", ratio=3)
    table.add_column("priority", no_wrap=True)
    table.add_column("stack (top first)", ratio=1)
    table.add_column("life", no_wrap=True)
    shown = None
    for r in trace_rows(trace, after, context):
        where = (r["active"], r["step"])
        step = f"{r['step']}\n{r['active']}'s turn" if r["active"] else r["step"]
        stack = "\n".join(r["stack"]) if r["stack"] else ("—" if not r["depth"] else
                                                          plural(r["depth"], "object"))
        table.add_row(str(r["t"]), Text(step if where != shown else ""), Text(r["event"]),
                      Text(r["priority"] or "—"), Text(stack),
                      Text("\n".join(life_words(p, c) for p, c in r["life"].items())))
        shown = where
    return table


def final_state(final: Mapping[str, Any], trace: Sequence[Mapping[str, Any]] = (),
                after: Sequence[Mapping[str, Any]] = (), context: Context | None = None) -> list[Text]:
    """The state a trace ends in, laid out as a scenario's ``state:`` is: the turn and step,
    then each player's life and zones (card names; unnamed cards counted), with what is tapped,
    damaged or has counters, mana pools and losses only where there are some."""
    context = context or Context()
    active = final.get("active", "")
    turn = final.get("turn")
    step = f"{active}'s {final.get('step')} step"
    if turn:
        when = f"turn {turn}, {step}"
    else:
        turns_on = _turns_passed(after, context.active or active)
        when = step + (f" ({ordinal(turns_on)} turn after the scenario's; the scenario gives no "
                       "turn number)" if turns_on else " (the scenario gives no turn number)")
    priority = final.get("priority")
    out = [Text(f"the state at the end (after event {final.get('time')}): {when}; "
                + (f"{priority} has priority" if priority else "nobody has priority"))]
    top_first = _stack_words(list(reversed(final.get("stack") or ())), final.get("resolving"))
    out.append(Text("  stack (top first): " + (", ".join(top_first) or "empty")))
    creatures = (trace[-1].get("creatures") if trace else None) or {}
    tapped = set(final.get("tapped") or ())
    damage = final.get("damage") or {}
    counters = final.get("counters") or {}

    def notes(o: str) -> str:
        parts = []
        c = creatures.get(o)
        if c:
            parts.append(f"{c['power']}/{c['toughness']}" + "".join(f" {k}" for k in c.get("keywords") or ()))
        if o in tapped:
            parts.append("tapped")
        if damage.get(o):
            parts.append(f"{damage[o]} damage")
        parts += [plural(n, f"{kind} counter") for kind, n in (counters.get(o) or {}).items() if n]
        return ", ".join(parts)

    zones = final.get("zones") or {}
    players = list(context.players) or list(final.get("life") or zones)
    pools = final.get("mana pools") or {}
    lost = set(final.get("lost") or ())
    for p in players:
        out.append(Text(f"  {p}:"))
        out.append(Text(f"    life: {(final.get('life') or {}).get(p, '?')}"))
        theirs = zones.get(p) or {}
        for zone in [*ZONE_ORDER, *(z for z in theirs if z not in ZONE_ORDER)]:
            ids = theirs.get(zone) or []
            if ids or zone in ("hand", "library"):
                out.append(Text(f"    {zone}: " + objects_words(ids, {o: notes(o) for o in ids})))
        if pools.get(p):
            out.append(Text(f"    mana pool: {pools[p]}"))
        if p in lost:
            out.append(Text("    has lost the game"))
    return out


def _turns_passed(after: Sequence[Mapping[str, Any]], first: str) -> int:
    """How many times the turn changed hands along the trace."""
    count, current = 0, first
    for a in after:
        if a.get("active") and a["active"] != current:
            count, current = count + 1, a["active"]
    return count


# -- HTML, for notebooks ----------------------------------------------------------------------
