"""Exact answer sets of runs.lp (MTR 4.3 sequencing on the core's step program) on toy blocks.

The step program is the one sequencing runs (the core's action theory, runs.lp, the universe),
built from hand-written facts; each test lists every answer of a step in one of its two modes:
the performed run (``performing(L)``: line L done literally) and the correct run
(``correct_run``: the game's own events, the rules' order, the lines answering its choices). The
expectations come from the CR (608.2c: instructions in written order; 117.x priority; 500.5)
and from CORE.md's account of acts and lines (which line an act or a pick is matched to).

The toy spell, Recall (alice's sorcery, resolving): "return a creature card from your graveyard
to your hand, then draw a card"; alice's graveyard holds Grizzly Bears and Llanowar Elves, her
library two cards nobody has seen.
"""
from __future__ import annotations

import functools

from answer_sets import Steps

from mtgrules.encodings.game import THEORY

PROGRAM = (*THEORY, "sequencing/runs", "game/universe")
BASE_CHOICES = ("implicit_tap", "line_dest")  # runs.lp's choices shown without a time
LEAVE_OUT = frozenset({"started", "ended", "step_at", "names", "power_at", "toughness_at", "kw_at"})

PLAYERS = 'player("alice"). seat("alice",0). player("bob"). seat("bob",1). '
RECALL = PLAYERS + '''
object("X"). owner("X","alice"). controller("X","alice"). name("X","Recall"). is("X",sorcery). speed("X",sorcery).
instr(spell("X"),1,return(you,creature,1)). instr(spell("X"),2,draw(you,1)).
object("Bears"). owner("Bears","alice"). controller("Bears","alice"). name("Bears","Grizzly Bears").
is("Bears",creature). speed("Bears",sorcery).
object("Elves"). owner("Elves","alice"). controller("Elves","alice"). name("Elves","Llanowar Elves").
is("Elves",creature). speed("Elves",sorcery).
object("L1"). owner("L1","alice"). controller("L1","alice"). libpos("L1",1).
object("L2"). owner("L2","alice"). controller("L2","alice"). libpos("L2",2).
situation(resolving("X")).
'''
# Everyone passed with Recall on the stack (how a `resolving` situation starts).
RESOLVING = '''step(main1). active("alice"). turn(2). life("alice",20). life("bob",20). lands("alice",0).
lands("bob",0). zone("X",stack). stack("X",1). zone("Bears",graveyard). zone("Elves",graveyard).
zone("L1",library). zone("L2",library). all_passed.'''
IN_ORDER = 'lines(2). line(1,"alice",return,1). script_list(1,1,"Bears"). line(2,"alice",draw,1).'
DRAW_FIRST = 'lines(2). line(1,"alice",draw,1). line(2,"alice",return,1). script_list(2,1,"Bears").'

RETURN_BEARS = ['added(knows("alice","Bears"))', 'added(knows("bob","Bears"))', 'added(zone("Bears",hand))',
                'dropped(zone("Bears",graveyard))']
DRAW_L1 = ['added(knows("alice","L1"))', 'added(zone("L1",hand))', 'dropped(zone("L1",library))',
           'learns("alice","L1",1)', 'learns("alice",1)']


def steps(static: str, lines: str, state: str) -> Steps:
    return Steps(PROGRAM, static + lines, state, untimed=BASE_CHOICES, leave_out=LEAVE_OUT)


def performed(lines: str, n: int) -> list[list[list[str]]]:
    """Every answer of each step of the performed run: line k at step k, then a step with none."""
    run = steps(RECALL, lines, RESOLVING)
    out = []
    for k in range(1, n + 2):
        others = tuple(f"performing({j})" for j in range(1, n + 1) if j != k)
        out.append(run.answers(assume=(f"performing({k})",) if k <= n else (), deny=("correct_run", *others)))
        if k <= n:
            run.take(0)
    return out


def correct(static: str, lines: str, state: str, n: int, events: int,
            first: int | None = None) -> list[list[list[str]]]:
    """Every answer of each step of the correct run (from time n+1; the ``first``-th answer of
    the first step taken, else the only one), up to ``events`` events or where it stops."""
    run = steps(static, lines, state)
    run.now = n + 1
    deny = tuple(f"performing({k})" for k in range(1, n + 1))
    out = []
    for k in range(events + 1):
        answers = run.answers(assume=("correct_run",), deny=deny)
        out.append(answers)
        if any("stopped(0)" in a for a in answers):
            break
        run.take(first if k == 0 and first is not None else 0)
    return out


