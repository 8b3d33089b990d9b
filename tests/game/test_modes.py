"""Modal spells on the temporal core (CR 700.2, 702.42 entwine, 702.120 escalate): what it
refuses by name rather than answer — a mode with no words, an escalate cost that is neither mana
nor a discard, escalate under an edition without it, a modal spell on the stack of a starting
state — escalate's discards (CR 702.120a, 601.2h), and the script line's words. (Chosen modes'
targets are slots: test_target_slots.py.)"""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens


def scenario(hand: str, lands: str, cards: str = "") -> object:
    return parse_scenario(f"""name: t
{cards}question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{hand}], battlefield: [{lands}, Grizzly Bears], library: {{hidden: 3}}}}
  bob: {{battlefield: [Grizzly Bears], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def test_a_mode_whose_effect_has_no_words_is_refused_when_chosen_not_resolved_as_nothing():
    s = scenario("Izzet Charm", "Island, Mountain")
    taps = ["alice taps Island for mana", "alice taps Mountain for mana"]
    with pytest.raises(UnsupportedQuestion, match="mode 1: what it does has no words"):
        what_happens(s, lines(s, *taps, "alice casts Izzet Charm choosing mode 1"))
    # its third mode has words: drawing two, then discarding two
    v = what_happens(s, lines(s, *taps, "alice casts Izzet Charm choosing mode 3"))
    assert v.outcome == "needs-decision", v.reasons


BRUTALITY = ["alice taps Swamp for mana", "alice taps Swamp#2 for mana"]


def test_two_modes_of_collective_brutality_need_their_escalate_discard():
    """702.120a: one discard for the second mode, named by the line and paid as the spell is
    cast (601.2h); none named, it can't be paid."""
    s = scenario("Collective Brutality, Island", "Swamp, Swamp")
    v = what_happens(s, lines(s, *BRUTALITY, "alice casts Collective Brutality choosing modes 2 and 3 "
                                             "targeting Grizzly Bears#2 and bob"))
    assert v.outcome == "illegal-action" and "its escalate cost is 1 card discarded" in v.reasons[0], v.reasons
    v = what_happens(s, lines(s, *BRUTALITY, "alice casts Collective Brutality choosing modes 2 and 3 discarding "
                                             "Island targeting Grizzly Bears#2 and bob", "alice passes", "bob passes"))
    assert v.outcome == "needs-decision", v.reasons
    cast = next(e.event for e in v.witness if "casts Collective Brutality" in e.event)
    assert "choosing modes 2 and 3 discarding Island targeting" in cast, cast


@pytest.mark.parametrize(("line", "why"), [
    ("alice casts Collective Brutality choosing mode 2 discarding Island targeting Grizzly Bears#2",
     "no card is discarded for its cost"),                                         # one mode: no escalate
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Grizzly Bears targeting "
     "Grizzly Bears#2 and bob", "Grizzly Bears is not in alice's hand to discard for escalate"),
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Collective Brutality targeting "
     "Grizzly Bears#2 and bob", "the spell itself is on the stack"),               # 601.2a
])
def test_escalate_discards_that_cant_pay_are_illegal(line, why):
    s = scenario("Collective Brutality, Island", "Swamp, Swamp")
    v = what_happens(s, lines(s, *BRUTALITY, line))
    assert v.outcome == "illegal-action" and any(why in r for r in v.reasons), v.reasons


ESCALATE_DISCARD = """cards:
  - name: Discard Grace
    cost: "{W}"
    types: [instant]
    escalate: [{discard: card}]
    modes:
      choose: one-or-more
      options:
        - {resolve: [{do: gain-life, who: you, amount: 1}]}
        - {resolve: [{do: gain-life, who: you, amount: 2}]}
        - {resolve: [{do: gain-life, who: you, amount: 3}]}
  - name: Life Grace
    cost: "{W}"
    types: [instant]
    escalate: [{life: 2}]
    modes:
      choose: one-or-more
      options:
        - {resolve: [{do: gain-life, who: you, amount: 1}]}
        - {resolve: [{do: gain-life, who: you, amount: 2}]}
"""


