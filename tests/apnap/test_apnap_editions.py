"""APNAP under two editions: the restart of APNAP order (since July 2009) decides a question
that earlier editions leave open."""
from __future__ import annotations

import pytest

from mtgrules.model.edition import Edition
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

RESTART = next(p for p in builtin_scenario_files() if p.stem == "apnap_restart")


@pytest.mark.parametrize("backend", ["asp", "smt"])
@pytest.mark.parametrize(("edition", "outcome"), [("2009-05-01", "not-decided"),
                                                   ("2009-07-11", "determined")])
def test_restart_is_decided_only_once_the_rule_exists(edition, outcome, backend):
    verdict = check_scenario(load_scenario(RESTART), Edition(edition), backend)
    assert verdict.outcome == outcome
