"""Answering scenarios: the functions behind ``mtgrules check`` and ``explain``."""
from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from mtgrules.model.edition import Edition
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries.kinds import BACKENDS, KINDS, on_both, resolve_backend
from mtgrules.queries.scenario import Scenario, builtin_scenario_files, load_scenario, scenario_files_in
from mtgrules.queries.verdict import Verdict


def check_scenario(scenario: Scenario, edition: Edition | None = None,
                   backend: str = "both") -> Verdict:
    """Answer a scenario's question under ``edition`` (default: the scenario's own)."""
    if backend not in BACKENDS:
        raise MtgRulesError(f"unknown backend '{backend}': expected one of {', '.join(BACKENDS)}")
    kind = KINDS[scenario.kind]
    edition = edition or scenario.edition
    chosen = resolve_backend(kind, backend)
    if chosen != "both":
        return kind.answer(scenario.question, scenario.state, edition, chosen)
    return on_both(lambda b: kind.answer(scenario.question, scenario.state, edition, b),
                   scenario.file or scenario.name)


@dataclass
class CheckResult:
    """One row of ``mtgrules check``."""

    file: str
    scenario: Scenario | None
    verdict: Verdict | None
    seconds: float
    error: str | None = None
    edition: Edition | None = None

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
        if self.scenario is None or self.expected is None or self.verdict is None:
            return None
        return expectation_met(self.scenario.under(self.edition or self.scenario.edition), self.verdict)

    def to_json(self) -> dict:
        v = self.verdict
        return {
            "scenario": self.scenario.name if self.scenario else None,
            "file": self.file,
            "query": self.scenario.kind if self.scenario else None,
            "verdict": v.outcome if v else None,
            "expected": self.expected,
            "match": self.match,
            "citations": [str(c) for c in v.citations] if v else [],
            "reasons": list(v.reasons) if v else [],
            "seconds": round(self.seconds, 4),
            "edition": str(self.edition or (self.scenario.edition if self.scenario else "")),
            "backend": v.backend if v else None,
            "witness": v.witness if v else None,
            "counterexample": v.counterexample if v else None,
            "details": v.json_details() if v else {},
            "error": self.error,
        }


def expectation_met(scenario: Scenario, verdict: Verdict) -> bool:
    expect = scenario.expect
    if expect is None:
        return True
    if verdict.outcome != expect.verdict:
        return False
    if expect.fails and expect.fails != verdict.failed:
        return False
    return set(expect.cites) <= set(verdict.citations)


def check_file(path: str | Path, edition: Edition | None = None, backend: str = "both") -> CheckResult:
    """Load and answer one scenario file; a user's mistake becomes the row's error."""
    start = time.perf_counter()
    try:
        scenario = load_scenario(path)
    except MtgRulesError as exc:
        return CheckResult(str(path), None, None, time.perf_counter() - start, str(exc), edition)
    start = time.perf_counter()
    try:
        verdict = check_scenario(scenario, edition, backend)
    except MtgRulesError as exc:
        return CheckResult(str(path), scenario, None, time.perf_counter() - start, str(exc), edition)
    return CheckResult(str(path), scenario, verdict, time.perf_counter() - start, None, edition)


def check(paths: Iterable[str | Path] | None = None, edition: Edition | str | None = None,
          backend: str = "both") -> list[CheckResult]:
    """Check scenario files or folders of them, subfolders included (default: the built-in
    library)."""
    if isinstance(edition, str):
        edition = Edition(edition)
    files = scenario_files_in(paths) if paths else builtin_scenario_files()
    return [check_file(p, edition, backend) for p in files]
