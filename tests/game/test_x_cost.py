"""{X} in a mana cost, announced as the spell is cast, on the temporal core (Blaze: {X}{R}
sorcery, X damage to any target). Each expectation is read off the rules before the core was
asked:

- 107.3a, 601.2b: the value of X is announced while casting; 601.2f: the total cost has X generic
  mana for each {X}; 601.2h: all of it is paid. X may be 0 (120.8: 0 damage isn't dealt).
- 107.3: the instructions' X is the value announced.
- 202.3e: off the stack X counts as 0 in the mana value."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens

BOTH_PASS = ["alice passes", "bob passes"]


def state(hand: str, mountains: int, bob_field: str = "Grizzly Bears", cards: str = ""):
    lands = ", ".join(["Mountain"] * mountains)
    return parse_scenario(f"""name: t
{cards}question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{hand}], battlefield: [{lands}], library: {{hidden: 3}}}}
  bob: {{battlefield: [{bob_field}], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def tap(n):
    return [f"alice taps Mountain{'' if i == 0 else f'#{i + 1}'} for mana" for i in range(n)]


def test_x_adds_its_value_to_the_cost_and_to_the_damage():
    s = state("Blaze", 4)
    v = check_state(s, lines(s, *tap(4), "alice casts Blaze targeting bob announcing X as 3", *BOTH_PASS),
                    conds(s, "bob's life is 17", "Blaze is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert "CR 107.3" in {str(c) for c in v.citations}


def test_the_total_with_x_must_be_paid():
    s = state("Blaze", 4)
    v = what_happens(s, lines(s, *tap(3), "alice casts Blaze targeting bob announcing X as 3"))
    assert v.outcome == "illegal-action" and "can't pay" in v.reasons[0], v.reasons


def test_x_may_be_zero():
    s = state("Blaze", 1)
    v = check_state(s, lines(s, *tap(1), "alice casts Blaze targeting Grizzly Bears announcing X as 0", *BOTH_PASS),
                    conds(s, "Grizzly Bears has 0 damage", "Blaze is in graveyard"))
    assert v.outcome == "holds", v.reasons


def test_x_announced_for_a_cost_without_x_is_illegal():
    s = state("Lightning Bolt", 1)
    v = what_happens(s, lines(s, *tap(1), "alice casts Lightning Bolt targeting bob announcing X as 1"))
    assert v.outcome == "illegal-action" and "no {X}" in v.reasons[0], v.reasons
    assert "CR 107.3" in {str(c) for c in v.citations}


def test_x_left_unannounced_is_asked_for_not_guessed():
    s = state("Blaze", 2)
    v = what_happens(s, lines(s, *tap(2), "alice casts Blaze targeting bob"))
    assert v.outcome == "needs-decision" and "value of X" in v.reasons[0], v.reasons


def test_the_mana_value_of_an_x_card_off_the_battlefield_is_refused_by_name():
    # Orim's Thunder kicked at an artifact costing {X}{X}{1}: destroyed by the first instruction,
    # its mana value is read in the graveyard, where this core can't tell whether it left the
    # stack with X announced (202.3e) — refused, not guessed
    s = parse_scenario("""name: t
cards:
  - {name: Growing Idol, cost: "{X}{X}{1}", types: [artifact]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Growing Idol, Grizzly Bears], library: {hidden: 3}}
""").state
    script = ["alice taps Plains for mana", "alice taps Plains#2 for mana", "alice taps Plains#3 for mana",
              "alice taps Mountain for mana",
              "alice casts Orim's Thunder targeting Growing Idol and Grizzly Bears kicked", *BOTH_PASS]
    with pytest.raises(UnsupportedQuestion, match="mana value of Growing Idol"):
        what_happens(s, lines(s, *script))