# ---- The performed run: each line literally, in the order performed ------------------------------
def test_the_performed_run_does_each_line_as_it_says_in_the_order_performed():
    # MTR 4.3: the block's lines executed literally: the return moves Grizzly Bears to the hand
    # (seen by both, it leaves a public zone), the draw shows alice the top card; Recall stays on
    # the stack (no line puts it anywhere) and nothing is matched or cited (no rule acts).
    assert performed(IN_ORDER, 2) == [
        [sorted([*RETURN_BEARS, 'happened(1)', 'occurs(line(1),1)', 'stack_size(1,0)'])],
        [sorted([*DRAW_L1, 'happened(1)', 'occurs(line(2),1)', 'stack_size(1,0)'])],
        [['stack_size(1,0)']]]  # no line: no event, the base choices' step (none here)


def test_a_line_performed_out_of_the_rules_order_is_done_where_it_is_said():
    # The draw said first: alice learns the drawn card at the first step, before the return.
    assert performed(DRAW_FIRST, 2) == [
        [sorted([*DRAW_L1, 'happened(1)', 'occurs(line(1),1)', 'stack_size(1,0)'])],
        [sorted([*RETURN_BEARS, 'happened(1)', 'occurs(line(2),1)', 'stack_size(1,0)'])],
        [['stack_size(1,0)']]]


# ---- The correct run: the rules' order, the lines answering its choices ---------------------------
@functools.cache
def recall_in_order() -> list[list[list[str]]]:
    return correct(RECALL, IN_ORDER, RESOLVING, 2, 5)


def test_the_correct_run_first_resolves_the_top_object():
    # CR 117.4, 405.5 (all passed: the top object resolves); the time is the correct run's own.
    assert recall_in_order()[0] == [[
        'added(resolving("X",1))', 'cites("stack.resolve-all-pass",1)', 'dropped(all_passed)',
        'dropped(stack("X",1))', 'happened(1)', 'occurs(resolve("X"),1)', 'stack_size(1,0)']]


# While X resolves it is still on the stack (CR 608.2n: it leaves as the last step): one object.
RETURN_PICK = ['cand_kind("X",1,"alice","Grizzly Bears",0)', 'cand_kind("X",1,"alice","Llanowar Elves",0)',
               'cites("resolve.written-order",1)', 'dropped(resolving("X",1))', 'during("X",1)', 'happened(1)',
               'instr_of("X",1,return(you,creature,1),0)', 'picker("X",1,"alice","alice",0)',
               'real_choice("X",1,"alice",0)', 'stack_size(1,0)', 'added(resolving("X",2))']


def test_the_first_instruction_is_a_choice_answered_by_the_return_line():
    # CR 608.2c: the first instruction first; it asks alice to choose between two cards she can
    # tell apart (a real choice, CORE.md); the line saying it answers it and is used.
    assert recall_in_order()[1] == [sorted([
        *RETURN_BEARS, *RETURN_PICK, 'added(used(1))', 'answer("X",1,"alice",1,0)', 'matched(1,1)',
        'occurs(choose("alice","X",1,1),1)'])]


DRAW_ACT = ['cites("draw.one",1)', 'cites("resolve.written-order",1)', 'dropped(resolving("X",2))',
            'during("X",1)', 'happened(1)', 'instr_of("X",2,draw(you,1),0)', 'occurs(do("X",2),1)',
            'stack_size(1,0)', 'added(resolving("X",3))']


def test_the_draw_is_an_act_matched_to_the_draw_line():
    # CR 608.2c, 121.1: then alice draws the top card (one nobody has seen), learning it.
    assert recall_in_order()[2] == [sorted([*DRAW_L1, *DRAW_ACT, 'added(used(2))', 'matched(2,1)'])]


FINISH = ['added(knows("alice","X"))', 'added(knows("bob","X"))', 'added(prio_to("alice"))',
          'added(situation_done)', 'added(zone("X",graveyard))', 'cites("priority.after-resolution",1)',
          'cites("resolve.to-graveyard",1)', 'dropped(resolving("X",3))', 'dropped(zone("X",stack))',
          'happened(1)', 'implicit("alice",to_graveyard,"Recall",1)', 'occurs(finish("X"),1)',
          'stack_size(1,0)']


