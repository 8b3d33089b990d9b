"""Out-of-order sequencing on the temporal core: the correct run, verdicts, API and scenario errors."""
from __future__ import annotations

import itertools

import pytest

from mtgrules.encodings import Budget, limited
from mtgrules.model.edition import Citation, Edition
from mtgrules.model.errors import BudgetExhausted, ScenarioError, UnsupportedQuestion
from mtgrules.model.sequencing import Condition
from mtgrules.model.state import GameState
from mtgrules.queries import check_performed, check_scenario, load_scenario, parse_scenario, standing_orders
from mtgrules.queries.outcome import SequencingOutcome
from mtgrules.queries.scenario import builtin_scenario_files

SEQ_FILES = [p for p in builtin_scenario_files() if p.stem.startswith("seq_")]

CRUEL = """
name: test
state:
  players: [alice, bob]
  alice: {graveyard: [Grizzly Bears, Llanowar Elves], library: {hidden: 40}, stack: [Cruel Ultimatum]}
  bob: {battlefield: [Serra Angel], hand: {hidden: 5}}
question:
  kind: sequencing
  resolving: Cruel Ultimatum
  performed:
%s
"""


def cruel(*lines: str):
    return parse_scenario(CRUEL % "\n".join(f"    - {line}" for line in lines), "cruel.yaml")


def test_the_library_has_the_seeds_and_twenty_variants():
    assert len(SEQ_FILES) >= 26


def test_correct_order_follows_the_written_order_not_the_scenario():
    scenario = cruel("alice gains 5 life", "alice draws 3", "alice returns Grizzly Bears",
                     "bob loses 5 life", "bob discards 3", "bob sacrifices Serra Angel")
    verdict = check_scenario(scenario)
    order = (verdict.counterexample.closest_order if verdict.counterexample
             else verdict.witness.order)
    assert list(order) == ["bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
                           "alice returns Grizzly Bears", "alice draws 3", "alice gains 5 life"]
    assert Citation("CR", "608.2c") in verdict.citations


def test_cruel_ultimatum_counterexample_names_the_drawn_cards_and_the_choice():
    verdict = check_scenario(load_scenario(
        [p for p in SEQ_FILES if p.stem == "seq_cruel_ultimatum_draw_before_return"][0]))
    assert verdict.outcome == "does-not-stand"
    assert verdict.failed == {Condition.NO_LEAK}
    text = verdict.counterexample.violations[0].text
    assert "3 cards drawn" in text and "Grizzly Bears and Llanowar Elves" in text
    assert Citation("MTR", "4.3") in verdict.citations
    assert Citation("CR", "608.2c") in verdict.citations


def test_a_stand_carries_a_witness_order_and_priority_windows():
    verdict = check_scenario(load_scenario(
        [p for p in SEQ_FILES if p.stem == "seq_masticore_discard_before_untap"][0]))
    assert verdict.outcome == "stands"
    assert verdict.witness.order == ("alice untaps", "alice discards Lightning Bolt")
    windows = verdict.details["priority_windows"]
    assert len(windows) == 1 and windows[0]["position"] == 1
    assert windows[0]["rule"] == "CR 503.1"


def test_citations_follow_the_edition():
    scenario = load_scenario([p for p in SEQ_FILES if p.stem == "seq_harrow_graveyard_before_search"][0])
    old = check_scenario(scenario, Edition("2009-07-11"))
    new = check_scenario(scenario, Edition("2026-08-07"))
    assert Citation("CR", "607.2k") in old.citations and Citation("CR", "608.2n") in new.citations
    assert old.outcome == new.outcome == "stands"


def test_check_performed_takes_model_values():
    scenario = cruel("bob sacrifices Serra Angel")
    verdict = check_performed(scenario.state, [
        "bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
        "alice returns Grizzly Bears", "alice draws 3", "alice gains 5 life"],
        resolving="Cruel Ultimatum", edition="2026-08-07")
    assert verdict.outcome == "stands"
    assert verdict.details["engine"] == "temporal core"


def test_a_short_block_fails_the_leak_and_what_it_forgot():
    verdict = check_scenario(cruel("alice draws 3", "alice returns Grizzly Bears"))
    assert verdict.outcome == "does-not-stand"
    assert verdict.failed == {Condition.NO_LEAK, Condition.NOTHING_ADDED_OR_FORGOTTEN,
                              Condition.SAME_STATE}


