"""A ``turn`` trace drawn as a timeline, in SVG written by hand (``mtgrules explain --svg``).

Time runs down the page, one row an event: the steps along the left (whose turn each is), the
event in words, who has priority after it (a lane a player), what is on the stack after it (the
top first, left to right) and the life totals it changed. The drawing reads the verdict as
``Verdict.to_json()`` gives it, as ``render`` does.

In a notebook, ``draw_trace(verdict)`` shows itself (``_repr_svg_``):

>>> from mtgrules.queries.render import Context
>>> data = {"query": "turn", "verdict": "reached", "witness": [
...     {"t": 1, "step": "main1", "event": "alice casts Lightning Bolt targeting bob",
...      "by": "player", "priority": "alice", "stack": 1, "rules": []}],
...     "details": {"after each event": [{"t": 1, "active": "alice", "stack": ["Lightning Bolt"]}]}}
>>> drawing = draw_trace(data, "a Bolt", Context(players=("alice", "bob")))
>>> drawing._repr_svg_().startswith("<svg") and "Lightning Bolt" in drawing.svg
True
"""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from mtgrules.model.errors import MtgRulesError
from mtgrules.queries.render import Context, context_of
from mtgrules.queries.trace_render import life_words, trace_rows

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
PLAYER_COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2")
PHASE_COLOURS = {"untap": "#dbeafe", "upkeep": "#dbeafe", "draw": "#dbeafe",
                 "main1": "#dcfce7", "main2": "#dcfce7", "beginning-of-combat": "#fee2e2",
                 "declare-attackers": "#fee2e2", "declare-blockers": "#fee2e2",
                 "combat-damage": "#fee2e2", "end-of-combat": "#fee2e2", "end": "#fef3c7",
                 "cleanup": "#fef3c7"}
"""Steps by phase: beginning blue, main green, combat red, ending yellow."""

ROW = 22
"""The height of a one-line row."""
LINE = 14
EVENT_CHARS = 64
"""Characters of an event's words on one line of its row (at most three lines)."""
STEP_W, NUMBER_W, EVENT_W, LANE_W, BOX_W, LIFE_W = 170, 34, 500, 58, 158, 150
TOP = 64
"""Where the first row starts: below the title and the column heads."""


class NoTrace(MtgRulesError):
    """A verdict without a trace to draw (a question of another kind, or no way found)."""


@dataclass(frozen=True)
class TraceDrawing:
    """A drawing of a trace: ``svg`` is the SVG text; Jupyter shows it (``_repr_svg_``)."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def save(self, path: str | Path) -> Path:
        """Write the SVG to ``path``."""
        path = Path(path)
        path.write_text(self.svg, encoding="utf-8")
        return path


def draw_trace(verdict: Any, title: str = "", context: Context | Any = None) -> TraceDrawing:
    """The trace of a ``turn`` verdict (a ``Verdict`` or its ``to_json()``) drawn as a
    timeline; ``context``: a ``Context`` or the scenario (for the players' order and whose turn
    it is at the start). Refused (``NoTrace``) for a verdict without a trace."""
    if context is not None and not isinstance(context, Context):
        title = title or getattr(context, "name", "")
        context = context_of(context)
    data = verdict.to_json() if hasattr(verdict, "to_json") else verdict
    return TraceDrawing(trace_svg(data, title, context))


def trace_svg(data: Mapping[str, Any], title: str = "", context: Context | None = None) -> str:
    """The SVG text of a ``turn`` verdict's trace (``Verdict.to_json()``)."""
    if data.get("query") != "turn":
        raise NoTrace(f"only a turn question has a trace to draw; this is a {data.get('query')} "
                      "question (mtgrules explain prints its witness in words)")
    trace = data.get("witness") or []
    if not isinstance(trace, list) or not trace:
        raise NoTrace(f"the verdict ({data.get('verdict')}) has no trace to draw: "
                      + "; ".join(data.get("reasons") or ()))
    context = context or Context()
    details = data.get("details") or {}
    rows = trace_rows(trace, details.get("after each event") or [], context)
    players = list(context.players) or sorted({r["priority"] for r in rows if r["priority"]}
                                              | {r["active"] for r in rows if r["active"]})
    return _Drawing(rows, players, title, str(data.get("verdict", ""))).svg()


