"""The common rules (``encodings/common``) on hand-written facts: the exact answer set of each
case, for what several areas read from them — whom an effect on players names, and what it
permits or forbids (``who.lp`` with ``prohibitions.lp``)."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

PROHIBITIONS = ("common/who", "common/prohibitions")
PLAYERS = 'player("a"). player("b"). alive("a",0). alive("b",0). '
SHOW = "#show permits/4. #show forbids/3. #show overrides/4. #show prohibited/3. "

CASES = {
    "an effect forbidding its controller's opponents names the other player only": (
        'names_asked(e,0). source_controller(e,"b",0). effect_forbids(e,play_land,each_opponent,0).',
        [['forbids(e,play_land("a"),0)', 'prohibited(play_land("a"),e,0)']]),
    "a permission for each player names both, with its count": (
        'names_asked(e,0). source_controller(e,"a",0). effect_permits(e,play_land,2,each_player,0).',
        [['permits(e,play_land("a"),2,0)', 'permits(e,play_land("b"),2,0)']]),
    "an override for the targeted player names that player only": (
        'names_asked(e,0). source_controller(e,"a",0). source_target(e,"b",0). '
        'effect_overrides(e,"maximum-hand-size",target,0).',
        [['overrides(e,"maximum-hand-size","b",0)']]),
    "a player who can't sacrifice protects the permanents they control, not the others' (701.21a)": (
        'names_asked(e,0). source_controller(e,"a",0). effect_forbids(e,sacrifice,you,0). '
        'controller(o1,"a"). in(o1,battlefield,0). controller(o2,"b"). in(o2,battlefield,0).',
        [['forbids(e,sacrifice(o1),0)', 'prohibited(sacrifice(o1),e,0)']]),
    "a card in a graveyard is no permanent to protect": (
        'names_asked(e,0). source_controller(e,"a",0). effect_forbids(e,sacrifice,you,0). '
        'controller(o1,"a"). in(o1,graveyard,0).',
        [[]]),
    "what no effect can stop stays allowed though forbidden (CR 104.3a)": (
        'forbids(e,concede("a"),0). unstoppable(concede("a")).',
        [['forbids(e,concede("a"),0)']]),
    "an effect naming nobody alive forbids nothing": (
        'names_asked(e,0). source_controller(e,"a",0). effect_forbids(e,gain_life,target,0).',
        [[]]),
}


@pytest.mark.parametrize(("facts", "expected"), CASES.values(), ids=CASES.keys())
def test_prohibitions_answer_sets(facts, expected):
    assert answer_sets(PROHIBITIONS, SHOW + PLAYERS + facts) == normal(expected)


@pytest.mark.parametrize("life_total", [-1, 0, 1, 2, 3])
@pytest.mark.parametrize("asked", [0, 1, 2, 3])
def test_paying_life_agrees_with_the_cost_areas_z3(life_total, asked):
    """CR 119.4 in common/costs.lp (what the temporal core reads) and its second encoding in
    the cost area's z3 payment: the same amounts of life payable at the same life totals."""
    from mtgrules.encodings.cost.payment import pay
    from mtgrules.encodings.cost.smt import CostProblem, Payment, PaymentProblem
    from mtgrules.model.mana import ManaCost

    facts = f'life_payment(d,"a",{asked},0). life("a",{life_total},0).'
    unpayable = answer_sets(("common/costs",), "#show life_unpayable/2. " + facts) != normal([[]])
    z3_pays = isinstance(pay(PaymentProblem(CostProblem(ManaCost.parse("{0}"), life=asked),
                                            life_total=life_total)), Payment)
    assert unpayable != z3_pays
    assert unpayable == (asked > 0 and life_total < asked)
