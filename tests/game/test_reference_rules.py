"""Behaviours derived from the Comprehensive Rules, checked on the core and on the reference
stepper (reference.py) alike. Each case is one rule, in a minimal state."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import reference  # noqa: E402

from mtgrules.encodings.game import simulate  # noqa: E402
from mtgrules.model.edition import Edition  # noqa: E402
from mtgrules.model.read.timeline import parse_line, parse_point  # noqa: E402
from mtgrules.model.source import Field  # noqa: E402
from mtgrules.model.timeline import END, Decision  # noqa: E402
from mtgrules.queries.scenario import parse_scenario  # noqa: E402


def state(text: str):
    return parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n" + text).state


def both(s, edition, lines, until="end"):
    script = [parse_line(Field.of(t, "script"), s) for t in lines]
    pt = END if until == "end" else parse_point(until, _Names(s), Field.of(until, "until"))
    core = simulate(s, Edition(edition), script, pt)
    ref = reference.run(s, edition, script, pt)
    return [(e.name, tuple(e.args)) for e in core.events], core.stop, \
        [(n, tuple(a)) for n, a in ref.events], ref.stop


class _Names:
    def __init__(self, s):
        self.s = s

    def player(self, name):
        assert name in self.s.names
        return name


def names(events):
    return [n for n, _ in events]


def test_first_turn_of_a_two_player_game_skips_the_draw_step():
    # CR 103.8a
    s = state("""
  players: [alice, bob]
  step: upkeep
  turn: 1
  alice: {library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    for edition in ("2008-10-01", "2026-08-07"):
        core, stop, ref, rstop = both(s, edition, ["all pass until main1"], "main1")
        assert core == ref
        assert "draw_step_draw" not in names(core)
        assert core[-1] == ("end_step", ("upkeep",))


def test_three_player_first_turn_draws():
    # CR 103.8c
    s = state("""
  players: [alice, bob, carol]
  step: upkeep
  turn: 1
  alice: {library: {hidden: 3}}
  bob: {library: {hidden: 3}}
  carol: {library: {hidden: 3}}
""")
    core, stop, ref, rstop = both(s, "2026-08-07", ["all pass until main1"], "main1")
    assert core == ref
    assert ("draw_step_draw", ("alice",)) in core


def test_a_turn_number_left_unsaid_is_not_the_first_turn_so_the_next_player_draws():
    # Convention: turn None = not the game's first turn; the next turn is not the first either
    # (CR 103.8a skips only the starting player's first draw step).
    s = state("""
  players: [alice, bob]
  step: end
  alice: {library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    core, stop, ref, rstop = both(s, "2026-08-07", ["all pass until bob's main1"], "bob's main1")
    assert ("draw_step_draw", ("bob",)) in ref
    assert core == ref


def test_mana_burn_at_the_end_of_a_phase_only_2008():
    # 2008 CR 300.3: mana survives upkeep -> draw (same phase); lost with 1 life each at draw -> main1
    s = state("""
  players: [alice, bob]
  step: upkeep
  turn: 3
  alice: {battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    core, stop, ref, rstop = both(s, "2008-10-01", ["alice taps Mountain for mana",
                                                    "all pass until main1"], "main1")
    assert core == ref
    final = simulate(s, Edition("2008-10-01"),
                     [parse_line(Field.of(t, "script"), s) for t in ["alice taps Mountain for mana",
                                                                     "all pass until main1"]],
                     parse_point("main1", None, Field.of("main1", "u"))).final
    assert final.life["alice"] == 19


def test_no_state_based_actions_in_the_untap_step():
    # CR 502.4, 704.3: SBAs are checked only when a player would receive priority. Mana burn
    # (2008 CR 300.3) at the end of the cleanup step takes alice to 0; the untap step still
    # ends, and she loses as upkeep begins, before anyone gets priority.
    s = state("""
  players: [alice, bob]
  active: bob
  step: cleanup
  turn: 2
  alice: {life: 1, mana-pool: "{B}", library: {hidden: 2}}
  bob: {library: {hidden: 2}}
""")
    core, stop, ref, rstop = both(s, "2008-10-01", [])
    assert ref[-2:] == [("end_step", ("untap",)), ("sba_check", ())]
    assert rstop[0] == "game-over"
    assert (core, stop.kind) == (ref, "game-over")


def test_priority_given_in_cleanup_means_another_cleanup_step():
    # CR 514.3a: once the stack is empty and all pass in a cleanup step where players received
    # priority, another cleanup step begins (then, nothing happening, the turn ends).
    s = state("""
  players: [alice, bob]
  step: cleanup
  priority: alice
  turn: 2
  alice: {library: {hidden: 2}}
  bob: {library: {hidden: 2}}
""")
    core, stop, ref, rstop = both(s, "2026-08-07", ["all pass until next turn"], "next turn")
    assert ref == [("pass", ("alice",)), ("pass", ("bob",)), ("end_step", ("cleanup",)),
                   ("cleanup_clear", ()), ("end_step", ("cleanup",))]
    assert core == ref


MEGRIM_CLEANUP = """
  players: [alice, bob]
  step: end
  turn: 2
  alice:
    hand: [Lightning Bolt, Forest, Island, Swamp, Mountain, Plains, Grizzly Bears, Divination]
    battlefield: [Mountain]
    library: {hidden: 5}
  bob:
    library: {hidden: 5}
    battlefield: [Megrim]
"""


def test_a_repeated_cleanup_step_does_not_end_the_ending_phase_2008():
    # 2008 CR 314.3 / 300.3: the second cleanup step is in the same end phase, so mana made in
    # the first one is neither lost nor burned when it ends; it burns when the phase (the turn) ends.
    s = state(MEGRIM_CLEANUP.replace("step: end", "step: cleanup"))
    lines = ["alice discards Divination",
             "alice passes", "bob passes",          # Megrim's trigger resolves
             "alice taps Mountain#2 for mana",     # (Mountain is the one in her hand)
             "alice passes", "bob passes"]          # the cleanup step ends: another one
    core, stop, ref, rstop = both(s, "2008-10-01", lines, "cleanup")
    assert core == ref
    assert ref[-1] == ("end_step", ("cleanup",)) and rstop[0] == "reached"
    until = parse_point("cleanup", None, Field.of("cleanup", "u"))
    g = reference.Game(s, "2008-10-01", [parse_line(Field.of(t, "script"), s) for t in lines], until)
    g.run()
    assert g.step == "cleanup" and g.pool["alice"] == {"r": 1} and g.life["alice"] == 18
    core_final = simulate(s, Edition("2008-10-01"),
                          [parse_line(Field.of(t, "script"), s) for t in lines], until).final
    assert core_final.life["alice"] == 18 and core_final.pools.get("alice") == "{R}"


def test_megrim_in_cleanup_gives_priority_and_another_cleanup():
    # CR 514.3a with a trigger: the discard triggers Megrim; alice gets priority in cleanup.
    s = state(MEGRIM_CLEANUP)
    core, stop, ref, rstop = both(s, "2026-08-07", ["alice passes", "bob passes",
                                                    "alice discards Divination",
                                                    "all pass until bob's upkeep"], "bob's upkeep")
    assert core == ref
    assert names(ref).count("cleanup_clear") == 2


def test_bolt_on_a_creature_that_already_died_does_nothing():
    # CR 608.2b: the second Bolt's only target is gone: it finishes without dealing damage.
    s = state("""
  players: [alice, bob]
  step: main1
  turn: 2
  alice: {hand: [Lightning Bolt, Lightning Bolt], battlefield: [Mountain, Mountain], library: {hidden: 2}}
  bob: {battlefield: [Grizzly Bears], library: {hidden: 2}}
""")
    core, stop, ref, rstop = both(s, "2026-08-07", [
        "alice taps Mountain for mana", "alice casts Lightning Bolt targeting Grizzly Bears",
        "alice taps Mountain#2 for mana", "alice casts Lightning Bolt#2 targeting Grizzly Bears",
        "alice passes", "bob passes", "alice passes", "bob passes", "alice passes", "bob passes"])
    assert core == ref
    assert ("finish", ("Lightning Bolt",)) in ref and ("do", ("Lightning Bolt", 1)) not in ref
    assert ("sba_check", ()) in ref


def test_apnap_triggers_the_non_active_players_resolves_first():
    # CR 603.3b: alice (active) puts her Arena trigger first; bob's Vortex trigger goes on top.
    s = state("""
  players: [alice, bob]
  step: upkeep
  turn: 3
  alice: {battlefield: [Phyrexian Arena], library: {hidden: 3}}
  bob: {battlefield: [Sulfuric Vortex], library: {hidden: 3}}
""")
    core, stop, ref, rstop = both(s, "2026-08-07", ["alice passes", "bob passes"])
    assert core == ref
    puts = [a[0][1] for n, a in ref if n == "put_trigger"]
    assert puts == ["Phyrexian Arena", "Sulfuric Vortex"]
    assert ("resolve", (("tr", "Sulfuric Vortex", 2, "alice", 1),)) in ref


@pytest.mark.parametrize("edition", ["2008-10-01", "2026-08-07"])
def test_sorcery_needs_main_phase_own_turn_empty_stack(edition):
    # CR 117.1a, 307.1
    s = state("""
  players: [alice, bob]
  step: upkeep
  priority: bob
  turn: 3
  alice: {library: {hidden: 3}}
  bob: {hand: [Lava Spike], mana-pool: "{R}", library: {hidden: 3}}
""")
    core, stop, ref, rstop = both(s, edition, ["bob casts Lava Spike targeting alice"])
    assert core == ref
    assert stop.kind == "illegal-action" and rstop[0] == "illegal-action"
    assert {"not_main_phase", "not_your_turn"} <= set(reference.Game(s, edition, [], END).why_not(
        parse_line(Field.of("bob casts Lava Spike targeting alice", "s"), s), 1))


# ---- the reference stepper alone, on the rules of continuous effects, counters, tokens,
# ---- keywords, the legend rule and targeted triggers (the core is checked against it by
# ---- test_reference_agreement.py). Expectations from the CR, not from the core.

NEW = "2026-08-07"
OLD = "2008-10-01"


def stepper(text, lines=(), edition=NEW, until="end"):
    """The stepper's Result and its Game after running ``lines`` (script lines, or Decisions)."""
    s = state(text)
    script = [parse_line(Field.of(t, "script"), s) if isinstance(t, str) else t for t in lines]
    pt = END if until == "end" else parse_point(until, _Names(s), Field.of(until, "until"))
    g = reference.Game(s, edition, script, pt)
    return g.run(), g


def pt(g, obj):
    c = g.chars()[obj]
    return c.power, c.toughness


def zone(g, obj):
    return g.objs[obj].zone


BEARS = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Giant Growth, Turn to Frog, Leap, Twisted Image], mana-pool: "{G}{U}{U}{U}{U}{U}",
          battlefield: [Grizzly Bears], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
"""
RESOLVE = ["alice passes", "bob passes"]


@pytest.mark.parametrize("edition,expected", [(NEW, (4, 4)), (OLD, (1, 1))])
def test_set_then_modify_layers_7b_7c_and_the_2008_timestamp_order(edition, expected):
    # Giant Growth resolves first, Turn to Frog second. CR 613.4b-c: the 1/1 base is set in
    # 7b, +3/+3 applies in 7c whatever the timestamps: 4/4. 2008 CR 418.5a: both in 6b in
    # timestamp order: +3/+3 then "becomes 1/1": 1/1.
    r, g = stepper(BEARS, ["alice casts Giant Growth targeting Grizzly Bears", *RESOLVE,
                           "alice casts Turn to Frog targeting Grizzly Bears paying {U}", *RESOLVE],
                   edition)
    assert r.stop[0] == "needs-decision"
    assert pt(g, "Grizzly Bears") == expected


def test_a_later_grant_beats_an_earlier_loss_of_all_abilities_and_vice_versa():
    # CR 613.1f, 613.7: layer 6 in timestamp order.
    first_frog = ["alice casts Turn to Frog targeting Grizzly Bears paying {U}", *RESOLVE,
                  "alice casts Leap targeting Grizzly Bears", *RESOLVE]
    r, g = stepper(BEARS, first_frog)
    assert g.has(g.objs["Grizzly Bears"], "flying")
    first_leap = ["alice casts Leap targeting Grizzly Bears", *RESOLVE,
                  "alice casts Turn to Frog targeting Grizzly Bears paying {U}", *RESOLVE]
    r, g = stepper(BEARS, first_leap)
    assert not g.has(g.objs["Grizzly Bears"], "flying")
    assert g.chars()["Grizzly Bears"].abilities is False


def test_until_end_of_turn_effects_end_in_cleanup_with_the_damage():
    # CR 514.2: the cleanup step's clear ends "until end of turn" effects.
    r, g = stepper(BEARS, ["alice casts Giant Growth targeting Grizzly Bears", *RESOLVE,
                           "all pass until cleanup"], until="cleanup")
    assert pt(g, "Grizzly Bears") == (5, 5)
    r, g = stepper(BEARS, ["alice casts Giant Growth targeting Grizzly Bears", *RESOLVE,
                           "all pass until bob's upkeep"], until="bob's upkeep")
    assert ("cleanup_clear", ()) in r.events and pt(g, "Grizzly Bears") == (2, 2)


def test_switching_a_wall_gives_it_zero_toughness():
    # CR 613.4d, 704.5f: Wall of Stone 0/8 becomes 8/0 and is put into the graveyard.
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Twisted Image], mana-pool: "{U}", library: [Island]}
  bob: {battlefield: [Wall of Stone, Darksteel Myr]}
""", ["alice casts Twisted Image targeting Wall of Stone", *RESOLVE])
    assert ("sba_check", ()) in r.events and zone(g, "Wall of Stone") == "graveyard"
    assert zone(g, "Island") == "hand"


def test_indestructible_survives_lethal_damage_but_not_zero_toughness():
    # CR 702.12b (not destroyed by 704.5g), 704.5f (0 toughness still puts it into the graveyard)
    text = """
  players: [alice, bob]
  step: main1
  alice: {hand: [Lightning Bolt, Twisted Image], mana-pool: "{R}{U}"}
  bob: {battlefield: [Darksteel Myr]}
"""
    r, g = stepper(text, ["alice casts Lightning Bolt targeting Darksteel Myr", *RESOLVE])
    assert zone(g, "Darksteel Myr") == "battlefield" and g.objs["Darksteel Myr"].damage == 3
    assert ("sba_check", ()) not in r.events
    r, g = stepper(text, ["alice casts Twisted Image targeting Darksteel Myr", *RESOLVE])
    assert zone(g, "Darksteel Myr") == "graveyard"          # 1/0


def test_counters_and_the_plus_minus_annihilation():
    # CR 613.4c (counters in 7c), 704.5q: a +1/+1 and a -1/-1 counter remove each other.
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Battlegrowth, Puncture Bolt], mana-pool: "{G}{R}{R}"}
  bob: {battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 2}}]}
