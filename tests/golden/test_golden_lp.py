"""golden.lp on hand-written facts: the exact answer set of each case."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

from mtgrules.encodings.golden import PROGRAMS as GOLDEN

A = '"a"'
S_ = 'e(unknown,"S",0)'
H_ = 'e(unknown,"H",0)'
G_ = 'e(unknown,"G",0)'
R_ = 'e(unknown,"R",0)'
CASES = {
    "a second land without a permission is forbidden by the one-land rule": (
        f'player({A}). lands_played({A},1,0). asked(play_land({A})).',
        [[f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "a permission beats the rule it contradicts (CR 101.1)": (
        f'player({A}). lands_played({A},1,0). effect("e0"). '
        f'permits("e0",play_land({A}),1,0). asked(play_land({A})).',
        [[f'because(play_land({A}),"e0")',
          f'decided_by(play_land({A}),"golden.card-overrides-rule")',
          f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),allowed)']]),
    "a permission used up leaves the one-land rule's answer (CR 305.2)": (
        f'player({A}). lands_played({A},2,0). effect("e0"). '
        f'permits("e0",play_land({A}),1,0). asked(play_land({A})).',
        [[f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "a prohibition beats the permission (CR 101.2)": (
        f'player({A}). lands_played({A},1,0). effect("e0"). effect("e1"). '
        f'permits("e0",play_land({A}),1,0). forbids("e1",play_land({A}),0). asked(play_land({A})).',
        [[f'because(play_land({A}),"e1")', f'decided_by(play_land({A}),"golden.cant-beats-can")',
          f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "an opponent's effect names the player by its who-word (who.lp)": (
        f'player({A}). player("b"). alive({A},0). alive("b",0). lands_played({A},0,0). effect("e1"). '
        'source_controller("e1","b",0). effect_forbids("e1",play_land,each_opponent,0). '
        f'asked(play_land({A})).',
        [[f'because(play_land({A}),"e1")', f'decided_by(play_land({A}),"golden.cant-beats-can")',
          f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),forbidden)']]),
    "the same effect of one's own names nobody else: the first land is allowed": (
        f'player({A}). player("b"). alive({A},0). alive("b",0). lands_played({A},0,0). effect("e1"). '
        f'source_controller("e1",{A},0). effect_forbids("e1",play_land,each_opponent,0). '
        f'asked(play_land({A})).',
        [[f'decided_by(play_land({A}),"land.one-per-turn")', f'status(play_land({A}),allowed)']]),
    "conceding survives a prohibition": (
        f'player({A}). effect("e0"). forbids("e0",concede({A}),0). asked(concede({A})).',
        [[f'decided_by(concede({A}),"golden.card-overrides-rule")',
          f'decided_by(concede({A}),"golden.concede")', f'status(concede({A}),allowed)']]),
    "an instruction is carried out as far as possible (CR 101.3, 609.3)": (
        f'player({A}). available({A},"discard",1). asked(perform({A},"discard",2)).',
        [[f'amount(perform({A},"discard",2),1)',
          f'decided_by(perform({A},"discard",2),"golden.as-much-as-possible")',
          f'decided_by(perform({A},"discard",2),"golden.impossible-ignored")',
          f'status(perform({A},"discard",2),partially_performed)']]),
    "a hand of nine loses two in cleanup (CR 514.1, 402.2)": (
        f'player({A}). owner(c(1..9),{A}). in(c(1..9),hand,0). asked(cleanup_discard({A})).',
        [[f'amount(cleanup_discard({A}),2)', f'decided_by(cleanup_discard({A}),"cleanup.discard")',
          f'status(cleanup_discard({A}),happens)']]),
    "no maximum hand size overrides the cleanup discard (CR 101.1)": (
        f'player({A}). owner(c(1..9),{A}). in(c(1..9),hand,0). effect("e0"). '
        f'overrides("e0","maximum-hand-size",{A},0). asked(cleanup_discard({A})).',
        [[f'because(cleanup_discard({A}),"e0")', f'decided_by(cleanup_discard({A}),"cleanup.discard")',
          f'decided_by(cleanup_discard({A}),"golden.card-overrides-rule")',
          f'status(cleanup_discard({A}),does_not_happen)']]),
    "a player at zero life loses, unless an effect says they can't (CR 704.5a, 101.2)": (
        f'player({A}). alive({A},0). life({A},0,0). effect("e0"). forbids("e0",lose_game({A}),0). '
        f'asked(lose_game({A})).',
        [[f'because(lose_game({A}),"e0")', f'decided_by(lose_game({A}),"golden.cant-beats-can")',
          f'decided_by(lose_game({A}),"sba.zero-life")', f'status(lose_game({A}),does_not_happen)']]),
    "an ability both added and removed is not for the golden rules (CR 101.2a)": (
        f'held({S_},"o",grant(flying),0). held({H_},"o",remove(flying),0). '
        'asked(has_ability("o",flying)).',
        [[f'because(has_ability("o",flying),{S_})', f'because(has_ability("o",flying),{H_})',
          'decided_by(has_ability("o",flying),"golden.abilities-not-cant")',
          'decided_by(has_ability("o",flying),"layers.abilities")',
          'status(has_ability("o",flying),not_decided)']]),
    "the same, with the removal written first: still not decided (no order is a timestamp)": (
        f'held({H_},"o",remove(flying),0). held({S_},"o",grant(flying),0). '
        'keyword("o",flying). asked(has_ability("o",flying)).',
        [[f'because(has_ability("o",flying),{S_})', f'because(has_ability("o",flying),{H_})',
          'decided_by(has_ability("o",flying),"golden.abilities-not-cant")',
          'decided_by(has_ability("o",flying),"layers.abilities")',
          'status(has_ability("o",flying),not_decided)']]),
    "a printed ability an effect removes is gone (layer 6 after the text)": (
        f'keyword("o",flying). held({H_},"o",remove(flying),0). asked(has_ability("o",flying)).',
        [[f'because(has_ability("o",flying),{H_})',
          'decided_by(has_ability("o",flying),"ability.defined")',
          'status(has_ability("o",flying),has_not)']]),
    "a vigilance an effect gives keeps an attacker untapped like a printed one": (
        f'effect({G_}). attacker("o"). held({G_},"o",grant(vigilance),0). asked(attack_tap("o")).',
        [[f'because(attack_tap("o"),{G_})',
          'decided_by(attack_tap("o"),"combat.attackers-tap")',
          'decided_by(attack_tap("o"),"golden.card-overrides-rule")',
          'decided_by(attack_tap("o"),"keyword.vigilance")',
          'status(attack_tap("o"),does_not_happen)']]),
    "a vigilance both given and taken away leaves the tapping open (CR 613.1f)": (
        f'attacker("o"). keyword("o",vigilance). held({G_},"o",grant(vigilance),0). '
        f'held({R_},"o",remove(vigilance),0). asked(attack_tap("o")).',
        [[f'because(attack_tap("o"),{G_})', f'because(attack_tap("o"),{R_})',
          'decided_by(attack_tap("o"),"combat.attackers-tap")',
          'decided_by(attack_tap("o"),"golden.abilities-not-cant")',
          'decided_by(attack_tap("o"),"layers.abilities")',
          'status(attack_tap("o"),not_decided)']]),
}


@pytest.mark.parametrize(("facts", "expected"), CASES.values(), ids=CASES.keys())
def test_golden_lp_answer_sets(facts, expected):
    # a question about one moment: the state gives no timestamps (common/characteristics.lp)
    assert answer_sets(GOLDEN, "timestamps_unknown. " + facts) == normal(expected)
