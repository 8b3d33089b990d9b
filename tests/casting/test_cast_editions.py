"""Casting under two editions: 409.1a–h before July 2009, 601.2a–h after, and the legality
check as a step of its own since 2016."""
from __future__ import annotations

from mtgrules.model.edition import Edition
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

BOLT = next(p for p in builtin_scenario_files() if p.stem == "cast_lightning_bolt_at_instant_speed")


def _steps(edition: str) -> list[str]:
    verdict = check_scenario(load_scenario(BOLT), Edition(edition))
    assert verdict.outcome == "legal"
    return verdict.details["completed"]


def test_the_casting_steps_depend_on_the_edition():
    old, mid, new = _steps("2008-02-01"), _steps("2009-07-11"), _steps("2026-08-07")
    assert all(s.startswith("CR 409.1") for s in old)
    assert all(s.startswith("CR 601.2") for s in mid + new)
    assert "CR 601.2e" in mid and "CR 601.2e" in new      # total cost (2009) / legality check (2016)
    assert len(new) == len(mid) + 1                      # the legality check is a step of its own
