"""Casting in full (CR 601.2b–h, 700.2, 702; issue 26) end to end: the announcements a scenario
writes are read and checked, answered by the encodings under each edition, refused by name where
an edition lacks a mechanic, and worded in the verdicts; the CLI answers them too."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition
from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.state import GameState
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.cast import check_cast
from mtgrules.queries.cli import main
from mtgrules.queries.cost import payment, total_cost
from mtgrules.queries.scenario import builtin_scenario_files, parse_scenario

FILES = {p.stem: p for p in builtin_scenario_files()}


def _state(alice: dict, bob: dict | None = None, **rest) -> GameState:
    return GameState.from_dict({"players": ["alice", "bob"], "step": "main1", "alice": alice,
                                "bob": bob or {}, **rest})


def _scenario(question: str, alice: str = "{hand: [Izzet Charm, Glacial Ray, Lava Spike]}",
              edition: str = "2026-08-07") -> str:
    return (f"name: probe\nedition: {edition}\nstate:\n  players: [alice, bob]\n  step: main1\n"
            f"  alice: {alice}\n  bob: {{battlefield: [Grizzly Bears]}}\nquestion:\n{question}")


@pytest.mark.parametrize("question,field,fragment", [
    ("  kind: cast\n  card: Lava Spike\n  modes: [1]\n", "question.modes", "not modal"),
    ("  kind: cast\n  card: Izzet Charm\n  modes: [4]\n", "question.modes[0]", "from 1 to 3"),
    ("  kind: cast\n  card: Izzet Charm\n  entwined: true\n", "question.entwined", "no entwine"),
    ("  kind: cast\n  card: Izzet Charm\n  buyback: true\n", "question.buyback", "no buyback"),
    ("  kind: cast\n  card: Lava Spike\n  splice: [Izzet Charm]\n", "question.splice[0]",
     "has no splice"),
    ("  kind: cast\n  card: Lava Spike\n  splice: [Glacial Rey]\n", "question.splice[0]",
     "Did you mean 'Glacial Ray'"),
    ("  kind: cast\n  card: Glacial Ray\n  splice: [Glacial Ray]\n", "question.splice[0]",
     "the spell being cast"),
    ("  kind: cast\n  card: Lava Spike\n  alternative: flashback\n", "question.alternative",
     "has no flashback"),
    ("  kind: cast\n  card: Lava Spike\n  alternative: face-down\n", "question.alternative",
     "has no morph"),
    ("  kind: cast\n  card: Lava Spike\n  convoke: [Grizzly Bears]\n", "question.convoke",
     "has no convoke"),
    ("  kind: cast\n  card: Lava Spike\n  kicker-x: 2\n", "question.kicker-x",
     "no kicker with {X}"),
    ("  kind: cast\n  card: Lava Spike\n  discard: [Mountain]\n", "question.discard[0]",
     "object in alice's hand"),
])
def test_announcement_mistakes_name_the_field(question, field, fragment):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_scenario(question), "probe.yaml")
    assert f"field '{field}'" in str(info.value) and fragment in str(info.value)


def test_a_kicker_with_x_needs_its_x():
    text = _scenario("  kind: cost\n  ask: total\n  card: Verdeloth the Ancient\n  kicked: true\n",
                     alice="{hand: [Verdeloth the Ancient]}")
    with pytest.raises(ScenarioError, match="kicker-x"):
        parse_scenario(text, "probe.yaml")


@pytest.mark.parametrize("card,question,edition,rule", [
    ("Collective Brutality", {"modes": (1, 3), "targets": ("bob", "bob")}, "2009-10-01",
     "keyword.escalate"),
    ("Everflowing Chalice", {"kicked": 2}, "2009-10-01", "keyword.multikicker"),
    ("Reverse Engineer", {"improvise": ("Memnite",)}, "2016-11-11", "keyword.improvise"),
    ("Raven's Crime", {"zone": "graveyard", "targets": ("bob",)}, "2008-02-01", "keyword.retrace"),
])
def test_a_mechanic_the_edition_lacks_is_refused_with_the_edition_named(card, question, edition, rule):
    zone = question.get("zone", "hand")
    state = _state({zone: [card, "Island"], "battlefield": ["Memnite", "Swamp", "Swamp"]})
    casting = Casting("alice", card, ask="total", **question)
    for ask in (total_cost, check_cast):
        with pytest.raises(UnsupportedQuestion) as info:
            ask(casting, state, Edition(edition))
        assert f"Comprehensive Rules of {edition}" in str(info.value) and rule in str(info.value)


def test_convoke_before_2016_is_refused_as_a_reduction_not_modelled():
    state = _state({"hand": ["Stoke the Flames"], "battlefield": ["Mountain", "Mountain",
                                                                  "Raging Goblin", "Grizzly Bears"]})
    casting = Casting("alice", "Stoke the Flames", targets=("bob",))
    with pytest.raises(UnsupportedQuestion, match="reduces the total"):
        check_cast(casting, state, Edition("2009-10-01"))
    assert check_cast(casting, state, Edition("2016-07-22")).outcome == "legal"
    # the total alone doesn't use convoke: answered in any edition
    assert total_cost(Casting("alice", "Stoke the Flames", targets=("bob",), ask="total"), state,
                      Edition("2009-10-01")).total == "{2}{R}{R}"


def test_convoke_witness_names_each_creature_and_what_it_paid():
    state = _state({"hand": ["Stoke the Flames"], "battlefield": ["Mountain", "Swamp",
                                                                  "Raging Goblin", "Grizzly Bears"]})
    verdict = payment(Casting("alice", "Stoke the Flames", targets=("bob",)), state)
    assert verdict.outcome == "payable"
    spend = verdict.to_json()["witness"]["spend"]
    # only the red creature can pay the second {R} (a Mountain pays the first, the Swamp generic)
    assert "tap Raging Goblin (convoke) for {R}" in spend
    assert "tap Grizzly Bears (convoke) for generic" in spend


def test_delve_pays_generic_only_and_the_total_stays_locked():
    state = _state({"hand": ["Treasure Cruise"], "graveyard": ["Lightning Bolt"] * 7,
                    "battlefield": ["Island"]},
                   {"battlefield": ["Thalia, Guardian of Thraben"]})
    verdict = check_cast(Casting("alice", "Treasure Cruise"), state)
    assert verdict.outcome == "illegal"  # {8}{U}: seven exiled and one Island leave {1} unpaid
    two = _state({"hand": ["Treasure Cruise"], "graveyard": ["Lightning Bolt"] * 7,
                  "battlefield": ["Island", "Island"]}, {"battlefield": ["Thalia, Guardian of Thraben"]})
    assert check_cast(Casting("alice", "Treasure Cruise"), two).outcome == "legal"


def test_the_cost_question_says_illegal_for_announcements_the_rules_refuse():
    state = _state({"hand": ["Izzet Charm"]}, {"battlefield": ["Grizzly Bears"]})
    verdict = total_cost(Casting("alice", "Izzet Charm", modes=(2, 2), targets=("Grizzly Bears",) * 2,
                                 ask="total"), state)
    assert verdict.outcome == "illegal"
    assert "mode 2 was chosen twice" in " ".join(verdict.reasons)
    assert "CR 700.2d" in [str(c) for c in verdict.citations]


def test_modes_entwined_without_listing_them_are_every_mode():
    state = _state({"hand": ["Tooth and Nail"], "battlefield": ["Forest"] * 11})
    verdict = check_cast(Casting("alice", "Tooth and Nail", entwined=True), state)
    assert verdict.outcome == "legal"
    announce = verdict.to_json()["witness"]["steps"][1]
    assert "every mode" in str(announce)


def test_a_face_down_spell_has_no_text_to_announce():
    text = ("name: probe\ncards:\n  - {name: Kicking Morph, types: [creature], cost: '{2}{G}', "
            "kicker: '{1}', morph: '{1}{G}', power: 2, toughness: 2}\n"
            "state:\n  players: [alice, bob]\n  alice: {hand: [Kicking Morph]}\n"
            "question:\n  kind: cost\n  ask: total\n  card: Kicking Morph\n"
            "  alternative: face-down\n  kicked: true\n")
    verdict = check_scenario(parse_scenario(text, "probe.yaml"))
    assert verdict.outcome == "illegal"
    assert "a face-down spell has no text, so no kicker" in " ".join(verdict.reasons)
    assert "CR 708.2" in [str(c) for c in verdict.citations]


def test_the_slots_of_a_spliced_spell_are_its_own_then_the_spliced_cards():
    state = _state({"hand": ["Lava Spike", "Glacial Ray"], "battlefield": ["Mountain"] * 3},
                   {"battlefield": ["Grizzly Bears"]})
    # Lava Spike targets a player; Glacial Ray any target: the bear is legal only second
    good = Casting("alice", "Lava Spike", splice=("Glacial Ray",), targets=("bob", "Grizzly Bears"))
    bad = Casting("alice", "Lava Spike", splice=("Glacial Ray",), targets=("Grizzly Bears", "bob"))
    assert check_cast(good, state).outcome == "legal"
    assert check_cast(bad, state).outcome == "illegal"


@pytest.mark.parametrize("name", ["cast_glacial_ray_spliced_onto_lightning_bolt",
                                  "cast_exalted_angel_face_down_under_cant_cast_white",
                                  "cost_frogmite_four_artifacts_under_trinisphere"])
def test_the_cli_answers_them(name):
    result = CliRunner().invoke(main, ["check", str(FILES[name])])
    assert result.exit_code == 0, result.output
    assert "1 of 1" in result.output


def test_the_2008_numbering_of_an_entwined_cast():
    verdict = check_scenario(load_scenario(FILES["cast_tooth_and_nail_entwined_2008"]))
    cites = [str(c) for c in verdict.citations]
    assert "CR 502.32a" in cites and "CR 409.1b" in cites
    newest = check_scenario(load_scenario(FILES["cast_tooth_and_nail_entwined_2008"]),
                            Edition("2026-08-07"))
    assert "CR 702.42a" in [str(c) for c in newest.citations]


def test_two_costs_alike_each_need_their_own_object():
    """Two additional costs "sacrifice a creature": one creature pays only one of them (before,
    the two requirements shared one name and the search counted one)."""
    text = ("name: probe\ncards:\n  - {name: Double Offering, cost: '{B}', types: [sorcery], "
            "additional-costs: [{sacrifice: creature}, {sacrifice: creature}]}\n"
            "state:\n  players: [alice, bob]\n  step: main1\n"
            "  alice: {hand: [Double Offering], battlefield: [Swamp, %s]}\n"
            "question: {kind: cost, card: Double Offering}\n")
    one = check_scenario(parse_scenario(text % "Grizzly Bears", "probe.yaml"))
    two = check_scenario(parse_scenario(text % "Grizzly Bears, Llanowar Elves", "probe.yaml"))
    assert (one.outcome, two.outcome) == ("unpayable", "payable")
    assert "the cost asks 2 times to sacrifice a creature, and only 1 object can" in \
        " ".join(one.reasons + tuple(one.to_json()["counterexample"]["why"]))
