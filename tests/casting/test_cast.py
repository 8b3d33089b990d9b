"""Casting step by step (ASP) and the cast/cost question formats: end-to-end properties,
edition numbering, and precise errors for scenario mistakes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.model.casting import DuringEvent
from mtgrules.model.edition import Edition
from mtgrules.model.errors import ScenarioError
from mtgrules.queries import Casting, check_cast, parse_scenario, total_cost

STATE = """
state:
  players: [alice, bob]
  step: main1
  alice:
    hand: [Lightning Bolt, Altar's Reap, Grizzly Bears, Forked Bolt]
    battlefield: [Mountain, Swamp, Ashnod's Altar, {modifiers}]
  bob:
    battlefield: [Serra Angel]
"""


def scenario(question: str, modifiers: str = "Thunderscape Familiar", edition: str = "2026-08-07"):
    text = f"name: t\nedition: {edition}\n" + STATE.format(modifiers=modifiers) + \
        "question:\n" + question
    return parse_scenario(text, "mine.yaml")


MODIFIERS = ["Thunderscape Familiar", "\"Thalia, Guardian of Thraben\"", "Sphere of Resistance",
             "Helm of Awakening", "Trinisphere"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(MODIFIERS), min_size=1, max_size=4, unique=True),
       st.sampled_from(["Lightning Bolt", "Altar's Reap", "Grizzly Bears"]), st.data())
def test_sacrificing_a_modifier_during_mana_abilities_keeps_the_locked_total(mods, card, data):
    """End to end: the same cast with and without a 601.2g sacrifice of a modifier's source
    has the same total cost (the locked one)."""
    creatures = [m for m in mods if "Familiar" in m or "Thalia" in m]
    targets = "  targets: [bob]\n" if card == "Lightning Bolt" else ""
    base = f"  kind: cost\n  ask: total\n  card: {card}\n{targets}"
    plain = scenario(base, ", ".join(mods))
    before = total_cost(plain.question, plain.state, plain.edition)
    if not creatures:
        return
    victim = data.draw(st.sampled_from(creatures))
    during = base + f"  during: [{{sacrifice: {victim}, to: Ashnod's Altar}}]\n"
    changed = scenario(during, ", ".join(mods))
    after = total_cost(changed.question, changed.state, changed.edition)
    assert after.outcome == before.outcome
    assert after.details["locked"] == before.details["locked"]


def test_the_altars_reap_example_pays_b_only():
    s = scenario("  kind: cast\n  card: Altar's Reap\n  sacrifice: Thunderscape Familiar\n")
    verdict = check_cast(s.question, s.state, s.edition)
    assert verdict.outcome == "legal"
    assert verdict.witness.payment.total == "{B}"
    assert verdict.witness.payment.sacrifice == ("Thunderscape Familiar",)


@pytest.mark.parametrize("edition,failed_at,total_at", [
    ("2008-02-01", "CR 409.1a", "CR 409.1f"),
    ("2009-07-11", "CR 601.2a", "CR 601.2e"),
    ("2026-08-07", "CR 601.2e", "CR 601.2f"),
])
def test_steps_are_numbered_per_edition(edition, failed_at, total_at):
    on_stack = scenario("  kind: cast\n  card: Forked Bolt\n  targets: [bob]\n"
                        "  division: {bob: 2}\n", edition=edition)
    state = on_stack.state
    # a spell on the stack makes the sorcery illegal; the step that catches it moved in 2015
    bob = state.player("bob")
    from mtgrules.model.state import GameObject
    state = state.with_player(bob.with_zone("stack", (GameObject("Lightning Bolt", "Lightning Bolt",
                                                                 "bob", "bob"),)))
    verdict = check_cast(on_stack.question, state, Edition(edition))
    assert verdict.outcome == "illegal"
    assert verdict.counterexample.failed_step == failed_at
    legal = check_cast(on_stack.question, on_stack.state, Edition(edition))
    assert legal.outcome == "legal"
    assert total_at in [s.step for s in legal.witness.steps]


def test_an_illegal_cast_shows_the_state_it_rewinds_to():
    s = scenario("  kind: cast\n  card: Forked Bolt\n  targets: [bob, Serra Angel]\n"
                 "  division: {bob: 2, Serra Angel: 0}\n")
    verdict = check_cast(s.question, s.state, s.edition)
    assert verdict.outcome == "illegal"
    back = verdict.counterexample.rewound_to
    assert back.zone == "hand" and "Forked Bolt" in back.in_zone
    assert back.life == 20 and back.mana_pool == "empty"
    assert verdict.to_json()["counterexample"]["rewound_to"]["hand"] == list(back.in_zone)


def test_python_api_takes_model_values():
    s = scenario("  kind: cast\n  card: Lightning Bolt\n  targets: [bob]\n")
    casting = Casting("alice", "Lightning Bolt", targets=("bob",),
                      during=(DuringEvent("sacrifice", "Thunderscape Familiar", "Ashnod's Altar"),))
    assert check_cast(casting, s.state).outcome == "legal"


@pytest.mark.parametrize("question,line,field,fragment", [
    ("  kind: cast\n  card: Lightning Blot\n", 14, "question.card", "Did you mean 'Lightning Bolt'"),
    ("  kind: cast\n  card: Lightning Bolt\n  targets: [carol]\n", 15, "question.targets[0]",
     "unknown target"),
    ("  kind: cast\n  card: Lightning Bolt\n  pay: [R]\n", 15, "question.pay",
     "1 payment choices for 0"),
    ("  kind: cast\n  card: Forked Bolt\n  targets: [bob]\n  division: {bobb: 2}\n", 16,
     "question.division.bobb", "Did you mean 'bob'"),
    ("  kind: cast\n  card: Altar's Reap\n  kicked: true\n", 15, "question.kicked", "no kicker"),
    ("  kind: cost\n  card: Lightning Bolt\n  ask: totl\n", 15, "question.ask",
     "Did you mean 'total'"),
    ("  kind: cast\n  card: Lightning Bolt\n  during: [{sacrifice: Mountain, to: Ashnod's Altar}]\n",
     15, "question.during[0].sacrifice", "unknown creature"),
    ("  kind: cast\n  card: Lightning Bolt\n  during: [{tap: Swamp, sacrifice: Mountain}]\n",
     15, "question.during[0]", "exactly one of"),
    ("  kind: cast\n  card: Lightning Bolt\n  x: 3\n", 15, "question.x", "has no {X}"),
    ("  kind: cast\n  card: Lightning Bolt\n  alternative: Omniscience\n", 15,
     "question.alternative", "unknown alternative cost"),
    ("  kind: cast\n  card: Lightning Bolt\n  colour: red\n", 15, "question.colour",
     "unknown field"),
])
def test_question_mistakes_name_file_line_and_field(question, line, field, fragment):
    with pytest.raises(ScenarioError) as info:
        scenario(question)
    message = str(info.value)
    assert f"mine.yaml, line {line}, field '{field}'" in message
    assert fragment in message


def test_a_phyrexian_payment_that_is_not_an_option_is_refused():
    text = ("name: t\nstate:\n  players: [alice, bob]\n  alice: {hand: [Dismember]}\n"
            "  bob: {battlefield: [Serra Angel]}\n"
            "question:\n  kind: cost\n  card: Dismember\n  targets: [Serra Angel]\n"
            "  pay: [life, G]\n")
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "probe.yaml")
    assert "probe.yaml, line 10, field 'question.pay[1]'" in str(info.value)
    assert "unknown way to pay {B/P} 'G'" in str(info.value)
