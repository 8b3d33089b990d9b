"""A spell's targets as slots on the temporal core (CR 601.2c, 115.3, 608.2b) and splice
(CR 702.47): each expectation below is read off the rules before the core was asked.

- 601.2c: one target for each instance of "target" the spell has as cast: the card's own, each
  chosen mode's (700.2c), each spliced card's (702.47d); 115.3: one object may be chosen for two
  instances, never twice for one.
- 608.2b: a spell whose every target is illegal as it begins to resolve doesn't resolve; with
  some still legal it resolves, and does nothing to the illegal ones.
- 702.47a/b: a card spliced is revealed from its caster's hand, adds its splice cost, stays in
  the hand; only onto a spell of the subtype it names; once a spell; its text follows the
  spell's own."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, is_there_a_way, parse_scenario, what_happens


def state(alice_hand: str, alice_lands: str, bob_hand: str = "", bob_field: str = "Grizzly Bears",
          edition_cards: str = ""):
    return parse_scenario(f"""name: t
{edition_cards}question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{alice_hand}], battlefield: [{alice_lands}], library: {{hidden: 3}}}}
  bob: {{hand: [{bob_hand}], battlefield: [{bob_field}], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


RED3 = ["alice taps Mountain for mana", "alice taps Mountain#2 for mana", "alice taps Mountain#3 for mana"]
BLUE4 = ["alice taps Island for mana", "alice taps Island#2 for mana", "alice taps Island#3 for mana",
         "alice taps Island#4 for mana"]
BOTH_PASS = ["alice passes", "bob passes"]


def test_a_spliced_card_adds_its_target_its_cost_and_its_text_and_stays_in_hand_revealed():
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain, Mountain")
    v = check_state(s, lines(s, *RED3, "alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears",
                             *BOTH_PASS),
                    conds(s, "bob's life is 17", "Grizzly Bears is in graveyard", "Glacial Ray is in hand",
                          "bob knows Glacial Ray", "Lava Spike is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert {"CR 702.47a", "CR 608.2c"} <= {str(c) for c in v.citations}


def test_one_player_fills_two_slots_two_instances_of_target():
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain, Mountain")
    v = check_state(s, lines(s, *RED3, "alice casts Lava Spike splicing Glacial Ray targeting bob and bob", *BOTH_PASS),
                    conds(s, "bob's life is 15"))
    assert v.outcome == "holds", v.reasons
    assert "CR 115.3" in {str(c) for c in v.citations}


@pytest.mark.parametrize(("line", "reason"), [
    # 601.2c: two slots, one target named; three named
    ("alice casts Lava Spike splicing Glacial Ray targeting bob", "needs a target"),
    ("alice casts Lava Spike splicing Glacial Ray targeting bob, bob and bob", "has no target"),
    # the spliced card's slot asks for any target, Lava Spike's for a player
    ("alice casts Lava Spike splicing Glacial Ray targeting Grizzly Bears and bob", "Grizzly Bears is not a legal target"),
    # 702.47a: only onto an Arcane spell; from the hand; not the spell itself; 702.47b: once
    ("alice casts Lightning Bolt splicing Glacial Ray targeting bob and bob", "can't be spliced onto it"),
    ("alice casts Glacial Ray splicing Glacial Ray targeting bob and bob", "not in alice's hand to splice"),
    ("alice casts Lava Spike splicing Glacial Ray and Glacial Ray targeting bob, bob and bob", "spliced onto it twice"),
])
def test_an_illegal_cast_with_slots_or_splice_is_refused_with_its_reason(line, reason):
    s = state("Lava Spike, Glacial Ray, Lightning Bolt", "Mountain, Mountain, Mountain")
    v = what_happens(s, lines(s, *RED3, line))
    assert v.outcome == "illegal-action"
    assert reason in " ".join(v.reasons), v.reasons


def test_a_splice_cost_the_pool_cant_pay_makes_the_cast_illegal():
    # Lava Spike {R} plus Glacial Ray's splice {1}{R}: three mana, two Mountains (601.2f-h)
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain")
    v = what_happens(s, lines(s, "alice taps Mountain for mana", "alice taps Mountain#2 for mana",
                              "alice casts Lava Spike splicing Glacial Ray targeting bob and bob"))
    assert v.outcome == "illegal-action"
    assert "CR 601.2h" in {str(c) for c in v.citations}


def test_a_target_gone_before_resolution_is_spared_and_the_rest_happens():
    # bob Shocks his own Bears in response: Glacial Ray's slot is illegal, Lava Spike's is not
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain, Mountain", "Shock", "Grizzly Bears, Mountain")
    v = check_state(s, lines(s, "alice taps Mountain#1 for mana", *RED3[1:],
                             "alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears",
                             "alice passes", "bob taps Mountain#4 for mana", "bob casts Shock targeting Grizzly Bears",
                             "bob passes", "alice passes", "alice passes", "bob passes"),
                    conds(s, "bob's life is 17", "Lava Spike is in graveyard", "the stack is empty"))
    assert v.outcome == "holds", v.reasons
    assert "CR 608.2b" in {str(c) for c in v.citations}


def test_a_spell_whose_every_target_is_gone_does_not_resolve():
    # Glacial Ray with another spliced, both at the Bears; the Bears die in response: no target
    # of it is legal, so nothing of it happens (the spell goes to the graveyard)
    s = state("Glacial Ray, Glacial Ray", "Mountain, Mountain, Mountain, Mountain", "Shock",
              "Grizzly Bears, Mountain")
    v = check_state(s, lines(s, "alice taps Mountain#1 for mana", *RED3[1:], "alice taps Mountain#4 for mana",
                             "alice casts Glacial Ray splicing Glacial Ray#2 targeting Grizzly Bears and Grizzly Bears",
                             "alice passes", "bob taps Mountain#5 for mana", "bob casts Shock targeting Grizzly Bears",
                             "bob passes", "alice passes", "alice passes", "bob passes"),
                    conds(s, "bob's life is 20", "Glacial Ray is in graveyard", "Glacial Ray#2 is in hand"))
    assert v.outcome == "holds", v.reasons
    assert any("no target of it is still legal" in w.event for w in v.witness)


def test_cryptic_command_counters_a_spell_and_bounces_a_permanent_its_two_modes_two_slots():
    s = state("Cryptic Command", "Island, Island, Island, Island", "Lightning Bolt", "Grizzly Bears, Mountain")
    v = check_state(s, lines(s, "alice passes", "bob taps Mountain for mana", "bob casts Lightning Bolt targeting alice",
                             "bob passes", *BLUE4,
                             "alice casts Cryptic Command choosing modes 2 and 1 targeting Lightning Bolt and Grizzly Bears",
                             *BOTH_PASS),
                    conds(s, "Lightning Bolt is in graveyard", "Grizzly Bears is in hand", "alice's life is 20"))
    assert v.outcome == "holds", v.reasons


def test_a_modal_spells_slots_follow_the_modes_printed_order_not_the_lines():
    # modes 1 (a spell) and 2 (a permanent): the permanent named first fills mode 1's slot
    s = state("Cryptic Command", "Island, Island, Island, Island", "Lightning Bolt", "Grizzly Bears, Mountain")
    v = what_happens(s, lines(s, "alice passes", "bob taps Mountain for mana", "bob casts Lightning Bolt targeting alice",
                              "bob passes", *BLUE4,
                              "alice casts Cryptic Command choosing modes 1 and 2 targeting Grizzly Bears and Lightning Bolt"))
    assert v.outcome == "illegal-action"
    assert "Grizzly Bears is not a legal target" in " ".join(v.reasons)


def test_splice_under_the_2008_rules_numbered_502_40():
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain, Mountain")
    v = check_state(s, lines(s, *RED3, "alice casts Lava Spike splicing Glacial Ray targeting bob and bob", *BOTH_PASS),
                    conds(s, "bob's life is 15"), edition="2008-02-01")
    assert v.outcome == "holds", v.reasons
    assert "CR 502.40a" in {str(c) for c in v.citations}


def test_a_search_proves_no_impossible_where_a_card_of_the_hand_could_be_spliced():
    # with Glacial Ray kept in hand, bob at 15 needs it spliced onto Lava Spike: the search
    # doesn't open splicing, so it can't call the goal impossible
    s = state("Lava Spike, Glacial Ray", "Mountain, Mountain, Mountain")
    with pytest.raises(UnsupportedQuestion, match="does not model"):
        is_there_a_way(s, "alice", conds(s, "bob's life is 15", "Glacial Ray is in hand"), "beginning-of-combat")


def test_a_target_creature_you_control_is_one_of_the_casters_own():
    # Ranger's Guile: "target creature you control" (601.2c, 115.1): alice's Bears, not bob's
    s = state("Ranger's Guile", "Forest, Runeclaw Bear")
    mine = lines(s, "alice taps Forest for mana", "alice casts Ranger's Guile targeting Runeclaw Bear",
                 "alice passes", "bob passes")
    assert check_state(s, mine, conds(s, "Runeclaw Bear's power is 3")).outcome == "holds"
    theirs = what_happens(s, lines(s, "alice taps Forest for mana",
                                   "alice casts Ranger's Guile targeting Grizzly Bears"))
    assert theirs.outcome == "illegal-action" and "not a legal target" in theirs.reasons[0], theirs.reasons
