"""Golden rules: the precedence layer in golden.lp, asked directly through the API."""
from __future__ import annotations

import pytest

from mtgrules.model.edition import Citation, Edition
from mtgrules.queries import check_scenario, parse_scenario


def ask(state: str, question: str, edition: str = "2026-08-07"):
    text = f"name: t\nedition: {edition}\nstate:\n{state}\nquestion: {question}\n"
    return check_scenario(parse_scenario(text))


TWO = "  players: [alice, bob]\n"


def test_prohibition_beats_permission_and_names_both_effects():
    v = ask(TWO + "  alice: {lands-played: 1}\n  effects:\n"
            "    - {from: Explore, controller: alice}\n"
            "    - {from: Turf Wound, controller: bob, target: alice}",
            "{kind: golden, ask: play-land, player: alice}")
    assert v.outcome == "forbidden"
    assert Citation("CR", "101.2") in v.citations
    assert v.witness.effects == ("Turf Wound",)


def test_turf_wound_targeting_the_other_player_does_not_bind_alice():
    v = ask(TWO + "  alice: {lands-played: 0}\n  effects:\n"
            "    - {from: Turf Wound, controller: alice, target: bob}",
            "{kind: golden, ask: play-land, player: alice}")
    assert v.outcome == "allowed"


@pytest.mark.parametrize("played, extra, outcome", [
    (0, 0, "allowed"), (1, 0, "forbidden"), (1, 1, "allowed"), (2, 1, "forbidden"), (2, 2, "allowed"),
])
def test_land_drops_count_additional_permissions(played, extra, outcome):
    effects = "".join("    - {from: Explore, controller: alice}\n" for _ in range(extra))
    state = TWO + f"  alice: {{lands-played: {played}}}\n" + ("  effects:\n" + effects if extra else "")
    assert ask(state.rstrip("\n"), "{kind: golden, ask: play-land, player: alice}").outcome == outcome


def test_concede_survives_a_prohibition():
    v = ask(TWO + "  effects:\n    - {from: Odd Charm, controller: bob, do: forbid, who: opponents, "
            "action: concede}", "{kind: golden, ask: concede, player: alice}")
    assert v.outcome == "allowed"
    assert Citation("CR", "101.1") in v.citations


@pytest.mark.parametrize("hand, count, outcome, amount", [
    (3, 2, "performed", 2), (1, 2, "partially-performed", 1), (0, 2, "nothing-happens", 0),
])
def test_impossible_part_of_an_instruction_is_ignored(hand, count, outcome, amount):
    v = ask(TWO + f"  bob: {{hand: {{hidden: {hand}}}}}",
            f"{{kind: golden, ask: discard, player: bob, count: {count}}}")
    assert (v.outcome, v.witness.amount) == (outcome, amount)


def test_cleanup_discards_the_excess_over_seven():
    v = ask(TWO + "  alice: {hand: {hidden: 10}}", "{kind: golden, ask: cleanup-discard, player: alice}")
    assert v.outcome == "happens" and v.witness.amount == 3


def test_citations_follow_the_edition_numbering():
    state = TWO + "  alice: {life: 0, battlefield: [Platinum Angel]}"
    old = ask(state, "{kind: golden, ask: lose-game, player: alice}", "2008-02-01")
    new = ask(state, "{kind: golden, ask: lose-game, player: alice}", "2026-08-07")
    assert old.outcome == new.outcome == "does-not-happen"
    assert Citation("CR", "103.2") in old.citations and Citation("CR", "101.2") in new.citations


def test_granted_ability_without_removal_is_had():
    v = ask(TWO + "  alice: {battlefield: [Grizzly Bears]}\n  effects:\n"
            "    - {from: Sky Boon, controller: alice, do: grant-ability, what: Grizzly Bears, ability: flying}",
            "{kind: golden, ask: has-ability, object: Grizzly Bears, ability: flying}")
    assert v.outcome == "has"


def test_editions_are_ordered_and_a_date_means_the_edition_in_force():
    assert Edition("2008-02-01") < Edition.newest()
    with pytest.warns(UserWarning, match="the newest the project knows"):
        assert Edition("2026-08-08") == Edition.newest()
    with pytest.raises(ValueError, match="Did you mean 2026-08-07"):
        Edition("2026-08-7")


def test_python_api_takes_model_values():
    from mtgrules.model.cards import builtin_cards
    from mtgrules.model.read.state import parse_state
    from mtgrules.model.source import Field
    from mtgrules.queries import GoldenQuestion, ask_golden

    state = parse_state(Field.of({"players": ["alice", "bob"], "alice": {"hand": {"hidden": 1}}}),
                        builtin_cards())
    verdict = ask_golden(state, GoldenQuestion("discard", player="alice", count=3))
    assert verdict.outcome == "partially-performed" and verdict.witness.amount == 1
