"""The CLI end to end: table, JSON fields other tools rely on, explain, exit codes."""
from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.encodings import Budget, limited
from mtgrules.queries import batch
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files

FIELDS = {"scenario", "file", "query", "verdict", "expected", "match", "citations", "reasons",
          "seconds"}


def test_check_json_lists_every_builtin_scenario_matching_with_citations(monkeypatch, library_results):
    # the CLI's rendering of the library's answers (answered once for the run: conftest.py)
    monkeypatch.setattr(batch, "check_run", lambda *args, **kwargs: batch.CheckRun.finished(library_results.values()))
    result = CliRunner().invoke(main, ["check", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]
    assert len(rows) == len(builtin_scenario_files()) >= 15
    for row in rows:
        assert FIELDS <= set(row)
        assert row["match"] is True, row
        if row["verdict"] == "refused":  # refused by name, as the scenario expects: no rules decided it
            assert row["refusal"] and not row["citations"], row
        else:
            assert row["citations"] and all(c.startswith(("CR ", "MTR ")) for c in row["citations"])


def test_check_table_names_scenarios_and_counts_matches():
    path = next(p for p in builtin_scenario_files() if p.stem == "golden_explore_vs_turf_wound")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 0
    assert "golden_explore_vs_turf_wound" in result.stdout and "1 of 1" in result.stdout


def test_mismatch_exits_1(tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text("name: wrong expectation\nstate: {players: [alice, bob]}\n"
                    "question: {kind: golden, ask: concede, player: alice}\n"
                    "expect: {verdict: forbidden}\n")
    assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 1


def test_explain_prints_rules_reasons_and_witness():
    path = next(p for p in builtin_scenario_files() if p.stem == "apnap_check_bob_first_leak")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0
    for fragment in ("verdict: leak", "CR 101.4", "counterexample", "alice knew"):
        assert fragment in result.stdout


def test_running_under_another_edition_reports_citations_in_its_numbering():
    path = next(p for p in builtin_scenario_files() if p.stem == "golden_explore_vs_turf_wound")
    result = CliRunner().invoke(main, ["check", "--json", "--edition", "2008-10-01", str(path)])
    row = json.loads(result.stdout)["results"][0]
    assert row["verdict"] == "forbidden" and "CR 103.2" in row["citations"]
    assert row["match"] is None  # the expectation was written for another edition


def test_a_folder_stands_for_its_scenario_files(tmp_path):
    for n in range(2):
        (tmp_path / f"s{n}.yaml").write_text(
            "name: s\nstate: {players: [alice, bob]}\n"
            "question: {kind: golden, ask: concede, player: alice}\nexpect: {verdict: allowed}\n")
    result = CliRunner().invoke(main, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)["results"]) == 2


def test_an_exhausted_budget_is_unsupported_exit_2_not_a_verdict():
    path = next(p for p in builtin_scenario_files() if p.stem == "apnap_innocent_blood_four_players")
    with limited(Budget(seconds=0)):
        result = CliRunner().invoke(main, ["check", "--json", "--backend", "asp", str(path)])
    assert result.exit_code == 2
    row = json.loads(result.stdout)["results"][0]
    # a refusal raised while answering names the file, the line and the field it is about
    assert row["verdict"] is None and row["error"].startswith(f"{path}, line ")
    assert ": unsupported: budget" in row["error"]
    assert row["field"] == "question" and row["line"] == 10


def test_the_json_verdict_is_the_outcome_word():
    path = next(p for p in builtin_scenario_files() if p.stem == "seq_cruel_ultimatum_draw_before_return")
    row = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).stdout)["results"][0]
    assert row["verdict"] == "does-not-stand" and row["details"]["failed"] == ["no-leak"]


BRACKETED = """name: "[bold]x[/] [red]y"
source: "see [link=x]here[/link] [/]"
state:
  players: [alice, bob]
  step: declare-attackers
  alice: {battlefield: [{card: Serra Angel, attacking: true}]}
  bob: {battlefield: [Grizzly Bears]}
question:
  kind: sequencing
  steps: %s
  performed: [bob blocks with Grizzly Bears]
"""


def test_a_users_brackets_are_printed_as_written_never_read_as_markup(tmp_path):
    path = tmp_path / "brackets.yaml"
    path.write_text(BRACKETED % "[declare-attackers, declare-blockers]")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0, result.output
    assert "[bold]x[/] [red]y" in result.stdout and "see [link=x]here[/link] [/]" in result.stdout
    path.write_text(BRACKETED % "[]")  # an error whose expected value holds brackets
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    assert "no steps are listed" in result.stderr and "e.g. [declare-attackers, declare-blockers]" in result.stderr
