"""Exact optimal answer sets of judge.lp (the five conditions of MTR 4.3) on hand-written runs.

judge.lp reads the finished runs as facts (CORE.md, the top of judge.lp): one ``combination``,
the performed run's and the correct run's trees (``root``, ``step``, ``at``, ``leads``,
``ends``, the end state as ``holds`` at the end), with the block's static facts. Here they are
written by hand for the toy block of runs' tests: alice resolves Recall ("return a creature card
from your graveyard to your hand, then draw a card") with Grizzly Bears and Llanowar Elves in her
graveyard and two cards nobody has seen in her library. Each test lists every optimal answer
set: the conditions failed (``fails``), the run taken (``taken``), and what the verdict says of
each failure. The expectations come from MTR 4.3 and DESIGN §5.4.
"""
from __future__ import annotations

from answer_sets import optimal_answer_sets

STATIC = '''player("alice"). player("bob"). hidden_zone(library). hidden_zone(hand).
colour(w;u;b;r;g;c). situation(resolving("X")).
owner("X","alice"). owner("Bears","alice"). owner("Elves","alice"). owner("L1","alice"). owner("L2","alice").
controller("X","alice"). controller("Bears","alice"). controller("Elves","alice").
controller("L1","alice"). controller("L2","alice").
obj_kind("X","Recall"). obj_kind("Bears","Grizzly Bears"). obj_kind("Elves","Llanowar Elves").
obj_kind("L1",unnamed). obj_kind("L2",unnamed).
'''
RETURN_BEARS = 'line(1,"alice",return,1). script_list(1,1,"Bears"). line(2,"alice",draw,1).'
DRAW_FIRST = 'line(1,"alice",draw,1). line(2,"alice",return,1). script_list(2,1,"Bears").'

START = ['life("alice",20)', 'life("bob",20)']
# The end states: Bears returned and the top card drawn, Recall in the graveyard (the correct
# run) or left on the stack (the performed run: no line moved it; it is compared out).
RETURNED_AND_DREW = [*START, 'zone("Bears",hand)', 'zone("Elves",graveyard)', 'zone("L1",hand)',
                     'zone("L2",library)', 'knows("alice","Bears")', 'knows("bob","Bears")', 'knows("alice","L1")']
PERFORMED_END = [*RETURNED_AND_DREW, 'zone("X",stack)']
CORRECT_END = [*RETURNED_AND_DREW, 'zone("X",graveyard)']


def run(root: int, first: int, t0: int, steps: list[list[str]], end: list[str]) -> str:
    """A run with one answer at each node: node ``root+i`` (time ``t0+i``) has step
    ``first+i`` with the atoms ``steps[i]`` and leads to the next; one more step ends it there
    with the state ``end``."""
    out = [f"root(1,{root})."]
    for i, atoms in enumerate([*steps, None]):
        s, node, t = first + i, root + i, t0 + i
        out.append(f"step({s},{node}).")
        if atoms is None:
            out.append(f"ends({s},{t}).")
            out += [f"at({s},holds({f},{t}))." for f in end]
        else:
            out.append(f"leads({s},{node + 1}).")
            out += [f"at({s},{a})." for a in atoms]
    return "\n".join(out)


# The performed run: line k at time k (n = 2).
def performed(learns_at: int, end: list[str] = PERFORMED_END) -> str:
    steps = [[f"occurs(line({k}),{k})"] for k in (1, 2)]
    steps[learns_at - 1] += [f'learns("alice",{learns_at})', f'learns("alice","L1",{learns_at})']
    return run(1, 1, 0, steps, end)


def return_pick(line: int) -> list[str]:
    """The correct run's pick for Recall's first instruction (at 4, its act at 5), by ``line``."""
    return ['instr_of("X",1,return(you,creature,1),4)', 'real_choice("X",1,"alice",4)',
            'picker("X",1,"alice","alice",4)', 'cand_kind("X",1,"alice","Grizzly Bears",4)',
            'cand_kind("X",1,"alice","Llanowar Elves",4)', f'answer("X",1,"alice",{line},4)',
            f'occurs(choose("alice","X",1,{line}),5)', f'matched({line},5)', 'during("X",5)']


