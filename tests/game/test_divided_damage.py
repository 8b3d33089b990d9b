"""A number of targets announced and damage divided among them, on the temporal core (Forked
Bolt: {R} sorcery, 2 damage divided as you choose among one or two targets; Fireball: {X}{R}
sorcery, X damage divided evenly, rounded down, among any number of targets, {1} more for each
target beyond the first). Each expectation is read off the rules before the core was asked:

- 601.2c: the number of targets of a spell with a variable number is announced, then the
  targets, within what the text allows; 115.3: one word "target" chooses an object or player once.
- 601.2d: the caster announces the division, each target at least 1, all of it divided.
- 601.2f: the total cost counts an increase for each target beyond the first (113.6d: the
  spell's own ability works while it is cast).
- 608.2b: a target illegal as the spell resolves isn't affected; the number of targets, fixed
  as it was cast (601.2c), still divides Fireball's X."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.model.timeline import Decision
from mtgrules.queries import check_state, parse_scenario, what_happens

BOTH_PASS = ["alice passes", "bob passes"]


def state(mountains: int):
    lands = ", ".join(["Mountain"] * mountains)
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Forked Bolt, Fireball, Lightning Bolt], battlefield: [{lands}], library: {{hidden: 3}}}}
  bob: {{battlefield: [Grizzly Bears, Llanowar Elves], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def tap(n):
    return [f"alice taps Mountain{'' if i == 0 else f'#{i + 1}'} for mana" for i in range(n)]


def test_forked_bolt_one_and_one_and_the_trace_says_each_share():
    s = state(1)
    script = lines(s, *tap(1), "alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 1",
                   *BOTH_PASS)
    v = check_state(s, script, conds(s, "bob's life is 19", "Grizzly Bears has 1 damage"))
    assert v.outcome == "holds", v.reasons
    cited = {str(c) for c in v.citations}
    assert {"CR 601.2c", "CR 601.2d"} <= cited
    trace = "\n".join(w.event for w in what_happens(s, script).witness)
    assert "dividing 1 and 1" in trace and "1 to bob, 1 to Grizzly Bears" in trace, trace


def test_forked_bolt_all_to_one_target():
    s = state(1)
    v = check_state(s, lines(s, *tap(1), "alice casts Forked Bolt targeting bob", *BOTH_PASS),
                    conds(s, "bob's life is 18"))
    assert v.outcome == "holds", v.reasons
    # a line may say the one share too
    v = check_state(s, lines(s, *tap(1), "alice casts Forked Bolt targeting bob dividing 2", *BOTH_PASS),
                    conds(s, "bob's life is 18"))
    assert v.outcome == "holds", v.reasons


@pytest.mark.parametrize("line, words, rule", [
    ("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 2 and 0", "nothing", "CR 601.2d"),
    ("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 2", "adds up to 3", "CR 601.2d"),
    ("alice casts Forked Bolt targeting bob, Grizzly Bears and Llanowar Elves dividing 1, 1 and 1",
     "at most 2", "CR 601.2c"),
    ("alice casts Forked Bolt targeting Grizzly Bears and Grizzly Bears dividing 1 and 1", "chosen twice",
     "CR 115.3"),
    ("alice casts Forked Bolt", "at least 1", "CR 601.2c"),
    ("alice casts Lightning Bolt targeting bob dividing 3", "no division to announce", "CR 601.2d"),
    ("alice casts Fireball targeting bob and Grizzly Bears dividing 1 and 1 announcing X as 0",
     "no division to announce", "CR 601.2d"),
])
def test_illegal_casts_cite_their_rule(line, words, rule):
    s = state(3)
    v = what_happens(s, lines(s, *tap(3), line))
    assert v.outcome == "illegal-action", v.reasons
    assert words in v.reasons[0] and rule in {str(c) for c in v.citations}, (v.reasons, v.citations)


def test_a_division_unsaid_stops_for_the_caster():
    s = state(1)
    v = what_happens(s, lines(s, *tap(1), "alice casts Forked Bolt targeting bob and Grizzly Bears"))
    assert v.outcome == "needs-decision" and "divided" in v.reasons[0], v.reasons


def test_fireball_counts_its_targets_in_its_total():
    s = state(6)
    v = check_state(s, lines(s, *tap(6), "alice casts Fireball targeting bob and Grizzly Bears announcing X as 4",
                             *BOTH_PASS),
                    conds(s, "bob's life is 18", "Grizzly Bears is in graveyard", "alice has 0 mana"))
    assert v.outcome == "holds", v.reasons
    assert "CR 601.2f" in {str(c) for c in v.citations}
    v = what_happens(s, lines(s, *tap(5), "alice casts Fireball targeting bob and Grizzly Bears announcing X as 4"))
    assert v.outcome == "illegal-action" and "can't pay" in v.reasons[0], v.reasons
    # one target: no increase, X = 5 on six Mountains
    v = check_state(s, lines(s, *tap(6), "alice casts Fireball targeting bob announcing X as 5", *BOTH_PASS),
                    conds(s, "bob's life is 15"))
    assert v.outcome == "holds", v.reasons


def test_fireball_rounds_down():
    # X = 3 over two targets ({3}{R} + {1}): 1 each, the odd one dealt to no one
    s = state(5)
    v = check_state(s, lines(s, *tap(5), "alice casts Fireball targeting bob and Grizzly Bears announcing X as 3",
                             *BOTH_PASS),
                    conds(s, "bob's life is 19", "Grizzly Bears has 1 damage"))
    assert v.outcome == "holds", v.reasons


def test_under_2008():
    s = state(1)
    v = check_state(s, lines(s, *tap(1), "alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 1",
                             *BOTH_PASS),
                    conds(s, "bob's life is 19", "Grizzly Bears has 1 damage"), edition="2008-10-01")
    assert v.outcome == "holds", v.reasons
    assert {"CR 409.1c", "CR 409.1e"} <= {str(c) for c in v.citations}


def test_the_reader_and_the_decisions():
    s = state(1)
    d = parse_line(Field.of("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 1", "s"), s)
    assert d.division == (1, 1) and d.targets == ("bob", "Grizzly Bears")
    assert parse_line(Field.of(d.line(), "s"), s) == d
    with pytest.raises(ScenarioError, match="divides among 1 but names 2"):
        parse_line(Field.of("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 2", "s"), s)
    # a Decision built in Python with a division that is not one amount for each target: refused
    bad = Decision("cast", "alice", ("Forked Bolt",), targets=("bob",), division=(1, 1))
    with pytest.raises((UnsupportedQuestion, ScenarioError)):
        what_happens(s, [*lines(s, *tap(1)), bad])
