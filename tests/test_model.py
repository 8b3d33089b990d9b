"""The plain-data model: editions and citations, cards, state, YAML fields."""
from __future__ import annotations

import pytest

from mtgrules.model.cards import builtin_cards, colors_of_cost
from mtgrules.model.edition import Citation, Edition, cite, rulebook
from mtgrules.model.errors import ScenarioError
from mtgrules.model.read.state import parse_state
from mtgrules.model.source import Field


def test_citation_parses_and_prints_back():
    assert str(Citation.parse("CR 601.2f")) == "CR 601.2f"
    assert Citation.parse("MTR 4.3") == Citation("MTR", "4.3")
    with pytest.raises(ValueError):
        Citation.parse("601.2f")


@pytest.mark.parametrize("key, date, number", [
    ("golden.cant-beats-can", "2008-02-01", "103.2"),
    ("golden.cant-beats-can", "2009-07-11", "101.2"),
    ("cast.total-cost", "2008-10-01", "409.1f"),
    ("cast.total-cost", "2009-10-01", "601.2e"),
    ("cast.total-cost", "2026-08-07", "601.2f"),
    ("illegal.rewind", "2026-01-16", "732.1"),
    ("illegal.rewind", "2026-08-07", "733.1"),
])
def test_rule_numbers_move_with_the_edition(key, date, number):
    assert cite(key, Edition(date)) == Citation("CR", number)


def test_rules_hold_only_in_their_editions():
    restart = rulebook()["apnap.restart"]
    assert not restart.holds_in(Edition("2009-05-01")) and restart.holds_in(Edition("2009-07-11"))
    damage_stack = rulebook()["combat.damage-stack"]
    assert damage_stack.holds_in(Edition("2008-02-01")) and not damage_stack.holds_in(Edition.newest())


def test_card_library_has_the_cards_the_scenarios_need():
    cards = builtin_cards()
    ultimatum = cards["Cruel Ultimatum"]
    assert [i.verb for i in ultimatum.resolve][:3] == ["sacrifice", "discard", "lose-life"]
    assert cards["Serra Angel"].keywords >= {"vigilance"}
    assert colors_of_cost("{1}{G/U/P}{W}") == {"green", "blue", "white"}


def test_state_is_immutable_and_moves_make_new_states():
    doc = Field.parse("players: [alice, bob, carol]\nactive: bob\n"
                      "alice: {battlefield: [Grizzly Bears, Grizzly Bears], hand: {hidden: 2}}\n")
    state = parse_state(doc, builtin_cards())
    assert state.apnap() == ("bob", "carol", "alice")
    assert [o.id for o in state.controlled("alice", "creature")] == ["Grizzly Bears", "Grizzly Bears#2"]
    after = state.moved("Grizzly Bears#2", "graveyard")
    assert len(state.controlled("alice")) == 2 and len(after.controlled("alice")) == 1
    assert after.find("Grizzly Bears#2")[1] == "graveyard"
    assert state.knows("alice", "alice:hand:1") and not state.knows("bob", "alice:hand:1")
    assert after.knows("bob", "Grizzly Bears#2")  # public zone


def test_field_errors_carry_line_and_path():
    doc = Field.parse("a:\n  b: [1, 2, x]\n", "f.yaml")
    with pytest.raises(ScenarioError) as err:
        doc["a"]["b"].list()[2].int()
    assert (err.value.location.line, err.value.location.field) == (2, "a.b[2]")
    assert "f.yaml, line 2, field 'a.b[2]'" in str(err.value)
