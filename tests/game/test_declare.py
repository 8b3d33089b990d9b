"""Requirements and restrictions on declaring attackers and blockers (CR 508.1c-d, 509.1b-c;
500.2-500.4 of the 2008 editions): the core's checks, declare.lp's maximum, and the traces they
stop. Each expectation is derived from the CR text cited beside it."""
from __future__ import annotations

import clingo
import pytest

from mtgrules.encodings.game import facts, search
from mtgrules.encodings.game.declare import judge
from mtgrules.model.cards import Card, Instruction
from mtgrules.model.edition import Edition
from mtgrules.model.read.timeline import parse_condition, parse_line, parse_point
from mtgrules.model.source import Field
from mtgrules.queries import parse_scenario, what_happens

F, S, N = clingo.Function, clingo.String, clingo.Number
NEWEST = Edition("2026-08-07")
ATTACK = ("alice passes", "bob passes")


def combat(alice: str, bob: str, *script: str, edition: str = "2026-08-07", effects: str = ""):
    s = parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n"
                       "  players: [alice, bob]\n  step: beginning-of-combat\n"
                       f"  alice: {{battlefield: {alice}, library: {{hidden: 3}}}}\n"
                       f"  bob: {{battlefield: {bob}, library: {{hidden: 3}}}}\n" + effects).state
    lines = [parse_line(Field.of(t, "script"), s) for t in (*ATTACK, *script)]
    return what_happens(s, lines, edition=Edition(edition))


def attack(*names: str) -> tuple[str, ...]:
    return (f"alice attacks with {', '.join(names)}", "alice passes", "bob passes")


def cited(v) -> list[str]:
    return [str(c) for c in v.citations]


def grant(what: str, ability: str) -> str:
    return (f"  effects:\n    - {{from: Culling Mark, controller: alice, do: grant-ability, what: {what}, "
            f"ability: {ability}, duration: turn}}\n")


# -- the words ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ability,atom", [("attacks-each-combat", "attacks_each_combat"),
                                          ("cant-block", "cant_block"),
                                          ("must-be-blocked-by-all", "must_be_blocked_by_all")])
def test_a_printed_requirement_is_a_static_ability_granting_itself_the_ability(ability, atom):
    ins = Instruction("grant-ability", (("what", "self"), ("ability", ability)))
    out = list(facts.static_facts(Card("X", frozenset({"creature"})), S("X"), N(1), ins))
    assert [str(s) for s in out] == [f'static_mod("X",1,self,grant({atom}))']


def test_a_granted_requirement_lasts_as_its_effect_says():
    ins = Instruction("grant-ability", (("target", "creature"), ("ability", "must-be-blocked"),
                                        ("duration", "turn")))
    out = {str(s) for s in facts.instruction_facts(F("spell", [S("X")]), 1, ins)}
    assert 'instr_mod(spell("X"),1,grant(must_be_blocked))' in out
    assert 'instr(spell("X"),1,effect(target,turn))' in out


# -- declare.lp on its own -----------------------------------------------------------------------

def fact(name: str, *args) -> clingo.Symbol:
    return F(name, [a if isinstance(a, clingo.Symbol) else S(a) if isinstance(a, str) else N(a) for a in args])


def blocks(*pairs: tuple[str, str], who: str = "scripted") -> list[clingo.Symbol]:
    return [fact("in_block", F(who), b, a, 0) for b, a in pairs]


def best(judgement) -> set[tuple[str, str]]:
    return {(s.arguments[1].string, s.arguments[2].string) for s in judgement.shown if s.name == "in_block"}


def obeyed(judgement) -> dict[str, int]:
    return {s.arguments[0].name: s.arguments[1].number for s in judgement.shown if s.name == "obeyed"}


CR_509_1C = [fact("declaring", F("block")), fact("requirement", F("blocks", [S("first")])),
             fact("block_option", "first", "brute"), fact("block_option", "second", "brute"),
             fact("has_kw", "brute", F("menace"), 0)]
