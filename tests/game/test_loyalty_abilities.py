"""Loyalty abilities on the temporal core (Liliana of the Veil: +1, each player discards a card;
−2, target player sacrifices a creature). Each expectation is read off the rules before the core
was asked:

- 606.3: only by the permanent's controller, with priority, in a main phase of their own turn,
  with the stack empty; and only if no loyalty ability of that permanent was activated this turn
  (2008: 212.9f, of a planeswalker's activated abilities; 2009-07-11: 306.7).
- 606.4, 602.2h: the cost, loyalty counters put on or removed, is paid as it is activated.
- 606.6: a negative cost only with at least that many loyalty counters.
- 704.5i: a planeswalker with 0 loyalty goes to its owner's graveyard at the next check;
  113.7a: the ability on the stack resolves all the same.
- 701.9a, 701.17a, 101.4: each player discards, the target player sacrifices, their own cards."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens

BOTH_PASS = ["alice passes", "bob passes"]
PLUS = "alice activates Liliana of the Veil ability 1"
MINUS = "alice activates Liliana of the Veil ability 2 targeting bob"


def state(loyalty: int = 3, step: str = "main1", alice_hand: str = "Forest", bob_field: str = "Grizzly Bears",
          extra: str = "", turn: str = ""):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: {step}
  {turn}
  alice: {{hand: [{alice_hand}], battlefield: [{{card: Liliana of the Veil, counters: {{loyalty: {loyalty}}}{extra}}}],
           library: {{hidden: 5}}}}
  bob: {{hand: [Island], battlefield: [{bob_field}], library: {{hidden: 5}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def cited(v):
    return {str(c) for c in v.citations}


def test_plus_one_puts_a_counter_on_and_each_player_discards():
    s = state()
    v = check_state(s, lines(s, PLUS, *BOTH_PASS),
                    conds(s, "Liliana of the Veil has 4 loyalty counters", "alice has 0 cards in hand",
                          "bob has 0 cards in hand", "Forest is in graveyard", "Island is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert {"CR 606.3", "CR 606.4"} <= cited(v)


def test_the_cost_is_paid_as_it_is_activated_and_the_trace_says_so():
    s = state()
    v = check_state(s, lines(s, MINUS), conds(s, "Liliana of the Veil has 1 loyalty counter",
                                              "the stack has 1 objects", "alice has priority"))
    assert v.outcome == "holds", v.reasons
    assert any("removing 2 loyalty counters from it (3 → 1)" in e.event for e in v.witness)


def test_minus_two_makes_the_target_player_sacrifice_a_creature():
    s = state()
    v = check_state(s, lines(s, MINUS, *BOTH_PASS),
                    conds(s, "Grizzly Bears is in graveyard", "Liliana of the Veil has 1 loyalty counter"))
    assert v.outcome == "holds", v.reasons


def test_a_second_loyalty_ability_the_same_turn_is_illegal():
    s = state()
    v = what_happens(s, lines(s, PLUS, *BOTH_PASS, MINUS))
    assert v.outcome == "illegal-action" and "activated this turn already" in v.reasons[0], v.reasons
    assert "CR 606.3" in cited(v)


def test_the_state_may_say_one_was_activated_this_turn():
    s = state(extra=", loyalty-activated: true")
    v = what_happens(s, lines(s, PLUS))
    assert v.outcome == "illegal-action" and "activated this turn already" in v.reasons[0], v.reasons


def test_the_next_turn_it_may_be_activated_again():
    s = state(turn="turn: 3")
    v = check_state(s, lines(s, MINUS, *BOTH_PASS, "all pass until alice's main1", PLUS, *BOTH_PASS),
                    conds(s, "Liliana of the Veil has 2 loyalty counters", "alice is the active player"))
    assert v.outcome == "holds", v.reasons


def test_a_negative_cost_needs_that_many_counters():
    s = state(loyalty=1)
    v = what_happens(s, lines(s, MINUS))
    assert v.outcome == "illegal-action" and "it has fewer" in v.reasons[0], v.reasons
    assert "CR 606.6" in cited(v)


def test_from_exactly_two_she_dies_and_the_ability_still_resolves():
    s = state(loyalty=2)
    v = check_state(s, lines(s, MINUS, *BOTH_PASS),
                    conds(s, "Liliana of the Veil is in graveyard", "Grizzly Bears is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert "CR 704.5i" in cited(v)


def test_sorcery_timing_only():
    for step in ("upkeep", "beginning-of-combat", "end"):
        s = state(step=step)
        v = what_happens(s, lines(s, PLUS))
        assert v.outcome == "illegal-action" and "needs a main phase" in v.reasons[0], (step, v.reasons)
        assert "CR 606.3" in cited(v)


def test_not_with_a_spell_on_the_stack():
    s = state(alice_hand="Lightning Bolt", extra="}, Mountain, {card: Mountain")
    v = what_happens(s, lines(s, "alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob", PLUS))
    assert v.outcome == "illegal-action" and "needs an empty stack" in v.reasons[0], v.reasons


def test_not_in_the_opponents_turn():
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  active: alice
  step: main1
  alice: {library: {hidden: 5}}
  bob: {hand: [Island], battlefield: [Liliana of the Veil], library: {hidden: 5}}
""").state
    v = what_happens(s, lines(s, "alice passes", "bob activates Liliana of the Veil ability 1"))
    assert v.outcome == "illegal-action" and "own turn" in v.reasons[0], v.reasons


