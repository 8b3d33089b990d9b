"""Answering scenarios: the functions behind ``mtgrules check`` and ``explain``."""
from __future__ import annotations

import functools
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from mtgrules.model.edition import Edition
from mtgrules.model.errors import Location, MtgRulesError
from mtgrules.queries.kinds import BACKENDS, KINDS, on_both, resolve_backend
from mtgrules.queries.scenario import (
    Expectation,
    Scenario,
    builtin_scenario_files,
    load_scenario,
    scenario_files_in,
)
from mtgrules.queries.verdict import Verdict


def check_scenario(scenario: Scenario, edition: Edition | None = None,
                   backend: str = "both") -> Verdict:
    """Answer a scenario's question under ``edition`` (default: the scenario's own)."""
    if backend not in BACKENDS:
        raise MtgRulesError(f"unknown backend '{backend}': expected one of {', '.join(BACKENDS)}")
    kind = KINDS[scenario.kind]
    edition = _as_edition(edition) or scenario.edition
    chosen = resolve_backend(kind, backend)
    try:
        if chosen != "both":
            return kind.answer(scenario.question, scenario.state, edition, chosen)
        return on_both(lambda b: kind.answer(scenario.question, scenario.state, edition, b),
                       scenario.file or scenario.name)
    except MtgRulesError as exc:
        # a refusal raised while answering names the file, and the line and field it is about
        # (the question, unless the code refusing knew a closer field)
        if exc.location is None:
            raise exc.at(scenario.locate(exc.field or "question")) from None
        raise


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

    @property
    def differs(self) -> list[str]:
        """Which parts of the verdict differ from the expectation: ``verdict``, ``citations``
        (an expected citation missing), ``failed conditions``; empty when it matches."""
        if self.scenario is None or self.verdict is None:
            return []
        expect = self.scenario.under(self.edition or self.scenario.edition).expect
        return mismatches(expect, self.verdict) if expect else []

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
            "line": self.location.line if self.location else None,
            "field": self.location.field if self.location else None,
            "differs": self.differs,
        }


def expectation_met(scenario: Scenario, verdict: Verdict) -> bool:
    expect = scenario.expect
    return expect is None or not mismatches(expect, verdict)


def mismatches(expect: Expectation, verdict: Verdict) -> list[str]:
    """The parts of ``verdict`` that differ from ``expect``, each in words."""
    out = []
    if verdict.outcome != expect.verdict:
        out.append(f"verdict: {verdict.outcome}, expected {expect.verdict}")
    if expect.fails and expect.fails != verdict.failed:
        out.append("failed conditions: " + (", ".join(sorted(c.value for c in verdict.failed))
                                             or "none") + ", expected "
                   + ", ".join(sorted(c.value for c in expect.fails)))
    missing = [str(c) for c in expect.cites if c not in set(verdict.citations)]
    if missing:
        out.append("citations: missing " + ", ".join(missing))
    return out


def _as_edition(edition: Edition | str | None) -> Edition | None:
    """An edition given as a date string or an Edition (the API takes either)."""
    if edition is None or isinstance(edition, Edition):
        return edition
    if isinstance(edition, str):
        return Edition(edition)
    raise MtgRulesError(f"an edition is a date such as 2026-08-07, not {edition!r}")


def check_file(path: str | Path, edition: Edition | None = None, backend: str = "both") -> CheckResult:
    """Load and answer one scenario file; a user's mistake becomes the row's error, and so does
    anything unexpected (a bug of mtgrules): one file never ends a batch."""
    start = time.perf_counter()
    try:
        scenario = load_scenario(path)
    except MtgRulesError as exc:
        return CheckResult(str(path), None, None, time.perf_counter() - start, exc.located(),
                           edition, _where(exc, path))
    except Exception as exc:  # noqa: BLE001 (the last guard of a batch)
        return CheckResult(str(path), None, None, time.perf_counter() - start,
                           _internal(path, "reading", exc), edition, Location(str(path)))
    start = time.perf_counter()
    try:
        verdict = check_scenario(scenario, edition, backend)
    except MtgRulesError as exc:
        return CheckResult(str(path), scenario, None, time.perf_counter() - start, exc.located(),
                           edition, _where(exc, path))
    except Exception as exc:  # noqa: BLE001 (the last guard of a batch)
        return CheckResult(str(path), scenario, None, time.perf_counter() - start,
                           _internal(path, "answering", exc), edition, Location(str(path)))
    return CheckResult(str(path), scenario, verdict, time.perf_counter() - start, None, edition)


def _internal(path: str | Path, doing: str, exc: BaseException) -> str:
    """The error row of a file whose checking failed unexpectedly: a bug, said as such."""
    what = "the file is nested too deeply" if isinstance(exc, RecursionError) else \
        f"{type(exc).__name__}: {exc}"
    return (f"{path}: internal error while {doing} this file ({what}). This is a bug in "
            "mtgrules, not a verdict; the other files' results stand.")


def _where(exc: MtgRulesError, path: str | Path) -> Location:
    location = getattr(exc, "location", None)
    return location if isinstance(location, Location) else Location(str(path))


def check(paths: Iterable[str | Path] | None = None, edition: Edition | str | None = None,
          backend: str = "both", workers: int = 0) -> list[CheckResult]:
    """Check scenario files or folders of them, subfolders included (default: the built-in
    library), in this process or in ``workers`` worker processes (replaced as they go: clingo
    keeps every symbol it makes for the life of a process, and a long run would slow down)."""
    from mtgrules.encodings.asp import map_in_workers

    edition = _as_edition(edition)
    files = scenario_files_in(paths) if paths else builtin_scenario_files()
    return map_in_workers(functools.partial(check_file, edition=edition, backend=backend), files, workers)
