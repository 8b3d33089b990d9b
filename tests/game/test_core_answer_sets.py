"""Exact answer sets of the temporal core's step program (encodings/game/step.py) on toy traces.

Each test builds the step program from hand-written facts (two players, a few named objects)
and lists every answer of each step of a 1–5 event trace: what the event is (``occurs``), what
it ends and starts (``dropped``/``added``), the rules cite.lp shows for it (``cites``), who has
priority and what the rules ask of whom at the state it starts from (``has_priority``,
``decision``), the state-based actions pending there (``sba``), the stack's size, and where the
trace stops. Every expectation is written from the Comprehensive Rules (numbers of the newest
edition, 2026-08-07, unless a test names another). Each step has exactly one answer: the game's
own events are forced (DESIGN §8), so ``answers()`` listing two would fail the test.

Left out of the comparison: cite.lp's ``started``/``ended`` (the same changes as
``added``/``dropped``, as atoms of time 1) and ``step_at`` (the step fluent again), ``names``
(whom each word of an instruction names) and the computed characteristics (``power_at`` …),
which other tests cover.
"""
from __future__ import annotations

import functools

import pytest
from answer_sets import Steps

from mtgrules.encodings.game import THEORY

PROGRAMS = (*THEORY, "game/conditions", "game/script", "game/stops", "game/universe")
LEAVE_OUT = frozenset({"started", "ended", "step_at", "names", "power_at", "toughness_at", "kw_at"})

PLAYERS = 'player("alice"). seat("alice",0). player("bob"). seat("bob",1).'
TURN = 'active("alice"). turn(2). lands("alice",0). lands("bob",0). '
BOLT = '''object("Bolt"). owner("Bolt","alice"). controller("Bolt","alice"). name("Bolt","Lightning Bolt").
is("Bolt",instant). cost("Bolt",r,1). speed("Bolt",instant). targets(spell("Bolt"),any).
instr(spell("Bolt"),1,damage(3,target)).'''


def trace(static: str, state: str, events: int, edition: str = "2026-08-07") -> list[list[list[str]]]:
    """Every answer of each step of the trace from ``state`` (the first answer taken), up to
    ``events`` events or where it stops. Alice has 20 life unless ``state`` says otherwise."""
    if 'life("alice",' not in state:
        state += ' life("alice",20).'
    steps = Steps(PROGRAMS, PLAYERS + static, TURN + state, edition, leave_out=LEAVE_OUT)
    out = []
    for _ in range(events + 1):
        answers = steps.answers()
        out.append(answers)
        if not answers or any(a.startswith(("stopped", "blocked")) for a in answers[0]):
            break
        steps.take(0)
    return out


# ---- Passing priority with an empty stack ends the step ---------------------------------------
# main1, alice (active) has priority and 1 red mana; the script: alice passes, bob passes.
@functools.cache
def passing() -> list[list[list[str]]]:
    return trace('script(1,pass("alice")). script(2,pass("bob")).',
                 'step(main1). life("bob",20). prio_to("alice"). pool("alice",r,1). next(1).', 4)


def test_a_pass_gives_priority_to_the_next_player_in_turn_order():
    # CR 117.3d: the player passes; the next player in turn order receives priority.
    assert passing()[0] == [[
        'added(next(2))', 'added(passed("alice"))', 'added(prio_to("bob"))',
        'cites("priority.pass",1)', 'decision("alice",priority,0)',
        'dropped(next(1))', 'dropped(prio_to("alice"))', 'happened(1)',
        'has_priority("alice",0)', 'occurs(pass("alice"),1)', 'stack_size(0,0)']]


def test_the_second_pass_in_succession_with_an_empty_stack_ends_the_step():
    # CR 117.4, 500.2: all players passed in succession with the stack empty; nobody is given
    # priority again within the step.
    assert passing()[1] == [[
        'added(all_passed)', 'added(next(3))', 'added(passed("bob"))',
        'cites("priority.pass",1)', 'cites("priority.step-ends-all-pass",1)',
        'decision("bob",priority,0)', 'dropped(next(2))', 'dropped(prio_to("bob"))', 'happened(1)',
        'has_priority("bob",0)', 'occurs(pass("bob"),1)', 'stack_size(0,0)']]


