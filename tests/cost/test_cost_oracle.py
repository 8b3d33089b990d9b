"""The brute-force cost oracle (tests/cost/cost_oracle.py, written from CR 601.2f, 118.6–118.9,
107.3–107.4 and 202.3) against the project's cost question: on the built-in scenarios that ask
for a total, and on generated casts (tests/cost/cost_cases.py).

    pytest tests/cost/test_cost_oracle.py
    MTG_EXAMPLES=5000 MTG_SEED=3 pytest tests/cost/test_cost_oracle.py   (a larger or another sample)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cost_cases import cases  # noqa: E402
from cost_oracle import parse_total, total_cost  # noqa: E402

from mtgrules.model.source import Field  # noqa: E402
from mtgrules.queries import check_scenario, load_scenario  # noqa: E402
from mtgrules.queries.scenario import Scenario, builtin_scenario_files, scenario_from  # noqa: E402

TOTALS = [pytest.param(f, id=f.stem) for f in builtin_scenario_files()
          if (doc := yaml.safe_load(f.read_text(encoding="utf-8")))["question"]["kind"] == "cost"
          and doc["question"].get("ask") == "total"]


def _answer(scenario: Scenario) -> tuple:
    """The project's answer in the oracle's terms."""
    verdict = check_scenario(scenario)
    outcome = str(getattr(verdict.outcome, "value", verdict.outcome))
    if outcome != "total":
        return (outcome,)
    applied = frozenset(s.by for s in verdict.witness.steps
                        if s.stage in ("increase", "reduction", "floor"))
    return (outcome, parse_total(verdict.total), verdict.witness.life,
            verdict.details["mana_value"], applied)


def _expected(doc: dict) -> tuple:
    answer = total_cost(doc)
    if answer.unpayable:
        return ("unpayable",)
    return ("total", answer.mana, answer.life, answer.mana_value, answer.applied)


def test_there_are_totals_to_check():
    assert len(TOTALS) >= 15


@pytest.mark.parametrize("path", TOTALS)
def test_oracle_reproduces_builtin_totals(path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert parse_total(doc["expect"]["verdict"]) == total_cost(doc).mana
    assert _answer(load_scenario(path)) == _expected(doc)


def test_generator_is_seeded():
    assert list(cases(5, seed=7)) == list(cases(5, seed=7))


def test_generated_casts_cover_the_vocabulary():
    docs = list(cases(300))
    text = str(docs)
    for word in ("cost-increase", "cost-reduction", "cost-floor", "target-beyond-first",
                 "'colors'", "'whose'", "alternative-costs", "cast-without-paying",
                 "additional-costs", "kicker", "'x'", "/P}", "{2/", "{C/", "{S}", "'tapped': True",
                 "'during'", "'effects'"):
        assert word in text, word
    assert any(total_cost(d).unpayable for d in docs)


def test_cost_agrees_with_the_oracle():
    """The cost question and the oracle on MTG_EXAMPLES generated casts (300 by default, a
    few seconds; MTG_SEED moves the sample)."""
    count = int(os.environ.get("MTG_EXAMPLES", "300"))
    seed = int(os.environ.get("MTG_SEED", "0"))
    disagreements = []
    for doc in cases(count, seed=seed):
        expected, got = _expected(doc), _answer(scenario_from(Field.of(doc)))
        if expected != got:
            disagreements.append((doc, expected, got))
    assert not disagreements, f"{len(disagreements)} of {count} disagree; first: " + \
        "\n".join(map(str, disagreements[:5]))
