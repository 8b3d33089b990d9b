"""A pytest plugin: scenario files as tests (registered under the ``pytest11`` entry point).

``pytest my-scenarios/`` collects every scenario file under the folder (``*.yaml`` and
``*.yml``, subfolders included) as one test item, as OpenFisca collects its YAML tests. A file
is a scenario when ``mtgrules check`` would take it for one in a folder (its top level is a
mapping with a ``question``, ``state`` or ``expect`` key: ``model.read.files.is_scenario_file``); other
YAML files (CI configurations, card files) are left alone, and counted in the header, while a file
named on the command line is always collected. A scenario with a mistake fails, with file, line
and field. An item passes when the scenario loads, its question is answered,
and the verdict meets its expectation (``expect:``; a scenario without one passes when it is
answered). A failure reads like ``mtgrules explain``: the verdict, what was expected, the rules
and the reasons. ``--mtgrules-edition`` and ``--mtgrules-backend`` are ``check``'s
``--edition`` and ``--backend``; ``-p no:mtgrules`` turns the plugin off.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr, TracebackStyle

    from mtgrules.queries.result import CheckResult

SKIPPED = pytest.StashKey[list[Path]]()
"""The YAML files collection passed over as not scenarios, for the header's count."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtgrules", "mtgrules scenario files")
    group.addoption("--mtgrules-edition", metavar="DATE", default=None,
                    help="answer scenario files under this Comprehensive Rules edition "
                         "(default: each scenario's own)")
    group.addoption("--mtgrules-backend", choices=("asp", "smt", "both"), default="both",
                    help="which solver answers scenario files (default: both, which also checks "
                         "that they agree)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A scenario file as a test: a YAML file found in a folder when it is a scenario (the
    recogniser ``mtgrules check`` uses), any YAML file named on the command line."""
    from mtgrules.model.read.files import SCENARIO_SUFFIXES, is_scenario_file

    if file_path.suffix not in SCENARIO_SUFFIXES:
        return None
    if parent.session.isinitpath(file_path) or is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    parent.config.stash.setdefault(SKIPPED, []).append(file_path)
    return None


def pytest_report_collectionfinish(config: pytest.Config) -> list[str]:
    """The header says how many YAML files were passed over as not scenarios, as ``check``
    does."""
    skipped = config.stash.get(SKIPPED, [])
    if not skipped:
        return []
    return [f"mtgrules: skipped {len(skipped)} YAML "
            f"{'file that is not a scenario' if len(skipped) == 1 else 'files that are not scenarios'}"
            " (no top-level question, state or expect)"]


class ScenarioFile(pytest.File):
    """A scenario file: one test item."""

    def collect(self) -> Iterator[ScenarioItem]:
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    """A scenario that does not load, is not answered, or misses its expectation."""


class ScenarioItem(pytest.Item):
    """One scenario, answered as ``mtgrules check`` answers it."""

    def runtest(self) -> None:
        from mtgrules.model.edition import Edition
        from mtgrules.queries.api import check_file

        edition_date = self.config.getoption("mtgrules_edition")
        edition = Edition(edition_date) if edition_date else None
        result = check_file(self.path, edition, self.config.getoption("mtgrules_backend"))
        if result.error is not None:
            raise ScenarioFailed(f"error: {result.error}")
        if result.match is False:
            raise ScenarioFailed(explanation(result))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: TracebackStyle | None = None) -> str | TerminalRepr:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.path.name}"


def explanation(result: CheckResult) -> str:
    """Why a verdict misses its expectation: the verdict against each expected part, then the
    rules, reasons and counterexample behind it (``match`` is False: there are all three); or
    what an expected refusal doesn't say."""
    verdict, scenario = result.verdict, result.scenario
    assert scenario is not None
    expect = scenario.under(result.edition or scenario.edition).expect
    assert expect is not None
    if verdict is None:  # refused as expected, in other words than it says
        return "\n".join([f"{scenario.name} ({scenario.kind}): refused as expected, but", *result.differs,
                          f"the refusal: {result.refusal}"])
    lines = [f"{scenario.name} ({scenario.kind}, CR edition {verdict.edition}, backend {verdict.backend})",
             f"verdict: {verdict.word}   expected: {expect.verdict}"]
    if expect.fails and expect.fails != verdict.failed:
        lines.append("failed conditions: " + (", ".join(sorted(c.value for c in verdict.failed)) or "none")
                     + "   expected: " + ", ".join(sorted(c.value for c in expect.fails)))
    missing = [str(c) for c in expect.cites if c not in verdict.citations]
    if missing:
        lines.append("expected citations missing from the verdict: " + ", ".join(missing))
    lines.append("rules: " + ", ".join(str(c) for c in verdict.citations))
    lines += [f"  • {reason}" for reason in verdict.reasons]
    if verdict.counterexample:
        lines.append("counterexample: " + json.dumps(verdict.to_json()["counterexample"]))
    return "\n".join(lines)
