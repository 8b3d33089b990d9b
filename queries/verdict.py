"""The answer to a question: the same type whichever backend decided it."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mtgrules.model.edition import Citation
from mtgrules.model.sequencing import Condition


class Outcome(str, Enum):
    """An outcome word of one question kind; its value is the word the JSON output shows."""

    def __str__(self) -> str:
        return str(self.value)


class GoldenOutcome(Outcome):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    HAPPENS = "happens"
    DOES_NOT_HAPPEN = "does-not-happen"
    PERFORMED = "performed"
    PARTIALLY_PERFORMED = "partially-performed"
    NOTHING_HAPPENS = "nothing-happens"
    HAS = "has"
    HAS_NOT = "has-not"
    NOT_DECIDED = "not-decided"


class ApnapOutcome(Outcome):
    DETERMINED = "determined"
    """One correct order."""
    PLAYER_ORDERS = "player-orders"
    """Several: a player orders their own unordered choices."""
    CORRECT = "correct"
    LEAK = "leak"
    OUT_OF_ORDER = "out-of-order"
    NOT_DECIDED = "not-decided"
    """The edition has no rule for the situation."""


class SequencingOutcome(Outcome):
    STANDS = "stands"
    DOES_NOT_STAND = "does-not-stand"


class CastOutcome(Outcome):
    LEGAL = "legal"
    ILLEGAL = "illegal"


class CostOutcome(Outcome):
    """A payment question's outcome. A total-cost question's outcome is the total itself,
    in mana symbols (e.g. ``{1}{G}``)."""

    PAYABLE = "payable"
    UNPAYABLE = "unpayable"


class TurnOutcome(Outcome):
    REACHED = "reached"
    GAME_OVER = "game-over"
    ILLEGAL_ACTION = "illegal-action"
    NEEDS_DECISION = "needs-decision"
    HOLDS = "holds"
    DOES_NOT_HOLD = "does-not-hold"
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"


OUTCOMES: dict[str, type[Outcome]] = {
    "golden": GoldenOutcome, "apnap": ApnapOutcome, "sequencing": SequencingOutcome,
    "cast": CastOutcome, "cost": CostOutcome, "turn": TurnOutcome}
"""The outcome words of each question kind (a cost question may also answer a total, in mana
symbols). An expectation outside them is a mistake in the scenario, not a mismatch."""


@dataclass(frozen=True)
class Verdict:
    """An outcome, the rules that decided it, reasons in words, and a witness or counterexample."""

    query: str
    """The kind of question: golden, apnap, sequencing, cost, cast, …"""
    outcome: str
    """A short word such as ``forbidden``, ``stands``, ``does-not-stand``, ``legal``."""
    citations: tuple[Citation, ...]
    """The rules that decided the outcome, in the numbering of the edition asked about."""
    reasons: tuple[str, ...] = ()
    """Human-readable explanation, one sentence each, in the scenario's own terms."""
    witness: Any = None
    """What shows the outcome holds: a correct order, a payment, the choosing order …"""
    counterexample: Any = None
    """What shows it fails: e.g. the card drawn before a choice it could influence."""
    backend: str = ""
    """Which solver decided: ``asp``, ``smt``, or both."""
    edition: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    """Question-specific extras (priority windows, the total cost …)."""
    failed: frozenset[Condition] = frozenset()
    """For sequencing: the MTR 4.3 conditions that failed."""

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "verdict": self.outcome,
            "citations": [str(c) for c in self.citations],
            "reasons": list(self.reasons),
            "witness": self.witness,
            "counterexample": self.counterexample,
            "backend": self.backend,
            "edition": self.edition,
            "details": self.json_details(),
        }

    def json_details(self) -> dict[str, Any]:
        """``details`` as the JSON output shows them: a sequencing verdict's failed
        conditions under ``failed``, in the order of MTR 4.3 as DESIGN §5.4 lists them."""
        if self.query != "sequencing":
            return self.details
        return {"failed": [c.value for c in Condition if c in self.failed], **self.details}

    def same_answer(self, other: Verdict) -> bool:
        """Whether two verdicts (e.g. from the two backends) agree on outcome, rules and the
        conditions that failed."""
        return ((self.outcome, set(self.citations), self.failed)
                == (other.outcome, set(other.citations), other.failed))


def citations(*groups: Any) -> tuple[Citation, ...]:
    """Sorted, de-duplicated citations (CR before MTR, then by number)."""
    found = {c for group in groups for c in group}
    return tuple(sorted(found, key=_citation_key))


def _citation_key(c: Citation) -> tuple:
    parts = []
    for piece in c.number.replace(".", " ").split():
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((int(digits) if digits else 0, piece))
    return (c.document != "CR", parts)
