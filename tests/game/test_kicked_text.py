"""A kicked spell's own targets and text on the temporal core, with Orim's Thunder ({2}{W},
kicker {R}: destroy target artifact or enchantment; if kicked, it also deals damage equal to that
permanent's mana value to target creature). Each expectation is read off the rules before the
core was asked:

- 702.33e/g, 601.2c: the kicked text's target is chosen only if the spell is kicked; unkicked, the
  spell is cast as though it had no such target. Kicked, it is a second target slot after the
  card's own.
- 701.8a: destroying moves a permanent from the battlefield to its owner's graveyard; 702.12b: an
  indestructible one stays.
- 202.3: the mana value is the total of the mana cost's symbols; 608.2h: information about an
  object is its current one, or the last it had before it changed zones (the artifact destroyed by
  the first instruction still tells its mana value to the second).
- 608.2b: from 2016, a part of the effect that needs information about a target found illegal
  doesn't happen; the 2009 rules (608.2g) and the 2008 ones (413.2f) still read it."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens

MANA = ["alice taps Plains for mana", "alice taps Plains#2 for mana", "alice taps Plains#3 for mana"]
KICKED_MANA = [*MANA, "alice taps Mountain for mana"]
BOTH_PASS = ["alice passes", "bob passes"]
# bob returns the enchantment to his hand in response (Capsize), then the spell resolves
BOUNCE = ["alice passes", "bob taps Island for mana", "bob taps Island#2 for mana",
          "bob taps Island#3 for mana", "bob casts Capsize targeting Lurking Evil", "bob passes",
          "alice passes", "alice passes", "bob passes"]


def state(bob_field: str):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {{hidden: 3}}}}
  bob: {{hand: [Capsize], battlefield: [{bob_field}, Island, Island, Island], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def test_kicked_it_destroys_and_deals_the_destroyed_permanents_mana_value():
    s = state("Lurking Evil, Grizzly Bears")   # Lurking Evil costs {B}{B}{B}: mana value 3
    v = check_state(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Lurking Evil and "
                             "Grizzly Bears kicked", *BOTH_PASS),
                    conds(s, "Lurking Evil is in graveyard", "Grizzly Bears is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert {"CR 701.8a", "CR 202.3", "CR 608.2h", "CR 601.2c", "CR 702.33a"} <= {str(c) for c in v.citations}


def test_a_mana_value_of_zero_deals_no_damage():
    s = state("Mox Pearl, Grizzly Bears")
    v = check_state(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Mox Pearl and "
                             "Grizzly Bears kicked", *BOTH_PASS),
                    conds(s, "Mox Pearl is in graveyard", "Grizzly Bears is in battlefield",
                          "Grizzly Bears has 0 damage"))
    assert v.outcome == "holds", v.reasons


def test_unkicked_it_has_one_target_and_destroys_only():
    s = state("Lurking Evil, Grizzly Bears")
    v = check_state(s, lines(s, *MANA, "alice casts Orim's Thunder targeting Lurking Evil", *BOTH_PASS),
                    conds(s, "Lurking Evil is in graveyard", "Grizzly Bears is in battlefield",
                          "Grizzly Bears has 0 damage"))
    assert v.outcome == "holds", v.reasons


@pytest.mark.parametrize(("line", "why"), [
    # unkicked, as though it had no second target (601.2c)
    ("alice casts Orim's Thunder targeting Lurking Evil and Grizzly Bears", "no target slot"),
    # kicked, the creature's slot is empty
    ("alice casts Orim's Thunder targeting Lurking Evil kicked", "needs a target"),
    # kicked, the second slot asks for a creature
    ("alice casts Orim's Thunder targeting Lurking Evil and Lurking Evil kicked", "not a legal target"),
])
def test_the_kicked_texts_slot_exists_only_when_kicked(line, why):
    s = state("Lurking Evil, Grizzly Bears")
    v = what_happens(s, lines(s, *KICKED_MANA, line))
    assert v.outcome == "illegal-action" and why in v.reasons[0], v.reasons
    assert "CR 601.2c" in {str(c) for c in v.citations}


def test_kicked_with_no_creature_on_the_battlefield_cant_be_cast_but_unkicked_can():
    s = state("Lurking Evil")
    kicked = what_happens(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Lurking Evil kicked"))
    assert kicked.outcome == "illegal-action"
    plain = check_state(s, lines(s, *MANA, "alice casts Orim's Thunder targeting Lurking Evil", *BOTH_PASS),
                        conds(s, "Lurking Evil is in graveyard"))
    assert plain.outcome == "holds", plain.reasons


@pytest.mark.parametrize(("edition", "bears", "rule"), [
    ("2026-08-07", "Grizzly Bears is in battlefield", "CR 608.2b"),   # no information: no damage
    ("2016-07-22", "Grizzly Bears is in battlefield", "CR 608.2b"),
    ("2009-10-01", "Grizzly Bears is in graveyard", "CR 608.2g"),     # the illegal target still tells
    ("2008-10-01", "Grizzly Bears is in graveyard", "CR 413.2f"),     # last known information
])
def test_the_first_target_gone_in_response_by_edition(edition, bears, rule):
    s = state("Lurking Evil, Grizzly Bears")
    v = check_state(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Lurking Evil and "
                             "Grizzly Bears kicked", *BOUNCE),
                    conds(s, "Lurking Evil is in hand", bears, "Orim's Thunder is in graveyard"), edition=edition)
    assert v.outcome == "holds", v.reasons
    assert rule in {str(c) for c in v.citations}


def test_both_targets_gone_it_doesnt_resolve():
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {hidden: 3}}
  bob: {hand: [Capsize, Shock], battlefield: [Lurking Evil, Grizzly Bears, Island, Island, Island, Mountain],
        library: {hidden: 3}}
""").state
    script = [*KICKED_MANA, "alice casts Orim's Thunder targeting Lurking Evil and Grizzly Bears kicked",
              "alice passes", "bob taps Mountain for mana", "bob casts Shock targeting Grizzly Bears",
              "bob passes", "alice passes", *BOUNCE]
    v = check_state(s, lines(s, *script), conds(s, "Lurking Evil is in hand", "Grizzly Bears is in graveyard",
                                                "Orim's Thunder is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert "CR 608.2b" in {str(c) for c in v.citations}


def test_destroy_leaves_an_indestructible_permanent():
    s = parse_scenario("""name: t
cards:
  - {name: Unbreakable Idol, cost: "{2}", types: [artifact], keywords: [indestructible]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Unbreakable Idol, Grizzly Bears], library: {hidden: 3}}
""").state
    v = check_state(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Unbreakable Idol and "
                             "Grizzly Bears kicked", *BOTH_PASS),
                    conds(s, "Unbreakable Idol is in battlefield", "Grizzly Bears is in graveyard"))
    assert v.outcome == "holds", v.reasons
    assert "CR 702.12b" in {str(c) for c in v.citations}


def test_a_mana_value_the_core_cant_tell_is_refused_by_name():
    s = parse_scenario("""name: t
cards:
  - {name: Variable Idol, cost: "{X}{W}", types: [artifact]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: ["Orim's Thunder"], battlefield: [Plains, Plains, Plains, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Variable Idol, Grizzly Bears], library: {hidden: 3}}
""").state
    with pytest.raises(UnsupportedQuestion, match="mana value of Variable Idol"):
        what_happens(s, lines(s, *KICKED_MANA, "alice casts Orim's Thunder targeting Variable Idol and "
                              "Grizzly Bears kicked", *BOTH_PASS))