""", ["alice casts Battlegrowth targeting Grizzly Bears", *RESOLVE])
    assert pt(g, "Grizzly Bears") == (5, 5)
    r, g = stepper(g and """
  players: [alice, bob]
  step: main1
  alice: {hand: [Puncture Bolt], mana-pool: "{R}{R}"}
  bob: {battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 1}}]}
""", ["alice casts Puncture Bolt targeting Grizzly Bears", *RESOLVE])
    assert r.events.count(("sba_check", ())) == 1
    assert g.objs["Grizzly Bears"].counters == {} and pt(g, "Grizzly Bears") == (2, 2)
    assert g.objs["Grizzly Bears"].damage == 1


def test_glorious_anthem_applies_to_what_it_says_now():
    # CR 611.3a: a static ability applies to the set as it is now (a creature cast later too);
    # a loss of all abilities (a state effect on the Anthem) switches it off.
    text = """
  players: [alice, bob]
  step: main1
  alice: {hand: [Raging Goblin], mana-pool: "{R}", battlefield: [Glorious Anthem, Grizzly Bears]}
  bob: {battlefield: [Storm Crow]}
"""
    r, g = stepper(text, ["alice casts Raging Goblin", *RESOLVE])
    assert pt(g, "Raging Goblin") == (2, 2) and pt(g, "Grizzly Bears") == (3, 3)
    assert pt(g, "Storm Crow") == (1, 2)
    r, g = stepper(text + """  effects:
    - {from: Turn to Frog, controller: bob, do: remove-ability, what: Glorious Anthem, ability: all}
""")
    assert pt(g, "Grizzly Bears") == (2, 2)


def test_state_effects_in_their_order_and_durations():
    # CR 613.7: the state's effects in order (the later set wins, 613.4b); "turn" ends in
    # cleanup (514.2), "your-next-turn" as its controller's next turn begins (611.2b), none lasts.
    text = """
  players: [alice, bob]
  step: end
  turn: 3
  alice: {battlefield: [Grizzly Bears, Storm Crow, Llanowar Elves], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
  effects:
    - {from: Turn to Frog, controller: bob, do: set-pt, what: Grizzly Bears, power: 5, toughness: 5, duration: turn}
    - {from: Turn to Frog, controller: bob, do: set-pt, what: Grizzly Bears, power: 1, toughness: 1}
    - {from: Leap, controller: bob, do: remove-ability, what: Storm Crow, ability: flying, duration: your-next-turn}
    - {from: Giant Growth, controller: alice, do: modify-pt, what: Llanowar Elves, power: 2, toughness: 2, duration: your-next-turn}
"""
    r, g = stepper(text)
    assert pt(g, "Grizzly Bears") == (1, 1) and not g.has(g.objs["Storm Crow"], "flying")
    r, g = stepper(text, ["all pass until bob's upkeep"], until="bob's upkeep")
    assert pt(g, "Grizzly Bears") == (1, 1)                  # the later, lasting set
    assert g.has(g.objs["Storm Crow"], "flying")             # bob's turn began
    assert pt(g, "Llanowar Elves") == (3, 3)                 # alice's next turn has not
    r, g = stepper(text, ["all pass until alice's upkeep"], until="alice's upkeep")
    assert pt(g, "Llanowar Elves") == (1, 1)


def test_an_effect_does_not_follow_its_object_to_a_new_zone():
    # CR 400.7, 611.2c: Giant Growth's +3/+3 was on the Bears that died; nothing carries over.
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Lightning Bolt, Lightning Bolt], mana-pool: "{R}{R}"}
  bob: {battlefield: [Grizzly Bears]}
  effects:
    - {from: Giant Growth, controller: bob, target: Grizzly Bears}
""", ["alice casts Lightning Bolt targeting Grizzly Bears", *RESOLVE,
      "alice casts Lightning Bolt#2 targeting Grizzly Bears"])
    assert zone(g, "Grizzly Bears") == "battlefield" and pt(g, "Grizzly Bears") == (5, 5)
    assert r.stop[0] == "needs-decision"


MUTAVAULT = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {battlefield: [Mutavault, {card: Mutavault, entered-this-turn: true}, Mountain],
          library: {hidden: 3}}
  bob: {library: {hidden: 3}, battlefield: [Grizzly Bears]}
"""


def test_mutavault_becomes_a_two_two_creature_until_end_of_turn_and_can_attack():
    # Mutavault's ability (layers 4 and 7b); 302.6: it has been alice's since her turn began.
    r, g = stepper(MUTAVAULT, ["alice taps Mountain for mana", "alice activates Mutavault",
                               *RESOLVE, "all pass until declare-attackers",
                               "alice attacks with Mutavault"])
    assert ("activate", ("alice", "Mutavault", 1, "none", "auto")) in r.events
    assert ("resolve", (("ab", "Mutavault", 1, 3),)) in r.events
    assert g.is_now(g.objs["Mutavault"], "creature") and pt(g, "Mutavault") == (2, 2)
    assert g.objs["Mutavault"].attacking and r.stop == ("needs-decision", "alice", "priority", None)


def test_a_land_that_entered_this_turn_is_summoning_sick_only_while_a_creature():
    # CR 302.6: Mutavault#2 came under alice's control this turn: once animated it can't attack
    # nor tap for mana; unanimated, its mana ability works.
    r, g = stepper(MUTAVAULT, ["alice taps Mutavault#2 for mana"])
    assert ("mana", ("alice", "Mutavault#2")) in r.events
    r, g = stepper(MUTAVAULT, ["alice taps Mountain for mana", "alice activates Mutavault#2",
                               *RESOLVE, "alice taps Mutavault#2 for mana"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"summoning_sick"}
    r, g = stepper(MUTAVAULT, ["alice taps Mountain for mana", "alice activates Mutavault#2",
                               *RESOLVE, "all pass until declare-attackers",
                               "alice attacks with Mutavault#2"])
    assert r.reasons == {"cant_attack"}


def test_haste_and_summoning_sickness():
    # CR 302.6, 702.10: Raging Goblin attacks the turn it enters; the Bears can't.
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Raging Goblin], mana-pool: "{R}", battlefield: [{card: Grizzly Bears, entered-this-turn: true}], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""", ["alice casts Raging Goblin", *RESOLVE, "all pass until declare-attackers",
      "alice attacks with Raging Goblin, Grizzly Bears"])
    assert r.reasons == {"cant_attack"}
    assert g.objs["Raging Goblin"].new and g.sick(g.objs["Grizzly Bears"])
    assert not g.sick(g.objs["Raging Goblin"])


COMBAT = """
  players: [alice, bob]
  step: declare-attackers
  turn: 3
  alice: {battlefield: [Storm Crow, Boggart Brute, Wall of Stone], library: {hidden: 3}}
  bob: {battlefield: [Grizzly Bears, Giant Spider, Llanowar Elves], library: {hidden: 3}}
"""


def test_defender_cant_attack():
    r, g = stepper(COMBAT, ["alice attacks with Wall of Stone"])           # 702.3b
    assert r.reasons == {"cant_attack"}


@pytest.mark.parametrize("blocks,legal", [
    ("Storm Crow with Grizzly Bears", False),                               # 702.9b
    ("Storm Crow with Giant Spider", True),                                 # 702.17b
    ("Boggart Brute with Grizzly Bears", False),                            # 702.111b
    ("Boggart Brute with Grizzly Bears and Boggart Brute with Llanowar Elves", True),
])
def test_flying_reach_and_menace_at_the_declaration_of_blockers(blocks, legal):
    r, g = stepper(COMBAT, ["alice attacks with Storm Crow, Boggart Brute",
                            "all pass until declare-blockers", f"bob blocks {blocks}",
                            "all pass until end-of-combat"])
    if legal:
        # two blockers on Boggart Brute: how it divides its 3 damage is alice's (510.1c)
        what = "assign" if " and " in blocks else "priority"
        assert r.stop[:3] == ("needs-decision", "alice", what)
        assert ("block", ("bob", 3)) in r.events
    else:
        assert r.stop[0] == "illegal-action" and r.reasons == {"cant_block"}


def test_menace_before_magic_origins_is_not_modelled():
    with pytest.raises(reference.Unmodelled):
        stepper(COMBAT, ["alice attacks with Boggart Brute", "all pass until declare-blockers",
                         "bob blocks Boggart Brute with Grizzly Bears"], OLD)


def test_vigilance_from_an_effect_keeps_the_attacker_untapped():
    r, g = stepper(COMBAT + """  effects:
    - {from: Leap, controller: alice, do: grant-ability, what: Storm Crow, ability: vigilance, duration: turn}
""", ["alice attacks with Storm Crow, Boggart Brute"])
    assert not g.objs["Storm Crow"].tapped and g.objs["Boggart Brute"].tapped


HEXPROOF = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Giant Growth, Lightning Bolt], mana-pool: "{G}{R}", battlefield: [Gladecover Scout], library: {hidden: 3}}
  bob: {hand: [Giant Growth], battlefield: [{card: Liliana of the Veil, counters: {loyalty: 3}},
        {card: Gladecover Scout, controller: bob}], library: {hidden: 3}}
"""


def test_hexproof_stops_only_the_opponents_spells():
    # CR 702.11b
    r, g = stepper(HEXPROOF, ["alice casts Giant Growth targeting Gladecover Scout#1", *RESOLVE])
    assert pt(g, "Gladecover Scout") == (4, 4)
    r, g = stepper(HEXPROOF.replace("Gladecover Scout}", "Gladecover Scout, token: true}"),
                   ["alice casts Lightning Bolt targeting Gladecover Scout#2"])
    assert r.reasons == {"bad_target"}


def test_damage_to_a_planeswalker_removes_loyalty_and_zero_loyalty_puts_it_away():
    # CR 115.4 (any target), 120.3c, 704.5i
    s = HEXPROOF
    r, g = stepper(s, ["alice casts Lightning Bolt targeting Liliana of the Veil", *RESOLVE])
    assert zone(g, "Liliana of the Veil") == "graveyard"
    assert r.events[-2:] == [("finish", ("Lightning Bolt",)), ("sba_check", ())]
    r, g = stepper(s.replace("loyalty: 3", "loyalty: 5"),
                   ["alice casts Lightning Bolt targeting Liliana of the Veil", *RESOLVE])
    assert g.objs["Liliana of the Veil"].counters == {"loyalty": 2} and g.objs["Liliana of the Veil"].damage == 0
    with pytest.raises(reference.Unmodelled):              # 2008: "target creature or player"
        stepper(s, ["alice casts Lightning Bolt targeting Liliana of the Veil"], OLD)


def test_a_planeswalker_in_the_state_without_loyalty_counters_has_its_printed_loyalty():
    # The project's convention for writing a state (a planeswalker listed without counters is
    # as it entered, CR 306.5b); with loyalty: 0 written out it goes (306.5c, 704.5i).
    r, g = stepper(HEXPROOF.replace("{card: Liliana of the Veil, counters: {loyalty: 3}}",
                                    "Liliana of the Veil"))
    assert g.objs["Liliana of the Veil"].counters == {"loyalty": 3}
    r, g = stepper(HEXPROOF.replace("{card: Liliana of the Veil, counters: {loyalty: 3}}",
                                    "{card: Liliana of the Veil, counters: {loyalty: 0}}"))
    assert r.events[:2] == [("start", ("main1",)), ("sba_check", ())]
    assert zone(g, "Liliana of the Veil") == "graveyard"


def test_a_planeswalker_enters_with_its_printed_loyalty():
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Liliana of the Veil], mana-pool: "{B}{B}{B}"}
  bob: {}
""", ["alice casts Liliana of the Veil", *RESOLVE])
    assert g.objs["Liliana of the Veil"].counters == {"loyalty": 3}         # 306.5b


def test_tokens_are_created_named_and_cease_to_exist():
    # CR 111.1-111.2 (owner and controller: the creator), 704.5d (the next check after it died)
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Raise the Alarm], mana-pool: "{W}{W}", battlefield: [Glorious Anthem]}
  bob: {hand: [Lightning Bolt], mana-pool: "{R}"}
