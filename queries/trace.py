"""A trace of the game in time, the witness of a ``turn`` question: its events in order."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from mtgrules.encodings.game import Timeline
from mtgrules.model.display import html_table
from mtgrules.queries.witness import Witness


@dataclass(frozen=True)
class TraceEvent:
    """One event of a trace, in the scenario's words."""

    t: int
    """Its time point (the state after it is time ``t``)."""
    step: str
    event: str
    by: str
    """``player`` (a decision) or ``rules`` (the game's own event)."""
    priority: str | None
    """Who has priority once it is over, if anyone."""
    stack: int
    """How many objects are on the stack after it."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of the laws behind it."""
    creatures: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """The creatures on the battlefield after it (power, toughness, keywords), when some
    changed."""

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"t": self.t, "step": self.step, "event": self.event, "by": self.by,
                               "priority": self.priority, "stack": self.stack,
                               "rules": list(self.rules)}
        if self.creatures:
            row["creatures"] = {o: dict(c) for o, c in self.creatures.items()}
        return row


@dataclass(frozen=True)
class Trace(Witness, Sequence[TraceEvent]):
    """A trace of the game in time: its events in order (a sequence: ``len``, index, slice).

    >>> trace = Trace((TraceEvent(1, "main1", "alice passes", "player", "bob", 0),))
    >>> len(trace), trace[0].event
    (1, 'alice passes')
    """

    events: tuple[TraceEvent, ...]

    @overload
    def __getitem__(self, i: int) -> TraceEvent: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[TraceEvent]: ...

    def __getitem__(self, i: int | slice) -> TraceEvent | Sequence[TraceEvent]:
        return self.events[i]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[TraceEvent]:
        return iter(self.events)

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.events]

    def _repr_html_(self) -> str:
        rows = [(e.t, e.step, e.event, "player" if e.by == "player" else "the rules",
                 e.priority or "—", e.stack) for e in self.events]
        return html_table(("t", "step", "event", "by", "priority after", "stack"), rows,
                          f"{len(self.events)} events")


def trace_of(timeline: Timeline) -> Trace:
    """A timeline of the core as a trace: with each event, the creatures on the battlefield
    after it, as they are (CR 613)."""
    return Trace(tuple(TraceEvent(e.time, e.step, e.text, "player" if e.decision else "rules",
                                  e.priority, e.stack, tuple(e.rules),
                                  {o: dict(c) for o, c in e.creatures.items()})
                       for e in timeline.events))
