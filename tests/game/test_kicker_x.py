"""Kicker {X} on the temporal core (Verdeloth the Ancient: {4}{G}{G}, kicker {X}), against the
reference stepper on chosen cases. Each expectation is read off the rules before the core was
asked:

- 702.33a: kicker is an optional additional cost paid as the spell is cast (601.2b);
  107.3a: the value of an X in a mana, alternative or additional cost that is paid is announced
  then — for a kicker's {X}, where the kicker is paid, and not otherwise; 0 is a value.
- 601.2f: the total is the mana cost plus the kicker, X generic mana for each {X};
  601.2h: it is paid in full or the cast is illegal (so with X unsaid and not even X = 0
  payable, the cast is illegal whatever X would be; payable, X is the caster's to say).
- 202.3: the mana value counts the mana cost only: 6 whatever X is.
- The card's anthem and kicked trigger are unwritten: once it is on the battlefield, where they
  would work (113.6), the trace is refused by name.
Each case runs the core once (compare), checked by the stepper and by what the trace says."""
from __future__ import annotations

import sys
from pathlib import Path

import clingo
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_reference_agreement import compare, reason_key  # noqa: E402

from mtgrules.encodings.asp import encoding  # noqa: E402
from mtgrules.encodings.game.casting_facts import cost_facts  # noqa: E402
from mtgrules.model.cards import builtin_cards, parse_cards  # noqa: E402
from mtgrules.model.source import Field  # noqa: E402
from mtgrules.model.timeline import END, Decision  # noqa: E402
from mtgrules.queries.scenario import parse_scenario  # noqa: E402

NEW = "2026-08-07"
CARD = "Verdeloth the Ancient"
KICKED = f"alice casts {CARD} kicked"
PASSES = ["alice passes", "bob passes"]


def state_of(green: int):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{CARD}], mana-pool: "{'{G}' * green}", library: {{hidden: 5}}}}
  bob: {{library: {{hidden: 5}}}}
""").state


# (green mana in alice's pool, edition, lines, the stop — priority: the cast was legal and the
# next decision is alice's priority; payment: the decision due is how to pay, X — and the
# reasons of an illegal cast)
CASES = {
    # {4}{G}{G} + {2}: eight mana pay it
    "x-two": (8, NEW, [f"{KICKED} announcing X as 2"], "priority", set()),
    # seven don't (601.2h)
    "x-two-seven": (7, NEW, [f"{KICKED} announcing X as 2"], "illegal-action", {"cant_pay"}),
    # X = 0: kicked for nothing more than the mana cost
    "x-zero": (6, NEW, [f"{KICKED} announcing X as 0"], "priority", set()),
    # kicked, X unsaid: the caster's choice
    "x-unsaid": (8, NEW, [KICKED], "payment", set()),
    # kicked, X unsaid, and not even X = 0 payable: illegal whatever X is
    "x-unsaid-short": (5, NEW, [KICKED], "illegal-action", {"cant_pay"}),
    # not kicked: no cost paid has an X to announce
    "unkicked-x": (8, NEW, [f"alice casts {CARD} announcing X as 1"], "illegal-action", {"no_x"}),
    "unkicked": (6, NEW, [f"alice casts {CARD}"], "priority", set()),
    # a kicker is paid once (702.33a; multikicker is another ability, 702.33c)
    "kicked-twice": (8, NEW, [f"{KICKED} 2 times announcing X as 1"], "illegal-action", {"no_such_cost"}),
    # 2008: 502.21a kicker, 409.1b the variable cost announced, 104.3c {X}
    "x-two-2008": (8, "2008-10-01", [f"{KICKED} announcing X as 2"], "priority", set()),
    # resolved, it is on the battlefield, where its unwritten texts would work: refused
    "x-two-resolves": (8, NEW, [f"{KICKED} announcing X as 2", *PASSES], "unsupported", set()),
}


@pytest.mark.parametrize("name", list(CASES))
def test_kicker_x_casts(name):
    green, edition, lines, stop, reasons = CASES[name]
    state = state_of(green)
    script = [Decision.parse(line, state) for line in lines]
    runs: dict = {}
    diff = compare(state, edition, script, END, runs=runs)
    assert diff is None, diff
    ref, tl = runs["ref"], runs["tl"]
    assert (ref.stop[2] if stop in ("priority", "payment") else ref.stop[0]) == stop, ref.stop
    assert (tl.stop.what if stop in ("priority", "payment") else tl.stop.kind) == stop, tl.stop
    assert reasons <= ref.reasons, ref.reasons
    if stop == "illegal-action":
        assert reasons <= {reason_key(r) for r in tl.stop.what.split("; ")}, tl.stop.what
    if stop == "priority":
        # on the stack, the pool spent; the cast cites kicker where kicked, X where announced
        assert tl.final.stack == [CARD] and not tl.final.pools.get("alice"), tl.final
        cast = next(e for e in tl.events if e.name == "cast")
        rules = set(cast.rules)        # rulebook keys: numbered by edition in the verdict
        assert ("keyword.kicker" in rules) == ("kicked" in lines[0]), rules
        assert ("cost.x" in rules) == ("announcing X" in lines[0]), rules
    if stop == "unsupported":
        assert "unwritten" in tl.stop.what or "doesn't write" in tl.stop.what, tl.stop.what


def _facts(card) -> set[str]:
    return {str(s) for s in cost_facts(card, clingo.String("o"))}


def test_the_kicker_x_is_read_as_an_optional_cost_with_x_and_the_mana_value_is_the_mana_costs():
    facts = _facts(builtin_cards()[CARD])
    assert 'optional_x("o",kicker,1)' in facts and 'optional_cost("o",kicker)' in facts
    assert not any(f.startswith(("cost_unsupported", "x_symbols", "optional_generic")) for f in facts), facts
    # 202.3: the mana value counts the mana cost's symbols only — 6, kicked or not, whatever X is
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], encoding("game/vocabulary") + '\nobject("o").\n' + "".join(f + ".\n" for f in facts))
    ctl.ground([("base", [])])
    values: list[str] = []
    ctl.solve(on_model=lambda m: values.extend(str(s) for s in m.symbols(atoms=True) if s.name == "mana_value"))
    assert values == ['mana_value("o",6)']


@pytest.mark.parametrize("extra", [
    'cost: "{X}{G}"\n  kicker: "{X}"',            # X in the mana cost and the kicker
    'cost: "{G}"\n  multikicker: "{X}"',          # multikicker {X}
    'cost: "{G}"\n  kicker: "{X}"\n  buyback: "{1}"',   # two optional costs
    'cost: "{G}"\n  buyback: "{X}"',              # X in another optional cost
])
def test_other_costs_with_x_stay_refused_by_name(extra):
    (card,) = parse_cards(Field.parse(f"- name: Test\n  types: [sorcery]\n  {extra}\n", "cards.yaml"))
    assert any(f.startswith("cost_unsupported") for f in _facts(card))