""", ["alice casts Raise the Alarm", *RESOLVE, "alice passes"])
    assert {"Soldier token", "Soldier token#2"} <= set(g.objs)
    assert pt(g, "Soldier token#2") == (2, 2) and g.objs["Soldier token"].owner == "alice"
    from mtgrules.model.timeline import Decision
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Raise the Alarm], mana-pool: "{W}{W}"}
  bob: {hand: [Lightning Bolt], mana-pool: "{R}"}
""", ["alice casts Raise the Alarm", *RESOLVE, "alice passes",
      Decision("cast", "bob", ("Lightning Bolt",), targets=("Soldier token",)), "bob passes",
      "alice passes"])
    assert r.events[-2:] == [("sba_check", ()), ("sba_check", ())]
    assert g.objs["Soldier token"].zone is None


def test_a_state_token_that_dies_ceases_to_exist():
    r, g = stepper("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Lightning Bolt], mana-pool: "{R}"}
  bob: {battlefield: [{card: Grizzly Bears, token: true}]}
""", ["alice casts Lightning Bolt targeting Grizzly Bears", *RESOLVE])
    assert r.events[-2:] == [("sba_check", ()), ("sba_check", ())] and zone(g, "Grizzly Bears") is None


ISAMARU = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: ["Isamaru, Hound of Konda"], mana-pool: "{W}", battlefield: ["Isamaru, Hound of Konda"], library: {hidden: 3}}
  bob: {battlefield: ["Isamaru, Hound of Konda"], library: {hidden: 3}}
"""


def test_the_legend_rule_asks_the_controller_then_checks_once():
    # CR 704.5j: alice chooses (bob's Isamaru is another player's: not counted), then one check.
    # (ids: alice's hand first, then her battlefield, then bob's)
    cast = ["alice casts Isamaru, Hound of Konda", *RESOLVE]
    r, g = stepper(ISAMARU, cast)
    assert r.stop == ("needs-decision", "alice", "legend", None)
    from mtgrules.model.timeline import Decision
    r, g = stepper(ISAMARU, [*cast, Decision("choose", "alice", ("Isamaru, Hound of Konda#2",))])
    assert r.events[-2:] == [("keep", ("alice", "Isamaru, Hound of Konda#2")), ("sba_check", ())]
    assert zone(g, "Isamaru, Hound of Konda") == "graveyard"
    assert zone(g, "Isamaru, Hound of Konda#2") == "battlefield"
    assert zone(g, "Isamaru, Hound of Konda#3") == "battlefield"
    r, g = stepper(ISAMARU, [*cast, Decision("choose", "alice", ("Isamaru, Hound of Konda#3",))])
    assert r.reasons == {"not_chosen_from"}


def test_the_2008_legend_rule_puts_all_of_them_away():
    # 2008 CR 420.5e: two in play, whoever controls them: both go at the first check, with no
    # choice; the one alice casts afterwards is alone.
    r, g = stepper(ISAMARU, ["alice casts Isamaru, Hound of Konda", *RESOLVE], OLD)
    assert r.events[1] == ("sba_check", ()) and r.events.count(("sba_check", ())) == 1
    assert zone(g, "Isamaru, Hound of Konda#2") == zone(g, "Isamaru, Hound of Konda#3") == "graveyard"
    assert zone(g, "Isamaru, Hound of Konda") == "battlefield"


ETB = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Flametongue Kavu, Sparkmage Apprentice, Lightning Bolt], mana-pool: "{R}{R}{R}{R}{R}{R}{R}", library: {hidden: 3}}
  bob: {battlefield: [{card: Gladecover Scout}], library: {hidden: 3}}
