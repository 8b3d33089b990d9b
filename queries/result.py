"""A row of ``mtgrules check``: a scenario file, its verdict and whether it is the expected one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.model.edition import Edition
from mtgrules.model.errors import Location
from mtgrules.model.read.expect import REFUSED, Expectation
from mtgrules.queries.scenario import Scenario
from mtgrules.queries.verdict import Verdict


@dataclass
class CheckResult:
    """One row of ``mtgrules check``."""

    file: str
    scenario: Scenario | None
    verdict: Verdict | None
    seconds: float
    error: str | None = None
    edition: Edition | None = None
    location: Location | None = None
    """Where the mistake sits, for an error row (file, line, field)."""
    refusal: str | None = None
    """The refusal's message, where the scenario expects its question to be refused (``expect:
    {verdict: refused}``) and it was: no verdict, and no error either."""

    @property
    def word(self) -> str | None:
        """The verdict's word, ``refused`` for an expected refusal; ``None`` for an error."""
        return REFUSED if self.refusal is not None else self.verdict.word if self.verdict else None

    @property
    def expected(self) -> str | None:
        """The verdict the scenario expects under the edition it ran under (per-edition
        ``expect``), if any."""
        expect = self.scenario.under(self.edition or self.scenario.edition).expect \
            if self.scenario else None
        return expect.verdict if expect else None

    @property
    def match(self) -> bool | None:
        """Whether the verdict is the expected one; ``None`` when nothing is expected under the
        edition it ran under."""
        if self.error is not None:
            return False
        if self.scenario is None or self.expected is None:
            return None
        if self.refusal is not None:
            return not self.differs
        if self.verdict is None:
            return None
        return expectation_met(self.scenario.under(self.edition or self.scenario.edition), self.verdict)

    @property
    def differs(self) -> list[str]:
        """Which parts of the verdict differ from the expectation: ``verdict``, ``citations``
        (an expected citation missing), ``failed conditions``; empty when it matches."""
        if self.scenario is None:
            return []
        expect = self.scenario.under(self.edition or self.scenario.edition).expect
        if expect is None:
            return []
        if self.refusal is not None:
            return [f"refusal: does not say '{w}'" for w in expect.says if w not in self.refusal]
        return mismatches(expect, self.verdict) if self.verdict else []

    def to_json(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "scenario": self.scenario.name if self.scenario else None,
            "file": self.file,
            "query": self.scenario.kind if self.scenario else None,
            "verdict": self.word,
            "expected": self.expected,
            "match": self.match,
            "citations": [str(c) for c in v.citations] if v else [],
            "reasons": list(v.reasons) if v else [],
            "seconds": round(self.seconds, 4),
            "edition": str(self.edition or (self.scenario.edition if self.scenario else "")),
            "backend": v.backend if v else None,
            "witness": v.to_json()["witness"] if v else None,
            "counterexample": v.to_json()["counterexample"] if v else None,
            "details": v.json_details() if v else {},
            "error": self.error,
            "refusal": self.refusal,
            "line": self.location.line if self.location else None,
            "field": self.location.field if self.location else None,
            "differs": self.differs,
        }


def expectation_met(scenario: Scenario, verdict: Verdict) -> bool:
    """Whether a verdict is the one the scenario expects (nothing expected: it is)."""
    expect = scenario.expect
    return expect is None or not mismatches(expect, verdict)


def mismatches(expect: Expectation, verdict: Verdict) -> list[str]:
    """The parts of ``verdict`` that differ from ``expect``, each in words."""
    out: list[str] = []
    if verdict.word != expect.verdict:
        out.append(f"verdict: {verdict.word}, expected {expect.verdict}")
    if expect.fails and expect.fails != verdict.failed:
        out.append("failed conditions: " + (", ".join(sorted(c.value for c in verdict.failed))
                                             or "none") + ", expected "
                   + ", ".join(sorted(c.value for c in expect.fails)))
    missing = [str(c) for c in expect.cites if c not in set(verdict.citations)]
    if missing:
        out.append("citations: missing " + ", ".join(missing))
    return out