"""The example under CR 509.1c: a creature that blocks if able, one with no abilities, an
attacker with menace."""


def test_cr_509_1c_example_none_is_short_and_both_blocking_is_the_best():
    judgement = judge(CR_509_1C, NEWEST)
    assert judgement.short and obeyed(judgement) == {"scripted": 0, "best": 1}
    assert best(judgement) == {("first", "brute"), ("second", "brute")}


def test_cr_509_1c_example_both_blocking_obeys_the_maximum():
    judgement = judge([*CR_509_1C, *blocks(("first", "brute"), ("second", "brute"))], NEWEST)
    assert not judgement.short and obeyed(judgement) == {"scripted": 1, "best": 1}


def test_two_lures_one_blocker_obeys_one_requirement_at_most():
    # Each Lure makes a requirement for the one blocker; it blocks one attacker (CR 509.1a), so
    # blocking either obeys the maximum (CR 509.1c).
    base = [fact("declaring", F("block")), fact("block_option", "b", "u1"), fact("block_option", "b", "u2"),
            fact("requirement", F("blocks", [S("b"), S("u1")])), fact("requirement", F("blocks", [S("b"), S("u2")]))]
    assert not judge([*base, *blocks(("b", "u2"))], NEWEST).short
    assert judge(base, NEWEST).short
    assert obeyed(judge(base, NEWEST))["best"] == 1


def test_a_requirement_no_legal_declaration_obeys_changes_nothing():
    # An attacks-if-able creature that is no option (tapped, say, CR 508.1a): the maximum is 0.
    judgement = judge([fact("declaring", F("attack")), fact("requirement", F("attacks", [S("cyclops")])),
                       fact("attack_option", "bears")], NEWEST)
    assert not judgement.short and obeyed(judgement) == {"scripted": 0, "best": 0}


def test_must_be_blocked_needs_one_blocker_and_competes_with_lure():
    # A must-be-blocked attacker (one requirement) and a Lure attacker (one per creature able):
    # with two blockers the best obeys 2 — one on each, or both on the Lure.
    base = [fact("declaring", F("block")), *(fact("block_option", b, a) for b in ("x", "y") for a in ("p", "l")),
            fact("requirement", F("blocked", [S("p")])),
            *(fact("requirement", F("blocks", [S(b), S("l")])) for b in ("x", "y"))]
    assert obeyed(judge(base, NEWEST))["best"] == 2
    assert not judge([*base, *blocks(("x", "p"), ("y", "l"))], NEWEST).short
    assert judge([*base, *blocks(("x", "p"), ("y", "p"))], NEWEST).short


# -- the traces ----------------------------------------------------------------------------------

def test_a_must_attack_creature_left_home_is_illegal_and_the_words_give_a_better_declaration():
    v = combat("[Bloodrock Cyclops, Grizzly Bears]", "[]", "alice attacks with Grizzly Bears")
    assert v.outcome == "illegal-action" and "CR 508.1d" in cited(v)
    assert "obeys 0 requirements; attacking with Bloodrock Cyclops obeys 1" in v.reasons[0]


def test_attacking_with_the_must_attack_creature_is_legal_and_cites_the_requirement():
    v = combat("[Bloodrock Cyclops, Grizzly Bears]", "[]", *attack("Bloodrock Cyclops"),
               "bob blocks with nothing", "all pass until main2")
    assert v.outcome != "illegal-action" and "CR 508.1d" in cited(v)
    assert v.details["final state"]["life"]["bob"] == 17


def test_a_summoning_sick_must_attack_creature_may_stay_home():
    # CR 508.1a, 302.6: it can't attack, so no declaration obeys its requirement (CR 508.1d).
    v = combat("[{card: Bloodrock Cyclops, entered-this-turn: true}]", "[]", "alice attacks with nothing",
               "all pass until main2")
    assert v.outcome != "illegal-action"