"""


def test_a_targeted_trigger_with_one_legal_target_takes_it():
    # CR 603.3d: the Kavu's only legal target is itself (bob's Scout has hexproof).
    r, g = stepper(ETB, ["alice casts Flametongue Kavu paying {R}{R}{R}", *RESOLVE, *RESOLVE])
    x = ("tr", "Flametongue Kavu", 1, "alice", 6)
    assert r.events[4:] == [("resolve", ("Flametongue Kavu",)), ("finish", ("Flametongue Kavu",)),
                            ("put_trigger", (x,)), ("pass", ("alice",)), ("pass", ("bob",)),
                            ("resolve", (x,)), ("do", (x, 1)), ("finish", (x,)), ("sba_check", ())]
    assert zone(g, "Flametongue Kavu") == "graveyard"


def test_a_targeted_trigger_with_several_targets_asks_its_controller():
    from mtgrules.model.timeline import Decision
    r, g = stepper(ETB, ["alice casts Sparkmage Apprentice paying {R}", *RESOLVE])
    assert r.stop == ("needs-decision", "alice", "target", None)
    x = ("tr", "Sparkmage Apprentice", 1, "alice", 6)
    r, g = stepper(ETB, ["alice casts Sparkmage Apprentice paying {R}", *RESOLVE,
                         Decision("target", "alice", ("Sparkmage Apprentice",), targets=("Gladecover Scout",))])
    assert r.reasons == {"bad_target"}
    r, g = stepper(ETB, ["alice casts Sparkmage Apprentice paying {R}", *RESOLVE,
                         Decision("target", "alice", ("Sparkmage Apprentice",), targets=("bob",)),
                         *RESOLVE])
    assert ("aim", ("alice", x, "bob")) in r.events and g.life["bob"] == 19


def test_a_triggered_ability_whose_target_is_gone_does_nothing():
    # CR 608.2b: the Sparkmage targets itself; the Bolt kills it first.
    from mtgrules.model.timeline import Decision
    r, g = stepper(ETB, ["alice casts Sparkmage Apprentice paying {R}", *RESOLVE,
                         Decision("target", "alice", ("Sparkmage Apprentice",), targets=("Sparkmage Apprentice",)),
                         "alice casts Lightning Bolt targeting Sparkmage Apprentice", *RESOLVE, *RESOLVE])
    x = ("tr", "Sparkmage Apprentice", 1, "alice", 6)
    assert ("finish", (x,)) in r.events and ("do", (x, 1)) not in r.events


def test_a_targeted_trigger_without_a_legal_target_is_removed():
    # CR 603.3d: the Kavu left before its ability was put on the stack; no creature remains.
    g = reference.Game(state(ETB), NEW, [], END)
    g.at_start = False
    g.prio_to = "alice"
    g.objs["Flametongue Kavu"].zone = "graveyard"
    g.objs["Gladecover Scout"].zone = "graveyard"
    x = ("tr", "Flametongue Kavu", 1, "alice", 1)
    g.pending = [x]
    assert g.next() == ("game", ("remove_trigger", (x,)))
    g.apply(g.next()[1])
    assert not g.pending and not g.stack


CLEANUP = """
  players: [alice, bob]
  step: end
  turn: 3
  alice: {hand: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
"""


def test_a_hand_of_identical_cards_discards_by_itself_unless_the_script_says_which():
    # CR 514.1: the choice is alice's even among identical cards; the script may make it.
    r, g = stepper(CLEANUP, ["all pass until cleanup"], until="end")
    assert ("cleanup_discard", ("alice",)) in r.events
    r, g = stepper(CLEANUP, ["all pass until cleanup", "alice discards Forest#8"])
    assert ("discard", ("alice", 2)) in r.events and zone(g, "Forest#8") == "graveyard"
    r, g = stepper(CLEANUP, ["all pass until cleanup", "alice discards Forest#8, Forest#7"])
    assert r.reasons == {"wrong_count"}


@pytest.mark.parametrize("keyword", ["deathtouch", "lifelink"])
def test_deathtouch_or_lifelink_on_a_damage_source_before_m10_is_not_modelled(keyword):
    # 2008 CR 502.63a, 502.68a: triggered abilities then. From M10: deathtouch to a player does
    # nothing (702.2b), lifelink gains nothing under the Vortex itself (101.2): alice at 18.
    text = """
  players: [alice, bob]
  step: upkeep
  turn: 3
  alice: {battlefield: [Sulfuric Vortex], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
  effects:
    - {from: Leap, controller: alice, do: grant-ability, what: Sulfuric Vortex, ability: KW}
""".replace("KW", keyword)
    with pytest.raises(reference.Unmodelled):
        stepper(text, RESOLVE, OLD)
    r, g = stepper(text, RESOLVE)
    assert g.life["alice"] == 18


# ---- combat damage (CR 510, 702.2, 702.4, 702.7, 702.15, 702.19; 2008: 310, 502) -------------
# The stepper alone: the core's combat damage is checked against it by test_combat_agreement.

def _combat(alice, bob, edition, lines, alice_life=20, bob_life=20, until="end"):
    text = f"""
  players: [alice, bob]
  step: declare-attackers
  turn: 3
  alice: {{life: {alice_life}, battlefield: [{alice}], library: {{hidden: 3}}}}
  bob: {{life: {bob_life}, battlefield: [{bob}], library: {{hidden: 3}}}}
"""
    return stepper(text, lines, edition, until)


THREE_BEARS = ["alice attacks with Craw Wurm", "all pass until declare-blockers",
               "bob blocks Craw Wurm with Grizzly Bears#1 and Craw Wurm with Grizzly Bears#2"
               " and Craw Wurm with Grizzly Bears#3"]


@pytest.mark.parametrize("edition,assign,legal", [
    # 2024-09-20 510.1c: no damage to a blocker unless each one before it in the order is
    # assigned lethal damage; more than lethal may go to an earlier one
    ("2024-09-20", "2 to Grizzly Bears#2, 4 to Grizzly Bears#1", True),
    ("2024-09-20", "6 to Grizzly Bears#2", True),
    ("2024-09-20", "1 to Grizzly Bears#2, 5 to Grizzly Bears#1", False),
    ("2024-09-20", "2 to Grizzly Bears#2, 4 to Grizzly Bears#3", False),
    # 2024-11-08 510.1c: divided as its controller chooses among them
    ("2024-11-08", "1 to Grizzly Bears#2, 5 to Grizzly Bears#1", True),
    ("2024-11-08", "6 to Grizzly Bears#3", True),
    # 510.1a: exactly its power
    ("2024-11-08", "1 to Grizzly Bears#2, 4 to Grizzly Bears#1", False),
    # 510.1c: only to the creatures blocking it (the player only with trample, 702.19b)
    ("2024-11-08", "4 to Grizzly Bears#2, 2 to bob", False),
])
def test_craw_wurm_blocked_by_three_bears_order_against_free_division(edition, assign, legal):
    order = ["alice orders blockers for Craw Wurm: Grizzly Bears#2, Grizzly Bears#1, Grizzly Bears#3"] \
        if edition < "2024-11-08" else []
    r, g = _combat("Craw Wurm", "Grizzly Bears, Grizzly Bears, Grizzly Bears", edition,
                   THREE_BEARS + order + ["all pass until combat-damage",
                                          f"alice assigns combat damage from Craw Wurm: {assign}"])
    if legal:
        assert r.stop[:3] == ("needs-decision", "alice", "priority")
        # 510.2: the three Bears deal 6 to the Wurm (toughness 4) at the same time
        assert zone(g, "Craw Wurm") == "graveyard"
    else:
        assert r.stop[:2] == ("illegal-action", "alice") and r.reasons


def test_the_order_is_asked_only_before_foundations_and_must_name_the_blockers():
    # 509.2 (2009-10-01 .. 2024-09-20): asked of the active player before priority
    r, g = _combat("Craw Wurm", "Grizzly Bears, Grizzly Bears, Grizzly Bears", "2016-11-11", THREE_BEARS)
    assert r.stop[:3] == ("needs-decision", "alice", "order_blockers")
    r, g = _combat("Craw Wurm", "Grizzly Bears, Grizzly Bears, Grizzly Bears", "2016-11-11",
                   THREE_BEARS + ["alice orders blockers for Craw Wurm: Grizzly Bears#2, Grizzly Bears#1"])
    assert r.stop[0] == "illegal-action"
    # 2024-11-08: no order (509.2 removed); 3 blockers: the division is asked (510.1c)
    r, g = _combat("Craw Wurm", "Grizzly Bears, Grizzly Bears, Grizzly Bears", "2024-11-08",
                   THREE_BEARS + ["all pass until combat-damage"])
    assert r.stop[:3] == ("needs-decision", "alice", "assign")


@pytest.mark.parametrize("edition,asked,to_bob", [
    # 2009-10-01: 702.2b divides freely among blockers, but trample's lethal is the Wurm's
    # toughness (702.17b): 2 power can't cover 4, so all 2 go to the Wurm, no question
    ("2009-10-01", False, 0),
    # 2016-11-11 702.2b / 2024-11-08 702.2c: 1 from a deathtouch source is lethal: 1 may trample over
    ("2016-11-11", True, 1),
    ("2026-08-07", True, 1),
])
def test_trample_with_deathtouch(edition, asked, to_bob):
    text = """
  players: [alice, bob]
  step: declare-attackers
  turn: 3
  alice: {battlefield: [Vampire Nighthawk], library: {hidden: 3}}
  bob: {battlefield: [Giant Spider], library: {hidden: 3}}
  effects:
    - {from: Leap, controller: alice, do: grant-ability, what: Vampire Nighthawk, ability: trample, duration: turn}
"""
    lines = ["alice attacks with Vampire Nighthawk", "all pass until declare-blockers",
             "bob blocks Vampire Nighthawk with Giant Spider", "all pass until combat-damage"]
    r, g = stepper(text, lines, edition)
    assert (r.stop[2] == "assign") == asked
    if asked:
        r, g = stepper(text, lines + ["alice assigns combat damage from Vampire Nighthawk: 1 to Giant Spider, 1 to bob"],
                       edition)
    assert r.stop[2] == "priority"
    # 704.5h: the Spider dealt deathtouch damage is destroyed; 702.15b: alice gains 2
    assert zone(g, "Giant Spider") == "graveyard"
    assert g.life == {"alice": 22, "bob": 20 - to_bob}


def test_double_strike_against_a_first_strike_blocker():
    # 510.4 / 702.4b: Boros Swiftblade (1/2) and Tundra Wolves (1/1) both deal damage in the
    # first-strike step; the Wolves die. In the second step the Swiftblade (double strike) is
    # still blocked (509.1h) with no blocker left: it assigns no damage (510.1c).
    r, g = _combat("Boros Swiftblade", "Tundra Wolves", NEW,
                   ["alice attacks with Boros Swiftblade", "all pass until declare-blockers",
                    "bob blocks Boros Swiftblade with Tundra Wolves", "all pass until main2"])
    assert zone(g, "Tundra Wolves") == "graveyard"
    assert g.objs["Boros Swiftblade"].damage == 1          # the Wolves' 1 (first-strike step)
    names_ = names(r.events)
    assert names_.count("combat_damage") == 2
    assert g.life["bob"] == 20


def test_double_strike_deals_twice_unblocked_and_first_strike_once():
    # 702.4b / 702.7b: Fencing Ace deals 1 in each step, Tundra Wolves 1 in the first only,
    # Grizzly Bears 2 in the second only
    r, g = _combat("Fencing Ace, Tundra Wolves, Grizzly Bears", "Plains", "2016-11-11",
                   ["alice attacks with Fencing Ace, Tundra Wolves, Grizzly Bears",
                    "all pass until end-of-combat"])
    assert g.life["bob"] == 20 - 2 - 1 - 2
    i = r.events.index(("combat_damage", ()))
    assert ("end_step", ("combat_damage",)) in r.events[i:]


def test_lifelink_gain_is_simultaneous_with_the_damage():
    # 702.15b / 510.2: bob at 1 takes 1 from Raging Goblin while his blocking Vampire
    # Nighthawk deals 2: he gains 2 in the same event and is at 2 when SBAs are checked (704.3)
    r, g = _combat("Raging Goblin, Grizzly Bears", "Vampire Nighthawk", NEW,
                   ["alice attacks with Raging Goblin, Grizzly Bears", "all pass until declare-blockers",
                    "bob blocks Grizzly Bears with Vampire Nighthawk", "all pass until end-of-combat"],
                   bob_life=1)
    assert r.stop[0] != "game-over"
    assert g.life["bob"] == 2
    assert zone(g, "Grizzly Bears") == "graveyard"
    # 2008: lifelink and deathtouch were triggered abilities (502.63a, 502.68a): refused
    r, g = _combat("Raging Goblin, Grizzly Bears", "Vampire Nighthawk", OLD,
                   ["alice attacks with Raging Goblin, Grizzly Bears", "all pass until declare-blockers",
                    "bob blocks Grizzly Bears with Vampire Nighthawk", "all pass until end-of-combat"],
                   bob_life=1)
    assert r.stop[0] == "unsupported"


def test_2008_a_blocker_killed_with_damage_on_the_stack_still_deals_its_damage():
    # 2008 CR 310.1, 310.4a-c: the assignment goes on the stack; alice bolts the blocking Bears in
    # response; when the damage resolves the Bears' 2 is still dealt to the Wurm, and the Wurm's
    # damage to the Bears (gone) is not
    text = """
  players: [alice, bob]
  step: declare-attackers
  turn: 3
  alice: {hand: [Lightning Bolt], battlefield: [Craw Wurm, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Grizzly Bears], library: {hidden: 3}}
"""
    lines = ["alice attacks with Craw Wurm", "all pass until declare-blockers",
             "bob blocks Craw Wurm with Grizzly Bears", "all pass until combat-damage",
             "alice taps Mountain for mana", "alice casts Lightning Bolt targeting Grizzly Bears",
             "alice passes", "bob passes", "alice passes", "bob passes"]
    r, g = stepper(text, lines, OLD)
    assert ("resolve", ("combat_damage",)) in r.events
    assert zone(g, "Grizzly Bears") == "graveyard"
    assert g.objs["Craw Wurm"].damage == 2
    assert r.stop[:3] == ("needs-decision", "alice", "priority") and not g.stack
    # from M10 (510.2) the damage is dealt before anyone can respond: the Bears are dead first
    r, g = stepper(text, lines[:4], "2009-10-01")
    assert g.objs["Craw Wurm"].damage == 2 and zone(g, "Grizzly Bears") == "graveyard"


def test_a_blocker_gone_before_damage_leaves_the_attacker_blocked_and_trample_goes_through():
    # 509.1h / 510.1c: Craw Wurm stays blocked and deals nothing; 702.19d: Colossal Dreadmaw,
    # blocked with no blocker left, assigns all its damage to bob
    for attacker, to_bob in (("Craw Wurm", 0), ("Colossal Dreadmaw", 6)):
        text = f"""
  players: [alice, bob]
  step: declare-attackers
  turn: 3
  alice: {{hand: [Lightning Bolt], battlefield: [{attacker}, Mountain], library: {{hidden: 3}}}}
  bob: {{battlefield: [Llanowar Elves], library: {{hidden: 3}}}}
"""
        r, g = stepper(text, [f"alice attacks with {attacker}", "all pass until declare-blockers",
                              f"bob blocks {attacker} with Llanowar Elves", "alice taps Mountain for mana",
                              "alice casts Lightning Bolt targeting Llanowar Elves",
                              "all pass until main2"], "2024-11-08")
        assert zone(g, "Llanowar Elves") == "graveyard"
        assert g.life["bob"] == 20 - to_bob


def test_three_player_attacks_are_refused_and_one_blocker_cant_block_two_attackers():
    text = """
  players: [alice, bob, carol]
  step: declare-attackers
  turn: 3
  alice: {battlefield: [Grizzly Bears], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
  carol: {library: {hidden: 3}}
"""
    r, g = stepper(text, ["alice attacks with Grizzly Bears"])
    assert r.stop[0] == "unsupported"                       # 508.1b: no words for whom
    r, g = stepper(text, ["alice attacks with nothing", "all pass until main2"])
    assert r.stop[0] != "unsupported"
    # 509.1a: each chosen creature blocks one attacker
    r, g = _combat("Grizzly Bears, Raging Goblin", "Giant Spider", NEW,
                   ["alice attacks with Grizzly Bears, Raging Goblin", "all pass until declare-blockers",
                    "bob blocks Grizzly Bears with Giant Spider and Raging Goblin with Giant Spider"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_block"}


def test_deathtouch_destroys_and_indestructible_survives():
    # 704.5h: Typhoid Rats' 1 damage destroys Craw Wurm; 702.12b: Darksteel Gargoyle survives it
    r, g = _combat("Craw Wurm, Darksteel Gargoyle", "Typhoid Rats, Deadly Recluse", NEW,
                   ["alice attacks with Craw Wurm, Darksteel Gargoyle", "all pass until declare-blockers",
                    "bob blocks Craw Wurm with Typhoid Rats and Darksteel Gargoyle with Deadly Recluse",
                    "all pass until main2"])
    assert zone(g, "Craw Wurm") == "graveyard" and zone(g, "Typhoid Rats") == "graveyard"
    assert zone(g, "Darksteel Gargoyle") == "battlefield" and zone(g, "Deadly Recluse") == "graveyard"


def test_a_missing_assignment_needs_the_decision():
    # interface: the division of two blockers is asked; no line: needs-decision
    r, g = _combat("Craw Wurm", "Grizzly Bears, Grizzly Bears, Grizzly Bears", "2026-08-07",
                   THREE_BEARS + ["all pass until end-of-combat"])
    assert r.stop[:3] == ("needs-decision", "alice", "assign")


# ---- target slots (CR 601.2c, 115.3, 700.2c) and splice (702.47) -------------------------------

CRYPTIC = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Lightning Bolt], battlefield: [Mountain, Grizzly Bears], library: {hidden: 3}}
  bob: {hand: [Cryptic Command], mana-pool: "{U}{U}{U}{U}", library: {hidden: 3}}
"""
BOLT_BOB = ["alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob", "alice passes"]


def test_cryptic_command_two_modes_two_slots_in_printed_order():
    # 601.2c, 700.2c: modes 1 and 2 each target, in printed order (the line may name them in
    # any order): the spell, then the permanent. 608.2b both legal: Bolt countered (701.5a),
    # the Bears to alice's hand; bob takes no damage.
    for modes in ("1 and 2", "2 and 1"):
        r, g = stepper(CRYPTIC, BOLT_BOB + [
            f"bob casts Cryptic Command choosing modes {modes} targeting Lightning Bolt and Grizzly Bears",
            "bob passes", "alice passes"])
        cast = [a for n, a in r.events if n == "cast" and a[1] == "Cryptic Command"]
        assert cast == [("bob", "Cryptic Command", ("ts", "Lightning Bolt", "Grizzly Bears"), 4,
                         ("modes", ("m", 1, ("m", 2, "nil"))))]
        assert zone(g, "Lightning Bolt") == "graveyard" and zone(g, "Grizzly Bears") == "hand"
        assert zone(g, "Cryptic Command") == "graveyard" and g.life["bob"] == 20


@pytest.mark.parametrize(("targets", "reason"), [
    ("Lightning Bolt", "missing_target"),                    # two slots, one target
    ("Lightning Bolt, Grizzly Bears and bob", "no_target_wanted"),
    ("Lightning Bolt and bob", "bad_target"),                # slot 2 wants a permanent
    ("Grizzly Bears and Lightning Bolt", "bad_target"),      # the slots' order is the modes'
])
def test_cryptic_command_targets_must_fill_its_slots(targets, reason):
    # 601.2c: a legal target for each slot, as many as the slots; else the cast is illegal
    r, g = stepper(CRYPTIC, BOLT_BOB + [
        f"bob casts Cryptic Command choosing modes 1 and 2 targeting {targets}"])
    assert r.stop == ("illegal-action", "bob", "illegal", 4)
    assert reason in r.reasons


SPLICE = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Lava Spike, Glacial Ray, Glacial Ray, Lightning Bolt], battlefield: [Mountain, Mountain, Mountain, Mountain],
          library: {hidden: 3}}
  bob: {hand: [Shock], battlefield: [Grizzly Bears, Mountain], library: {hidden: 3}}
"""
TAP = ["alice taps Mountain#1 for mana", "alice taps Mountain#2 for mana", "alice taps Mountain#3 for mana"]


def test_lava_spike_with_glacial_ray_spliced():
    # 702.47a: Glacial Ray revealed from the hand, {1}{R} more (601.2f: {1}{R}{R} in all), it
    # stays in the hand; 702.47b: Lava Spike's instruction first, then Glacial Ray's with its
    # own slot's target (702.47d): bob takes 3, the Bears 2 (and die, 704.5g).
    r, g = stepper(SPLICE, TAP + ["alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears",
                                  "alice passes", "bob passes"])
    cast = [a for n, a in r.events if n == "cast"]
    assert cast == [("alice", "Lava Spike", ("ts", "bob", "Grizzly Bears"), 4,
                     ("splice", ("s", "Glacial Ray", "nil")))]
    assert g.pool["alice"] == {}
    assert [a for n, a in r.events if n == "do"] == [("Lava Spike", 1), ("Lava Spike", 2)]
    assert g.life["bob"] == 17 and zone(g, "Grizzly Bears") == "graveyard"
    assert zone(g, "Glacial Ray") == "hand" and zone(g, "Lava Spike") == "graveyard"


def test_a_spliced_card_is_revealed_to_every_player():
    # 601.2b, 702.47a: the card spliced is revealed: bob knows it from then on
    r, g = stepper(SPLICE, TAP[:2])
    assert "Glacial Ray" not in g.known.get("bob", set())
    r, g = stepper(SPLICE, TAP + ["alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears"])
    assert "Glacial Ray" in g.known["bob"] and "Glacial Ray#2" not in g.known["bob"]


def test_the_splice_cost_is_part_of_the_total_cost():
    # 601.2f, 702.47a: {R} + {1}{R} is three mana; two Mountains can't pay it (601.2h)
    r, g = stepper(SPLICE, TAP[:2] + ["alice casts Lava Spike splicing Glacial Ray targeting bob and bob"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}
    # two cards spliced: {R} + {1}{R} + {1}{R}, five mana; four Mountains are one short
    r, g = stepper(SPLICE, TAP + ["alice taps Mountain#4 for mana",
                                  "alice casts Lava Spike splicing Glacial Ray and Glacial Ray#2 targeting bob, bob and bob"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


@pytest.mark.parametrize(("line", "reason"), [
    # 702.47a: Lightning Bolt isn't Arcane: nothing splices onto it
    ("alice casts Lightning Bolt splicing Glacial Ray targeting bob and bob", "cant_splice"),
    # 702.47a: a card without splice can't be spliced
    ("alice casts Lava Spike splicing Lightning Bolt targeting bob and bob", "cant_splice"),
    # 601.2a then 702.47a: the spell is on the stack, not in the hand, as splices are revealed
    ("alice casts Glacial Ray splicing Glacial Ray targeting bob and bob", "splice_not_in_hand"),
    # 702.47a: from the caster's own hand only
    ("alice casts Lava Spike splicing Shock targeting bob and bob", "splice_not_in_hand"),
])
def test_splicing_what_the_rules_dont_allow_is_illegal(line, reason):
    r, g = stepper(SPLICE, TAP + [line])
    assert r.stop == ("illegal-action", "alice", "illegal", 4)
    assert reason in r.reasons


def test_a_glacial_ray_spliced_onto_another_glacial_ray_is_legal():
    # Glacial Ray is Arcane itself (702.47a): a second copy splices onto it; one object fills two
    # slots (115.3): the Bears take 2 and 2
    r, g = stepper(SPLICE.replace("Grizzly Bears", "Giant Spider"),
                   TAP + ["alice taps Mountain#4 for mana",
                          "alice casts Glacial Ray splicing Glacial Ray#2 targeting Giant Spider and Giant Spider",
                          "alice passes", "bob passes"])
    assert zone(g, "Giant Spider") == "graveyard" and zone(g, "Glacial Ray#2") == "hand"


def test_the_same_card_spliced_twice_is_illegal():
    # 702.47b: a card once onto one spell (the line reads; the rules refuse it)
    twice = "alice casts Lava Spike splicing Glacial Ray and Glacial Ray targeting bob, bob and bob"
    d = Decision("cast", "alice", ("Lava Spike",), targets=("bob", "bob", "bob"), splicing=("Glacial Ray", "Glacial Ray"))
    for line in (twice, d):
        r, g = stepper(SPLICE, TAP + ["alice taps Mountain#4 for mana", line])
        assert r.stop[0] == "illegal-action" and "spliced_twice" in r.reasons


def test_one_target_gone_the_other_part_still_happens():
    # 608.2b: the Bears are gone (Shock, then 704.5g) as Lava Spike begins to resolve: one
    # target of two illegal, it resolves; Glacial Ray's part does nothing, Lava Spike's does
    r, g = stepper(SPLICE, TAP + ["alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears",
                                  "alice passes", "bob taps Mountain#5 for mana",
                                  "bob casts Shock targeting Grizzly Bears", "bob passes", "alice passes",
                                  "alice passes", "bob passes"])
    assert zone(g, "Grizzly Bears") == "graveyard" and g.life["bob"] == 17
    assert ("do", ("Lava Spike", 1)) in r.events and zone(g, "Lava Spike") == "graveyard"


def test_cryptic_command_whose_permanent_is_gone_counters_the_spell_still():
    # 608.2b: modes 1 and 2, two slots; alice Shocks her own Bears in response: one target of
    # two illegal as it begins to resolve: it resolves, the bounce does nothing to the Bears,
    # Lightning Bolt is countered (bob takes no damage)
    text = CRYPTIC.replace("hand: [Lightning Bolt]", "hand: [Lightning Bolt, Shock]") \
        .replace("[Mountain, Grizzly Bears]", "[Mountain, Mountain, Grizzly Bears]")
    r, g = stepper(text, BOLT_BOB + [
        "bob casts Cryptic Command choosing modes 1 and 2 targeting Lightning Bolt and Grizzly Bears",
        "bob passes", "alice taps Mountain#2 for mana", "alice casts Shock targeting Grizzly Bears",
        "alice passes", "bob passes", "alice passes", "bob passes"])
    assert zone(g, "Grizzly Bears") == "graveyard"
    assert ("do", ("Cryptic Command", 1)) in r.events
    assert zone(g, "Lightning Bolt") == "graveyard" and g.life["bob"] == 20


def test_cryptic_command_with_its_one_target_gone_doesnt_draw():
    # 608.2b: modes 2 and 4 have one target between them (700.2c: mode 2's); the Bears are gone
    # as it begins to resolve: all its targets illegal, it doesn't resolve at all, so mode 4's
    # draw doesn't happen either (the untargeted part goes with it). (The issue's brief said it
    # still draws; 608.2b says otherwise: "if all its targets … are now illegal, the spell …
    # doesn't resolve".)
    text = CRYPTIC.replace("hand: [Lightning Bolt]", "hand: [Shock]")
    r, g = stepper(text, ["alice passes", "bob casts Cryptic Command choosing modes 2 and 4 targeting Grizzly Bears",
                          "bob passes", "alice taps Mountain for mana", "alice casts Shock targeting Grizzly Bears",
                          "alice passes", "bob passes", "alice passes", "bob passes"])
    assert zone(g, "Grizzly Bears") == "graveyard"
    assert ("finish", ("Cryptic Command",)) in r.events
    assert not any(n == "do" and a[0] == "Cryptic Command" for n, a in r.events)
    assert g.hand("bob") == [] and zone(g, "Cryptic Command") == "graveyard"


def test_every_target_gone_it_doesnt_resolve():
    # 608.2b: both slots name the Bears (115.3); Shock kills them in response: every target
    # illegal, Glacial Ray doesn't resolve (no instruction happens) and goes to the graveyard
    r, g = stepper(SPLICE, TAP + ["alice taps Mountain#4 for mana",
                                  "alice casts Glacial Ray splicing Glacial Ray#2 targeting Grizzly Bears and Grizzly Bears",
                                  "alice passes", "bob taps Mountain#5 for mana",
                                  "bob casts Shock targeting Grizzly Bears", "bob passes", "alice passes",
                                  "alice passes", "bob passes"])
    assert ("finish", ("Glacial Ray",)) in r.events
    assert not any(n == "do" and a[0] == "Glacial Ray" for n, a in r.events)
    assert zone(g, "Glacial Ray") == "graveyard" and zone(g, "Glacial Ray#2") == "hand"


def test_splice_under_the_2008_rules():
    # 2008 CR 502.40a-b, 409.1b: the same splice (Glacial Ray: "target creature or player")
    r, g = stepper(SPLICE, TAP + ["alice casts Lava Spike splicing Glacial Ray targeting bob and Grizzly Bears",
                                  "alice passes", "bob passes"], edition="2008-10-01")
    assert g.life["bob"] == 17 and zone(g, "Grizzly Bears") == "graveyard"


BRUTALITY = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Collective Brutality, Island, Forest], battlefield: [Swamp, Swamp], library: {hidden: 3}}
  bob: {hand: [Mountain], battlefield: [Grizzly Bears, Megrim], library: {hidden: 3}}
"""
SWAMPS = ["alice taps Swamp for mana", "alice taps Swamp#2 for mana"]
ESCALATED = "alice casts Collective Brutality choosing modes 2 and 3 discarding Island targeting Grizzly Bears and bob"


def test_escalate_discards_a_card_as_the_spell_is_cast():
    # 702.120a: modes 2 and 3 (one beyond the first): one card discarded besides {1}{B}, paid as
    # it is cast (601.2h): the Island is in the graveyard while the spell is on the stack, a
    # discard like any other (701.9a: bob's Megrim triggers on it, 603.2)
    r, g = stepper(BRUTALITY, SWAMPS + [ESCALATED])
    cast = [a for n, a in r.events if n == "cast"]
    assert cast == [("alice", "Collective Brutality", ("ts", "Grizzly Bears", "bob"), 3,
                     ("modes", ("m", 2, ("m", 3, "nil"))))]
    assert zone(g, "Island") == "graveyard" and zone(g, "Collective Brutality") == "stack"
    assert zone(g, "Forest") == "hand" and g.pool["alice"] == {}


def test_escalated_collective_brutality_resolves_in_the_order_printed():
    # 700.2, 608.2c: mode 2 (-2/-2: the Bears die, 704.5f), then mode 3 (bob 20 - 2, alice
    # 20 + 2); bob's Megrim (the Island discarded) deals alice 2 first, above it on the stack
    r, g = stepper(BRUTALITY, SWAMPS + [ESCALATED] + ["all pass until main2"])
    assert zone(g, "Grizzly Bears") == "graveyard" and zone(g, "Collective Brutality") == "graveyard"
    assert g.life["bob"] == 18 and g.life["alice"] == 20


@pytest.mark.parametrize(("line", "reason"), [
    # 702.120a: a second mode costs a discard; none named, the cost isn't paid (601.2h)
    ("alice casts Collective Brutality choosing modes 2 and 3 targeting Grizzly Bears and bob", "discard_count"),
    # one beyond the first: one card, not two
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Island and Forest targeting "
     "Grizzly Bears and bob", "discard_count"),
    # one mode: no escalate cost at all
    ("alice casts Collective Brutality choosing mode 3 discarding Island targeting bob", "discard_count"),
    # 601.2a: the spell is on the stack as its costs are paid, not in the hand
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Collective Brutality targeting "
     "Grizzly Bears and bob", "escalate_not_in_hand"),
    # 701.9a: a card of the player's own hand
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Mountain targeting Grizzly Bears and bob",
     "escalate_not_in_hand"),
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Swamp targeting Grizzly Bears and bob",
     "escalate_not_in_hand"),
    # "target opponent" (mode 3): not its caster
    ("alice casts Collective Brutality choosing modes 2 and 3 discarding Island targeting Grizzly Bears and alice",
     "bad_target"),
])
def test_escalate_discards_the_rules_dont_allow_are_illegal(line, reason):
    r, g = stepper(BRUTALITY, SWAMPS + [line])
    assert r.stop == ("illegal-action", "alice", "illegal", 3)
    assert reason in r.reasons
    assert zone(g, "Island") == "hand"