def test_standing_orders_of_cruel_ultimatum():
    scenario = cruel("bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
                     "alice draws 3", "alice returns Grizzly Bears", "alice gains 5 life")
    found = standing_orders(scenario)
    assert found.total == 720
    # only the orders with bob's discard before alice's (public) return before her draw stand
    assert found.count == 720 // 6
    for order in found.orders:
        assert order.index("bob discards 3") < order.index("alice returns Grizzly Bears") \
            < order.index("alice draws 3")
    # the draw-first order fails only the leak: without it, every order stands
    assert standing_orders(scenario, conditions=["legal-in-order", "same-state"]).count == 720


def test_standing_orders_agree_with_judging_each_order():
    """Two ways to the same answer: the orders the solver enumerates with the performed order
    left open, and the verdict on each order performed as listed."""
    lines = ["bob sacrifices Serra Angel", "bob discards 3", "alice returns Grizzly Bears",
             "alice draws 3"]
    text = CRUEL.replace("[Grizzly Bears, Llanowar Elves]", "[Grizzly Bears, Llanowar Elves]")
    cards = ("cards:\n  - {name: Small Ultimatum, types: [sorcery], targets: [opponent], resolve: "
             "[{do: sacrifice, who: target, what: creature, count: 1}, {do: discard, who: target, count: 3}, "
             "{do: return, who: you, what: creature, from: graveyard, to: hand, count: 1}, "
             "{do: draw, who: you, count: 3}]}\n")
    text = text.replace("name: test\n", "name: test\n" + cards).replace("Cruel Ultimatum", "Small Ultimatum")
    enumerated = standing_orders(parse_scenario(text % "\n".join(f"    - {x}" for x in lines), "s.yaml"))
    one_by_one = set()
    for order in itertools.permutations(lines):
        verdict = check_scenario(parse_scenario(text % "\n".join(f"    - {x}" for x in order), "s.yaml"))
        if verdict.outcome == "stands":
            one_by_one.add(order)
    assert set(enumerated.orders) == one_by_one and len(one_by_one) == 4


@pytest.mark.parametrize("limits", [Budget(conflicts=0), Budget(seconds=0)],
                         ids=["clingo-conflicts", "clingo-seconds"])
def test_a_solver_out_of_budget_is_unsupported_not_a_verdict(limits):
    scenario = cruel("alice draws 3", "alice returns Grizzly Bears")
    with limited(limits), pytest.raises(BudgetExhausted, match="^unsupported: budget"):
        check_scenario(scenario)


def test_reaction_only_inside_the_block_counts():
    scenario = cruel("bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
                     "alice returns Grizzly Bears", "alice draws 3", "alice gains 5 life",
                     "{reaction: bob casts a spell}")
    assert check_scenario(scenario).outcome == "stands"
    inside = cruel("bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
                   "alice returns Grizzly Bears", "{pause: alice thinks}", "alice draws 3",
                   "alice gains 5 life")
    assert check_scenario(inside).failed == {Condition.NO_INTERACTION}


def test_conditions_are_named_as_in_the_design():
    assert [c.value for c in Condition] == ["legal-in-order", "same-state", "no-leak",
                                           "no-interaction", "nothing-added-or-forgotten"]


# -- errors in the scenario format ---------------------------------------------------------