def test_a_card_is_discarded_once_for_escalate():
    """701.9a: two modes beyond the first, two cards — the same card named twice is one card."""
    s = scenario("Discard Grace, Forest, Island", "Plains", cards=ESCALATE_DISCARD)
    tap = "alice taps Plains for mana"
    v = what_happens(s, lines(s, tap, "alice casts Discard Grace choosing modes 1, 2 and 3 discarding Forest and Forest"))
    assert v.outcome == "illegal-action" and any("named twice to discard" in r for r in v.reasons), v.reasons
    v = what_happens(s, lines(s, tap, "alice casts Discard Grace choosing modes 1, 2 and 3 discarding Forest and Island",
                              "alice passes", "bob passes"))
    assert v.outcome == "needs-decision", v.reasons


def test_an_escalate_cost_neither_mana_nor_a_discard_is_refused_for_a_second_mode():
    s = scenario("Life Grace, Forest", "Plains", cards=ESCALATE_DISCARD)
    with pytest.raises(UnsupportedQuestion, match="escalate cost of 'life 2'"):
        what_happens(s, lines(s, "alice taps Plains for mana", "alice casts Life Grace choosing modes 1 and 2"))
    # one mode: no escalate cost to pay
    v = what_happens(s, lines(s, "alice taps Plains for mana", "alice casts Life Grace choosing mode 2",
                              "alice passes", "bob passes"))
    assert v.outcome == "needs-decision", v.reasons


def test_escalate_discards_under_an_edition_without_escalate_are_refused_naming_it():
    s = scenario("Collective Brutality, Island", "Swamp, Swamp")
    with pytest.raises(UnsupportedQuestion, match="rules of 2009-07-11, an edition without it"):
        what_happens(s, lines(s, *BRUTALITY, "alice casts Collective Brutality choosing modes 2 and 3 discarding "
                                             "Island targeting Grizzly Bears#2 and bob"), edition="2009-07-11")


def test_escalate_under_an_edition_without_it_is_refused_naming_it():
    s = scenario("Borrowed Grace", "Plains, Plains, Plains")
    script = lines(s, "alice taps Plains for mana", "alice taps Plains#2 for mana",
                   "alice taps Plains#3 for mana", "alice casts Borrowed Grace choosing mode 1")
    with pytest.raises(UnsupportedQuestion, match="rules of 2009-07-11, an edition without it"):
        what_happens(s, script, edition="2009-07-11")
    assert what_happens(s, script, edition="2016-07-22").outcome == "needs-decision"


