"""Activated abilities with modes on the temporal core (Goblin Cratermaker: {1}, sacrifice it:
choose one — 2 damage to target creature; or destroy target colorless nonland permanent). Each
expectation is read off the rules before the core was asked:

- 602.2b: activating follows 601.2b-i: the mode is announced (601.2b, 700.2a), then the chosen
  mode's target only (700.2c, 601.2c), then the cost is paid (601.2h: sacrificing the source).
- 700.2a: "choose one" is one mode; a mode without a legal target can't be chosen; 700.2d: a mode
  once (2016 on; before, "choose one" already meant one).
- 700.2: as it resolves, the ability does what its chosen mode says, and nothing else.
- 105.2c, 202.2: an object with no coloured symbol in its mana cost is colourless; 708.2: a
  face-down permanent is colourless too; a land is never a "nonland permanent".
- Refused by name: a mode whose words the library lacks; an ability choosing several modes."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.source import Field
from mtgrules.model.timeline import Decision
from mtgrules.queries import parse_scenario, what_happens

ACT = "alice activates Goblin Cratermaker"


def state(bob_field: str = "Grizzly Bears, Frogmite"):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{battlefield: [Goblin Cratermaker, Mountain, Island], library: {{hidden: 5}}}}
  bob: {{battlefield: [{bob_field}], library: {{hidden: 5}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


# (The scenarios turn_ability_modes_* play the legal modes out — the Bears die to the first,
# Frogmite is destroyed by the second, the Cratermaker sacrificed as it is activated — and judge
# the second mode at green Grizzly Bears, a mode named twice, two modes under the 2008 rules; the
# hand-picked agreement, test_reference_agreement.py, an indestructible and a face-down target.)
@pytest.mark.parametrize(("line", "words"), [
    # 700.2a, 601.2c: the second mode has no colourless nonland permanent to target here
    ("choosing mode 2 targeting Mountain", "not a legal target"),         # a land
    ("targeting Grizzly Bears", "its mode is chosen as it is activated"),            # 700.2a
    ("choosing mode 3 targeting Grizzly Bears", "the card has no mode 3"),
    ("choosing mode 1", "it needs a target"),                                        # 601.2c
])
def test_illegal_choices_of_modes_and_targets(line, words):
    s = state("Grizzly Bears")
    v = what_happens(s, lines(s, "alice taps Mountain for mana", f"{ACT} {line}"))
    assert v.outcome == "illegal-action", v.reasons
    assert words in v.reasons[0], v.reasons


def test_modes_for_an_ability_without_them_are_illegal():
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Mogg Fanatic], library: {hidden: 5}}
  bob: {library: {hidden: 5}}
""").state
    v = what_happens(s, lines(s, "alice activates Mogg Fanatic choosing mode 1 targeting bob"))
    assert v.outcome == "illegal-action" and "that ability has no modes to choose" in v.reasons[0], v.reasons


UNWRITTEN = """cards:
  - name: Cratermaker Variant
    cost: "{1}{R}"
    types: [creature]
    power: 2
    toughness: 2
    activated:
      - cost: [{mana: "{1}"}, {sacrifice: self}]
        modes:
          choose: CHOOSE
          options:
            - {targets: [creature], resolve: [{do: damage, amount: 2, target: creature}]}
            - {targets: [colorless-nonland-permanent]}
"""


@pytest.mark.parametrize(("choose", "line", "words"), [
    ("1", "choosing mode 2 targeting Frogmite", "choosing its mode 2: what it does has no words"),
    ("2", "choosing modes 1 and 2 targeting Grizzly Bears", "an ability choosing more than one mode"),
])
def test_what_the_core_does_not_model_is_refused_by_name(choose, line, words):
    s = parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
{UNWRITTEN.replace("CHOOSE", choose)}
state:
  players: [alice, bob]
  step: main1
  alice: {{battlefield: [Cratermaker Variant, Mountain], library: {{hidden: 5}}}}
  bob: {{battlefield: [Grizzly Bears, Frogmite], library: {{hidden: 5}}}}
""").state
    with pytest.raises(UnsupportedQuestion, match=words):
        what_happens(s, lines(s, "alice taps Mountain for mana", f"alice activates Cratermaker Variant {line}"))


def test_a_decision_with_modes_round_trips_through_its_line():
    s = state()
    d = Decision("activate", "alice", ("Goblin Cratermaker",), modes=(1,), targets=("Grizzly Bears",))
    assert str(d) == "alice activates Goblin Cratermaker choosing mode 1 targeting Grizzly Bears"
    assert Decision.parse(str(d), s) == d


@pytest.mark.parametrize(("entry", "words"), [
    ("""{cost: [tap], effect: [{do: draw, who: you, count: 1}],
         modes: {choose: 1, options: [{resolve: [{do: draw, who: you, count: 1}]}]}}""", "both 'effect' and 'modes'"),
    ("{cost: [tap]}", "neither 'effect' nor 'modes'"),
    ("""{cost: [tap], modes: {choose: 1, options: [{resolve: [{do: add-mana, mana: "{R}"}]},
                                                    {resolve: [{do: draw, who: you, count: 1}]}]}}""",
     "a mode adding mana"),
])
def test_the_vocabulary_refuses_what_an_ability_with_modes_cannot_say(entry, words):
    text = f"""name: t
question: {{kind: turn, ask: trace}}
cards:
  - name: Odd Thing
    types: [artifact]
    activated: [{entry}]
state: {{players: [alice, bob]}}
"""
    with pytest.raises(ScenarioError, match=words):
        parse_scenario(text)


def test_modes_on_a_mana_ability_are_refused():
    text = """name: t
question: {kind: turn, ask: trace}
cards:
  - name: Odd Thing
    types: [artifact]
    mana: [{cost: [tap], add: "{R}", modes: {choose: 1, options: [{}]}}]
state: {players: [alice, bob]}
"""
    with pytest.raises(ScenarioError, match="modes on a mana ability"):
        parse_scenario(text)


def test_a_sequencing_question_activating_a_modal_ability_is_refused_by_name():
    # a sequencing line can't say which mode is chosen (CR 700.2a): refused, never judged
    text = """name: t
question:
  kind: sequencing
  steps: [main1]
  performed: [alice animates Goblin Cratermaker]
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Goblin Cratermaker, Mountain]}
"""
    with pytest.raises(UnsupportedQuestion, match="activated ability with modes"):
        parse_scenario(text)
