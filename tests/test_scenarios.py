"""Every built-in scenario, run as its own test, must give its expected verdict."""
from __future__ import annotations

import pytest

from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.api import expectation_met
from mtgrules.queries.scenario import builtin_scenario_files

FILES = builtin_scenario_files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_builtin_scenario_gives_expected_verdict(path):
    scenario = load_scenario(path)
    assert scenario.expect is not None, "built-in scenarios state their expected verdict"
    verdict = check_scenario(scenario)
    assert verdict.citations, "every verdict cites the rules that decided it"
    assert expectation_met(scenario, verdict), (verdict.outcome, verdict.details, verdict.reasons)


def test_library_is_not_empty():
    assert len(FILES) >= 15
