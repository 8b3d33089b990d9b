"""A card name in a player's own line (a turn script's decision, a sequencing block's performed
line) where two players hold that card: read as the line's player's own copy where only one of
theirs can do what the line says, refused where two of theirs could, and refused with the other
player's copy suggested where the line's player has none."""
from __future__ import annotations

import pytest

from mtgrules.model.errors import ScenarioError
from mtgrules.queries import check_scenario, parse_scenario

TURN = """name: t
state:
  players: PLAYERS
  step: main1
  alice: ALICE
  bob: {battlefield: [Mountain]}
  CAROL
question:
  kind: turn
  ask: trace
  script: [LINE]
"""


def turn(line: str, alice: str = "{battlefield: [Mountain], hand: [Lightning Bolt]}",
         carol: str | None = None):
    players = "[alice, bob, carol]" if carol else "[alice, bob]"
    text = (TURN.replace("PLAYERS", players).replace("ALICE", alice).replace("LINE", line)
            .replace("CAROL", f"carol: {carol}" if carol else ""))
    return parse_scenario(text, "names.yaml")


@pytest.mark.parametrize(("line", "carol", "meant"), [
    ("alice taps Mountain for mana", None, "Mountain"),
    ("bob taps Mountain for mana", None, "Mountain#2"),
    ("carol taps Mountain for mana", "{battlefield: [Mountain]}", "Mountain#3"),
    # hers in the zone the verb acts on (a player's hand is listed before the battlefield):
    # the hand's copy is played or discarded, the battlefield's tapped
    ("carol plays Mountain", "{battlefield: [Mountain], hand: [Mountain]}", "Mountain#3"),
    ("carol discards Mountain", "{battlefield: [Mountain], hand: [Mountain]}", "Mountain#3"),
    ("carol taps Mountain for mana", "{battlefield: [Mountain], hand: [Mountain]}", "Mountain#4"),
    ("carol attacks with Mountain", "{battlefield: [Mountain], hand: [Mountain]}", "Mountain#4"),
    ("alice taps Mountain#1 for mana", None, "Mountain"),
])
def test_a_name_in_a_players_line_means_that_players_copy(line, carol, meant):
    assert turn(line, carol=carol).question.script[0].objects == (meant,)


def test_two_copies_of_the_players_own_that_could_be_meant_are_refused():
    with pytest.raises(ScenarioError) as err:
        turn("alice taps Mountain for mana", "{battlefield: [Mountain, Mountain]}")
    text = str(err.value)
    assert "ambiguous" in text and "two of alice's" in text and "names.yaml, line" in text
    assert "'Mountain#1' (alice's), 'Mountain#2' (alice's)" in text and "bob's" not in text


def test_a_player_with_no_copy_is_refused_with_the_copy_the_verb_could_act_on():
    with pytest.raises(ScenarioError) as err:
        turn("alice taps Mountain for mana", "{battlefield: [Forest]}", "{hand: [Mountain]}")
    text = str(err.value)
    assert "alice has no Mountain" in text and "Did you mean 'Mountain#1' (bob's)?" in text
    assert "'Mountain#2' (carol's)" in text  # among the ids, not the suggestion


def test_a_target_may_be_anyones_so_a_bare_shared_name_is_refused():
    with pytest.raises(ScenarioError, match=r"alice and bob each have one.*'Mountain#2' \(bob's\)"):
        turn("alice casts Lightning Bolt targeting Mountain")
    target = turn("alice casts Lightning Bolt targeting Mountain#2").question.script[0].target
    assert target == "Mountain#2"


def test_the_players_own_copy_is_the_one_the_rules_act_on():
    """Read as alice's, the tap gives alice mana: bob's Mountain stays untapped."""
    text = TURN.replace("PLAYERS", "[alice, bob]").replace("ALICE", "{battlefield: [Mountain]}") \
        .replace("CAROL", "").replace("[LINE]", "[alice taps Mountain for mana]") \
        .replace("ask: trace", "ask: holds\n  conditions: [Mountain#1 is tapped, Mountain#2 is untapped]")
    assert check_scenario(parse_scenario(text, "names.yaml")).outcome == "holds"


SEQUENCING = """name: t
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Grizzly Bears], stack: [Innocent Blood]}
  bob: {battlefield: BOB}
question:
  kind: sequencing
  resolving: Innocent Blood
  performed: [alice sacrifices Grizzly Bears, bob sacrifices BEARS]
"""


def test_a_performed_line_means_its_players_copy():
    text = SEQUENCING.replace("BOB", "[Grizzly Bears]").replace("BEARS", "Grizzly Bears")
    scenario = parse_scenario(text, "names.yaml")
    assert [line.objects for line in scenario.question.lines] == [("Grizzly Bears",),
                                                                    ("Grizzly Bears#2",)]
    assert check_scenario(scenario).outcome == "stands"


def test_a_performed_line_with_two_of_the_players_copies_is_refused():
    text = SEQUENCING.replace("BOB", "[Grizzly Bears, Grizzly Bears]").replace("BEARS", "Grizzly Bears")
    with pytest.raises(ScenarioError, match=r"two of bob's could be meant on the battlefield.*"
                                            r"'Grizzly Bears#2' \(bob's\), 'Grizzly Bears#3' \(bob's\)"):
        parse_scenario(text, "names.yaml")
    text = text.replace("bob sacrifices Grizzly Bears", "bob sacrifices Grizzly Bears#3")
    assert parse_scenario(text, "names.yaml").question.lines[1].objects == ("Grizzly Bears#3",)
