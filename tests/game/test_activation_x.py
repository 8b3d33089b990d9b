"""{X} in an activated ability's cost on the temporal core (Cinder Elemental: {X}{R}, {T},
sacrifice it: X damage to any target). Each expectation is read off the rules before the core
was asked:

- 602.2b: activating follows 601.2b-h with the activation cost as the mana cost; 107.3a, 601.2b:
  X is announced as it is activated; 601.2f: X generic mana for each {X} in the total; 601.2h:
  paid at once, with {T} and the sacrifice. 2008: 409.1b/f/h, 104.3c.
- 113.7a: the ability exists on the stack without its source; 107.3a: while it is on the
  stack its X is the value announced — the ability's own (107.3k from 2024; an ability on the
  stack is an object of its own, 602.2a).
- What the core doesn't model stays refused by name: X with a hybrid symbol in one activation
  cost, a mana ability whose cost is not just {T}."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, is_there_a_way, parse_scenario, what_happens


def state(alice: str, bob: str = "", cards: str = ""):
    return parse_scenario(f"""name: t
{cards}question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{battlefield: [{alice}], library: {{hidden: 3}}}}
  bob: {{battlefield: [{bob}], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def tap(n, land="Mountain"):
    return [f"alice taps {land}{'' if i == 0 else f'#{i + 1}'} for mana" for i in range(n)]


def test_the_elemental_is_gone_while_its_ability_waits_on_the_stack():
    # the sacrifice and {T} are paid as it is activated (601.2h): before anyone passes, the
    # Elemental is in the graveyard, the ability on the stack, the Bears untouched, alice's
    # pool spent
    s = state("Cinder Elemental, Mountain, Mountain, Mountain", "Grizzly Bears")
    v = check_state(s, lines(s, *tap(3), "alice activates Cinder Elemental targeting Grizzly Bears announcing X as 2"),
                    conds(s, "Cinder Elemental is in graveyard", "the stack has 1 objects", "Grizzly Bears has 0 damage", "alice's mana pool is empty"))
    assert v.outcome == "holds", v.reasons
    assert {"CR 602.2", "CR 107.3"} <= {str(c) for c in v.citations}


def test_each_activation_has_its_own_x():
    # 107.3a/k: two activations of one permanent's {X} ability, X = 1 then X = 2, both on the
    # stack: each resolves with its own value (2 first, then 1): bob 20 -> 17
    cards = """cards:
  - name: Rod of Embers
    cost: "{2}"
    types: [artifact]
    activated:
      - cost: [{mana: "{X}"}]
        effect: [{do: damage, amount: X, target: any}]
"""
    s = state("Rod of Embers, Mountain, Mountain, Mountain", cards=cards)
    v = check_state(s, lines(s, *tap(3), "alice activates Rod of Embers targeting bob announcing X as 1",
                             "alice activates Rod of Embers targeting bob announcing X as 2",
                             "alice passes", "bob passes"),
                    conds(s, "bob's life is 18", "the stack has 1 objects"))
    assert v.outcome == "holds", v.reasons
    v = check_state(s, lines(s, *tap(3), "alice activates Rod of Embers targeting bob announcing X as 1",
                             "alice activates Rod of Embers targeting bob announcing X as 2",
                             "alice passes", "bob passes", "alice passes", "bob passes"),
                    conds(s, "bob's life is 17", "the stack is empty"))
    assert v.outcome == "holds", v.reasons


def test_x_zero_is_legal_and_deals_nothing():
    s = state("Cinder Elemental, Mountain", "Grizzly Bears")
    v = check_state(s, lines(s, *tap(1), "alice activates Cinder Elemental targeting Grizzly Bears announcing X as 0",
                             "alice passes", "bob passes"),
                    conds(s, "Grizzly Bears has 0 damage", "Cinder Elemental is in graveyard"))
    assert v.outcome == "holds", v.reasons


@pytest.mark.parametrize("line, fragment", [
    # 107.3a: nothing to announce for a cost without {X}
    ("alice activates Mogg Fanatic targeting bob announcing X as 1", "has no {X}"),
    # 302.6: {T} of a creature that came under alice's control this turn
    ("alice activates Cinder Elemental#2 targeting bob announcing X as 0", "since the start of their turn"),
    # 601.2h: {X}{R} with X = 1 and one Mountain's mana
    ("alice activates Cinder Elemental targeting bob announcing X as 1", "can't pay"),
])
def test_illegal_activations_say_why(line, fragment):
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Cinder Elemental, {card: Cinder Elemental, entered-this-turn: true}, Mogg Fanatic,
                        Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    v = what_happens(s, lines(s, *tap(1), line))
    assert v.outcome == "illegal-action" and fragment in v.reasons[0], v.reasons


def test_x_with_a_hybrid_symbol_and_a_mana_ability_with_x_are_refused_by_name():
    cards = """cards:
  - name: Hybrid Rod
    cost: "{2}"
    types: [artifact]
    activated:
      - cost: [{mana: "{X}{R/G}"}]
        effect: [{do: damage, amount: X, target: any}]
  - name: Odd Stone
    cost: "{2}"
    types: [artifact]
    mana: [{cost: [{mana: "{X}"}, tap], add: "{C}"}]
"""
    s = state("Hybrid Rod, Odd Stone, Mountain, Mountain", cards=cards)
    with pytest.raises(UnsupportedQuestion, match="whose cost the core does not pay"):
        what_happens(s, lines(s, *tap(2), "alice activates Hybrid Rod targeting bob announcing X as 1"))
    with pytest.raises(UnsupportedQuestion, match="mana ability of Odd Stone"):
        what_happens(s, lines(s, "alice taps Odd Stone for mana"))


def test_a_search_proves_no_none_past_an_ability_with_x():
    # what X would be is not opened (a search announces none): the Elemental could be
    # sacrificed with X = 0 for the Mountain's {R}, so "impossible" would be wrong; none is claimed
    s = state("Cinder Elemental, Mountain")
    with pytest.raises(UnsupportedQuestion, match="does not model"):
        is_there_a_way(s, "alice", ["Cinder Elemental is in graveyard"], "beginning-of-combat")


def test_damage_by_a_sacrificed_source_whose_keywords_an_effect_changed_is_refused():
    # 113.7a, 608.2h: Mogg Fanatic, given lifelink until end of turn, deals its damage as it
    # last existed (with lifelink: alice would gain 1); the core keeps printed keywords only
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Mogg Fanatic], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
  effects:
    - {from: Leap, controller: alice, do: grant-ability, what: Mogg Fanatic, ability: lifelink, duration: turn}
""").state
    with pytest.raises(UnsupportedQuestion, match="as it last existed"):
        what_happens(s, lines(s, "alice activates Mogg Fanatic targeting bob", "alice passes", "bob passes"))