def test_the_step_ends_mana_empties_and_the_active_player_gets_priority_in_the_next():
    # CR 500.1 (beginning of combat follows the precombat main phase), 500.5 (unspent mana
    # empties as a step ends; 500.4 before 2026-01-16), 117.3a (the active player receives
    # priority), the passes in succession are over (a new step).
    assert passing()[2] == [[
        'added(prio_to("alice"))', 'added(step(beginning_of_combat))',
        'cites("mana.empties-step",1)', 'cites("priority.active-first",1)',
        'cites("priority.step-ends-all-pass",1)', 'cites("turn.phase-order",1)',
        'dropped(all_passed)', 'dropped(passed("alice"))', 'dropped(passed("bob"))',
        'dropped(pool("alice",r,1))', 'dropped(step(main1))', 'happened(1)',
        'occurs(end_step(main1),1)', 'stack_size(0,0)']]


def test_the_trace_stops_where_the_script_gives_no_decision():
    # alice has priority in beginning of combat and the script is spent: no event.
    assert passing()[3] == [[
        'decision("alice",priority,0)', 'has_priority("alice",0)', 'stack_size(0,0)',
        'stop(needs("alice",priority),0)', 'stopped(0)']]


# ---- Mana between steps, by edition ----------------------------------------------------------
ALL_PASSED = 'life("bob",20). pool("alice",r,2). all_passed. passed("alice"). passed("bob"). '


@pytest.mark.parametrize(("edition", "step", "dropped", "added", "cites"), [
    # CR 500.5: every step's end empties the pools.
    ("2026-08-07", "upkeep", ['dropped(pool("alice",r,2))'], ['added(due(draw,1))', 'added(step(draw))'],
     ['cites("mana.empties-step",1)']),
    # CR 300.3 (2008): only a phase's end empties them (upkeep and draw are steps of the
    # beginning phase) ...
    ("2008-02-01", "upkeep", [], ['added(due(draw,1))', 'added(step(draw))'], []),
    # ... and each unused mana then costs its player 1 life (mana burn).
    ("2008-02-01", "main1", ['dropped(life("alice",20))', 'dropped(pool("alice",r,2))'],
     ['added(life("alice",18))', 'added(step(beginning_of_combat))'],
     ['cites("mana.burn",1)', 'cites("mana.empties-phase",1)']),
])
def test_mana_empties_as_the_step_or_phase_ends(edition, step, dropped, added, cites):
    answers = trace("", ALL_PASSED + f"step({step}).", 1, edition)[0]
    # CR 117.3a: priority to the active player (after the draw, where one is due, CR 504.1).
    assert answers == [sorted([
        *added, 'added(prio_to("alice"))', *cites,
        'cites("priority.active-first",1)', 'cites("priority.step-ends-all-pass",1)',
        'cites("turn.phase-order",1)', 'dropped(all_passed)', 'dropped(passed("alice"))',
        'dropped(passed("bob"))', *dropped, f'dropped(step({step}))', 'happened(1)',
        f'occurs(end_step({step}),1)', 'stack_size(0,0)'])]


# ---- A spell resolves, goes to the graveyard, and a player at 0 life loses ----------------------
# Lightning Bolt (3 damage to any target) on the stack targeting bob, at 3 life; both passed.
@functools.cache
def bolt_resolves() -> list[list[list[str]]]:
    return trace(BOLT, 'step(main1). life("bob",3). zone("Bolt",stack). stack("Bolt",1). '
                 'target("Bolt",1,"bob"). all_passed. passed("alice"). passed("bob").', 5)


def without_stack_size(answers: list[list[str]]) -> list[list[str]]:
    return [[a for a in answer if not a.startswith("stack_size(")] for answer in answers]


