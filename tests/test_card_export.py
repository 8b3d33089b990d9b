"""Characteristics read from a card export (the two public JSON shapes), behaviour from the
scenario; every value read from the export checked, a mistake located."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mtgrules.model.card_export import BULK, BY_NAME, CardExport
from mtgrules.model.errors import MtgRulesError, ScenarioError
from mtgrules.queries.scenario import load_scenario

DATA = Path(__file__).parent / "data" / "exports"
SHAPES = {"bulk": (DATA / "bulk.json", BULK), "by-name": (DATA / "by_name.json", BY_NAME)}


@pytest.fixture(params=list(SHAPES))
def export(request) -> CardExport:
    path, shape = SHAPES[request.param]
    loaded = CardExport.load(path)
    assert loaded.shape == shape
    return loaded


def test_characteristics_read_in_both_shapes(export):
    bears = export.card("Grizzly Bears").card
    assert (bears.types, bears.subtypes, bears.power, bears.toughness) == (
        {"creature"}, {"Bear"}, 2, 2)
    assert str(bears.mana_cost) == "{1}{G}" and bears.colors == {"green"}
    angel = export.card("Serra Angel").card
    assert angel.keywords == {"flying", "vigilance"} and angel.power == 4
    bolt = export.card("Lightning Bolt").card
    assert bolt.types == {"instant"} and bolt.power is None and not bolt.resolve  # no behaviour
    forest = export.card("Forest").card
    assert forest.mana_cost is None and forest.supertypes == {"basic"} and forest.subtypes == {"Forest"}
    liliana = export.card("Liliana of the Veil").card
    assert (liliana.loyalty, liliana.supertypes, liliana.types) == (3, {"legendary"}, {"planeswalker"})


def test_a_face_is_named_by_its_own_name(export):
    delver = export.card("Delver of Secrets").card
    aberration = export.card("Insectile Aberration").card
    assert (delver.power, delver.subtypes, str(delver.mana_cost)) == (1, {"Human", "Wizard"}, "{U}")
    assert (aberration.power, aberration.toughness, aberration.mana_cost) == (3, 2, None)
    assert aberration.colors == {"blue"}  # its colour indicator, not its (absent) cost
    with pytest.raises(ScenarioError, match="is a card with faces"):
        export.card("Delver of Secrets // Insectile Aberration")


def test_a_bulk_face_has_no_keywords_of_its_own():
    export = CardExport.load(DATA / "bulk.json")
    delver = export.card("Delver of Secrets")
    # the bulk shape lists keywords for the whole card (the back face flies): not read for a face
    assert "keywords" not in delver.given and delver.card.keywords == frozenset()


def test_keywords_outside_the_vocabulary_are_not_read():
    burst = CardExport.load(DATA / "bulk.json").card("Burst Lightning").card
    assert burst.keywords == frozenset()  # kicker is behaviour, written in the vocabulary


def test_art_cards_are_not_cards():
    bolt = CardExport.load(DATA / "bulk.json").card("Lightning Bolt").card
    assert bolt.types == {"instant"}


MALFORMED = {
    "Test Bad Cost": ("bulk", "[9].mana_cost", "not a mana symbol|symbol"),
    "Test Bad Type": ("bulk", "[10].type_line", "'Scheme' is not a card type or supertype"),
    "Test Bad Colours": ("bulk", "[11].colors", "got \\[\"Green\"\\]"),
    "Test Bad Keywords": ("bulk", "[12].keywords", "got \"Flying\""),
    "Test Huge Toughness": ("bulk", "[13].toughness", "got \"99999999\""),
    "Tarmogoyf": ("bulk", "[8].power", "got \"\\*\""),
    "Test Bad Supertype": ("by-name", 'data["Test Bad Supertype"][0].supertypes',
                           "'Creature' is not a supertype"),
    "Test No Types": ("by-name", 'data["Test No Types"][0].types', "has no card type"),
    "Test Bad Loyalty": ("by-name", 'data["Test Bad Loyalty"][0].loyalty', "got \"X\""),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_malformed_value_names_the_file_the_line_the_card_and_the_field(name):
    shape, field, problem = MALFORMED[name]
    path = SHAPES[shape][0]
    with pytest.raises(ScenarioError, match=problem) as err:
        CardExport.load(path).card(name)
    location = err.value.location
    assert (location.file, location.field) == (str(path), field)
    assert f"card '{name}'" in str(err.value)
    lines = path.read_text().splitlines()
    assert f'"{name}"' in lines[location.line - 1]  # the line where the card is written


def test_unknown_names_suggest_the_closest(export):
    with pytest.raises(ScenarioError, match="holds no card named 'Grizly Bears'.*Grizzly Bears"):
        export.card("Grizly Bears")


@pytest.mark.parametrize("text, problem", [
    ("[1, 2", "not valid JSON"),
    ('"a text"', "neither a list nor a mapping"),
    ('[{"mana_cost": "{R}"}]', "not a card object with a name"),
    ('{"data": {"Grizzly Bears": 3}}', "neither a list of cards nor a set"),
    ('{"data": 7}', "neither a mapping nor a list"),
])
def test_a_malformed_export_is_refused_naming_the_file(tmp_path, text, problem):
    path = tmp_path / "export.json"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=problem) as err:
        CardExport.load(path)
    assert err.value.location.file == str(path)


def test_other_by_name_shapes(tmp_path):
    cards = json.loads((DATA / "by_name.json").read_text())["data"]
    one_set = {"data": {"code": "TST", "cards": [cards["Grizzly Bears"][0], cards["Forest"][0]]}}
    every_set = {"data": {"TST": {"cards": cards["Serra Angel"]}, "TS2": {"cards": cards["Forest"]}}}
    for doc, name, types in ((one_set, "Forest", {"land"}), (every_set, "Serra Angel", {"creature"})):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        assert CardExport.load(path).card(name).card.types == types
    wrapped = {"object": "list", "data": json.loads((DATA / "bulk.json").read_text())}
    (tmp_path / "list.json").write_text(json.dumps(wrapped))
    assert CardExport.load(tmp_path / "list.json").card("Forest").card.subtypes == {"Forest"}


def test_a_missing_export_is_a_mistake_not_a_traceback(tmp_path):
    with pytest.raises(MtgRulesError, match="no such file"):
        CardExport.load(tmp_path / "nothing.json")


# -- in a scenario ------------------------------------------------------------------------------

SCENARIO = """\
name: characteristics from an export
cards-from: {export}
cards:
{cards}
state:
  players: [alice, bob]
  alice: {{battlefield: [Serra Angel, Tarmo], hand: [Lightning Bolt]}}
