"""Multikicker on the temporal core (Everflowing Chalice: {0} artifact, multikicker {2}; it
enters with a charge counter for each time it was kicked; {T}: add {C} for each charge counter
on it). Each expectation is read off the rules before the core was asked:

- 702.33c: a multikicker cost may be paid any number of times as the spell is cast (601.2b);
  601.2f: the total adds it that many times; 601.2h: paid in full. None of the 2008-2009
  editions has the rule (refused there, naming the edition).
- 702.33d: kicked N times; 614.1c, 614.12: "enters with" counters is a replacement effect, part
  of entering (N counters; none unkicked).
- 106.4, 605.1a: the mana ability adds {C} for each charge counter; with none it is still
  activated (its cost {T} paid) and adds nothing.
- 202.3: the mana value is the mana cost's, 0 however many times it was kicked.
- 702.33a: a plain kicker is paid once: 'kicked 2 times' for it announces a cost it lacks."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, parse_scenario, what_happens

BOTH_PASS = ["alice passes", "bob passes"]


def state(hand: str, islands: int, cards: str = "", edition: str = ""):
    lands = ", ".join(["Island"] * islands)
    return parse_scenario(f"""name: t
{cards}{edition}question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{hand}], battlefield: [{lands}], library: {{hidden: 3}}}}
  bob: {{battlefield: [Grizzly Bears], library: {{hidden: 3}}}}
""")


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def tap(n):
    return [f"alice taps Island{'' if i == 0 else f'#{i + 1}'} for mana" for i in range(n)]


def cast_and_resolve(n, islands, kicked):
    s = state("Everflowing Chalice", islands).state
    return s, lines(s, *tap(islands), f"alice casts Everflowing Chalice{kicked}", *BOTH_PASS)


@pytest.mark.parametrize("kicked, n", [("", 0), (" kicked", 1), (" kicked 1 time", 1),
                                       (" kicked 2 times", 2), (" kicked 3 times", 3), (" kicked 0 times", 0)])
def test_it_enters_with_a_charge_counter_for_each_time_kicked(kicked, n):
    s, script = cast_and_resolve(n, 2 * n, kicked)
    v = check_state(s, script, conds(s, f"Everflowing Chalice has {n} charge counter{'' if n == 1 else 's'}",
                                     "Everflowing Chalice is in the battlefield", "alice's mana pool is empty"))
    assert v.outcome == "holds", v.reasons
    cited = {str(c) for c in v.citations}
    assert ("CR 614.1c" in cited) == (n > 0) and ("CR 702.33c" in cited) == (n > 0), cited


def test_the_total_is_paid_in_full():
    s, script = cast_and_resolve(3, 5, " kicked 3 times")
    v = what_happens(s, script)
    assert v.outcome == "illegal-action" and "can't pay" in v.reasons[0], v.reasons


def test_the_mana_ability_adds_one_colourless_for_each_counter():
    s, script = cast_and_resolve(3, 6, " kicked 3 times")
    v = check_state(s, script + lines(s, "alice taps Everflowing Chalice for mana"),
                    conds(s, "alice has 3 mana", "Everflowing Chalice is tapped"))
    assert v.outcome == "holds", v.reasons
    assert "{C}{C}{C}" in " ".join(e.event for e in v.witness)


def test_with_no_counters_the_ability_is_activated_and_adds_nothing():
    s, script = cast_and_resolve(0, 0, "")
    v = check_state(s, script + lines(s, "alice taps Everflowing Chalice for mana"),
                    conds(s, "alice's mana pool is empty", "Everflowing Chalice is tapped"))
    assert v.outcome == "holds", v.reasons


def test_the_trace_says_how_many_times_kicked_and_the_counters():
    s, script = cast_and_resolve(2, 4, " kicked 2 times")
    v = what_happens(s, script)
    text = " ".join(e.event for e in v.witness)
    assert "kicked 2 times" in text and "enters with 2 charge counters" in text, text


@pytest.mark.parametrize("edition", ["2008-02-01", "2009-05-01", "2009-10-01"])
@pytest.mark.parametrize("kicked", [" kicked", " kicked 2 times"])
def test_kicked_under_an_edition_without_multikicker_is_refused_naming_it(edition, kicked):
    s = state("Everflowing Chalice", 4, edition=f"edition: {edition}\n")
    script = lines(s.state, *tap(4), f"alice casts Everflowing Chalice{kicked}", *BOTH_PASS)
    with pytest.raises(UnsupportedQuestion, match=f"{edition} edition of the rules has no rule for multikicker"):
        what_happens(s.state, script, edition=str(s.edition))


def test_unkicked_under_an_edition_without_multikicker_is_cast():
    s = state("Everflowing Chalice", 0, edition="edition: 2009-10-01\n")
    script = lines(s.state, "alice casts Everflowing Chalice", *BOTH_PASS)
    v = check_state(s.state, script, conds(s.state, "Everflowing Chalice has 0 charge counters"), edition=str(s.edition))
    assert v.outcome == "holds", v.reasons


def test_a_plain_kicker_is_paid_once():
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Burst Lightning], battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain,
          Mountain, Mountain, Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    taps = [f"alice taps Mountain{'' if i == 0 else f'#{i + 1}'} for mana" for i in range(9)]
    v = what_happens(s, lines(s, *taps, "alice casts Burst Lightning targeting bob kicked 2 times"))
    assert v.outcome == "illegal-action" and "no" in v.reasons[0], v.reasons


def test_a_count_of_kicks_is_a_number():
    s = state("Everflowing Chalice", 0).state
    with pytest.raises(ScenarioError, match="kicked 2 timez|is not"):
        lines(s, "alice casts Everflowing Chalice kicked 2 timez")


def test_the_card_words_are_checked():
    with pytest.raises(ScenarioError, match="without kicker"):
        parse_scenario("""name: t
cards:
  - {name: Odd Chalice, cost: "{1}", types: [artifact],
     static: [{do: enters-with-counters, kind: charge, for-each: kick}]}
question: {kind: turn, ask: trace}
state: {players: [alice, bob]}
""")
    with pytest.raises(ScenarioError, match="counter kind|charge"):
        parse_scenario("""name: t
cards:
  - {name: Odd Chalice, cost: "{1}", types: [artifact], mana: [{cost: [tap], add: "{C}", for-each-counter: ice}]}
question: {kind: turn, ask: trace}
state: {players: [alice, bob]}
""")


def test_multikicker_with_kicked_text_is_refused_by_name():
    s = parse_scenario("""name: t
cards:
  - {name: Odd Bolt, cost: "{R}", types: [instant], multikicker: "{1}", targets: [any],
     resolve: [{do: damage, amount: 1, target: any, kicked-amount: 3}]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Odd Bolt], battlefield: [Mountain, Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    script = lines(s, "alice taps Mountain for mana", "alice taps Mountain#2 for mana",
                   "alice casts Odd Bolt targeting bob kicked")
    with pytest.raises(UnsupportedQuestion, match="multikicker with another cost or with kicked text"):
        what_happens(s, script)