def test_a_card_is_discarded_once_for_escalate():
    # 701.9a: the same card named twice for two discards is one card (a card with three worded
    # modes for two discards: Collective Brutality's first has no words here)
    d = Decision("cast", "alice", ("Collective Brutality",), targets=("Grizzly Bears", "bob"), modes=(2, 3),
                 discarding=("Island", "Island"))
    r, g = stepper(BRUTALITY, SWAMPS + [d])
    assert r.stop[0] == "illegal-action" and {"discarded_twice", "discard_count"} <= r.reasons


def test_escalate_before_its_edition_is_unmodelled():
    # escalate came in 2016 (702.119a then): under the 2009 rules there is no rule for it
    with pytest.raises(reference.Unmodelled):
        stepper(BRUTALITY, SWAMPS + [ESCALATED], edition="2009-07-11")


@pytest.mark.parametrize("lines", [
    SWAMPS + [ESCALATED, "all pass until main2"],
    SWAMPS + ["alice casts Collective Brutality choosing modes 2 and 3 discarding Island and Forest targeting "
              "Grizzly Bears and bob"],
])
def test_the_core_discards_for_escalate_as_the_stepper_does(lines):
    core, stop, ref, rstop = both(state(BRUTALITY), NEW, lines)
    assert core == ref and stop.kind == rstop[0]


# ---- a kicked spell's own targets and text (CR 702.33e-g, 601.2c), destroy (701.8a), an amount
# read from a target (202.3, 608.2b) ----------------------------------------------------------

THUNDER = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Orim's Thunder], mana-pool: "{W}{W}{W}{R}", library: {hidden: 3}}
  bob: {hand: [Shock, Capsize], battlefield: [Font of Mythos, Grizzly Bears, Craw Wurm, Darksteel Myr,
        Mountain, Island, Island, Island], library: {hidden: 3}}