def test_only_by_its_controller():
    s = state()
    v = what_happens(s, lines(s, "bob activates Liliana of the Veil ability 1"))
    assert v.outcome == "illegal-action", v.reasons
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  active: alice
  step: main1
  alice: {library: {hidden: 5}}
  bob: {battlefield: [Liliana of the Veil], library: {hidden: 5}}
""").state
    v = what_happens(s, lines(s, "alice activates Liliana of the Veil ability 1"))
    assert v.outcome == "illegal-action" and "does not control" in v.reasons[0], v.reasons


def test_the_minus_two_needs_its_target_and_the_plus_one_has_none():
    s = state()
    v = what_happens(s, lines(s, "alice activates Liliana of the Veil ability 2"))
    assert v.outcome == "illegal-action" and "needs a target" in v.reasons[0], v.reasons
    v = what_happens(s, lines(s, "alice activates Liliana of the Veil ability 1 targeting bob"))
    assert v.outcome == "illegal-action" and "no target slot" in v.reasons[0], v.reasons
    v = what_happens(s, lines(s, "alice activates Liliana of the Veil ability 2 targeting Grizzly Bears"))
    assert v.outcome == "illegal-action" and "not a legal target" in v.reasons[0], v.reasons


def test_a_choice_of_creatures_is_the_sacrificing_players():
    s = state(bob_field="Grizzly Bears, Llanowar Elves")
    v = what_happens(s, lines(s, MINUS, *BOTH_PASS))
    assert v.outcome == "needs-decision" and "bob" in v.reasons[0], v.reasons
    v = check_state(s, lines(s, MINUS, *BOTH_PASS, "bob chooses Llanowar Elves"),
                    conds(s, "Llanowar Elves is in graveyard", "Grizzly Bears is in battlefield"))
    assert v.outcome == "holds", v.reasons


def test_the_2008_rule_cites_212_9f():
    s = state()
    v = what_happens(s, lines(s, PLUS, *BOTH_PASS, PLUS), edition="2008-10-01")
    assert v.outcome == "illegal-action" and "activated this turn already" in v.reasons[0], v.reasons
    assert "CR 212.9f" in cited(v)


def test_a_loyalty_cost_the_core_does_not_read_is_refused_by_name():
    # Before 2009-10-01 the once-a-turn rule was of every activated ability of a planeswalker
    # (212.9f, 306.7); from then, of loyalty abilities of any permanent (606.3): for a planeswalker
    # with another activated ability, or a loyalty cost on another permanent, the two differ.
    s = parse_scenario("""name: t
cards:
  - name: Odd Walker
    cost: "{2}"
    types: [planeswalker]
    loyalty: 3
    activated:
      - cost: [{loyalty: 1}]
        effect: [{do: draw, who: you, count: 1}]
      - cost: [tap]
        effect: [{do: draw, who: you, count: 1}]
  - name: Loyal Rock
    cost: "{2}"
    types: [artifact]
    activated:
      - cost: [{loyalty: 1}]
        effect: [{do: draw, who: you, count: 1}]
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Odd Walker, Loyal Rock], library: {hidden: 5}}
  bob: {library: {hidden: 5}}
""").state
    for line in ("alice activates Odd Walker ability 1", "alice activates Odd Walker ability 2",
                 "alice activates Loyal Rock"):
        with pytest.raises(UnsupportedQuestion, match="loyalty cost"):
            what_happens(s, lines(s, line))


def test_each_player_chooses_their_discard_in_apnap_order():
    # CR 701.9a, 101.4: the active player first, then bob, each choosing among their own cards
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Forest, Lightning Bolt], battlefield: [Liliana of the Veil], library: {hidden: 5}}
  bob: {hand: [Island, Giant Growth], library: {hidden: 5}}
""").state
    v = what_happens(s, lines(s, PLUS, *BOTH_PASS))
    assert v.outcome == "needs-decision" and "alice" in v.reasons[0], v.reasons
    v = what_happens(s, lines(s, PLUS, *BOTH_PASS, "alice discards Forest"))
    assert v.outcome == "needs-decision" and "bob" in v.reasons[0], v.reasons
    v = check_state(s, lines(s, PLUS, *BOTH_PASS, "alice discards Forest", "bob discards Giant Growth"),
                    conds(s, "Forest is in graveyard", "Lightning Bolt is in hand", "Giant Growth is in graveyard",
                          "Island is in hand"))
    assert v.outcome == "holds", v.reasons