def draw_act(line: int | None) -> list[str]:
    """Its second instruction: alice draws at 6 (matched to ``line``, or forgotten)."""
    said = [f"matched({line},6)"] if line else ['forgotten(act("alice",draw,1),6)']
    return ['instr_of("X",2,draw(you,1),5)', 'occurs(do("X",2),6)', 'during("X",6)', 'learns("alice",6)',
            'learns("alice","L1",6)', *said]


def correct(return_line: int | str, draw_line: int | None, end: list[str] = CORRECT_END) -> str:
    """The correct run from 3 (n+1): resolve, the return, the draw, Recall to the graveyard,
    alice's priority (where it stops)."""
    pick = return_pick(return_line) if isinstance(return_line, int) else []
    steps = [['occurs(resolve("X"),4)'], pick, draw_act(draw_line), ['occurs(finish("X"),7)']]
    body = run(5, 5, 3, steps, end)
    return body + '\nat(9,has_priority("alice",7)).'


MTR = 'judged_by("mtr.out-of-order")'


def judge(facts: str, n: int = 2) -> list[list[str]]:
    """The optimal answer sets, less the citation of MTR 4.3 that every one of them holds
    (checked here for all the cases)."""
    found = optimal_answer_sets("sequencing/judge", STATIC + "combination(1).\n" + f"lines({n}).\n" + facts,
                                (("judge", n),))
    assert all(MTR in model for model in found), found
    return [[atom for atom in model if atom != MTR] for model in found]


TAKEN = [f"taken({s})" for s in (1, 2, 3, 5, 6, 7, 8, 9)]  # performed: steps 1-3; correct: 5-9
PERFORMED_AT = ["performed_at(1,1)", "performed_at(2,2)"]


def test_a_block_in_the_rules_order_stands():
    # MTR 4.3: every line legal where the correct run does it, the same end (Recall's own zone
    # compared out), nothing learned early, no pause, nothing added or forgotten.
    assert judge(RETURN_BEARS + performed(2) + correct(1, 2)) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(1,5)", "matched(2,6)"])]


def test_drawing_before_choosing_among_cards_told_apart_is_a_leak():
    # MTR 4.3 (the Cruel Ultimatum case): alice saw the drawn card before choosing between two
    # creature cards she can tell apart, though the rules have her choose first.
    assert judge(DRAW_FIRST + performed(1) + correct(2, 1)) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)", "fails(no_leak)", "leak(2,1)",
        'shown(1,"alice",1)', 'options_of(2,"Grizzly Bears")', 'options_of(2,"Llanowar Elves")'])]


def test_no_leak_when_the_choice_had_one_option_told_apart():
    # DESIGN §5.4 (no-leak): a choice with at most one option its chooser could tell apart
    # gains nothing from what was learned early: only Grizzly Bears in the graveyard (the
    # correct run's pick lists one kind of card) and the block stands.
    facts = (DRAW_FIRST + performed(1) + correct(2, 1)).replace(
        'at(6,cand_kind("X",1,"alice","Llanowar Elves",4)).\n', "").replace('at(6,real_choice("X",1,"alice",4)).\n', "")
    assert judge(facts) == [sorted([*TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)"])]


def test_no_leak_when_the_chooser_knew_the_card_anyway_when_choosing_in_the_correct_run():
    # MTR 4.3's no-leak asks what the chooser knew when choosing, in each run: here the correct
    # run shows alice already knowing the card the early draw showed her (as a reveal the rules
    # put first would), so the draw said first told her nothing and the block stands.
    facts = (DRAW_FIRST + performed(1) + correct(2, 1)).replace(
        'at(6,answer("X",1,"alice",2,4)).', 'at(6,answer("X",1,"alice",2,4)).\nat(6,holds(knows("alice","L1"),4)).')
    assert 'holds(knows("alice","L1"),4)' in facts
    assert judge(facts) == [sorted([*TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)"])]


def test_the_leak_stands_when_the_chooser_knew_another_card_only():
    # The same, the chooser knowing some other card at the choice: the drawn card was news.
    facts = (DRAW_FIRST + performed(1) + correct(2, 1)).replace(
        'at(6,answer("X",1,"alice",2,4)).', 'at(6,answer("X",1,"alice",2,4)).\nat(6,holds(knows("alice","L2"),4)).')
    assert 'holds(knows("alice","L2"),4)' in facts
    assert judge(facts) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)", "fails(no_leak)", "leak(2,1)",
        'shown(1,"alice",1)', 'options_of(2,"Grizzly Bears")', 'options_of(2,"Llanowar Elves")'])]


