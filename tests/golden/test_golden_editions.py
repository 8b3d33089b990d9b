"""Golden rules under two editions: the same question is decided by 103.x in 2008 and by
101.x since the 2009 reorganisation."""
from __future__ import annotations

from mtgrules.model.edition import Edition
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

PLATINUM = next(p for p in builtin_scenario_files() if p.stem == "golden_platinum_angel_zero_life")


def test_the_golden_rule_cited_depends_on_the_edition():
    scenario = load_scenario(PLATINUM)
    old = check_scenario(scenario, Edition("2008-02-01"))
    new = check_scenario(scenario, Edition("2026-08-07"))
    assert old.outcome == new.outcome
    assert {str(c) for c in old.citations} & {"CR 103.1", "CR 103.2"}
    assert {str(c) for c in new.citations} & {"CR 101.1", "CR 101.2"}
    assert not {str(c) for c in new.citations} & {"CR 103.1", "CR 103.2"}
