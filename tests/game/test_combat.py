"""Combat damage on the temporal core (CR 506-511, 702): what the trace deals, which
assignments are legal in which edition, and what is refused. Each expectation is derived from
the CR text of its edition (cited beside it)."""
from __future__ import annotations

import pytest

from mtgrules.model.edition import Edition
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.source import Field
from mtgrules.queries import parse_scenario, what_happens

ATTACK = ("alice passes", "bob passes")


def combat(alice: str, bob: str, *script: str, edition: str = "2026-08-07", players: str = "[alice, bob]",
           extra: str = ""):
    s = parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n"
                       f"  players: {players}\n  step: beginning-of-combat\n"
                       f"  alice: {{battlefield: {alice}, library: {{hidden: 3}}}}\n"
                       f"  bob: {{battlefield: {bob}, library: [Forest, {{hidden: 3}}]}}\n" + extra).state
    lines = [parse_line(Field.of(t, "script"), s) for t in (*ATTACK, *script)]
    return what_happens(s, lines, edition=Edition(edition))


def attack(*names: str) -> tuple[str, ...]:
    return (f"alice attacks with {', '.join(names)}", "alice passes", "bob passes")


def final(v):
    return v.details["final state"]


def test_an_unblocked_attacker_deals_its_power_to_the_defending_player():
    # CR 510.1b: an unblocked creature assigns its damage to the player it attacks.
    v = combat("[Grizzly Bears]", "[]", *attack("Grizzly Bears"), "bob blocks with nothing",
               "all pass until main2")
    assert final(v)["life"] == {"alice": 20, "bob": 18}
    assert "CR 510.1" in [str(c) for c in v.citations]


@pytest.mark.parametrize("edition,legal", [("2024-09-20", False), ("2024-11-08", True), ("2008-10-01", True)])
def test_skipping_the_first_blocker_is_legal_only_without_an_order(edition, legal):
    # Craw Wurm (6/4) blocked by Grizzly Bears and Llanowar Elves. 2024-09-20, CR 510.1c: lethal
    # damage to the first in the order before the next; 2024-11-08, CR 510.1c: divided freely;
    # 2008-10-01, CR 310.2c: divided as its controller chooses.
    order = ["alice orders blockers for Craw Wurm: Grizzly Bears, Llanowar Elves"] * (edition == "2024-09-20")
    v = combat("[Craw Wurm]", "[Grizzly Bears, Llanowar Elves]", *attack("Craw Wurm"),
               "bob blocks Craw Wurm with Grizzly Bears and Craw Wurm with Llanowar Elves", *order,
               "alice passes", "bob passes",
               "alice assigns combat damage from Craw Wurm: 1 to Grizzly Bears, 5 to Llanowar Elves",
               edition=edition)
    assert (v.outcome != "illegal-action") == legal, v.reasons


def test_an_assignment_not_adding_up_to_the_power_is_illegal():
    # CR 510.1a: a creature assigns combat damage equal to its power.
    v = combat("[Craw Wurm]", "[Grizzly Bears, Llanowar Elves]", *attack("Craw Wurm"),
               "bob blocks Craw Wurm with Grizzly Bears and Craw Wurm with Llanowar Elves",
               "alice passes", "bob passes",
               "alice assigns combat damage from Craw Wurm: 2 to Grizzly Bears, 2 to Llanowar Elves")
    assert v.outcome == "illegal-action" and "power" in v.reasons[0]


def test_a_missing_assignment_stops_the_trace_for_the_attacking_player():
    v = combat("[Craw Wurm]", "[Grizzly Bears, Llanowar Elves]", *attack("Craw Wurm"),
               "bob blocks Craw Wurm with Grizzly Bears and Craw Wurm with Llanowar Elves",
               "all pass until main2")
    assert v.outcome == "needs-decision" and "assigns the combat damage" in v.reasons[0]


def test_first_strike_damage_comes_first_and_a_dead_blocker_deals_none():
    # CR 702.7b: Youthful Knight (2/1 first strike) kills Grizzly Bears (2/2) before it deals damage.
    v = combat("[Youthful Knight]", "[Grizzly Bears]", *attack("Youthful Knight"),
               "bob blocks Youthful Knight with Grizzly Bears", "all pass until main2")
    assert final(v)["zones"]["bob"]["graveyard"] == ["Grizzly Bears"]
    assert "Youthful Knight" in final(v)["zones"]["alice"]["battlefield"]


def test_lifelink_gains_as_the_damage_is_dealt():
    # CR 702.15b: Child of Night (2/1 lifelink) unblocked: bob loses 2, alice gains 2 at once.
    v = combat("[Child of Night]", "[]", *attack("Child of Night"), "bob blocks with nothing",
               "all pass until main2")
    assert final(v)["life"] == {"alice": 22, "bob": 18}


def test_lifelink_in_a_2008_combat_is_refused():
    # 2008 editions: lifelink was a triggered ability (502.68a), not modelled.
    with pytest.raises(UnsupportedQuestion, match="lifelink"):
        combat("[Child of Night]", "[]", *attack("Child of Night"), "bob blocks with nothing",
               "all pass until main2", edition="2008-10-01")


def test_attacking_with_two_opponents_is_refused():
    # CR 508.1b: the attacking player says whom each creature attacks: no words for it yet.
    with pytest.raises(UnsupportedQuestion, match="508.1b"):
        combat("[Grizzly Bears]", "[]", "carol passes", *attack("Grizzly Bears"),
               players="[alice, bob, carol]", extra="  carol: {library: {hidden: 3}}\n")


def test_a_point_before_a_multiplayer_attack_is_reached():
    # CR 703.3, 508.1: the declare attackers step begins, then its declaration is made. A trace
    # ending where the step begins has reached its point: the attack line after it is never
    # judged; a trace going on to it is refused (CR 508.1b, as above).
    s = parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n"
                       "  players: [alice, bob, carol]\n  step: main1\n"
                       "  alice: {battlefield: [Grizzly Bears], library: {hidden: 3}}\n"
                       "  bob: {library: {hidden: 3}}\n  carol: {library: {hidden: 3}}\n").state
    lines = [parse_line(Field.of(t, "script"), s)
             for t in ("all pass until declare-attackers", "alice attacks with Grizzly Bears")]
    v = what_happens(s, lines, until="declare-attackers")
    assert v.outcome == "reached" and v.witness[-1].step == "declare-attackers"
    with pytest.raises(UnsupportedQuestion, match="508.1b"):
        what_happens(s, lines)


def test_damage_on_the_stack_is_dealt_by_a_blocker_that_left():
    # 2008-10-01, CR 310.4a: combat damage is dealt as assigned even if its source has left the
    # battlefield: Sakura-Tribe Elder, sacrificed with its damage on the stack, still deals 1.
    v = combat("[Grizzly Bears]", "[Sakura-Tribe Elder]", *attack("Grizzly Bears"),
               "bob blocks Grizzly Bears with Sakura-Tribe Elder", "alice passes", "bob passes",
               "alice passes", "bob activates Sakura-Tribe Elder", "bob passes", "alice passes",
               "bob chooses Forest", "all pass until main2", edition="2008-10-01")
    assert final(v)["damage"] == {"Grizzly Bears": 1}