class _Drawing:
    def __init__(self, rows: list[dict[str, Any]], players: list[str], title: str, verdict: str):
        self.rows = rows
        self.players = players
        self.title = title
        self.verdict = verdict
        depth = max([1, *(len(r["stack"]) for r in rows)])
        self.x_step = 16
        self.x_number = self.x_step + STEP_W + 6
        self.x_event = self.x_number + NUMBER_W + 10
        self.x_lanes = self.x_event + EVENT_W + 12
        self.x_stack = self.x_lanes + LANE_W * len(players) + 12
        self.x_life = self.x_stack + BOX_W * depth + 12
        self.width = self.x_life + LIFE_W + 16
        self.lines = [textwrap.wrap(r["event"], EVENT_CHARS, max_lines=3, placeholder=" …") or [""]
                      for r in rows]
        head = title + (f" — {verdict}" if verdict else "")
        self.top = TOP + 18 * (len(self.title_lines(head or "trace")) - 1)
        self.y = [self.top]
        for lines in self.lines:
            self.y.append(self.y[-1] + max(ROW, LINE * len(lines) + 8))
        self.height = self.y[-1] + 56
        self.out: list[str] = []

    def colour(self, player: str) -> str:
        """A player's colour (their priority lane's, their turn's strip)."""
        if player not in self.players:
            return "#9ca3af"
        return PLAYER_COLOURS[self.players.index(player) % len(PLAYER_COLOURS)]

    def text(self, x: float, y: float, words: str, size: int = 12, anchor: str = "start",
             weight: str = "normal", colour: str = "#111827") -> None:
        self.out.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
                        f'font-weight="{weight}" fill="{colour}">{escape(words)}</text>')

    def svg(self) -> str:
        self.out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
                    f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
                    f'font-family={quoteattr(FONT)}>',
                    f'<rect width="{self.width}" height="{self.height}" fill="#ffffff"/>']
        head = self.title + (f" — {self.verdict}" if self.verdict else "")
        for k, line in enumerate(self.title_lines(head or "trace")):
            self.text(16, 22 + 18 * k, line, 15, weight="bold")
        self.heads()
        self.steps()
        for n, row in enumerate(self.rows):
            self.row(n, row)
        self.text(16, self.height - 28, f"{len(self.rows)} events, each row the state after its "
                  "event: who has priority (a dot in their lane), the stack (top first: spells "
                  "purple, abilities pink, named by their source), life totals it changed.", 11,
                  colour="#4b5563")
        self.text(16, self.height - 12, "Steps: beginning blue, main green, combat red, ending "
                  "yellow; the strip at their left is the colour of the player whose turn it is. "
                  "Bold events are a player's decisions.", 11, colour="#4b5563")
        self.out.append("</svg>")
        return "\n".join(self.out)

    def title_lines(self, head: str) -> list[str]:
        return textwrap.wrap(head, int((self.width - 32) / 8.6), max_lines=2, placeholder=" …")

    def heads(self) -> None:
        y = self.top - 10
        self.text(self.x_step, y, "step", 11, weight="bold")
        self.text(self.x_number + NUMBER_W - 4, y, "#", 11, "end", "bold")
        self.text(self.x_event, y, "event", 11, weight="bold")
        self.text(self.x_lanes, y - 14, "priority after", 11, weight="bold")
        for k, p in enumerate(self.players):
            self.text(self.x_lanes + LANE_W * k + LANE_W / 2, y, p, 11, "middle", "bold",
                      self.colour(p))
        self.text(self.x_stack, y, "stack after (top first)", 11, weight="bold")
        self.text(self.x_life, y, "life", 11, weight="bold")
        self.out.append(f'<line x1="16" y1="{self.top - 4}" x2="{self.width - 16}" '
                        f'y2="{self.top - 4}" stroke="#9ca3af"/>')

    def steps(self) -> None:
        """The steps along the timeline: one band a step of one player's turn."""
        start = 0
        for n in range(1, len(self.rows) + 1):
            if n < len(self.rows) and (self.rows[n]["active"], self.rows[n]["step"]) == \
                    (self.rows[start]["active"], self.rows[start]["step"]):
                continue
            row = self.rows[start]
            top, bottom = self.y[start], self.y[n]
            # whose turn: a strip in the player's colour, and said where the band has room
            self.out.append(f'<rect x="{self.x_step}" y="{top + 1}" width="{STEP_W}" '
                            f'height="{bottom - top - 2}" rx="4" '
                            f'fill="{PHASE_COLOURS.get(row["step"], "#f3f4f6")}"/>')
            self.out.append(f'<rect x="{self.x_step}" y="{top + 1}" width="6" '
                            f'height="{bottom - top - 2}" fill="{self.colour(row["active"])}"/>')
            self.text(self.x_step + 12, top + 15, row["step"], 12, weight="bold")
            if row["active"] and bottom - top >= 2 * ROW:
                self.text(self.x_step + 12, top + 30, f"{row['active']}'s turn", 11, colour="#4b5563")
            if start:
                self.out.append(f'<line x1="{self.x_number}" y1="{top}" x2="{self.width - 16}" '
                                f'y2="{top}" stroke="#d1d5db"/>')
            start = n

    def row(self, n: int, row: dict[str, Any]) -> None:
        top, bottom = self.y[n], self.y[n + 1]
        mid = (top + bottom) / 2
        full = f"{row['t']}. {row['event']}"
        self.out.append(f"<g><title>{escape(full)}</title>")
        if n % 2:
            self.out.append(f'<rect x="{self.x_number}" y="{top}" width="{self.x_lanes - self.x_number - 6}" '
                            f'height="{bottom - top}" fill="#f9fafb"/>')
        self.text(self.x_number + NUMBER_W - 4, top + 15, str(row["t"]), 11, "end", colour="#6b7280")
        weight = "bold" if row["by"] == "player" else "normal"
        for k, line in enumerate(self.lines[n]):
            self.text(self.x_event, top + 15 + LINE * k, line, 12, weight=weight)
        for k, p in enumerate(self.players):
            cx = self.x_lanes + LANE_W * k + LANE_W / 2
            self.out.append(f'<line x1="{cx}" y1="{top}" x2="{cx}" y2="{bottom}" stroke="#e5e7eb"/>')
            if row["priority"] == p:
                self.out.append(f'<circle cx="{cx}" cy="{mid:.0f}" r="6" fill="{self.colour(p)}"/>')
        for k, item in enumerate(row["stack"]):
            x = self.x_stack + BOX_W * k
            source, _, ability = item.partition("'s ")
            spell = not ability.endswith("ability")
            self.out.append(f'<rect x="{x}" y="{top + 3}" width="{BOX_W - 6}" height="{bottom - top - 6}" '
                            f'rx="3" fill="{"#ede9fe" if spell else "#fae8ff"}" '
                            f'stroke="{"#7c3aed" if spell else "#c026d3"}"><title>{escape(item)}</title></rect>')
            self.text(x + 6, mid + 4, _fit(item if spell else source, 22), 11)
        for k, (p, change) in enumerate(row["life"].items()):
            before, now = change
            colour = "#b91c1c" if before is not None and now < before else "#15803d"
            self.text(self.x_life, top + 15 + LINE * k, life_words(p, change), 12, weight="bold",
                      colour=colour)
        self.out.append("</g>")


def _fit(words: str, chars: int) -> str:
    return words if len(words) <= chars else words[:chars - 1] + "…"

