"""check finds scenario files in folders, subfolders included, .yaml and .yml; other YAML in a
folder is skipped and counted, a broken scenario reported; finding none is bad input."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgrules.model.read.files import find_scenario_files, is_scenario_text, scenario_files_in
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files
from mtgrules.regression.regress import scenario_paths

SCENARIO = ("name: s\nstate: {players: [alice, bob]}\n"
            "question: {kind: golden, ask: concede, player: alice}\nexpect: {verdict: allowed}\n")


def _tree(root):
    (root / "a" / "b").mkdir(parents=True)
    (root / ".hidden").mkdir()
    (root / "top.yaml").write_text(SCENARIO)
    (root / "a" / "middle.yml").write_text(SCENARIO)
    (root / "a" / "b" / "deep.yaml").write_text(SCENARIO)
    (root / "a" / "notes.txt").write_text("not a scenario")
    (root / ".hidden" / "skipped.yaml").write_text(SCENARIO)


def test_a_folder_stands_for_every_yaml_and_yml_file_under_it(tmp_path):
    _tree(tmp_path)
    found = [p.relative_to(tmp_path).as_posix() for p in scenario_files_in([tmp_path])]
    assert found == ["a/b/deep.yaml", "a/middle.yml", "top.yaml"]
    assert scenario_paths([tmp_path]) == scenario_files_in([tmp_path])  # regress finds the same
    result = CliRunner().invoke(main, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)["results"]) == 3


def test_no_scenario_found_is_bad_input(tmp_path):
    (tmp_path / "notes.txt").write_text("nothing here")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2 and "no scenario files" in result.stderr


CI = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: pytest}]\n"
COMPOSE = "services:\n  web: {image: nginx, ports: ['80:80']}\n"
BROKEN = "name: broken\nstate: {players: [alice, bob]}\nquestoin: {kind: golden}\n"


def _mixed(root):
    """A folder as a user's repository holds it: a scenario, a broken one and other YAML."""
    (root / "ci").mkdir()
    (root / "good.yaml").write_text(SCENARIO)
    (root / "broken.yaml").write_text(BROKEN)
    (root / "ci" / "workflow.yml").write_text(CI)
    (root / "docker-compose.yaml").write_text(COMPOSE)
    (root / "cards.yaml").write_text("- {name: Odd Charm, types: [instant]}\n")


def test_a_folders_other_yaml_is_skipped_and_counted_a_broken_scenario_reported(tmp_path):
    _mixed(tmp_path)
    found = find_scenario_files([tmp_path])
    assert [p.name for p in found.files] == ["broken.yaml", "good.yaml"]
    assert sorted(p.name for p in found.skipped) == ["cards.yaml", "docker-compose.yaml", "workflow.yml"]
    assert scenario_files_in([tmp_path]) == found.files
    result = CliRunner().invoke(main, ["check", str(tmp_path)], env={"COLUMNS": "200"})
    assert result.exit_code == 2  # the broken scenario is bad input, not skipped
    assert "skipped 3 files that are not scenarios" in result.stdout
    assert "broken.yaml, line 3, field 'questoin'" in result.stderr
    document = json.loads(CliRunner().invoke(main, ["check", "--json", str(tmp_path)]).stdout)
    assert [r["file"].rsplit("/", 1)[1] for r in document["results"]] == ["broken.yaml", "good.yaml"]
    assert document["results"][0]["error"] and document["results"][1]["match"] is True
    assert len(document["skipped"]) == 3 and document["interrupted"] is False


def test_a_file_named_is_always_a_scenario(tmp_path):
    _mixed(tmp_path)
    result = CliRunner().invoke(main, ["check", "--json", str(tmp_path / "ci" / "workflow.yml")])
    assert result.exit_code == 2
    (row,) = json.loads(result.stdout)["results"]
    assert row["error"] and row["field"] is not None


def test_a_folder_of_other_yaml_only_says_what_it_skipped(tmp_path):
    (tmp_path / "ci.yml").write_text(CI)
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "no scenario files" in result.stderr and "skipped 1 file that is not a scenario" in result.stderr


@pytest.mark.parametrize(("text", "scenario"), [
    (SCENARIO, True),
    (BROKEN, True),                                          # a misspelt key still marks one
    ("name: half written\nstate: {players: [alice]}\n", True),
    ("expect: {verdict: allowed}\n", True),
    ("name: x\nstate: [unclosed\nquestion: y\n", True),     # not YAML: judged by its lines
    (CI, False), (COMPOSE, False),
    ("- {name: Odd Charm}\n", False),                       # a card list
    ("name: only a name\n", False), ("", False), ("just text\n", False),
    ("jobs: {question: 1, state: 2}\n", False),             # the keys count at the top only
    ("&a jobs: *a\n", False),
])
def test_the_recogniser_reads_the_top_level_keys(text, scenario):
    assert is_scenario_text(text) is scenario


def test_the_whole_library_is_recognised():
    folders = sorted({p.parent for p in builtin_scenario_files()})
    found = find_scenario_files(folders)
    assert sorted(found.files) == sorted(builtin_scenario_files()) and found.skipped == []