def test_a_granted_cant_attack_is_a_restriction():
    v = combat("[Grizzly Bears]", "[]", "alice attacks with Grizzly Bears",
               effects=grant("Grizzly Bears", "cant-attack"))
    assert v.outcome == "illegal-action" and "CR 508.1c" in cited(v)
    assert "can't attack" in v.reasons[0]


def test_a_must_attack_creature_that_cant_attack_may_stay_home():
    # A restriction beats the requirement: the maximum is over declarations obeying every
    # restriction (CR 508.1d).
    v = combat("[Bloodrock Cyclops]", "[]", "alice attacks with nothing", "all pass until main2",
               effects=grant("Bloodrock Cyclops", "cant-attack"))
    assert v.outcome != "illegal-action"


def test_the_requirement_of_a_creature_that_lost_its_abilities_is_gone():
    effects = ("  effects:\n    - {from: Turn to Frog, controller: bob, do: remove-ability, what: Bloodrock Cyclops, "
               "ability: all, duration: turn}\n")
    v = combat("[Bloodrock Cyclops, Grizzly Bears]", "[]", "alice attacks with Grizzly Bears", "all pass until main2",
               effects=effects)
    assert v.outcome != "illegal-action"


def test_all_pass_until_with_a_blocker_required_needs_bobs_declaration():
    v = combat("[Prized Unicorn]", "[Grizzly Bears]", *attack("Prized Unicorn"), "all pass until main2")
    assert v.outcome == "needs-decision" and "CR 509.1c" in cited(v)
    assert "bob declares blockers" in v.reasons[0]


def test_lure_with_every_able_creature_blocking_is_legal():
    v = combat("[Prized Unicorn]", "[Grizzly Bears, Llanowar Elves]", *attack("Prized Unicorn"),
               "bob blocks Prized Unicorn with Grizzly Bears and Prized Unicorn with Llanowar Elves",
               "all pass until combat-damage")
    assert v.outcome != "illegal-action" and "CR 509.1c" in cited(v)


def test_lure_words_name_each_blocker_of_the_better_declaration():
    v = combat("[Prized Unicorn]", "[Grizzly Bears, Llanowar Elves]", *attack("Prized Unicorn"),
               "bob blocks Prized Unicorn with Grizzly Bears")
    assert v.outcome == "illegal-action"
    assert ("obeys 1 requirement; blocking Prized Unicorn with Grizzly Bears, Llanowar Elves obeys 2"
            in v.reasons[0])


def test_a_cant_block_creature_is_no_able_blocker_of_a_lure():
    v = combat("[Prized Unicorn]", "[Craven Giant]", *attack("Prized Unicorn"), "bob blocks with nothing",
               "all pass until main2")
    assert v.outcome != "illegal-action"
    assert v.details["final state"]["life"]["bob"] == 18


def test_blocking_a_must_be_blocked_attacker_with_one_creature_is_enough():
    v = combat("[Gaea's Protector, Grizzly Bears]", "[Llanowar Elves, Runeclaw Bear]",
               *attack("Gaea's Protector", "Grizzly Bears"),
               "bob blocks Gaea's Protector with Llanowar Elves and Grizzly Bears with Runeclaw Bear",
               "all pass until combat-damage")
    assert v.outcome != "illegal-action"


def test_2008_cites_500_4():
    v = combat("[Bloodrock Cyclops]", "[]", "alice attacks with nothing", edition="2008-10-01")
    assert v.outcome == "illegal-action" and "CR 500.4" in cited(v)


def test_a_search_does_not_declare_none_past_a_requirement():
    # Whether declaring none is legal is declare.lp's, which only a simulation asks: a search
    # (ask: way) stops the branch there and proves no "none" past it.
    s = parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n  players: [alice, bob]\n"
                       "  step: main1\n  alice: {battlefield: [Bloodrock Cyclops], library: {hidden: 3}}\n"
                       "  bob: {library: {hidden: 3}}\n").state
    way = search(s, NEWEST, "alice", [parse_condition("bob's life is 10", s)], by=parse_point("main2", s))
    assert way.found is None and not way.complete
