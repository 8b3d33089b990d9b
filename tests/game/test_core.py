"""The temporal core: its laws cite rules that exist, its public functions, its refusals."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgrules.encodings import asp
from mtgrules.model.edition import Edition, rulebook
from mtgrules.model.errors import MtgRulesError, ScenarioError, UnsupportedQuestion
from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.timeline import Condition, Point
from mtgrules.model.turn import Step
from mtgrules.queries import (
    check_scenario,
    check_state,
    is_there_a_way,
    load_scenario,
    parse_scenario,
    what_happens,
    who_has_priority,
)
from mtgrules.queries.outcome import TurnOutcome

PROGRAMS = ("core", "script", "search", "stops", "conditions", "universe")


def program(name: str) -> str:
    return asp.encoding(f"game/{name}")  # core.lp with the topic files it includes


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_rule_key_in_the_programs_is_in_the_rulebook(name):
    keys = set(re.findall(r'"([a-z]+[a-z0-9.-]*\.[a-z0-9-]+|counter|reveal|search|shuffle|look)"', program(name)))
    missing = sorted(k for k in keys if k not in rulebook())
    assert not missing


SCENARIOS = Path(__file__).resolve().parents[2] / "queries" / "scenarios" / "turn"


def state(yaml_state: str):
    return parse_scenario("name: t\nquestion: {kind: turn, ask: trace}\nstate:\n" + yaml_state).state


BOLT = state("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Lightning Bolt], battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")


def lines(s, *texts):
    return [parse_line(Field.of(t, "script"), s) for t in texts]


def test_what_happens_resolves_a_bolt_when_both_pass():
    v = what_happens(BOLT, lines(BOLT, "alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob",
                                 "alice passes", "bob passes"))
    assert v.outcome == "needs-decision"
    assert v.details["final state"]["life"]["bob"] == 17
    assert [w.event.split(" (")[0] for w in v.witness][-3:] == [
        "Lightning Bolt resolves", "Lightning Bolt: 3 damage to bob", "Lightning Bolt finishes resolving"]
    assert {"CR 405.5", "CR 117.3b", "CR 120.3a"} <= {str(c) for c in v.citations}


def test_a_spell_does_not_resolve_while_only_one_player_passed():
    v = check_state(BOLT, lines(BOLT, "alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob",
                                "alice passes"),
                    [Condition("life", ("bob", 20)), Condition("priority", ("bob",)), Condition("stack", (1,))])
    assert v.outcome == "holds"


def test_who_has_priority_lists_the_windows():
    v = who_has_priority(BOLT, lines(BOLT, "all pass until beginning-of-combat"),
                         Point("step", Step.BEGINNING_OF_COMBAT))
    # alice, then bob in main1; alice again as beginning of combat begins (CR 117.3a, 117.3d)
    assert [w["player"] for w in v.details["priority"]] == ["alice", "bob", "alice"]


def test_the_edition_decides_mana_burn():
    s = state("""
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    script = lines(s, "alice taps Mountain for mana", "all pass until beginning-of-combat")
    until = Point("step", Step.BEGINNING_OF_COMBAT)
    old = what_happens(s, script, until, Edition("2008-10-01"))
    new = what_happens(s, script, until, Edition("2026-08-07"))
    assert old.details["final state"]["life"]["alice"] == 19
    assert new.details["final state"]["life"]["alice"] == 20
    assert "CR 300.3" in {str(c) for c in old.citations}
    assert "CR 500.5" in {str(c) for c in new.citations}


def test_an_illegal_decision_names_the_rule_and_the_line():
    s = BOLT
    v = what_happens(s, lines(s, "alice casts Lightning Bolt targeting bob"))
    assert v.outcome == "illegal-action"
    assert "can't pay" in v.reasons[0] and "decision 1" in v.reasons[0]
    assert "CR 601.2h" in {str(c) for c in v.citations}


