"""Abilities an effect gives count wherever a printed one does (CR 113.1a), and an ability
both given and taken away is never guessed (CR 101.2a, 613.1f): casting with flash."""
from __future__ import annotations

import itertools

import pytest

from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.queries import check_scenario, parse_scenario

GIVE = "- {from: Quick Wings, controller: alice, do: grant-ability, what: Grizzly Bears, ability: flash}"
TAKE = "- {from: Grounded Spell, controller: bob, do: remove-ability, what: Grizzly Bears, ability: flash}"


def cast_bears(effects: list[str], *, active: str = "bob", step: str = "end",
               stack: str = "[]"):
    lines = "\n".join("    " + e for e in effects) or "    []"
    text = f"""name: t
state:
  players: [alice, bob]
  active: {active}
  step: {step}
  priority: alice
  alice:
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
  bob:
    stack: {stack}
  effects:
{lines}
question: {{kind: cast, player: alice, card: Grizzly Bears}}
"""
    return check_scenario(parse_scenario(text.replace("effects:\n    []", "effects: []"), "t.yaml"))


def test_flash_given_by_an_effect_allows_an_instant_speed_cast():
    verdict = cast_bears([GIVE])
    assert verdict.outcome == "legal"
    assert "CR 702.8a" in [str(c) for c in verdict.citations]


def test_without_flash_the_same_cast_is_illegal():
    assert cast_bears([]).outcome == "illegal"


@pytest.mark.parametrize("effects", list(itertools.permutations([GIVE, TAKE])),
                         ids=["given-first", "taken-first"])
def test_flash_given_and_taken_away_is_not_guessed_whatever_the_order(effects):
    with pytest.raises(UnsupportedQuestion, match="613.1f"):
        cast_bears(list(effects))


def test_flash_in_doubt_does_not_matter_where_sorcery_timing_holds():
    verdict = cast_bears([GIVE, TAKE], active="alice", step="main1")
    assert verdict.outcome == "legal"