"""
KICKED = "alice casts Orim's Thunder targeting Font of Mythos and Craw Wurm kicked"


def test_orims_thunder_unkicked_destroys_the_artifact():
    # 701.8a: Font of Mythos to bob's graveyard; unkicked (702.33g) nothing else happens: one
    # instruction, {2}{W} paid (the {R} stays in the pool)
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Font of Mythos paying {W}{W}"] + RESOLVE)
    cast = [a for n, a in r.events if n == "cast"]
    assert cast == [("alice", "Orim's Thunder", ("ts", "Font of Mythos"), 1, "none")]
    assert [a for n, a in r.events if n == "do"] == [("Orim's Thunder", 1)]
    assert zone(g, "Font of Mythos") == "graveyard" and g.pool["alice"] == {"r": 1}
    assert g.objs["Craw Wurm"].damage == 0 and zone(g, "Orim's Thunder") == "graveyard"


def test_orims_thunder_kicked_deals_the_artifacts_mana_value():
    # 702.33a: {2}{W} + {R}; 702.33e: the destroy, then the kicked part: damage equal to Font of
    # Mythos's mana value (202.3: {4} is 4), read as it last existed (in the graveyard now):
    # Craw Wurm (6/4) is dealt 4 and dies (704.5g)
    r, g = stepper(THUNDER, [KICKED] + RESOLVE)
    cast = [a for n, a in r.events if n == "cast"]
    assert cast == [("alice", "Orim's Thunder", ("ts", "Font of Mythos", "Craw Wurm"), 1, "kicker")]
    assert g.pool["alice"] == {}
    assert [a for n, a in r.events if n == "do"] == [("Orim's Thunder", 1), ("Orim's Thunder", 2)]
    assert zone(g, "Font of Mythos") == "graveyard" and zone(g, "Craw Wurm") == "graveyard"


def test_orims_thunder_kicked_damage_below_lethal():
    # Darksteel Myr (an artifact, mana value 3, indestructible: 702.12b, it stays) onto Craw Wurm:
    # 3 damage, the Wurm (toughness 4) lives
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Darksteel Myr and Craw Wurm kicked"] + RESOLVE)
    assert zone(g, "Darksteel Myr") == "battlefield" and g.objs["Craw Wurm"].damage == 3
    assert zone(g, "Craw Wurm") == "battlefield"


@pytest.mark.parametrize(("line", "reason"), [
    # 702.33g, 601.2c: kicked, two slots: one target named is too few
    ("alice casts Orim's Thunder targeting Font of Mythos kicked", "missing_target"),
    # unkicked it is cast as though the second target weren't there: two named is one too many
    ("alice casts Orim's Thunder targeting Font of Mythos and Craw Wurm", "no_target_wanted"),
    # the kicked slot asks for a creature: Font of Mythos isn't one
    ("alice casts Orim's Thunder targeting Font of Mythos and Font of Mythos kicked", "bad_target"),
    # the card's own slot asks for an artifact or enchantment: the Bears are neither
    ("alice casts Orim's Thunder targeting Grizzly Bears and Craw Wurm kicked", "bad_target"),
])
def test_orims_thunder_targets_must_fill_its_slots(line, reason):
    r, g = stepper(THUNDER, [line])
    assert r.stop == ("illegal-action", "alice", "illegal", 1)
    assert reason in r.reasons


def test_kicked_without_its_mana_is_illegal():
    # 601.2f-h: the total {2}{W}{R} can't be paid from {W}{W}{W}
    r, g = stepper(THUNDER.replace("{W}{W}{W}{R}", "{W}{W}{W}"), [KICKED])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


SHOCK_WURM = ["bob taps Mountain for mana", "bob casts Shock targeting Grizzly Bears"]
BOUNCE_FONT = ["bob taps Island for mana", "bob taps Island#2 for mana", "bob taps Island#3 for mana",
               "bob casts Capsize targeting Font of Mythos"]


def test_first_target_gone_no_damage_the_spell_still_resolves():
    # 608.2b (2016 on): Font of Mythos bounced in response: its slot illegal, the Bears' legal: the
    # spell resolves; the destroy does nothing, and the damage needs the mana value of an illegal
    # target: it fails to be determined, the damage doesn't happen
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Font of Mythos and Grizzly Bears kicked",
                             "alice passes"] + BOUNCE_FONT + ["bob passes", "alice passes", "alice passes",
                                                              "bob passes"])
    assert zone(g, "Font of Mythos") == "hand"
    assert [a for n, a in r.events if n == "do" and a[0] == "Orim's Thunder"] == [("Orim's Thunder", 1),
                                                                                ("Orim's Thunder", 2)]
    assert zone(g, "Grizzly Bears") == "battlefield" and g.objs["Grizzly Bears"].damage == 0
    assert zone(g, "Orim's Thunder") == "graveyard"


def test_the_creature_gone_the_artifact_is_destroyed_still():
    # 608.2b: the Bears are gone (Shock, 704.5g): the destroy happens, the damage has no target
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Font of Mythos and Grizzly Bears kicked",
                             "alice passes"] + SHOCK_WURM + ["bob passes", "alice passes", "alice passes",
                                                             "bob passes"])
    assert zone(g, "Font of Mythos") == "graveyard" and zone(g, "Grizzly Bears") == "graveyard"
    assert ("do", ("Orim's Thunder", 2)) in r.events


def test_both_targets_gone_it_doesnt_resolve():
    # 608.2b: every target illegal: it doesn't resolve, no instruction happens
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Font of Mythos and Grizzly Bears kicked",
                             "alice passes"] + SHOCK_WURM + ["bob passes", "alice passes", "alice passes"] + BOUNCE_FONT
                   + ["bob passes", "alice passes", "alice passes", "bob passes"])
    assert zone(g, "Font of Mythos") == "hand" and zone(g, "Grizzly Bears") == "graveyard"
    assert ("finish", ("Orim's Thunder",)) in r.events
    assert not any(n == "do" and a[0] == "Orim's Thunder" for n, a in r.events)


def test_first_target_gone_before_2016_its_information_is_still_read():
    # 2009 608.2g: information from a specific object, "a target that's become illegal" among
    # them, is its current information, or its last known information once it has changed
    # zones; 2008 413.2f says the same of any object (and 413.2a only forbids actions on an
    # illegal target). Font of Mythos bounced: the Bears are still dealt its mana value, 4, and
    # die (704.5g). (608.2b's "fails to determine" is in the rules from 2016-07-22 only.)
    lines = ["alice casts Orim's Thunder targeting Font of Mythos and Grizzly Bears kicked",
             "alice passes"] + BOUNCE_FONT + ["bob passes", "alice passes", "alice passes", "bob passes"]
    for edition in ("2009-10-01", "2008-10-01"):
        r, g = stepper(THUNDER, lines, edition=edition)
        assert r.stop[0] == "needs-decision"
        assert zone(g, "Font of Mythos") == "hand" and zone(g, "Grizzly Bears") == "graveyard"
    r, g = stepper(THUNDER, [KICKED] + RESOLVE, edition="2008-10-01")
    assert zone(g, "Font of Mythos") == "graveyard" and zone(g, "Craw Wurm") == "graveyard"


@pytest.mark.parametrize("edition", ["2008-10-01", "2009-10-01", "2016-07-22", "2026-08-07"])
def test_the_core_and_the_stepper_agree_on_the_lost_information(edition):
    # the same script on both: 608.2b from 2016 (no damage), 608.2g / 413.2f before (4 damage)
    text = THUNDER.replace("Craw Wurm, ", "")
    lines = ["alice casts Orim's Thunder targeting Font of Mythos and Grizzly Bears kicked",
             "alice passes"] + BOUNCE_FONT + ["bob passes", "alice passes", "alice passes", "bob passes"]
    core, cstop, ref, rstop = both(state(text), edition, lines)
    assert core == ref and cstop.kind == rstop[0]
    assert (("sba_check", ()) in core) == (edition < "2016-07-22")


def test_destroy_leaves_an_indestructible_permanent():
    # 702.12b: Darksteel Myr can't be destroyed
    r, g = stepper(THUNDER, ["alice casts Orim's Thunder targeting Darksteel Myr paying {W}{W}"] + RESOLVE)
    assert ("do", ("Orim's Thunder", 1)) in r.events and zone(g, "Darksteel Myr") == "battlefield"


def test_an_artifact_creature_in_both_slots():
    # 115.3: one object fills both slots; Bronze Sable ({2}) is destroyed first, then the damage
    # (its mana value 2, as it last existed) has its target gone from the battlefield: nothing
    text = THUNDER.replace("Font of Mythos,", "Font of Mythos, Bronze Sable,")
    r, g = stepper(text, ["alice casts Orim's Thunder targeting Bronze Sable and Bronze Sable kicked"] + RESOLVE)
    assert zone(g, "Bronze Sable") == "graveyard"
    assert [a for n, a in r.events if n == "do"] == [("Orim's Thunder", 1), ("Orim's Thunder", 2)]


# ---- hybrid and Phyrexian mana costs (CR 601.2b, 601.2f, 107.4e-f, 119.4, 202.3f-g) ----------

HYBRID = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Dismember, Gitaxian Probe, Spectral Procession, Kitchen Finks, Scar], mana-pool: "POOL",
          life: LIFE, library: {hidden: 3}}
  bob: {battlefield: [Colossal Dreadmaw], hand: [Shock], library: {hidden: 3}}
"""


def hybrid(pool, life=20):
    return HYBRID.replace("POOL", pool).replace("LIFE", str(life))


DISMEMBER = "alice casts Dismember targeting Colossal Dreadmaw announcing "


def test_dismember_paid_with_one_black_one_generic_and_two_life():
    # 601.2b: the first {B/P} as 2 life, the second as {B} (107.4f); 601.2f: the total is {1}{B}
    # and 2 life; 601.2h: paid as it is cast (20 -> 18); it resolves: the Dreadmaw 6/6 gets
    # -5/-5 until end of turn, 1/1
    r, g = stepper(hybrid("{B}{R}"), [DISMEMBER + "{B/P} as 2 life and {B/P} as {B}"])
    assert ("cast" in names(r.events)) and g.life["alice"] == 18 and g.pool["alice"] == {}
    r, g = stepper(hybrid("{B}{R}"), [DISMEMBER + "{B/P} as 2 life and {B/P} as {B}"] + RESOLVE)
    assert pt(g, "Colossal Dreadmaw") == (1, 1) and g.life["alice"] == 18


def test_dismember_paid_with_four_life_and_one_mana():
    # 107.4f twice: 4 life; the total is {1}, the one red mana pays it
    r, g = stepper(hybrid("{R}"), [DISMEMBER + "{B/P} as 2 life and {B/P} as 2 life"] + RESOLVE)
    assert g.life["alice"] == 16 and g.pool["alice"] == {} and pt(g, "Colossal Dreadmaw") == (1, 1)


@pytest.mark.parametrize(("announced", "reason"), [
    # 107.4f: a Phyrexian black symbol is paid with black mana or 2 life, never green
    ((("{B/P}", "G"), ("{B/P}", "life")), "bad_symbol"),
    # 601.2b: one choice for each symbol of the mana cost; Dismember has two (a script line
    # naming a third symbol is refused by the reader, as Dismember's cost has no third)
    ((("{B/P}", "B"), ("{B/P}", "B"), ("{B/P}", "life")), "too_many_symbols"),
])
def test_a_choice_the_symbol_does_not_offer_is_illegal(announced, reason):
    d = Decision("cast", "alice", ("Dismember",), targets=("Colossal Dreadmaw",), symbols=announced)
    r, g = stepper(hybrid("{B}{B}{G}{R}"), [d])
    assert r.stop == ("illegal-action", "alice", "illegal", 1) and reason in r.reasons
    assert g.life["alice"] == 20


def test_a_symbol_left_unannounced_is_asked():
    # 601.2b: the player announces it; a line that doesn't is not guessed
    r, g = stepper(hybrid("{B}{B}{R}"), [DISMEMBER + "{B/P} as {B}"])
    assert r.stop == ("needs-decision", "alice", "payment", None)
    r, g = stepper(hybrid("{B}{B}{R}"), ["alice casts Dismember targeting Colossal Dreadmaw"])
    assert r.stop == ("needs-decision", "alice", "payment", None)


def test_gitaxian_probe_needs_two_life_to_pay_two_life():
    # 119.4: life is paid only by a player with at least that much: 1 life can't pay 2
    probe = "alice casts Gitaxian Probe targeting bob announcing {U/P} as 2 life"
    r, g = stepper(hybrid("", life=1), [probe])
    assert r.stop == ("illegal-action", "alice", "illegal", 1) and r.reasons == {"cant_pay_life"}
    # with 2 it is paid (0 left); 704.5a: she loses at the next check, as she would get priority
    r, g = stepper(hybrid("", life=2), [probe])
    assert g.life["alice"] == 0
    assert r.stop[0] == "game-over" and r.losers == {"alice"}


def test_gitaxian_probe_looks_at_the_hand_and_draws():
    r, g = stepper(hybrid("{U}"), ["alice casts Gitaxian Probe targeting bob announcing {U/P} as {U}"] + RESOLVE)
    assert "Shock" in g.known["alice"] and len(g.hand("alice")) == 5 and g.life["alice"] == 20


