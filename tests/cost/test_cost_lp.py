"""cost.lp on hand-written facts: the exact answer set of each case (which cost is paid, which
modifiers apply and why the others don't, the 601.2g events, the mana value, the keys cited)."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

BOLT = ('proposal(spell). caster("a"). player("a"). player("b"). cast_object("bolt"). x(0). '
        'targets(1). mana_cost. symbol(mana_cost,0,"colored",1). printed_type("instant"). '
        'printed_colour("red"). ')
PLAIN = ['base(mana_cost)', 'paid_cost(mana_cost)', 'cited("cast.total-cost")', 'mana_value(1)',
         'total_life(0)', 'spell_type("instant")', 'spell_colour("red")']
THALIA = ('modifier(0,"thalia","b","cost-increase"). modifier_amount(0,1). '
          'modifier_spells(0,"noncreature"). modifier_whose(0,"any"). ')
ALTAR = ('permanent("elves","a"). has_type("elves","creature"). permanent("thalia","a"). '
         'has_type("thalia","creature"). permanent("altar","a"). pool("R",1). '
         'ability_cost_tap("elves",0). ability_adds("elves",0,"G",1). '
         'ability_cost_sacrifice("altar",0,"creature"). ability_adds("altar",0,"C",2). '
         'permanent("bear","b"). has_type("bear","creature"). ')
USES = ['mana_ability(tap("elves",0),"elves",0)', 'mana_ability(sac("altar",0,"elves"),"altar",0)',
        'mana_ability(sac("altar",0,"thalia"),"altar",0)']
FORCE = ('proposal(spell). caster("a"). player("a"). cast_object("fow"). x(0). targets(1). '
         'mana_cost. alternative(0,"card"). card_alternative(0,life,1). '
         'card_alternative(1,exile,"blue"). hand_card("fow","a"). colour("fow","blue"). '
         'hand_card("cs","a"). colour("cs","blue"). hand_card("bear","a"). colour("bear","green"). ')
FORCE_ANSWER = ['announcement_rule("cost.alternative-one")', 'base(card)', 'paid_cost(card)', 'candidate_after((0,1),"cs")', 'cited("cast.total-cost")',
                'cited("cost.alternative-one")', 'mana_value(0)', 'pays((0,0),life,1)',
                'pays((0,1),exile,"blue")', 'total_life(1)']

CASES = {
    "an increase for noncreature spells applies; a reduction for its controller's spells, or "
    "for black and green ones, doesn't (CR 601.2f)": (
        BOLT + THALIA + 'modifier(1,"familiar","b","cost-reduction"). modifier_amount(1,1). '
        'modifier_spells(1,"any"). modifier_whose(1,"you"). '
        'modifier(2,"helm","a","cost-reduction"). modifier_amount(2,1). modifier_spells(2,"any"). '
        'modifier_whose(2,"you"). modifier_colour(2,"black"). modifier_colour(2,"green").',
        "2026-08-07",
        [PLAIN + ['applies(0,increase,1)', 'applies_after(0)', 'cited("cost.increase-reduce")',
                  'ignored(1,only_controller)', 'ignored(2,not_colour)']]),
    "a floor applies while its source is untapped, last (CR 601.2f)": (
        BOLT + 'modifier(0,"tri","b","cost-floor"). modifier_amount(0,3). modifier_spells(0,"any"). '
        'modifier_while(0,"untapped"). modifier(1,"tri2","b","cost-floor"). modifier_amount(1,3). '
        'modifier_spells(1,"any"). modifier_while(1,"untapped"). source_tapped(1).',
        "2026-08-07",
        [PLAIN + ['applies(0,floor,3)', 'applies_after(0)', 'ignored(1,source_tapped)',
                  'explains("cast.total-cost",floor_last)']]),
    "the spell's own increase for each target beyond the first, three targets (CR 113.6d)": (
        BOLT.replace("targets(1)", "targets(3)") + 'modifier(0,"bolt","a","cost-increase"). '
        'own_modifier(0). modifier_amount(0,1). modifier_spells(0,"any"). modifier_whose(0,"any"). '
        'modifier_per(0,"target-beyond-first").',
        "2026-08-07",
        [PLAIN + ['applies(0,increase,2)', 'applies_after(0)', 'cited("cost.increase-reduce")']]),
    "one target: nothing to count": (
        BOLT + 'modifier(0,"bolt","a","cost-increase"). own_modifier(0). modifier_amount(0,1). '
        'modifier_spells(0,"any"). modifier_whose(0,"any"). modifier_per(0,"target-beyond-first").',
        "2026-08-07", [PLAIN + ['ignored(0,only_one_target)']]),
    "another permanent's ability as the spell's own is not considered on the stack": (
        BOLT + 'modifier(0,"bolt","a","cost-increase"). own_modifier(0). modifier_amount(0,1). '
        'modifier_spells(0,"any"). modifier_whose(0,"any").',
        "2026-08-07", [PLAIN]),
    "the card's alternative cost: its life and a blue card other than itself (CR 118.9, 118.9d)": (
        FORCE, "2026-08-07", [FORCE_ANSWER + ['cited("cost.alternative-modified")']]),
    "before July 2009 there is no rule that modifiers apply to an alternative cost": (
        FORCE, "2008-02-01", [FORCE_ANSWER]),
    "kicked with a hybrid symbol in the kicker: announced in 601.2b (CR 118.8, 107.4e)": (
        BOLT + 'kicker. kicked(1). symbol(kicker,0,"generic",4). symbol(kicker,1,"hybrid",1).',
        "2026-08-07",
        [PLAIN + ['paid_cost(kicker)', 'times(kicker,1)', 'cited("cost.additional")',
                  'cited("cast.modes")', 'cited("cost.hybrid")', 'cited("keyword.kicker")',
                  'announcement_rule("keyword.kicker")']]),
    "an Arcane spell with a card spliced, escalated twice, and its own discard (CR 702.47a, "
    "702.120a): the splice cost added, the escalate discard once per mode beyond the first": (
        BOLT + 'modes_chosen(3). escalate_item(0,discard,"card"). spliced(0,"ray"). '
        'symbol(splice("ray"),0,"generic",1). hand_card("c1","a"). hand_card("c2","a"). ',
        "2026-08-07",
        [PLAIN + ['paid_cost(splice("ray"))', 'times(splice("ray"),1)', 'times(escalate,2)',
                  'paid_cost(escalate)', 'pays((3,(0,1)),discard,"card")',
                  'pays((3,(0,2)),discard,"card")', 'candidate_after((3,(0,1)),"c1")',
                  'candidate_after((3,(0,1)),"c2")', 'candidate_after((3,(0,2)),"c1")',
                  'candidate_after((3,(0,2)),"c2")', 'cited("cost.additional")',
                  'cited("cast.modes")', 'cited("keyword.splice")', 'cited("keyword.escalate")',
                  'announcement_rule("keyword.splice")', 'announcement_rule("keyword.escalate")']]),
    "cast face down (CR 702.37c, 708.2): {3}, a colourless creature spell of mana value 0; "
    "Thalia's increase for noncreature spells doesn't apply": (
        BOLT + THALIA + 'morph_cost. alternative(0,"face-down"). ', "2026-08-07",
        [['base(face_down)', 'paid_cost(face_down)', 'face_down', 'face_down_cost(3)',
          'spell_type("creature")', 'mana_value(0)', 'total_life(0)', 'ignored(0,creature_spell)',
          'cited("cast.total-cost")', 'cited("cost.alternative-one")',
          'cited("cost.alternative-modified")', 'cited("keyword.morph")',
          'cited("face-down.characteristics")', 'announcement_rule("keyword.morph")',
          'announcement_rule("face-down.characteristics")',
          'announcement_rule("cost.alternative-one")']]),
    "escalate before its first edition: the rule is absent (the question is refused)": (
        BOLT + 'modes_chosen(2). escalate_item(0,mana,"{1}"). symbol(escalate,0,"generic",1).',
        "2009-10-01",
        [[p for p in PLAIN if p != 'cited("cast.total-cost")'] + [
            'paid_cost(escalate)', 'times(escalate,1)', 'absent("keyword.escalate")',
            'cited("cast.total-cost")', 'cited("cost.additional")', 'cited("cast.modes")']]),
    "no mana cost: unpayable (CR 118.6)": (
        'proposal(spell). caster("a"). x(0). targets(0).', "2026-08-07",
        [['base(none)', 'cited("cast.total-cost")', 'cited("cost.increase-reduce")',
          'unpayable_cited("cost.increase-reduce")', 'unpayable_cited("cost.unpayable")',
          'mana_value(0)', 'total_life(0)']]),
    "601.2g: the Elves tapped for mana can still be sacrificed; Thalia sacrificed after the "
    "lock still counted; the opponent's bear is no victim of the caster's altar": (
        BOLT + THALIA.replace('"b"', '"a"') + ALTAR + 'during(0,tap,"elves","tap elves"). '
        'during(1,sacrifice,"thalia","sacrifice thalia to altar"). during_to(1,"altar").',
        "2026-08-07",
        [PLAIN + USES + ['applies(0,increase,1)', 'available(sac("altar",0,"elves"))',
                  'cited("cost.increase-reduce")', 'dropped(0,"sacrifice thalia to altar")',
                  'event_uses(0,tap("elves",0))', 'event_uses(1,sac("altar",0,"thalia"))',
                  'explains("cast.total-cost",locked_before_events)', 'pool_after("C",2)',
                  'pool_after("G",1)', 'pool_after("R",1)', 'untapped_after("altar")',
                  'untapped_after("thalia")']]),
    "an event no mana ability can do": (
        BOLT + ALTAR + 'during(0,sacrifice,"elves","sacrifice elves to thalia"). '
        'during_to(0,"thalia").', "2026-08-07",
        [PLAIN + USES + ['available(sac("altar",0,"elves"))',
                         'available(sac("altar",0,"thalia"))', 'available(tap("elves",0))',
                         'no_ability(0)',
                  'pool_after("R",1)', 'untapped_after("altar")', 'untapped_after("elves")',
                  'untapped_after("thalia")']]),
    "mana value: X as announced, {2/W} its larger half, a Phyrexian symbol one (CR 202.3e–g)": (
        'x(4). symbol(mana_cost,0,"x",1). symbol(mana_cost,1,"mono-hybrid",2). '
        'symbol(mana_cost,2,"phyrexian",1). symbol(mana_cost,3,"generic",3).', "2026-08-07",
        [['mana_value(10)']]),
    "after the payment: life paid and a modifier's source sacrificed while paying (CR 601.2h)": (
        BOLT + THALIA.replace('"b"', '"a"') + 'asked_payment. payable. activated. paid_life. '
        'paid_sacrifice("thalia").', "2026-08-07",
        [PLAIN + ['applies(0,increase,1)', 'applies_after(0)', 'cited("cost.increase-reduce")',
                  'paid_cited("cast.pay")', 'paid_cited("cast.mana-abilities")',
                  'paid_cited("mana-ability.during-cast")', 'paid_cited("cost.pay-life")',
                  'explains("cast.pay",sacrificed_source("thalia"))']]),
    "no payment: short of life and of a creature that can't be sacrificed (CR 118.3, 119.4, 101.2)": (
        BOLT + 'asked_payment. short("life"). short(cant_sacrifice("elves","e")).', "2026-08-07",
        [PLAIN + ['paid_cited("cast.pay")', 'paid_cited("cost.pay-life")',
                  'paid_cited("cost.resources")', 'paid_cited("golden.cant-beats-can")']]),
}


@pytest.mark.parametrize(("facts", "edition", "expected"), list(CASES.values()), ids=list(CASES))
def test_exact_answer_sets(facts, edition, expected):
    assert answer_sets("cost/cost", facts, edition) == normal(expected)
