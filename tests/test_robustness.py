"""No user mistake ends in a traceback: scenario files mutated at random either load and get a
verdict, or are refused with a located MtgRulesError."""
from __future__ import annotations

import copy

import pytest
import yaml
from fuzz_scenarios import value_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.model.errors import MtgRulesError
from mtgrules.queries import check_scenario
from mtgrules.queries.scenario import builtin_scenario_files, parse_scenario

DOCS = [(p.stem, yaml.safe_load(p.read_text())) for p in builtin_scenario_files()]
ODD_VALUES = [None, 0, -3, 7, "", "Forrest", "alice", True, [], {}, ["x"], {"hidden": -1},
              {"card": "Grizzly Bears", "count": 0}, "nothing happens", 10 ** 9]




def _mutate(doc, path, how, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "delete":
        del parent[last]
    else:
        parent[last] = value
    return doc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_scenarios_never_crash(data):
    name, doc = data.draw(st.sampled_from(DOCS), label="scenario")
    paths = [path for path, _ in value_paths(doc)]
    path = data.draw(st.sampled_from(paths), label="path")
    how = data.draw(st.sampled_from(["delete", "replace"]), label="how") if path else "replace"
    value = data.draw(st.sampled_from(ODD_VALUES), label="value")
    text = yaml.safe_dump(_mutate(doc, path, how, value), sort_keys=False)
    try:
        scenario = parse_scenario(text, f"{name}.yaml")
    except MtgRulesError as exc:
        assert f"{name}.yaml" in exc.located()
        return
    try:
        check_scenario(scenario)
    except MtgRulesError:
        pass


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just words", "name: [unclosed\n", "42\n"])
def test_documents_that_are_not_scenarios_are_refused(text):
    with pytest.raises(MtgRulesError):
        parse_scenario(text, "odd.yaml")
