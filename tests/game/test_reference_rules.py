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
from mtgrules.model.source import Field  # noqa: E402
from mtgrules.model.timeline import END  # noqa: E402
from mtgrules.queries.scenario import parse_scenario  # noqa: E402
from mtgrules.queries.turn import parse_line, parse_point  # noqa: E402


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
