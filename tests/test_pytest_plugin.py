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
