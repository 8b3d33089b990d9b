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


SEQUENCING = [p for p in builtin_scenario_files() if p.parent.name == "sequencing"]


@pytest.mark.parametrize("path", SEQUENCING, ids=[p.stem for p in SEQUENCING])
def test_the_library_keeps_its_verdicts_under_the_first_edition(path, library_results):
    """Under the first edition the core's laws differ (mana burn, pools emptying per phase,
    103.x numbers), yet no sequencing verdict of the library changes: the outcome and the failed
    conditions are those of the scenario's own edition. (Notebook 04 leaves sequencing out of
    its twelve-edition sweep for time; this is the check it no longer makes.)"""
    own = library_results[path.resolve()].verdict  # under its own edition, answered once for the run
    first = check_scenario(load_scenario(path), Edition("2008-02-01"))
    assert (first.outcome, first.failed) == (own.outcome, own.failed)
    assert cite("mtr.out-of-order", Edition("2008-02-01")) in first.citations
    assert first.edition == "2008-02-01"