def test_is_there_a_way_yes_and_no():
    goal = [Condition("life", ("bob", 17))]
    by = Point("step", Step.BEGINNING_OF_COMBAT)
    yes = is_there_a_way(BOLT, "alice", goal, by)
    assert yes.outcome == "possible"
    assert "alice casts Lightning Bolt targeting bob" in " ".join(yes.details["decisions"])
    no = is_there_a_way(BOLT, "bob", goal, by)
    assert no.outcome == "impossible"


def test_an_instruction_the_core_does_not_know_is_refused_when_reached():
    s = parse_scenario("""name: t
cards:
  - {name: Sudden Untap, cost: "{R}", types: [instant], resolve: [{do: untap, what: land}]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Sudden Untap], battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    with pytest.raises(UnsupportedQuestion, match="untap"):
        what_happens(s, lines(s, "alice taps Mountain for mana", "alice casts Sudden Untap",
                              "alice passes", "bob passes"))


def test_an_extra_land_play_from_a_resolved_spell_lasts_the_turn():
    s = state("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Explore, Forest, Island, Plains], battlefield: [Forest, Forest], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    script = ["alice taps Forest#2 for mana", "alice taps Forest#3 for mana", "alice casts Explore",
              "alice passes", "bob passes", "alice plays Island"]
    assert what_happens(s, lines(s, *script)).outcome == "needs-decision"
    # CR 305.2 with Explore's effect: two land plays this turn, and no more
    assert what_happens(s, lines(s, *script, "alice plays Forest")).outcome == "needs-decision"
    v = what_happens(s, lines(s, *script, "alice plays Forest", "alice plays Plains"))
    assert v.outcome == "illegal-action" and "no land play left" in " ".join(v.reasons)


@pytest.mark.parametrize("text,expected", [
    ("alice casts Lightning Boltt targeting bob", "Did you mean 'Lightning Bolt'"),
    ("alcie passes", "Did you mean 'alice'"),
    ("alice dances", "is not a decision"),
    ("all pass until teatime", "is not a point of the turn"),
])
def test_bad_script_lines_are_located_errors(text, expected):
    with pytest.raises(ScenarioError, match=expected):
        parse_line(Field.of(text, "question.script[0]", "my.yaml"), BOLT)


def test_bad_conditions_are_located_errors():
    with pytest.raises(ScenarioError, match="is not a condition"):
        parse_condition(Field.of("bob is sad", "question.conditions[0]", "my.yaml"), BOLT)
    with pytest.raises(MtgRulesError):
        parse_condition(Field.of("the step is lunch", "question.conditions[0]"), BOLT)


def test_a_land_is_played_never_cast():
    s = state("""
  players: [alice, bob]
  step: main1
  alice: {hand: [Forest], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    v = what_happens(s, lines(s, "alice casts Forest"))
    assert v.outcome == "illegal-action" and "played, not cast" in v.reasons[0]
    assert "CR 116.2a" in {str(c) for c in v.citations}


def test_a_loss_in_a_multiplayer_game_is_refused_not_called_game_over():
    s = state("""
  players: [alice, bob, carol]
  step: main1
  alice: {hand: [Lava Spike], battlefield: [Mountain], library: {hidden: 3}}
  bob: {life: 3, library: {hidden: 3}}
  carol: {library: {hidden: 3}}
""")
    with pytest.raises(UnsupportedQuestion, match="multiplayer"):
        what_happens(s, lines(s, "alice taps Mountain for mana", "alice casts Lava Spike targeting bob",
                              "alice passes", "bob passes", "carol passes"))


@pytest.mark.parametrize("name", ["turn_cleanup_megrim_another_cleanup", "turn_triggers_apnap_both_resolved",
                                  "turn_priority_hold_and_cast_lifo", "turn_knowledge_search_then_shuffle",
                                  "turn_sba_font_draws_from_empty_library", "turn_sba_bolt_leaves_liliana_one_loyalty",
                                  "turn_priority_counterspell_resolves_first"])
def test_a_state_outside_the_universe_grounds_again_and_changes_nothing(name, monkeypatch):
    """The step program's universe of fluents is bounded; a next state holding a fluent
    outside it (an amount beyond its window, a timestamp beyond its slots, a deeper stack)
    makes the driver ground again around that state, never drop the fluent."""
    from mtgrules.encodings.game import step
    from mtgrules.queries import load_scenario
    from mtgrules.queries.scenario import builtin_scenario_files
    (path,) = [p for p in builtin_scenario_files() if p.stem == name]
    run, groundings = _counting_groundings(load_scenario(path), monkeypatch)
    whole = run()
    assert len(groundings) == 1
    for bound in ("WIDTH", "DEPTH", "SLOT_MARGIN", "REACH"):
        monkeypatch.setattr(step, bound, 0)
    assert run() == whole
    assert len(groundings) > 1


def test_life_beyond_the_window_grounds_again(monkeypatch):
    from mtgrules.encodings.game import step
    groundings = []
    ground = step.Stepper._ground

    def counted(self):
        groundings.append(self.width)
        ground(self)

    monkeypatch.setattr(step.Stepper, "_ground", counted)
    bolts = ", ".join(["Lightning Bolt"] * 10)
    mountains = ", ".join(["Mountain"] * 10)
    s = state(f"""
  players: [alice, bob]
  step: main1
  priority: alice
  alice: {{hand: [{bolts}], battlefield: [{mountains}], library: {{hidden: 3}}}}
  bob: {{life: 40, library: {{hidden: 3}}}}
""")
    script = []
    for i in range(10):
        suffix = "" if i == 0 else f"#{i + 1}"
        script += [f"alice taps Mountain{suffix} for mana", f"alice casts Lightning Bolt{suffix} targeting bob",
                   "alice passes", "bob passes"]
    assert 30 > 2 * step.WIDTH  # bob's life leaves the first grounding's window
    assert check_state(s, lines(s, *script), [Condition("life", ("bob", 10))]).outcome == "holds"
    assert len(groundings) > 1 and groundings[-1] > groundings[0]


def test_an_action_illegal_for_two_reasons_reports_both_in_a_fixed_order():
    # a sorcery in the opponent's upkeep: not a main phase (CR 307.1) and not the caster's turn
    s = state("""
  players: [alice, bob]
  active: bob
  step: upkeep
  priority: alice
  alice: {hand: [Lava Spike], battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""")
    v = what_happens(s, lines(s, "alice taps Mountain for mana", "alice casts Lava Spike targeting bob"))
    assert v.outcome == "illegal-action"
    assert v.reasons[0].endswith("a sorcery-speed spell or ability needs a main phase; "
                                 "a sorcery-speed spell or ability needs its controller's own turn")


def test_a_pick_among_identical_cards_may_be_written_and_is_then_checked():
    """A choice among cards nobody can tell apart is taken by the rules when the script says
    nothing, and is the player's to write: the written picks are checked and used."""
    s = parse_scenario("""name: t
cards:
  - {name: Mind Rot, cost: "{B}", types: [sorcery], targets: [player],
     resolve: [{do: discard, who: target, count: 2}]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [Mind Rot], battlefield: [Swamp], library: {hidden: 3}}
  bob: {hand: [Forest, Forest, Forest], library: {hidden: 3}}
""").state
    cast = ["alice taps Swamp for mana", "alice casts Mind Rot targeting bob", "alice passes",
            "bob passes"]
    def conditions(*texts):
        return [parse_condition(Field.of(c, "c"), s) for c in texts]

    auto = check_state(s, lines(s, *cast), conditions("Forest#3 is in hand"))
    assert auto.outcome == "holds"   # the first two by id, as nobody can tell them apart
    written = check_state(s, lines(s, *cast, "bob discards Forest#2, Forest#3"),
                          conditions("Forest is in hand", "Forest#3 is in graveyard"))
    assert written.outcome == "holds"
    wrong = what_happens(s, lines(s, *cast, "bob discards Forest"))
    assert wrong.outcome == "illegal-action" and "card(s) named" in " ".join(wrong.reasons)


def test_deathtouch_damage_is_refused_where_deathtouch_was_a_triggered_ability():
    """Before the Magic 2010 rules deathtouch was a triggered ability (2008 CR 502.63a), which the
    core does not model: the same trace that destroys the Angel today is refused then."""
    s = load_scenario(SCENARIOS / "turn_sba_deathtouch_pinger_destroys.yaml")
    assert check_scenario(s).outcome == "holds"
    with pytest.raises(UnsupportedQuestion, match="deathtouch"):
        check_state(s.state, s.question.script, s.question.conditions, edition="2008-10-01")


def test_a_goal_that_already_holds_needs_no_decision():
    v = is_there_a_way(BOLT, "alice", [Condition("life", ("bob", 20))], Point("step", Step.BEGINNING_OF_COMBAT))
    assert v.outcome == "possible" and v.details["decisions"] == []
    assert v.witness.events == ()


def test_a_search_cut_short_by_its_horizon_proves_nothing():
    goal = [Condition("life", ("bob", 17))]
    with pytest.raises(UnsupportedQuestion, match="no way found within 3 events"):
        is_there_a_way(BOLT, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT), horizon=3)
    # with room enough, the same search finds a shortest way: the step begins, mana, the cast,
    # two passes, the Bolt resolves and deals its damage
    found = is_there_a_way(BOLT, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT))
    assert found.outcome == "possible" and len(found.witness.events) == 7