def test_a_spell_that_can_not_be_paid_for_fails_legal_in_order_and_nothing_else_is_judged():
    # CR 601.2h: where runs.lp stops the correct run because the spell's cost can't be paid
    # (stop(unpaid(X,mana))), no legal game performs the block: it fails legal-in-order, and the
    # leak the same lines would show against a correct run is not judged (there is none).
    facts = DRAW_FIRST + performed(1) + correct(2, 1) + '\nat(9,stop(unpaid("X",mana),7)).'
    assert judge(facts) == [sorted([*TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)", "fails(legal_in_order)",
                                    'cast_unpaid("X",mana)'])]


def test_an_unsaid_draw_is_forgotten_and_the_ends_differ():
    # MTR 4.3: the draw is an act of the correct run no line says (nothing added or forgotten),
    # and the runs end apart: the drawn card is in alice's hand (and known to her) only in the
    # correct run, so the library holds two unnamed cards in the performed run, one in the
    # correct run (the same state as the players can tell it apart, DESIGN §5.4).
    performed_end = [f for f in PERFORMED_END if f not in ('zone("L1",hand)', 'knows("alice","L1")')]
    performed_end.append('zone("L1",library)')
    facts = ('line(1,"alice",return,1). script_list(1,1,"Bears").'
             + run(1, 1, 0, [["occurs(line(1),1)"]], performed_end) + "\n" + correct(1, None))
    assert judge(facts, n=1) == [sorted([
        "taken(1)", "taken(2)", *TAKEN[3:], "performed_at(1,1)", "matched(1,5)",
        "fails(nothing_added_or_forgotten)", 'forgot(act("alice",draw,1),6)', "fails(same_state)",
        'differs(zone("alice",library,unnamed,2))', 'differs_at(zone("alice",library,unnamed,2),1)',
        'differs(zone("alice",library,unnamed,1))', 'differs_at(zone("alice",library,unnamed,1),7)',
        'differs(zone("alice",hand,unnamed,1))', 'differs_at(zone("alice",hand,unnamed,1),7)',
        'differs(known("alice","alice",hand,unnamed,1))', 'differs_at(known("alice","alice",hand,unnamed,1),7)'])]


def test_a_line_said_after_a_pause_that_belongs_before_its_point_is_retroactive():
    # MTR 4.3 (interaction): a pause after the return line moves the game to where the block had
    # got: the next time a player would receive priority after the return (7, once Recall has
    # finished). The draw, said after the pause, belongs before that point: retroactive.
    assert judge(RETURN_BEARS + "interrupt(1,1).\n" + performed(2) + correct(1, 2)) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(1,5)", "matched(2,6)", "fails(no_interaction)",
        "point_of(1,7)", "retroactive(2,1)"])]


def test_a_pause_after_the_whole_block_changes_nothing():
    # After the last line, nothing is said after the pause: the block stands.
    assert judge(RETURN_BEARS + "interrupt(1,2).\n" + performed(2) + correct(1, 2)) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(1,5)", "matched(2,6)", "point_of(1,7)"])]