def test_a_modal_spell_on_the_stack_of_a_state_is_refused():
    with pytest.raises(UnsupportedQuestion, match="does not say what was announced"):
        what_happens(parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  priority: alice
  alice: {library: {hidden: 3}, stack: [Borrowed Grace]}
  bob: {library: {hidden: 3}}
""").state, [])


@pytest.mark.parametrize(("line", "expected"), [
    ("alice casts Borrowed Grace choosing modes 1 2", "not a choice of modes"),
    ("alice casts Borrowed Grace choosing mode 99999999999", "a mode is numbered from 1"),
    ("alice casts Journey of Discovery choosing mode 1 entwined", "modes chosen and 'entwined'"),
])
def test_bad_mode_words_are_located_errors(line, expected):
    s = scenario("Borrowed Grace, Journey of Discovery", "Plains")
    with pytest.raises(ScenarioError, match=expected):
        parse_line(Field.of(line, "question.script[0]", "my.yaml"), s)


@pytest.mark.parametrize(("line", "reason"), [
    ("alice casts Izzet Charm choosing modes 3 and 3", "mode 3 chosen more than once"),
    ("alice casts Izzet Charm choosing mode 4", "no mode 4"),
    ("alice casts Izzet Charm", "its modes are chosen as it is cast"),
    ("alice casts Izzet Charm entwined", "no entwine cost"),
    ("alice casts Grizzly Bears#3 choosing mode 1", "no modes to choose"),
    ("alice casts Izzet Charm choosing mode 3 targeting bob", "doesn't target|no target"),
])
def test_illegal_choices_of_modes_say_why(line, reason):
    s = scenario("Izzet Charm, Grizzly Bears", "Island, Mountain, Forest, Forest")
    v = what_happens(s, lines(s, "alice taps Island for mana", "alice taps Mountain for mana",
                              "alice taps Forest for mana", "alice taps Forest#2 for mana", line))
    assert v.outcome == "illegal-action", v.reasons
    assert any(__import__("re").search(reason, r) for r in v.reasons), v.reasons


def test_a_search_with_a_mode_the_core_cant_carry_out_in_hand_proves_no_none():
    """A "way" search opens every choice of modes; one it can't follow (Izzet Charm's first
    mode, no words) keeps it from answering "impossible"."""
    from mtgrules.model.timeline import Condition, Point
    from mtgrules.model.turn import Step
    from mtgrules.queries import is_there_a_way
    s = scenario("Izzet Charm", "Island, Mountain")
    with pytest.raises(UnsupportedQuestion):
        is_there_a_way(s, "alice", [Condition("life", ("bob", 1))], Point("step", Step.BEGINNING_OF_COMBAT))


def test_a_search_with_escalate_discards_to_choose_proves_no_none():
    """A "way" search tries casts without discards: Discard Grace's three modes would need two
    (CR 702.120a), so with other cards in hand it answers no "impossible"; alone in hand, it can't
    be escalated, and the goal (all three modes' life) is impossible."""
    from mtgrules.model.timeline import Condition, Point
    from mtgrules.model.turn import Step
    from mtgrules.queries import is_there_a_way
    goal, until = [Condition("life", ("alice", 26))], Point("step", Step.BEGINNING_OF_COMBAT)
    s = scenario("Discard Grace, Forest, Island", "Plains", cards=ESCALATE_DISCARD)
    with pytest.raises(UnsupportedQuestion):
        is_there_a_way(s, "alice", goal, until)
    s = scenario("Discard Grace", "Plains", cards=ESCALATE_DISCARD)
    assert is_there_a_way(s, "alice", goal, until).outcome == "impossible"


def test_a_sequencing_question_casting_a_modal_spell_is_refused_by_name():
    with pytest.raises(UnsupportedQuestion, match="modal spell: a sequencing question can't say its modes"):
        parse_scenario("""name: t
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Plains, Plains, Plains], hand: [Borrowed Grace], library: {hidden: 5}}
  bob: {hand: [Island]}
question:
  kind: sequencing
  casting: Borrowed Grace
  performed: [alice taps Plains for mana]
""")


BRUTAL_HAND = """name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Collective Brutality], battlefield: [Swamp, Swamp], library: {hidden: 3}}
  bob: {hand: [HAND], library: {hidden: 3}}
"""


@pytest.mark.parametrize(("hand", "choice", "gone", "left"), [
    # 701.9a: alice picks among the instant and sorcery cards; bob's creature card can't be picked
    ("Lightning Bolt, Shock, Grizzly Bears", "Shock", "Shock", "Lightning Bolt"),
    # one such card: the pick is forced
    ("Lightning Bolt, Grizzly Bears", None, "Lightning Bolt", "Grizzly Bears"),
    # none: nothing is discarded (the instruction asks for what isn't there)
    ("Grizzly Bears, Forest", None, None, "Forest"),
])
def test_brutality_mode_one_reveals_and_alice_picks_an_instant_or_sorcery(hand, choice, gone, left):
    s = parse_scenario(BRUTAL_HAND.replace("HAND", hand)).state
    script = ["alice taps Swamp for mana", "alice taps Swamp#2 for mana",
              "alice casts Collective Brutality choosing mode 1 targeting bob", "alice passes", "bob passes"]
    if choice:
        script.append(f"alice chooses {choice}")
    # the hand is revealed: alice knows every card of it (701.20b)
    conditions = [f"{left} is in hand", "Grizzly Bears is in hand" if "Bears" in hand else f"{left} is in hand",
                  f"alice knows {left}"]
    if gone:
        conditions.append(f"{gone} is in graveyard")
    v = check_state(s, lines(s, *script), [parse_condition(Field.of(c, "conditions"), s) for c in conditions])
    assert v.outcome == "holds", v.reasons
    if choice:   # a creature card is no choice here
        bad = what_happens(s, lines(s, *script[:-1], "alice chooses Grizzly Bears"))
        assert bad.outcome == "illegal-action", bad.reasons
