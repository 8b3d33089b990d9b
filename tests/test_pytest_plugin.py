"""The pytest plugin: a folder of a user's scenario files runs as tests, each failing with the
verdict's explanation; YAML files that are not scenarios are left alone."""
from __future__ import annotations

pytest_plugins = ["pytester"]

CONCEDE = ("name: {name}\nstate: {{players: [alice, bob]}}\n"
           "question: {{kind: golden, ask: concede, player: alice}}\nexpect: {{verdict: {verdict}}}\n")


def _user_folder(pytester):
    pytester.makefile(".yaml", allowed=CONCEDE.format(name="conceding is allowed", verdict="allowed"))
    sub = pytester.mkdir("nested")
    (sub / "wrong.yml").write_text(CONCEDE.format(name="a wrong expectation", verdict="forbidden"))
    (sub / "typo.yaml").write_text(
        "name: a typo\nstate: {players: [alice, bob], alice: {hand: [Forrest]}}\n"
        "question: {kind: golden, ask: concede, player: alice}\n")
    (sub / "unexpected.yaml").write_text(CONCEDE.format(name="no expectation", verdict="x")
                                         .replace("expect: {verdict: x}\n", ""))
    # not scenarios: no top-level question
    pytester.makefile(".yml", ci="jobs: {test: {runs-on: ubuntu-latest}}\n")
    (sub / "cards.yaml").write_text("- {name: Odd Charm, types: [instant]}\n")


def test_a_folder_of_scenarios_is_collected_recursively_yaml_and_yml(pytester):
    _user_folder(pytester)
    result = pytester.runpytest("--collect-only", "-q")
    collected = [line for line in result.outlines if "::" in line]
    assert sorted(c.split("::")[1] for c in collected) == ["allowed", "typo", "unexpected", "wrong"]


def test_each_scenario_passes_or_fails_with_the_verdicts_explanation(pytester):
    _user_folder(pytester)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=2)
    text = result.stdout.str()
    assert "verdict: allowed   expected: forbidden" in text and "rules: CR 104.3a" in text
    assert "unknown card 'Forrest'" in text and "Did you mean 'Forest'?" in text


def test_the_edition_option_answers_under_another_edition(pytester):
    pytester.makefile(".yaml", allowed=CONCEDE.format(name="concede", verdict="allowed")
                      + "edition: 2008-02-01\n")
    result = pytester.runpytest("--mtgrules-edition", "2009-07-11", "--mtgrules-backend", "asp")
    result.assert_outcomes(passed=1)  # the expectation is for 2008: nothing to compare in 2009
    assert pytester.runpytest("--mtgrules-edition", "2008-02-01").ret == 0


def test_the_plugin_can_be_turned_off(pytester):
    _user_folder(pytester)
    result = pytester.runpytest("-p", "no:mtgrules")
    assert result.ret == 5  # no tests collected


def test_other_yaml_is_skipped_as_check_skips_it_and_a_broken_scenario_fails(pytester):
    from test_cli_discovery import BROKEN, CI, COMPOSE

    pytester.makefile(".yaml", good=CONCEDE.format(name="good", verdict="allowed"), broken=BROKEN,
                      compose=COMPOSE)
    pytester.mkdir("ci")
    (pytester.path / "ci" / "workflow.yml").write_text(CI)
    result = pytester.runpytest("-p", "no:cacheprovider", "-rf")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["mtgrules: skipped 2 YAML files that are not scenarios*"])
    assert "field 'questoin'" in result.stdout.str() and "Did you mean 'question'?" in result.stdout.str()
    # check finds the same files in the folder, and skips the same
    from mtgrules.model.read.files import find_scenario_files

    found = find_scenario_files([pytester.path])
    assert sorted(p.stem for p in found.files) == ["broken", "good"]
    assert sorted(p.name for p in found.skipped) == ["compose.yaml", "workflow.yml"]


def test_a_file_named_on_the_command_line_is_always_collected(pytester):
    from test_cli_discovery import CI

    path = pytester.makefile(".yml", ci=CI)
    assert pytester.runpytest("-p", "no:cacheprovider").ret == 5  # in a folder: not a scenario
    result = pytester.runpytest("-p", "no:cacheprovider", str(path))
    result.assert_outcomes(failed=1)
    assert "ci.yml, line 2" in result.stdout.str() and "unknown field" in result.stdout.str()
