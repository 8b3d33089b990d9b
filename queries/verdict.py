"""The answer to a question: the same type whichever backend decided it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mtgrules.model.edition import Citation


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
    """Question-specific extras (failed conditions, priority windows, the total cost …)."""

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
            "details": self.details,
        }

    def same_answer(self, other: "Verdict") -> bool:
        """Whether two verdicts (e.g. from the two backends) agree on outcome and rules."""
        return (self.outcome, set(self.citations)) == (other.outcome, set(other.citations))


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