def test_all_passed_the_top_object_resolves():
    # CR 117.4, 405.5: the top object resolves; the passes in succession are over.
    assert without_stack_size(bolt_resolves()[0]) == [[
        'added(resolving("Bolt",1))', 'cites("stack.resolve-all-pass",1)',
        'dropped(all_passed)', 'dropped(passed("alice"))', 'dropped(passed("bob"))',
        'dropped(stack("Bolt",1))', 'happened(1)', 'occurs(resolve("Bolt"),1)']]


def test_the_instruction_is_followed_and_damage_to_a_player_is_life_lost():
    # CR 608.2c (instructions in written order), 120.3a (damage to a player: that much life lost).
    assert without_stack_size(bolt_resolves()[1]) == [[
        'added(life("bob",0))', 'added(resolving("Bolt",2))',
        'cites("damage.to-player",1)', 'cites("resolve.written-order",1)',
        'dropped(life("bob",3))', 'dropped(resolving("Bolt",1))', 'happened(1)',
        'instr_of("Bolt",1,damage(3,target),0)', 'occurs(do("Bolt",1),1)']]


def test_the_instant_goes_to_its_owners_graveyard_and_the_active_player_gets_priority():
    # CR 608.2n (the instant to its owner's graveyard, its target gone with it), 117.3b (the
    # active player receives priority after a resolution); bob at 0 life is a state-based
    # action waiting for that (CR 704.5a, 104.3b). A card in a public zone is known to all.
    assert without_stack_size(bolt_resolves()[2]) == [[
        'added(knows("alice","Bolt"))', 'added(knows("bob","Bolt"))', 'added(prio_to("alice"))',
        'added(zone("Bolt",graveyard))',
        'cites("priority.after-resolution",1)', 'cites("resolve.to-graveyard",1)',
        'dropped(resolving("Bolt",2))', 'dropped(target("Bolt",1,"bob"))', 'dropped(zone("Bolt",stack))',
        'happened(1)', 'occurs(finish("Bolt"),1)', 'sba(lose("bob",zero_life),0)']]


def test_before_priority_the_player_at_zero_life_loses():
    # CR 117.5, 704.3 (state-based actions first, as one event), 704.5a.
    assert bolt_resolves()[3] == [[
        'added(lost("bob"))', 'cites("priority.checks-first",1)', 'cites("sba.simultaneous",1)',
        'cites("sba.zero-life",1)', 'happened(1)', 'occurs(sba_check,1)',
        'sba(lose("bob",zero_life),0)', 'stack_size(0,0)']]


def test_a_two_player_game_is_over_once_a_player_loses():
    # CR 104.2a: alice wins at once; nobody receives priority in a game that is over.
    assert bolt_resolves()[4] == [[
        'cites_stop("game.last-player-wins",0)', 'stack_size(0,0)',
        'stop(game_over("bob"),0)', 'stopped(0)']]


def test_a_resolving_spell_is_still_on_the_stack():
    # at the states where Bolt is resolving (before its instruction, before it finishes), the
    # stack holds it: one object.
    assert [a for a in bolt_resolves()[1][0] + bolt_resolves()[2][0] if a.startswith("stack_size(")] == [
        "stack_size(1,0)", "stack_size(1,0)"]


# ---- State-based actions: lethal damage -------------------------------------------------------
def test_lethal_damage_destroys_a_creature_and_less_does_not():
    # CR 704.5g: damage marked >= toughness destroys it (Grizzly Bears 2/2 with 2 damage); a
    # 0/3 with 2 damage stays. CR 400.7: what goes to the graveyard is a new object (damage and
    # timestamp gone); a public zone shows it to everyone. Then alice receives priority (117.5).
    static = '''object("Bear"). owner("Bear","bob"). controller("Bear","bob"). name("Bear","Grizzly Bears").
    is("Bear",creature). power("Bear",2). toughness("Bear",2).
    object("Wall"). owner("Wall","bob"). controller("Wall","bob"). name("Wall","Wall").
    is("Wall",creature). power("Wall",0). toughness("Wall",3).'''
    steps = trace(static, 'step(main1). prio_to("alice"). life("bob",20). zone("Bear",battlefield). '
                  'since("Bear",1). damage("Bear",2). zone("Wall",battlefield). since("Wall",2). '
                  'damage("Wall",2).', 2)
    assert steps == [
        [['added(knows("alice","Bear"))', 'added(knows("bob","Bear"))', 'added(zone("Bear",graveyard))',
          'cites("priority.checks-first",1)', 'cites("sba.lethal-damage",1)', 'cites("sba.simultaneous",1)',
          'dropped(damage("Bear",2))', 'dropped(since("Bear",1))', 'dropped(zone("Bear",battlefield))',
          'happened(1)', 'occurs(sba_check,1)', 'sba(dies("Bear",lethal_damage),0)', 'stack_size(0,0)']],
        [['decision("alice",priority,0)', 'has_priority("alice",0)', 'stack_size(0,0)',
          'stop(needs("alice",priority),0)', 'stopped(0)']]]


