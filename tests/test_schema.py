"""The JSON Schema generated from the vocabulary accepts the built-in library and refuses
what the loaders refuse."""
from __future__ import annotations

from importlib import resources

import jsonschema
import pytest
import yaml

from mtgrules.model.schema import card_file_schema, scenario_schema
from mtgrules.queries.kinds import KINDS
from mtgrules.queries.scenario import builtin_scenario_files, parse_scenario

CARD_FILES = sorted((p for p in resources.files("mtgrules.model.data.cards").iterdir()
                     if p.name.endswith(".yaml")), key=lambda p: p.name)
SCENARIOS = builtin_scenario_files()


class _JsonLoader(yaml.SafeLoader):
    """YAML as JSON sees it: a date stays the text it was written as."""


_JsonLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _load(text: str) -> object:
    return yaml.load(text, Loader=_JsonLoader)  # noqa: S506 (a SafeLoader subclass)


def _validator(schema: dict) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


CARDS = _validator(card_file_schema())
SCENARIO = _validator(scenario_schema(sorted(KINDS)))


@pytest.mark.parametrize("path", CARD_FILES, ids=[p.name for p in CARD_FILES])
def test_builtin_card_file_validates(path):
    CARDS.validate(_load(path.read_text()))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_builtin_scenario_validates(path):
    SCENARIO.validate(_load(path.read_text()))


BAD_CARDS = {
    "who opponent": "- {name: X, types: [sorcery], resolve: [{do: draw, who: opponent}]}",
    "unknown verb": "- {name: X, types: [sorcery], resolve: [{do: mill, who: you}]}",
    "count too big": "- {name: X, types: [sorcery], resolve: [{do: draw, who: you, count: 1000}]}",
    "spells filter": "- {name: X, types: [artifact], static: [{do: cost-increase, amount: 1, "
                     "spells: red}]}",
    "action": "- {name: X, types: [enchantment], static: [{do: forbid, who: you, "
              "action: cast}]}",
}


@pytest.mark.parametrize("text", BAD_CARDS.values(), ids=BAD_CARDS.keys())
def test_schema_and_loader_both_refuse(text):
    assert not CARDS.is_valid(_load(text))
    scenario = ("name: s\ncards:\n" + "\n".join("  " + line for line in text.splitlines())
                + "\nstate: {players: [a, b]}\nquestion: {kind: golden, ask: concede, player: a}\n")
    with pytest.raises(ValueError):
        parse_scenario(scenario, "bad.yaml")