def test_the_sorcery_goes_to_the_graveyard_unsaid_and_the_block_ends_at_priority():
    # CR 608.2n (into its owner's graveyard: an act a block may leave unsaid, CORE.md), 117.3b
    # (the active player receives priority): the situation is done and the run stops there.
    assert recall_in_order()[3:] == [
        [FINISH],
        [['decision("alice",priority,0)', 'has_priority("alice",0)', 'stack_size(0,0)', 'stop(block_end,0)',
          'stopped(0)']]]


def test_lines_said_out_of_order_are_matched_to_the_acts_of_the_rules_order():
    # The correct run still returns first and draws second (CR 608.2c): the return pick is
    # answered by line 2, the draw matched to line 1.
    run = correct(RECALL, DRAW_FIRST, RESOLVING, 2, 3)
    assert run[1:3] == [
        [sorted([*RETURN_BEARS, *RETURN_PICK, 'added(used(2))', 'answer("X",1,"alice",2,0)', 'matched(2,1)',
                 'occurs(choose("alice","X",1,2),1)'])],
        [sorted([*DRAW_L1, *DRAW_ACT, 'added(used(1))', 'matched(1,1)'])]]


def test_an_illegal_pick_is_replaced_by_any_legal_pick():
    # "alice returns" a card from her library: not a creature card in her graveyard, so the
    # line is illegal there (MTR 4.3 legal-in-order) and the correct run, a legal game, has
    # alice return either creature card instead: both answers, each marking the line illegal.
    lines = 'lines(2). line(1,"alice",return,1). script_list(1,1,"L2"). line(2,"alice",draw,1).'
    answers = correct(RECALL, lines, RESOLVING, 2, 1)[1]
    shared = [*RETURN_PICK, 'added(used(1))', 'answer("X",1,"alice",1,0)', 'illegal_pick(1,0)', 'matched(1,1)',
              'occurs(choose("alice","X",1,instead),1)']
    assert answers == sorted([
        sorted([*shared, *RETURN_BEARS]),
        sorted([*shared, 'added(knows("alice","Elves"))', 'added(knows("bob","Elves"))',
                'added(zone("Elves",hand))', 'dropped(zone("Elves",graveyard))'])])


def test_an_act_no_line_says_is_forgotten():
    # Only the return said: the draw still happens (the rules' run) and is forgotten
    # (MTR 4.3 nothing added or forgotten); the return is line 1 as before.
    run = correct(RECALL, 'lines(1). line(1,"alice",return,1). script_list(1,1,"Bears").', RESOLVING, 1, 3)
    assert run[2] == [sorted([*DRAW_L1, *DRAW_ACT, 'forgotten(act("alice",draw,1),1)'])]


# ---- Priority inside a block: acting or passing -----------------------------------------------------
UPKEEP = PLAYERS + '''object("Forest"). owner("Forest","alice"). controller("Forest","alice"). name("Forest","Forest").
is("Forest",land). super("Forest",basic). mana_ability("Forest",g). situation(steps(upkeep)).'''
UPKEEP_STATE = '''step(upkeep). active("alice"). turn(2). life("alice",20). life("bob",20). lands("alice",0).
lands("bob",0). zone("Forest",battlefield). since("Forest",1). prio_to("alice").'''
TAP = 'lines(1). line(1,"alice",tap_mana,1). script_list(1,1,"Forest").'


def test_with_priority_a_player_may_take_their_action_of_the_block_or_pass():
    # CR 117.1, 117.3d: alice, with priority in her upkeep, may activate the Forest's mana
    # ability (CR 605.3b: no stack; 106.4: the mana in her pool) or pass to bob: two answers.
    prio = ['decision("alice",priority,0)', 'has_priority("alice",0)', 'happened(1)', 'stack_size(0,0)']
    assert correct(UPKEEP, TAP, UPKEEP_STATE, 1, 0)[0] == sorted([
        sorted([*prio, 'added(passed("alice"))', 'added(prio_to("bob"))', 'cites("priority.pass",1)',
                'dropped(prio_to("alice"))', 'occurs(pass("alice"),1)']),
        sorted([*prio, 'added(pool("alice",g,1))', 'added(tapped("Forest"))', 'added(used(1))',
                'cites("mana-ability.no-stack",1)', 'cites("mana.pool",1)', 'matched(1,1)',
                'occurs(mana("alice","Forest"),1)'])])