question: {{kind: golden, ask: concede, player: alice}}
"""
BOLT = "  - {name: Lightning Bolt, targets: [any], resolve: [{do: damage, amount: 3, target: any}]}"
ANGEL = "  - {name: Serra Angel}"
TARMO = "  - {name: Tarmo, cost: '{1}{G}', types: [creature], power: 2, toughness: 3}"


def _scenario(tmp_path: Path, shape: str, cards: list[str], export: str | None = None) -> Path:
    shutil.copy(SHAPES[shape][0], tmp_path / "cards.json")
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO.format(export=export or "cards.json", cards="\n".join(cards)))
    return path


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_scenario_takes_characteristics_from_the_export_and_behaviour_from_itself(tmp_path, shape):
    scenario = load_scenario(_scenario(tmp_path, shape, [BOLT, ANGEL, TARMO]))
    bolt = scenario.state.cards["Lightning Bolt"]
    assert bolt.types == {"instant"} and str(bolt.mana_cost) == "{R}" and bolt.colors == {"red"}
    assert [i.verb for i in bolt.resolve] == ["damage"] and bolt.targets == ("any",)
    assert scenario.state.cards["Serra Angel"].keywords == {"flying", "vigilance"}
    assert scenario.state.cards["Tarmo"].toughness == 3  # written in full: not in the export


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_characteristic_written_both_ways_must_agree(tmp_path, shape):
    agree = "  - {name: Serra Angel, cost: '{3}{W}{W}', types: [creature], keywords: [vigilance, flying]}"
    assert load_scenario(_scenario(tmp_path, shape, [agree, TARMO, BOLT]))
    for field, value in (("cost", "'{2}{W}{W}'"), ("power", "5"), ("keywords", "[flying]"),
                         ("types", "[artifact, creature]"), ("supertypes", "[legendary]")):
        wrong = f"  - {{name: Serra Angel, {field}: {value}}}"
        with pytest.raises(ScenarioError, match="disagrees with the card export") as err:
            load_scenario(_scenario(tmp_path, shape, [wrong, TARMO, BOLT]))
        assert (err.value.location.line, err.value.location.field) == (4, f"cards[0].{field}")


def test_scenario_mistakes_are_located(tmp_path):
    with pytest.raises(ScenarioError, match="holds no card named 'Sera Angel'.*Serra Angel") as err:
        load_scenario(_scenario(tmp_path, "bulk", ["  - {name: Sera Angel}", TARMO, BOLT]))
    assert err.value.location.field == "cards[0].name"
    with pytest.raises(ScenarioError, match="no such file") as err:
        load_scenario(_scenario(tmp_path, "bulk", [ANGEL, TARMO, BOLT], export="missing.json"))
    assert (err.value.location.line, err.value.location.field) == (2, "cards-from")
    with pytest.raises(ScenarioError, match="got \"\\*\"") as err:  # a value of the export
        load_scenario(_scenario(tmp_path, "bulk", ["  - {name: Tarmogoyf}", TARMO, BOLT]))
    assert err.value.location.file.endswith("cards.json")
    path = tmp_path / "empty.yaml"
    path.write_text("name: n\ncards-from: cards.json\nstate: {players: [a, b]}\n"
                    "question: {kind: golden, ask: concede, player: a}\n")
    with pytest.raises(ScenarioError, match="'cards' list is empty"):
        load_scenario(path)


def test_the_schema_knows_cards_from():
    import jsonschema

    from mtgrules.queries.kinds import scenario_file_schema

    validator = jsonschema.Draft202012Validator(scenario_file_schema())
    doc = {"name": "n", "cards-from": "cards.json", "cards": [{"name": "Serra Angel"}],
           "state": {"players": ["a", "b"]}, "question": {"kind": "golden", "ask": "concede", "player": "a"}}
    assert validator.is_valid(doc)
    without = {k: v for k, v in doc.items() if k != "cards-from"}
    assert not validator.is_valid(without)  # a card's types are then required
    assert not validator.is_valid({**doc, "cards-from": ""})


def test_the_readme_example_loads_with_either_shape(tmp_path):
    import re

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", readme, flags=re.S)
                 if b.startswith("# my.yaml, beside"))
    for shape in SHAPES:
        shutil.copy(SHAPES[shape][0], tmp_path / "cards.json")
        path = tmp_path / f"{shape}.yaml"
        path.write_text("name: readme\n" + block + "state: {players: [a, b], a: {battlefield: "
                        "[Serra Angel, Delver of Secrets]}}\n"
                        "question: {kind: golden, ask: concede, player: a}\n")
        cards = load_scenario(path).state.cards
        assert cards["Delver of Secrets"].subtypes == {"Human", "Wizard"}
        assert cards["Lightning Bolt"].resolve and cards["Serra Angel"].keywords == {"flying", "vigilance"}


def test_a_server_can_refuse_exports(tmp_path):
    from mtgrules.model.card_export import exports_refused

    path = _scenario(tmp_path, "bulk", [ANGEL, TARMO, BOLT])
    with exports_refused(), pytest.raises(ScenarioError, match="not read here") as err:
        load_scenario(path)
    assert err.value.location.field == "cards-from"
    assert load_scenario(path).state.cards["Serra Angel"].power == 4  # read again outside


FINKS = {"name": "Kitchen Finks", "mana_cost": "{1}{G/W}{G/W}", "type_line": "Creature — Ouphe",
         "power": "3", "toughness": "2", "keywords": ["Persist"],
         "oracle_text": "When this creature enters, you gain 2 life.\nPersist (When this creature dies, "
                        "if it had no -1/-1 counters on it, return it with a -1/-1 counter on it.)"}
ANGEL_TEXT = {"name": "Serra Angel", "mana_cost": "{3}{W}{W}", "type_line": "Creature — Angel",
              "power": "4", "toughness": "4", "keywords": ["Flying", "Vigilance"],
              "oracle_text": "Flying, vigilance"}


def _bare(tmp_path: Path, cards: list[str]):
    (tmp_path / "cards.json").write_text(json.dumps([FINKS, ANGEL_TEXT]))
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO.format(export="cards.json", cards="\n".join(cards))
                    .replace("[Serra Angel, Tarmo]", "[Serra Angel, Kitchen Finks]")
                    .replace("hand: [Lightning Bolt]", "hand: []"))
    return load_scenario(path).state.cards


def test_rules_text_the_entry_writes_none_of_is_marked_unwritten(tmp_path):
    # Kitchen Finks named alone: its text (a trigger, persist) is behaviour the scenario doesn't
    # write, so the core refuses where it would work; Serra Angel's text is keywords read
    cards = _bare(tmp_path, ["  - {name: Kitchen Finks}", ANGEL])
    assert cards["Kitchen Finks"].unwritten == {"spell", "activated", "triggered", "static"}
    assert cards["Serra Angel"].unwritten == frozenset()


def test_an_entry_may_say_what_it_leaves_unwritten(tmp_path):
    cards = _bare(tmp_path, ["  - {name: Kitchen Finks, unwritten: [triggered]}", ANGEL])
    assert cards["Kitchen Finks"].unwritten == {"triggered"}
    cards = _bare(tmp_path, ["  - {name: Kitchen Finks, unwritten: []}", ANGEL])
    assert cards["Kitchen Finks"].unwritten == frozenset()