# ---- Triggered abilities go on the stack in APNAP order ----------------------------------------
def test_end_step_triggers_go_on_the_stack_active_player_first():
    # Bell (alice's) and Gong (bob's): "at the beginning of each end step, you gain life".
    # CR 513.1/603.2: both trigger as the end step begins (each for the player whose end step it
    # is: alice's); CR 603.3, 117.5: they wait until a player would receive priority; CR 603.3b:
    # the active player's first, then bob's on top of it; then alice receives priority (117.3a).
    static = '''object("Bell"). owner("Bell","alice"). controller("Bell","alice"). name("Bell","Bell").
    is("Bell",artifact). trigger("Bell",1,each_end_step). instr(trig("Bell",1),1,gain(you,1)).
    object("Gong"). owner("Gong","bob"). controller("Gong","bob"). name("Gong","Gong").
    is("Gong",artifact). trigger("Gong",1,each_end_step). instr(trig("Gong",1),1,gain(you,2)).'''
    state = ('step(main2). life("bob",20). zone("Bell",battlefield). since("Bell",-2). '
             'zone("Gong",battlefield). since("Gong",-1). all_passed. passed("alice"). passed("bob").')
    bell, gong = 'tr("Bell",1,"alice",1)', 'tr("Gong",1,"alice",1)'  # stamped at the event's time
    assert trace(static, state, 3) == [
        [['added(pending(' + bell + '))', 'added(pending(' + gong + '))', 'added(prio_to("alice"))',
          'added(step(end))', 'cites("priority.active-first",1)', 'cites("priority.step-ends-all-pass",1)',
          'cites("turn.end-step",1)', 'cites("turn.phase-order",1)', 'dropped(all_passed)',
          'dropped(passed("alice"))', 'dropped(passed("bob"))', 'dropped(step(main2))', 'happened(1)',
          'occurs(end_step(main2),1)', 'stack_size(0,0)']],
        [['added(stack(' + bell + ',1))', 'cites("triggers.apnap-stack",1)', 'cites("triggers.wait",1)',
          'dropped(pending(' + bell + '))', 'happened(1)', 'occurs(put_trigger(' + bell + '),1)',
          'stack_size(0,0)']],
        [['added(stack(' + gong + ',2))', 'cites("triggers.apnap-stack",1)', 'cites("triggers.wait",1)',
          'dropped(pending(' + gong + '))', 'happened(1)', 'occurs(put_trigger(' + gong + '),1)',
          'stack_size(1,0)']],
        [['decision("alice",priority,0)', 'has_priority("alice",0)', 'stack_size(2,0)',
          'stop(needs("alice",priority),0)', 'stopped(0)']]]


