"""The cost plan under two editions: whether increases apply to an alternative cost is a rule
only since July 2009, and the plan says so only under editions that have it."""
from __future__ import annotations

import pytest

from mtgrules.encodings.cost import plan
from mtgrules.model.edition import Edition
from mtgrules.queries import load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

OMNISCIENCE = next(p for p in builtin_scenario_files() if p.stem == "cost_omniscience_with_sphere")


@pytest.mark.parametrize(("edition", "has_rule"), [("2009-05-01", False), ("2009-07-11", True),
                                                    ("2026-08-07", True)])
def test_the_cost_plan_reads_the_edition_asked_about(edition, has_rule):
    scenario = load_scenario(OMNISCIENCE)
    found = plan(scenario.question, scenario.state, Edition(edition))
    assert ("cost.alternative-modified" in found.rules) is has_rule
