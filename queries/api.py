"""Answering scenarios: the functions behind ``mtgrules check`` and ``explain``."""
from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mtgrules.model.edition import Edition
from mtgrules.model.errors import Location, MtgRulesError
from mtgrules.model.read.expect import Expectation
from mtgrules.model.read.files import ScenarioFiles, find_scenario_files
from mtgrules.queries.kinds import BACKENDS, KINDS, on_both, resolve_backend
from mtgrules.queries.scenario import Scenario, builtin_scenario_files, load_scenario
from mtgrules.queries.verdict import Verdict


def check_scenario(scenario: Scenario, edition: Edition | None = None,
                   backend: str = "both") -> Verdict:
    """Answer a scenario's question under ``edition`` (default: the scenario's own; an
    ``Edition`` or a date) with ``backend`` (``asp``, ``smt`` or ``both``, which runs the two
    encodings where a question has two and refuses if they disagree).

    >>> from mtgrules.queries import parse_scenario
    >>> s = parse_scenario('''
    ... name: a second land
    ... state: {players: [alice, bob], alice: {lands-played: 1, hand: [Forest]}}
    ... question: {kind: golden, ask: play-land, player: alice}
    ... ''')
    >>> v = check_scenario(s)
    >>> v.outcome, [str(c) for c in v.citations]
    (<GoldenOutcome.FORBIDDEN: 'forbidden'>, ['CR 305.2'])
    >>> check_scenario(s, backend="z4")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.MtgRulesError: unknown backend 'z4': expected one of asp, smt, both
    """
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
            "verdict": v.word if v else None,
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


def _as_edition(edition: Edition | str | None) -> Edition | None:
    """An edition given as a date string or an Edition (the API takes either)."""
    if edition is None or isinstance(edition, Edition):
        return edition
    if isinstance(edition, str):
        return Edition(edition)
    raise MtgRulesError(f"an edition is a date such as 2026-08-07, not {edition!r}")


def check_file(path: str | Path, edition: Edition | None = None, backend: str = "both") -> CheckResult:
    """Load and answer one scenario file; a user's mistake becomes the row's error, and so does
    anything unexpected (a bug of mtgrules): one file never ends a batch.

    >>> from mtgrules.queries.scenario import builtin_scenario_files
    >>> path = next(p for p in builtin_scenario_files() if p.stem == "golden_explore_vs_turf_wound")
    >>> row = check_file(path)
    >>> row.verdict.word, row.expected, row.match
    ('forbidden', 'forbidden', True)
    >>> check_file("no-such-file.yaml").error  # doctest: +ELLIPSIS
    '...no-such-file.yaml...'
    """
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


@dataclass
class CheckRun:
    """A check under way: the scenario files it answers, in order; the YAML files of its
    folders that are not scenarios (``skipped``); and its results, yielded in the order of
    ``files`` as each is answered. Iterate it once. ``close()``, or leaving a ``with`` block,
    ends its worker processes, also when the results were not all read (an interrupted run)."""

    files: list[Path]
    skipped: list[Path]
    results: Iterator[CheckResult]

    @classmethod
    def finished(cls, results: Iterable[CheckResult], skipped: Iterable[Path] = ()) -> CheckRun:
        """A run whose results are already known (answered earlier, to be shown again)."""
        results = list(results)
        return cls([Path(r.file) for r in results], list(skipped), iter(results))

    def __iter__(self) -> Iterator[CheckResult]:
        return self.results

    def close(self) -> None:
        """End the run: its worker processes stop, answered or not."""
        close = getattr(self.results, "close", None)
        if close is not None:
            close()

    def __enter__(self) -> CheckRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def check_run(paths: Iterable[str | Path] | None = None, edition: Edition | str | None = None,
              backend: str = "both", workers: int = 0) -> CheckRun:
    """Start checking scenario files or folders of them (default: the built-in library), as
    ``check`` does, giving each result as soon as it and those before it are answered. A file
    named is always taken for a scenario; a folder stands for its scenario files, subfolders
    included, and its other YAML files are skipped (``model.read.files.is_scenario_file``). Nothing is
    answered, and no process started, before the results are read."""
    from mtgrules.encodings.asp import imap_in_workers

    edition = _as_edition(edition)
    found = find_scenario_files(paths) if paths else ScenarioFiles(builtin_scenario_files(), [])
    answer = functools.partial(check_file, edition=edition, backend=backend)
    return CheckRun(found.files, found.skipped, imap_in_workers(answer, found.files, workers))


def check(paths: Iterable[str | Path] | None = None, edition: Edition | str | None = None,
          backend: str = "both", workers: int = 0) -> list[CheckResult]:
    """Check scenario files or folders of them, subfolders included (default: the built-in
    library), in this process or in ``workers`` worker processes, replaced as they go. clingo
    keeps every symbol it makes for the life of a process: a process that answered a library,
    and more so a big question, answers the next ones slower (``benchmarks/process.py``), so a
    long sweep of big questions is best given to workers; for many small ones (a few ms each)
    starting and replacing workers costs more than it saves.
    A folder's YAML files that are not scenarios are skipped (``check_run`` says which).

    >>> from mtgrules.queries.scenario import builtin_scenario_files
    >>> golden = next(p for p in builtin_scenario_files() if p.parent.name == "golden").parent
    >>> rows = check([golden])
    >>> len(rows), all(row.match for row in rows)
    (26, True)
    """
    with check_run(paths, edition, backend, workers) as run:
        return list(run)
