"""The JSON Schema generated from the vocabulary accepts the built-in library and refuses
what the loaders refuse."""
from __future__ import annotations

from importlib import resources

import jsonschema
import pytest
import yaml

from mtgrules.model.schema import card_file_schema
from mtgrules.queries.kinds import scenario_file_schema
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
SCENARIO = _validator(scenario_file_schema())


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


# -- every field of the schema, walked: the loader and the schema agree on each ----------------

BASE_SCENARIO = {"name": "walk", "state": {"players": ["alice", "bob"],
                                           "alice": {"battlefield": ["Grizzly Bears"]}},
                 "question": {"kind": "sequencing", "steps": ["untap"], "performed": ["alice untaps"]}}
"""A question whose answer reads every field of the state, and whose verdict has failed
conditions (the schema's fields that depend on the kind are walked under this one)."""
BASE_CARDS = [{"name": "Test Card", "types": ["creature"], "kicker": "{2}"}]
"""A card whose every field may be written (text for when it is kicked needs a kicker)."""


def _path_text(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _load_scenario(doc) -> None:
    parse_scenario(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), "walk.yaml")


def _load_cards(doc) -> None:
    from mtgrules.model.cards import parse_cards
    from mtgrules.model.source import Field

    parse_cards(Field.parse(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), "cards.yaml"))


def _walk(root: dict, validator, base, load) -> tuple[int, list[str]]:
    """Mutants at every field: (how many were checked, the disagreements)."""
    from schema_walk import DELETE, accepted, fields, refused

    from mtgrules.model.errors import ScenarioError

    checked, disagree = 0, []
    for site in fields(root, root, base):
        where = _path_text(site.path)
        tries = [(desc, value, False) for desc, value in refused(site.schema, root, site.path)]
        tries += [("a valid value", value, True) for value in accepted(site.schema, root, site.path)]
        if site.required:
            tries.append(("the required field taken out", DELETE, False))
        for desc, value, valid in tries:
            doc = site.place(value)
            if validator.is_valid(doc) != valid:
                continue  # the mutant is not what it was meant to be (another branch allows it)
            checked += 1
            try:
                load(doc)
            except ScenarioError as exc:
                field = exc.location.field
                # a field taken out may be read as another shape of its mapping, missing another
                under = _path_text(site.path[:-1]) if value is DELETE else where
                inside = field == under or field.startswith((f"{under}.", f"{under}[")) or (
                    not under and value is DELETE)
                if valid:
                    disagree.append(f"{where} = {value!r}: the schema accepts it, the loader "
                                    f"refuses: {exc}")
                elif not inside or exc.location.line is None:
                    disagree.append(f"{where} = {value!r} ({desc}): refused at '{field}', line "
                                    f"{exc.location.line}: {exc}")
                continue
            if not valid:
                disagree.append(f"{where} = {value!r} ({desc}): the schema refuses it, the loader "
                                "accepts it")
    return checked, disagree


def test_every_field_of_the_card_schema_is_validated_as_the_schema_says():
    root = card_file_schema()
    checked, disagree = _walk(root, _validator(root), BASE_CARDS, _load_cards)
    assert checked > 1000, checked
    assert not disagree, "\n".join(disagree[:40]) + f"\n({len(disagree)} disagreements)"


def test_every_field_of_the_scenario_schema_is_validated_as_the_schema_says():
    root = scenario_file_schema()
    checked, disagree = _walk(root, SCENARIO, BASE_SCENARIO, _load_scenario)
    assert checked > 1500, checked
    assert not disagree, "\n".join(disagree[:40]) + f"\n({len(disagree)} disagreements)"
