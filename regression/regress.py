"""Regression checks for a rules update: verdicts across editions (``mtgrules regress``), and
which encoded rules' text changed between two CR files the user supplies (``rules-diff``).

The sweep is a list of independent (scenario file, edition) jobs, answered by :func:`run_job`
in this process or in a process pool (``--jobs``): the same map a distributed engine (Dask, Ray)
could run later (DESIGN §10).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgrules.model.crtext import read_rules
from mtgrules.model.edition import Edition, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.regression.crdiff import same_meaning

# -- verdicts across editions -----------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One scenario file under one edition: the unit of work of an edition sweep."""

    file: str
    edition: str
    backend: str = "both"


@dataclass(frozen=True)
class Answer:
    """What one job gave: plain values, so it crosses process boundaries."""

    file: str
    edition: str
    scenario: str | None
    kind: str | None
    verdict: str | None
    citations: tuple[str, ...]
    expected: str | None
    match: bool | None
    error: str | None


def run_job(job: Job) -> Answer:
    """Answer one (scenario, edition) pair; a user's mistake becomes the answer's error."""
    from mtgrules.queries.api import check_file

    result = check_file(job.file, Edition(job.edition), job.backend)
    v, s = result.verdict, result.scenario
    return Answer(job.file, job.edition, s.name if s else None, s.kind if s else None,
                  result.word, tuple(str(c) for c in v.citations) if v else (),
                  result.expected, result.match, result.error)


def run_jobs(jobs: list[Job], workers: int = 0) -> list[Answer]:
    """Every job's answer, in the order given: in this process (``workers`` = 0) or in that many
    worker processes, replaced as they go (``asp.map_in_workers``)."""
    from mtgrules.encodings.asp import map_in_workers

    return map_in_workers(run_job, jobs, workers)


@dataclass(frozen=True)
class Regression:
    """One scenario under the two editions."""

    file: str
    scenario: str
    old: Answer
    new: Answer
    responsible: tuple[str, ...] = ()
    """For a changed verdict: the encoded rules (``key (since …, until …)``) whose edition
    range differs between the two editions and that the verdicts or the question's encoding
    use."""

    @property
    def changed(self) -> bool:
        return self.old.verdict != self.new.verdict

    @property
    def error(self) -> str | None:
        return self.old.error or self.new.error

    @property
    def status(self) -> str:
        """``error``; ``unexpected`` (a verdict differs from what the scenario expects under an
        edition, or a verdict changed where the scenario does not state what to expect under both
        editions); ``expected-change``; ``same``."""
        if self.error:
            return "error"
        if self.old.match is False or self.new.match is False:
            return "unexpected"
        if self.changed:
            both = self.old.match is True and self.new.match is True
            return "expected-change" if both else "unexpected"
        return "same"

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "file": self.file, "status": self.status,
                "changed": self.changed,
                "old": {"edition": self.old.edition, "verdict": self.old.verdict,
                        "expected": self.old.expected, "citations": list(self.old.citations)},
                "new": {"edition": self.new.edition, "verdict": self.new.verdict,
                        "expected": self.new.expected, "citations": list(self.new.citations)},
                "responsible": list(self.responsible), "error": self.error}


def scenario_paths(paths: Iterable[str | Path] | None = None) -> list[Path]:
    """Scenario files: those given (a folder stands for every ``.yaml`` and ``.yml`` file under
    it, recursively), or the built-in library (found recursively: it may be kept in subfolders)."""
    from mtgrules.model.read.files import scenario_files_in
    from mtgrules.regression.crdiff import scenario_files

    return scenario_files_in(paths) if paths else scenario_files()


def regress(old: Edition, new: Edition, paths: Iterable[str | Path] | None = None, workers: int = 0,
            backend: str = "both") -> list[Regression]:
    """Every scenario (default: the built-in library) under ``old`` and ``new``."""
    files = [str(p) for p in scenario_paths(paths)]
    jobs = [Job(f, e.date, backend) for f in files for e in (old, new)]
    answers = run_jobs(jobs, workers)
    rows = []
    for i, file in enumerate(files):
        a, b = answers[2 * i], answers[2 * i + 1]
        row = Regression(file, a.scenario or b.scenario or Path(file).stem, a, b)
        if row.changed and not row.error:
            row = Regression(row.file, row.scenario, a, b, responsible_rules(a, b, old, new))
        rows.append(row)
    return rows