def test_spectral_procession_paid_with_six_generic():
    # 107.4e: each {2/W} paid with two mana of any type: {6} in all, six red mana pay it
    lands = "[Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]"
    text = hybrid("").replace("library: {hidden: 3}}\n  bob", f"library: {{hidden: 3}}, battlefield: {lands}}}\n  bob")
    taps = [f"alice taps Mountain#{i} for mana" for i in range(1, 7)]
    r, g = stepper(text, taps + ["alice casts Spectral Procession announcing {2/W} as {2}, {2/W} as {2} and {2/W} as {2}"])
    assert ("cast" in names(r.events)) and g.pool["alice"] == {}
    # five are one short (601.2h: unpayable)
    r, g = stepper(text, taps[:5] + ["alice casts Spectral Procession announcing {2/W} as {2}, {2/W} as {2} and {2/W} as {2}"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}
    # {2}, {W} and {W} from six red: the white isn't there
    r, g = stepper(text, taps + ["alice casts Spectral Procession announcing {2/W} as {2}, {2/W} as {W} and {2/W} as {W}"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


def test_kitchen_finks_paid_with_green_and_white():
    # 107.4e: {G/W} with green, {G/W} with white: the total {1}{G}{W}
    r, g = stepper(hybrid("{G}{W}{R}"), ["alice casts Kitchen Finks announcing {G/W} as {G} and {G/W} as {W}"] + RESOLVE)
    assert g.pool["alice"] == {} and zone(g, "Kitchen Finks") == "battlefield"
    # on the battlefield its abilities, which the library doesn't write, would work (113.6)
    assert r.stop[:3] == ("unsupported", None, "text the library doesn't write")
    # without a white mana the same announcement can't be paid
    r, g = stepper(hybrid("{G}{G}{R}"), ["alice casts Kitchen Finks announcing {G/W} as {G} and {G/W} as {W}"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


def test_phyrexian_mana_before_2016_is_refused_by_name():
    # 107.4f first appears in the 2016-07-22 edition here; the 2009 rules have no Phyrexian symbol
    r, g = stepper(hybrid("{B}{R}"), [DISMEMBER + "{B/P} as 2 life and {B/P} as {B}"], edition="2009-10-01")
    assert r.stop[0] == "unsupported" and g.life["alice"] == 20


def test_monocoloured_hybrid_before_2008_10_is_refused_and_two_colour_hybrid_is_not():
    # 2008-02-01 104.3f: two-colour hybrid only; {2/W} from 2008-10-01 (104.3f)
    r, g = stepper(hybrid("{W}{W}{W}"), ["alice casts Spectral Procession announcing {2/W} as {W}, {2/W} as {W} and {2/W} as {W}"],
                   edition="2008-02-01")
    assert r.stop[0] == "unsupported"
    # (cast only: its Spirit tokens have no words, and resolving it is refused)
    r, g = stepper(hybrid("{W}{W}{W}"), ["alice casts Spectral Procession announcing {2/W} as {W}, {2/W} as {W} and {2/W} as {W}"],
                   edition="2008-10-01")
    assert zone(g, "Spectral Procession") == "stack"
    r, g = stepper(hybrid("{R}"), ["alice casts Scar targeting Colossal Dreadmaw announcing {B/R} as {R}"] + RESOLVE,
                   edition="2008-02-01")
    assert pt(g, "Colossal Dreadmaw") == (5, 5)


def test_announcing_for_a_card_cast_with_flashback_is_illegal():
    # 702.34a: the flashback cost replaces the mana cost: no symbol of the mana cost is paid
    # (Think Twice has none: the reader refuses such a line; a Decision is judged by the rules)
    text = hybrid("{U}{U}{U}").replace("life: 20,", "life: 20, graveyard: [Think Twice],")
    d = Decision("cast", "alice", ("Think Twice",), announces="flashback", symbols=(("{U/P}", "U"),))
    r, g = stepper(text, [d])
    assert r.stop[0] == "illegal-action" and "too_many_symbols" in r.reasons


def test_mana_value_of_hybrid_and_phyrexian_costs():
    # 202.3f: the largest half of each hybrid symbol; 202.3g: 1 for each Phyrexian symbol
    mv = {c: reference.CARDS[c].mana_value for c in ("Spectral Procession", "Dismember", "Kitchen Finks",
                                                     "Gitaxian Probe", "Inside Out", "Scar")}
    assert mv == {"Spectral Procession": 6, "Dismember": 3, "Kitchen Finks": 3, "Gitaxian Probe": 1,
                  "Inside Out": 2, "Scar": 1}


BLAZE = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Blaze, Lightning Bolt], battlefield: [Mountain, Mountain, Mountain, Mountain],
          library: {hidden: 3}}
  bob: {library: {hidden: 3}}
"""
TAP4 = [f"alice taps Mountain#{i} for mana" for i in range(1, 5)]


def blaze(lines, until="end"):
    """The stepper's Result and Game, the core's events and stop, for a Blaze state."""
    s = state(BLAZE)
    core, cstop, ref, rstop = both(s, NEW, lines, until)
    r, g = stepper(BLAZE, lines, NEW, until)
    assert core == ref and (cstop.kind, cstop.player) == rstop[:2]
    return r, g


def test_blaze_with_x_3_and_four_lands_deals_3():
    # 601.2b, 107.3a: X announced as 3; 601.2f: {X}{R} is {3}{R}, four mana, paid (601.2h);
    # 107.3a, 608.2b: it deals 3 damage to bob as it resolves
    r, g = blaze(TAP4 + ["alice casts Blaze targeting bob announcing X as 3", "alice passes", "bob passes"])
    assert r.stop[:3] == ("needs-decision", "alice", "priority")
    assert g.life["bob"] == 17 and g.pool["alice"] == {} and zone(g, "Blaze") == "graveyard"


def test_blaze_on_the_stack_has_x_as_announced_and_0_elsewhere():
    # 202.3e: on the stack X is the value announced (mana value 4 with X = 3); anywhere else 0
    r, g = stepper(BLAZE, TAP4 + ["alice casts Blaze targeting bob announcing X as 3"])
    assert zone(g, "Blaze") == "stack" and g.x_of(g.objs["Blaze"]) == 3
    r, g = stepper(BLAZE, TAP4 + ["alice casts Blaze targeting bob announcing X as 3", "alice passes", "bob passes"])
    assert zone(g, "Blaze") == "graveyard" and g.x_of(g.objs["Blaze"]) == 0


def test_blaze_with_x_3_and_three_lands_cant_be_paid():
    # 601.2f: {3}{R} is four mana; three Mountains can't pay it, and partial payment isn't
    # allowed (601.2h)
    r, g = blaze(TAP4[:3] + ["alice casts Blaze targeting bob announcing X as 3"])
    assert r.stop == ("illegal-action", "alice", "illegal", 4) and r.reasons == {"cant_pay"}
    assert g.life["bob"] == 20


def test_blaze_with_x_0_costs_r_and_deals_no_damage():
    # 107.3a: 0 is a value X may take; {0}{R} is {R}; 120.8: a source dealing 0 damage deals none
    r, g = blaze(TAP4[:1] + ["alice casts Blaze targeting bob announcing X as 0", "alice passes", "bob passes"])
    assert [a for n, a in r.events if n == "do"] == [("Blaze", 1)]
    assert g.life["bob"] == 20 and zone(g, "Blaze") == "graveyard" and g.pool["alice"] == {}


def test_x_announced_for_a_card_without_x_is_illegal():
    # 601.2b: a value is announced for a variable cost; Lightning Bolt's {R} has none
    r, g = blaze(TAP4[:1] + ["alice casts Lightning Bolt targeting bob announcing X as 2"])
    assert r.stop == ("illegal-action", "alice", "illegal", 2) and r.reasons == {"no_x"}


def test_blaze_without_x_asks_for_the_casters_decision():
    # 601.2b, 107.3a: the value of X is the caster's to announce: a line without it isn't guessed
    r, g = blaze(TAP4 + ["alice casts Blaze targeting bob"])
    assert r.stop[:3] == ("needs-decision", "alice", "payment")
    assert zone(g, "Blaze") == "hand"


VERDELOTH = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Verdeloth the Ancient], mana-pool: "POOL", library: {hidden: 3}}
  bob: {library: {hidden: 3}}
"""


@pytest.mark.parametrize(("pool", "line", "stop", "reasons"), [
    # 702.33a, 107.3a: the kicker's {X} announced as 2; 601.2f: {4}{G}{G} + {2}, paid (601.2h)
    ("{G}" * 8, "kicked announcing X as 2", "priority", set()),
    ("{G}" * 7, "kicked announcing X as 2", "illegal", {"cant_pay"}),
    ("{G}" * 6, "kicked announcing X as 0", "priority", set()),          # 0 is a value
    ("{G}" * 8, "kicked", "payment", set()),                              # X unsaid: asked
    ("{G}" * 5, "kicked", "illegal", {"cant_pay"}),                       # not even X = 0 paid
    ("{G}" * 8, "announcing X as 1", "illegal", {"no_x"}),                # unkicked: no X paid
    ("{G}" * 6, "", "priority", set()),
])
def test_a_kickers_x_is_announced_where_the_kicker_is_paid(pool, line, stop, reasons):
    r, g = stepper(VERDELOTH.replace("POOL", pool), [f"alice casts Verdeloth the Ancient {line}".strip()])
    assert r.stop[2] == stop and r.reasons == reasons, (r.stop, r.reasons)
    assert zone(g, "Verdeloth the Ancient") == ("stack" if stop == "priority" else "hand")
    if stop == "priority":
        assert g.pool["alice"] == {}
        # 202.3: its mana value is its mana cost's, 6, whatever X is
        assert g.objs["Verdeloth the Ancient"].cd.mana_value == 6


def test_verdeloth_on_the_battlefield_is_refused_for_its_unwritten_text():
    # 113.6: its anthem and its trigger would work there; the library doesn't write them
    r, g = stepper(VERDELOTH.replace("POOL", "{G}" * 8),
                   ["alice casts Verdeloth the Ancient kicked announcing X as 2", "alice passes", "bob passes"])
    assert r.stop[0] == "unsupported" and zone(g, "Verdeloth the Ancient") == "battlefield"


LILIANA = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Forest], battlefield: [{card: Liliana of the Veil, counters: {loyalty: 3}}], library: {hidden: 3}}
  bob: {hand: [Island], battlefield: [Grizzly Bears], library: {hidden: 3}}
"""
PLUS = "alice activates Liliana of the Veil ability 1"
MINUS = "alice activates Liliana of the Veil ability 2 targeting bob"


@pytest.mark.parametrize("edition", [OLD, "2009-07-11", NEW])
def test_a_loyalty_cost_is_paid_as_the_ability_is_activated(edition):
    # CR 606.4 (306.7a of 2009-07-11, 212.9f of 2008), 602.2h: the counters move as it is
    # activated, before anyone responds; the ability resolves later (each player discards)
    r, g = stepper(LILIANA, [PLUS], edition)
    assert g.objs["Liliana of the Veil"].counters == {"loyalty": 4} and len(g.stack) == 1
    r, g = stepper(LILIANA, [PLUS, *RESOLVE], edition)
    assert zone(g, "Forest") == "graveyard" and zone(g, "Island") == "graveyard"


@pytest.mark.parametrize("edition", [OLD, NEW])
def test_one_loyalty_ability_a_turn_for_each_permanent(edition):
    # CR 606.3 (212.9f): a second one the same turn is illegal; the next turn it may be again
    r, _ = stepper(LILIANA, [PLUS, *RESOLVE, MINUS], edition)
    assert r.stop[0] == "illegal-action" and r.reasons == {"loyalty_used"}
    r, g = stepper(LILIANA, [PLUS, *RESOLVE, "all pass until alice's main1", MINUS, *RESOLVE], edition)
    assert g.objs["Liliana of the Veil"].counters == {"loyalty": 2}
    assert zone(g, "Grizzly Bears") == "graveyard"
    # the state may say one was activated this turn
    r, _ = stepper(LILIANA.replace("loyalty: 3}", "loyalty: 3}, loyalty-activated: true"), [PLUS], edition)
    assert r.reasons == {"loyalty_used"}


def test_loyalty_abilities_at_sorcery_timing_only():
    # CR 606.3: a main phase of the controller's own turn, the stack empty
    r, _ = stepper(LILIANA.replace("step: main1", "step: beginning-of-combat"), [PLUS])
    assert r.reasons == {"not_main_phase"}
    r, _ = stepper(LILIANA.replace("hand: [Forest]", 'hand: [Lightning Bolt], mana-pool: "{R}"'),
                   ["alice casts Lightning Bolt targeting bob", PLUS])
    assert r.reasons == {"stack_not_empty"}
    bobs = LILIANA.replace("battlefield: [Grizzly Bears]",
                           "battlefield: [Grizzly Bears, {card: Liliana of the Veil, controller: bob}]")
    r, _ = stepper(bobs, ["alice passes", "bob activates Liliana of the Veil#2 ability 1"])
    assert r.reasons == {"not_your_turn"}
    r, _ = stepper(bobs, ["alice activates Liliana of the Veil#2 ability 1"])
    assert r.reasons == {"not_controller"}


def test_a_negative_loyalty_cost_needs_that_many_counters():
    # CR 606.6 (606.5 before 2024-07-30): 1 counter can't pay −2; 2 can, and then the
    # planeswalker goes at the check (704.5i) while the ability resolves (113.7a)
    r, _ = stepper(LILIANA.replace("loyalty: 3", "loyalty: 1"), [MINUS])
    assert r.reasons == {"too_few_loyalty"}
    r, g = stepper(LILIANA.replace("loyalty: 3", "loyalty: 2"), [MINUS, *RESOLVE])
    assert r.events[1:3] == [("activate", ("alice", "Liliana of the Veil", 2, "bob", "auto")), ("sba_check", ())]
    assert zone(g, "Liliana of the Veil") == "graveyard" and zone(g, "Grizzly Bears") == "graveyard"


def test_the_minus_two_targets_a_player_and_the_plus_one_nothing():
    # CR 602.2b (as 601.2c): the −2 says "target player"; the +1 has no target
    r, _ = stepper(LILIANA, ["alice activates Liliana of the Veil ability 2"])
    assert r.reasons == {"missing_target"}
    r, _ = stepper(LILIANA, ["alice activates Liliana of the Veil ability 2 targeting Grizzly Bears"])
    assert r.reasons == {"bad_target"}
    r, _ = stepper(LILIANA, ["alice activates Liliana of the Veil ability 1 targeting bob"])
    assert r.reasons == {"no_target_wanted"}


def test_each_player_discards_in_apnap_order_and_a_real_choice_is_asked():
    # CR 701.9a, 101.4: alice (active) first, then bob; two different cards are bob's choice
    r, g = stepper(LILIANA.replace("hand: [Island]", "hand: [Island, Lightning Bolt]"), [PLUS, *RESOLVE])
    assert r.stop[:3] == ("needs-decision", "bob", "choose")
    assert zone(g, "Forest") == "graveyard" and zone(g, "Island") == "hand"
    # two creatures: the sacrificing player's choice (701.17a); none: nothing happens
    r, _ = stepper(LILIANA.replace("battlefield: [Grizzly Bears]", "battlefield: [Grizzly Bears, Llanowar Elves]"),
                   [MINUS, *RESOLVE])
    assert r.stop[:3] == ("needs-decision", "bob", "choose")
    r, g = stepper(LILIANA.replace("battlefield: [Grizzly Bears]", "battlefield: [Forest]"), [MINUS, *RESOLVE])
    assert zone(g, "Forest#2") == "battlefield" and g.objs["Liliana of the Veil"].counters == {"loyalty": 1}


def test_the_core_and_the_stepper_agree_on_liliana():
    # (the core's pick made for a player where it is no choice, ``auto``, is the stepper's ``do``)
    for lines in ([PLUS, *RESOLVE], [MINUS, *RESOLVE], [PLUS, *RESOLVE, PLUS]):
        for edition in (OLD, NEW):
            core, stop, ref, rstop = both(state(LILIANA), edition, lines)
            assert [("do", a[:2]) if n == "auto" else (n, a) for n, a in core] == ref, (lines, edition)
            assert stop.kind == rstop[0]


def test_all_pass_until_stops_at_a_pick_as_an_instruction_resolves():
    # `all pass until` passes priority only: bob's choice of a creature to sacrifice (701.17a)
    # is his decision, asked for (the core's "choose"), as with no line at all
    s = LILIANA.replace("battlefield: [Grizzly Bears]", "battlefield: [Grizzly Bears, Llanowar Elves]")
    core, stop, ref, rstop = both(state(s), NEW, [MINUS, "all pass until upkeep"])
    assert [("do", a[:2]) if n == "auto" else (n, a) for n, a in core] == ref
    assert (stop.kind, stop.player, stop.what) == rstop[:3] == ("needs-decision", "bob", "choose")


# ---- multikicker (CR 702.33c-d), counters a permanent enters with (614.1c), a mana ability
# adding mana for each counter (106.4) ---------------------------------------------------------

CHALICE = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Everflowing Chalice], mana-pool: "{U}{U}{U}{U}{U}{U}", library: {hidden: 3}}
  bob: {library: {hidden: 3}}
"""


@pytest.mark.parametrize(("kicked", "n"), [("", 0), (" kicked", 1), (" kicked 2 times", 2), (" kicked 3 times", 3)])
def test_chalice_enters_with_a_counter_for_each_kick_and_taps_for_as_many(kicked, n):
    # 702.33c: {0} plus {2} for each time paid (601.2f); 614.1c: that many charge counters as it
    # enters; 106.4: its ability adds {C} for each
    r, g = stepper(CHALICE, [f"alice casts Everflowing Chalice{kicked}"] + RESOLVE
                   + ["alice taps Everflowing Chalice for mana"])
    assert g.objs["Everflowing Chalice"].counters.get("charge", 0) == n
    assert g.pool["alice"].get("u", 0) == 6 - 2 * n and g.pool["alice"].get("c", 0) == n
    assert g.objs["Everflowing Chalice"].tapped


def test_chalice_kicked_more_than_the_pool_pays_is_illegal():
    r, g = stepper(CHALICE, ["alice casts Everflowing Chalice kicked 4 times"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


def test_chalice_kicked_before_multikicker_is_unmodelled():
    # none of the 2008-2009 texts has multikicker: refused (the core names the edition)
    r, g = stepper(CHALICE, ["alice casts Everflowing Chalice kicked"], edition="2009-10-01")
    assert r.stop[0] == "unsupported"
    r, g = stepper(CHALICE, ["alice casts Everflowing Chalice"] + RESOLVE, edition="2009-10-01")
    assert zone(g, "Everflowing Chalice") == "battlefield"


def test_a_plain_kicker_paid_twice_is_no_cost_the_card_has():
    r, g = stepper(CHALICE.replace("Everflowing Chalice", "Burst Lightning").replace("{U}", "{R}"),
                   ["alice casts Burst Lightning targeting bob kicked 2 times"])
    assert r.stop[0] == "illegal-action" and "no_such_cost" in r.reasons


def test_chalice_kicked_agrees_with_the_core():
    lines = ["alice casts Everflowing Chalice kicked 3 times"] + RESOLVE + ["alice taps Everflowing Chalice for mana"]
    core, stop, ref, rstop = both(state(CHALICE), NEW, lines)
    assert core == ref and stop.kind == rstop[0]


# ---- A number of targets announced, and a division (CR 601.2c, 601.2d, 115.3, 601.2f, 608.2b) ----

DIVIDE = """
  players: [alice, bob]
  step: main1
  turn: 3
  alice: {hand: [Forked Bolt, Fireball], battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain],
          library: {hidden: 3}}
  bob: {hand: [Shock], battlefield: [Grizzly Bears, Llanowar Elves, Mountain], library: {hidden: 3}}
"""
TAP6 = [f"alice taps Mountain#{i} for mana" for i in range(1, 7)]


def divide(lines, edition=NEW):
    """The stepper's Result and Game for a Forked Bolt / Fireball state, its events and stop the
    core's too."""
    s = state(DIVIDE)
    core, cstop, ref, rstop = both(s, edition, lines)
    r, g = stepper(DIVIDE, lines, edition)
    assert core == ref and (cstop.kind, cstop.player) == rstop[:2], (core, cstop, ref, rstop)
    return r, g


def test_forked_bolt_divided_one_and_one():
    # 601.2c: two targets announced; 601.2d: 1 and 1, each at least 1, adding up to 2
    r, g = divide(TAP6[:1] + ["alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 1",
                             *RESOLVE])
    assert g.life["bob"] == 19 and g.objs["Grizzly Bears"].damage == 1


def test_forked_bolt_at_one_target_deals_it_all():
    # 601.2c: one target of "one or two"; nothing to divide: it takes the 2
    r, g = divide(TAP6[:1] + ["alice casts Forked Bolt targeting Grizzly Bears", *RESOLVE])
    assert zone(g, "Grizzly Bears") == "graveyard" and g.life["bob"] == 20


@pytest.mark.parametrize("line, reason", [
    ("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 2 and 0", "share_of_none"),   # 601.2d
    ("alice casts Forked Bolt targeting bob and Grizzly Bears dividing 2 and 2", "division_total"),  # 601.2d
    ("alice casts Forked Bolt targeting bob, Grizzly Bears and Llanowar Elves dividing 1, 1 and 0",
     "too_many_targets"),                                                                         # 601.2c
    ("alice casts Forked Bolt targeting bob and bob dividing 1 and 1", "same_target"),             # 115.3
    ("alice casts Forked Bolt", "too_few_targets"),                                                # 601.2c
    ("alice casts Lightning Bolt targeting bob dividing 3", "no_division"),                         # 601.2d
])
def test_illegal_numbers_and_divisions(line, reason):
    text = DIVIDE.replace("hand: [Forked Bolt, Fireball]", "hand: [Forked Bolt, Fireball, Lightning Bolt]")
    s = state(text)
    lines = TAP6[:1] + [line]
    core, cstop, ref, rstop = both(s, NEW, lines)
    r, g = stepper(text, lines)
    assert core == ref and cstop.kind == "illegal-action" and r.stop[0] == "illegal-action"
    assert reason in r.reasons, r.reasons


def test_forked_bolt_division_unsaid_is_the_casters_decision():
    # 601.2d: the caster announces the division; a line without it is not guessed
    r, g = divide(TAP6[:1] + ["alice casts Forked Bolt targeting bob and Grizzly Bears"])
    assert r.stop[:3] == ("needs-decision", "alice", "division") and zone(g, "Forked Bolt") == "hand"


def test_fireball_costs_one_more_for_each_target_beyond_the_first():
    # 601.2f: {4}{R} with X = 4, and {1} more for the second target: six Mountains; divided
    # evenly, 2 each
    r, g = divide(TAP6 + ["alice casts Fireball targeting bob and Grizzly Bears announcing X as 4", *RESOLVE])
    assert g.life["bob"] == 18 and zone(g, "Grizzly Bears") == "graveyard" and g.pool["alice"] == {}
    r, g = divide(TAP6[:5] + ["alice casts Fireball targeting bob and Grizzly Bears announcing X as 4"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}


def test_fireball_rounds_down_over_three_targets():
    # X = 4 over three targets: 1 each (4/3 rounded down); {4}{R} + {2}: seven mana, six here -> X = 3
    r, g = divide(TAP6 + ["alice casts Fireball targeting bob, Grizzly Bears and Llanowar Elves announcing X as 3",
                         *RESOLVE])
    assert g.life["bob"] == 19 and g.objs["Grizzly Bears"].damage == 1 and zone(g, "Llanowar Elves") == "graveyard"


def test_fireball_target_gone_keeps_its_share():
    # 608.2b: the Bears, shocked away in response, are an illegal target: Fireball resolves for
    # bob, who gets his 2 (the division by the two targets as cast, 601.2c), not 4
    r, g = divide(TAP6 + ["alice casts Fireball targeting bob and Grizzly Bears announcing X as 4", "alice passes",
                         "bob taps Mountain#7 for mana", "bob casts Shock targeting Grizzly Bears", "bob passes",
                         "alice passes", *RESOLVE])
    assert g.life["bob"] == 18 and zone(g, "Grizzly Bears") == "graveyard" and zone(g, "Fireball") == "graveyard"


def test_forked_bolt_under_2008():
    # 2008 CR 409.1c (the number of targets), 409.1e (the division)
    r, g = divide(TAP6[:1] + ["alice casts Forked Bolt targeting bob and Grizzly Bears dividing 1 and 1",
                             *RESOLVE], OLD)
    assert g.life["bob"] == 19 and g.objs["Grizzly Bears"].damage == 1


# ---- X in an activation cost (CR 602.2b, 601.2b/f/h, 107.3a; 2008: 409.1b/f/h, 104.3c) ----
CINDER = """
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Cinder Elemental, Mountain, Mountain, Mountain, Mountain, Mogg Fanatic], library: {hidden: 3}}
  bob: {battlefield: [Grizzly Bears], library: {hidden: 3}}
"""
TAP4 = ["alice taps Mountain for mana", "alice taps Mountain#2 for mana", "alice taps Mountain#3 for mana",
        "alice taps Mountain#4 for mana"]


def test_cinder_elemental_pays_x_tapped_and_sacrificed_and_deals_x():
    # 601.2f: {3}{R} with X = 3, {T} and the sacrifice, paid at once (601.2h); 113.7a: the ability
    # resolves without its source; 107.3a: its X is 3
    r, g = stepper(CINDER, TAP4 + ["alice activates Cinder Elemental targeting bob announcing X as 3"])
    assert zone(g, "Cinder Elemental") == "graveyard" and not g.objs["Cinder Elemental"].tapped
    assert g.pool["alice"] == {} and len(g.stack) == 1
    r, g = stepper(CINDER, TAP4 + ["alice activates Cinder Elemental targeting bob announcing X as 3", *RESOLVE])
    assert g.life["bob"] == 17


def test_cinder_elemental_x_unpayable_unsaid_and_zero():
    r, g = stepper(CINDER, TAP4[:3] + ["alice activates Cinder Elemental targeting bob announcing X as 3"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"cant_pay"}
    r, g = stepper(CINDER, TAP4[:3] + ["alice activates Cinder Elemental targeting bob"])
    assert r.stop[:3] == ("needs-decision", "alice", "payment")        # X is the player's to say
    r, g = stepper(CINDER, TAP4[:1] + ["alice activates Cinder Elemental targeting Grizzly Bears announcing X as 0",
                                      *RESOLVE])
    assert g.objs["Grizzly Bears"].damage == 0 and zone(g, "Cinder Elemental") == "graveyard"


def test_x_for_an_ability_without_x_and_a_summoning_sick_elemental():
    r, g = stepper(CINDER, ["alice activates Mogg Fanatic targeting bob announcing X as 1"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"no_x"}
    r, g = stepper(CINDER.replace("[Cinder Elemental,", "[{card: Cinder Elemental, entered-this-turn: true},"),
                   TAP4[:1] + ["alice activates Cinder Elemental targeting bob announcing X as 0"])
    assert r.stop[0] == "illegal-action" and r.reasons == {"summoning_sick"}     # 302.6


CRATER = """
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Goblin Cratermaker, Mountain], library: {hidden: 3}}
  bob: {battlefield: [Grizzly Bears, Frogmite, Darksteel Myr, {card: Exalted Angel, face-down: true}],
        library: {hidden: 3}}
"""
CRATER_TAP = "alice taps Mountain for mana"


def test_a_modal_ability_does_only_its_chosen_mode_and_is_paid_for_by_a_sacrifice():
    # CR 602.2b (as 601.2b-h): the mode announced, its target, the cost paid — the sacrifice as
    # it is activated (the ability stays on the stack, 113.7a); 700.2: only the chosen mode
    r, g = stepper(CRATER, [CRATER_TAP, "alice activates Goblin Cratermaker choosing mode 1 targeting Grizzly Bears"])
    assert zone(g, "Goblin Cratermaker") == "graveyard" and len(g.stack) == 1
    r, g = stepper(CRATER, [CRATER_TAP, "alice activates Goblin Cratermaker choosing mode 1 targeting Grizzly Bears",
                            *RESOLVE])
    assert zone(g, "Grizzly Bears") == "graveyard" and zone(g, "Frogmite") == "battlefield"


@pytest.mark.parametrize(("target", "gone"), [
    ("Frogmite", True),                   # 105.2c: no coloured symbol, colourless; not a land
    ("Darksteel Myr", False),             # colourless, but indestructible (702.12b)
    ("Exalted Angel", True),              # 708.2: face down, colourless
])
def test_the_destroy_mode_takes_a_colourless_nonland_permanent(target, gone):
    r, g = stepper(CRATER, [CRATER_TAP, f"alice activates Goblin Cratermaker choosing mode 2 targeting {target}",
                            *RESOLVE])
    assert (zone(g, target) == "graveyard") == gone, r.stop


@pytest.mark.parametrize(("line", "why"), [
    ("choosing mode 2 targeting Grizzly Bears", {"bad_target"}),      # green (105.2): 700.2a, 601.2c
    ("choosing mode 2 targeting Mountain", {"bad_target"}),           # a land
    ("choosing modes 1 and 2 targeting Grizzly Bears", {"mode_count"}),          # "choose one"
    ("choosing modes 1 and 1 targeting Grizzly Bears", {"mode_count", "same_mode"}),
    ("targeting Grizzly Bears", {"no_ability_mode"}),                 # 700.2a: a mode is chosen
    ("choosing mode 3 targeting Grizzly Bears", {"no_such_mode"}),
    ("choosing mode 1", {"missing_target"}),                          # 601.2c
])
def test_illegal_modal_activations(line, why):
    r, g = stepper(CRATER, [CRATER_TAP, f"alice activates Goblin Cratermaker {line}"])
    assert r.stop[0] == "illegal-action" and r.reasons == why, (r.stop, r.reasons)
    assert zone(g, "Goblin Cratermaker") == "battlefield"             # nothing paid