def test_an_illegal_line_fails_legal_in_order_and_the_closest_correct_run_is_taken():
    # "alice returns" a card that is in her library: illegal at the correct run's pick (MTR 4.3
    # legal-in-order); the correct run returns one of the two creature cards instead (two
    # answers of that step). The performed run's return did nothing (the card was not in the
    # graveyard), so its end differs from either; the judge prefers the correct run ending closest
    # to the performed run's (judge.lp), and both are as close: two optimal answer sets.
    performed_end = [f for f in PERFORMED_END if f not in ('zone("Bears",hand)', 'knows("alice","Bears")',
                                                           'knows("bob","Bears")')] + ['zone("Bears",graveyard)']
    pick = [a for a in return_pick(1) if not a.startswith(("occurs(choose", "matched"))]
    pick += ['occurs(choose("alice","X",1,instead),5)', 'matched(1,5)', 'illegal_pick(1,4)']
    branch = "\n".join([
        "root(1,4).", "step(4,4).", "leads(4,5).", 'at(4,occurs(resolve("X"),4)).',
        # the pick: Bears (step 5, to node 6) or Elves (step 10, to node 11)
        "step(5,5).", "leads(5,6).", *(f"at(5,{a})." for a in pick),
        "step(10,5).", "leads(10,11).", *(f"at(10,{a})." for a in pick),
    ])
    elves_end = [f.replace('"Bears"', '"Elves"') if "Bears" in f else
                 'zone("Bears",graveyard)' if f == 'zone("Elves",graveyard)' else f for f in CORRECT_END]
    after = [draw_act(2), ['occurs(finish("X"),7)']]
    bears = run(6, 6, 5, after, CORRECT_END).replace("root(1,6).", "") + '\nat(8,has_priority("alice",7)).'
    elves = run(11, 11, 5, after, elves_end).replace("root(1,11).", "") + '\nat(13,has_priority("alice",7)).'
    facts = ('line(1,"alice",return,1). script_list(1,1,"L2"). line(2,"alice",draw,1).'
             + performed(2, performed_end) + "\n" + branch + "\n" + bears + "\n" + elves)
    shared = ["taken(1)", "taken(2)", "taken(3)", "taken(4)", *PERFORMED_AT, "matched(1,5)", "matched(2,6)",
              "fails(legal_in_order)", "fails(same_state)", "illegal(1)"]
    assert judge(facts) == sorted([
        sorted([*shared, "taken(5)", "taken(6)", "taken(7)", "taken(8)",
                'differs(zone("alice",graveyard,"Grizzly Bears",1))', 'differs(zone("alice",hand,"Grizzly Bears",1))',
                'differs(known("alice","alice",hand,"Grizzly Bears",1))', 'differs(known("bob","alice",hand,"Grizzly Bears",1))',
                'differs_at(zone("alice",graveyard,"Grizzly Bears",1),2)',
                'differs_at(zone("alice",hand,"Grizzly Bears",1),7)',
                'differs_at(known("alice","alice",hand,"Grizzly Bears",1),7)',
                'differs_at(known("bob","alice",hand,"Grizzly Bears",1),7)']),
        sorted([*shared, "taken(10)", "taken(11)", "taken(12)", "taken(13)",
                'differs(zone("alice",graveyard,"Llanowar Elves",1))', 'differs(zone("alice",hand,"Llanowar Elves",1))',
                'differs(known("alice","alice",hand,"Llanowar Elves",1))',
                'differs(known("bob","alice",hand,"Llanowar Elves",1))',
                'differs_at(zone("alice",graveyard,"Llanowar Elves",1),2)',
                'differs_at(zone("alice",hand,"Llanowar Elves",1),7)',
                'differs_at(known("alice","alice",hand,"Llanowar Elves",1),7)',
                'differs_at(known("bob","alice",hand,"Llanowar Elves",1),7)'])])


def test_a_line_no_act_matches_is_added():
    # MTR 4.3 (nothing added): a third line, "alice gains 2 life", matches no act of the
    # correct run; the performed run did it, so the ends differ in alice's life too.
    facts = (RETURN_BEARS + 'line(3,"alice",gain,2).'
             + run(1, 1, 0, [["occurs(line(1),1)"], ['occurs(line(2),2)', 'learns("alice",2)',
                                                       'learns("alice","L1",2)'], ["occurs(line(3),3)"]],
                   [f if f != 'life("alice",20)' else 'life("alice",22)' for f in PERFORMED_END])
             + "\n" + correct(1, 2))
    # (the correct run's times, 3 to 7, are all later than the performed run's end, n = 3)
    assert judge(facts, n=3) == [sorted([
        *(f"taken({s})" for s in range(1, 10)), *PERFORMED_AT, "performed_at(3,3)", "matched(1,5)", "matched(2,6)", "added(3)",
        "fails(nothing_added_or_forgotten)", "fails(same_state)",
        'differs(life("alice",22))', 'differs_at(life("alice",22),3)',
        'differs(life("alice",20))', 'differs_at(life("alice",20),7)'])]


