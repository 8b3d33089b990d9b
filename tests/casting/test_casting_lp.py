"""casting.lp on hand-written facts: the exact answer set of each case, under the newest
edition and under one before the 2009 renumbering (no legality-check step then)."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

STEPS = ["propose", "announce", "targets", "divide", "check", "total", "mana", "pay", "cast"]
KEYS = ['"cast.announce"', '"cast.modes"', '"cast.targets"', '"cast.division"',
        '"cast.legality-check"', '"cast.total-cost"', '"cast.mana-abilities"', '"cast.pay"',
        '"cast.becomes-cast"']
# The state at time 0 in the common rules' words: alice, active, in her main phase.
NOW = 'timestamps_unknown. player("a"). alive("a",0). active("a",0). step(main1,0). has_priority("a",0). caster("a"). '
BOLT = (NOW + 'proposal(spell). cast_object("o"). spell_card("o"). is("o",instant). in("o",hand,0). '
        'stack_empty(0). alternatives(0). slot_of(spell,0,creature). target(0,"b"). '
        'is("b",creature). in("b",battlefield,0). mana_payment. payable.')
SORCERY_ON_STACK = (NOW + 'proposal(spell). cast_object("s"). spell_card("s"). is("s",sorcery). '
                    'in("s",hand,0). in("x",stack,0). alternatives(0).')
BAD = ['outcome(illegal)', 'rewound', 'cites("illegal.rewind")', 'cites("timing.cast")',
       'cites("sorcery.timing")']


def _legal(steps: list[str], keys: list[str]) -> list[str]:
    return [f"completed({s})" for s in steps] + [f"cites({k})" for k in keys] + ["outcome(legal)"]


CASES = {
    "an instant with priority and a legal target, newest": (
        BOLT, "2026-08-07", [_legal(STEPS, KEYS)]),
    "the same before July 2009: no legality-check step": (
        BOLT, "2008-02-01", [_legal(STEPS[:4] + STEPS[5:], KEYS[:4] + KEYS[5:])]),
    "a sorcery with a spell on the stack fails the legality check": (
        SORCERY_ON_STACK, "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:5]]
         + ["failed(check,stack_not_empty)", *BAD]]),
    "before the legality check existed it fails at once": (
        SORCERY_ON_STACK, "2008-02-01",
        [['failed(propose,stack_not_empty)', 'cites("cast.announce")', *BAD]]),
    "a mana ability skips the stack steps (CR 605.3b)": (
        NOW + 'proposal(mana_ability). cast_object("l"). payable.', "2026-08-07",
        [['completed(propose)', 'completed(check)', 'completed(total)', 'completed(pay)',
          'outcome(legal)', 'cites("activate.steps")', 'cites("mana-ability.no-stack")',
          'cites("cast.pay")']]),
    "an unpayable total fails at payment and is rewound": (
        BOLT.replace("payable.", 'unpayable("short:R").'), "2026-08-07",
        [[f"completed({s})" for s in STEPS[:7]] + [f"cites({k})" for k in KEYS[:8]]
         + ['failed(pay,"short:R")', 'outcome(illegal)', 'rewound', 'cites("illegal.rewind")',
            'cites("cost.resources")']]),
    "flash an effect gives counts as printed flash: cast with a spell on the stack (CR 702.8a)": (
        SORCERY_ON_STACK + ' held(e(unknown,"e0",0),"s",grant(flash),0). mana_payment. payable.', "2026-08-07",
        [_legal(STEPS, KEYS) + ['cites("keyword.flash")']]),
    "printed flash, the same": (
        SORCERY_ON_STACK + ' keyword("s",flash). mana_payment. payable.', "2026-08-07",
        [_legal(STEPS, KEYS) + ['cites("keyword.flash")']]),
    "printed flash an effect removes: sorcery timing again": (
        SORCERY_ON_STACK + ' keyword("s",flash). held(e(unknown,"e0",0),"s",remove(flash),0).', "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:5]]
         + ["failed(check,stack_not_empty)", *BAD]]),
    "a target with hexproof is not a legal target of an opponent's spell (CR 702.11b)": (
        BOLT + ' keyword("b",hexproof). controller("b","z").', "2026-08-07",
        [[f"completed({s})" for s in STEPS[:2]] + [f"cites({k})" for k in KEYS[:3]]
         + ['failed(targets,illegal_target("b"))', 'outcome(illegal)', 'rewound', 'cites("illegal.rewind")',
            'cites("keyword.hexproof")']]),
    "a land an effect made a creature is a legal creature target (layer 4)": (
        BOLT.replace('is("b",creature).', 'is("b",land). held(e(unknown,"e0",0),"b",type(creature),0).'),
        "2026-08-07", [_legal(STEPS, KEYS)]),
    "a sorcery in the opponent's turn: not your turn (CR 307.1)": (
        SORCERY_ON_STACK.replace('active("a",0)', 'active("z",0)').replace('in("x",stack,0). ', 'stack_empty(0). '),
        "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:5]]
         + ["failed(check,not_your_turn)", *BAD]]),
    "flash given and taken away, where timing matters: undecided (CR 613.1f), either order": (
        SORCERY_ON_STACK + ' held(e(unknown,"e0",0),"s",remove(flash),0). '
        'held(e(unknown,"e1",0),"s",grant(flash),0).',
        "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:4]]
         + ['undecided("layers.abilities")', 'undecided("golden.abilities-not-cant")']]),
}


@pytest.mark.parametrize(("facts", "edition", "expected"), CASES.values(), ids=CASES.keys())
def test_casting_lp_answer_sets(facts, edition, expected):
    assert answer_sets("casting/casting", facts, edition) == normal(expected)
