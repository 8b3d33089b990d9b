"""Printed text a library entry doesn't write (``unwritten:``), on the temporal core. Each
expectation is read off the rules before the core was asked:

- 113.3: a card's abilities are spell, activated, triggered or static abilities; 113.6: an
  instant's or sorcery's work while it is on the stack, any other object's on the battlefield.
- A trace that reaches a point where text the library lacks would work is refused ("not
  modelled"), never played as though the card had no such text; before that point, and where
  that text can't work (a card in the hand, an enchantment nobody activates), the trace goes on.
- 602.1/602.2: an activated ability works only when activated: activating one the library lacks
  is refused, not answered "no such ability"."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_state, is_there_a_way, parse_scenario, what_happens
from mtgrules.queries.scenario import load_scenario

BOTH_PASS = ["alice passes", "bob passes"]


def state(hand: str, field: str, bob_field: str = "Grizzly Bears"):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{hand}], battlefield: [{field}], library: {{hidden: 3}}}}
  bob: {{battlefield: [{bob_field}], library: {{hidden: 3}}}}
""").state


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def conds(s, *texts):
    return [parse_condition(Field.of(t, "conditions"), s) for t in texts]


def refused(s, script, what):
    with pytest.raises(UnsupportedQuestion) as caught:
        what_happens(s, lines(s, *script))
    assert what in str(caught.value), str(caught.value)
    return str(caught.value)


def test_a_creature_with_unwritten_triggers_is_cast_but_refused_as_it_enters():
    # Kitchen Finks gains its controller 2 life as it enters and has persist (113.3c): neither
    # is written, so the core casts it (601.2) and stops where its abilities would work
    s = state("Kitchen Finks", "Forest, Plains, Swamp")
    cast = [*(f"alice taps {land} for mana" for land in ("Forest", "Plains", "Swamp")),
            "alice casts Kitchen Finks announcing {G/W} as {G} and {G/W} as {W}"]
    assert check_state(s, lines(s, *cast), conds(s, "Kitchen Finks is in stack")).outcome == "holds"
    text = refused(s, [*cast, *BOTH_PASS], "Kitchen Finks")
    assert "triggered ability" in text and "CR 113.3c" in text


def test_on_the_battlefield_from_the_start_it_is_refused_at_once():
    s = state("Mountain", "Forest, Kitchen Finks")
    refused(s, ["alice plays Mountain"], "Kitchen Finks")


def test_in_the_hand_its_text_does_not_work_and_the_trace_goes_on():
    s = state("Kitchen Finks", "Mountain")
    v = what_happens(s, lines(s, *BOTH_PASS))
    assert v.outcome != "unsupported", v.reasons


def test_an_enchantment_with_an_unwritten_trigger_is_refused_on_the_battlefield():
    # Standstill triggers whenever a player casts a spell (113.3c): on the battlefield, any
    # trace may be missing its trigger
    s = state("Lightning Bolt", "Mountain, Standstill")
    refused(s, BOTH_PASS, "Standstill")


def test_a_static_ability_unwritten_is_refused_on_the_battlefield():
    s = state("Mountain", "Voice of All")
    text = refused(s, BOTH_PASS, "Voice of All")
    assert "static ability" in text


def test_an_unwritten_activated_ability_is_refused_only_when_activated():
    # Lurking Evil on the battlefield is a fine target (its ability works only when activated)
    s = state("Mountain", "Lurking Evil")
    assert what_happens(s, lines(s, *BOTH_PASS)).outcome != "unsupported"
    text = refused(s, ["alice activates Lurking Evil"], "Lurking Evil")
    assert "activated ability" in text and "no such ability" not in text


def test_a_written_card_is_still_told_it_has_no_such_ability():
    s = state("Mountain", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="has no activated ability"):
        lines(s, "alice activates Grizzly Bears")


def test_tapping_for_mana_a_card_whose_abilities_are_unwritten_is_refused():
    s = state("Mountain", "Lurking Evil")
    refused(s, ["alice taps Lurking Evil for mana"], "Lurking Evil")


def test_a_sorcery_whose_effect_is_unwritten_is_refused_as_it_resolves():
    s = state("Pyroclasm", "Mountain, Mountain")
    cast = ["alice taps Mountain for mana", "alice taps Mountain#2 for mana", "alice casts Pyroclasm"]
    assert check_state(s, lines(s, *cast), conds(s, "Pyroclasm is in stack")).outcome == "holds"
    refused(s, [*cast, *BOTH_PASS], "Pyroclasm")


def test_unwritten_values_are_checked(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("""name: t
cards:
  - {name: Odd Bear, cost: "{1}{G}", types: [creature], power: 2, toughness: 2, unwritten: [tiggered]}
state:
  players: [alice, bob]
  alice: {battlefield: [Odd Bear]}
question: {kind: golden, ask: concede, player: alice}
""")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    text = str(caught.value)
    assert "unwritten" in text and "tiggered" in text and "triggered" in text, text


def test_a_search_proves_nothing_impossible_past_an_unwritten_activated_ability():
    # what Lurking Evil's ability would do is unknown: "no way" can't be proved while alice
    # controls it (with only written cards the same goal is proved impossible)
    goal = "bob's life is 10"
    written = state("Mountain", "Grizzly Bears")
    assert is_there_a_way(written, "alice", goal, by="main2").outcome == "impossible"
    s = state("Mountain", "Lurking Evil")
    with pytest.raises(UnsupportedQuestion, match="still going"):
        is_there_a_way(s, "alice", goal, by="main2")