def _error(*lines: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        cruel(*lines)
    return info.value


def test_error_unknown_object_in_an_action():
    err = _error("bob sacrifices Serra Angel", "bob discards 3", "bob loses 5 life",
                 "alice returns Grizzly Bear")
    assert err.location.file == "cruel.yaml"
    assert err.location.field == "question.performed[3]"
    assert err.location.line == 14
    assert "Grizzly Bear'" in err.problem and "Did you mean 'Grizzly Bears'?" in err.suggestion


def test_error_unknown_player_in_an_action():
    err = _error("bbo sacrifices Serra Angel")
    assert err.location.field == "question.performed[0]"
    assert "Did you mean 'bob'?" in err.suggestion


def test_error_malformed_action_line():
    err = _error("bob sacrifice Serra Angel")
    assert err.location.field == "question.performed[0]"
    assert "not an action" in err.problem
    assert "Did you mean 'sacrifices" in err.suggestion


def test_error_missing_situation():
    with pytest.raises(ScenarioError) as info:
        parse_scenario(CRUEL.replace("  resolving: Cruel Ultimatum\n", "") % "    - bob loses 5 life",
                       "x.yaml")
    assert "situation" in info.value.problem
    assert info.value.location.field == "question"


def test_error_event_with_two_kinds():
    err = _error("{reaction: x, pause: y}")
    assert err.location.field == "question.performed[0]"


def test_error_steps_out_of_order():
    text = """
name: t
state: {players: [alice, bob], step: untap}
question: {kind: sequencing, steps: [untap, draw], performed: [alice untaps]}
"""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.yaml")
    assert info.value.location.field == "question.steps"
    assert "does not follow" in info.value.problem


def test_error_unknown_card_resolving():
    with pytest.raises(ScenarioError) as info:
        parse_scenario(CRUEL.replace("resolving: Cruel Ultimatum", "resolving: Cruel Ultimatm")
                       % "    - bob loses 5 life", "x.yaml")
    assert info.value.location.field == "question.resolving"
    assert "Did you mean 'Cruel Ultimatum'?" in info.value.suggestion


def test_a_targeted_player_must_be_named_when_more_than_one_could_be():
    """Read once by the vocabulary, 'who: target' names the target; with two opponents the
    scenario must say which (it used to be the first opponent in seat order, silently)."""
    three = CRUEL.replace("players: [alice, bob]", "players: [alice, bob, carol]")
    with pytest.raises(ScenarioError, match="doesn't say which.*'target'"):
        parse_scenario(three % "    - bob sacrifices Serra Angel", "three.yaml")
    named = three.replace("  resolving: Cruel Ultimatum", "  resolving: Cruel Ultimatum\n  target: bob")
    assert parse_scenario(named % "    - bob sacrifices Serra Angel", "three.yaml").question.situation.target == "bob"


def test_who_opponent_is_refused_with_a_suggestion():
    text = CRUEL.replace("name: test", "name: test\ncards:\n  - {name: Odd, types: [sorcery], "
                         "resolve: [{do: discard, who: opponent, count: 1}]}")
    with pytest.raises(ScenarioError, match="Did you mean 'opponents'"):
        parse_scenario(text % "    - bob sacrifices Serra Angel", "odd.yaml")


def test_creatures_dying_at_once_have_lethal_damage_by_their_toughness_now():
    """CR 704.5g: the core marks each dying creature's lethal damage from its toughness as it
    is (a +1/+1 counter counted), so a 2/2 with a counter dies too, at the one check."""
    state = GameState.from_dict({"players": ["alice", "bob"], "alice": {"battlefield": [
        {"card": "Grizzly Bears", "counters": {"+1/+1": 1}}, "Llanowar Elves"]}})
    v = check_performed(state, ["alice puts Grizzly Bears into the graveyard",
                                "alice puts Llanowar Elves into the graveyard"],
                        dying=["Grizzly Bears", "Llanowar Elves"])
    assert v.outcome is SequencingOutcome.STANDS, v.reasons
    assert "CR 704.5g" in [str(c) for c in v.citations]


DARK_THOUGHTS = """
name: test
cards:
- {name: Dark Thoughts, cost: '{1}{B}', types: [sorcery], targets: [opponent],
   resolve: [{do: discard, who: target, count: 2}]}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [%s], hand: [Dark Thoughts]}
  bob: {hand: [Island, Plains, Forest]}
question:
  kind: sequencing
  casting: Dark Thoughts
  performed:
%s
"""


def dark_thoughts(lands: str, *lines: str):
    return parse_scenario(DARK_THOUGHTS % (lands, "\n".join(f"    - {line}" for line in lines)), "dark.yaml")


def test_a_cast_paid_from_lands_the_block_taps_stands_whenever_the_taps_are_said():
    # CR 605.3a: mana abilities at priority, before the cast pays from the pool (CR 601.2h); a
    # tap said after the discard changes no choice and no state (MTR 4.3).
    verdict = check_scenario(dark_thoughts("Swamp, Swamp", "bob discards Island, Plains", "alice taps Swamp for mana",
                                           "alice taps Swamp#2 for mana"))
    assert verdict.outcome == "stands"


def test_a_cast_that_can_not_be_paid_fails_legal_in_order():
    # CR 601.2h: {1}{B} from one Swamp and no other mana source: no legal game casts it.
    verdict = check_scenario(dark_thoughts("Swamp", "alice taps Swamp for mana", "bob discards Island, Plains"))
    assert verdict.outcome == "does-not-stand"
    assert verdict.failed == {Condition.LEGAL_IN_ORDER}
    assert "Dark Thoughts can't be cast" in verdict.counterexample.violations[0].text


def test_a_cast_paid_in_part_from_a_source_no_line_taps_stands():
    # CR 601.2g: the second Swamp's mana ability is activated as the cost is paid; which source
    # paid, where no line says it, is the caster's unsaid choice, compared in neither run.
    verdict = check_scenario(dark_thoughts("Swamp, Swamp", "alice taps Swamp for mana", "bob discards Island, Plains"))
    assert verdict.outcome == "stands"
    assert "alice taps Swamp#2 for mana" in str(verdict.witness)


def test_a_cast_the_unnamed_sources_can_not_pay_fails_legal_in_order():
    # {1}{B} from a Forest the line taps and a Mountain no line names: {B} is owed whatever the
    # caster taps, so no legal game casts it (CR 601.2h).
    verdict = check_scenario(dark_thoughts("Forest, Mountain", "alice taps Forest for mana", "bob discards Island, Plains"))
    assert verdict.outcome == "does-not-stand"
    assert verdict.failed == {Condition.LEGAL_IN_ORDER}


def test_a_cast_whose_additional_cost_can_not_be_paid_fails_legal_in_order():
    # CR 601.2h: Harrow's additional cost (sacrifice a land) with no land to sacrifice: no legal
    # game casts it, whatever mana the pool holds.
    verdict = check_scenario(parse_scenario("""
name: test
state:
  players: [alice, bob]
  step: main1
  alice: {mana-pool: "{G}{G}{G}", library: [Forest, Plains, {hidden: 30}], hand: [Harrow]}
question:
  kind: sequencing
  casting: Harrow
  performed:
    - alice searches for Forest, Plains
    - alice shuffles
""", "harrow.yaml"))
    assert verdict.outcome == "does-not-stand"
    assert verdict.failed == {Condition.LEGAL_IN_ORDER}
    assert "Harrow can't be cast: its additional cost can't be paid" in verdict.counterexample.violations[0].text


@pytest.mark.parametrize(("effect", "refusal"), [
    ("{do: damage, amount: 1, target: any}", "damage_survived_in_block"),
])
def test_damage_a_creature_survives_inside_a_block_is_refused_by_name(effect, refusal):
    # No line says damage a creature survives yet: the runs' ends would differ by what no
    # block could say, so the question is refused, never judged.
    scenario = parse_scenario(f"""
name: test
cards:
- {{name: Blessed Martyr, cost: '{{W}}', types: [creature], power: 1, toughness: 1,
   triggered: [{{when: dies, effect: [{effect}]}}]}}
state:
  players: [alice, bob]
  step: main1
  alice: {{battlefield: [Blessed Martyr, Grizzly Bears, Llanowar Elves]}}
question:
  kind: sequencing
  dying: [Blessed Martyr]
  performed:
    - alice puts Blessed Martyr into the graveyard
    - alice targets Grizzly Bears
""", "martyr.yaml")
    with pytest.raises(UnsupportedQuestion, match=refusal):
        check_scenario(scenario)


def _two_spells(second: str, *lines: str):
    return parse_scenario(f"""
name: test
cards:
- {{name: Slow Bolt, cost: '{{R}}', types: [sorcery], targets: [player], resolve: [{{do: damage, amount: 3, target: player}}]}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Lightning Bolt, {second}], battlefield: [Mountain, Mountain], library: {{hidden: 5}}}}
  bob: {{library: {{hidden: 5}}}}
question:
  kind: sequencing
  casting: Lightning Bolt
  target: bob
  performed:
""" + "\n".join(f"    - {line}" for line in lines), "two.yaml")


def test_a_second_spell_cast_holding_priority_resolves_first_inside_the_block():
    # CR 117.3c: the caster holds priority after casting and casts Shock; it resolves first
    # (CR 405.5), and both resolutions are the block's (MTR 4.3): forced acts in any order.
    verdict = check_scenario(_two_spells("Shock", "alice taps Mountain for mana", "alice taps Mountain#2 for mana",
                                         "alice casts Shock targeting bob", "bob loses 3 life", "bob loses 2 life"))
    assert verdict.outcome == "stands"
    assert "alice casts Shock targeting bob" in str(verdict.witness)


def test_a_sorcery_cast_with_the_first_spell_on_the_stack_fails_legal_in_order():
    # CR 307.1: a sorcery only with the stack empty — no legal game casts it inside the block.
    verdict = check_scenario(_two_spells("Slow Bolt", "alice taps Mountain for mana", "alice taps Mountain#2 for mana",
                                         "alice casts Slow Bolt targeting bob", "bob loses 3 life", "bob loses 3 life"))
    assert verdict.outcome == "does-not-stand"
    assert Condition.LEGAL_IN_ORDER in verdict.failed
