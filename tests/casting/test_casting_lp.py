"""casting.lp on hand-written facts: the exact answer set of each case, under the newest
edition and under one before the 2009 renumbering (no legality-check step then)."""
from __future__ import annotations

import pytest
from answer_sets import answer_sets, normal

STEPS = ["propose", "announce", "targets", "divide", "check", "total", "mana", "pay", "cast"]
KEYS = ['"cast.announce"', '"cast.modes"', '"cast.targets"', '"cast.division"',
        '"cast.legality-check"', '"cast.total-cost"', '"cast.mana-abilities"', '"cast.pay"',
        '"cast.becomes-cast"']
BOLT = ('proposal(spell). instant_type. has_priority. stack_empty. alternatives(0). '
        'target_count(1,1). target(0,"b"). target_ok(0). mana_payment. payable.')
SORCERY_ON_STACK = ('proposal(spell). cast_object("s"). has_priority. own_main_phase. '
                    'alternatives(0).')
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
        "proposal(mana_ability). has_priority. payable.", "2026-08-07",
        [['completed(propose)', 'completed(check)', 'completed(total)', 'completed(pay)',
          'outcome(legal)', 'cites("activate.steps")', 'cites("mana-ability.no-stack")',
          'cites("cast.pay")']]),
    "an unpayable total fails at payment and is rewound": (
        BOLT.replace("payable.", 'unpayable("short:R").'), "2026-08-07",
        [[f"completed({s})" for s in STEPS[:7]] + [f"cites({k})" for k in KEYS[:8]]
         + ['failed(pay,"short:R")', 'outcome(illegal)', 'rewound', 'cites("illegal.rewind")',
            'cites("cost.resources")']]),
    "flash an effect gives counts as printed flash: cast with a spell on the stack (CR 702.8a)": (
        SORCERY_ON_STACK + ' grants("e0","s","flash"). mana_payment. payable.', "2026-08-07",
        [_legal(STEPS, KEYS) + ['cites("keyword.flash")']]),
    "printed flash, the same": (
        SORCERY_ON_STACK + ' keyword("s","flash"). mana_payment. payable.', "2026-08-07",
        [_legal(STEPS, KEYS) + ['cites("keyword.flash")']]),
    "printed flash an effect removes: sorcery timing again": (
        SORCERY_ON_STACK + ' keyword("s","flash"). removes("e0","s","flash").', "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:5]]
         + ["failed(check,stack_not_empty)", *BAD]]),
    "flash given and taken away, where timing matters: undecided (CR 613.1f), either order": (
        SORCERY_ON_STACK + ' removes("e0","s","flash"). grants("e1","s","flash").',
        "2026-08-07",
        [[f"completed({s})" for s in STEPS[:4]] + [f"cites({k})" for k in KEYS[:4]]
         + ['undecided("layers.abilities")', 'undecided("golden.abilities-not-cant")']]),
}


@pytest.mark.parametrize(("facts", "edition", "expected"), CASES.values(), ids=CASES.keys())
def test_casting_lp_answer_sets(facts, edition, expected):
    assert answer_sets(("golden/abilities", "casting/casting"), facts, edition) == normal(expected)