# ---- Casting in response: the spell on the stack, paid, priority back to the caster ---------------
def test_a_spell_cast_in_response_goes_on_top_and_breaks_the_passes_in_succession():
    # Lightning Bolt (alice's) on the stack; alice passes, bob casts his own Bolt at alice with
    # the red mana in his pool. CR 117.3d (the pass), 601.2a (the card to the stack, on top:
    # 405.2), 601.2c (its target), 601.2h (paid from the pool), 117.3c (bob receives priority
    # again); CR 117.4: alice's pass no longer counts (an action came between).
    bolt2 = BOLT.replace('"Bolt"', '"Bolt2"').replace(',"alice")', ',"bob")')
    steps = trace(BOLT + bolt2 + 'script(1,pass("alice")). script(2,cast("bob","Bolt2",ts("alice"),auto,none)).',
                  'step(main1). life("bob",20). zone("Bolt",stack). stack("Bolt",1). target("Bolt",1,"bob"). '
                  'prio_to("alice"). zone("Bolt2",hand). pool("bob",r,1). next(1).', 2)
    assert steps == [
        [['added(next(2))', 'added(passed("alice"))', 'added(prio_to("bob"))', 'cites("priority.pass",1)',
          'decision("alice",priority,0)', 'dropped(next(1))', 'dropped(prio_to("alice"))', 'happened(1)',
          'has_priority("alice",0)', 'occurs(pass("alice"),1)', 'stack_size(1,0)']],
        [['added(next(3))', 'added(stack("Bolt2",2))', 'added(target("Bolt2",1,"alice"))',
          'added(zone("Bolt2",stack))', 'cites("cast.pay",1)', 'cites("priority.after-action",1)',
          'cites("stack.lifo",1)', 'cites("timing.cast",1)', 'decision("bob",priority,0)', 'dropped(next(2))',
          'dropped(passed("alice"))', 'dropped(pool("bob",r,1))', 'dropped(zone("Bolt2",hand))', 'happened(1)',
          'has_priority("bob",0)', 'occurs(cast("bob","Bolt2",ts("alice"),auto,none),1)', 'stack_size(1,0)']],
        [['decision("bob",priority,0)', 'has_priority("bob",0)', 'stack_size(2,0)',
          'stop(needs("bob",priority),0)', 'stopped(0)']]]


def test_a_spell_whose_only_target_is_gone_does_not_resolve():
    # Bolt targeting Grizzly Bears, which is no longer on the battlefield. CR 608.2b: with its
    # only target illegal it does not resolve (no damage, no instruction followed) and goes to
    # its owner's graveyard; then the active player receives priority (117.3b).
    bear = ('object("Bear"). owner("Bear","bob"). controller("Bear","bob"). name("Bear","Grizzly Bears"). '
            'is("Bear",creature). power("Bear",2). toughness("Bear",2).')
    steps = trace(BOLT + bear, 'step(main1). life("bob",20). zone("Bolt",stack). stack("Bolt",1). '
                  'target("Bolt",1,"Bear"). zone("Bear",graveyard). all_passed. passed("alice"). passed("bob").', 2)
    assert without_stack_size(steps[1]) == [[
        'added(knows("alice","Bolt"))', 'added(knows("bob","Bolt"))', 'added(prio_to("alice"))',
        'added(zone("Bolt",graveyard))', 'cites("priority.after-resolution",1)',
        'cites("resolve.illegal-targets",1)', 'cites("resolve.to-graveyard",1)', 'dropped(resolving("Bolt",1))',
        'dropped(target("Bolt",1,"Bear"))', 'dropped(zone("Bolt",stack))', 'happened(1)',
        'instr_of("Bolt",1,damage(3,target),0)', 'occurs(finish("Bolt"),1)']]


def test_both_players_losing_at_once_is_a_draw_not_a_win():
    # CR 704.5a for both at once (704.3: one event); CR 104.4a: nobody remains, a draw.
    steps = trace("", 'step(main1). prio_to("alice"). life("bob",0). life("alice",-1).', 2)
    assert steps[0] == [[
        'added(lost("alice"))', 'added(lost("bob"))', 'cites("priority.checks-first",1)',
        'cites("sba.simultaneous",1)', 'cites("sba.zero-life",1)', 'happened(1)', 'occurs(sba_check,1)',
        'sba(lose("alice",zero_life),0)', 'sba(lose("bob",zero_life),0)', 'stack_size(0,0)']]
    assert 'cites_stop("game.last-player-wins",0)' not in steps[1][0]


