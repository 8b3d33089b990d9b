"""Answering many scenario files, in this process or in worker processes: ``mtgrules check``."""
from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mtgrules.model.edition import Edition
from mtgrules.model.read.files import ScenarioFiles, find_scenario_files
from mtgrules.queries.api import as_edition, check_file
from mtgrules.queries.result import CheckResult
from mtgrules.queries.scenario import builtin_scenario_files


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

    edition = as_edition(edition)
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
    (30, True)
    """
    with check_run(paths, edition, backend, workers) as run:
        return list(run)