def test_once_the_block_has_acted_the_players_pass_and_the_step_ends_emptying_mana():
    # After the mana ability (the second answer above) no line is left to take: every player
    # passes in turn (one event, CR 117.4), the upkeep ends (500.2), its mana empties (500.5),
    # the draw step begins with its draw due (504.1), and the situation (the upkeep) is done.
    run = correct(UPKEEP, TAP, UPKEEP_STATE, 1, 3, first=1)
    held = ['holds(pool("alice",g,1),0)', 'holds(tapped("Forest"),0)']
    assert run[1:] == [
        [sorted([*held, 'added(all_passed)', 'cites("priority.pass",1)', 'cites("priority.step-ends-all-pass",1)',
                 'decision("alice",priority,0)', 'dropped(prio_to("alice"))', 'happened(1)',
                 'has_priority("alice",0)', 'occurs(pass_round("alice"),1)', 'stack_size(0,0)'])],
        [sorted([*held, 'added(due(draw,1))', 'added(prio_to("alice"))', 'added(situation_done)',
                 'added(step(draw))', 'cites("mana.empties-step",1)', 'cites("priority.active-first",1)',
                 'cites("priority.step-ends-all-pass",1)', 'cites("turn.phase-order",1)', 'dropped(all_passed)',
                 'dropped(pool("alice",g,1))', 'dropped(step(upkeep))', 'happened(1)',
                 'occurs(end_step(upkeep),1)', 'stack_size(0,0)'])],
        [['holds(tapped("Forest"),0)', 'stack_size(0,0)', 'stop(block_end,0)', 'stopped(0)']]]


# ---- A spell cast inside a block: the caster's mana lines first -------------------------------------
CAST = PLAYERS + '''object("Forest"). owner("Forest","alice"). controller("Forest","alice"). name("Forest","Forest").
is("Forest",land). super("Forest",basic). mana_ability("Forest",g).
object("X"). owner("X","alice"). controller("X","alice"). name("X","Growth"). is("X",sorcery). speed("X",sorcery).
cost("X",g,1). instr(spell("X"),1,gain(you,1)). situation(casting("X",none)).'''
CAST_STATE = '''step(main1). active("alice"). turn(2). life("alice",20). life("bob",20). lands("alice",0).
lands("bob",0). zone("Forest",battlefield). since("Forest",1). zone("X",hand). prio_to("alice").'''
CAST_LINES = 'lines(2). line(1,"alice",gain,1). line(2,"alice",tap_mana,1). script_list(2,1,"Forest").'


def test_a_cast_inside_a_block_waits_for_the_casters_mana_lines_which_she_takes_at_once():
    # CR 605.3a: a mana ability may be activated with priority (605.3b: no stack; 106.4: the
    # mana in her pool); the spell's cost is then paid from the pool (CR 601.2h). With the cast
    # pending, alice's one answer is her tap line (said second: the mana comes first whatever
    # its place) — no pass, no cast yet.
    assert correct(CAST, CAST_LINES, CAST_STATE, 2, 0)[0] == [sorted([
        'added(pool("alice",g,1))', 'added(tapped("Forest"))', 'added(used(2))', 'cites("mana-ability.no-stack",1)',
        'cites("mana.pool",1)', 'decision("alice",priority,0)', 'happened(1)', 'has_priority("alice",0)',
        'matched(2,1)', 'occurs(mana("alice","Forest"),1)', 'stack_size(0,0)'])]


def test_with_its_mana_made_the_spell_is_cast_from_the_pool():
    # Then the cast (CR 601.2h: the pool pays {G}; sorcery timing; on top of the stack, and
    # alice gets priority back, 117.3c).
    assert correct(CAST, CAST_LINES, CAST_STATE, 2, 1)[1] == [sorted([
        'added(stack("X",1))', 'added(zone("X",stack))', 'cites("cast.pay",1)', 'cites("priority.after-action",1)',
        'cites("sorcery.timing",1)', 'cites("stack.lifo",1)', 'cites("timing.cast",1)', 'decision("alice",priority,0)',
        'dropped(pool("alice",g,1))', 'dropped(zone("X",hand))', 'happened(1)', 'has_priority("alice",0)',
        'holds(pool("alice",g,1),0)', 'holds(tapped("Forest"),0)', 'occurs(cast("alice","X",none,auto,none),1)',
        'stack_size(0,0)'])]