# ---- Another player's choice: seen, or kept hidden (CR 101.4a) -----------------------------------
BOBS_CARDS = '''owner("S1","bob"). owner("S2","bob"). controller("S1","bob"). controller("S2","bob").
obj_kind("S1","Shock"). obj_kind("S2","Lightning Bolt").
'''


def two_choices(bobs_line: str, bobs_instr: str, bob_learns: list[str], alice_learns: list[str],
                end: list[str]) -> str:
    """Recall's variant "return a creature card from your graveyard, then an opponent does
    ``bobs_instr``": bob's line (1) said before alice's return (2), though the rules have alice
    choose first; what each line showed in the performed run, and the end (the same in both)."""
    performed_steps = [["occurs(line(1),1)", *(a.format(t=1) for a in bob_learns + alice_learns)],
                       ["occurs(line(2),2)"]]
    bob_pick = [f'instr_of("X",2,{bobs_instr},5)', 'real_choice("X",2,"bob",5)', 'picker("X",2,"bob","bob",5)',
                'cand_kind("X",2,"bob","Shock",5)', 'cand_kind("X",2,"bob","Lightning Bolt",5)',
                'answer("X",2,"bob",1,5)', 'occurs(choose("bob","X",2,1),6)', 'matched(1,6)', 'during("X",6)',
                *(a.format(t=6) for a in bob_learns + alice_learns)]
    correct_steps = [['occurs(resolve("X"),4)'], return_pick(2), bob_pick, ['occurs(finish("X"),7)']]
    return (BOBS_CARDS + bobs_line + 'line(2,"alice",return,1). script_list(2,1,"Bears").\n'
            + run(1, 1, 0, performed_steps, [*end, 'zone("X",stack)']) + "\n"
            + run(5, 5, 3, correct_steps, [*end, 'zone("X",graveyard)']) + '\nat(9,has_priority("alice",7)).')


BEARS_BACK = [*START, 'zone("Bears",hand)', 'zone("Elves",graveyard)', 'zone("L1",library)', 'zone("L2",library)',
              'knows("alice","Bears")', 'knows("bob","Bears")']


def test_another_players_choice_seen_before_a_choice_it_could_change_is_a_leak():
    # Bob's discard (a choice between two cards he can tell apart, made public) said before
    # alice's return, which the rules have first: alice chose knowing it (DESIGN §5.4 no-leak:
    # another player's real choice informs whoever sees its outcome).
    facts = two_choices('line(1,"bob",discard,1). script_list(1,1,"S1").', "discard(each_opponent,1)",
                        [], ['learns("alice",{t})', 'learns("alice","S1",{t})'],
                        [*BEARS_BACK, 'zone("S1",graveyard)', 'zone("S2",hand)', 'knows("bob","S2")'])
    assert judge(facts) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)", "fails(no_leak)", "leak(2,1)",
        'shown(1,"alice",1)', 'options_of(2,"Grizzly Bears")', 'options_of(2,"Llanowar Elves")'])]


def test_a_pick_kept_hidden_said_early_tells_nothing():
    # Bob's search puts the card he picks into his hand, unseen: said before alice's return it
    # shows her nothing (CR 101.4a: such a choice may stay face down until all have chosen), so
    # the block stands, and the verdict names the rule that decided it.
    facts = two_choices('line(1,"bob",search,1). script_list(1,1,"S1").',
                        "search(each_opponent,card,1,hand,untapped)",
                        ['learns("bob",{t})', 'learns("bob","S1",{t})', 'learns("bob","S2",{t})'], [],
                        [*BEARS_BACK, 'zone("S1",hand)', 'zone("S2",library)', 'knows("bob","S1")',
                         'knows("bob","S2")'])
    assert judge(facts) == [sorted([
        *TAKEN, *PERFORMED_AT, "matched(2,5)", "matched(1,6)", 'judged_by("apnap.hidden-face-down")'])]
