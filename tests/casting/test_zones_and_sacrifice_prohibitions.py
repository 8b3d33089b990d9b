"""CR 601.3 (casting from a zone needs a rule or effect allowing it, and no prohibition) and
prohibitions on sacrificing (CR 101.2), in every question kind that casts, pays or sacrifices;
costs the encodings don't understand are refused, never dropped."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError
from mtgrules.queries import check_scenario, parse_scenario


def run(state: str, question: str, cards: str = ""):
    text = f"name: t\nedition: 2026-08-07\nstate:\n{state}\nquestion: {question}\n{cards}"
    return check_scenario(parse_scenario(text, "t.yaml"))


BOLT_IN_GRAVEYARD = """  players: [alice, bob]
  alice: {graveyard: [Lightning Bolt], battlefield: [Mountain]}
  effects: EFFECTS"""
CAST_FROM_GRAVEYARD = "{kind: cast, card: Lightning Bolt, from: graveyard, targets: [bob]}"
PERMIT = "{from: R, controller: alice, do: permit, who: you, action: cast-spells, zone: graveyard}"
FORBID = "{from: C, controller: bob, do: forbid, who: each-player, action: cast-spells, zone: graveyard}"
FORBID_EXILE = "{from: C, controller: bob, do: forbid, who: each-player, action: cast-spells, zone: exile}"


@pytest.mark.parametrize(("effects", "outcome"), [
    ([], "illegal"), ([PERMIT], "legal"), ([PERMIT, FORBID], "illegal"), ([FORBID, PERMIT], "illegal"),
    ([PERMIT, FORBID_EXILE], "legal"),
])
def test_casting_from_the_graveyard_needs_a_permission_and_no_prohibition(effects, outcome):
    state = BOLT_IN_GRAVEYARD.replace("EFFECTS", "[" + ", ".join(effects) + "]")
    verdict = run(state, CAST_FROM_GRAVEYARD)
    assert verdict.outcome == outcome
    cited = [str(c) for c in verdict.citations]
    if effects != [PERMIT, FORBID_EXILE]:
        assert "CR 601.3" in cited
    if outcome == "illegal" and effects:
        assert "CR 101.2" in cited


def test_before_601_3_existed_the_card_type_rule_is_cited():
    text = ("name: t\nedition: 2009-10-01\nstate:\n" + BOLT_IN_GRAVEYARD.replace("EFFECTS", "[]")
            + "\nquestion: " + CAST_FROM_GRAVEYARD)
    verdict = check_scenario(parse_scenario(text, "t.yaml"))
    assert verdict.outcome == "illegal"
    assert "CR 304.1" in [str(c) for c in verdict.citations]


REAP = """  players: [alice, bob]
  alice: {hand: [Altar's Reap], battlefield: [Swamp, Swamp, Grizzly Bears, Llanowar Elves]}
  effects: EFFECTS"""
WARD_BEARS = "{from: W, controller: alice, do: forbid, who: each-player, action: sacrifice, what: Grizzly Bears}"
WARD_ELVES = "{from: W, controller: alice, do: forbid, who: each-player, action: sacrifice, what: Llanowar Elves}"
VOW = "{from: V, controller: bob, do: forbid, who: opponents, action: sacrifice}"


@pytest.mark.parametrize("kind", ["cast", "cost"])
@pytest.mark.parametrize(("effects", "ok", "sacrificed"), [
    ([], True, None), ([WARD_BEARS], True, "Llanowar Elves"), ([WARD_BEARS, WARD_ELVES], False, None),
    ([VOW], False, None),
])
def test_a_sacrifice_cost_honours_prohibitions(kind, effects, ok, sacrificed):
    verdict = run(REAP.replace("EFFECTS", "[" + ", ".join(effects) + "]"),
                  f"{{kind: {kind}, card: Altar's Reap}}")
    assert verdict.outcome == ({"cast": "legal", "cost": "payable"}[kind] if ok else
                               {"cast": "illegal", "cost": "unpayable"}[kind])
    if not ok:
        assert "CR 101.2" in [str(c) for c in verdict.citations]
    if sacrificed and kind == "cost":
        assert verdict.witness.sacrifice == (sacrificed,)


def test_an_activation_sacrificing_itself_is_illegal_when_it_cant_be_sacrificed():
    state = """  players: [alice, bob]
  alice: {battlefield: [Sakura-Tribe Elder]}
  effects: [{from: W, controller: alice, do: forbid, who: each-player, action: sacrifice, what: Sakura-Tribe Elder}]"""
    verdict = run(state, "{kind: cast, card: Sakura-Tribe Elder, ability: 1}")
    assert verdict.outcome == "illegal"


def test_a_loyalty_cost_is_paid_not_dropped():
    state = ("  players: [alice, bob]\n  step: main1\n"
             "  alice: {battlefield: [{card: Liliana of the Veil, counters: {loyalty: 3}}]}")
    verdict = run(state, "{kind: cast, card: Liliana of the Veil, ability: 1}")
    assert verdict.outcome == "legal"
    assert "CR 606.4" in [str(c) for c in verdict.citations]


@pytest.mark.parametrize(("effect", "fragment"), [
    ("{from: X, controller: alice, do: forbid, who: you, action: play-land, zone: graveyard}",
     "'zone' means nothing"),
    ("{from: X, controller: alice, do: forbid, who: you, action: concede, what: Mountain}",
     "'what' means nothing"),
    ("{from: X, controller: alice, do: permit, who: you, action: sacrifice}",
     "permission to sacrifice"),
    ("{from: X, controller: alice, do: forbid, who: you, action: sacrifice, what: Mountian}",
     "Mountain"),
    ("{from: X, controller: alice, do: permit, who: you, action: cast-spells, zone: graveyrd}",
     "graveyard"),
])
def test_prohibition_parameters_are_checked(effect, fragment):
    state = f"  players: [alice, bob]\n  alice: {{battlefield: [Mountain]}}\n  effects: [{effect}]"
    with pytest.raises(ScenarioError, match=fragment):
        run(state, "{kind: golden, ask: play-land, player: alice}")


@pytest.mark.parametrize("cost", ["[{discard: card}]", "[untap]", "[{sacrifice: planet}]",
                                  "[{mana: '{Q}'}]"])
def test_an_activation_cost_outside_the_vocabulary_is_refused_when_read(cost):
    cards = f"""cards:
  - name: Odd Relic
    cost: "{{1}}"
    types: [artifact]
    activated: [{{cost: {cost}, effect: [{{do: draw, who: you}}]}}]"""
    state = "  players: [alice, bob]\n  alice: {battlefield: [Odd Relic]}"
    with pytest.raises(ScenarioError):
        run(state, "{kind: cast, card: Odd Relic, ability: 1}", cards)
