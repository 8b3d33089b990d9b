"""What shows a verdict holds (its witness) or fails (its counterexample): a typed value of the
question kind, with the plain form the JSON output shows (``to_json``). The golden-rules,
APNAP and sequencing ones are here; a trace's in ``trace.py``, a cost's and a cast's in
``cost_witness.py`` and ``cast_witness.py``."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mtgrules.model.sequencing import Condition


class Witness(ABC):
    """A verdict's witness or counterexample: a typed value of its question kind, with the
    plain form the JSON output shows (``to_json``)."""

    @abstractmethod
    def to_json(self) -> Any:
        """The plain value the JSON output shows."""


@dataclass(frozen=True)
class GoldenEffects(Witness):
    """A golden-rules verdict's witness: the effects involved (and the amount carried out,
    for an instruction done as far as possible)."""

    effects: tuple[str, ...] = ()
    amount: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"effects": list(self.effects)}
        if self.amount is not None:
            out["amount"] = self.amount
        return out


@dataclass(frozen=True)
class ChoiceOrder(Witness):
    """The order in which simultaneous choices are made (CR 101.4), by choice id, and which
    earlier choices each chooser knows when making theirs.

    >>> ChoiceOrder(("bob-discard", "alice-discard"), {"alice-discard": ("bob-discard",)}).to_json()
    {'order': ['bob-discard', 'alice-discard'], 'knows': {'alice-discard': ['bob-discard']}}
    """

    order: tuple[str, ...]
    knows: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "knows": {c: list(k) for c, k in self.knows.items()}}


@dataclass(frozen=True)
class OrderCheck(Witness):
    """The witness of a proposed choosing order: the correct order next to the proposed one."""

    correct_order: tuple[str, ...]
    proposed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"correct_order": list(self.correct_order), "proposed": list(self.proposed)}


@dataclass(frozen=True)
class Learned:
    """A chooser who knew another choice (``knew``) too early when making ``choice``."""

    choice: str
    chooser: str
    knew: str


@dataclass(frozen=True)
class Misplaced:
    """A choice made after another that the rules make later."""

    choice: str
    made_after: str


@dataclass(frozen=True)
class OrderLeak(Witness):
    """The counterexample of a proposed choosing order: what was learned too early and which
    choices are out of place."""

    learned: tuple[Learned, ...] = ()
    misplaced: tuple[Misplaced, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"learned": [{"choice": x.choice, "chooser": x.chooser, "knew": x.knew}
                            for x in self.learned],
                "misplaced": [{"choice": x.choice, "made_after": x.made_after}
                              for x in self.misplaced]}


@dataclass(frozen=True)
class SequencingRun(Witness):
    """A block that stands: its lines in the correct order, and the correct run's events."""

    order: tuple[str, ...]
    run: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "run": list(self.run)}


@dataclass(frozen=True)
class Violation:
    """An MTR 4.3 condition a block fails, and why in the block's words."""

    condition: Condition
    text: str


@dataclass(frozen=True)
class SequencingFailure(Witness):
    """A block that does not stand: the conditions it violates, and the closest correct run."""

    violations: tuple[Violation, ...]
    closest_order: tuple[str, ...]
    run: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"violations": [{"condition": v.condition.value, "text": v.text} for v in self.violations],
                "closest_order": list(self.closest_order), "run": list(self.run)}


@dataclass(frozen=True)
class SearchBound(Witness):
    """Why no way exists: every sequence of decisions ends within ``horizon`` events."""

    horizon: int

    def to_json(self) -> dict[str, Any]:
        return {"horizon": self.horizon}
