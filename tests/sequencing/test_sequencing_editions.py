"""Sequencing under two editions: the "unless" cost of an upkeep trigger is a rule since July
2009; the correct run under an earlier edition neither uses nor cites it."""
from __future__ import annotations

import pytest

from mtgrules.model.edition import Edition, cite
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

MASTICORE = next(p for p in builtin_scenario_files() if p.stem == "seq_masticore_draw_before_discard")


@pytest.mark.parametrize(("edition", "cited"), [("2008-02-01", False), ("2009-07-11", True),
                                                 ("2026-08-07", True)])
def test_the_correct_run_reads_the_edition_asked_about(edition, cited):
    verdict = check_scenario(load_scenario(MASTICORE), Edition(edition))
    assert verdict.outcome == "does-not-stand"
    assert (cite("cost.unless", Edition(edition)) in verdict.citations) is cited