def test_an_option_the_core_does_not_model_keeps_a_search_from_proving_none():
    s = parse_scenario("""name: t
cards:
  - {name: X Gift, cost: "{X}{R}", types: [instant], resolve: [{do: gain-life, who: you, amount: 1}]}
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {hand: [X Gift], battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    goal = [Condition("life", ("bob", 17))]
    with pytest.raises(UnsupportedQuestion, match="does not model|still going"):
        is_there_a_way(s, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT))
    # the same state without that card: every sequence ends, and none reaches the goal
    plain = parse_scenario("""name: t
question: {kind: turn, ask: trace}
state:
  players: [alice, bob]
  step: main1
  alice: {battlefield: [Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    assert is_there_a_way(plain, "alice", goal, Point("step", Step.BEGINNING_OF_COMBAT)).outcome == "impossible"


def test_a_long_spell_and_a_long_script_read_a_window_at_a_time_and_change_nothing(monkeypatch):
    """A grounding holds a few instructions of a resolving spell, a few entries of the script
    and the top of each library: going past them grounds again there, never changes the trace."""
    from mtgrules.encodings.game import step

    groups = 3
    hand = [f"Card {i}" for i in range(groups + 1)]
    each = ["{do: draw, who: you, count: 1}", "{do: discard, who: you, count: 1}",
            "{do: lose-life, who: target, amount: 1}", "{do: gain-life, who: you, amount: 1}"]
    script = ["alice casts Long Spell targeting bob", "alice passes", "bob passes",
              *(f"alice discards Card {i}" for i in range(groups))]
    sc = parse_scenario(f"""name: long spell
cards:
  - {{name: Long Spell, types: [sorcery], cost: "{{0}}", targets: [opponent], resolve: [{", ".join(each * groups)}]}}
{chr(10).join(f"  - {{name: '{c}', types: [sorcery], cost: '{{1}}'}}" for c in hand)}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Long Spell, {", ".join(hand)}], library: {{hidden: 20}}}}
  bob: {{library: {{hidden: 3}}}}
question:
  kind: turn
  ask: trace
  script: [{", ".join(script)}]
""", "long.yaml")
    run, groundings = _counting_groundings(sc, monkeypatch)
    whole = run()
    assert len(groundings) == 1
    assert sum(1 for e in whole[0] if e[1] == "do") == 3 * groups  # every instruction but the picks
    monkeypatch.setattr(step, "WIDTH", 1)
    monkeypatch.setattr(step, "REACH", 4)
    assert run() == whole
    # a library's second card and the spell's sixth and eleventh instructions lie past their
    # windows: grounded again there, with windows as wide as before (only positions moved on)
    assert len(groundings) >= 3 and set(groundings) == {1}


def _counting_groundings(sc, monkeypatch):
    """A run of the scenario's trace (its events, stop, final state and conditions), and the
    list the step driver's groundings are counted in (each one's width), cleared at each run."""
    from mtgrules.encodings import game
    from mtgrules.encodings.game import step
    q = sc.question
    groundings: list[int] = []
    ground = step.Stepper._ground

    def counted(self):
        groundings.append(self.width)
        ground(self)

    def run():
        groundings.clear()
        t = game.simulate(sc.state, sc.edition, q.script, q.until, q.conditions)
        return [(e.time, e.name, e.args, e.rules) for e in t.events], t.stop, t.final, t.conditions

    monkeypatch.setattr(step.Stepper, "_ground", counted)
    return run, groundings



def idol_scenario(owner: str) -> str:
    """Bob at 3 life takes alice's Lightning Bolt, with a scenario card under ``owner``'s
    control whose controller's opponents can't win the game."""
    battlefield = {"alice": ["Mountain"], "bob": []}
    battlefield[owner].append("Stalemate Idol")
    return f"""
name: a win forbidden by {owner}'s artifact
cards:
  - name: Stalemate Idol
    cost: "{{3}}"
    types: [artifact]
    static: [{{do: forbid, who: opponents, action: win-game}}]
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Lightning Bolt], battlefield: [{', '.join(battlefield["alice"])}], library: {{hidden: 3}}}}
  bob: {{life: 3, battlefield: [{', '.join(battlefield["bob"])}], library: {{hidden: 3}}}}
question:
  kind: turn
  ask: trace
  script: [alice taps Mountain for mana, alice casts Lightning Bolt targeting bob, alice passes, bob passes]
"""


@pytest.mark.parametrize("owner", ["alice", "bob"])
def test_a_win_an_effect_forbids_is_refused_not_answered(owner):
    """Bob at 0 life loses (CR 704.5a) and alice, the last player in, would win (104.2a); if bob
    controls an artifact saying his opponents can't win (CR 101.2), what happens then is not
    modelled and the trace is refused. Under alice's own such artifact, alice still wins."""
    s = parse_scenario(idol_scenario(owner))
    if owner == "bob":
        with pytest.raises(UnsupportedQuestion, match="can't win"):
            what_happens(s.state, s.question.script)
    else:
        v = what_happens(s.state, s.question.script)
        assert v.outcome == "game-over", v.reasons


ENTERS_TAPPED = """name: a permanent making other players' permanents enter tapped
cards:
  - name: Slow Gate
    cost: "{{2}}"
    types: [artifact]
    static: [{{do: override-rule, who: {who}, rule: enters-untapped}}]
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Forest], battlefield: [Slow Gate], library: {{hidden: 3}}}}
  bob: {{library: {{hidden: 3}}}}
question:
  kind: turn
  ask: trace
  script: [alice plays Forest]
"""


@pytest.mark.parametrize("who", ["opponents", "each-player"])
def test_an_enters_tapped_rule_for_other_players_permanents_is_refused(who):
    """The core reads "enters-untapped" overridden for ``you`` as its own permanent entering
    tapped (a tapped land); one naming other players' permanents is not modelled, and refused
    rather than read as the card's own."""
    s = parse_scenario(ENTERS_TAPPED.format(who=who))
    with pytest.raises(UnsupportedQuestion, match="not modelled"):
        what_happens(s.state, s.question.script)


# ---- an object with several mana abilities (a dual land) --------------------------------------
DUAL = GameState.from_dict({"players": ["alice", "bob"], "step": "main1",
                            "alice": {"battlefield": ["Tundra"], "hand": ["Opt"], "library": {"hidden": 3}},
                            "bob": {"library": {"hidden": 3}}})


def test_a_dual_land_adds_the_one_mana_of_the_ability_named():
    v = check_state(DUAL, ["alice taps Tundra for {U}"], ["alice has 1 mana"])
    assert v.outcome == TurnOutcome.HOLDS
    assert v.details["final state"]["mana pools"] == {"alice": "{U}"}


def test_a_dual_land_tapped_for_mana_unnamed_is_refused_not_both_colours():
    v = what_happens(DUAL, ["alice taps Tundra for mana"])
    assert v.outcome == TurnOutcome.ILLEGAL_ACTION
    assert "several mana abilities" in v.reasons[0]
    wrong = what_happens(DUAL, ["alice taps Tundra for {R}"])
    assert wrong.outcome == TurnOutcome.ILLEGAL_ACTION and "{R}" in wrong.reasons[0]


def test_a_search_opens_each_mana_ability_of_a_dual_land():
    v = is_there_a_way(DUAL, "alice", ["Opt is in the stack"], by="main2")
    assert v.outcome == TurnOutcome.POSSIBLE
    assert "alice taps Tundra for {U}" in v.details["decisions"]


@pytest.mark.parametrize(("card", "line", "word"), [
    # (no card of the library has one now: a card of the scenario's own, multikicker with buyback)
    ("Kicked Back", "alice casts Kicked Back", "multikicker with another cost"),
])
def test_a_casting_word_the_core_does_not_model_is_refused_by_name(card, line, word):
    s = parse_scenario(f"""name: t
cards:
  - {{name: Kicked Back, cost: "{{1}}", types: [artifact], multikicker: "{{1}}", buyback: "{{1}}"}}
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [{card}], battlefield: [Island, Mountain, Forest], library: {{hidden: 3}}}}
  bob: {{battlefield: [Grizzly Bears], library: {{hidden: 3}}}}
""").state
    with pytest.raises(UnsupportedQuestion, match=f"does not model yet \\(.*{word}"):
        what_happens(s, lines(s, line))


RETRACE = """name: t
edition: {edition}
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Mountain], graveyard: [Raven's Crime], battlefield: [Swamp], library: {{hidden: 3}}}}
  bob: {{hand: [Forest], library: {{hidden: 3}}}}
"""


def test_retrace_is_refused_naming_the_edition_that_has_no_rule_for_it():
    # retrace came with Eventide: the 2008-02-01 rules have no 502.81a (keyword.retrace)
    s = parse_scenario(RETRACE.format(edition="2008-02-01")).state
    script = lines(s, "alice taps Swamp for mana",
                   "alice casts Raven's Crime targeting bob with retrace discarding Mountain")
    with pytest.raises(UnsupportedQuestion, match=r"2008-02-01 edition .* no rule for retrace"):
        what_happens(s, script, edition=Edition("2008-02-01"))
    later = what_happens(s, script, edition=Edition("2008-10-01"))
    assert "CR 502.81a" in {str(c) for c in later.citations}


@pytest.mark.parametrize(("line", "error"), [
    ("alice casts Raven's Crime targeting bob with retrace", "with the land card discarded"),
    ("alice casts Raven's Crime targeting bob discarding Mountain", "no object 'bob discarding Mountain'"),
    ("alice casts Raven's Crime with retrace discarding Plains", "Plains"),
])
def test_a_retrace_line_names_its_land_card(line, error):
    s = parse_scenario(RETRACE.format(edition="2026-08-07")).state
    with pytest.raises(ScenarioError, match=error):
        lines(s, line)


def test_flashback_with_another_optional_cost_is_refused_by_name():
    # no real card has both; a scenario card (flashback with kicker): not modelled, never guessed
    s = parse_scenario("""name: t
question: {kind: turn, ask: trace}
cards:
  - {name: Test Bolt, cost: "{R}", types: [instant], kicker: "{1}", flashback: "{2}{R}",
     targets: [any], resolve: [{do: damage, amount: 1, target: any}]}
state:
  players: [alice, bob]
  step: main1
  alice: {graveyard: [Test Bolt], battlefield: [Mountain, Mountain, Mountain], library: {hidden: 3}}
  bob: {library: {hidden: 3}}
""").state
    with pytest.raises(UnsupportedQuestion, match="does not model yet"):
        what_happens(s, lines(s, "alice casts Test Bolt targeting bob with flashback"))
