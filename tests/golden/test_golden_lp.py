"""golden.lp on hand-written facts: the exact answer set of each case."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

A = '"a"'
CASES = {
    "a second land without a permission is forbidden by the one-land rule": (
        f'player({A}). lands_played({A},1). asked(play_land({A})).',
        [[f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "a permission beats the rule it contradicts (CR 101.1)": (
        f'player({A}). lands_played({A},1). effect("e0","Explore"). '
        f'permits("e0",play_land({A}),1). asked(play_land({A})).',
        [[f'because(play_land({A}),"e0")',
          f'decided_by(play_land({A}),"golden.card-overrides-rule")',
          f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),allowed)']]),
    "a prohibition beats the permission (CR 101.2)": (
        f'player({A}). lands_played({A},1). effect("e0","Explore"). effect("e1","Turf Wound"). '
        f'permits("e0",play_land({A}),1). forbids("e1",play_land({A})). asked(play_land({A})).',
        [[f'because(play_land({A}),"e1")', f'decided_by(play_land({A}),"golden.cant-beats-can")',
          f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "conceding survives a prohibition": (
        f'player({A}). effect("e0","X"). forbids("e0",concede({A})). asked(concede({A})).',
        [[f'decided_by(concede({A}),"golden.card-overrides-rule")',
          f'decided_by(concede({A}),"golden.concede")', f'status(concede({A}),allowed)']]),
    "an instruction is carried out as far as possible (CR 101.3, 609.3)": (
        f'player({A}). available({A},"discard",1). asked(perform({A},"discard",2)).',
        [[f'amount(perform({A},"discard",2),1)',
          f'decided_by(perform({A},"discard",2),"golden.as-much-as-possible")',
          f'decided_by(perform({A},"discard",2),"golden.impossible-ignored")',
          f'status(perform({A},"discard",2),partially_performed)']]),
    "an ability both added and removed is not for the golden rules (CR 101.2a)": (
        'effect("e0","S"). effect("e1","H"). grants("e0","o","flying"). '
        'removes("e1","o","flying"). asked(has_ability("o","flying")).',
        [['because(has_ability("o","flying"),"e0")', 'because(has_ability("o","flying"),"e1")',
          'decided_by(has_ability("o","flying"),"golden.abilities-not-cant")',
          'decided_by(has_ability("o","flying"),"layers.abilities")',
          'status(has_ability("o","flying"),not_decided)']]),
    "the same, with the removal written first: still not decided (no order is a timestamp)": (
        'effect("e0","H"). effect("e1","S"). removes("e0","o","flying"). '
        'grants("e1","o","flying"). keyword("o","flying"). asked(has_ability("o","flying")).',
        [['because(has_ability("o","flying"),"e0")', 'because(has_ability("o","flying"),"e1")',
          'decided_by(has_ability("o","flying"),"golden.abilities-not-cant")',
          'decided_by(has_ability("o","flying"),"layers.abilities")',
          'status(has_ability("o","flying"),not_decided)']]),
    "a printed ability an effect removes is gone (layer 6 after the text)": (
        'effect("e0","H"). keyword("o","flying"). removes("e0","o","flying"). '
        'asked(has_ability("o","flying")).',
        [['because(has_ability("o","flying"),"e0")',
          'decided_by(has_ability("o","flying"),"ability.defined")',
          'status(has_ability("o","flying"),has_not)']]),
    "a vigilance an effect gives keeps an attacker untapped like a printed one": (
        'effect("e0","G"). attacker("o"). grants("e0","o","vigilance"). asked(attack_tap("o")).',
        [['because(attack_tap("o"),"e0")',
          'decided_by(attack_tap("o"),"combat.attackers-tap")',
          'decided_by(attack_tap("o"),"golden.card-overrides-rule")',
          'decided_by(attack_tap("o"),"keyword.vigilance")',
          'status(attack_tap("o"),does_not_happen)']]),
    "a vigilance both given and taken away leaves the tapping open (CR 613.1f)": (
        'effect("e0","G"). effect("e1","R"). attacker("o"). keyword("o","vigilance"). '
        'grants("e0","o","vigilance"). removes("e1","o","vigilance"). asked(attack_tap("o")).',
        [['because(attack_tap("o"),"e0")', 'because(attack_tap("o"),"e1")',
          'decided_by(attack_tap("o"),"combat.attackers-tap")',
          'decided_by(attack_tap("o"),"golden.abilities-not-cant")',
          'decided_by(attack_tap("o"),"layers.abilities")',
          'status(attack_tap("o"),not_decided)']]),
}


@pytest.mark.parametrize(("facts", "expected"), CASES.values(), ids=CASES.keys())
def test_golden_lp_answer_sets(facts, expected):
    assert answer_sets(("golden/abilities", "golden/golden"), facts) == normal(expected)
