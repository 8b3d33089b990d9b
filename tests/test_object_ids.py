"""Object ids: a bare card name binds to the first object of that name; where objects of that
name are listed under two players the bare name is refused, naming the ids to use
(``Name#1``, ``Name#2``), never silently bound to the wrong player's object."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError
from mtgrules.queries import check_scenario, parse_scenario

STATE = """name: t
state:
  players: [alice, bob]
  step: declare-attackers
  alice: {battlefield: [Serra Angel]}
  bob: {battlefield: [Serra Angel]}
  effects: [{from: Hex, controller: alice, do: remove-ability, what: "WHAT", ability: flying}]
question: {kind: golden, ask: has-ability, object: "OBJECT", ability: flying}
"""


def ask(what: str, obj: str):
    return check_scenario(parse_scenario(STATE.replace("WHAT", what).replace("OBJECT", obj),
                                         "ids.yaml"))


@pytest.mark.parametrize(("what", "obj"), [("Serra Angel#2", "Serra Angel"),
                                           ("Serra Angel", "Serra Angel#2")])
def test_a_bare_name_shared_by_two_players_is_refused_with_the_ids_to_use(what, obj):
    with pytest.raises(ScenarioError) as err:
        ask(what, obj)
    text = str(err.value)
    assert "ambiguous" in text and "'Serra Angel#1' (alice's)" in text
    assert "'Serra Angel#2' (bob's)" in text and "ids.yaml, line" in text


@pytest.mark.parametrize(("what", "obj", "outcome"), [
    ("Serra Angel#2", "Serra Angel#1", "has"), ("Serra Angel#2", "Serra Angel#2", "has-not"),
    ("Serra Angel#1", "Serra Angel#1", "has-not"), ("Serra Angel#1", "Serra Angel#2", "has"),
])
def test_numbered_ids_name_each_players_object(what, obj, outcome):
    assert ask(what, obj).outcome == outcome


def test_copies_under_one_player_keep_the_bare_name_for_the_first():
    text = STATE.replace("bob: {battlefield: [Serra Angel]}", "bob: {}").replace(
        "alice: {battlefield: [Serra Angel]}", "alice: {battlefield: [Serra Angel, Serra Angel]}")
    verdict = check_scenario(parse_scenario(text.replace("WHAT", "Serra Angel#2")
                                            .replace("OBJECT", "Serra Angel"), "ids.yaml"))
    assert verdict.outcome == "has"


def test_an_action_line_naming_an_ambiguous_object_is_refused():
    """A target may be anyone's: a bare name two players hold is refused there. (A name the
    line's player acts on is read as theirs: tests/test_line_names.py.)"""
    text = """name: t
state:
  players: [alice, bob]
  alice: {battlefield: [Mountain], hand: [Lightning Bolt]}
  bob: {battlefield: [Mountain]}
question:
  kind: turn
  ask: trace
  script: [alice casts Lightning Bolt targeting Mountain]
"""
    with pytest.raises(ScenarioError, match="Mountain#2"):
        parse_scenario(text, "ids.yaml")
    parse_scenario(text.replace("targeting Mountain", "targeting Mountain#1"), "ids.yaml")
