"""The README stays true: its two commands are the ones CI runs, its Python example runs,
and its scenario example loads."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from mtgrules.model.vocabulary import VERBS
from mtgrules.queries import check_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_first_lines_give_install_and_test_commands_and_ci_runs_the_test_command():
    install, test = [line.split("#")[0].strip() for line in _blocks("bash")[0].strip().splitlines()]
    assert install.startswith("pip install .") and "mtgrules check" in install
    assert test in (ROOT / ".ci" / "run").read_text()


def test_python_example_runs(tmp_path, monkeypatch):
    code = _blocks("python")[0]
    scenario = next(b for b in _blocks("yaml") if b.startswith("name: Explore against Turf Wound"))
    (tmp_path / "my.yaml").write_text(scenario)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})


def test_every_complete_yaml_example_loads_and_matches_its_expectation():
    complete = [b for b in _blocks("yaml") if b.startswith("name:")]
    assert len(complete) >= 3
    for text in complete:
        doc = yaml.safe_load(text)
        scenario = parse_scenario(text, "README.md")
        verdict = check_scenario(scenario)
        if "expect" in doc:
            assert verdict.word == doc["expect"]["verdict"], doc["name"]


def test_vocabulary_reference_is_the_generated_one():
    from mtgrules.queries.reference import replace_section, vocabulary_reference

    assert replace_section(README, vocabulary_reference()) == README, \
        "the vocabulary changed: python -m mtgrules.queries.reference README.md"
    for verb in VERBS:
        assert f"| `{verb}` |" in README


def test_the_cr_texts_variable_the_readme_names_is_the_one_the_tests_read():
    from conftest import CR_DIR_VARIABLE

    assert f"{CR_DIR_VARIABLE}=" in README
