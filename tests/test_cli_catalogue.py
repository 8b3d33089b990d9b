"""The listing commands (cards, editions, rules), schema, new and --version."""
from __future__ import annotations

import json
from importlib.metadata import version

import jsonschema
import pytest
from click.testing import CliRunner
from test_schema import CARD_FILES, _load

import mtgrules
from mtgrules.model.cards import builtin_cards, parse_cards
from mtgrules.model.edition import EDITION_DATES, rulebook
from mtgrules.model.source import Field
from mtgrules.queries import check_scenario, parse_scenario
from mtgrules.queries.cli import main
from mtgrules.queries.kinds import KINDS
from mtgrules.queries.result import expectation_met
from mtgrules.queries.scenario import builtin_scenario_files


def _run(*args: str, columns: int = 80):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)})


def test_version_comes_from_the_package_metadata():
    assert mtgrules.__version__ == version("mtgrules")
    out = _run("--version")
    assert out.exit_code == 0 and out.stdout.strip() == f"mtgrules, version {version('mtgrules')}"


def test_cards_lists_the_whole_library():
    out = _run("cards", columns=200)
    assert out.exit_code == 0
    for name in builtin_cards():
        assert name in out.stdout
    assert f"{len(builtin_cards())} cards" in out.stdout


def test_a_card_is_shown_as_its_card_file_writes_it():
    out = _run("cards", "lightning bolt")
    assert out.exit_code == 0 and out.stdout.startswith("# cards/")
    shown = parse_cards(Field.parse(out.stdout.split("\n", 1)[1], "shown"))
    assert shown == [builtin_cards()["Lightning Bolt"]]


def test_part_of_a_name_finds_every_card_containing_it():
    rows = json.loads(_run("cards", "bolt", "--json").stdout)["cards"]
    assert sorted(r["name"] for r in rows) == sorted(n for n in builtin_cards() if "bolt" in n.lower())


def test_an_unknown_card_suggests_the_closest():
    out = _run("cards", "Forrest")
    assert out.exit_code == 2 and "Did you mean 'Forest'?" in out.stderr


def test_editions_lists_every_edition_and_the_rules_that_start_and_stop():
    rows = json.loads(_run("editions", "--json").stdout)["editions"]
    assert [r["date"] for r in rows] == list(EDITION_DATES)
    by_date = {r["date"]: r for r in rows}
    assert "mana.burn" in by_date["2009-07-11"]["stops"]          # the Magic 2010 rules
    assert "apnap.restart" in by_date["2009-07-11"]["starts"]
    assert "combat.damage-assignment-order" in by_date["2024-11-08"]["stops"]   # Foundations
    assert by_date["2009-07-11"]["renumbered"] > by_date["2009-10-01"]["renumbered"]
    table = _run("editions").stdout
    assert all(date in table for date in EDITION_DATES)


def test_a_rule_by_number_has_its_number_in_every_edition_its_files_and_scenarios():
    rows = json.loads(_run("rules", "CR 101.2", "--json").stdout)["rules"]
    rule = next(r for r in rows if r["key"] == "golden.cant-beats-can")
    assert rule["numbers"]["2008-02-01"] == "103.2" and rule["numbers"]["2026-08-07"] == "101.2"
    assert len(rule["numbers"]) == len(EDITION_DATES)
    assert "encodings/golden/golden.lp" in rule["encoded_in"]
    assert "golden_explore_vs_turf_wound" in rule["scenarios"]


def test_a_rule_by_key_is_shown_in_full():
    out = _run("rules", "golden.cant-beats-can")
    assert out.exit_code == 0
    for fragment in ("CR 103.2", "CR 101.2", "2008-02-01", "2026-08-07", "encodings/golden/golden.lp",
                     rulebook()["golden.cant-beats-can"].paraphrase.split()[0]):
        assert fragment in out.stdout


def test_a_number_prefix_gives_the_rules_under_it_and_a_rule_that_does_not_hold_says_so():
    keys = {r["key"] for r in json.loads(_run("rules", "601.2", "--json").stdout)["rules"]}
    assert "cast.total-cost" in keys and len(keys) > 3
    out = _run("rules", "mana.burn")
    assert "does not hold" in out.stdout


def test_an_unknown_rule_is_bad_input():
    out = _run("rules", "999.9")
    assert out.exit_code == 2 and "mtgrules rules lists them all" in out.stderr


def test_rules_lists_every_key():
    out = _run("rules", columns=200)
    assert all(key in out.stdout for key in rulebook())


@pytest.fixture(scope="module")
def published_schemas():
    schemas = {kind: json.loads(_run("schema", kind).stdout) for kind in ("scenario", "card")}
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)
    return {k: jsonschema.Draft202012Validator(s) for k, s in schemas.items()}


def test_the_builtin_library_validates_against_the_published_schema(published_schemas):
    for path in builtin_scenario_files():
        published_schemas["scenario"].validate(_load(path.read_text()))
    for path in CARD_FILES:
        published_schemas["card"].validate(_load(path.read_text()))


def test_the_published_schema_refuses_a_value_outside_the_vocabulary(published_schemas):
    doc = _load("name: s\nstate: {players: [a, b]}\nquestion: {kind: golden}\n"
                "cards: [{name: X, types: [sorcery], resolve: [{do: draw, who: opponent}]}]\n")
    assert not published_schemas["scenario"].is_valid(doc)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_new_gives_a_commented_skeleton_that_loads_validates_and_meets_its_expectation(
        kind, published_schemas):
    out = _run("new", kind)
    assert out.exit_code == 0 and out.stdout.startswith("# yaml-language-server: $schema=")
    published_schemas["scenario"].validate(_load(out.stdout))
    scenario = parse_scenario(out.stdout, f"new-{kind}.yaml")
    assert scenario.kind == kind and scenario.expect is not None
    assert expectation_met(scenario, check_scenario(scenario))


def test_new_refuses_an_unknown_kind():
    assert _run("new", "combat-damage").exit_code == 2


def test_a_tournament_rule_lists_the_scenarios_citing_it():
    rows = json.loads(_run("rules", "MTR 4.3", "--json").stdout)["rules"]
    assert [r["key"] for r in rows] == ["mtr.out-of-order"]
    assert "seq_cruel_ultimatum_draw_before_return" in rows[0]["scenarios"]
