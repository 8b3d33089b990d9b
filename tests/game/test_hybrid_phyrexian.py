"""Hybrid and Phyrexian symbols of a mana cost, announced as the spell is cast, on the temporal
core. Each expectation is read off the rules before the core was asked:

- 601.2b: how each hybrid or Phyrexian symbol will be paid is announced while casting; 601.2f: the
  total cost then has that mana (or life); 601.2h: it is all paid.
- 107.4e: a hybrid symbol is paid with either half ({2/W}: one white or two generic mana);
  107.4f (from the 2016 editions here): a Phyrexian symbol with one mana of its colour or 2 life.
- 119.4: a player pays life only if their life total is at least that much; 704.5a: at 0 life
  they lose at the next check.
- 202.3f/g: mana value counts a hybrid symbol's largest half, a Phyrexian symbol as 1."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens

BOTH_PASS = ["alice passes", "bob passes"]


def state(hand: str, lands: str, life: int = 20, bob_field: str = "Grizzly Bears"):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{life: {life}, hand: [{hand}], battlefield: [{lands}], library: {{hidden: 3}}}}
  bob: {{battlefield: [{bob_field}], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def tap(*lands):
    return [f"alice taps {land} for mana" for land in lands]


def cited(v):
    return {str(c) for c in v.citations}


def test_dismember_with_one_phyrexian_symbol_paid_in_life():
    s = state("Dismember", "Swamp, Swamp")
    v = check_state(s, lines(s, *tap("Swamp", "Swamp#2"), "alice casts Dismember targeting Grizzly Bears "
                             "announcing {B/P} as 2 life and {B/P} as {B}", *BOTH_PASS),
                    conds(s, "alice's life is 18", "Grizzly Bears is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert {"CR 601.2b", "CR 107.4f", "CR 119.4"} <= cited(v)


def test_dismember_with_both_paid_in_life_costs_one_mana_and_four_life():
    s = state("Dismember", "Swamp")
    v = check_state(s, lines(s, *tap("Swamp"), "alice casts Dismember targeting Grizzly Bears "
                             "announcing {B/P} as 2 life and {B/P} as 2 life", *BOTH_PASS),
                    conds(s, "alice's life is 16", "Grizzly Bears is in graveyard"))
    assert v.outcome == "holds", v.reasons


def test_the_total_with_the_choices_must_be_paid():
    # {1}{B}{B}: three mana with two Swamps in the pool is short
    s = state("Dismember", "Swamp, Swamp")
    v = what_happens(s, lines(s, *tap("Swamp", "Swamp#2"), "alice casts Dismember targeting Grizzly Bears "
                              "announcing {B/P} as {B} and {B/P} as {B}"))
    assert v.outcome == "illegal-action" and "can't pay the cost" in v.reasons[0], v.reasons


@pytest.mark.parametrize(("line", "words", "rule"), [
    ("alice casts Dismember targeting Grizzly Bears announcing {B/P} as {G}",
     "Phyrexian symbol 1", "CR 107.4f"),
    ("alice casts Dismember targeting Grizzly Bears announcing {B/P} as {2}",
     "Phyrexian symbol 1", "CR 107.4f"),
])
def test_a_way_the_symbol_doesnt_have_is_illegal(line, words, rule):
    s = state("Dismember", "Swamp, Swamp")
    v = what_happens(s, lines(s, *tap("Swamp", "Swamp#2"), line))
    assert v.outcome == "illegal-action" and words in v.reasons[0], v.reasons
    assert rule in cited(v)


def test_a_hybrid_symbol_paid_with_a_half_it_doesnt_have_is_illegal():
    s = state("Inside Out", "Island, Forest")
    v = what_happens(s, lines(s, *tap("Island", "Forest"), "alice casts Inside Out targeting Grizzly Bears "
                              "announcing {U/R} as {G}"))
    assert v.outcome == "illegal-action" and "hybrid symbol 1" in v.reasons[0], v.reasons
    assert "CR 107.4e" in cited(v)


def test_a_symbol_left_unannounced_is_asked_for_not_guessed():
    s = state("Dismember", "Swamp, Swamp, Swamp")
    v = what_happens(s, lines(s, *tap("Swamp", "Swamp#2", "Swamp#3"),
                              "alice casts Dismember targeting Grizzly Bears announcing {B/P} as {B}"))
    assert v.outcome == "needs-decision" and "hybrid and Phyrexian" in v.reasons[0], v.reasons


def test_a_line_naming_symbols_the_card_hasnt_is_a_scenario_error():
    s = state("Dismember", "Swamp")
    with pytest.raises(ScenarioError, match=r"\{B/P\}, \{B/P\}"):
        lines(s, "alice casts Dismember targeting Grizzly Bears announcing {U/P} as 2 life")


def test_life_the_player_hasnt_cant_be_paid_but_all_of_it_can():
    s = state("Gitaxian Probe", "Island", life=1)
    v = what_happens(s, lines(s, "alice casts Gitaxian Probe targeting bob announcing {U/P} as 2 life"))
    assert v.outcome == "illegal-action" and "life" in v.reasons[0], v.reasons
    s = state("Gitaxian Probe", "Island", life=2)
    v = check_state(s, lines(s, "alice casts Gitaxian Probe targeting bob announcing {U/P} as 2 life", *BOTH_PASS),
                    conds(s, "alice has lost"))
    assert v.outcome == "holds", v.reasons
    assert "CR 704.5a" in cited(v)


def test_monocoloured_hybrid_paid_with_two_generic():
    # {2/W}{2/W}{2/W} announced {2}, {W}, {W}: four mana, two of them white (107.4e)
    s = state("Spectral Procession", "Plains, Plains, Swamp, Swamp")
    v = what_happens(s, lines(s, *tap("Plains", "Plains#2", "Swamp", "Swamp#2"),
                              "alice casts Spectral Procession announcing {2/W} as {2}, {2/W} as {W} and {2/W} as {W}"))
    # cast: the spell is on the stack and alice holds priority (its tokens have no words yet)
    assert v.outcome == "needs-decision" and "priority" in v.reasons[0], v.reasons
    short = what_happens(s, lines(s, *tap("Plains", "Plains#2", "Swamp", "Swamp#2"),
                                  "alice casts Spectral Procession announcing {2/W} as {2}, {2/W} as {2} and {2/W} as {W}"))
    assert short.outcome == "illegal-action", short.reasons


def test_hybrid_halves_of_two_colours():
    # (cast only: on the battlefield its triggered abilities, which the library doesn't write,
    # would work, and the core refuses there — test_unwritten_text.py)
    s = state("Kitchen Finks", "Forest, Plains, Swamp")
    v = check_state(s, lines(s, *tap("Forest", "Plains", "Swamp"),
                             "alice casts Kitchen Finks announcing {G/W} as {G} and {G/W} as {W}"),
                    conds(s, "Kitchen Finks is in stack"))
    assert v.outcome == "holds", v.reasons


@pytest.mark.parametrize(("edition", "card", "lands", "line"), [
    ("2009-10-01", "Dismember", "Swamp, Swamp",
     "alice casts Dismember targeting Grizzly Bears announcing {B/P} as 2 life and {B/P} as {B}"),
    ("2008-02-01", "Spectral Procession", "Plains, Plains, Plains",
     "alice casts Spectral Procession announcing {2/W} as {W}, {2/W} as {W} and {2/W} as {W}"),
])
def test_a_symbol_an_edition_has_no_rule_for_is_refused_naming_it(edition, card, lands, line):
    s = state(card, lands)
    names = [land if i == 0 else f"{land}#{i + 1}" for i, land in enumerate(lands.split(", "))]
    with pytest.raises(UnsupportedQuestion, match=f"the {edition} edition of the rules has no rule"):
        what_happens(s, lines(s, *tap(*names), line), edition=edition)


def test_the_mana_value_of_a_hybrid_card_counts_its_largest_halves():
    s = parse_scenario("""name: t
cards:
  - {name: Pale Idol, cost: "{2/W}{U/P}", types: [artifact]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Pale Idol, Hill Giant], library: {hidden: 3}}
""").state
    script = [*tap("Plains", "Plains#2", "Plains#3", "Mountain"),
              "alice casts Orim's Thunder targeting Pale Idol and Hill Giant kicked", *BOTH_PASS]
    # {2/W} counts 2 and {U/P} 1: 3 damage, lethal to a 3/3 (202.3f, 202.3g)
    v = check_state(s, lines(s, *script), conds(s, "Hill Giant is in graveyard"))
    assert v.outcome == "holds", v.reasons