_AREA_FILES = {"golden": ("golden",), "apnap": ("apnap",), "cast": ("casting", "cast"),
               "cost": ("cost",), "sequencing": ("sequencing",)}


def responsible_rules(a: Answer, b: Answer, old: Edition, new: Edition) -> tuple[str, ...]:
    """The encoded rules that hold in one edition and not the other, among those the two
    verdicts cite (or, when they cite none such, among those the question's encodings use)."""
    from mtgrules.regression.crdiff import keys_cited_by_number
    from mtgrules.regression.links import key_sources

    candidates: set[str] = set()
    for answer, edition in ((a, old), (b, new)):
        for citation in answer.citations:
            doc, _, number = citation.partition(" ")
            if doc == "CR":
                candidates.update(keys_cited_by_number(number, edition))
    book = rulebook()

    def dated(keys: set[str]) -> list[str]:
        return sorted(k for k in keys if book[k].holds_in(old) != book[k].holds_in(new))

    found = dated(candidates)
    if not found:  # the verdicts cite none: the rules the question's encodings use
        words = _AREA_FILES.get(a.kind or "", (a.kind or "",))
        found = dated({key for key, files in key_sources().items()
                       if any(any(w in f for w in words) for f in files)})
    out = []
    for key in found:
        rule = book[key]
        span = ", ".join(p for p in (f"since {rule.since}" if rule.since else "",
                                     f"until {rule.until}" if rule.until else "") if p)
        out.append(f"{key} ({span})")
    return tuple(out)


# -- which encoded rules' text changed (by number; see cr-diff for the alignment by text) --------

@dataclass(frozen=True)
class RuleTextChange:
    """How the text of one encoded rule differs between two CR files."""

    key: str
    old_number: str | None
    new_number: str | None
    status: str
    """``unchanged``, ``changed``, ``added`` (only in the new file), ``removed`` (only in the
    old one), ``absent`` (in neither) or ``missing`` (the rulebook expects it, the file lacks it).
    ``changed`` means what ``cr-diff`` means (``crdiff.same_meaning``): a text whose only
    difference is the rule numbers it refers to is ``unchanged``."""


def rules_text_diff(old_file: str | Path, new_file: str | Path) -> tuple[str, str, list[RuleTextChange]]:
    """Compare every encoded rule's text between two CR files. Each file's numbering is taken
    from the newest edition the project knows on or before the date printed in it."""
    texts, editions, dates = [], [], []
    for path in (old_file, new_file):
        text = read_rules(path)  # a file that is not the CR raises CRFormatError
        assert text.iso_date is not None  # read_rules refuses a file without one
        texts.append(text)
        dates.append(text.iso_date)
        try:
            editions.append(Edition.in_force_on(text.iso_date))
        except MtgRulesError as exc:
            raise MtgRulesError(f"{path}: {exc}") from None
    changes = []
    for key, rule in sorted(rulebook().items()):
        if rule.document != "CR":
            continue
        numbers = [rule.number_in(e) if rule.holds_in(e) else None for e in editions]
        bodies = [t.get(n) if n else None for t, n in zip(texts, numbers)]
        if numbers[0] and numbers[1]:
            if bodies[0] is None or bodies[1] is None:
                status = "missing"
            else:  # the one meaning of "changed", cr-diff's (a cross-reference alone is none)
                status = "unchanged" if same_meaning(bodies[0], bodies[1]) else "changed"
        elif numbers[1]:
            status = "added"
        elif numbers[0]:
            status = "removed"
        else:
            status = "absent"
        changes.append(RuleTextChange(key, numbers[0], numbers[1], status))
    return dates[0], dates[1], changes


__all__ = ["Job", "Answer", "Regression", "run_job", "run_jobs", "regress", "responsible_rules",
           "scenario_paths", "RuleTextChange", "rules_text_diff"]