def test_drawing_from_an_empty_library_loses_at_the_next_check():
    # alice's upkeep ends with her library empty (all passed). CR 504.1: the draw step begins
    # with her draw (a turn-based action, before priority: 117.3a); 121.1: she draws from an
    # empty library, CR 704.5b: she loses at the next check, before she would get priority.
    steps = trace("", 'life("bob",20). step(upkeep). all_passed. passed("alice"). passed("bob").', 3)
    assert steps[:3] == [
        [['added(due(draw,1))', 'added(prio_to("alice"))', 'added(step(draw))', 'cites("priority.active-first",1)',
          'cites("priority.step-ends-all-pass",1)', 'cites("turn.phase-order",1)', 'dropped(all_passed)',
          'dropped(passed("alice"))', 'dropped(passed("bob"))', 'dropped(step(upkeep))', 'happened(1)',
          'occurs(end_step(upkeep),1)', 'stack_size(0,0)']],
        [['added(drew_from_empty("alice"))', 'cites("draw.one",1)', 'cites("turn.draw",1)', 'dropped(due(draw,1))',
          'happened(1)', 'occurs(draw_step_draw("alice"),1)', 'stack_size(0,0)']],
        [['added(lost("alice"))', 'cites("priority.checks-first",1)', 'cites("sba.draw-empty-library",1)',
          'cites("sba.simultaneous",1)', 'dropped(drew_from_empty("alice"))', 'happened(1)', 'occurs(sba_check,1)',
          'sba(lose("alice",empty_library),0)', 'stack_size(0,0)']]]


def test_cleanup_then_the_next_players_untap_and_upkeep():
    # alice's cleanup with its damage removal due: CR 514.2 (damage removed), 514.3 (no priority:
    # the step ends), the next turn is bob's (turn 3), CR 502.3 (bob untaps the permanents he
    # controls, not alice's), 502.4/117.3a (no priority in untap; bob receives it in his upkeep).
    static = '''object("F"). owner("F","alice"). controller("F","alice"). name("F","Forest"). is("F",land).
    object("G"). owner("G","bob"). controller("G","bob"). name("G","Forest"). is("G",land).
    object("Bear"). owner("Bear","bob"). controller("Bear","bob"). name("Bear","Grizzly Bears").
    is("Bear",creature). power("Bear",2). toughness("Bear",2).'''
    state = ('life("bob",20). step(cleanup). due(clear,2). zone("F",battlefield). since("F",1). tapped("F"). '
             'zone("G",battlefield). since("G",2). tapped("G"). zone("Bear",battlefield). since("Bear",3). '
             'damage("Bear",1). tapped("Bear").')
    assert trace(static, state, 4) == [
        [['cites("cleanup.damage-removed",1)', 'dropped(damage("Bear",1))', 'dropped(due(clear,2))', 'happened(1)',
          'occurs(cleanup_clear,1)', 'stack_size(0,0)']],
        [['added(active("bob"))', 'added(due(untap,1))', 'added(step(untap))', 'added(turn(3))',
          'cites("turn.cleanup-no-priority",1)', 'cites("turn.phase-order",1)', 'dropped(active("alice"))',
          'dropped(step(cleanup))', 'dropped(turn(2))', 'happened(1)', 'occurs(end_step(cleanup),1)',
          'stack_size(0,0)']],
        [['cites("turn.untap",1)', 'dropped(due(untap,1))', 'dropped(tapped("Bear"))', 'dropped(tapped("G"))',
          'happened(1)', 'occurs(untap("bob"),1)', 'stack_size(0,0)']],
        [['added(prio_to("bob"))', 'added(step(upkeep))', 'cites("priority.active-first",1)',
          'cites("turn.no-priority-untap",1)', 'cites("turn.phase-order",1)', 'cites("turn.upkeep",1)',
          'dropped(step(untap))', 'happened(1)', 'occurs(end_step(untap),1)', 'stack_size(0,0)']],
        [['decision("bob",priority,0)', 'has_priority("bob",0)', 'stack_size(0,0)', 'stop(needs("bob",priority),0)',
          'stopped(0)']]]
