"""Verdicts across editions (mtgrules regress) and per-edition expectations in scenarios."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgrules.model.edition import Edition
from mtgrules.model.errors import ScenarioError
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import parse_scenario
from mtgrules.regression.crdiff import scenario_files
from mtgrules.regression.regress import Job, regress, run_job, run_jobs

RESTART = """
name: restart
state: {players: [alice, bob, carol]}
question:
  kind: apnap
  choices:
    - {id: alice-1, player: alice, choose: a creature}
    - {id: bob-1, player: bob, choose: a creature}
    - {id: carol-1, player: carol, choose: a creature}
    - {id: alice-2, player: alice, choose: a mode, caused-by: bob-1}
"""


def _library(stem):
    return next(p for p in scenario_files() if p.stem == stem)


def test_per_edition_expectations_hold_from_their_date():
    s = parse_scenario(RESTART + """expect:
  default: {verdict: not-decided}
  2009-07-11: {verdict: determined, cites: [CR 101.4d]}
  2024-11-08: {verdict: determined}
""")
    assert s.expectation_for(Edition("2008-02-01")).verdict == "not-decided"
    assert s.expectation_for(Edition("2009-07-11")).cites[0].number == "101.4d"
    assert s.expectation_for(Edition("2016-11-11")).verdict == "determined"
    assert s.expectation_for(Edition("2026-08-07")).cites == ()
    assert s.expect.verdict == "determined"        # its own edition, the newest


def test_without_default_nothing_is_expected_before_the_first_date():
    s = parse_scenario(RESTART + "expect: {2009-07-11: {verdict: determined}}\n")
    assert s.expectation_for(Edition("2009-05-01")) is None


def test_plain_expectation_is_for_the_own_edition_only():
    s = parse_scenario(RESTART + "edition: 2009-07-11\nexpect: {verdict: determined}\n")
    assert s.expectation_for(Edition("2009-07-11")).verdict == "determined"
    assert s.expectation_for(Edition("2026-08-07")) is None


@pytest.mark.parametrize("expect, message", [
    ("{2009-07-12: {verdict: determined}}", "not a known edition"),
    ("{2009-07-11: {verdict: determined, because: reasons}}", "unknown field 'because'"),
    ("{default: determined}", "expect.default"),
])
def test_bad_per_edition_expectation_is_refused(expect, message):
    with pytest.raises(ScenarioError, match=message) as info:
        parse_scenario(RESTART + f"expect: {expect}\n", "s.yaml")
    assert "s.yaml" in str(info.value)


def test_library_scenario_changes_as_expected_with_the_responsible_rule():
    [row] = regress(Edition("2009-05-01"), Edition("2009-07-11"), [_library("apnap_restart")])
    assert (row.old.verdict, row.new.verdict) == ("not-decided", "determined")
    assert row.status == "expected-change"
    assert row.responsible == ("apnap.restart (since 2009-07-11)",)


def test_renumbered_citation_alone_is_no_change():
    [row] = regress(Edition("2008-02-01"), Edition.newest(), [_library("golden_explore_vs_turf_wound")])
    assert row.status == "same" and not row.changed
    assert "CR 103.2" in row.old.citations and "CR 101.2" in row.new.citations


def test_unexpected_change_exits_1_and_expected_exits_0(tmp_path):
    unstated = tmp_path / "unstated.yaml"
    unstated.write_text(RESTART + "expect: {verdict: determined}\n")   # own edition only
    stated = tmp_path / "stated.yaml"
    stated.write_text(RESTART + "expect: {default: {verdict: not-decided}, "
                      "2009-07-11: {verdict: determined}}\n")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(RESTART + "expect: {default: {verdict: determined}}\n")
    runner = CliRunner()
    args = ["regress", "--from", "2009-05-01", "--to", "2026-08-07"]
    assert runner.invoke(main, [*args, str(stated)]).exit_code == 0
    result = runner.invoke(main, [*args, str(unstated), "--json"])
    assert result.exit_code == 1
    [row] = json.loads(result.stdout)["results"]
    assert row["status"] == "unexpected" and row["responsible"] == ["apnap.restart (since 2009-07-11)"]
    assert runner.invoke(main, [*args, str(wrong)]).exit_code == 1   # expectation not met


def test_unchanged_verdict_with_expectations_met_exits_0(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["regress", "--from", "2024-09-20", "--to", "2024-11-08",
                                  str(_library("apnap_restart")), str(_library("golden_zero_life_loses"))])
    assert result.exit_code == 0, result.output
    assert "2 same" in result.stdout


def test_bad_input_exits_2(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["regress", "--from", "2009-5-01", "--to", "2026-08-07"])
    assert result.exit_code == 2 and "Did you mean 2009-05-01" in result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [\n")
    result = runner.invoke(main, ["regress", "--from", "2009-05-01", "--to", "2026-08-07", str(broken),
                                  str(_library("apnap_restart"))])
    assert result.exit_code == 2 and "broken.yaml" in result.stderr
    assert "apnap_restart" in result.stdout            # one bad file hides no other result


def test_process_pool_gives_the_same_answers_as_one_process():
    jobs = [Job(str(_library(stem)), date) for stem in ("apnap_restart", "golden_explore_vs_turf_wound")
            for date in ("2008-02-01", "2026-08-07")]
    assert run_jobs(jobs, workers=2) == [run_job(j) for j in jobs]


def test_folders_are_walked_recursively(tmp_path):
    (tmp_path / "area").mkdir()
    (tmp_path / "area" / "one.yaml").write_text(RESTART)
    rows = regress(Edition("2009-05-01"), Edition("2009-07-11"), [tmp_path])
    assert [r.scenario for r in rows] == ["restart"] and rows[0].status == "unexpected"
