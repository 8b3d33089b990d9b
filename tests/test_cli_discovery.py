"""check finds scenario files in folders, subfolders included, .yaml and .yml; finding none is
bad input."""
from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.queries.cli import main
from mtgrules.queries.regression import scenario_paths
from mtgrules.queries.scenario import scenario_files_in

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
